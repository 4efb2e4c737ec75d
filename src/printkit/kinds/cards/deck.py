"""A deck's pieces and their designs: faces and backs drawn from the kit's elements.

Everything a face shares with the other pieces of its type (frame, fill, letter, symbol, name)
is one group keyed by deck, owner and type, so the renderer draws it once as a PDF form and
places it on every such piece; only what differs per piece (the index "3/12") is drawn per piece.
A back is one group per owner. With a bleed, a design's group is larger than the piece by the
bleed on every side and fills run out to its edge.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any, Literal

from msgspec import Struct

from printkit import fonts
from printkit.base.errors import LayoutProblem
from printkit.base.records import replace
from printkit.base.units import MM_PER_POINT
from printkit.facts.invariants import InvariantError
from printkit.kinds.cards.model import (
    DeckComponent,
    DeckOwner,
    DeckType,
    Element,
    ElementBase,
    FillElement,
    FrameElement,
    IndexElement,
    LetterElement,
    LineElementBase,
    NameElement,
    OwnerElement,
    PatternElement,
    SymbolElement,
    TableElement,
    TextElement,
)
from printkit.kinds.cards.values import edge_band, holds, resolve_color, type_facts
from printkit.kit.shared import VALUE_REF
from printkit.layout import hextiles, paragraph
from printkit.layout.cardgrid import grown
from printkit.layout.context import Context
from printkit.layout.icon_drawing import draw_named
from printkit.layout.marks import tinted
from printkit.layout.patterns import Tiling, draw_pattern
from printkit.layout.placeable import Placeable
from printkit.layout.primitives import (
    Box,
    Group,
    Image,
    Item,
    Line,
    Path,
    Rect,
    RichText,
    Side,
    Stroke,
    Text,
)
from printkit.layout.table_measure import numbers_only
from printkit.layout.text import shared_widths
from printkit.pictures.place import placement
from printkit.pictures.prepared import print_size
from printkit.words import icons
from printkit.words.typography import to_markup

TABLE_RULE = Stroke(color="#888888", width=0.15)


class DeckPiece(Struct, frozen=True):
    """One printed piece: its type, its owner (None in a deck without owners) and its number."""

    type: DeckType
    owner: DeckOwner | None
    index: int  # from 1 within its type and owner

    @property
    def key(self) -> tuple[str | None, str]:
        """The owner's and the type's ids: what the piece's shared face depends on."""
        return (self.owner.id if self.owner else None, self.type.id)


def deck_pieces(deck: DeckComponent) -> list[DeckPiece]:
    """Every piece in printing order: owner by owner, type by type, as many as each count says."""
    owners: list[DeckOwner | None] = list(deck.owners) if deck.owners else [None]
    return [
        DeckPiece(kind, owner, index) for owner in owners for kind in deck.types for index in range(1, kind.count + 1)
    ]


