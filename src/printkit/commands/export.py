"""`printkit export KIT --for png|pdf`: every card, tile, token and stone side for a print shop.

The pieces are laid out as ``printkit build`` lays them out (the same drawings, with the
export's bleed: the kind's layout runs each fill past the cut line by that much), on a large
scratch sheet without cut lines; each piece side's own items (``reprint.piece_items``, with the
version's label) are then moved onto a page of its own, trim size plus bleed, whose TrimBox is
the piece and whose BleedBox (= MediaBox) the whole page.

- ``pdf``: those pages, vector, faces and backs interleaved (face, back, face, back; a blank back
  for a piece without one when others have backs) or in NAME-faces.pdf and NAME-backs.pdf.
- ``png``: each distinct drawing of a component's side once, rasterised at the requested
  resolution to exactly ``pixels(trim + 2 x bleed)``, named COMPONENT-COPY-SIDE.png by the first
  copy drawn so; identical copies (36 backs of one deck, 3 cards of one type) share the file
  and index.csv gives its count and copies, as shops' uploaders take a count per image.

Pixels: round-half-up((trim + 2 x bleed) mm / 25.4 x dpi), computed in decimal so that an exact
half always rounds up: a 63 x 88 mm card with 1/8 in bleed at 300 dpi is 819 x 1114 px, The Game
Crafter's 63.5 x 88.9 mm poker card 825 x 1125 px.

The folder is written whole beside its place and renamed into it (output.write_folder): an
interrupted export leaves the old folder as it was.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import TYPE_CHECKING

import click
from msgspec import Struct

from printkit import fonts, pipeline
from printkit.base.errors import LayoutProblem, PrintkitError
from printkit.base.records import replace
from printkit.commands.options import Backs, Format
from printkit.layout import document as doc_layout
from printkit.layout.context import Context, Paper
from printkit.layout.default_back import default_back
from printkit.layout.primitives import Document, Page, Piece
from printkit.output import presets
from printkit.output.files import check_folder, write_folder
from printkit.output.presets import MAX_BLEED, Preset
from printkit.output.reprint import Hasher, PieceKey, piece_items, piece_key, shifted
from printkit.output.shop_files import ShopPiece, SideArt, designs, png_name, spans, table
from printkit.pictures.prepared import Pictures
from printkit.render import pdf
from printkit.render.raster import check_dpi, check_pixels, exact_page_images
from printkit.validate.safezone import SAFE_ZONE, breaches

if TYPE_CHECKING:
    from printkit.kit.kinds import Registry
    from printkit.kit.model import Component, Kit


class ExportOptions(Struct, frozen=True):
    """`printkit export`. ``given``: the parameters the command line set rather than left at their
    defaults (a preset refuses an explicit --dpi or --bleed, and a PDF an explicit --dpi)."""

    kit: str | None
    fmt: Format | None
    folder: Path | None
    dpi: int
    bleed_text: str
    preset: str | None
    scale: bool
    backs: Backs
    component: str | None
    list_presets: bool
    lang: str | None
    paper: Paper
    allow_placeholders: bool  # export the "no picture yet" placeholders rather than refuse them
    given: frozenset[str] = frozenset()


SHOP_BLEED = 3.175  # mm: 1/8 in, what print shops ask for
SCRATCH = Paper("export", 1000.0, 1000.0)  # pieces only, never printed: few pages, any piece fits
SIZE_TOLERANCE = 0.01  # mm: a preset's size and a piece's agree within this
INDEX = "index.csv"
LESS_PIXELS = "give a lower --dpi or a smaller preset, or export one component at a time (--component ID)"


class Request(Struct, frozen=True):
    """What the command line asks for. ``bleed`` None: each component's own (``--bleed kit``)."""

    fmt: Format
    dpi: int = 300
    bleed: float | None = SHOP_BLEED
    backs: Backs = "interleaved"
    preset: Preset | None = None
    scale: bool = False
    component: str | None = None


