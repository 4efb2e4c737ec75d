"""What a rules figure adds to the pieces it draws so that it teaches: a stack drawn as a stack,
a move drawn as an arrow, an example numbered in the rules' language, and the sizes a reader
needs (a piece at least MIN_PIECE mm across, labels at least 7 pt).

Pieces and stacks are drawn at their printed size inside the figure's scaled group; arrows and
the outline of a light piece are set on the page after scaling (like labels), so their lines and
heads keep one size whatever the figure's scale.

A move of several legs, each starting where the one before ended (plateau's twister, B3-B2 then
B2-C1), is one arrow: a path through the centres of the cells it crosses, from a dot on the first
centre to its one head, which stops ARROW_GAP before the pieces of the last cell (or touches the
ring of an empty one), a small dot where it turns; deep blue and twice as thick as the
black arrows printed on the pieces, on a white halo, it reads over any piece. Pieces that are not
flat (stones, tokens) lie in an offset pile, each a step right of and above the one under it, whose
L of face shows (a stone's owner and the rim of its colour disc); the pile shrinks to stay inside its
cell, and one of more than PILE_COUNTED carries its count. A flat piece (a card, a tile) under
another shows a corner of its face, the one above it lying offset, as a tile laid on a tile would
be drawn. A piece light at its cut line (a white
stone, a pale card) gets the grey line its printed sheet cuts it along, so it stands out on a light
cell. An empty place of a row may hold an arrow from the place before it to the one after: curved
for a piece turned over, straight for what it becomes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator

from msgspec import Struct

from printkit import fonts
from printkit.base.records import replace
from printkit.kit.shared import FigureCell, FigureSpot
from printkit.layout import board as board_layout
from printkit.layout.context import Context
from printkit.layout.primitives import Box, Circle, Group, Item, Line, Path, Rect, Stroke, Text

Point = tuple[float, float]

MIN_PIECE = 12.0  # mm: the smallest a piece may print in a rules figure and still be read
PILE_STEP = 0.17  # of a piece's side: in a pile each piece lies this far right of and above the one under,
# which shows an L that wide, reaching into a stone's colour disc (its rim is 0.09 of the side in)
PILE_MARGIN = 0.05  # of a cell's side: a pile keeps this far inside its cell (2 mm of 40)
PILE_LEAST = 0.7  # the smallest share of its size a piece of a pile is drawn at in a cell
PILE_COUNTED = 3  # a pile of more pieces than this gets a badge with its count
LAYER_EDGE = "#9a9a9a"  # where two touching pieces of a grid meet: reads on a black and on a white piece
PILE_EDGE = 0.45  # mm at printed size: a piece's edge in a stack, about a cut line's 0.25 mm on the page
PARTING = "#ffffff"  # a dark piece's edge in a stack: a light line parts it from the dark piece under it
ARROW_GAP = 1.0  # mm at printed size: a move's head stops this far before the piece it points to
ARROW_INK = "#16357a"  # deep blue: a move is not one of the black arrows printed on the pieces it crosses
ARROW_HALO = "#ffffff"  # under the arrow, so it reads over a dark piece or a shaded cell
ARROW_W, HALO_W = 1.1, 2.4  # mm on the page: thicker than a stone's own arrows at any figure size (0.9 mm)
HEAD_LEN, HEAD_W = 3.4, 3.2  # mm on the page
START_R = 1.2  # mm: the dot where a move starts
TURN_R = 0.95  # mm: the dot where a move of several legs turns on its way (its line is ARROW_W wide)
TARGET = 0.3  # of a cell: the ring that marks where a move to an empty cell ends (solid: a rules page
TARGET_W = 0.5  # draws no dash, the cut and fold lines' mark; mm on the page)
FLAT_STEP = (0.45, 0.14)  # of a flat piece's width and height: the one above lies this much right of and
# below the one under, which shows a strip of its face that wide along its left side (kpn's tiles: the
# left part of the symbol) and that tall along its top; the row grows by no more than a stack of stones
PLACE_ARROW_MARGIN = 0.1  # of an empty place's width: an arrow across it starts and ends this far in
TURN_RISE = 0.22  # of a place's height: how far a turned-over arrow bows above the place's middle
TURN_POINTS = 24  # straight pieces of the curved arrow
OUTLINE = Stroke(color="#555555", width=0.35)  # a light piece's edge on the page: as dark as a cut line, never
# one (a rules page draws no cut line, tests/test_not_cut_pages.py)


class Arrow(Struct, frozen=True):
    """An arrow of a figure at the drawing's printed size: a path through ``points``, its head
    ``short`` mm before the last one; a dot where it starts (``start``) and a smaller one at each
    point it turns at (``turns``)."""

    points: tuple[Point, ...]
    short: float = 0.0
    start: bool = True
    turns: bool = True
    target: float = 0.0  # the radius of a dashed ring on the last point: where a move to an empty cell ends

    def placed(self, left: float, top: float, scale: float) -> Arrow:
        """The arrow on the page, the drawing's (0, 0) at (left, top) and drawn ``scale`` times its size."""
        points = tuple((left + x * scale, top + y * scale) for x, y in self.points)
        return replace(self, points=points, short=self.short * scale, target=self.target * scale)