def numbers(deck: DeckComponent, per_page: int) -> dict[str, float | str]:
    """The deck's numbers: totals by type and owner, size, pages (see DeckComponent); each type's
    own count as {deck.TYPE.count} (so ``min(deck.*.count)`` reads types only) and its letter and
    icon as texts."""
    owners = deck.owners or []
    copies = max(1, len(owners))
    per_owner = sum(t.count for t in deck.types)
    total = per_owner * copies
    p = deck.id
    values: dict[str, float | str] = {
        f"{p}.count": total,
        f"{p}.total": total,
        f"{p}.types": len(deck.types),
        f"{p}.owners": len(owners),
        f"{p}.width": deck.width,
        f"{p}.height": deck.height,
        f"{p}.per_page": per_page,
        f"{p}.pages": math.ceil(total / per_page),
    }
    if deck.sleeve is not None:
        values |= {f"{p}.sleeve_width": deck.sleeve.width, f"{p}.sleeve_height": deck.sleeve.height}
    for kind in deck.types:
        values[f"{p}.{kind.id}"] = kind.count * copies
        values[f"{p}.{kind.id}.count"] = kind.count
        values[f"{p}.{kind.id}.icon"] = kind.icon or ""
        if isinstance(kind.letter, dict):  # a letter per language: deck.TYPE.letter.LANG, as a value's text
            values.update({f"{p}.{kind.id}.letter.{lang}": text for lang, text in kind.letter.items()})
        else:
            values[f"{p}.{kind.id}.letter"] = kind.letter or ""
        for name, value in kind.values.items():
            if isinstance(value, dict):  # a text per language: deck.TYPE.NAME.LANG
                values.update({f"{p}.{kind.id}.{name}.{lang}": text for lang, text in value.items()})
            else:
                values[f"{p}.{kind.id}.{name}"] = value
    for owner in owners:
        values[f"{p}.{owner.id}"] = per_owner
        for kind in deck.types:
            values[f"{p}.{owner.id}.{kind.id}"] = kind.count
    for element in list(deck.face) + list(deck.back or []):
        if isinstance(element, TableElement) and element.id:
            values.update(table_numbers(f"{p}.{element.id}", element))
    return values


def table_numbers(prefix: str, table: TableElement) -> dict[str, float]:
    """{prefix.KEY}: how many whole numbers follow the key in its row; {prefix.KEY.sum}: their sum."""
    values: dict[str, float] = {f"{prefix}.rows": len(table.rows)}
    for row in table.rows:
        if not row or not isinstance(row[0], (str, int)):
            continue
        key = str(row[0]).strip()
        numbers_in_row = [int(c) for c in row[1:] if isinstance(c, int) or (isinstance(c, str) and c.strip().isdigit())]
        values[f"{prefix}.{key}"] = len(numbers_in_row)
        values[f"{prefix}.{key}.sum"] = sum(numbers_in_row)
    return values


# --- designs -------------------------------------------------------------------------------------


class Design(Struct, frozen=True, dict=True):
    """What one design draws with: the deck, the piece's type and owner, and the language."""

    deck: DeckComponent
    type: DeckType | None  # None on a back
    owner: DeckOwner | None
    ctx: Context
    band: float = 0.0  # values.edge_band: paper kept inside the trim round a full fill

    @property
    def bleed(self) -> float:
        return self.deck.print_bleed

    @property
    def face_type(self) -> DeckType:
        """The type of a face; only a face's elements ask for it (the model refuses them on a back)."""
        assert self.type is not None, "a back's element asked for the piece's type"
        return self.type

    def color(self, ref: str) -> str:
        return resolve_color(ref, self.type, self.owner)

    def shows(self, element: Element) -> bool:
        """Whether the element is drawn on this design: it has no ``when:``, or it holds for the type
        (a type without a value the condition reads is drawn on: the kind's checks name the value)."""
        if element.when is None or self.type is None:
            return True
        try:
            return holds(element.when, type_facts(self.type, self.ctx.tr.lang))
        except InvariantError:
            return True

    @functools.cached_property
    def values(self) -> dict[str, Any]:
        """type_values, translated once for all the design's pieces."""
        return type_values(self)

    @functools.cached_property
    def index_lines(self) -> tuple[tuple[IndexElement, Box, str], ...]:
        """The face's index elements with their boxes and colours: found once, printed on every piece."""
        face = self.deck.face
        return tuple(
            (e, self.box(e), self.color(e.color)) for e in face if isinstance(e, IndexElement) and self.shows(e)
        )

    def box(self, element: ElementBase, full: bool = False) -> Box:
        """The element's box in the design's own coordinates (the bleed corner is the origin)."""
        b, deck = self.bleed, self.deck
        if element.box is None:
            return (
                Box(0.0, 0.0, deck.width + 2 * b, deck.height + 2 * b) if full else Box(b, b, deck.width, deck.height)
            )
        x, y, w, h = element.box
        return Box(b + x, b + y, w, h)


