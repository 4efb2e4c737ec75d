"""Card-grid imposition: how many equal pieces fit a page, where each goes, where the marks go.

Pure arithmetic on millimetres (y down), no drawing. A page keeps SAFE_EDGE free on every side
and a footer band at the bottom; the crop marks and the bleed need room outside the block of
pieces, so that room is kept too. Pieces either touch (gutter 0: one cut line serves two pieces)
or stand ``gutter`` apart (each bleeds into its half of the gutter).
"""

from __future__ import annotations

import math

from msgspec import Struct

from printkit.base.records import replace
from printkit.layout.context import CROP_MARKS, FOOTER_CLEAR, SAFE_EDGE, CropMarks, Paper
from printkit.layout.imposition import DoesNotFit, Segment
from printkit.layout.primitives import EPSILON, Box, Group

MARK_GAP = 1.0  # between the block (with its bleed) and the start of a crop mark
MARK_LENGTH = 4.0
ORIENTATIONS = ("portrait", "landscape")


class GridSpec(Struct, frozen=True):
    """The pieces to impose: their size at the cut line, the space between them, the bleed."""

    piece_w: float
    piece_h: float
    gutter: float = 0.0
    bleed: float = 0.0
    marks: bool = True
    mark_room: float = MARK_GAP + MARK_LENGTH  # how far the crop marks reach outside the bleed

    @property
    def outside(self) -> float:
        """Room needed around the block: the bleed, then the crop marks."""
        return self.bleed + (self.mark_room if self.marks else 0.0)


class CardGrid(Struct, frozen=True):
    """A page's grid: ``cols`` x ``rows`` pieces, the first one's top-left corner at (left, top)."""

    page_w: float
    page_h: float
    cols: int
    rows: int
    left: float
    top: float
    spec: GridSpec

    @property
    def capacity(self) -> int:
        return self.cols * self.rows

    @property
    def orientation(self) -> str:
        return "landscape" if self.page_w > self.page_h else "portrait"

    def slot(self, index: int) -> Box:
        """The cut-line box of the piece at ``index``, row by row from the top-left."""
        if not 0 <= index < self.capacity:
            raise IndexError(index)
        row, col = divmod(index, self.cols)
        s = self.spec
        return Box(
            self.left + col * (s.piece_w + s.gutter), self.top + row * (s.piece_h + s.gutter), s.piece_w, s.piece_h
        )

    def slots(self, count: int) -> list[Box]:
        return [self.slot(i) for i in range(count)]


def printable(page_w: float, page_h: float, spec: GridSpec) -> Box:
    """Where the block of pieces may lie: the safe edge, the footer band and the marks kept free."""
    side = SAFE_EDGE + spec.outside
    bottom = max(SAFE_EDGE, FOOTER_CLEAR) + spec.outside
    return Box(side, side, page_w - 2 * side, page_h - side - bottom)


def fitting(length: float, piece: float, gutter: float) -> int:
    """How many pieces, ``gutter`` apart, fit in ``length``."""
    return max(0, int(math.floor((length + gutter + EPSILON) / (piece + gutter))))


def block_size(cols: int, rows: int, spec: GridSpec) -> tuple[float, float]:
    return cols * spec.piece_w + (cols - 1) * spec.gutter, rows * spec.piece_h + (rows - 1) * spec.gutter


def grid_on(page_w: float, page_h: float, spec: GridSpec, cols: int, rows: int) -> CardGrid:
    """The grid of cols x rows centred in the page's printable area."""
    area = printable(page_w, page_h, spec)
    block_w, block_h = block_size(cols, rows, spec)
    return CardGrid(page_w, page_h, cols, rows, area.x + (area.w - block_w) / 2, area.y + (area.h - block_h) / 2, spec)


def page_size(paper: Paper, orientation: str) -> tuple[float, float]:
    short, long = sorted((paper.width, paper.height))
    return (long, short) if orientation == "landscape" else (short, long)