def move_paths(moves: Iterable[str]) -> list[list[str]]:
    """The figure's moves ('B3-B2') as paths of cells: a move that starts on the cell where the one
    before it ended continues its path (a twister's two legs are one move)."""
    paths: list[list[str]] = []
    for move in moves:
        start, end = move.split("-")
        if paths and board_layout.cell_of(paths[-1][-1]) == board_layout.cell_of(start):
            paths[-1].append(end)
        else:
            paths.append([start, end])
    return paths


def place_arrow(kind: str, x: float, y: float, w: float, h: float) -> Arrow:
    """The arrow across an empty place (x, y, w, h) of a row, from the place before it to the place
    after it: for ``turn`` an arc bowing up, for ``next`` a straight line, at the height of the
    place's middle; no dot where it starts (it points from a piece, not from a cell)."""
    left, right, middle = x + w * PLACE_ARROW_MARGIN, x + w * (1 - PLACE_ARROW_MARGIN), y + h / 2
    if kind != "turn":
        return Arrow(((left, middle), (right, middle)), start=False, turns=False)
    half, rise = (right - left) / 2, h * TURN_RISE
    radius = (half * half + rise * rise) / (2 * rise)  # the circle through both ends and the top
    centre = (left + half, middle - rise + radius)
    reach = math.asin(half / radius)
    angles = (-reach + 2 * reach * n / TURN_POINTS for n in range(TURN_POINTS + 1))
    points = tuple((centre[0] + radius * math.sin(a), centre[1] - radius * math.cos(a)) for a in angles)
    return Arrow(points, start=False, turns=False)


class Layer(Struct, frozen=True):
    """One piece of a stack where it lies: (x, y) its corner, ``top`` for the piece in view, drawn
    ``scale`` times its printed size (a pile shrinks to stay inside its cell)."""

    x: float
    y: float
    top: bool
    scale: float = 1.0


def stack_layers(
    count: int, w: float, h: float, pw: float, ph: float, flat: bool = False, margin: float = 0.0
) -> list[Layer]:
    """Where the ``count`` pieces (pw × ph) of a place (w × h) lie, bottom first, the whole stack
    centred in the place. A flat piece under another shows a strip of its face along its top and
    left side, each piece above lying further right and down. Any other piece (a stone, a token)
    lies in an offset pile: each one above PILE_STEP of its side right of and above the one under,
    which shows an L of its face (its owner's body, the rim of its colour disc) along its left and
    bottom sides; a pile that does not fit the place less ``margin`` mm all round is drawn smaller,
    to PILE_LEAST of its size, then with a shorter step (a stack of three in a 40 mm cell filled it
    to the edge, a review)."""
    if count <= 0:
        return []
    if not flat:
        return pile_layers(count, w, h, pw, ph, margin)
    room_x, room_y = stack_room(count, pw, ph, flat)
    step_x, step_y = room_x / max(1, count - 1), room_y / max(1, count - 1)
    if count > 1:
        step_x = min(step_x, max(0.0, w - pw) / (count - 1)) if w > pw else step_x * 0.5
        step_y = min(step_y, max(0.0, h - ph) / (count - 1)) if h > ph else step_y * 0.5
    left = (w - pw - step_x * (count - 1)) / 2
    top = (h - ph - step_y * (count - 1)) / 2
    return [Layer(left + step_x * level, top + step_y * level, level == count - 1) for level in range(count)]


