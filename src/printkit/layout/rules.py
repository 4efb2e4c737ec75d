"""The rules pages: a title block, then headings, paragraphs and lists flowing over two columns.

Besides the kit's own sections, two are generated from the kit itself, "what you need" and
"how to print", so they can never contradict the PDF.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from printkit import fonts
from printkit.base.errors import LayoutProblem, Loc, PrintkitError
from printkit.base.units import MM_PER_POINT
from printkit.layout import bounds, figures, paragraph
from printkit.layout.context import Context
from printkit.layout.markup import to_markup
from printkit.layout.primitives import Align, Group, Item, Line, Page, RichText, Stroke, Text
from printkit.layout.text import fit_text
from printkit.words.messages import page_span, pages_word
from printkit.words.typography import number_range, typeset

if TYPE_CHECKING:
    from printkit.kit.model import Kit

BODY_PT, BODY_LEADING = 9.4, 12.2
HEAD_PT, HEAD_LEADING = 11.5, 14.0
TITLE_PT = 24.0
COLUMN_GAP = 7.0
PARAGRAPH_GAP = 1.6
HEADING_GAP = 3.6
BULLET_INDENT = 4.0
CREDITS_PT, CREDITS_LEADING = 7.5, 9.6
CREDITS_GAP = 4.0  # between the columns' bottom limit and the credits, the rule between them
STRIP_AFTER = 3.0  # mm between "what is in the kit" and the columns
STRIP_SMALLEST = 8.0  # mm: the shortest the strip's drawings may be beside the title
STRIP_BESIDE = 8.0  # mm at least between the title block's texts and the strip beside them
TITLE_AFTER = 4.0  # mm between the title block's rule and the columns
LIST_KEPT = 6  # a list of up to this many items stays in one column
MIN_LINES = 2  # a split paragraph leaves at least this many lines in each column
MAX_LEVEL_GAP = 2.5  # mm a gap between blocks may grow to level a balanced column
BALANCE_TRIES = 40  # mm: how much taller than the shortest the balanced columns may be tried


@dataclass(frozen=True)
class Block:
    """One block of the rulebook: a heading, a paragraph, an item, the credits or a figure."""

    kind: str  # heading | paragraph | item | credits | figure
    markup: str
    loc: Loc = ()  # the kit field the text comes from (none for printkit's own texts)
    figure: figures.Laid | None = None  # a figure's drawing fitted to its column (kind figure)

    @property
    def size(self) -> tuple[float, float]:
        return {"heading": (HEAD_PT, HEAD_LEADING), "credits": (CREDITS_PT, CREDITS_LEADING)}.get(
            self.kind, (BODY_PT, BODY_LEADING)
        )


def body_blocks(text: str, loc: Loc = ()) -> list[Block]:
    """Blank lines separate paragraphs; lines starting with '- ' are list items; each block
    remembers ``loc``, the field it comes from."""
    blocks: list[Block] = []
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            blocks.append(Block("paragraph", to_markup(" ".join(paragraph)), loc))
            paragraph.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("- "):
            flush()
            blocks.append(Block("item", to_markup(line[2:].strip()), loc))
        elif blocks and blocks[-1].kind == "item" and raw.startswith("  ") and not paragraph:
            blocks[-1] = Block("item", blocks[-1].markup + " " + to_markup(line), loc)
        else:
            paragraph.append(line)
    flush()
    return blocks


def needs_blocks(kit: Kit, ctx: Context) -> list[Block]:
    tr = ctx.tr
    blocks = [Block("heading", html.escape(tr.msg("needs_heading")))]
    for component in kit.components:
        if component.in_kit:
            title = tr(component.title) or component.id
            pages = page_ref(ctx, component.id, naming=True)
            blocks.append(Block("item", f"<b>{html.escape(title)}</b> ({html.escape(pages)})"))
    for need in kit.needs:
        key = "need_per_player" if need.per_player else "need_item"
        blocks.append(Block("item", html.escape(tr.msg(key, count=need.count, text=tr(need.text)))))
    return blocks


def page_ref(ctx: Context, component_id: str, naming: bool = False) -> str:
    """'stronę 2' / 'strany 3–4' (or, ``naming``, 'strona 2') from the laid-out page numbers."""
    first = int(ctx.tr.numbers.get(f"page.{component_id}", 0))
    last = int(ctx.tr.numbers.get(f"lastpage.{component_id}", first))
    return page_span(ctx.lang, first, last, naming)


def in_sentence(title: str) -> str:
    """A component's title inside a sentence: 'Żetony strażników' → 'żetony strażników' (an
    initial capital followed by a small letter is only the title's; 'TTS' or 'A4' stay)."""
    if len(title) > 1 and title[0].isupper() and title[1].islower():
        return title[0].lower() + title[1:]
    return title


