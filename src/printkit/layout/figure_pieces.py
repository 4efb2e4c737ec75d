"""The pieces of a rules figure: what a reference names, each piece placed as cut out, a stack of
them in its place, and the outline a light piece gets (figures.py lays the figure out).

A piece is drawn by its own kind at its printed size (``Placeable.draw``) with its cut corner
where the figure puts it; one whose drawing runs into its bleed is shown as cut out. A piece
light at its cut line (``Placeable.ground``: plateau's white stones, targ's pale cards) is
outlined on the page with the grey line its printed sheet cuts it along (figure_marks.OUTLINE): on
a white or a hatched cell it had no edge at all, a white stone read as a bare disc and its values
floated. A stack is drawn as figure_marks.stack_layers lays it: stones and tokens in an offset pile,
flat pieces offset, the one under showing a strip of its face.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from msgspec import Struct, field

from printkit.base.errors import Loc
from printkit.base.records import replace
from printkit.kit.shared import Figure
from printkit.layout import board as board_layout
from printkit.layout import figure_marks
from printkit.layout.context import Context
from printkit.layout.marks import on_paper
from printkit.layout.placeable import Placeable
from printkit.layout.primitives import Box, Group, Item, Rect, RichText, Side, Stroke, Text

if TYPE_CHECKING:
    from printkit.kit.model import Kit

PIECE_EDGE = Stroke(color="#b3b3b3", width=0.15)  # a faint edge for a card on a white page, not a cut line
COVER_STEP = 0.12  # of a piece's side: how far right of and below the one under it a piece lies in a
# touching grid, at full size (kpn's pink tile drawn at 62 % beside the scissors read as a small tile, a review)
SHADOW_STEP = 0.05  # of a piece's side: the drop shadow under a covering piece, right of and below it
SHADOW = "#6e6e6e"  # a shadow's grey: darker than any tile's pale tint, so the piece above reads as lying on top
TOUCH_EDGE = Stroke(color=figure_marks.LAYER_EDGE, width=0.6)  # where two touching pieces meet (printed size)


def split_ref(ref: str) -> tuple[list[str], Side]:
    side: Side = "back" if ref.endswith(":back") else "face"
    return ref.removesuffix(":back").split("."), side


def piece_source(kit: Kit, ref: str) -> Placeable | str:
    """The pieces ``ref`` names, or what is wrong with it: asked of the component's kind."""
    parts, side = split_ref(ref)
    found = {c.id: c for c in kit.components}.get(parts[0])
    if found is None:
        return f"the kit has no component '{parts[0]}' (in '{ref}')"
    named = kit.kinds.kind_of(found).figure_piece
    if named is None:
        return f"'{parts[0]}' is a {found.kind}, not pieces a figure can place (in '{ref}')"
    source = named(found, parts[1:])
    if isinstance(source, str):
        return f"{source} (in '{ref}')"
    if side == "back" and not source.has_back:
        return f"'{ref.removesuffix(':back')}' has no back to show"
    return source


def placed_piece(kit: Kit, ref: str, ctx: Context, x: float, y: float, scale: float = 1.0) -> Group:
    """The piece ``ref`` names with its cut corner at (x, y), drawn ``scale`` times its size."""
    source = piece_source(kit, ref)
    assert isinstance(source, Placeable)  # check_figures refused the kit otherwise
    _, side = split_ref(ref)
    group = source.draw(ctx, side)
    bx, by = -group.x, -group.y  # where the trim starts in a drawing that runs into its bleed
    at = (x + group.x * scale, y + group.y * scale)
    if bx <= 0 and by <= 0:
        return Group(group.key, *at, group.w, group.h, group.items, group.rotate, scale=group.scale * scale)
    pw, ph = source.size  # shown as cut out: the bleed would spill past its cell and the pieces beside it
    trim = ((bx, by), (bx + pw, by), (bx + pw, by + ph), (bx, by + ph))
    return Group(
        group.key + ("trimmed",), *at, group.w, group.h, group.items, group.rotate, clip=trim, scale=group.scale * scale
    )


def light(source: Placeable, ctx: Context, side: Side) -> bool:
    """Whether the piece's side is light at its cut line, so that on a light cell it shows no edge."""
    return source.ground is not None and on_paper(source.ground(ctx, side))


def is_flat(sources: list[Placeable]) -> bool:
    """A stack of flat pieces (cards, tiles), drawn offset; a stack of anything else by its edges."""
    return bool(sources) and all(source.flat for source in sources)