def pile_layers(count: int, w: float, h: float, pw: float, ph: float, margin: float) -> list[Layer]:
    """stack_layers of pieces that are not flat: the offset pile."""
    more = count - 1
    room_w, room_h = (w - 2 * margin, h - 2 * margin) if more else (w, h)
    step = PILE_STEP * min(pw, ph)
    scale = min(1.0, room_w / (pw + more * step), room_h / (ph + more * step))
    if scale < PILE_LEAST:  # a tall pile: its pieces kept readable, the step shortened instead
        scale = min(PILE_LEAST, room_w / pw, room_h / ph)
        step = max(0.0, min(room_w - pw * scale, room_h - ph * scale)) / more / scale
    sw, sh, drawn_step = pw * scale, ph * scale, step * scale
    left = (w - sw - drawn_step * more) / 2
    top = (h - sh - drawn_step * more) / 2
    return [
        Layer(left + drawn_step * level, top + drawn_step * (more - level), level == more, scale)
        for level in range(count)
    ]


def pile_count_at(layers: list[Layer], pw: float, ph: float) -> Point:
    """Where a pile's count badge stands: the middle of the empty steps right of and under the pile
    (no piece lies there; the top one's value is in its own corner)."""
    bottom, top = layers[0], layers[-1]
    return (bottom.x + top.x) / 2 + pw * top.scale, (bottom.y + top.y) / 2 + ph * top.scale


def stack_room(count: int, pw: float, ph: float, flat: bool = False) -> tuple[float, float]:
    """How much wider and taller than one piece a stack of ``count`` is drawn in a row of pieces."""
    more = max(0, count - 1)
    if flat:
        return FLAT_STEP[0] * pw * more, FLAT_STEP[1] * ph * more
    step = PILE_STEP * min(pw, ph) * more
    return step, step


def ground_of(group: Group) -> str:
    """The colour a piece is made of (its first filled shape), for the edge a stack shows of it."""
    for item in group.items:
        if isinstance(item, (Rect, Circle)) and item.fill:
            return item.fill
        if isinstance(item, Group):
            return ground_of(item)
    return "#ffffff"


def layer_items(x: float, y: float, pw: float, ph: float, light: bool) -> list[Item]:
    """The edge of a piece in a stack: a light piece (a white stone) in the dark grey of a cut
    line, a dark one in a light line, so it parts from the dark piece under it. A review: a thick mid-grey rim (0.8 mm
    printed) on every stone read as a frame the printed white stones do not have."""
    return [Rect(x, y, pw, ph, Stroke(color=OUTLINE.color if light else PARTING, width=PILE_EDGE))]


def entry_before(start: Point, end: Point, boxes: Iterable[Box]) -> float:
    """How far before ``end`` the segment from ``start`` first enters one of ``boxes`` (0 when it
    enters none): where a move's arrow meets the edge of the pieces it points to."""
    length = math.dist(start, end)
    if length <= 0.0:
        return 0.0
    dx, dy = end[0] - start[0], end[1] - start[1]
    first = 1.0
    for box in boxes:
        low, high = 0.0, 1.0
        for origin, delta, near, far in ((start[0], dx, box.x, box.right), (start[1], dy, box.y, box.bottom)):
            if abs(delta) < 1e-12:
                if not near <= origin <= far:
                    low, high = 1.0, 0.0
                continue
            t0, t1 = sorted(((near - origin) / delta, (far - origin) / delta))
            low, high = max(low, t0), min(high, t1)
        if low <= high:
            first = min(first, low)
    return (1.0 - first) * length