class Designs:
    """A deck's designs for one layout: each face (by type and owner) and each back (by owner)
    drawn once, then placed wherever a piece goes, as the renderer draws each once as a form."""

    def __init__(self, deck: DeckComponent, ctx: Context):
        self.deck, self.ctx, self.band = deck, ctx, edge_band(deck)
        self._designs: dict[tuple[str | None, str | None], Design] = {}  # by type id and owner id
        self._groups: dict[tuple[object, ...], Group] = {}
        self._at: dict[tuple[tuple[object, ...], float, float], Group] = {}  # placed at a point: the same every page

    def design(self, piece_type: DeckType | None, owner: DeckOwner | None) -> Design:
        key = (piece_type.id if piece_type else None, owner.id if owner else None)
        if key not in self._designs:
            self._designs[key] = Design(self.deck, piece_type, owner, self.ctx, self.band)
        return self._designs[key]

    def face(self, piece: DeckPiece, x: float, y: float) -> Group:
        """The face shared by the piece's type and owner, its cut corner at (x, y)."""
        return self._placed(
            ("face", *piece.key), lambda: face_group(self.design(piece.type, piece.owner), piece, 0.0, 0.0), x, y
        )

    def back(self, owner: DeckOwner | None, x: float, y: float) -> Group:
        """The back shared by the owner's pieces, its cut corner at (x, y)."""
        return self._placed(
            ("back", owner.id if owner else None), lambda: back_group(self.design(None, owner), 0.0, 0.0), x, y
        )

    def _placed(self, name: tuple[object, ...], draw: Callable[[], Group], x: float, y: float) -> Group:
        placed = self._at.get((name, x, y))
        if placed is None:
            group = self._groups.get(name)
            if group is None:
                group = self._groups[name] = draw()
            placed = replace(group, x=group.x + x, y=group.y + y)
            self._at[name, x, y] = placed
        return placed


def face_group(design: Design, piece: DeckPiece, x: float, y: float) -> Group:
    """The face design shared by every piece of this type and owner, its cut corner at (x, y)."""
    return placed(design, ("face", *piece.key), drawn(design, "face", lambda e: not isinstance(e, IndexElement)), x, y)


def drawn(design: Design, side: Literal["face", "back"], wanted: Callable[[Element], bool]) -> tuple[Item, ...]:
    """The items of the side's elements that ``wanted`` accepts; a problem names its element."""
    items: list[Item] = []
    for index, element in enumerate(getattr(design.deck, side) or []):
        if wanted(element) and design.shows(element):
            try:
                items += draw_element(design, element)
            except LayoutProblem as problem:
                raise on_piece(design, (side, index), element, problem) from None
    return tuple(items)


def on_piece(design: Design, at: tuple[str, int], element: Element, problem: LayoutProblem) -> LayoutProblem:
    """A face element's problem names the element; a text element printing the type's own text
    that does not fit names that text instead (for a table's row, its row and column), and one
    printing its own text names the type it was filled for, so the one card of 120 to fix is found
    without searching."""
    if design.type is None or not isinstance(element, TextElement):
        return problem.within(at)
    if element.text is not None or not design.type.text:  # the element's own text, filled for this type
        return LayoutProblem(at + problem.loc, f"{problem.message} (on the type '{design.type.id}')")
    number = next(n for n, kind in enumerate(design.deck.types) if kind is design.type)
    where = f"{at[0]}[{at[1]}]"
    return LayoutProblem(("types", number, "text", design.ctx.tr.lang), f"{problem.message} (the box of {where})")