def candidates(paper: Paper, spec: GridSpec, orientation: str = "auto") -> list[tuple[str, int, int]]:
    """(orientation, most columns, most rows) for each orientation allowed that fits a piece."""
    out = []
    for name in ORIENTATIONS if orientation == "auto" else (orientation,):
        page_w, page_h = page_size(paper, name)
        area = printable(page_w, page_h, spec)
        cols, rows = fitting(area.w, spec.piece_w, spec.gutter), fitting(area.h, spec.piece_h, spec.gutter)
        if cols and rows:
            out.append((name, cols, rows))
    return out


def choose_grid(paper: Paper, spec: GridSpec, per_page: int | None = None, orientation: str = "auto") -> CardGrid:
    """The page grid for these pieces.

    Without ``per_page``: the orientation holding the most pieces (portrait on a tie). With it:
    a grid of at least ``per_page`` places with the fewest left empty, then the most columns.
    """
    options = candidates(paper, spec, orientation)
    if not options:
        raise DoesNotFit(
            f"a {spec.piece_w:g} × {spec.piece_h:g} mm piece does not fit on {paper.name} with the safe edges and "
            "crop marks"
        )
    if per_page is None:
        name, cols, rows = max(options, key=lambda o: (o[1] * o[2], o[0] == "portrait"))
        return grid_on(*page_size(paper, name), spec, cols, rows)
    shapes = []
    for name, most_cols, most_rows in options:
        for cols in range(1, most_cols + 1):
            rows = math.ceil(per_page / cols)
            if rows <= most_rows:
                shapes.append((cols * rows - per_page, -cols, ORIENTATIONS.index(name), name, cols, rows))
    if not shapes:
        best = max(c * r for _, c, r in options)
        raise DoesNotFit(
            f"{per_page} pieces of {spec.piece_w:g} × {spec.piece_h:g} mm do not fit on one {paper.name} page; at "
            f"most {best} do"
        )
    *_, name, cols, rows = min(shapes)
    return grid_on(*page_size(paper, name), spec, cols, rows)


def bounds(boxes: list[Box]) -> Box:
    left, top = min(b.x for b in boxes), min(b.y for b in boxes)
    right, bottom = max(b.right for b in boxes), max(b.bottom for b in boxes)
    return Box(left, top, right - left, bottom - top)


def grown(box: Box, by: float) -> Box:
    return Box(box.x - by, box.y - by, box.w + 2 * by, box.h + 2 * by)


def outer_sides(box: Box, boxes: list[Box]) -> tuple[bool, bool, bool, bool]:
    """Which of the box's sides (left, top, right, bottom) no other box touches: where a piece of a
    block that shares its cuts may bleed; a side shared with a neighbour stops on the cut."""
    return tuple(not side for side in touching(box, boxes))  # type: ignore[return-value]


def touching(box: Box, boxes: list[Box]) -> tuple[list[int], list[int], list[int], list[int]]:
    """The indices in ``boxes`` of the pieces that touch the box's left, top, right and bottom side."""
    sides: tuple[list[int], list[int], list[int], list[int]] = ([], [], [], [])
    for n, o in enumerate(boxes):
        if o is box:
            continue
        if _overlap(box.y, box.bottom, o.y, o.bottom):
            if abs(o.right - box.x) < EPSILON:
                sides[0].append(n)
            if abs(o.x - box.right) < EPSILON:
                sides[2].append(n)
        if _overlap(box.x, box.right, o.x, o.right):
            if abs(o.bottom - box.y) < EPSILON:
                sides[1].append(n)
            if abs(o.y - box.bottom) < EPSILON:
                sides[3].append(n)
    return sides


def opened(grid: CardGrid, boxes: list[Box], colours: list[object], gap: float) -> list[Box]:
    """``boxes`` (the grid's first slots, row by row) with ``gap`` opened between two rows wherever
    a piece sits on a piece of another colour (``colours``, one a box), the block centred again in
    the page's printable area: a cut two colours shared would leave a sliver of one on the other
    when the knife missed it; apart, each bleeds into its half of the gap. Rows of one colour
    keep sharing their cuts. The boxes unchanged when the gaps do not fit the page."""
    cols, s = grid.cols, grid.spec
    rows = math.ceil(len(boxes) / cols)
    breaks = [
        r > 0 and any(colours[i] != colours[i - cols] for i in range(r * cols, min(len(boxes), (r + 1) * cols)))
        for r in range(rows)
    ]
    if not any(breaks):
        return boxes
    area = printable(grid.page_w, grid.page_h, s)
    block_h = block_size(cols, grid.rows, s)[1] + gap * sum(breaks)
    if block_h > area.h + EPSILON:
        return boxes
    top = area.y + (area.h - block_h) / 2
    out = []
    for i, box in enumerate(boxes):
        row = i // cols
        out.append(replace(box, y=top + row * (s.piece_h + s.gutter) + gap * sum(breaks[: row + 1])))
    return out