def arrow_items(arrow: Arrow) -> list[Item]:
    """An arrow on the page: its path, stopped ``short`` of its last point, then a filled head; a
    dot where it starts and a small one at each turn, dark on a white halo."""
    points = arrow.points
    last = math.dist(points[-2], points[-1])
    short = arrow.short
    if last <= short + HEAD_LEN:
        short = max(0.0, last - HEAD_LEN - START_R)
    tip = trimmed(points, short)[-1]
    shaft = trimmed(points, short + HEAD_LEN)
    base = shaft[-1]
    length = math.dist(base, tip)
    if length <= 0.0:
        return []
    ux, uy = (tip[0] - base[0]) / length, (tip[1] - base[1]) / length
    nx, ny = -uy * HEAD_W / 2, ux * HEAD_W / 2
    head = (tip, (base[0] + nx, base[1] + ny), (base[0] - nx, base[1] - ny))
    halo = Stroke(color=ARROW_HALO, width=HALO_W)
    ink = Stroke(color=ARROW_INK, width=ARROW_W)
    ring = Stroke(color=ARROW_HALO, width=0.5)
    items: list[Item] = []
    if arrow.target:  # where the move ends, on an empty cell: the head touches its ring
        items.append(Circle(*points[-1], arrow.target, Stroke(color=ARROW_INK, width=TARGET_W)))
    if len(shaft) > 1:
        items.append(Path(shaft, halo, None, closed=False))
    items.append(Path(head, Stroke(color=ARROW_HALO, width=HALO_W - ARROW_W), ARROW_INK))
    if arrow.start:
        items.append(Circle(*points[0], START_R, ring, ARROW_INK))
    if len(shaft) > 1:
        items.append(Path(shaft, ink, None, closed=False))
    items.append(Path(head, None, ARROW_INK))
    if arrow.turns:  # on the line, ringed in white, so the cell it passes through shows
        items += [Circle(x, y, TURN_R, Stroke(color=ARROW_HALO, width=0.4), ARROW_INK) for x, y in points[1:-1]]
    return items


PICK_W = 0.7  # mm on the page: the ring round each piece of a linked group, inside its edge; half a kpn
# tile's patterned border in a figure, whose colour and pattern still show inside it (a haloed 0.9 mm hid them)


def picked_items(box: Box) -> list[Item]:
    """A piece of a linked group picked out on the page (kpn's winning three): a near-black ring
    just inside its edge, so the group reads over the pieces' patterns and in black and white (a
    move's deep blue read as one more of kpn's navy-checked tiles, a review), the rings of two
    pieces that touch meet along their edge or at their corner, and no ring reaches onto a piece
    beside it."""
    inset = PICK_W / 2
    return [Rect(box.x + inset, box.y + inset, box.w - 2 * inset, box.h - 2 * inset, Stroke(PICK_INK, PICK_W))]


PICK_INK = "#141414"  # no piece's colour: kpn's four are light tints, their blue checks navy


def trimmed(points: tuple[Point, ...], cut: float) -> tuple[Point, ...]:
    """The path through ``points`` with its last ``cut`` mm taken off (at least its first point)."""
    out = list(points)
    while len(out) > 1 and cut > 0.0:
        (x0, y0), (x1, y1) = out[-2], out[-1]
        leg = math.hypot(x1 - x0, y1 - y0)
        if leg > cut:
            keep = (leg - cut) / leg
            out[-1] = (x0 + (x1 - x0) * keep, y0 + (y1 - y0) * keep)
            break
        cut -= leg
        out.pop()
    return tuple(out)


def line_kind(item: Text, scale: float) -> tuple[object, ...]:
    """What makes lines of text alike in a figure: their box, their type and the scale they print at
    (the owner's name of every tile of a deck)."""
    return (item.max_w, item.max_h, item.size_pt, item.bold, item.face, round(scale, 9))


def boxed_kinds(items: tuple[Item, ...], scale: float, least_pt: float) -> frozenset[tuple[object, ...]]:
    """The kinds of line (line_kind) with a box that print under ``least_pt`` at ``scale`` and
    every one of which fits its box at ``least_pt``: the lines a figure keeps at that size."""
    fits: dict[tuple[object, ...], bool] = {}
    for item, at in lines_in(items, scale):
        if item.max_w is not None and item.size_pt * at < least_pt - 1e-6:
            kind = line_kind(item, at)
            fits[kind] = fits.get(kind, True) and fits_box(item, least_pt / at)
    return frozenset(kind for kind, fit in fits.items() if fit)