def piece_face(designs: Designs, piece: DeckPiece) -> Group:
    """The piece's whole face at (0, 0): the shared design, plus its own index when it shows one."""
    design = designs.design(piece.type, piece.owner)
    shared = designs.face(piece, 0.0, 0.0)
    own = piece_items(design, piece, 0.0, 0.0)
    if not own:
        return shared
    inner = (replace(shared, x=0.0, y=0.0),) + tuple(moved(own, design.bleed, design.bleed))
    return Group((*shared.key, piece.index), shared.x, shared.y, shared.w, shared.h, inner)


def edge_colour(design: Design, side: Side = "face") -> str | None:
    """A side's colour at its cut line: its last fill that runs to the edge (None: the paper, also
    on a face whose fill stops a band short of it)."""
    elements = (design.deck.back or []) if side == "back" else design.deck.face
    fills = [e for e in elements if isinstance(e, FillElement) and e.box is None and design.shows(e)]
    on_edge = fills and not (design.band and side == "face")
    return tinted(design.color(fills[-1].color), fills[-1].tint) if on_edge else None


def back_group(design: Design, x: float, y: float) -> Group:
    """The back design shared by every piece of an owner, its cut corner at (x, y)."""
    items = drawn(design, "back", lambda e: True)
    return placed(design, ("back", design.owner.id if design.owner else None), items, x, y)


def placed(design: Design, name: tuple[object, ...], items: tuple[Item, ...], x: float, y: float) -> Group:
    deck, b = design.deck, design.bleed
    clip = hextiles.grown(deck.width, deck.height, b) if hextiles.is_hexagonal(deck) else ()
    return Group(("deck", deck.id, *name), x - b, y - b, deck.width + 2 * b, deck.height + 2 * b, items, clip=clip)


def piece_items(design: Design, piece: DeckPiece, x: float, y: float) -> list[Item]:
    """What differs from piece to piece (the index), at the piece's cut corner (x, y)."""
    out: list[Item] = []
    dx, dy = x - design.bleed, y - design.bleed
    for element, box, color in design.index_lines:
        text = index_text(design, element, piece)
        if text:
            out += line_in(design, element, box, color, text, False, dx, dy)
    return out


def index_text(design: Design, element: IndexElement, piece: DeckPiece) -> str:
    """The piece's number: '3/12', or the element's own line with {index} and the type's values filled."""
    if element.text is None:
        return f"{piece.index}/{piece.type.count}"
    return design.ctx.tr(element.text, index=piece.index, **design.values)


def type_values(design: Design) -> dict[str, Any]:
    """{name}, {letter}, {count} and the values ({cost}, {kind}) of the design's type (none on a back)."""
    if design.type is None:
        return {}
    kind, tr = design.type, design.ctx.tr
    own = {"name": tr(kind.name), "letter": letter_in(kind, tr.lang), "count": kind.count}
    return own | {name: tr(value) if isinstance(value, dict) else value for name, value in kind.values.items()}


def moved(items: list[Item], dx: float, dy: float) -> list[Item]:
    """Items drawn in a design's coordinates, placed on the page (only single lines are moved)."""
    out: list[Item] = []
    for item in items:
        if isinstance(item, (Text, Group)):
            out.append(replace(item, x=item.x + dx, y=item.y + dy))
        else:
            raise TypeError(type(item))
    return out


def letter_in(kind: DeckType, lang: str) -> str:
    """A type's letter in ``lang``: its own, or the language's where it abbreviates the name."""
    if isinstance(kind.letter, dict):
        return kind.letter.get(lang, "")
    return kind.letter or ""


def draw_element(design: Design, element: Element) -> list[Item]:
    if isinstance(element, FillElement):  # a full fill kept design.band inside the trim
        box = grown(design.box(element, full=True), -design.band if element.box is None else 0.0)
        return [Rect(box.x, box.y, box.w, box.h, None, tinted(design.color(element.color), element.tint))]
    if isinstance(element, FrameElement):
        return [frame(design, element)]
    if isinstance(element, PatternElement):
        return [pattern(design, element)]
    if isinstance(element, LetterElement):
        return one_line(design, element, letter_in(design.face_type, design.ctx.tr.lang), bold=True)
    if isinstance(element, OwnerElement):
        return one_line(design, element, design.ctx.tr(design.owner.name) if design.owner else "", bold=element.bold)
    if isinstance(element, NameElement):
        return one_line(design, element, design.ctx.tr(design.face_type.name), bold=element.bold)
    if isinstance(element, SymbolElement):
        return symbol(design, element)
    if isinstance(element, TextElement):
        return [text_block(design, element)]
    if isinstance(element, TableElement):
        return table(design, element)
    raise TypeError(type(element))


