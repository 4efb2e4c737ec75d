"""`printkit export-tts`: a kit's cards and tiles as Tabletop Simulator deck sheets.

Tabletop Simulator builds a deck from one face image holding up to 10 x 7 pieces (NumWidth x
NumHeight, row by row from the top-left) and one back image shared by every piece. printkit
makes no geometry of its own here: the placement manifest says on which page and in which box
every piece landed, the very PDF ``printkit build`` writes is rasterised (pypdfium2), and each
piece is cut out of its page. A deck with owners (a player's colour) becomes one deck per owner,
each with that owner's back; a deck without a back gets a plain back naming it.

tts.json says which image is which deck: per sheet the face and back file names, NumWidth,
NumHeight and the number of pieces on it, as Tabletop Simulator's custom deck dialog asks.

The folder (output/KIT-tts unless -o) is written whole beside its place and swapped in
(output.write_folder), as ``printkit export`` writes its own: it replaces only an earlier export.
"""

from __future__ import annotations

import io
import json
import math
from pathlib import Path
from typing import TYPE_CHECKING

import click
from msgspec import Struct
from PIL import Image, ImageDraw

from printkit import pipeline
from printkit.base.errors import PrintkitError
from printkit.base.records import replace
from printkit.base.units import MM_PER_INCH
from printkit.layout.context import Context
from printkit.layout.default_back import default_back
from printkit.layout.primitives import Box, Document, Page
from printkit.output import manifest as placements
from printkit.output.files import check_folder, write_folder
from printkit.render import pdf
from printkit.render.raster import PageImages, check_pixels
from printkit.words import icons

if TYPE_CHECKING:
    from printkit.kit.kinds import Registry


class ExportTtsOptions(Struct, frozen=True):
    """`printkit export-tts`."""

    kit: str
    lang: str | None
    folder: Path | None
    allow_placeholders: bool  # export the "no picture yet" placeholders rather than refuse them


MAX_COLS, MAX_ROWS = 10, 7  # Tabletop Simulator's largest deck sheet
MAX_SIDE = 4096  # pixels: the largest sheet side every Tabletop Simulator machine loads
BEST_DPI = 300  # no sharper than print
INDEX = "tts.json"


class Placement(Struct, frozen=True):
    """A piece's place: its page (from 1) and its cut outline's box in mm from the page's top-left corner."""

    page: int
    box: Box
    outline: tuple[tuple[float, float], ...] = ()  # a shaped piece's cut outline from the box's corner (mm)


class Deck(Struct, frozen=True):
    """The pieces of one deck and owner, in printing order, and where their shared back landed."""

    component: str
    owner: str | None
    kind: str
    faces: tuple[Placement, ...]
    back: Placement | None

    @property
    def name(self) -> str:
        return self.component if self.owner is None else f"{self.component}-{self.owner}"


class SheetGrid(Struct, frozen=True):
    """How a deck's pieces are laid out on its sheets: columns, rows, pieces per sheet, resolution."""

    cols: int
    rows: int
    dpi: int
    piece_px: tuple[int, int]

    @property
    def capacity(self) -> int:
        return self.cols * self.rows

    @property
    def size_px(self) -> tuple[int, int]:
        return self.cols * self.piece_px[0], self.rows * self.piece_px[1]


def decks(manifest: dict, pieces: Registry) -> list[Deck]:
    """Every deck in the manifest (its pieces those ``pieces`` exports: cards and tiles), one per
    owner, faces in printing order."""
    faces: dict[tuple, list[Placement]] = {}
    backs: dict[tuple, Placement] = {}
    kinds: dict[tuple, str] = {}
    for row in manifest["pieces"]:
        if not pieces.exported(row["kind"]):
            continue
        key = (row["deck"], row.get("owner"))
        place = Placement(row["page"], Box(row["x"], row["y"], row["width"], row["height"]), outline_of(row))
        if row["side"] == "back":
            backs.setdefault(key, place)
        else:
            faces.setdefault(key, []).append(place)
            kinds[key] = row["kind"]
    return [Deck(key[0], key[1], kinds[key], tuple(places), backs.get(key)) for key, places in faces.items()]


def outline_of(row: dict) -> tuple[tuple[float, float], ...]:
    """A hexagonal piece's cut outline from its box's corner: its image is white outside it, so a
    neighbour nested into its box does not show (a rectangle's outline is its box: none)."""
    if row.get("cut") != "hexagon":
        return ()
    return tuple((x - row["x"], y - row["y"]) for x, y in row["outline"])