def lines_in(items: tuple[Item, ...], scale: float) -> Iterator[tuple[Text, float]]:
    """Every line of text in ``items`` and the scale it prints at."""
    for item in items:
        if isinstance(item, Text):
            yield item, scale
        elif isinstance(item, Group):
            yield from lines_in(item.items, scale * item.scale)


def legible_scale(items: tuple[Item, ...], least_pt: float) -> float:
    """The smallest scale at which every line of ``items`` with a box prints at ``least_pt`` or
    more, at its own size or kept at ``least_pt`` in its box (0 when none has a box): what a figure
    is drawn at least at, as its column's width allows, so that a stone's value is on every stone
    or on none (a review: dropped on the small stones, drawn on the others)."""
    need = 0.0
    for item, at in lines_in(items, 1.0):
        if item.max_w is None:
            continue
        boxed = fonts.text_width(item.text, least_pt, item.bold, item.face) / (at * item.max_w)
        if item.max_h is not None:
            boxed = max(boxed, fonts.cap_height(least_pt, item.face) / (at * item.max_h))
        need = max(need, min(boxed, least_pt / (at * item.size_pt)))
    return need


def fits_box(item: Text, size_pt: float) -> bool:
    """Whether a line with a box fits it at ``size_pt``: its width, and its capitals its height."""
    if item.max_w is None or fonts.text_width(item.text, size_pt, item.bold, item.face) > item.max_w + 1e-6:
        return False
    return item.max_h is None or fonts.cap_height(size_pt, item.face) <= item.max_h + 1e-6


def kept_text(item: Text, size_pt: float) -> Text:
    """``item`` set at ``size_pt`` with its middle where it was (its centre along the line, the
    middle of its capitals across it): an owner's name kept in its box when a figure shows the
    piece too small for the size it prints at."""
    width, grown = fonts.text_width(item.text, item.size_pt, item.bold, item.face), size_pt / item.size_pt
    shift = {"left": width * (1 - grown) / 2, "right": -width * (1 - grown) / 2}.get(item.align, 0.0)
    baseline = item.y + (fonts.cap_height(size_pt, item.face) - fonts.cap_height(item.size_pt, item.face)) / 2
    return replace(item, x=item.x + shift, y=baseline, size_pt=size_pt)


def label_of(spot: FigureCell | FigureSpot, ctx: Context) -> str | None:
    """What is printed under a cell or place: 'Example N' in the rules' language, its label after it."""
    label = None if spot.label is None else ctx.tr(spot.label)
    if spot.example is None:
        return label
    numbered = ctx.tr.msg("example_n", n=spot.example)
    return numbered if not label else f"{numbered}: {label}"


def window_grid(x: float, y: float, rows: int, cols: int, cell: float, cell_h: float | None = None) -> list[Item]:
    """A window of a board's grid: its inner lines and a frame, as the board draws them (cells
    ``cell`` wide and ``cell_h`` high, square when it is not given)."""
    high = cell if cell_h is None else cell_h
    right, bottom = x + cols * cell, y + rows * high
    items: list[Item] = [Line(x, y + r * high, right, y + r * high, board_layout.GRID_LINE) for r in range(1, rows)]
    items += [Line(x + c * cell, y, x + c * cell, bottom, board_layout.GRID_LINE) for c in range(1, cols)]
    items.append(Rect(x, y, cols * cell, rows * high, board_layout.FRAME))
    return items