def print_blocks(kit: Kit, ctx: Context) -> list[Block]:
    tr = ctx.tr
    total = int(tr.numbers.get("pages", 0))
    sentences = [tr.msg("pdf_pages", count=total, pages_word=pages_word(ctx.lang, total), paper=ctx.paper.name)]
    rules_last = int(tr.numbers.get("lastpage.rules", 1))
    rules_pages = page_span(ctx.lang, 1, rules_last, naming=True)
    sentences.append(tr.msg("rules_on_screen" if kit.rules_on_screen else "rules_print", pages=rules_pages))
    cut_titles = []
    for component in kit.components:
        if not component.in_kit:
            continue
        what = tr(component.title) or component.id
        pages = page_ref(ctx, component.id)
        plan = component.print
        two_sided = component.id in ctx.sides
        if plan.copies == "optional":
            sentences.append(
                tr.msg(
                    "print_optional", pages=pages, Pages=pages[:1].upper() + pages[1:], what=what, note=tr(plan.note)
                )
            )
        else:
            sentences.append(
                tr.msg("print_once" if plan.copies == "once" else "print_per_player", pages=pages, what=what)
            )
        if plan.note and plan.copies != "optional":
            sentences.append(tr(plan.note))
        if two_sided and ctx.sides[component.id] == "fold":
            capital = pages[:1].upper() + pages[1:]
            sentences.append(tr.msg("print_fold", pages=pages, Pages=capital, what=what))
        if plan.cut or component.id in ctx.cut:
            cut_titles.append(in_sentence(what))
    sentences.append(print_dialog_sentence(ctx))
    if cut_titles:
        sentences.append(tr.msg("cut", what=", ".join(cut_titles)))
    else:
        sentences.append(tr.msg("nothing_to_cut"))
    return [Block("heading", html.escape(tr.msg("print_heading")))] + [Block("item", html.escape(s)) for s in sentences]


def print_dialog_sentence(ctx: Context) -> str:
    """What to choose in the print dialog for the whole PDF: two-sided when any component prints
    duplex backs (every other page then has a blank back of its own), else single-sided."""
    if "duplex" in ctx.sides.values():
        return ctx.tr.msg("print_all_duplex", edge=ctx.tr.msg(f"edge_{ctx.options.flip}"))
    return ctx.tr.msg("one_sided")


def all_blocks(kit: Kit, ctx: Context, col_w: float) -> list[Block]:
    """Every block of the rules in reading order, typeset in the language (the credits are not
    among them: they sit at the foot of the last page); a section's figure follows its body,
    fitted to a column ``col_w`` mm wide."""
    blocks = needs_blocks(kit, ctx) + print_blocks(kit, ctx)
    for number, section in enumerate(kit.rules):
        blocks.append(Block("heading", to_markup(ctx.tr(section.heading)), ("rules", number, "heading", ctx.lang)))
        blocks.extend(body_blocks(ctx.tr(section.body), ("rules", number, "body", ctx.lang)))

    blocks = [replace(block, markup=typeset(block.markup, ctx.lang)) for block in blocks]
    at = len(needs_blocks(kit, ctx) + print_blocks(kit, ctx))
    for number, section in enumerate(kit.rules):
        at += 1 + len(body_blocks(ctx.tr(section.body)))
        if section.figure is not None:
            key = (figures.FIGURE_KEY, kit.kit.title.get(ctx.lang, ""), number, ctx.lang, col_w, repr(section.figure))
            fitted = figures.laid(section.figure, kit, ctx, col_w, key)
            blocks.insert(at, Block("figure", fitted.caption, ("rules", number, "figure"), fitted))
            at += 1
    return blocks


def credits_block(kit: Kit, ctx: Context) -> Block | None:
    if not kit.kit.credits:
        return None
    return Block("credits", typeset(to_markup(ctx.tr(kit.kit.credits)), ctx.lang), ("kit", "credits", ctx.lang))