def pixels(mm: float, dpi: int) -> int:
    return round(mm / MM_PER_INCH * dpi)


def sheet_grid(count: int, width: float, height: float) -> SheetGrid:
    """The sheet layout that shows the pieces sharpest within MAX_SIDE, then wastes fewest places.

    ``count`` pieces of ``width`` x ``height`` mm; more than a sheet holds go on further sheets of
    the same grid.
    """
    best: tuple | None = None
    per_sheet = min(count, MAX_COLS * MAX_ROWS)
    for cols in range(1, MAX_COLS + 1):
        rows = math.ceil(per_sheet / cols)
        if rows > MAX_ROWS:
            continue
        dpi = largest_dpi(cols, rows, width, height)
        if dpi < 1:
            continue
        rank = (dpi, -(cols * rows - per_sheet), cols)
        if best is None or rank > best[0]:
            best = (rank, SheetGrid(cols, rows, dpi, (pixels(width, dpi), pixels(height, dpi))))
    if best is None:
        raise PrintkitError(f"a {width:g} × {height:g} mm piece does not fit a {MAX_SIDE} px Tabletop Simulator sheet")
    return best[1]


def largest_dpi(cols: int, rows: int, width: float, height: float) -> int:
    """The highest resolution, at most BEST_DPI, at which cols x rows pieces stay within MAX_SIDE."""
    dpi = min(BEST_DPI, math.floor(MAX_SIDE * MM_PER_INCH / max(cols * width, rows * height)))
    while dpi > 0 and max(cols * pixels(width, dpi), rows * pixels(height, dpi)) > MAX_SIDE:
        dpi -= 1
    return dpi


def plain_back(width: float, height: float, title: str) -> Document:
    """A back for a deck that has none (layout.default_back, the shop export's too), as a one-page document."""
    return Document(
        (Page(width, height, "back", None, default_back(width, height, title)),), title=title, author="", lang=""
    )


# --- rasterising and writing -----------------------------------------------------------------


class Pages(PageImages):
    """The PDF's pages as images, the last one kept only: a deck's pieces come in page order, so
    each page is drawn once a deck (raster_sizes counts it so) and memory holds one page."""

    def piece(self, place: Placement, grid: SheetGrid):
        left, top = pixels(place.box.x, grid.dpi), pixels(place.box.y, grid.dpi)
        image = self.image(place.page, grid.dpi).crop((left, top, left + grid.piece_px[0], top + grid.piece_px[1]))
        return masked(image, place, grid) if place.outline else image


def masked(image, place: Placement, grid: SheetGrid):
    """The piece's image, white outside its cut outline."""
    scale_x, scale_y = grid.piece_px[0] / place.box.w, grid.piece_px[1] / place.box.h
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).polygon([(x * scale_x, y * scale_y) for x, y in place.outline], fill=255)
    white = Image.new("RGB", image.size, "white")
    return Image.composite(image, white, mask)


def png(image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False)
    return buffer.getvalue()


def sheet_image(pages: Pages, places: tuple[Placement, ...], grid: SheetGrid):
    sheet = Image.new("RGB", grid.size_px, "white")
    for index, place in enumerate(places):
        row, col = divmod(index, grid.cols)
        sheet.paste(pages.piece(place, grid), (col * grid.piece_px[0], row * grid.piece_px[1]))
    return sheet


def run(options: ExportTtsOptions) -> None:
    """The kit's decks exported to their folder, and a line counting decks, pieces and sheets."""
    loaded = pipeline.load(options.kit)
    if not options.allow_placeholders:
        pipeline.refuse_placeholders(loaded, "export-tts")
    ctx = pipeline.context(loaded, options.lang)
    folder = options.folder
    if folder is None:  # a folder of the kit's own: the export replaces it whole, never another kit's
        folder = Path("output") / f"{pipeline.default_output(loaded, ctx.lang).stem}-tts"
    index = export_kit(loaded, ctx, folder)
    sheets = sum(len(deck["sheets"]) for deck in index["decks"])
    pieces = sum(deck["count"] for deck in index["decks"])
    click.echo(
        f"{folder / 'tts.json'}: {len(index['decks'])} decks, {pieces} pieces on {sheets} "
        f"{'sheet' if sheets == 1 else 'sheets'}"
    )