def _overlap(a0: float, a1: float, b0: float, b1: float) -> bool:
    return min(a1, b1) - max(a0, b0) > EPSILON


SEAM = 0.1  # mm a piece that shares its cuts runs past a shared cut: two fills that only met left a hairline


def shared_clip(
    box: Box, boxes: list[Box], bleed: float, band: tuple[float, float, float, float] = (0, 0, 0, 0)
) -> Box:
    """The part of a bled piece at ``box`` that prints in a block sharing its cuts: its trim, grown
    by the bleed on the sides no neighbour touches and by SEAM on the others; a side whose ``band``
    is not 0 (a neighbour of another colour touches it) stops that far inside the trim instead."""
    left, top, right, bottom = (
        -inset if inset else bleed if not near else SEAM for near, inset in zip(touching(box, boxes), band, strict=True)
    )
    x0, y0, x1, y1 = box.x - left, box.y - top, box.right + right, box.bottom + bottom
    return Box(x0, y0, x1 - x0, y1 - y0)


def clipped(group: Group, shown: Box) -> Group:
    """A piece's drawing cut to ``shown`` (page mm): a group of its own (its key says so) that holds
    the drawing itself, unchanged, inside its clip, so the drawing stays one PDF form shared by
    every piece that shows it (a form per clipped copy made kpn's 120 tiles 50 % larger and
    slower to write)."""
    x0, y0 = shown.x - group.x, shown.y - group.y
    outline = ((x0, y0), (x0 + shown.w, y0), (x0 + shown.w, y0 + shown.h), (x0, y0 + shown.h))
    inner = replace(group, x=0.0, y=0.0)
    return replace(group, key=(*group.key, "shared", outline), items=(inner,), clip=outline, rotate=0, scale=1.0)


def gutter_marks(boxes: list[Box]) -> list[Segment]:
    """Short lines across each gutter between two neighbouring pieces, in line with their trims:
    the cut guides inside a block of bled pieces, where the crop marks outside it are far away.
    Each lies on the gutter (both neighbours' bleed), which the two cuts either side remove, so a
    stray cut leaves none of it on a piece. Pieces that touch (shared cuts) have no gutter and get
    none: a mark to the piece beyond would cross the one between."""
    marks: list[Segment] = []
    for box in boxes:
        right = [o for o in boxes if o.x > box.right - EPSILON and _same(box.y, box.h, o.y, o.h)]
        neighbour = min(right, key=lambda o: o.x, default=None)
        if neighbour is not None and neighbour.x > box.right + EPSILON:
            marks += [Segment(box.right, y, neighbour.x, y) for y in (box.y, box.bottom)]
        below = [o for o in boxes if o.y > box.bottom - EPSILON and _same(box.x, box.w, o.x, o.w)]
        neighbour = min(below, key=lambda o: o.y, default=None)
        if neighbour is not None and neighbour.y > box.bottom + EPSILON:
            marks += [Segment(x, box.bottom, x, neighbour.y) for x in (box.x, box.right)]
    return list(dict.fromkeys(marks))


def shared_cuts(box: Box, boxes: list[Box]) -> list[Segment]:
    """The cuts the piece at ``box`` shares with a piece touching its right or bottom side: each the
    stretch of trim the two sides have in common (so each shared cut is found once, from its left
    or upper piece)."""
    cuts: list[Segment] = []
    for other in boxes:
        if abs(other.x - box.right) < EPSILON and _overlap(box.y, box.bottom, other.y, other.bottom):
            cuts.append(Segment(box.right, max(box.y, other.y), box.right, min(box.bottom, other.bottom)))
        if abs(other.y - box.bottom) < EPSILON and _overlap(box.x, box.right, other.x, other.right):
            cuts.append(Segment(max(box.x, other.x), box.bottom, min(box.right, other.right), box.bottom))
    return cuts