def title_items(kit: Kit, ctx: Context) -> tuple[list[Item], float]:
    """The title block on the first rules page; returns its items and the y where the text starts."""
    tr, m = ctx.tr, ctx.margin
    title = tr(kit.kit.title)
    size = fonts.fit_size(title, ctx.content_width, TITLE_PT, bold=True, smallest=14)
    y = m + fonts.cap_height(size)
    items: list[Item] = [Text(m, y, title, size, bold=True, max_w=ctx.content_width)]
    facts = [f"{tr.msg('players')}: {number_range(kit.kit.players.min, kit.kit.players.max)}"]
    if kit.kit.age:
        facts.append(f"{tr.msg('age')}: {kit.kit.age}")
    if kit.kit.minutes:
        facts.append(f"{tr.msg('minutes')}: {typeset(str(kit.kit.minutes), ctx.lang)} {tr.msg('minutes_unit')}")
    line = "  ·  ".join(facts)
    if kit.kit.subtitle:
        y += 6.5
        items.append(fit_text(m, y, tr(kit.kit.subtitle), ctx.content_width, 11.5, smallest=8))
    y += 5.5
    items.append(fit_text(m, y, line, ctx.content_width, 9.5, smallest=7, color="#333333"))
    y += 3.0
    items.append(Line(m, y, ctx.paper.width - m, y, Stroke(width=0.4)))
    return items, y + TITLE_AFTER


def layout(kit: Kit, ctx: Context) -> list[Page]:
    """The rules pages: columns filled in turn, the last page's columns balanced and the credits
    at its foot."""
    columns = 2 if ctx.content_width > 150 else 1
    col_w = (ctx.content_width - COLUMN_GAP * (columns - 1)) / columns
    flow = Flow(keep_together(all_blocks(kit, ctx, col_w)), col_w, ctx.lang)
    credits = credits_block(kit, ctx)
    credits_h = block_height(credits, ctx.content_width, ctx.lang) + CREDITS_GAP if credits else 0.0
    bottom = ctx.paper.height - ctx.margin
    header, top = title_items(kit, ctx)

    strip, top = placed_strip(kit, header, top, ctx)
    if strip is not None:
        header.append(strip.group)
    pages: list[list[Item]] = []
    while True:
        items = list(header) if not pages else []
        flow_start = (flow.unit, flow.done_lines)
        carry = 0.0
        last = flow.balanced(columns, bottom - credits_h - top)
        if last is None and credits and (tight := flow.balanced(columns, bottom - top)) is not None:
            # the text fills the page: the credits close the shorter column if they fit under it
            shorter = min(range(columns), key=lambda n: flow.column_height(tight[n]))
            credit_w = col_w
            credit_h = block_height(credits, credit_w, ctx.lang) + CREDITS_GAP
            if flow.column_height(tight[shorter]) + credit_h <= bottom - top:
                for column, slices in enumerate(tight):
                    items.extend(column_items(slices, column_x(ctx, column, col_w), top, col_w, ctx.lang))
                x = column_x(ctx, shorter, col_w)
                items.extend(credits_items(credits, ctx, bottom - credit_h + CREDITS_GAP, x, credit_w))
                pages.append(items)
                break
            flow.unit, flow.done_lines = flow_start
            carry = credits_h  # the text would fill this page and leave the credits a page alone
        if last is not None:
            level = max((flow.column_height(slices) for slices in last), default=0.0)
            for column, slices in enumerate(last):
                spare = level_gap(slices, level - flow.column_height(slices))
                items.extend(column_items(slices, column_x(ctx, column, col_w), top, col_w, ctx.lang, spare))
            if credits:
                items.extend(credits_items(credits, ctx, bottom - credits_h + CREDITS_GAP))
            pages.append(items)
            break
        for column in range(columns):
            # so that the last lines go over to the next page with the credits (never the credits alone)
            room = bottom - top - (carry if column == columns - 1 else 0.0)
            slices = flow.column(room)
            items.extend(column_items(slices, column_x(ctx, column, col_w), top, col_w, ctx.lang))
        pages.append(items)
        top = ctx.margin
    shown: dict[tuple[object, ...], figures.Laid | figures.Strip] = {
        block.figure.key: block.figure for unit in flow.units for block in unit if block.figure
    }
    if strip is not None:
        shown[strip.group.key] = strip
    copies: dict[str, int] = {}
    return [rules_page(ctx, items, shown, copies) for items in pages]


def rules_page(
    ctx: Context,
    items: list[Item],
    shown: dict[tuple[object, ...], figures.Laid | figures.Strip],
    copies: dict[str, int],
) -> Page:
    """A rules page; each figure drawn on it is a row of its manifest, numbered from 1 within its
    component (``copies`` counts them over the pages)."""
    rows = []
    for item in items:
        if isinstance(item, Group) and item.key in shown:
            row = shown[item.key].row(item)
            copies[row.component] = copies.get(row.component, 0) + 1
            rows.append(replace(row, copy=copies[row.component]))
    return Page(ctx.paper.width, ctx.paper.height, "rules", None, tuple(items), tuple(rows))


