"""A row or grid of pieces in a rules figure: the places, their spacing, examples' badges and the
legend that keeps an example's label.

Places stand SPOT_GAP apart, a column as wide as its widest stack; a figure with ``touching: true``
sets every place on one pitch equal to the piece (rows and columns alike), so two pieces side by
side touch by their edge and two on a diagonal by their corner (kpn's grid: 5.8 mm between columns
and 14.4 / 16.2 mm between rows hid the corner contact its example teaches). A stack there keeps
its bottom piece in its place and lays each piece on it at full size a little offset, over its
neighbours (figure_pieces.COVER_STEP), so an offset piece never opens its column. In a grid an
example's number is a badge on its place (in a touching grid inside the corner of its piece on
top); its label, if it has one, goes with a copy of the badge into a legend at the labels' size
(kpn's 'on scissors' had been dropped): beside the example's row when its empty places end it,
else in the empty places opening the last row, else in a line under the drawing. Places marked
``linked`` (a winning group) are ringed on the page (figure_marks.picked_items).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from msgspec import Struct

from printkit import fonts
from printkit.base.errors import Loc
from printkit.kit.shared import Figure, FigureSpot
from printkit.layout import figure_marks
from printkit.layout.context import Context
from printkit.layout.figure_marks import Arrow
from printkit.layout.figure_notes import Tally, side_width
from printkit.layout.figure_pieces import Stacked, cover_offset, piece_source, pieces_used, stack_items, stack_room
from printkit.layout.placeable import Placeable
from printkit.layout.primitives import Box, Circle, Item, Line, Stroke, Text

if TYPE_CHECKING:
    from printkit.kit.model import Kit

MARK_BAND = 3.8
LABEL_BAND = 4.2  # mm under a row of places for their labels
SPOT_GAP = 0.12  # of a piece's side, between the places of a row or grid of pieces
LABEL_PT = 7.2  # a label or a count: small, and apart from the credits' 7.5 pt
BADGE_R = 2.3  # mm: the disc of an example's number on a place of a grid
BADGE_INSET = 1.2  # mm from the place's corner to the disc's centre: it stays on the figure
LEGEND_GAP = 1.2  # mm between the drawing and its legend line
LEGEND_SPACE = 4.0  # mm between two entries of a legend
LEGEND_H = 2 * BADGE_R + 0.4  # mm: a legend line, as tall as its badges
LEGEND_PAD = 1.0  # mm between a legend set in a grid's empty places and the pieces either side
LEADER = 3.5  # mm: a legend beside its example's piece stands this far off it, tied to it by a line (a review:
# kpn's 'on scissors' floated beside the grid)
LEADER_LINE = Stroke(color="#1a1a1a", width=0.3)
BADGE_IN = 0.5  # mm between a badge inside a piece's corner and the piece's edges


class Drawing(Struct, frozen=True):
    """A figure at its printed size: its items from (0, 0), its labels' anchors (the bottom centre
    of what each labels) and the components it shows."""

    items: tuple[Item, ...]
    w: float
    h: float
    labels: tuple[tuple[float, float, str], ...]
    components: tuple[str, ...]
    label_rows: int = 0  # rows of places with labels under them (a row or grid of pieces)
    marks: tuple[tuple[str, float, str], ...] = ()  # a board's coordinates: ("col" or "row", centre, text)
    arrows: tuple[Arrow, ...] = ()  # moves on a board, an arrow across an empty place of a row
    piece: float = 0.0  # the smallest side of a piece it shows, at printed size (0: it shows none)
    badges: tuple[tuple[float, float, str], ...] = ()  # an example's number on a place's top-left corner
    outlines: tuple[Box, ...] = ()  # the light pieces in full view, outlined on the page
    areas: tuple[Box, ...] = ()  # blocks of a board's cells ringed, in the figure's order
    legend: tuple[tuple[str, str], ...] = ()  # an example's number and its label, in a line under the drawing
    counts: tuple[tuple[float, float, str], ...] = ()  # a tall pile's count: a badge centred on (x, y)
    legible: float = 0.0  # the least scale that keeps every boxed text of its pieces (figure_marks.legible_scale)
    rings: tuple[str, ...] = ()  # what each ring of ``areas`` marks, in the rules' language ("": not in the legend)
    legend_room: Box | None = None  # the empty places beside an example's row, or opening the last row: the legend's
    legend_beside: bool = False  # the room ends the example's row: the legend may reach on to the column's edge
    legend_led: bool = False  # ... and starts right of the example's place: a leader ties the legend to it
    badges_inside: bool = False  # a touching grid: a badge stands inside its piece's corner, never on a shared one
    picked: tuple[Box, ...] = ()  # the places of a linked group (a winning three), each ringed on the page
    corner_marks: tuple[tuple[str, float, float, float], ...] = ()  # a sheet cell's tick or cross: (kind, x, y, side)
    row_ticks: tuple[float, ...] = ()  # the middles of a sheet grid's rows ticked at their right end
    tally: Tally | None = None  # the points the example scores, beside the grid (figure_notes)
    subject: tuple[str, ...] = ()  # the board, sheet part or pieces it shows, drawn at one scale on a page

    @property
    def side(self) -> float:
        """Page mm right of the drawing for its rows' ticks and its tally."""
        return side_width(self.tally, len(self.row_ticks))

    @property
    def band(self) -> float:
        """Page mm above and left of the drawing for its coordinates."""
        return MARK_BAND if self.marks else 0.0

    def legend_inside(self, scale: float, width: float) -> bool:
        """Whether the legend fits its room in the drawing drawn at ``scale``, centred in a column
        ``width`` mm wide: a room beside the example's row reaches on to the column's edge."""
        room = self.legend_room
        if not self.legend or room is None:
            return False
        spare = (width - self.w * scale) / 2 if self.legend_beside else 0.0
        return legend_width(self.legend) + self.lead <= room.w * scale + spare - 2 * LEGEND_PAD

    @property
    def lead(self) -> float:
        """Page mm the leader takes before a legend beside its example (0 without one)."""
        return LEADER - LEGEND_PAD if self.legend_led else 0.0

    def leader_items(self, left: float, top: float, scale: float) -> list[Item]:
        """The leader from the example's piece to its legend beside it, the drawing's (0, 0) at (left, top)."""
        if not self.legend_led or self.legend_room is None:
            return []
        start = left + self.legend_room.x * scale
        middle = top + (self.legend_room.y + self.legend_room.h / 2) * scale
        return [Line(start, middle, start + LEADER, middle, LEADER_LINE)]

    def legend_h(self, scale: float, width: float) -> float:
        """Page mm under the drawing for its legend line (0 without one, or with one inside)."""
        return LEGEND_GAP + LEGEND_H if self.legend and not self.legend_inside(scale, width) else 0.0

    def legend_at(self, left: float, top: float, scale: float) -> tuple[float, float]:
        """The centre of the legend line inside its room, the drawing's (0, 0) at (left, top): at
        the room's start beside the example's row, in its middle in the last row's opening."""
        room = self.legend_room
        assert room is not None
        middle = top + (room.y + room.h / 2) * scale
        if self.legend_beside:
            return left + room.x * scale + LEGEND_PAD + self.lead + legend_width(self.legend) / 2, middle
        return left + (room.x + room.w / 2) * scale, middle


