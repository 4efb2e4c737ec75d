"""The cutting plan: the fewest straight guillotine cuts that free every piece of a sheet.

Pure arithmetic on millimetres (y down), no drawing. A guillotine (or a paper trimmer) cuts a piece
of paper edge to edge in a straight line; after a cut there are two pieces of paper, each cut on
by itself. A ``Cut`` of the plan is one line at one position, made in every piece of paper it
crosses at its turn (``segments``: where it runs): a gutter shared by a whole row of pieces is one
cut, not one a piece. Cuts are made in ``number`` order.

The plan is found in rounds. A round cuts, in every piece of paper still holding more than one
piece or waste around one, every line of one direction that runs between the pieces without
crossing one (a free line); the next round cuts the other direction. Both directions are tried
first and the plan with fewer cuts kept. Every distinct edge of a piece inside the sheet must be
cut at least once, so ``least_cuts`` (the number of those edges) is a floor: a plan that meets it
is the fewest there can be, as it is for every grid of pieces.

Pieces that no guillotine frees (a pinwheel of rectangles, nested hexagons whose boxes overlap)
give no plan (``NoGuillotinePlan``).
"""

from __future__ import annotations

from typing import Literal

from msgspec import Struct

from printkit import fonts
from printkit.layout.primitives import EPSILON, Align, Box, Item, Text

Axis = Literal["x", "y"]  # a cut at x = position runs down the sheet; at y = position across it


class NoGuillotinePlan(ValueError):
    """The pieces of a sheet that no sequence of edge-to-edge cuts frees."""


class Cut(Struct, frozen=True):
    """Cut ``number`` (from 1) along the line ``axis`` = ``position``, over each (start, end) of
    ``segments``: the pieces of paper it crosses at its turn, edge to edge."""

    number: int
    axis: Axis
    position: float
    segments: tuple[tuple[float, float], ...]


def plan(sheet: Box, pieces: list[Box]) -> list[Cut]:
    """The fewest cuts found (see the module) that free every piece of ``pieces`` from ``sheet``."""
    if not pieces:
        return []
    found = [_plan_from(sheet, pieces, first) for first in ("x", "y")]
    made = [cuts for cuts in found if cuts is not None]
    if not made:
        raise NoGuillotinePlan("no sequence of edge-to-edge cuts frees these pieces without cutting one through")
    return min(made, key=len)


def least_cuts(sheet: Box, pieces: list[Box]) -> int:
    """The floor of any plan: the distinct piece edges strictly inside the sheet, across and down."""
    xs = {round(v, 6) for b in pieces for v in (b.x, b.right) if sheet.x + EPSILON < v < sheet.right - EPSILON}
    ys = {round(v, 6) for b in pieces for v in (b.y, b.bottom) if sheet.y + EPSILON < v < sheet.bottom - EPSILON}
    return len(xs) + len(ys)


def _plan_from(sheet: Box, pieces: list[Box], first: Axis) -> list[Cut] | None:
    """The rounds of free cuts from ``first``'s direction on; None when they stop short."""
    paper: list[tuple[Box, list[Box]]] = [(sheet, pieces)]
    cuts: list[Cut] = []
    axis: Axis = first
    idle = 0  # rounds in a row that cut nothing
    while any(not _freed(part, held) for part, held in paper):
        lines: dict[float, list[tuple[float, float]]] = {}
        after: list[tuple[Box, list[Box]]] = []
        for part, held in paper:
            at = [] if _freed(part, held) else _free_lines(part, held, axis)
            for position in at:
                lines.setdefault(position, []).append((part.y, part.bottom) if axis == "x" else (part.x, part.right))
            after += _split(part, held, axis, at)
        for position in sorted(lines):
            cuts.append(Cut(len(cuts) + 1, axis, position, _joined(lines[position])))
        paper = after
        idle = 0 if lines else idle + 1
        if idle == 2:
            return None
        axis = "y" if axis == "x" else "x"
    return cuts


def _freed(part: Box, held: list[Box]) -> bool:
    """A piece of paper that is one piece exactly, or waste holding none."""
    return not held or (len(held) == 1 and _same(part, held[0]))


def _same(a: Box, b: Box) -> bool:
    return all(abs(p - q) <= EPSILON for p, q in ((a.x, b.x), (a.y, b.y), (a.right, b.right), (a.bottom, b.bottom)))