TICK_ARM = 1.75  # mm: each arm of a corner tick, from the corner along a cut
TICK_PROBE = 0.05  # mm from a corner diagonally: a point each of the four pieces meeting there covers


def corner_ticks(boxes: list[Box], arm: float = TICK_ARM) -> list[Segment]:
    """The cutting guides inside a block of pieces that share their cuts (docs/printing.md, "How
    pieces are cut"): a short cross at each corner where four pieces meet, its arms ``arm`` mm
    along the four cuts that leave it (a horizontal and a vertical segment). A corner on the
    block's outline gets none: the crop marks in the margin stand in line with every cut there.
    Scissors follow the cut from cross to cross; a cut a little off the line leaves at most a
    short arm on a corner, where a full-length line on the trim left a sliver along the whole
    side (plateau's white keylines on its black stones, a review)."""
    corners = sorted({(round(x, 6), round(y, 6)) for b in boxes for x in (b.x, b.right) for y in (b.y, b.bottom)})
    ticks: list[Segment] = []
    for x, y in corners:
        around = [(x + dx, y + dy) for dx in (-TICK_PROBE, TICK_PROBE) for dy in (-TICK_PROBE, TICK_PROBE)]
        if all(any(b.x < px < b.right and b.y < py < b.bottom for b in boxes) for px, py in around):
            ticks += [Segment(x - arm, y, x + arm, y), Segment(x, y - arm, x, y + arm)]
    return ticks


def _same(start: float, length: float, other_start: float, other_length: float) -> bool:
    """Whether two spans (a row's or a column's) are the same."""
    return abs(start - other_start) < EPSILON and abs(length - other_length) < EPSILON


MARK_EDGE = 7.0  # mm: a crop mark stops this far from the paper's edge, where a home printer's grip smears
MARK_LEAST = 1.5  # mm: the least of a crop mark kept off the edge; a mark that would be shorter stays whole


def off_edges(marks: list[Segment], page_w: float, page_h: float) -> list[Segment]:
    """The crop marks shortened to stop MARK_EDGE from every edge of a ``page_w`` × ``page_h`` paper
    (kpn's aid cards on Letter start 10.1 mm from the top: their marks reached 5.1 mm from it, a
    review). Where that would leave less than MARK_LEAST of a mark (a block that fills the paper to
    SAFE_EDGE, 9 bled poker cards on A4), the mark stays as it is: a cut with no mark is worse."""
    kept = []
    for mark in marks:
        x1, x2 = (min(max(x, MARK_EDGE), page_w - MARK_EDGE) for x in (mark.x1, mark.x2))
        y1, y2 = (min(max(y, MARK_EDGE), page_h - MARK_EDGE) for y in (mark.y1, mark.y2))
        along = (mark.x1 == mark.x2 and x1 == mark.x1) or (mark.y1 == mark.y2 and y1 == mark.y1)
        short = Segment(x1, y1, x2, y2)
        kept.append(short if along and abs(x2 - x1) + abs(y2 - y1) >= MARK_LEAST else mark)
    return kept


def crop_marks(boxes: list[Box], bleed: float = 0.0, crop: CropMarks = CROP_MARKS) -> list[Segment]:
    """Short lines outside the block, in line with every cut: above and below for each vertical
    cut, left and right for each horizontal one. Being outside the block (and its bleed), they
    can never cross a piece. ``crop`` says how long they are and how far from the bleed they start."""
    block = bounds(boxes)
    near, far = bleed + crop.offset, bleed + crop.room
    xs = sorted({round(v, 6) for b in boxes for v in (b.x, b.right)})
    ys = sorted({round(v, 6) for b in boxes for v in (b.y, b.bottom)})
    marks = []
    for x in xs:
        marks += [Segment(x, block.y - far, x, block.y - near), Segment(x, block.bottom + near, x, block.bottom + far)]
    for y in ys:
        marks += [Segment(block.x - far, y, block.x - near, y), Segment(block.right + near, y, block.right + far, y)]
    return marks