class Stacked(Struct):
    """A figure's pieces as they are drawn: the items in the scaled drawing, the boxes (at
    printed size) of the light pieces in full view, outlined on the page, the count badges of
    tall piles (their centres and counts), the smallest side a piece is drawn at and the box of
    every piece drawn (where a move's arrow ends)."""

    items: list[Item] = field(default_factory=list)
    over: list[Item] = field(default_factory=list)  # covering pieces of a touching grid, drawn after every place
    outlines: list[Box] = field(default_factory=list)
    counts: list[tuple[float, float, str]] = field(default_factory=list)
    smallest: float = 0.0
    boxes: list[Box] = field(default_factory=list)  # every piece drawn, as its box in the drawing

    def drawn(self, side: float) -> None:
        self.smallest = side if not self.smallest else min(self.smallest, side)


def stack_items(
    kit: Kit,
    refs: list[str],
    ctx: Context,
    x: float,
    y: float,
    w: float,
    h: float,
    into: Stacked,
    margin: float = 0.0,
    within: bool = False,
) -> None:
    """The pieces of a place, bottom first, centred in the place's (x, y, w, h) as
    figure_marks.stack_layers lays them (a pile keeps ``margin`` mm inside the place): the top one
    in full, each under it where the one above leaves it, a pile of more than PILE_COUNTED with
    its count. ``within`` (a grid of touching places, w × h one piece): the bottom piece fills its
    place, so it touches its neighbours, and each piece on it lies at full size COVER_STEP of its
    side right of and below the one under it, on a drop shadow, drawn after every place (``over``)
    so that it lies on the neighbours it reaches over too: the top and left strips of the one under
    show, and its foot, the owner's name, is covered whole, never cut (kpn's pink rock on the
    scissors); every piece gets an edge, so two pieces that touch show where one ends."""
    sources = [piece_source(kit, ref) for ref in refs]
    placeable = [s for s in sources if isinstance(s, Placeable)]
    flat = is_flat(placeable)
    pw, ph = max((s.size[0] for s in placeable), default=0.0), max((s.size[1] for s in placeable), default=0.0)
    layers = figure_marks.stack_layers(len(refs), w, h, pw, ph, flat, margin)
    for level, (ref, source, layer) in enumerate(zip(refs, sources, layers, strict=True)):
        assert isinstance(source, Placeable)
        small = 1.0 if within else layer.scale
        if within:  # the bottom piece fills the place, each above it lies offset, at full size
            dx, dy = cover_offset(level, pw, ph)
            layer = figure_marks.Layer(dx, dy, layer.top)
        sw, sh = source.size[0] * small, source.size[1] * small
        px, py = x + layer.x + (pw - source.size[0]) / 2 * small, y + layer.y + (ph - source.size[1]) / 2 * small
        piece = placed_piece(kit, ref, ctx, px, py, small)
        if not layer.top and not flat:
            piece = replace(piece, key=(*piece.key, "under"), items=textless(piece.items))
        drawn_in = into.over if within and level else into.items
        if within and level:  # it lies on the one under it: a shadow right of and below it
            shadow = SHADOW_STEP * min(pw, ph)
            drawn_in.append(Rect(px + shadow, py + shadow, sw, sh, None, SHADOW))
        drawn_in.append(piece)
        into.drawn(min(sw, sh))
        seen_light = light(source, ctx, split_ref(ref)[1])
        into.boxes.append(Box(px, py, sw, sh))
        if len(refs) > 1 and not flat:  # each piece of a pile parted from the one under it
            into.items += figure_marks.layer_items(px, py, sw, sh, seen_light)
        if not layer.top:  # a piece under another: its face shows where the one above leaves it
            continue
        if len(refs) > 1 and flat:  # the top of a stack parted from the piece under it
            drawn_in += figure_marks.layer_items(px, py, sw, sh, seen_light)
        elif within:
            drawn_in.append(Rect(px, py, sw, sh, TOUCH_EDGE))
        elif source.edge and not seen_light:
            into.items.append(Rect(px, py, sw, sh, PIECE_EDGE))
        if seen_light:
            into.outlines.append(Box(px, py, sw, sh))
    if not flat and len(refs) > figure_marks.PILE_COUNTED:
        cx, cy = figure_marks.pile_count_at(layers, pw, ph)
        into.counts.append((x + cx, y + cy, str(len(refs))))


def cover_offset(level: int, pw: float, ph: float) -> tuple[float, float]:
    """Where the ``level``th piece of a stack in a touching place lies (0: the bottom one, filling
    the place): COVER_STEP of its side further right and down for each piece under it."""
    return COVER_STEP * level * pw, COVER_STEP * level * ph


def textless(items: tuple[Item, ...]) -> tuple[Item, ...]:
    """A piece's drawing without its texts, nor the groups that hold one (a stone's value and its
    underline): under another piece of a pile only an edge of it shows, and a value cut by the
    piece above read as a stray mark."""
    kept: list[Item] = []
    for item in items:
        if isinstance(item, (Text, RichText)):
            continue
        if isinstance(item, Group):
            if any(isinstance(inner, (Text, RichText)) for inner in item.items):
                continue
            inner = textless(item.items)
            if inner != item.items:  # a drawing of its own: a key of its own (one key, one PDF form)
                item = replace(item, key=(*item.key, "textless"), items=inner)
        kept.append(item)
    return tuple(kept)