def placed_strip(kit: Kit, header: list[Item], top: float, ctx: Context) -> tuple[figures.Strip | None, float]:
    """ "What is in the kit" beside the title, right-aligned in the title block (its drawings as
    tall as the block allows, STRIP_H at most), when it fits there: it then costs the columns
    nothing. Else across the page under the title. Returns the strip placed (None when the kit
    has none) and where the columns start."""
    from printkit.layout import figures

    right = max((box[2] for item in header if isinstance(item, Text) and (box := bounds.ink_rect(item))), default=0.0)
    room_w = ctx.paper.width - ctx.margin - right - STRIP_BESIDE
    rule_y = top - TITLE_AFTER
    drawn_h = min(figures.STRIP_H, rule_y - ctx.margin - 1.0 - figures.STRIP_LABEL)
    beside = figures.contents_strip(kit, ctx, ctx.content_width, drawn_h) if drawn_h >= STRIP_SMALLEST else None
    if beside is not None and beside.group.w <= room_w:
        group = replace(beside.group, x=ctx.paper.width - ctx.margin - beside.group.w, y=rule_y - 1.0 - beside.height)
        return replace(beside, group=group), top
    under = figures.contents_strip(kit, ctx, ctx.content_width)
    if under is None:
        return None, top
    return replace(under, group=replace(under.group, x=ctx.margin, y=top)), top + under.height + STRIP_AFTER


def column_x(ctx: Context, column: int, col_w: float) -> float:
    return ctx.margin + column * (col_w + COLUMN_GAP)


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


@dataclass(frozen=True)
class Slice:
    """A block in a column, or the lines ``first`` to ``last`` (exclusive) of a split paragraph."""

    block: Block
    first: int
    last: int
    whole: bool