def frame(design: Design, element: FrameElement) -> Rect | Path:
    box, inset = design.box(element), element.inset
    fill = design.color(element.fill) if element.fill else None
    if hextiles.is_hexagonal(design.deck) and element.box is None:  # the hexagon's own frame, inside its cut
        return Path(hextiles.inset(box, inset), Stroke(design.color(element.color), element.width), fill)
    return Rect(
        box.x + inset,
        box.y + inset,
        box.w - 2 * inset,
        box.h - 2 * inset,
        Stroke(design.color(element.color), element.width),
        fill,
        element.radius,
    )


def pattern(design: Design, element: PatternElement) -> Group:
    name = element.pattern or (design.owner.pattern if design.owner else design.face_type.pattern)
    if not name:
        raise LayoutProblem((), f"a pattern element needs a pattern: the type '{design.face_type.id}' has none")
    box = design.box(element, full=True)
    deck, bleed = design.deck, design.bleed
    # over a whole piece that shares its cuts: one pattern across the block, in phase at every cut
    tiled = Tiling(bleed, bleed, deck.width, deck.height) if element.box is None and deck.shares_cuts else None
    return draw_pattern(name, box.x, box.y, box.w, box.h, design.color(element.color), element.spacing, tiled)


def one_line(
    design: Design, element: LineElementBase, text: str, bold: bool, dx: float = 0.0, dy: float = 0.0
) -> list[Item]:
    """A line of text centred in the element's box, as large as the box allows up to size_pt;
    (dx, dy) moves it from the design's coordinates to where a piece lies on the page."""
    if not text:
        return []
    return line_in(design, element, design.box(element), design.color(element.color), text, bold, dx, dy)


def line_in(
    design: Design, element: LineElementBase, box: Box, color: str, text: str, bold: bool, dx: float, dy: float
) -> list[Item]:
    """one_line in the element's box and colour, already found."""
    size = fonts.fit_size(text, box.w, element.size_pt, bold=bold, smallest=4.0)
    size = min(size, box.h / fonts.cap_height(1.0))
    baseline = box.h / 2 + fonts.cap_height(size) / 2
    if element.rotate == 180:
        line = Text(box.w / 2, baseline, text, size, bold, "center", color, box.w, max_h=box.h)
        key = ("deck", design.deck.id, "line", text, size, bold, line.color, box.w, box.h)
        return [Group(key, box.x + dx, box.y + dy, box.w, box.h, (line,), rotate=180)]
    return [Text(box.x + box.w / 2 + dx, box.y + baseline + dy, text, size, bold, "center", color, box.w, max_h=box.h)]


def symbol(design: Design, element: SymbolElement) -> list[Item]:
    box = design.box(element)
    color = design.color(element.color)
    icon = element.icon or (design.type.icon if design.type else None)
    named = VALUE_REF.match(icon or "")
    if named is not None:
        held = design.type.values.get(named[1]) if design.type else None
        icon = held if isinstance(held, str) and held else None
    image = None if element.icon or design.type is None else design.type.image
    if image:
        return picture(design, element, image, box)
    if not icon:
        return []
    side = min(box.w, box.h)
    x, y = box.x + (box.w - side) / 2, box.y + (box.h - side) / 2
    return [draw_named(icon, design.ctx.tr.icons, x, y, side, color, design.ctx.dpi)]


