"""The rules' blocks poured into columns: units a column never splits (a heading with what
follows it, a short list, a paragraph of up to KEEP_WHOLE lines), a longer paragraph split over two
columns with at least MIN_LINES on either side (HEADING_LINES under its heading), a section's last
line never alone at a column's top, a section kept in one column with the figure that ends it (the
section goes on to the next column with its figure; no keep costs a page: ``Flow.keep``), and the
last page's columns balanced to end level. A figure that must open the next page takes its
section's text placed whole just before it along to the next page, so the two are never a page
apart."""

from __future__ import annotations

import html
import re

from msgspec import Struct

from printkit.base.errors import LayoutProblem, PrintkitError
from printkit.base.units import MM_PER_POINT
from printkit.layout import paragraph
from printkit.layout.primitives import Item
from printkit.layout.rule_blocks import Block, block_height, block_items, block_wrap

LIST_KEPT = 6  # a list of up to this many items stays in one column
MIN_LINES = 2  # a split paragraph leaves at least this many lines in each column
KEEP_WHOLE = 5  # a paragraph of up to this many lines is never split (a review: latarnie's 4-line
# "Points and winning" left 2 lines at the foot of one column, 2 opening the next under no heading)
HEADING_LINES = 3  # and at least this many under its heading, when the heading opens the column's part
BALANCE_TRIES = 40  # mm: how much taller than the shortest the balanced columns may be tried
KEEP_TEXT, KEEP_FIGURES = 1, 2  # Flow.keep: what the flow keeps together
FLOAT_MOST = 2  # units of text a figure that does not fit the rest of its column lets go before it


def keep_together(blocks: list[Block]) -> list[list[Block]]:
    """The blocks grouped into units a column never splits, except inside a unit's last paragraph:
    a list of up to LIST_KEPT items is one unit, a longer list an item a unit, and a heading
    joins the unit after it, so no heading ends a column."""
    units: list[list[Block]] = []
    index = 0
    while index < len(blocks):
        end = index + 1
        if blocks[index].kind == "item" and (index == 0 or blocks[index - 1].kind != "item"):
            while end < len(blocks) and blocks[end].kind == "item":
                end += 1
            if end - index > LIST_KEPT:
                end = index + 1  # a long list: each of its items a unit of its own
        units.append(blocks[index:end])
        index = end
    joined: list[list[Block]] = []
    for unit in reversed(units):
        if unit[-1].kind == "heading" and joined:
            joined[-1] = unit + joined[-1]
        else:
            joined.append(unit)
    return list(reversed(joined))


Mark = tuple[int, int, tuple[int, ...]]  # where a flow is (``Flow.mark``)


class Slice(Struct, frozen=True):
    """A block in a column, or the lines ``first`` to ``last`` (exclusive) of a split paragraph."""

    block: Block
    first: int
    last: int
    whole: bool


