"""Figures of how a game is set up and played round the table: a mat's set-up for each number of
players, and the order of play as rows of seats.

A review of targ: its rulebook had no picture of the market for 2, 3 and 4 players nor of the snake
draft (A B C, then C B A). ``mat:`` draws a miniature of the mat's places for each number of
players from the kit's fewest to its most, the places used with that many holding a card (in the
colours of the deck the mat ``fits``, in turn), the rest empty; ``order:`` draws the seats a row a
pass, each seat's arrow to the next, every second row reversed in a snake draft, and an arrow down
where the last seat of a pass picks again first in the next. The seats are named as the rules name
them (the kit's ``seats``). Both are schematic, not pieces: a figure's 12 mm rule for pieces does not
apply, but their type is set to print at least MIN_PT at the largest scale a figure takes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from printkit import fonts
from printkit.base.errors import Loc
from printkit.layout.context import Context
from printkit.layout.figure_grid import Drawing
from printkit.layout.primitives import Circle, Item, Path, Rect, Stroke, Text

if TYPE_CHECKING:
    from printkit.kit.model import Kit
    from printkit.kit.shared import Figure

PLACE_W = 7.6  # mm: a place of a miniature mat, as drawn (a figure prints at most 0.9 of it)
GAP = 1.0  # mm between a miniature's places
APART = 5.0  # mm between two miniatures
EMPTY = Rect(0, 0, 0, 0, Stroke(color="#9a9a9a", width=0.25), "#ffffff", 0.5)  # an empty place's look
HELD_EDGE = "#333333"
SEAT_R = 2.8  # mm: a seat's disc, at least
SEAT_IN = 1.1  # mm between a seat's name and its disc's edge, at least
LINK = 4.2  # mm between two seats' discs: the arrow from one to the next
TURN = 2.6  # mm a snake's turn stands out beside a row's end seat
ROW_PITCH = 7.0  # mm from one pass's row to the next
SEAT_PT = 9.0  # a seat's name (8.1 pt at a figure's 0.9)
ROW_PT = 8.5  # a row's label (7.65 pt at 0.9)
ROW_GAP = 3.2  # mm between a row's label and its first seat
ARROW = Stroke(color="#1a1a1a", width=0.4)
HEAD = 1.4  # mm: an arrow's head, its length and its width
INK = "#1a1a1a"


def seat_names(kit: Kit, ctx: Context, count: int) -> list[str]:
    """The first ``count`` seats as the rules name them: the kit's ``seats``, else A, B, C."""
    given = ctx.tr(kit.kit.seats).split() if kit.kit.seats else []
    return given[:count] if len(given) >= count else [chr(ord("A") + n) for n in range(count)]


def used_places(mat: Any, players: int) -> int:
    """How many of the mat's places are used with ``players`` players."""
    return sum(group.count for group in mat.places if group.players <= players)