def export_kit(loaded: pipeline.LoadedKit, ctx: Context, folder: Path) -> dict:
    """Lay the kit out as ``printkit build`` does (same checks, same language) and export its decks."""

    check_folder(folder)
    document = pipeline.lay_out(loaded, replace(ctx, options=replace(ctx.options, cut_guides=False)))
    titles = deck_titles(loaded.kit, ctx.tr)
    stem = pipeline.default_output(loaded, ctx.lang).stem
    files: dict[str, bytes] = {}
    kinds = loaded.kit.kinds
    index = export(document, placements.manifest(document, loaded.name, ctx.paper, kinds), kinds, titles, files, stem)
    write_folder(folder, files, "export-tts")
    return index


def deck_titles(kit, tr) -> dict[str, str]:
    """Each deck's name as printed, by Deck.name: 'Tiles', or 'Tiles – yellow' for an owner's deck."""
    titles = {}
    for component in kit.components:
        title = icons.without(tr(component.title)) or component.id  # a name in TTS's menus draws no icon
        titles[component.id] = title
        for owner in getattr(component, "owners", None) or []:
            titles[f"{component.id}-{owner.id}"] = f"{title} – {icons.without(tr(owner.name))}"
    return titles


def export(
    document: Document, manifest: dict, kinds: Registry, titles: dict[str, str], files: dict[str, bytes], stem: str
) -> dict:
    """Every deck's sheets and back and the index tts.json, added to ``files`` by name (the export
    folder's, written whole by output.write_folder); returns the index.

    ``titles`` names each deck (by Deck.name) in the kit's language, for plain backs and the index.
    """
    found = decks(manifest, kinds)
    if not found:
        raise PrintkitError(f"{stem}: the kit has no cards or tiles to export")
    check_pixels(raster_sizes(found, document), "export-tts", "export a kit with fewer cards and tiles")
    pages = Pages(pdf.render(document))
    try:
        entries = [export_deck(deck, pages, titles.get(deck.name, deck.component), files, stem) for deck in found]
    finally:
        pages.close()
    index = {"kit": manifest["kit"], "lang": manifest["lang"], "decks": entries}
    files[INDEX] = (json.dumps(index, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
    return index


def raster_sizes(found: list[Deck], document: Document) -> list[tuple[int, int]]:
    """Every image ``export`` draws, in pixels: each page a deck's pieces (and back) lie on at its
    sheets' resolution, then its sheets and its back."""
    sizes: list[tuple[int, int]] = []
    for deck in found:
        first = deck.faces[0].box
        grid = sheet_grid(len(deck.faces), first.w, first.h)
        on = {place.page for place in deck.faces} | ({deck.back.page} if deck.back else set())
        pages = [document.pages[number - 1] for number in sorted(on)]
        sizes += [
            (math.ceil(p.width / MM_PER_INCH * grid.dpi), math.ceil(p.height / MM_PER_INCH * grid.dpi)) for p in pages
        ]
        sizes += [grid.size_px] * math.ceil(len(deck.faces) / grid.capacity) + [grid.piece_px]
    return sizes


def export_deck(deck: Deck, pages: Pages, title: str, files: dict[str, bytes], stem: str) -> dict:
    first = deck.faces[0].box
    grid = sheet_grid(len(deck.faces), first.w, first.h)
    back_name = f"{stem}-{deck.name}-back.png"
    files[back_name] = png(back_image(deck, pages, grid, title))
    sheets = []
    for number, start in enumerate(range(0, len(deck.faces), grid.capacity), start=1):
        boxes = deck.faces[start : start + grid.capacity]
        face_name = f"{stem}-{deck.name}-{number}.png"
        files[face_name] = png(sheet_image(pages, boxes, grid))
        sheets.append(
            {
                "face": face_name,
                "back": back_name,
                "NumWidth": grid.cols,
                "NumHeight": grid.rows,
                "count": len(boxes),
                "BackIsHidden": True,
                "UniqueBack": False,
            }
        )
    return {
        "component": deck.component,
        "owner": deck.owner,
        "kind": deck.kind,
        "title": title,
        "count": len(deck.faces),
        "width_mm": first.w,
        "height_mm": first.h,
        "shape": "hexagon" if deck.faces[0].outline else "rectangle",
        "dpi": grid.dpi,
        "piece_px": list(grid.piece_px),
        "sheets": sheets,
    }


def back_image(deck: Deck, pages: Pages, grid: SheetGrid, title: str):
    """The deck's printed back, or a plain one naming the deck when it has none."""
    if deck.back is not None:
        return pages.piece(deck.back, grid)
    first = deck.faces[0].box
    plain = Pages(pdf.render(plain_back(first.w, first.h, title)))
    try:
        return plain.piece(Placement(1, Box(0.0, 0.0, first.w, first.h)), grid)
    finally:
        plain.close()
