"""A board larger than the paper, split into sheets glued together: the plan of the sheets (runs
of whole cells), the lettered joins between them, what each sheet says about its joins and the
small map of the sheets. Shared by the square boards (``kinds/board``) and the hex boards
(``kinds/hexboard``), which place their own cells on the sheets.
"""

from __future__ import annotations

import math

from msgspec import Struct

from printkit import fonts
from printkit.base.errors import LayoutProblem
from printkit.layout.context import Context
from printkit.layout.document import MAX_SHEETS
from printkit.layout.marks import HEADER_HEIGHT
from printkit.layout.primitives import Item, Rect, Stroke, Text

GLUE_FILL = "#f2f2f2"
FAINT_LINE = Stroke(color="#b3b3b3", width=0.25)
FAINT_MARK = "#e9e9e9"
SEAM_MARK = "#333333"
STRIP_LETTER_PT = 9.0
MAP_MAX_W, MAP_CELL_W, MAP_CELL_H = 36.0, 6.0, 4.0


class Plan(Struct, frozen=True):
    """How a board is split: the oriented paper and the rows and columns of each band of sheets."""

    ctx: Context
    rows: tuple[range, ...]  # the board rows of each band of sheets, top to bottom
    cols: tuple[range, ...]  # the board columns of each column of sheets, left to right

    @property
    def sheets(self) -> int:
        return len(self.rows) * len(self.cols)

    def number(self, band: int, column: int) -> int:
        """The sheet's number from 1, left to right, then top to bottom."""
        return band * len(self.cols) + column + 1


class Join(Struct, frozen=True):
    """Where two sheets meet: the sheet with the glue strip (``under``) and the one laid on it."""

    letter: str
    under: tuple[int, int]  # (band, column) of the sheet with the strip
    over: tuple[int, int]
    edge: str  # the strip's side on the sheet under: "right" or "bottom"


def check_sheet_count(board_id: str, plan: Plan) -> None:
    """Refuse a split that would pass the kit's page limit before laying out a single sheet (a
    10,000 × 10,000 board would otherwise be laid out as millions of pages first)."""
    if plan.sheets > MAX_SHEETS:
        raise LayoutProblem(
            ("cell",),
            f"board '{board_id}' would take {plan.sheets:,} sheets of {plan.ctx.paper.name} ({len(plan.cols):,} "
            f"across × {len(plan.rows):,} down); the limit is {MAX_SHEETS:,} pages: make the board or its cells "
            "smaller",
        )


def balanced(count: int, most: int) -> tuple[range, ...]:
    """``count`` cells in as few runs of at most ``most`` as can hold them, as even as can be
    (8 columns, 6 a sheet: 4 + 4, not 6 + 2)."""
    runs = math.ceil(count / most)
    base, longer = divmod(count, runs)
    spans, start = [], 0
    for run in range(runs):
        length = base + (1 if run < longer else 0)
        spans.append(range(start, start + length))
        start += length
    return tuple(spans)


class Limits(Struct, frozen=True):
    """The most cells a run of sheets holds along one direction, by where the run is: the only one
    (both outer bands), the first (the leading band and a glue strip), a middle one (a glue strip)
    or the last (the trailing band)."""

    only: int
    first: int
    middle: int
    last: int


def ended(count: int, limits: Limits) -> tuple[range, ...] | None:
    """``count`` cells in the fewest runs the ``limits`` allow, as even as they allow (the longest
    run, the later of equals, gives a cell back until they hold ``count``); None when no split
    holds them (an end run or, when one is needed, a middle run holds no cell)."""
    if count <= limits.only:
        return (range(count),)
    if limits.first < 1 or limits.last < 1:
        return None
    if limits.first + limits.last >= count:
        middles = 0
    elif limits.middle < 1:
        return None
    else:
        middles = math.ceil((count - limits.first - limits.last) / limits.middle)
    lengths = [limits.first] + [limits.middle] * middles + [limits.last]
    for _ in range(sum(lengths) - count):
        longest = max(range(len(lengths)), key=lambda run: (lengths[run], run))
        lengths[longest] -= 1
    spans, start = [], 0
    for length in lengths:
        spans.append(range(start, start + length))
        start += length
    return tuple(spans)


def letter(index: int) -> str:
    """A, B, ..., Z, AA, AB, ...: the name of the join ``index`` (from 0)."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def plan_joins(plan: Plan) -> list[Join]:
    """Every seam between neighbouring sheets, lettered sheet by sheet: the right one, then the one below."""
    joins: list[Join] = []
    for band in range(len(plan.rows)):
        for column in range(len(plan.cols)):
            if column + 1 < len(plan.cols):
                joins.append(Join(letter(len(joins)), (band, column), (band, column + 1), "right"))
            if band + 1 < len(plan.rows):
                joins.append(Join(letter(len(joins)), (band, column), (band + 1, column), "bottom"))
    return joins


def join_phrases(plan: Plan, joins: list[Join], band: int, column: int, ctx: Context) -> list[str]:
    """What to do at each seam of this sheet: glue its edge onto a strip, or put its strip under a sheet."""
    phrases = []
    for join in joins:
        if join.over == (band, column):
            key = "join_left" if join.edge == "right" else "join_top"
            phrases.append(ctx.tr.msg(key, letter=join.letter, sheet=plan.number(*join.under)))
    for join in joins:
        if join.under == (band, column):
            phrases.append(ctx.tr.msg("join_under", letter=join.letter, sheet=plan.number(*join.over)))
    return phrases


def map_items(plan: Plan, band: int, column: int, x: float, y: float, width: float) -> list[Item]:
    """The sheets as a small grid, this one dark with its number in white, the others numbered."""
    cell_w = width / len(plan.cols)
    cell_h = min(MAP_CELL_H, HEADER_HEIGHT / len(plan.rows))
    size = min(6.0, cell_h * 2.2)
    items: list[Item] = []
    for b in range(len(plan.rows)):
        for c in range(len(plan.cols)):
            here = (b, c) == (band, column)
            box_x, box_y = x + c * cell_w, y + b * cell_h
            items.append(
                Rect(box_x, box_y, cell_w, cell_h, Stroke(color="#555555", width=0.2), "#444444" if here else None)
            )
            label = str(plan.number(b, c))
            if fonts.text_width(label, size) <= cell_w - 0.6 and fonts.cap_height(size) <= cell_h - 0.6:
                items.append(
                    Text(
                        box_x + cell_w / 2,
                        box_y + (cell_h + fonts.cap_height(size)) / 2,
                        label,
                        size,
                        align="center",
                        color="#ffffff" if here else "#444444",
                        max_w=cell_w,
                    )
                )
    return items