def run(options: ExportOptions) -> None:
    """The presets listed (--list-presets), or the kit's pieces exported to their folder, whole."""
    if options.list_presets:
        for found in presets.load().values():
            click.echo(describe_preset(found))
        click.echo(f"(add your own in {presets.user_file()})")
        return
    request = checked_request(options)
    assert options.kit is not None  # checked_request refuses a missing KIT
    loaded = pipeline.load(options.kit)
    if not options.allow_placeholders:
        pipeline.refuse_placeholders(loaded, "export")
    ctx = pipeline.context(loaded, options.lang, options.paper)
    stem = pipeline.default_output(loaded, ctx.lang).stem
    target = options.folder if options.folder is not None else default_folder(stem, request.fmt)
    check_folder(target)
    pipeline.lay_out(loaded, ctx)  # the kit's own checks first, as build makes them
    files = export_files(loaded, ctx, request, stem)
    write_folder(target, files, "export")
    count = len(files) - 1
    noun = "PNG file" if request.fmt == "png" else "PDF file"
    click.echo(f"{target}: {count} {noun}{'' if count == 1 else 's'} and {INDEX}")


def checked_request(options: ExportOptions) -> Request:
    """The export's options checked together: one line for the first that cannot work."""
    if options.kit is None or options.fmt is None:
        raise PrintkitError("export: give a KIT and --for png or --for pdf (or --list-presets)")
    preset = presets.find(options.preset) if options.preset is not None else None
    if preset is not None:
        for option, name in (("--dpi", "dpi"), ("--bleed", "bleed_text")):
            if name in options.given:
                raise PrintkitError(f"--preset {preset.name} sets the {name.removesuffix('_text')}; leave out {option}")
    elif options.scale:
        raise PrintkitError("--scale stretches pieces to a preset's size; give --preset NAME too")
    if options.fmt == "pdf" and "dpi" in options.given:
        raise PrintkitError("--dpi is for --for png; a PDF's pieces are vector")
    if options.backs != "interleaved" and options.fmt != "pdf":
        raise PrintkitError("--backs is for --for pdf; PNG files are one a side already")
    check_dpi(options.dpi)
    bleed = check_bleed(options.bleed_text)
    return Request(options.fmt, options.dpi, bleed, options.backs, preset, options.scale, options.component)


def describe_preset(preset: Preset) -> str:
    """'tgc-poker: 63.5 × 88.9 mm + 3.175 mm bleed at 300 dpi = 825 × 1125 px (printkit): The Game …'"""
    size = f"{pixels(preset.width, preset.bleed, preset.dpi)} × {pixels(preset.height, preset.bleed, preset.dpi)} px"
    return (
        f"{preset.name}: {preset.width:g} × {preset.height:g} mm + {preset.bleed:g} mm bleed at {preset.dpi} dpi = "
        f"{size} ({preset.source}): {preset.title}"
    )