def mat_drawing(figure: Figure, kit: Kit, ctx: Context) -> Drawing:
    """A miniature of the mat for each number of players, side by side, each labelled under it."""
    mat = kit.component(figure.mat or "")
    total = sum(group.count for group in mat.places)
    columns = mat.columns
    rows = -(-total // columns)
    pw, ph = PLACE_W, PLACE_W * mat.place_height / mat.place_width
    width = columns * pw + (columns - 1) * GAP
    height = rows * ph + (rows - 1) * GAP
    colours = deck_colours(kit, mat, ctx)
    counts = range(kit.kit.players.min, kit.kit.players.max + 1)
    items: list[Item] = []
    labels = []
    for number, players in enumerate(counts):
        left = number * (width + APART)
        used = used_places(mat, players)
        for place in range(total):
            x, y = left + (place % columns) * (pw + GAP), (place // columns) * (ph + GAP)
            if place < used:
                items.append(Rect(x, y, pw, ph, Stroke(color=HELD_EDGE, width=0.3), colours[place % len(colours)], 0.5))
                items.append(Rect(x + 0.9, y + 0.9, pw - 1.8, ph - 1.8, Stroke(color="#ffffff", width=0.35), None, 0.3))
            else:
                items.append(Rect(x, y, pw, ph, EMPTY.stroke, EMPTY.fill, EMPTY.radius))
        if number < len(figure.labels):
            labels.append((left + width / 2, height, ctx.tr(figure.labels[number])))
    w = len(counts) * width + (len(counts) - 1) * APART
    return Drawing(tuple(items), w, height, tuple(labels), (mat.id,))


def deck_colours(kit: Kit, mat: Any, ctx: Context) -> list[str]:
    """The colours of the deck's types the mat ``fits``, in turn; the kit's accent without one."""
    deck = next((c for c in kit.components if c.id == mat.fits), None) if mat.fits else None
    colours = [t.color for t in getattr(deck, "types", None) or [] if getattr(t, "color", None)]
    return colours or [ctx.theme.palette.accent]


def order_drawing(figure: Figure, kit: Kit, ctx: Context) -> Drawing:
    """The seats in a row for each pass, an arrow from each to the next; in a snake draft every
    second row runs back, and a turn outside the row joins its last seat to the next row's first
    (the same seat: it picks twice); else an arrow runs back from the row's end to the next start."""
    order = figure.order
    assert order is not None
    seats = seat_names(kit, ctx, order.seats)
    word = ctx.tr(order.label) if order.label else ""
    names = [f"{word} {n + 1}".strip() for n in range(order.passes)]
    label_w = max(fonts.text_width(name, ROW_PT, False, "body") for name in names)
    widest = max(fonts.text_width(name, SEAT_PT, True, "body") for name in seats)
    r = max(SEAT_R, widest / 2 + SEAT_IN)  # a seat's disc holds its name with room (H1's as A's)
    pitch = 2 * r + LINK
    first = label_w + ROW_GAP + TURN + r
    cap = fonts.cap_height(ROW_PT, "body")
    seat_cap = fonts.cap_height(SEAT_PT, "body")
    items: list[Item] = []
    for row in range(order.passes):
        cy = r + row * ROW_PITCH
        items.append(Text(label_w, cy + cap / 2, names[row], ROW_PT, False, "right", "#333333", face="body"))
        back = order.snake and row % 2 == 1
        for seat, name in enumerate(seats):
            cx = first + seat * pitch
            items.append(Circle(cx, cy, r, Stroke(color=INK, width=0.35), "#ffffff"))
            items.append(Text(cx, cy + seat_cap / 2, name, SEAT_PT, True, "center", INK, face="body"))
        for seat in range(order.seats - 1):
            a, b = first + seat * pitch + r, first + (seat + 1) * pitch - r
            items += arrow_items([(b, cy), (a, cy)]) if back else arrow_items([(a, cy), (b, cy)])
        if row + 1 < order.passes and order.snake:  # the seat that ends this pass opens the next
            side = -1.0 if back else 1.0
            x = first + (0 if back else order.seats - 1) * pitch + side * r
            out = x + side * TURN
            items += arrow_items([(x, cy), (out, cy), (out, cy + ROW_PITCH), (x, cy + ROW_PITCH)])
        elif row + 1 < order.passes:  # back from the last seat to the first
            x0, x1 = first + (order.seats - 1) * pitch, first
            items += arrow_items([(x0 - r * 0.7, cy + r * 0.7), (x1 + r * 0.7, cy + ROW_PITCH - r * 0.7)])
    w = first + (order.seats - 1) * pitch + r + TURN
    h = 2 * r + (order.passes - 1) * ROW_PITCH
    return Drawing(tuple(items), w, h, (), ())


def arrow_items(points: list[tuple[float, float]]) -> list[Item]:
    """A thin arrow along ``points``, its head at the last one."""
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    bx, by = x1 - ux * HEAD, y1 - uy * HEAD
    nx, ny = -uy * HEAD / 2, ux * HEAD / 2
    head = ((x1, y1), (bx + nx, by + ny), (bx - nx, by - ny))
    return [Path((*points[:-1], (bx, by)), ARROW, None, closed=False), Path(head, None, INK)]


def setup_problems(kit: Kit, figure: Figure, loc: Loc) -> Iterator[tuple[Loc, str]]:
    """A set-up's mat must be a mat, with a label for each number of players at most; an order's
    seats no more than the game's players."""
    if figure.mat:
        mat = next((c for c in kit.components if c.id == figure.mat), None)
        if getattr(mat, "kind", None) != "mat":
            mats = [c.id for c in kit.components if getattr(c, "kind", None) == "mat"]
            yield loc + ("mat",), f"'{figure.mat}' is not a mat of the kit (its mats: {', '.join(mats) or 'none'})"
        counts = kit.kit.players.max - kit.kit.players.min + 1
        if len(figure.labels) > counts:
            yield loc + ("labels",), f"{len(figure.labels)} labels for {counts} set-ups (one a number of players)"
    if figure.order and figure.order.seats > kit.kit.players.max:
        yield loc + ("order", "seats"), f"{figure.order.seats} seats, but the game takes {kit.kit.players.max} players"