def legend_width(legend: tuple[tuple[str, str], ...]) -> float:
    widths = [2 * BADGE_R + 1.0 + fonts.text_width(text, LABEL_PT, True, "body") for _, text in legend]
    return sum(widths) + LEGEND_SPACE * (len(widths) - 1)


def badge_items(cx: float, cy: float, text: str) -> list[Item]:
    """An example's number in a dark disc centred on (cx, cy), a place's corner: in a grid of
    places a label under an inner row pushed the rows below it apart (kpn's starting grid had
    gaps of 1.3 and 6.2 mm), so there the number stands on the piece and its label in the legend."""
    cap = fonts.cap_height(LABEL_PT, "body")
    return [
        Circle(cx, cy, BADGE_R, Stroke(color="#ffffff", width=0.4), "#1a1a1a"),
        Text(cx, cy + cap / 2, text, LABEL_PT, bold=True, align="center", color="#ffffff", face="body"),
    ]


def legend_items(legend: tuple[tuple[str, str], ...], cx: float, top: float) -> list[Item]:
    """The legend line centred on ``cx`` from ``top``: each example's badge, then its label."""
    widths = [2 * BADGE_R + 1.0 + fonts.text_width(text, LABEL_PT, True, "body") for _, text in legend]
    x = cx - legend_width(legend) / 2
    cy = top + LEGEND_H / 2
    items: list[Item] = []
    for (number, text), width in zip(legend, widths, strict=True):
        items += badge_items(x + BADGE_R, cy, number)
        cap = fonts.cap_height(LABEL_PT, "body")
        items.append(Text(x + 2 * BADGE_R + 1.0, cy + cap / 2, text, LABEL_PT, bold=True, face="body"))
        x += width + LEGEND_SPACE
    return items