def _free_lines(part: Box, held: list[Box], axis: Axis) -> list[float]:
    """The edges of ``held`` strictly inside ``part`` along ``axis`` that cross no piece."""
    lo, hi = (part.x, part.right) if axis == "x" else (part.y, part.bottom)
    spans = [(b.x, b.right) if axis == "x" else (b.y, b.bottom) for b in held]
    edges = sorted({round(v, 6) for span in spans for v in span if lo + EPSILON < v < hi - EPSILON})
    return [v for v in edges if not any(a + EPSILON < v < b - EPSILON for a, b in spans)]


def _split(part: Box, held: list[Box], axis: Axis, at: list[float]) -> list[tuple[Box, list[Box]]]:
    """``part`` cut at every position of ``at`` along ``axis``, each new piece of paper with its pieces."""
    lo, hi = (part.x, part.right) if axis == "x" else (part.y, part.bottom)
    bounds = [lo, *at, hi]
    out = []
    for a, b in zip(bounds, bounds[1:], strict=False):
        box = Box(a, part.y, b - a, part.h) if axis == "x" else Box(part.x, a, part.w, b - a)
        out.append((box, [p for p in held if box.contains(p)]))
    return out


def _joined(spans: list[tuple[float, float]]) -> tuple[tuple[float, float], ...]:
    """Touching spans of one line as one segment."""
    out: list[tuple[float, float]] = []
    for start, end in sorted(spans):
        if out and start <= out[-1][1] + EPSILON:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return tuple(out)


PLAN_PT = 7.0  # the cut numbers: the smallest text printkit prints (marks.MARK_LABEL_PT)
PLAN_COLOUR = "#333333"
LABEL_GAP = 0.6  # from a cut's line to its number, and between two numbers in one row


def plan_items(cuts: list[Cut], page_w: float, page_h: float, edge: float, legend: str = "") -> list[Item]:
    """Each cut's number in the margin, ``edge`` (the unprintable edge) from the paper's edge: a cut
    down the sheet (x) numbered just right of its line at the top, one across (y) just above its
    line at the left. Where two numbers would touch, the later one goes to the far margin (the
    bottom, the right), so that numbers of cuts 3 mm apart (a gutter of two bleeds) stay legible.
    The ``legend`` (how to read the numbers) goes in the bottom margin, at the right or else the
    left end, wherever no number lies; nowhere when both are taken."""
    ascent, descent = fonts.vertical_extent(PLAN_PT, bold=True)
    items: list[Item] = []
    ends: dict[tuple[Axis, int], float] = {}  # how far each row of numbers is taken
    for cut in sorted(cuts, key=lambda c: (c.axis, c.position)):
        label = str(cut.number)
        width = fonts.text_width(label, PLAN_PT, bold=True)
        start = cut.position + LABEL_GAP if cut.axis == "x" else cut.position - LABEL_GAP - descent - ascent
        length = width if cut.axis == "x" else ascent + descent
        row = 0 if ends.get((cut.axis, 0), -1e9) + LABEL_GAP <= start else 1
        ends[(cut.axis, row)] = start + length
        if cut.axis == "x":
            baseline = edge + ascent if row == 0 else page_h - edge - descent
            items.append(Text(start, baseline, label, PLAN_PT, bold=True, color=PLAN_COLOUR))
        else:
            align: Align = "left" if row == 0 else "right"
            x = edge if row == 0 else page_w - edge
            items.append(Text(x, start + ascent, label, PLAN_PT, bold=True, align=align, color=PLAN_COLOUR))
    return items + legend_items(legend, items, page_w, page_h, edge)


def legend_items(legend: str, numbers: list[Item], page_w: float, page_h: float, edge: float) -> list[Item]:
    """The legend in the bottom margin where it touches no number of ``numbers`` (see plan_items)."""
    if not legend:
        return []
    descent = fonts.vertical_extent(PLAN_PT)[1]
    baseline = page_h - edge - descent
    width = fonts.text_width(legend, PLAN_PT)
    taken = [
        (item.x, item.x + fonts.text_width(item.text, PLAN_PT, bold=True))
        for item in numbers
        if isinstance(item, Text) and abs(item.y - baseline) < 3.0
    ]
    for left in (page_w - edge - width, edge):
        if left >= edge and not any(a < left + width + LABEL_GAP and left - LABEL_GAP < b for a, b in taken):
            return [Text(left, baseline, legend, PLAN_PT, color=PLAN_COLOUR, max_w=width)]
    return []