AREA_INKS = ("#1f4e79", "#b5540f", "#2b7a3d", "#7a2b6e")  # an area's ring, in the figure's order: dark on
# white and on a shaded cell
AREA_DASHES = ((), (0.7, 0.8), (), (0.3, 0.6))  # and its line: solid, dotted, ... so that two rings still differ
# in black and white (latarnie's blue and orange printed the same grey); no dash longer than 1 mm, which
# would read as a cut line (tests/test_not_cut_pages.py)
AREA_DOUBLE = (False, False, True, False)  # the third ring a double line
AREA_W = 0.6  # mm on the page
AREA_INSET = 0.8  # mm inside the block's edge, so two rings that meet along a line both show
LEGEND_PT = 7.2  # the legend under a figure: what each ring marks; a label's size, apart from the credits' 7.5
LEGEND_SWATCH = (7.0, 3.6)  # mm: the sample of a ring's line before its words
LEGEND_GAP = 1.5  # mm: between a swatch and its words; three of them between two entries
LEGEND_LINE = 4.6  # mm: a line of the legend, from its top to the next line's


def area_stroke(number: int) -> Stroke:
    """The ``number``th ring's line: its colour and its pattern."""
    return Stroke(color=AREA_INKS[number % len(AREA_INKS)], width=AREA_W, dash=AREA_DASHES[number % len(AREA_DASHES)])


def area_items(box: Box, number: int) -> list[Item]:
    """A ring round a block of a board's cells (``box``, page mm), the ``number``th of its figure:
    its own colour and line, rounded, inset so that rings of neighbouring blocks stay apart."""
    inset = AREA_INSET + number * AREA_W  # a ring inside another on a shared edge, never on top of it
    return ring_items(Box(box.x + inset, box.y + inset, box.w - 2 * inset, box.h - 2 * inset), number)


def ring_items(ring: Box, number: int) -> list[Item]:
    stroke = area_stroke(number)
    items: list[Item] = [Rect(ring.x, ring.y, ring.w, ring.h, stroke, None, radius=1.5)]
    if AREA_DOUBLE[number % len(AREA_DOUBLE)]:
        step = 2 * AREA_W
        items.append(Rect(ring.x + step, ring.y + step, ring.w - 2 * step, ring.h - 2 * step, stroke, None, 1.0))
    return items


def legend_entries(names: tuple[str, ...]) -> list[tuple[int, str, float]]:
    """The areas the legend names: (its number, its words, its width with the swatch)."""
    swatch = LEGEND_SWATCH[0] + LEGEND_GAP
    return [(n, name, swatch + fonts.text_width(name, LEGEND_PT)) for n, name in enumerate(names) if name]


def legend_rows(names: tuple[str, ...], width: float) -> list[list[tuple[int, str, float]]]:
    """The legend's entries in lines no wider than ``width``, as many to a line as fit."""
    rows: list[list[tuple[int, str, float]]] = []
    for entry in legend_entries(names):
        if rows and sum(e[2] for e in rows[-1]) + 3 * LEGEND_GAP * len(rows[-1]) + entry[2] <= width:
            rows[-1].append(entry)
        else:
            rows.append([entry])
    return rows


def legend_height(names: tuple[str, ...], width: float) -> float:
    """The legend's height under a figure ``width`` wide, its gap above included (0: no legend)."""
    rows = legend_rows(names, width)
    return 1.6 + len(rows) * LEGEND_LINE if rows else 0.0


def legend_items(names: tuple[str, ...], x: float, top: float, width: float) -> list[Item]:
    """The legend: for each named ring a sample of its line and the words saying what it marks,
    at LEGEND_PT, each line centred in the ``width`` from ``x``, the first 1.6 mm under ``top``."""
    items: list[Item] = []
    sw, sh = LEGEND_SWATCH
    cap = fonts.cap_height(LEGEND_PT)
    for line, row in enumerate(legend_rows(names, width)):
        used = sum(e[2] for e in row) + 3 * LEGEND_GAP * (len(row) - 1)
        left, y = x + (width - used) / 2, top + 1.6 + line * LEGEND_LINE
        for number, name, entry_w in row:
            items += ring_items(Box(left, y + (LEGEND_LINE - sh) / 2 - 0.4, sw, sh), number)
            baseline = y + (LEGEND_LINE + cap) / 2 - 0.4
            items.append(Text(left + sw + LEGEND_GAP, baseline, name, LEGEND_PT, color="#333333"))
            left += entry_w + 3 * LEGEND_GAP
    return items