def stack_room(kit: Kit, refs: list[str], w: float, h: float) -> tuple[float, float]:
    """How much wider and taller than one piece (w × h) the stack ``refs`` is drawn in a row."""
    sources = [s for s in (piece_source(kit, ref) for ref in refs) if isinstance(s, Placeable)]
    return figure_marks.stack_room(len(refs), w, h, is_flat(sources))


def move_arrow(
    path: list[str], held: dict[tuple[int, int], list[Box]], left: float, top: float, cw: float, ch: float
) -> figure_marks.Arrow:
    """A move along the cells of ``path`` on a board drawn from (left, top) with cells cw × ch:
    from its first cell's centre, set over the pieces (a review: an arrow from the moving stone's
    rim to the edge of the next was 3 mm long and ran into the stone's own printed arrow), its head
    ARROW_GAP before the edge of the pieces its last cell holds (``held``: their boxes; a review:
    a head on the stack's red face, and on a white stone's own black arrows), or touching a ring
    that marks an empty last cell (plateau's twister ended nowhere)."""
    cells = [board_layout.cell_of(at) for at in path]
    centres = tuple((left + (col + 0.5) * cw, top + (row + 0.5) * ch) for row, col in cells)
    if held.get(cells[-1]):
        before = figure_marks.entry_before(centres[-2], centres[-1], held[cells[-1]])
        return figure_marks.Arrow(centres, before + figure_marks.ARROW_GAP)
    ring = figure_marks.TARGET * min(cw, ch)
    return figure_marks.Arrow(centres, ring, target=ring)


def pieces_used(kit: Kit, stacks: Iterator[list[str]] | list[list[str]]) -> list[str]:
    used: dict[str, None] = {}
    for refs in stacks:
        for ref in refs:
            used[split_ref(ref)[0][0]] = None
    return list(used)


def place_arrows(figure: Figure, loc: Loc) -> Iterator[tuple[Loc, str]]:
    """An arrow in a row of pieces stands in an empty place between two places that hold pieces."""
    columns = figure.columns or len(figure.places)
    for index, spot in enumerate(figure.places):
        if spot.arrow is None:
            continue
        column = index % columns
        before = figure.places[index - 1] if column > 0 else None
        after = figure.places[index + 1] if column < columns - 1 and index + 1 < len(figure.places) else None
        if spot.stack:
            yield loc + ("pieces", index, "put"), f"a place with an arrow ('{spot.arrow}') is empty: it holds no pieces"
        elif before is None or after is None or not before.stack or not after.stack:
            yield (
                loc + ("pieces", index, "arrow"),
                f"the arrow '{spot.arrow}' points from the place before it to the place after it in its row: "
                "both must hold pieces",
            )


def piece_counts(kit: Kit, figure: Figure, loc: Loc) -> Iterator[tuple[Loc, str]]:
    """Every reference names pieces the kit prints, and no more of them than it prints."""
    placed: dict[tuple[str, ...], int] = {}
    if figure.pieces and not any(spot.stack for spot in figure.places):
        yield loc + ("pieces",), "a row of pieces shows at least one piece"
    for ref_loc, ref in written_refs(figure, loc):
        source = piece_source(kit, ref)
        if isinstance(source, str):
            yield ref_loc, source
            continue
        # a row of pieces may show one piece's face and its back side by side (a stone turned over);
        # a position on a board holds each piece once
        key = source.key + ((split_ref(ref)[1],) if figure.pieces else ())
        placed[key] = placed.get(key, 0) + 1
        if placed[key] == source.available + 1:
            name = ref.removesuffix(":back")
            yield ref_loc, f"the figure places more than the {source.available} '{name}' the kit prints"


def written_refs(figure: Figure, loc: Loc) -> Iterator[tuple[Loc, str]]:
    """Every piece reference of the figure and the field it is written in."""
    for number, cell in enumerate(figure.cells):
        yield from refs_at(cell.put, loc + ("cells", number, "put"))
    for number, place in enumerate(figure.pieces):
        if isinstance(place, (str, list)):
            yield from refs_at(place, loc + ("pieces", number))
        elif place is not None:
            yield from refs_at(place.put, loc + ("pieces", number, "put"))


def refs_at(put: str | list[str], loc: Loc) -> Iterator[tuple[Loc, str]]:
    if isinstance(put, str):
        yield loc, put
    else:
        yield from ((loc + (index,), ref) for index, ref in enumerate(put))