def pieces_drawing(figure: Figure, kit: Kit, ctx: Context) -> Drawing:
    """A row or grid of places, their tops level along a row; a row is as tall as its tallest
    stack, a column as wide as its widest (a flat stack is drawn offset), and only a row with
    labels has room for them under it. Touching places all stand one piece apart, stacks within."""
    sources = [piece_source(kit, ref) for spot in figure.places for ref in spot.stack]
    sizes = [s.size for s in sources if isinstance(s, Placeable)]
    w, h = max(s[0] for s in sizes), max(s[1] for s in sizes)
    touching = figure.touching
    gap = 0.0 if touching else SPOT_GAP * min(w, h)
    columns = figure.columns or len(figure.places)
    places = figure.places
    rows = [places[start : start + columns] for start in range(0, len(places), columns)]
    rooms = [[(0.0, 0.0) if touching else stack_room(kit, spot.stack, w, h) for spot in row] for row in rows]
    widths = [w + max(room[c][0] for room in rooms if c < len(room)) for c in range(columns)]
    grid = len(rows) > 1  # an example's number is a badge on its place, so the rows keep one spacing
    if grid:  # and the columns one pitch: kpn's offset tile widened its column and read as 2 + 1
        widths = [max(widths)] * columns
    lefts = [sum(widths[:c]) + c * gap for c in range(columns)]
    drawn = Stacked()
    labels, badges, arrows, legend = [], [], [], []
    linked: list[tuple[int, int]] = []
    labelled_at: tuple[int, int] | None = None
    tops: list[tuple[float, float]] = []  # each row's top and height
    y = 0.0
    for row, row_rooms in zip(rows, rooms, strict=True):
        tallest = max(room[1] for room in row_rooms)
        for column, (spot, (room_x, room_y)) in enumerate(zip(row, row_rooms, strict=True)):
            x = lefts[column]
            stack_items(kit, spot.stack, ctx, x, y, w + room_x, h + room_y, drawn, within=touching)
            if spot.arrow is not None:
                arrows.append(figure_marks.place_arrow(spot.arrow, x, y, widths[column], h))
            if grid and spot.example is not None:
                dx, dy = cover_offset(len(spot.stack) - 1, w, h) if touching and spot.stack else (0.0, 0.0)
                badges.append((x + dx, y + dy, str(spot.example)))  # on the piece on top
                if spot.label is not None:
                    legend.append((str(spot.example), ctx.tr(spot.label)))
                    labelled_at = labelled_at or (len(tops), column)
            if spot.linked:
                linked.append((len(tops), column))
            elif label_under(spot, grid) and (label := figure_marks.label_of(spot, ctx)) is not None:
                labels.append((x + widths[column] / 2, y + h + tallest, label))
        tops.append((y, h + tallest))
        y += h + tallest + gap + (LABEL_BAND / 0.5 if labelled(row, grid) else 0.0)  # labels at about half size
    last_band = LABEL_BAND / 0.5 if labelled(rows[-1], grid) else 0.0
    stacks = [spot.stack for spot in places]
    used = pieces_used(kit, stacks)
    drawing = (tuple(drawn.items + drawn.over), lefts[-1] + widths[-1], y - gap - last_band, tuple(labels), tuple(used))
    room, beside = legend_room(rows, lefts, widths, tops, labelled_at) if grid else (None, False)
    led = beside and room is not None and labelled_at is not None and room.x == lefts[labelled_at[1] + 1]
    picked = tuple(Box(lefts[c], tops[r][0], widths[c], tops[r][1]) for r, c in linked)
    return Drawing(
        *drawing,
        len(rows) if labels else 0,
        piece=drawn.smallest,
        badges=tuple(badges),
        arrows=tuple(arrows),
        outlines=tuple(drawn.outlines),
        legend=tuple(sorted(legend)),
        counts=tuple(drawn.counts),
        legend_room=room,
        legend_beside=beside,
        legend_led=led,
        badges_inside=touching and grid,
        picked=picked,
        # grids of one deck's pieces at one scale: kpn's tiles at 12.1 and 14.2 mm on one page looked careless
        subject=("pieces", *used) if grid else (),
    )