PLACEHOLDER_FILL = "#f1f1f1"
PLACEHOLDER_LINE = Stroke(color="#9a9a9a", width=0.3, dash=(1.5, 1.0))
PLACEHOLDER_INK = "#6b6b6b"


def picture(design: Design, element: SymbolElement, relative: str, box: Box) -> list[Item]:
    """The type's picture in the element's box, as its fit and crop say; a placeholder while
    the file does not exist yet (validate warns about it)."""
    pictures = design.ctx.pictures
    if relative in pictures.missing:
        return placeholder(design, relative, box)
    print_mm, dpi = print_size(design.deck), design.ctx.dpi
    found = pictures.get(relative, print_mm, dpi)
    if found is None:
        raise LayoutProblem((), pictures.problem(relative, print_mm, dpi))
    whole, clip = placement((box.x, box.y, box.w, box.h), found.aspect, element.fit, element.crop)
    return [Image(*whole, str(found.path), print_mm, dpi, clip)]


def placeholder(design: Design, relative: str, box: Box) -> list[Item]:
    """A light dashed box with the picture's file name and the card's name: where the picture goes."""
    lines = [printable(relative), printable(design.ctx.tr(design.face_type.name) or design.face_type.id)]
    items: list[Item] = [Rect(box.x, box.y, box.w, box.h, PLACEHOLDER_LINE, PLACEHOLDER_FILL)]
    size = min(8.0, box.h / 4 / fonts.cap_height(1.0))
    for number, line in enumerate(lines):
        fitted_size = fonts.fit_size(line, box.w - 2, size, bold=number == 1, smallest=3.0)
        baseline = box.y + box.h / 2 + (number - 0.25) * size * MM_PER_POINT * 1.3
        items.append(
            Text(box.x + box.w / 2, baseline, line, fitted_size, number == 1, "center", PLACEHOLDER_INK, box.w - 2)
        )
    return items


def printable(text: str) -> str:
    """``text`` with each character the pieces' font cannot print as '?' (a file name may hold any)."""
    missing = set(fonts.missing_characters(text, False, "pieces")) | set(fonts.missing_characters(text, True, "pieces"))
    return "".join("?" if char in missing else char for char in text)[:60]


def text_block(design: Design, element: TextElement) -> RichText:
    """Wrapped text; a line break in the kit's text stays a line break; the box must hold it all."""
    box = design.box(element)
    source = element.text if element.text is not None else (design.type.text if design.type else None)
    text = design.ctx.tr(source, **type_values(design)) if source is not None else ""
    markup = "<br/>".join(to_markup(line) for line in text.strip().splitlines())
    leading = element.size_pt * 1.22
    needed = paragraph.height(markup, box.w, element.size_pt, leading, lang=design.ctx.lang)  # fitted as the rules
    if needed > box.h + 0.01:
        shown = icons.typed(text)[:50]
        raise LayoutProblem(("box",), f"a text needs {needed:.1f} mm but its box is {box.h:.1f} mm high: {shown!r}")
    return RichText(
        box.x,
        box.y,
        box.w,
        box.h,
        markup,
        element.size_pt,
        leading,
        color=design.color(element.color),
        align=element.align,
        lang=design.ctx.lang,
    )