class Flow:
    """The rules' units poured into columns, a column at a time, splitting only a unit's last
    paragraph (leaving at least two lines on either side)."""

    def __init__(self, units: list[list[Block]], col_w: float, lang: str):
        self.units = units
        self.col_w = col_w
        self.lang = lang
        self.unit = 0  # the next unit to place
        self.done_lines = 0  # lines of that unit's last block already placed in an earlier column
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

    def column(self, room: float) -> list[Slice]:
        """The next column's slices, at most ``room`` mm tall (a unit taller than a whole column
        is split or, when it cannot be, refused)."""
        slices: list[Slice] = []
        used = 0.0
        while self.unit < len(self.units):
            parts, needed = self._rest_of_unit(column_top=not slices)
            if used + needed <= room + 1e-6:
                slices.extend(parts)
                used += needed
                self.unit, self.done_lines = self.unit + 1, 0
                continue
            split = self._split(parts, room - used, first_in_column=not slices)
            if split:
                slices.extend(split)
                self.done_lines = split[-1].last
            elif not slices:
                raise too_tall(parts[0].block, needed, room)
            break
        return slices

    def _rest_of_unit(self, column_top: bool) -> tuple[list[Slice], float]:
        """The slices of the next unit not placed yet and the height they need, worked out once
        for each unit, lines already placed and place in the column: balancing tries the same
        pours for every column height it tries (kpn: 1,288 asks, 42 different)."""
        key = (self.unit, self.done_lines, column_top)
        found = self._rest.get(key)
        if found is None:
            parts = self._remaining(self.units[self.unit])
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
        if last.block.kind != "paragraph":
            return []
        before = parts[:-1]
        used = sum(gap_before(s.block, i == 0 and first_in_column) + self.slice_height(s) for i, s in enumerate(before))
        used += gap_before(last.block, not before and first_in_column) if last.first == 0 else 0.0
        leading = last.block.size[1] * MM_PER_POINT
        fitting = int((room - used + 1e-6) // leading)
        take = min(fitting, last.last - last.first - MIN_LINES)
        if take < MIN_LINES:
            return []
        return before + [Slice(last.block, last.first, last.first + take, False)]

    def balanced(self, columns: int, room: float) -> list[list[Slice]] | None:
        """The rest in ``columns`` columns of at most ``room`` mm whose bottoms end as level as
        the units allow, or None when the rest does not fit. The shortest column height that
        holds everything is found first; as a unit kept whole may then leave the first column
        short, heights up to BALANCE_TRIES mm taller are tried too and the levellest is kept."""
        start = (self.unit, self.done_lines)
        if self._fits(columns, room, start) is None:
            self.unit, self.done_lines = start
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

    def column_height(self, slices: list[Slice]) -> float:
        return sum(gap_before(s.block, i == 0) + self.slice_height(s) for i, s in enumerate(slices))

    def _fits(self, columns: int, room: float, start: tuple[int, int]) -> list[list[Slice]] | None:
        self.unit, self.done_lines = start
        try:
            filled = [self.column(room) for _ in range(columns)]
        except PrintkitError:
            return None
        return filled if self.unit == len(self.units) else None


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
    if column_top:
        return 0.0
    return HEADING_GAP if block.kind == "heading" else PARAGRAPH_GAP


def slice_height(part: Slice, width: float, lang: str) -> float:
    if part.whole:
        return block_height(part.block, width, lang)
    return (part.last - part.first) * part.block.size[1] * MM_PER_POINT


def level_gap(slices: list[Slice], short_by: float) -> float:
    """What each gap between the blocks of a balanced column grows by so that its bottom is level
    with the other column's, as a book's columns end on one line; 0 when that would open gaps
    wider than MAX_LEVEL_GAP."""
    gaps = len(slices) - 1
    if gaps < 1 or short_by <= 0:
        return 0.0
    spare = short_by / gaps
    return spare if spare <= MAX_LEVEL_GAP else 0.0


def column_items(slices: list[Slice], x: float, top: float, width: float, lang: str, spare: float = 0.0) -> list[Item]:
    """A column's items from ``top``; ``spare`` mm more between blocks levels a balanced column."""
    items: list[Item] = []
    y = top
    for index, part in enumerate(slices):
        y += gap_before(part.block, index == 0) + (spare if index else 0.0)
        height = slice_height(part, width, lang)
        lines = None if part.whole else (part.first, part.last)
        items.extend(block_items(part.block, x, y, width, height, lang, lines))
        y += height
    return items


def credits_items(
    credits: Block, ctx: Context, y: float, x: float | None = None, width: float | None = None
) -> list[Item]:
    """The credits at the foot of the last rules page (across it, or under one column), under a
    thin rule."""
    x = ctx.margin if x is None else x
    width = ctx.content_width if width is None else width
    height = block_height(credits, width, ctx.lang)
    rule_y = y - CREDITS_GAP / 2
    return [
        Line(x, rule_y, x + 40.0, rule_y, Stroke(width=0.3, color="#666666")),
        RichText(
            x,
            y,
            width,
            height,
            credits.markup,
            CREDITS_PT,
            CREDITS_LEADING,
            color="#333333",
            face="body",
            lang=ctx.lang,
        ),
    ]


def block_wrap(block: Block, width: float, lang: str | None) -> paragraph.Wrapped:
    size, leading = block.size
    text_width = width - (BULLET_INDENT if block.kind == "item" else 0)
    heading = block.kind == "heading"
    face = "headings" if heading else "body"
    return paragraph.wrap(block.markup, text_width, size, leading, heading, face, lang, justify=not heading)


def block_height(block: Block, width: float, lang: str | None = None) -> float:
    if block.figure is not None:
        return block.figure.height
    return block_wrap(block, width, lang).height


def block_items(
    block: Block,
    x: float,
    y: float,
    width: float,
    height: float,
    lang: str | None = None,
    lines: tuple[int, int] | None = None,
) -> list[Item]:
    """A block's items; ``lines`` only those lines of a paragraph split over columns."""
    if block.figure is not None:
        return block.figure.items(x, y, lang)
    size, leading = block.size
    heading = block.kind == "heading"
    face: str = "headings" if heading else "body"
    align: Align = "left" if heading else "justify"
    if block.kind == "item":
        baseline = y + fonts.cap_height(size, "body") + (leading - size) * 0.35 * MM_PER_POINT
        return [
            Text(x + 0.6, baseline, "•", size, bold=True, face="body"),
            RichText(
                x + BULLET_INDENT,
                y,
                width - BULLET_INDENT,
                height,
                block.markup,
                size,
                leading,
                align=align,
                face=face,
                lang=lang,
                lines=lines,
            ),
        ]
    return [
        RichText(
            x,
            y,
            width,
            height,
            block.markup,
            size,
            leading,
            bold=heading,
            align=align,
            face=face,
            lang=lang,
            lines=lines,
        )
    ]