class Flow:
    """The rules' units poured into columns, a column at a time, splitting only a unit's last
    paragraph (leaving at least two lines on either side)."""

    def __init__(self, units: list[list[Block]], col_w: float, lang: str, keep: int = KEEP_FIGURES):
        self.units = units
        # which keeps the flow holds to (the rules drop them, the figures' first, when they cost a
        # page): KEEP_FIGURES a section with its figure, KEEP_TEXT a short paragraph whole and a
        # section's last line with the text before it, 0 neither (a paragraph splits 2 + 2, a figure
        # may open the next column beside its section's end)
        self.keep = keep
        self.col_w = col_w
        self.lang = lang
        self.unit = 0  # the next place in ``order`` to fill
        self.done_lines = 0  # lines of that unit's last block already placed in an earlier column
        self.order = tuple(range(len(units)))  # the units in the order they are placed (figures float)
        self._wrapped: dict[int, paragraph.Wrapped] = {}  # by id() of a block of ``units``
        self._rest: dict[tuple[int, int, bool], tuple[list[Slice], float]] = {}

    def wrapped(self, block: Block) -> paragraph.Wrapped:
        """The block wrapped to the column width, asked of the paragraph engine once: balancing
        pours the same blocks into columns of many heights (kpn's rules ask 8,300 times for 40
        blocks, and each call hashes its whole markup)."""
        found = self._wrapped.get(id(block))
        if found is None:
            found = self._wrapped[id(block)] = block_wrap(block, self.col_w, self.lang)
        return found

    def lines(self, block: Block) -> int:
        if block.figure is not None:
            return 1  # a figure is one piece, never split
        return len(self.wrapped(block).lines)

    def slice_height(self, part: Slice) -> float:
        """``slice_height`` of the part in this flow's column."""
        if part.block.figure is not None:
            return part.block.figure.height
        return self.wrapped(part.block).height if part.whole else slice_height(part, self.col_w, self.lang)

    @property
    def mark(self) -> tuple[int, int, tuple[int, ...]]:
        """Where the flow is: what ``reset`` returns it to."""
        return self.unit, self.done_lines, self.order

    def reset(self, mark: tuple[int, int, tuple[int, ...]]) -> None:
        self.unit, self.done_lines, self.order = mark

    def column(self, room: float, page_ends: bool = False) -> list[Slice]:
        """The next column's slices, at most ``room`` mm tall (a unit taller than a whole column
        is split or, when it cannot be, refused); ``page_ends``: the last column of its page."""
        slices: list[Slice] = []
        used = 0.0
        starts: list[tuple[int, Mark]] = []  # where each unit begun whole in the column starts
        while self.unit < len(self.units):
            parts, needed = self._rest_of_unit(column_top=not slices)
            if used + needed <= room + 1e-6:
                if not self.done_lines:
                    starts.append((len(slices), self.mark))
                slices.extend(parts)
                used += needed
                self.unit, self.done_lines = self.unit + 1, 0
                continue
            if slices and self._floated(room - used):
                continue
            split = self._split(parts, room - used, first_in_column=not slices)
            if split and slices and self._section_fits(parts, room):
                split = []  # the section goes on to the next column whole, with its figure
            if split:
                slices.extend(split)
                self.done_lines = split[-1].last
            elif not slices:
                raise too_tall(parts[0].block, needed, room)
            elif (back := self._with_figure(slices, starts, room, page_ends)) is not None:
                del slices[starts[back][0] :]  # the section goes on with its figure
                self.reset(starts[back][1])
            elif self.keep >= KEEP_TEXT and len(starts) > 1 and self._lone_end(parts, slices[starts[-1][0]].block):
                del slices[starts[-1][0] :]  # a section's last line does not open a column alone
                self.reset(starts[-1][1])
            break
        return slices

    def _with_figure(
        self, slices: list[Slice], starts: list[tuple[int, Mark]], room: float, page_ends: bool
    ) -> int | None:
        """Which of ``starts`` (the units begun in this column) opens the section whose figure, the
        next unit, does not fit under it, when that section and its figure fit a column of ``room``
        mm: they then go on to the next column together, so a figure never stands in another
        column than its heading (a review: plateau's start figure opened the right column, its
        text ended the left one). None when the next unit is no rules figure, or its section
        starts the column, began in an earlier one or with its figure is taller than a column."""
        unit = self.units[self.order[self.unit]]
        if self.done_lines or len(unit) != 1 or unit[0].figure is None or unit[0].loc[:1] != ("rules",):
            return None
        section = unit[0].loc[:2]
        if self.keep < KEEP_FIGURES:  # the figure opens the next column beside its text, or the next
            # page after its text's last unit (a review: plateau's twister text ended page 1, its
            # figure opened page 2)
            last = len(starts) - 1
            return last if page_ends and last > 0 and slices[-1].block.loc[:2] == section else None
        for back in range(len(starts) - 1, 0, -1):
            first = slices[starts[back][0]].block
            if first.loc[:2] != section:
                return None
            if first.kind == "heading":
                moved = slices[starts[back][0] :]
                needed = self.column_height(moved) + gap_before(unit[0], False) + unit[0].figure.height
                return back if needed <= room + 1e-6 else None
        return None

    def _section_fits(self, parts: list[Slice], room: float) -> bool:
        """Whether ``parts``, the unit that opens a section (its heading first), and the units after
        it up to the figure that ends the section fit a column of ``room`` mm together: then the
        section is not split but starts the next column (a review: plateau's Polish twister heading
        and 2½ lines ended page 1, the rest of the text and its figure opened page 2)."""
        if self.done_lines or parts[0].block.kind != "heading":
            return False
        section = parts[0].block.loc[:2]
        if not section or section[0] != "rules":
            return False
        needed = self._rest_of_unit(column_top=True)[1]
        for at in range(self.unit + 1, len(self.order)):
            unit = self.units[self.order[at]]
            if any(block.loc[:2] != section for block in unit):
                return False  # the section ends without a figure
            needed += sum(gap_before(block, False) + block_height(block, self.col_w, self.lang) for block in unit)
            if needed > room + 1e-6:
                return False
            if unit[-1].figure is not None:
                return True
        return False

    def _lone_end(self, parts: list[Slice], before: Block) -> bool:
        """Whether ``parts``, the unit that does not fit the column, is one line that ends its
        section (a heading, a figure or nothing follows), after ``before`` of the same section: the
        unit before it then goes on with it (a review: kpn's "Gdy stos się kończy…" stood alone at
        the top of the right column, above a figure)."""
        block = parts[0].block
        if self.done_lines or len(parts) != 1 or block.kind not in ("paragraph", "item") or block.figure is not None:
            return False
        if self.lines(block) > 1:
            return False
        section = parts[0].block.loc[:2]
        if not section or before.loc[:2] != section:
            return False
        if self.unit + 1 >= len(self.order):
            return True
        following = self.units[self.order[self.unit + 1]][0]
        return following.kind == "heading" or following.figure is not None or following.loc[:2] != section

    def _floated(self, room: float) -> bool:
        """Whether the next unit, a figure that does not fit the ``room`` left in the column, swapped
        places with the text after it, which does: a figure is never split, and one that opened the
        next column left this one half empty (kpn's rules, their print recipe last, took a second
        page). It lets at most FLOAT_MOST units go before it, staying beside its section."""
        at = self.unit
        unit = self.units[self.order[at]]
        if self.done_lines or at + 1 >= len(self.order) or not (len(unit) == 1 and unit[0].figure is not None):
            return False
        if at - self.order[at] >= FLOAT_MOST:
            return False  # it let go as many as it may
        following = self.units[self.order[at + 1]]
        if any(block.figure is not None for block in following):
            return False
        if any(block.kind == "heading" for block in following) and unit[0].loc[:1] == ("rules",):
            return False  # never after another section's heading: a figure stays by its own text
        self.order = self.order[:at] + (self.order[at + 1], self.order[at]) + self.order[at + 2 :]
        parts, needed = self._rest_of_unit(column_top=False)
        if needed <= room + 1e-6:
            return True
        self.order = self.order[:at] + (self.order[at + 1], self.order[at]) + self.order[at + 2 :]
        return False

    def _rest_of_unit(self, column_top: bool) -> tuple[list[Slice], float]:
        """The slices of the next unit not placed yet and the height they need, worked out once
        for each unit, lines already placed and place in the column: balancing tries the same
        pours for every column height it tries (kpn: 1,288 asks, 42 different)."""
        key = (self.order[self.unit], self.done_lines, column_top)
        found = self._rest.get(key)
        if found is None:
            parts = self._remaining(self.units[self.order[self.unit]])
            needed = sum(gap_before(s.block, i == 0 and column_top) + self.slice_height(s) for i, s in enumerate(parts))
            found = self._rest[key] = (parts, needed)
        return found

    def _remaining(self, unit: list[Block]) -> list[Slice]:
        if self.done_lines:
            block = unit[-1]
            return [Slice(block, self.done_lines, self.lines(block), False)]
        return [Slice(block, 0, self.lines(block), True) for block in unit]

    def _split(self, parts: list[Slice], room: float, first_in_column: bool) -> list[Slice]:
        """The unit's blocks that fit in ``room`` mm with as many lines of its last paragraph as
        fit, at least MIN_LINES of them and at least MIN_LINES left over; [] when none can."""
        last = parts[-1]
        if last.block.kind != "paragraph" or self.keep >= KEEP_TEXT and self.lines(last.block) <= KEEP_WHOLE:
            return []
        before = parts[:-1]
        used = sum(gap_before(s.block, i == 0 and first_in_column) + self.slice_height(s) for i, s in enumerate(before))
        used += gap_before(last.block, not before and first_in_column) if last.first == 0 else 0.0
        leading = last.block.size[1] * MM_PER_POINT
        fitting = int((room - used + 1e-6) // leading)
        take = min(fitting, last.last - last.first - MIN_LINES)
        lines = self.wrapped(last.block).lines
        # a heading keeps HEADING_LINES of its text (a review: 'Branie do niewoli' and two lines
        # ended a column, the rest of its paragraph opened the next)
        least = HEADING_LINES if last.first == 0 and any(s.block.kind == "heading" for s in before) else MIN_LINES
        # a column never ends on a hyphen: the reader would carry half a word to the next column
        while take >= least and lines[last.first + take - 1].runs[-1].text.endswith("-"):
            take -= 1
        if take < least:
            return []
        return before + [Slice(last.block, last.first, last.first + take, False)]

    def balanced(self, columns: int, room: float) -> list[list[Slice]] | None:
        """The rest in ``columns`` columns of at most ``room`` mm whose bottoms end as level as
        the units allow, or None when the rest does not fit. The shortest column height that
        holds everything is found first; as a unit kept whole may then leave the first column
        short, heights up to BALANCE_TRIES mm taller are tried too and the levellest is kept."""
        start = self.mark
        if self._fits(columns, room, start) is None:
            self.reset(start)
            return None
        low, high = 0.0, room
        while high - low > 0.5:
            middle = (low + high) / 2
            if self._fits(columns, middle, start) is None:
                low = middle
            else:
                high = middle
        best: tuple[float, list[list[Slice]]] | None = None
        for extra in range(BALANCE_TRIES):
            height = min(high + extra, room)
            filled = self._fits(columns, height, start)
            if filled is not None:
                bottoms = [self.column_height(slices) for slices in filled if slices]
                spread = max(bottoms) - min(bottoms) if bottoms else 0.0
                if best is None or spread < best[0] - 0.01:
                    best = (spread, filled)
            if height == room:
                break
        assert best is not None  # the shortest height found holds everything
        self.unit, self.done_lines = len(self.units), 0
        return best[1]

    def filled(self, rooms: list[float]) -> list[list[Slice]] | None:
        """The rest in columns of at most ``rooms`` mm each (the last ends its page), or None (the
        flow where it was) when it does not all fit."""
        start = self.mark
        try:
            filled = [self.column(room, page_ends=n == len(rooms) - 1) for n, room in enumerate(rooms)]
        except PrintkitError:
            filled = []
        if filled and self.unit == len(self.units):
            return filled
        self.reset(start)
        return None

    def column_height(self, slices: list[Slice]) -> float:
        return sum(gap_before(s.block, i == 0) + self.slice_height(s) for i, s in enumerate(slices))

    def _fits(self, columns: int, room: float, start: tuple[int, int, tuple[int, ...]]) -> list[list[Slice]] | None:
        self.reset(start)
        try:
            filled = [self.column(room) for _ in range(columns)]
        except PrintkitError:
            return None
        return filled if self.unit == len(self.units) else None


def credits_under(
    flow: Flow, columns: int, full: float, short: float
) -> tuple[float, int, list[list[Slice]], Mark] | None:
    """The rest poured into columns ``full`` mm tall but one, ``short`` mm tall, the credits under
    it: of the columns it may be, the one whose columns leave the smaller largest hole above their
    ends (the first of equals), as (that hole, the column, the columns, the flow's mark after
    them); None when the rest does not fit. The flow is left where it was."""
    start, options = flow.mark, []
    for with_credits in range(columns):
        rooms = [full] * columns
        rooms[with_credits] = short
        flow.reset(start)
        if (filled := flow.filled(rooms)) is not None:
            hole = max(room - flow.column_height(slices) for room, slices in zip(rooms, filled, strict=True))
            options.append((round(hole, 1), with_credits, filled, flow.mark))
    flow.reset(start)
    return min(options, key=lambda option: option[:2]) if options else None


def too_tall(block: Block, height: float, room: float) -> LayoutProblem:
    """A block no column holds and none may split (a list item, a heading with what follows)."""
    what, advice = {
        "item": ("list item", "make it shorter items or a paragraph"),
        "heading": ("heading with its first paragraph", "split the paragraph with a blank line"),
    }.get(block.kind, ("paragraph", "split it with a blank line"))
    return LayoutProblem(
        block.loc,
        f"a {what} is {height:.0f} mm tall, taller than a column's {room:.0f} mm of text; {advice}: "
        f"{opening_words(block.markup)!r}",
    )


def opening_words(markup: str) -> str:
    """The first words of a paragraph as the kit wrote them, to say which one a message means."""
    text = html.unescape(re.sub(r"<[^>]*>", "", markup))
    return text if len(text) <= 40 else text[:40].rsplit(" ", 1)[0] + " …"


def gap_before(block: Block, column_top: bool) -> float:
    """The same in every column: none at a column's top, else the block's own (``Block.gap``)."""
    return 0.0 if column_top else block.gap


def slice_height(part: Slice, width: float, lang: str) -> float:
    if part.whole:
        return block_height(part.block, width, lang)
    return (part.last - part.first) * part.block.size[1] * MM_PER_POINT


def column_items(slices: list[Slice], x: float, top: float, width: float, lang: str) -> list[Item]:
    """A column's items from ``top``, spaced as every column is (``gap_before``)."""
    items: list[Item] = []
    y = top
    for index, part in enumerate(slices):
        y += gap_before(part.block, index == 0)
        height = slice_height(part, width, lang)
        lines = None if part.whole else (part.first, part.last)
        items.extend(block_items(part.block, x, y, width, height, lang, lines))
        y += height
    return items
