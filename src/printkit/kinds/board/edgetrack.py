"""A numbered track around a square board's edge (``track:`` on a board): a ring of spaces hugging
the grid. Pure data in mm, no reportlab.

The ring is ``space`` deep, or as deep on each side as its ``depth`` says. Its four corner spaces
are squares of that side (rectangles as wide as their side's depth and as high as the top's or the
bottom's when the depths differ); the other spaces share
the four sides (top, right, bottom, left) in proportion to their lengths, and each side is divided
evenly, so the spaces of a side are all one length. Numbers run clockwise from the top-left corner:
along the top to the right, down the right side, back along the bottom, up the left side.

A board split into sheets is cut along its cell boundaries; each side of the ring is then divided
run by run (the cells a sheet holds), the run's share of the side's spaces spread evenly over it,
so a join always falls between two spaces and never through one. Positions are in board mm: the
grid's top-left corner at (0, 0), the ring from (-left, -top) to (width + right, height + bottom).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from msgspec import Struct

from printkit import fonts
from printkit.kinds.board.model import BoardComponent
from printkit.kinds.track.model import EdgeTrack, TrackSpace
from printkit.layout.board import ring_depths
from printkit.layout.context import Context
from printkit.layout.primitives import Item, Piece, Rect, Stroke, Text
from printkit.layout.symbols import draw_symbol

SPACE_LINE = Stroke(width=0.35)
STRESSED_FILL = "#d9d9d9"
FAINT_LINE = Stroke(color="#b3b3b3", width=0.25)
SMALLEST_SPACE = 6.0  # mm along the side: room for a two-digit number a child can read


class RingSpace(Struct, frozen=True):
    """One space of the ring: its number and its box in board mm."""

    number: int
    x: float
    y: float
    w: float
    h: float
    corner: bool


def count(track: EdgeTrack) -> int:
    return track.end - track.start + 1


def side_counts(track: EdgeTrack, width: float, height: float) -> tuple[int, int, int, int]:
    """How many spaces each side holds between its corners (top, right, bottom, left): the spaces
    left after the four corners, shared in proportion to the sides' lengths (largest remainder)."""
    along = max(0, count(track) - 4)
    lengths = (width, height, width, height)
    shares = [along * length / sum(lengths) for length in lengths]
    whole = [math.floor(share) for share in shares]
    by_remainder = sorted(range(4), key=lambda side: (-(shares[side] - whole[side]), side))
    for side in by_remainder[: along - sum(whole)]:
        whole[side] += 1
    return whole[0], whole[1], whole[2], whole[3]


def divided(length: float, spaces: int, cuts: Sequence[float]) -> list[tuple[float, float]]:
    """``spaces`` spans (from, to) covering 0..length in order, one of their ends on every cut: the
    runs between the cuts get shares of the spaces in proportion to their lengths, each run at
    least one, each divided evenly."""
    bounds = [0.0, *sorted(c for c in cuts if 0.0 < c < length), length]
    runs = list(zip(bounds, bounds[1:], strict=False))
    if spaces < len(runs):  # too few spaces for every run: the caller's check refuses it
        runs = [(0.0, length)]
    shares = [spaces * (b - a) / length for a, b in runs]
    whole = [max(1, math.floor(share)) for share in shares]
    while sum(whole) > spaces:
        whole[max(range(len(runs)), key=lambda i: (whole[i] - shares[i], whole[i]))] -= 1
    by_remainder = sorted(range(len(runs)), key=lambda i: (-(shares[i] - whole[i]), i))
    for i in by_remainder[: spaces - sum(whole)]:
        whole[i] += 1
    spans = []
    for (a, b), n in zip(runs, whole, strict=True):
        step = (b - a) / n
        spans += [(a + k * step, a + (k + 1) * step) for k in range(n)]
    return spans


def ring(board: BoardComponent, cuts_x: Sequence[float] = (), cuts_y: Sequence[float] = ()) -> list[RingSpace]:
    """Every space of the board's track in order, clockwise from the top-left corner; ``cuts_x`` and
    ``cuts_y`` are where a split board's sheets meet (board mm), which no space may straddle."""
    track = board.track
    if track is None:
        return []
    d, width, height = ring_depths(board), board.cols * board.cell_w, board.rows * board.cell_h
    top, right, bottom, left = side_counts(track, width, height)
    boxes: list[tuple[float, float, float, float, bool]] = [(-d.left, -d.top, d.left, d.top, True)]
    boxes += [(a, -d.top, b - a, d.top, False) for a, b in divided(width, top, cuts_x)]
    boxes.append((width, -d.top, d.right, d.top, True))
    boxes += [(width, a, d.right, b - a, False) for a, b in divided(height, right, cuts_y)]
    boxes.append((width, height, d.right, d.bottom, True))
    boxes += [(a, height, b - a, d.bottom, False) for a, b in reversed(divided(width, bottom, cuts_x))]
    boxes.append((-d.left, height, d.left, d.bottom, True))
    boxes += [(-d.left, a, d.left, b - a, False) for a, b in reversed(divided(height, left, cuts_y))]
    numbers = range(track.start, track.end + 1)
    return [RingSpace(n, x, y, w, h, corner) for n, (x, y, w, h, corner) in zip(numbers, boxes, strict=False)]