def table(design: Design, element: TableElement) -> list[Item]:
    """Rows of short cells, the first column bold, a hairline under every row, across the box's
    width (kpn's hand sizes took 30 mm of a 78 mm box and left its right half empty). Every column
    is centred, header and cells on one line, but a first column of words (a row's name), set from
    the left."""
    box, tr = design.box(element), design.ctx.tr
    rows = ([element.header] if element.header else []) + list(element.rows)
    cells = [[tr(cell, **design.values) for cell in row] for row in rows]
    row_h = element.size_pt * 1.6 * MM_PER_POINT
    if row_h * len(cells) > box.h + 0.01:
        raise LayoutProblem(
            ("box",),
            f"a table of {len(cells)} rows needs {row_h * len(cells):.1f} mm but its box is {box.h:.1f} mm high",
        )
    columns = max(len(row) for row in cells)
    widths = [
        max(fonts.text_width(row[c], element.size_pt, True) if c < len(row) else 0.0 for row in cells) + 2.0
        for c in range(columns)
    ]
    if columns > 1 and sum(widths) < box.w:  # the spare width shared by the value columns: none left empty
        widths = [widths[0], *shared_widths(widths[1:], box.w - widths[0])]
    scale = min(1.0, box.w / sum(widths))
    widths = [w * scale for w in widths]
    color = design.color(element.color)
    body = cells[1:] if element.header else cells
    centred = [c > 0 or numbers_only([row[c] for row in body if c < len(row)]) for c in range(columns)]
    items: list[Item] = []
    for r, row in enumerate(cells):
        top = box.y + r * row_h
        baseline = top + row_h / 2 + fonts.cap_height(element.size_pt) / 2
        x = box.x
        for c, cell in enumerate(row):
            bold = c == 0 or (element.header is not None and r == 0)
            size = fonts.fit_size(cell, widths[c] - 1.0, element.size_pt, bold=bold, smallest=4.0)
            anchor, w = x + widths[c] / 2 if centred[c] else x, widths[c] - 1.0
            items.append(Text(anchor, baseline, cell, size, bold, "center" if centred[c] else "left", color, w))
            x += widths[c]
        items.append(Line(box.x, top + row_h, box.x + sum(widths), top + row_h, TABLE_RULE))
    return items


def figure_piece(component: DeckComponent, parts: list[str]) -> Placeable | str:
    """The cards or tiles a figure's reference names: 'TYPE', or 'OWNER.TYPE' in a deck with owners."""
    owners = {o.id: o for o in component.owners or []}
    types = {t.id: t for t in component.types}
    wanted = "OWNER.TYPE" if owners else "TYPE"
    if len(parts) != (2 if owners else 1) or (owners and parts[0] not in owners) or parts[-1] not in types:
        known = (f"owners {', '.join(owners)}; " if owners else "") + f"types {', '.join(types)}"
        return f"a piece of '{component.id}' is '{wanted}': {known}"
    owner = owners[parts[0]] if owners else None
    piece_type = types[parts[-1]]

    def draw(ctx: Context, side: Side) -> Group:
        designs = Designs(component, ctx)
        if side == "back":
            return designs.back(owner, 0.0, 0.0)
        return designs.face(DeckPiece(piece_type, owner, 1), 0.0, 0.0)

    def ground(ctx: Context, side: Side) -> str | None:
        return edge_colour(Designs(component, ctx).design(None if side == "back" else piece_type, owner), side)

    key = (component.id, owner.id if owner else "", piece_type.id)
    size = (component.width, component.height)
    has_back = bool(component.back)
    return Placeable(component.id, key, piece_type.count, has_back, draw, size, edge=True, ground=ground, flat=True)


STRIP_TYPES = 4  # a deck of at most this many types (and no owners) shows one card of each in the kit strip


def strip_pieces(component: DeckComponent) -> list[tuple[list[str], int]]:
    """One card of each owner's colour with how many each owner gets; without owners, one card
    of each type when there are few (STRIP_TYPES), else none (the strip shows the first and the total)."""
    if not component.types:
        return []
    if component.owners:
        per_owner = sum(kind.count for kind in component.types)
        return [([owner.id, component.types[0].id], per_owner) for owner in component.owners]
    if len(component.types) <= STRIP_TYPES:
        return [([kind.id], kind.count) for kind in component.types]
    return []


def first_piece(component: DeckComponent) -> list[str] | None:
    if not component.types:
        return None
    return [component.owners[0].id, component.types[0].id] if component.owners else [component.types[0].id]
