"""What a figure of a filled-in sheet marks on it so that it teaches without its caption: cells
shaded together (the group a rule counts), a tick or a cross in a cell's corner (it scores, it does
not), a tick at the right end of a row (a full row that scores) and, beside the grid, the tally of
what the example scores, a line a category, its sum under a rule.

The shade is part of the drawing (scaled with it, under the written letters); the ticks, crosses
and the tally are set on the page after scaling, like a figure's labels, so their lines and type
keep one size whatever the figure's scale. Every mark differs by its shape, not its colour: a tick
and a cross read the same on a black-and-white print, and the shade prints a mid-light grey.
"""

from __future__ import annotations

from msgspec import Struct

from printkit import fonts
from printkit.layout.primitives import Item, Line, Path, Rect, Stroke, Text

SHADE = "#d9d9d9"  # a cell shaded in a group: a neutral grey, as the captions call it (a letter on it reads)
SHADE_EDGE = Stroke(color="#8c8c8c", width=0.25)
MARK = 2.4  # mm on the page: a tick's or a cross's side, at most (a row's tick, a large cell's)
MARK_SHARE = 0.16  # of a cell's printed side: a cell's mark, in its corner clear of the letter
MARK_INSET = 0.55  # mm from the cell's top and right edges to the mark: its line and halo clear the grid line
TICK_INK, CROSS_INK = "#1d6b2a", "#a3231a"  # dark enough to read as black on a grey print
MARK_W = 0.45  # mm: a mark's line
MARK_HALO = Stroke(color="#ffffff", width=MARK_W + 0.5)  # under a mark, 0.25 mm each side: it reads over a letter
TALLY_PT = 7.8  # apart from the credits' 7.5
TALLY_LINE = 4.2  # mm from one tally line's baseline to the next
TALLY_GAP = 2.5  # mm between a tally's words and its points
ROW_GUTTER = 5.0  # mm right of the grid: where a row's tick stands, before the tally
SIDE_GAP = 2.0  # mm between the row ticks' gutter and the tally


class Tally(Struct, frozen=True):
    """The tally beside a figure's grid: its lines (words, points) and its sum's words."""

    lines: tuple[tuple[str, int], ...]
    total: str

    @property
    def width(self) -> float:
        """Page mm it takes: its widest words, the gap and its widest points."""
        rows = [*self.lines, (self.total, self.sum)]
        words = max(fonts.text_width(name, TALLY_PT, True, "body") for name, _ in rows)
        points = max(fonts.text_width(str(value), TALLY_PT, True, "body") for _, value in rows)
        return words + TALLY_GAP + points

    @property
    def height(self) -> float:
        return (len(self.lines) + 1) * TALLY_LINE + 1.2

    @property
    def sum(self) -> int:
        return sum(value for _, value in self.lines)

    def items(self, x: float, top: float) -> list[Item]:
        """The tally from (x, top): each line's words left, its points right-aligned; a rule, then
        the sum in bold."""
        width = self.width
        cap = fonts.cap_height(TALLY_PT, "body")
        items: list[Item] = []
        y = top + cap
        for name, value in self.lines:
            items.append(Text(x, y, name, TALLY_PT, False, "left", "#333333", face="body"))
            items.append(Text(x + width, y, str(value), TALLY_PT, True, "right", "#1a1a1a", face="body"))
            y += TALLY_LINE
        rule_y = y - TALLY_LINE + 1.4
        items.append(Line(x, rule_y, x + width, rule_y, Stroke(color="#333333", width=0.35)))
        y += 1.2
        items.append(Text(x, y, self.total, TALLY_PT, True, "left", "#1a1a1a", face="body"))
        items.append(Text(x + width, y, str(self.sum), TALLY_PT, True, "right", "#1a1a1a", face="body"))
        return items


def side_width(tally: Tally | None, row_ticks: int) -> float:
    """Page mm a figure's grid gives up on its right: the rows' ticks' gutter and the tally."""
    width = ROW_GUTTER if row_ticks else 0.0
    return width + (SIDE_GAP + tally.width if tally else 0.0)


def shade_items(x: float, y: float, cell: float) -> list[Item]:
    """A cell shaded (drawing mm, scaled with the figure), inside its grid lines."""
    inset = 0.3
    return [Rect(x + inset, y + inset, cell - 2 * inset, cell - 2 * inset, SHADE_EDGE, SHADE)]


def mark_items(kind: str, right: float, top: float, side: float = MARK, width: float = MARK_W) -> list[Item]:
    """A tick or a cross ``side`` mm (page mm) whose box's top-right corner is at (right, top), on a
    white halo."""
    x0, y0 = right - side, top
    strokes: list[tuple[tuple[float, float], ...]]
    if kind == "tick":
        points = ((x0, y0 + side * 0.55), (x0 + side * 0.38, y0 + side), (x0 + side, y0))
        strokes = [points]
    else:
        strokes = [((x0, y0), (x0 + side, y0 + side)), ((x0, y0 + side), (x0 + side, y0))]
    ink = Stroke(color=TICK_INK if kind == "tick" else CROSS_INK, width=width)
    halo = Stroke(color=MARK_HALO.color, width=width + 0.5)
    items: list[Item] = [Path(stroke, halo, closed=False) for stroke in strokes]
    items += [Path(stroke, ink, closed=False) for stroke in strokes]
    return items


def corner_items(kind: str, x: float, y: float, cell: float) -> list[Item]:
    """A cell's mark, the cell (x, y, cell) as printed (page mm): a tick or a cross in its top-right
    corner, clear of the letter (round 11: a cross struck over the whole cell left its letter
    unreadable in grey, and ticks a fifth of the cell touched the letters' shoulders)."""
    return mark_items(kind, x + cell - MARK_INSET, y + MARK_INSET, min(MARK, MARK_SHARE * cell))