def shortest(board: BoardComponent) -> float:
    """The shortest side space of the ring on one page (no cuts), in mm along its side."""
    track = board.track
    if track is None:
        return 0.0
    width, height = board.cols * board.cell_w, board.rows * board.cell_h
    lengths = [
        length / n
        for length, n in zip((width, height, width, height), side_counts(track, width, height), strict=True)
        if n
    ]
    return min(lengths, default=track.space)


def region_of(space: RingSpace, region: tuple[float, float, float, float]) -> bool:
    """Whether the space lies inside ``region`` (x0, y0, x1, y1 in board mm)."""
    x0, y0, x1, y1 = region
    eps = 1e-6
    return (
        space.x >= x0 - eps and space.y >= y0 - eps and space.x + space.w <= x1 + eps and space.y + space.h <= y1 + eps
    )


def stressed(track: EdgeTrack, number: int) -> bool:
    return track.every is not None and number % track.every == 0


def label(special: TrackSpace, ctx: Context) -> str:
    """What a special space prints beside its number: its label, else its value as '+3'."""
    if special.label is not None:
        return ctx.tr(special.label)
    return "" if special.value is None else f"+{special.value}"


def space_items(track: EdgeTrack, space: RingSpace, x: float, y: float, ctx: Context) -> list[Item]:
    """The space at page (x, y): its frame (shaded when stressed), its number (bold when stressed),
    a special's icon and label beside it, all as large as the space allows."""
    w, h = space.w, space.h
    bold = stressed(track, space.number)
    items: list[Item] = [Rect(x, y, w, h, SPACE_LINE, STRESSED_FILL if bold else None)]
    special = next((s for s in track.specials if s.at == space.number), None)
    text = str(space.number)
    small = min(w, h)
    if special is None:
        size = fonts.fit_size(text, w * 0.8, small * 0.45 / 0.35, bold=bold, smallest=5)
        items.append(Text(x + w / 2, y + (h + fonts.cap_height(size)) / 2, text, size, bold=bold, align="center"))
        return items
    size = fonts.fit_size(text, w * 0.8, small * 0.25 / 0.35, bold=bold, smallest=5)
    items.append(Text(x + w / 2, y + small * 0.08 + fonts.cap_height(size), text, size, bold=bold, align="center"))
    if special.icon is not None:
        icon = small * 0.4
        items.append(draw_symbol(special.icon, x + (w - icon) / 2, y + h - icon - small * 0.22, icon))
    extra = label(special, ctx)
    if extra:
        label_size = fonts.fit_size(extra, w * 0.8, small * 0.16 / 0.35, bold=True, smallest=5)
        items.append(Text(x + w / 2, y + h - small * 0.05, extra, label_size, bold=True, align="center", max_w=w))
    return items


def items(
    board: BoardComponent,
    spaces: Sequence[RingSpace],
    origin: tuple[float, float],
    ctx: Context,
    region: tuple[float, float, float, float] | None = None,
) -> list[Item]:
    """The spaces (inside ``region``, when given) drawn with the grid's top-left corner at page ``origin``."""
    track = board.track
    assert track is not None, "only a board with a track has spaces"
    out: list[Item] = []
    for space in spaces:
        if region is None or region_of(space, region):
            out += space_items(track, space, origin[0] + space.x, origin[1] + space.y, ctx)
    return out


def faint_items(
    spaces: Sequence[RingSpace], origin: tuple[float, float], region: tuple[float, float, float, float]
) -> list[Item]:
    """The part of each space inside a glue strip's ``region`` (board mm), as a faint frame."""
    x0, y0, x1, y1 = region
    out: list[Item] = []
    for space in spaces:
        left, top = max(x0, space.x), max(y0, space.y)
        right, bottom = min(x1, space.x + space.w), min(y1, space.y + space.h)
        if right - left > 1e-6 and bottom - top > 1e-6:
            out.append(Rect(origin[0] + left, origin[1] + top, right - left, bottom - top, FAINT_LINE))
    return out


def pieces(
    board: BoardComponent,
    spaces: Sequence[RingSpace],
    origin: tuple[float, float],
    region: tuple[float, float, float, float] | None = None,
    sheet: int = 0,
) -> list[Piece]:
    """A ``space`` manifest row per space (inside ``region``): its number, the track's id, whether
    it is a corner or stressed, what is special, and on a split board the ``sheet`` it is on."""
    track = board.track
    assert track is not None, "only a board with a track has spaces"
    rows = []
    for space in spaces:
        if region is not None and not region_of(space, region):
            continue
        extra: list[tuple[str, object]] = [("number", space.number), ("track", track.id)]
        if space.corner:
            extra.append(("corner", True))
        if stressed(track, space.number):
            extra.append(("stressed", True))
        special = next((s for s in track.specials if s.at == space.number), None)
        if special is not None:
            if special.icon is not None:
                extra.append(("special", special.icon))
            if special.value is not None:
                extra.append(("value", special.value))
        if sheet:
            extra.append(("sheet", sheet))
        x, y = origin[0] + space.x, origin[1] + space.y
        rows.append(Piece("space", board.id, 1, x, y, space.w, space.h, extra=tuple(extra)))
    return rows