def pixels(mm: float, bleed: float, dpi: int) -> int:
    """round-half-up((mm + 2 x bleed) / 25.4 x dpi), in decimal: 69.35 mm at 300 dpi is 819 px."""
    total = Decimal(f"{mm:.6f}") + 2 * Decimal(f"{bleed:.6f}")
    return int((total * dpi / Decimal("25.4")).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def check_bleed(text: str) -> float | None:
    """--bleed: mm from 0 to MAX_BLEED, or 'kit' (None) for each component's own."""
    if text == "kit":
        return None
    try:
        value = float(text.removesuffix("mm").strip())
    except ValueError:
        value = float("nan")
    if not 0 <= value <= MAX_BLEED:  # NaN fails too
        raise PrintkitError(f"--bleed {text}: give 0 to {MAX_BLEED:g} mm (shops ask 3 or 3.175), or 'kit'")
    return value


# --- the pieces, drawn with the export's bleed --------------------------------------------------------


def shop_component(component: Component, kinds: Registry) -> bool:
    return any(piece.shop for piece in kinds.kind_of(component).pieces)


def own_bleed(component: Component) -> float:
    """The bleed the kit prints ``component`` with (a deck's default one included); none for tokens."""
    return float(getattr(component, "print_bleed", getattr(component, "bleed", 0.0)))


def bled(component: Component, bleed: float) -> Component:
    """``component`` drawn with ``bleed``: its gutter twice that and as many to a page as fit."""
    fields = type(component).model_fields
    if "bleed" not in fields:
        return component  # tokens: a shape on the paper, nothing runs to the cut line
    update: dict[str, object] = {"bleed": bleed}
    update.update({name: None for name in ("gutter", "per_page") if name in fields})
    return component.model_copy(update=update)


def chosen(kit: Kit, request: Request) -> list[Component]:
    found = [c for c in kit.components if c.in_kit and shop_component(c, kit.kinds)]
    if request.component is not None:
        found = [c for c in found if c.id == request.component]
        if not found:
            names = ", ".join(c.id for c in kit.components if c.in_kit and shop_component(c, kit.kinds)) or "none"
            raise PrintkitError(
                f"--component {request.component}: no card, tile, token or stone component of that id; "
                f"this kit's: {names}"
            )
    if not found:
        raise PrintkitError("this kit has no cards, tiles, tokens or stones to export")
    return found


def bleeds(components: list[Component], request: Request) -> dict[str, float]:
    """Each component's bleed in the export: the preset's, --bleed's, or the kit's own."""
    if request.preset is not None:  # stretched, the drawing's bleed must still cover the page
        return {c.id: MAX_BLEED if request.scale else request.preset.bleed for c in components}
    return {c.id: own_bleed(c) if request.bleed is None else request.bleed for c in components}


def shop_kit(loaded: pipeline.LoadedKit, request: Request) -> Kit:
    """The kit with the chosen components bled as the export asks."""
    components = chosen(loaded.kit, request)
    widths = bleeds(components, request)
    ids = {c.id for c in components}
    return loaded.kit.model_copy(
        update={"components": [bled(c, widths[c.id]) if c.id in ids else c for c in loaded.kit.components]}
    )


def piece_layout(loaded: pipeline.LoadedKit, ctx: Context, request: Request) -> list[ShopPiece]:
    """Every piece of the chosen components with its sides on pages of their own, in printing
    order; ctx's pictures prepared for the shop kit (export_files)."""
    components = chosen(loaded.kit, request)
    widths = bleeds(components, request)
    ids = {c.id for c in components}
    kit = shop_kit(loaded, request)
    numbers = dict(ctx.tr.numbers) | doc_layout.kit_numbers(loaded.kit, ctx.paper)  # the real paper's numbers
    options = replace(ctx.options, cut_guides=False, cut="frames", two_sided="duplex", back_offset=(0.0, 0.0))
    scratch = doc_layout.with_numbers(replace(ctx, paper=SCRATCH, options=options), numbers)
    with fonts.using(loaded.faces):
        try:
            pages = doc_layout.components_pages(kit, scratch, lambda c: c.id in ids)
        except LayoutProblem as problem:
            raise pipeline.located(loaded, problem) from None
    pieces = paired(sides(doc_layout.versioned(kit, pages), widths, ctx.pictures, kit.kinds))
    check_safe_zone(loaded, pieces)
    titles = {c.id: ctx.tr(getattr(c, "title", None)) or c.id for c in components}
    return [with_back(piece, titles) for piece in pieces]


DEFAULT = "default:"  # a default back's digest starts so


def with_back(piece: ShopPiece, titles: dict[str, str]) -> ShopPiece:
    """A card without a back of its own gets printkit's default back (layout.default_back, the one
    the Tabletop Simulator export draws too): a shop never prints a deck with blank backs."""
    face = piece.face
    if piece.back is not None or face.kind != "card":
        return piece
    title = titles.get(face.component, face.component)
    items = default_back(face.width, face.height, title, face.bleed, face.bleed)
    back = replace(face, side="back", items=items, digest=f"{DEFAULT}{face.component}")
    return ShopPiece(face, back)


def back_design(art: SideArt | None) -> str:
    """What a face's back is: the kit's own, printkit's default, or blank (a piece with no back)."""
    if art is None or not art.digest:
        return "blank"
    return "default" if art.digest.startswith(DEFAULT) else "kit"


def check_safe_zone(loaded: pipeline.LoadedKit, pieces: list[ShopPiece]) -> None:
    """A warning on the component's line for the first side of each component whose text or frame
    comes nearer its cut than the shop's 3 mm safe zone: a shop's cut strays that far."""
    warned: set[str] = set()
    for piece in pieces:
        if piece.face.component in warned:
            continue
        for art in (piece.face, piece.back):
            if art is None:
                continue
            page = Page(*art.page_size, "shop", art.component, art.items)
            cut = Piece(art.kind, art.type, art.copy, art.bleed, art.bleed, art.width, art.height, art.side)
            found = breaches(page, [cut])
            if found:
                gap, what, _ = min(found, key=lambda breach: breach[0])
                index = next(i for i, c in enumerate(loaded.kit.components) if c.id == art.component)
                message = (
                    f"{what} on the {art.side} of {art.type} {art.copy} comes {max(gap, 0.0):.1f} mm from the cut: "
                    f"a print shop's cut strays up to {SAFE_ZONE:g} mm, so keep text and frames at least "
                    f"{SAFE_ZONE:g} mm inside it (the safe zone)"
                )
                warning = pipeline.located(loaded, LayoutProblem(("components", index), f"warning: {message}"))
                click.echo(str(warning), err=True)
                warned.add(art.component)
                break


def sides(
    pages: list[Page], widths: dict[str, float], pictures: Pictures, kinds: Registry
) -> Iterator[tuple[PieceKey, SideArt]]:
    """Every side of a piece ``kinds`` sends to a shop, with its manifest key. A deck's pieces are
    its types' (the manifest's ``component``, copies counted per type): the side's ``component``
    is the deck, its ``copy`` is numbered later (``paired``)."""
    hasher = Hasher(pictures)
    for page in pages:
        for piece, items in zip(page.pieces, piece_items(page, kinds, with_version=True), strict=True):
            if kinds.shop(piece.kind):
                key = piece_key(piece)
                component = key[1] or piece.component
                bleed = widths[component]
                yield (
                    key,
                    SideArt(
                        piece.kind,
                        component,
                        piece_type(piece, key),
                        0,
                        piece.side,
                        piece.width,
                        piece.height,
                        bleed,
                        tuple(shifted(item, bleed - piece.x, bleed - piece.y) for item in items),
                        hasher.digest(items, piece.x, piece.y),
                    ),
                )


def piece_type(piece: Piece, key: PieceKey) -> str:
    """What a shop's index calls the piece: its owner and its type as the manifest gives them (a
    deck card's type is the manifest's component): "black ace" of plateau's stones (a review found
    all 28 files called "stones"), "yellow rock" of kpn's tiles; else the component's id."""
    extra = dict(piece.extra)
    kind = piece.component if key[1] else extra.get("type")
    named = [str(part) for part in (extra.get("owner"), kind) if isinstance(part, str | int)]
    return " ".join(named) or piece.component


def paired(found: Iterator[tuple[PieceKey, SideArt]]) -> list[ShopPiece]:
    """Faces in printing order, each with its back (the same manifest key), if any; copies
    numbered from 1 in each component in that order."""
    faces: dict[PieceKey, SideArt] = {}
    backs: dict[PieceKey, SideArt] = {}
    for key, side in found:
        (backs if side.side == "back" else faces)[key] = side
    numbers: dict[str, int] = {}
    pieces = []
    for key, face in faces.items():
        copy = numbers[face.component] = numbers.get(face.component, 0) + 1
        back = backs.get(key)
        pieces.append(ShopPiece(replace(face, copy=copy), replace(back, copy=copy) if back else None))
    return pieces


# --- presets ---------------------------------------------------------------------------------------------


def oriented(preset: Preset, piece: SideArt) -> Preset:
    """The preset turned to the piece's orientation: shops give a card's size upright, and a
    landscape card (88 x 63 mm) is the same card as a poker preset's 63 x 88 turned; its files are
    then landscape too (825 x 1125 px turned: 1125 x 825)."""
    if piece.width == piece.height or (piece.width > piece.height) == (preset.width > preset.height):
        return preset
    return replace(preset, width=preset.height, height=preset.width)


def preset_scale(pieces: list[ShopPiece], upright: Preset, scale: bool) -> tuple[Preset, tuple[float, float] | None]:
    """The preset turned to the pieces (``oriented``) and the stretch that makes them its size:
    None when they are; refused unless --scale."""
    first = pieces[0].face
    preset = oriented(upright, first)
    for piece in pieces:
        art = piece.face
        if abs(art.width - first.width) > SIZE_TOLERANCE or abs(art.height - first.height) > SIZE_TOLERANCE:
            raise PrintkitError(
                f"--preset {preset.name}: {first.component} is {first.width:g} × {first.height:g} mm and "
                f"{art.component} {art.width:g} × {art.height:g} mm; export one size at a time (--component ID)"
            )
    if abs(first.width - preset.width) <= SIZE_TOLERANCE and abs(first.height - preset.height) <= SIZE_TOLERANCE:
        return preset, None
    if not scale:
        turned = f" ({preset.width:g} × {preset.height:g} turned)" if preset is not upright else ""
        raise PrintkitError(
            f"--preset {preset.name} is {upright.width:g} × {upright.height:g} mm{turned}, but the pieces of "
            f"{first.component} are {first.width:g} × {first.height:g} mm; give --scale to stretch them to the "
            "preset, or another preset"
        )
    return preset, (preset.width / first.width, preset.height / first.height)


def stretched(art: SideArt, preset: Preset, factor: tuple[float, float]) -> Page:
    """The side on a page of the preset's size, drawn at ``factor`` about the page's centre (the
    renderer's correction): its trim and bleed boxes given unstretched, so that they land on the
    preset's. Its drawing's bleed reaches past the page (see ``bleeds``)."""
    width, height = preset.width + 2 * preset.bleed, preset.height + 2 * preset.bleed
    sx, sy = factor
    dx, dy = (width - art.width) / 2 - art.bleed, (height - art.height) / 2 - art.bleed
    items = tuple(shifted(item, dx, dy) for item in art.items)
    trim = ((width - art.width) / 2, (height - art.height) / 2, art.width, art.height)
    bleed = (width / 2 - width / sx / 2, height / 2 - height / sy / 2, width / sx, height / sy)
    piece = Piece(art.kind, art.type, art.copy, *trim, art.side)
    return Page(width, height, "export", art.component, items, (piece,), art.side, trim, bleed)


# --- pages and files -------------------------------------------------------------------------------------


def side_page(art: SideArt) -> Page:
    width, height = art.page_size
    trim = (art.bleed, art.bleed, art.width, art.height)
    piece = Piece(art.kind, art.type, art.copy, *trim, art.side)
    return Page(width, height, "export", art.component, art.items, (piece,), art.side, trim, (0.0, 0.0, width, height))


def blank_back(face: SideArt) -> SideArt:
    return replace(face, side="back", items=(), digest="")


class Pager:
    """Pages for sides, stretched to a preset when asked."""

    def __init__(self, preset: Preset | None, factor: tuple[float, float] | None):
        self.preset, self.factor = preset, factor

    def page(self, art: SideArt) -> Page:
        if self.preset is not None and self.factor is not None:
            return stretched(art, self.preset, self.factor)
        return side_page(art)

    def size_px(self, art: SideArt, dpi: int) -> tuple[int, int]:
        if self.preset is not None and self.factor is not None:
            return pixels(self.preset.width, self.preset.bleed, dpi), pixels(self.preset.height, self.preset.bleed, dpi)
        return pixels(art.width, art.bleed, dpi), pixels(art.height, art.bleed, dpi)

    @property
    def correction(self) -> tuple[float, float]:
        return self.factor or (1.0, 1.0)


def export_files(loaded: pipeline.LoadedKit, ctx: Context, request: Request, stem: str) -> dict[str, bytes]:
    """Every file of the export by name, index.csv included; the pictures prepared again for the
    sizes the export's bleed prints them at."""
    ctx = replace(ctx, pictures=pipeline.pictures_for(loaded, shop_kit(loaded, request)))
    pieces = piece_layout(loaded, ctx, request)
    preset, factor = preset_scale(pieces, request.preset, request.scale) if request.preset else (None, None)
    pager = Pager(preset, factor)
    document = document_for(loaded, ctx)
    if request.fmt == "pdf":
        return pdf_files(pieces, pager, document, stem, request.backs)
    return png_files(pieces, pager, document, preset.dpi if preset else request.dpi)


def document_for(loaded: pipeline.LoadedKit, ctx: Context) -> Document:
    """An empty document carrying the kit's title, language and fonts, for ``replace(pages=...)``."""
    info = loaded.kit.kit
    faces = tuple((role, *names) for role, names in sorted(loaded.faces.items()))
    return Document(
        (),
        ctx.tr(info.title),
        info.author,
        ctx.lang,
        ctx.tr(info.subtitle),
        faces=faces,
        dpi=ctx.dpi,
        pictures=ctx.pictures,
    )


def rendered(document: Document, pages: list[Page], correction: tuple[float, float]) -> bytes:
    return pdf.render(replace(document, pages=tuple(pages)), correction=correction)


def pdf_files(pieces: list[ShopPiece], pager: Pager, document: Document, stem: str, backs: Backs) -> dict[str, bytes]:
    """One PDF of faces and backs interleaved, or a faces PDF and a backs PDF; index.csv of their pages."""
    any_back = any(piece.back is not None for piece in pieces)
    pairs = [(p.face, p.back or blank_back(p.face)) if any_back else (p.face, None) for p in pieces]
    if backs == "separate" and any_back:
        runs = {f"{stem}-faces.pdf": [f for f, _ in pairs], f"{stem}-backs.pdf": [b for _, b in pairs if b]}
    else:
        runs = {f"{stem}.pdf": [art for pair in pairs for art in pair if art is not None]}
    files = {name: rendered(document, [pager.page(a) for a in arts], pager.correction) for name, arts in runs.items()}
    where = {id(art): (name, number) for name, arts in runs.items() for number, art in enumerate(arts, start=1)}
    back_of = {id(face): back for face, back in pairs}
    rows = []
    for name, arts in runs.items():
        for number, art in enumerate(arts, start=1):
            side = art.side if art.digest else "blank"
            back, design = "", ""
            if art.side == "face":  # which back this face takes: its file and page, and whose design
                taken = back_of.get(id(art))
                design = back_design(taken)
                if taken is not None:
                    file, page = where[id(taken)]
                    back = f"{file} page {page}"
            rows.append((name, number, art.component, art.copy, side, 1, art.type, back, design))
    header = ("file", "page", "component", "copy", "side", "count", "type", "back", "back_design")
    files[INDEX] = table(header, rows)
    return files


def png_files(pieces: list[ShopPiece], pager: Pager, document: Document, dpi: int) -> dict[str, bytes]:
    """One PNG per distinct drawing of a side; index.csv: file, component, copy, side, count, copies."""
    found = designs(pieces)
    counts: dict[str, int] = {}
    for piece in pieces:
        counts[piece.face.component] = counts.get(piece.face.component, 0) + 1
    sizes = [pager.size_px(design.art, dpi) for design in found]
    check_pixels(sizes, f"--preset {pager.preset.name}" if pager.preset else f"--dpi {dpi}", LESS_PIXELS)
    pages = [pager.page(design.art) for design in found]
    drawn = rendered(document, pages, pager.correction)
    images = exact_page_images(drawn, sizes, dpi)
    files: dict[str, bytes] = {}
    names = {(d.art.component, d.art.side, d.art.digest): png_name(d, len(str(counts[d.art.component]))) for d in found}
    backs = {  # which back each face design takes: one file for every copy of it
        (p.face.component, p.face.digest): p.back for p in pieces
    }
    rows = []
    for design, image in zip(found, images, strict=True):
        art = design.art
        name = names[(art.component, art.side, art.digest)]
        files[name] = image
        back, kind = "", ""
        if art.side == "face":
            taken = backs.get((art.component, art.digest))
            kind = back_design(taken)
            back = names[(taken.component, taken.side, taken.digest)] if taken is not None else ""
        count, copies = len(design.copies), spans(design.copies)
        rows.append((name, art.component, art.copy, art.side, count, copies, design.type, back, kind))
    header = ("file", "component", "copy", "side", "count", "copies", "type", "back", "back_design")
    files[INDEX] = table(header, rows)
    return files


def default_folder(stem: str, fmt: Format) -> Path:
    return Path("output") / f"{stem}-{fmt}"