def legend_room(
    rows: list[list[FigureSpot]],
    lefts: list[float],
    widths: list[float],
    tops: list[tuple[float, float]],
    labelled_at: tuple[int, int] | None,
) -> tuple[Box | None, bool]:
    """Where a grid's legend goes: the empty places that end the row of its labelled example, right
    of it, so the label stands beside its tile (kpn's 'on scissors' was two rows under it, a review);
    else the empty places that open the last row (None: a line under the drawing)."""
    if labelled_at is not None:
        number, column = labelled_at
        row = rows[number]
        start = len(row)
        while start > column + 1 and not row[start - 1].stack and row[start - 1].arrow is None:
            start -= 1
        if start < len(row):
            top, high = tops[number]
            return Box(lefts[start], top, lefts[-1] + widths[-1] - lefts[start], high), True
    top, high = tops[-1]
    return opening_room(rows[-1], lefts, top, high), False


def opening_room(last: list[FigureSpot], lefts: list[float], top: float, high: float) -> Box | None:
    """The run of empty places that opens a grid's last row (kpn's turn: three before the yellow
    tile), where the legend goes instead of a line under the drawing."""
    empty = 0
    while empty < len(last) and not last[empty].stack and last[empty].arrow is None:
        empty += 1
    if not empty or empty == len(last):
        return None
    return Box(0.0, top, lefts[empty], high)


def labelled(row: list[FigureSpot], grid: bool) -> bool:
    """Whether a row of places has labels under it: in a grid, an example's number is a badge on
    its place instead, and its label goes to the legend."""
    return any(label_under(spot, grid) for spot in row)


def label_under(spot: FigureSpot, grid: bool) -> bool:
    badged = grid and spot.example is not None
    return not badged and (spot.label is not None or spot.example is not None)


def touching_labels(figure: Figure, loc: Loc) -> Iterator[tuple[Loc, str]]:
    """In a grid of touching places a label would open a band under its row: it goes with an
    example's number, into the legend."""
    columns = figure.columns or len(figure.places)
    if not figure.touching or len(figure.places) <= columns:
        return
    for index, spot in enumerate(figure.places):
        if spot.label is not None and spot.example is None:
            yield (
                loc + ("pieces", index, "label"),
                "in a grid of touching places a label goes with an example's number (example: N), "
                "shown as a badge on the place and in the legend under the figure",
            )
