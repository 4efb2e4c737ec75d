"""What a rules figure adds to the pieces it draws so that it teaches: a stack drawn as a stack,
a move drawn as an arrow, an example numbered in the rules' language, and the sizes a reader
needs (a piece at least MIN_PIECE mm across, labels at least 7 pt).

Pieces and stacks are drawn at their printed size inside the figure's scaled group; arrows are
set on the page after scaling (like labels), so their line and head keep one size whatever the
figure's scale.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit.kit.shared import FigureCell, FigureSpot
from printkit.layout import board as board_layout
from printkit.layout.context import Context
from printkit.layout.primitives import Circle, Group, Item, Line, Path, Rect, Stroke

MIN_PIECE = 12.0  # mm: the smallest a piece may print in a rules figure and still be read
STACK_STEP = 0.14  # of a piece's side: each piece of a stack shows this much of its edge under the one above
LAYER_EDGE = "#9a9a9a"  # the edge between two pieces of a stack: reads on a black and on a white piece
ARROW_INK = "#1a1a1a"
ARROW_HALO = "#ffffff"  # under the arrow, so it reads over a dark piece or a shaded cell
ARROW_W, HALO_W = 0.7, 1.6  # mm on the page
HEAD_LEN, HEAD_W = 2.6, 2.4  # mm on the page
START_R = 0.9  # mm: the dot where a move starts
END_SHORT = 0.42  # of a cell: an arrow stops short of the centre of the cell it goes to


@dataclass(frozen=True)
class Layer:
    """One piece of a stack where it lies: (x, y) its corner, ``top`` for the piece in view."""

    x: float
    y: float
    top: bool


def stack_layers(count: int, w: float, h: float, pw: float, ph: float) -> list[Layer]:
    """Where the ``count`` pieces (pw × ph) of a place (w × h) lie, bottom first: each piece under
    another shows its edge as a band below it, the whole stack centred in the place and never
    taller than it (the step shrinks for a tall stack)."""
    if count <= 0:
        return []
    step = STACK_STEP * min(pw, ph)
    if count > 1:
        step = min(step, max(0.0, h - ph) / (count - 1)) if h > ph else step * 0.5
    total = ph + step * (count - 1)
    x, top = (w - pw) / 2, (h - total) / 2
    return [Layer(x, top + step * (count - 1 - level), level == count - 1) for level in range(count)]


def stack_room(count: int, pw: float, ph: float) -> float:
    """How much taller than one piece a stack of ``count`` is drawn in a row of pieces."""
    return STACK_STEP * min(pw, ph) * max(0, count - 1)


def ground_of(group: Group) -> str:
    """The colour a piece is made of (its first filled shape), for the edge a stack shows of it."""
    for item in group.items:
        if isinstance(item, (Rect, Circle)) and item.fill:
            return item.fill
        if isinstance(item, Group):
            return ground_of(item)
    return "#ffffff"


def layer_items(x: float, y: float, pw: float, ph: float, ground: str | None) -> list[Item]:
    """A piece under others, seen as its edge: its outline in its own colour with a line around it
    (drawn before the piece above, which covers all but the band at its foot); without a ground,
    the line only, around the top piece of a stack."""
    return [Rect(x, y, pw, ph, Stroke(color=LAYER_EDGE, width=0.025 * min(pw, ph)), ground)]


def arrow_items(x0: float, y0: float, x1: float, y1: float, short: float) -> list[Item]:
    """A move on the page from (x0, y0) to (x1, y1), its head ``short`` mm before the end: a dot
    where it starts, a line and a filled head, dark on a white halo."""
    length = math.hypot(x1 - x0, y1 - y0)
    if length <= short + HEAD_LEN:
        short = max(0.0, length - HEAD_LEN - START_R)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    tip = (x1 - ux * short, y1 - uy * short)
    base = (tip[0] - ux * HEAD_LEN, tip[1] - uy * HEAD_LEN)
    nx, ny = -uy * HEAD_W / 2, ux * HEAD_W / 2
    head = (tip, (base[0] + nx, base[1] + ny), (base[0] - nx, base[1] - ny))
    halo = Stroke(color=ARROW_HALO, width=HALO_W)
    ink = Stroke(color=ARROW_INK, width=ARROW_W)
    return [
        Line(x0, y0, base[0], base[1], halo),
        Path(head, Stroke(color=ARROW_HALO, width=HALO_W - ARROW_W), ARROW_INK),
        Circle(x0, y0, START_R, Stroke(color=ARROW_HALO, width=0.5), ARROW_INK),
        Line(x0, y0, base[0], base[1], ink),
        Path(head, None, ARROW_INK),
    ]


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
