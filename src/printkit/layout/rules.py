"""The rules pages: a title block, then headings, paragraphs and lists flowing over two columns.

Besides the kit's own sections, two are generated from the kit itself, "what you need" and
the print recipe (layout/recipe.py), so they can never contradict the PDF.
"""

from __future__ import annotations

import html
import math
from typing import TYPE_CHECKING, TypeGuard

from msgspec import Struct

from printkit import fonts
from printkit.base.errors import Loc
from printkit.base.records import replace
from printkit.layout import bounds, figure_marks, figures, recipe
from printkit.layout import strip as contents
from printkit.layout.context import FOOTER_EDGE, FOOTER_PT, Context
from printkit.layout.emblem import roundel
from printkit.layout.needs import needs_blocks
from printkit.layout.primitives import Group, Item, Line, Page, RichText, Stroke, Text
from printkit.layout.rule_blocks import (
    CREDITS_LEADING,
    CREDITS_PT,
    DEFAULT_STEP,
    FIT_STEPS,
    Block,
    block_height,
)
from printkit.layout.rule_columns import KEEP_FIGURES, Flow, Slice, column_items, credits_under, keep_together
from printkit.words.locale import Localizer
from printkit.words.typography import number_range, to_markup, typeset

if TYPE_CHECKING:
    from printkit.kit.model import Kit

TITLE_PT = 24.0
COLUMN_GAP = 7.0
CREDITS_GAP = 4.0  # between the columns' bottom limit and the credits, the rule between them
STRIP_AFTER = 3.0  # mm between "what is in the kit" and the columns
STRIP_SMALLEST = 8.0  # mm: the shortest the strip's drawings may be beside the title
STRIP_BESIDE = 8.0  # mm at least between the title block's texts and the strip beside them
STRIP_INSET = 3.0  # mm the strip beside the title stands inside the right margin (a review: flush, its last
# label read as pushed against the margin)
TITLE_AFTER = 4.0  # mm between the title block's rule and the columns
SUBTITLE_STEP, FACTS_STEP, RULE_STEP = 6.5, 5.5, 3.0  # mm from the title's baseline to the subtitle's, ...
MARK_BELOW = 1.5  # mm between the kit's mark and the title block's rule
MARK_GAP = 4.0  # mm between the mark and the title
TITLE_LEAST, SUBTITLE_LEAST, FACTS_LEAST = 18.0, 9.0, 8.0  # pt: the least a marked title block's texts
# are set at to give the contents strip room beside them
REBALANCE_MOST = 198  # mm the page before a short last one may end higher, at most
SHORT_LAST = 1 / 3  # a last rules page after a full one holds at least this share of its text height
TIGHTEN_BELOW = 1 / 2  # a last page holding less is tried tighter, to save it (kpn's folded Letter: 0.34)
FILL_TARGET = 0.97  # the share of its text height the last page's columns are set to fill
LEVEL_WITHIN = 3 * 12.2 * 25.4 / 72  # mm: three lines of body text, as level as the last page's columns need be
FILL_GAIN = 2.0  # mm a page's largest hole must shrink by for its credits to close a column
FIGURE_SHRINK = 0.8  # the least share of its height a figure keeps when it shrinks to level the columns
# mm of clear paper between the rules' lowest line (its box, which holds its descenders) and the
# top of the footer's capitals: reviews found the last line 2.2 mm above ogrod's Letter footer and
# plateau's credits 1.6 mm above theirs, the page "jammed at the bottom"
FOOT_BAND = 6.0


def text_bottom(ctx: Context) -> float:
    """Where the rules' columns and credits end: FOOT_BAND above the footer's capitals (whose
    descenders stand FOOTER_EDGE from the paper's edge, as ``document.footer_baseline`` sets them),
    and never lower than the content's own bottom."""
    _, descent = fonts.vertical_extent(FOOTER_PT)
    capitals = ctx.paper.height - FOOTER_EDGE - descent - 0.05 - fonts.cap_height(FOOTER_PT)
    return min(ctx.bottom, capitals - FOOT_BAND)


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


def print_blocks(kit: Kit, ctx: Context, col_w: float) -> list[Block]:
    """The print recipe (layout/recipe.py): its table, the print-dialog line and the notes."""
    found = recipe.recipe_at(kit, ctx, col_w)
    return [
        Block("heading", html.escape(ctx.tr.msg("print_heading"))),
        Block("figure", "", figure=found.table),
        *(Block("paragraph", f"<b>{html.escape(line)}</b>") for line in found.dialog),
        *(Block("item", html.escape(note)) for note in found.notes),
    ]


def all_blocks(kit: Kit, ctx: Context, col_w: float) -> list[Block]:
    """Every block of the rules in reading order, typeset in the language (the credits are not
    among them: they sit at the foot of the last page): what to prepare, the game's sections, each
    figure after its section's body, fitted to a column ``col_w`` mm wide, and how to print the kit:
    right after what to prepare (``kit.print_at: start``, as the KiG rulebooks do: a family prints
    before it reads the rules), or after the last section (``end``)."""
    blocks = needs_blocks(kit, ctx)
    if kit.kit.print_at == "start":
        blocks += print_blocks(kit, ctx, col_w)
    for number, section in enumerate(kit.rules):
        blocks.append(Block("heading", to_markup(ctx.tr(section.heading)), ("rules", number, "heading", ctx.lang)))
        blocks.extend(body_blocks(ctx.tr(section.body), ("rules", number, "body", ctx.lang)))
        if section.figure is not None:
            key = (figures.FIGURE_KEY, kit.kit.title.get(ctx.lang, ""), number, ctx.lang, col_w, repr(section.figure))
            fitted = figures.laid(section.figure, kit, ctx, col_w, key)
            blocks.append(Block("figure", fitted.caption, ("rules", number, "figure"), fitted))
    if kit.kit.print_at == "end":
        blocks += print_blocks(kit, ctx, col_w)
    blocks = one_scale(blocks)
    return [
        block if block.kind == "figure" else replace(block, markup=typeset(block.markup, ctx.lang)) for block in blocks
    ]


def one_scale(blocks: list[Block]) -> list[Block]:
    """The blocks with the figures of one board or sheet part at one scale (figures.one_scale)."""
    shown = [block.figure for block in blocks if is_laid(block.figure)]
    capped = iter(figures.one_scale(shown))
    return [replace(block, figure=next(capped)) if is_laid(block.figure) else block for block in blocks]


def credits_block(kit: Kit, ctx: Context) -> Block | None:
    if not kit.kit.credits:
        return None
    return Block("credits", typeset(to_markup(ctx.tr(kit.kit.credits)), ctx.lang), ("kit", "credits", ctx.lang))


def title_items(
    kit: Kit, ctx: Context, with_mark: bool = True, sizes: tuple[float, float, float] | None = None, text_w: float = 0.0
) -> tuple[list[Item], float]:
    """The title block on the first rules page; returns its items and the y where the text starts.
    A kit with a mark (``theme.mark``) has it at the block's left, as tall as the block, the texts
    beside it, unless ``with_mark`` is False. ``sizes`` (title, subtitle, facts) and ``text_w`` set
    the texts at those sizes in that width (room left for the strip beside them); else each at
    the largest size the block's width allows."""
    tr, m, palette = ctx.tr, ctx.margin, ctx.theme.palette
    mark = ctx.theme.mark if with_mark else []
    indent = mark_indent(kit, ctx) if mark else 0.0
    x, width = m + indent, text_w or ctx.content_width - indent
    title_pt, subtitle_pt, facts_pt = sizes or fitted_sizes(kit, tr, width, (TITLE_PT, 14.0, 8.0, 7.0))
    y = m + fonts.cap_height(title_pt, face="headings")
    title = tr(kit.kit.title)
    items: list[Item] = [Text(x, y, title, title_pt, bold=True, color=palette.accent, max_w=width, face="headings")]
    if kit.kit.subtitle:
        y += SUBTITLE_STEP
        items.append(Text(x, y, tr(kit.kit.subtitle), subtitle_pt, max_w=width))
    y += FACTS_STEP
    items.append(Text(x, y, facts_line(kit, tr), facts_pt, color=palette.muted, max_w=width))
    y += RULE_STEP
    if mark:
        items.append(roundel(mark, tr.icons, m, m, y - MARK_BELOW - m, palette.accent, ctx.dpi))
    items.append(Line(m, y, ctx.paper.width - m, y, Stroke(color=palette.accent, width=0.6)))
    return items, y + TITLE_AFTER


def facts_line(kit: Kit, tr: Localizer) -> str:
    """Players, age and time, as the title block's third line says them."""
    facts = [f"{tr.msg('players')}: {number_range(kit.kit.players.min, kit.kit.players.max)}"]
    if kit.kit.age:
        facts.append(f"{tr.msg('age')}: {kit.kit.age}")
    if kit.kit.minutes:
        facts.append(f"{tr.msg('minutes')}: {typeset(str(kit.kit.minutes), tr.lang)} {tr.msg('minutes_unit')}")
    return "  ·  ".join(facts)


def fitted_sizes(
    kit: Kit, tr: Localizer, width: float, least: tuple[float, float, float, float]
) -> tuple[float, float, float]:
    """The title's, the subtitle's and the facts' sizes in ``width``: each the largest up to TITLE_PT,
    11.5 and 9.5 pt that fits, down to ``least`` (the title's largest, then each one's least)."""
    largest, title_least, subtitle_least, facts_least = least
    subtitle = tr(kit.kit.subtitle) if kit.kit.subtitle else ""
    return (
        fonts.fit_size(tr(kit.kit.title), width, largest, bold=True, smallest=title_least, face="headings"),
        fonts.fit_size(subtitle, width, 11.5, smallest=subtitle_least),
        fonts.fit_size(facts_line(kit, tr), width, 9.5, smallest=facts_least),
    )


def mark_indent(kit: Kit, ctx: Context) -> float:
    """How far the texts of a marked title block stand right of the margin: the mark and its gap."""
    return title_block_height(kit, ctx, fonts.cap_height(TITLE_PT, face="headings")) - MARK_BELOW + MARK_GAP


def title_block(kit: Kit, ctx: Context, strips: contents.Strips) -> tuple[list[Item], contents.Strip | None, float]:
    """The title block and the contents strip, and where the columns start. A kit with a mark has
    one masthead in every language and on every paper: the mark at the left, the strip beside
    the texts, which are set, when they must, smaller (the title to TITLE_LEAST, the subtitle to
    SUBTITLE_LEAST) at the sizes the kit's longest language needs, so no language is set larger
    than another (targ's Czech kept its mark while Polish and English lost it or moved the strip
    under the title). Only when even those sizes leave no room for the strip does it go under, in
    every language (kpn's A4; on Letter all three stand beside at 19 pt). Fitted to the paper's
    width, the sizes may differ a point between A4 and Letter; the arrangement does not for targ."""
    if ctx.theme.mark and (sizes := beside_sizes(kit, ctx, strips)) is not None:
        header, top = title_items(kit, ctx, sizes=sizes[0], text_w=sizes[1])
    else:
        header, top = title_items(kit, ctx)
    strip, below = placed_strip(strips, header, top, ctx)
    return header, strip, below


def beside_sizes(
    kit: Kit, ctx: Context, strips: contents.Strips, indent: float | None = None
) -> tuple[tuple[float, float, float], float] | None:
    """The sizes (title, subtitle, facts) at which every language's texts of a title block
    leave the contents strip room beside them, and the width they keep; None when the kit has no
    strip or the texts do not fit it at their least sizes. ``indent``: where the texts start right
    of the margin (the marked block's, by default; 0 without the mark)."""
    height = title_block_height(kit, ctx, fonts.cap_height(TITLE_PT, face="headings"))
    drawn_h = min(contents.STRIP_H, height - 1.0 - contents.STRIP_LABEL)
    strip = strips.at(ctx.content_width, drawn_h) if drawn_h >= STRIP_SMALLEST else None
    if strip is None:
        return None
    indent = mark_indent(kit, ctx) if indent is None else indent
    width = ctx.content_width - indent - STRIP_BESIDE - STRIP_INSET - strip.group.w - 0.5  # 0.5: ink
    least = (TITLE_PT, TITLE_LEAST, SUBTITLE_LEAST, FACTS_LEAST)
    each = [fitted_sizes(kit, replace(ctx.tr, lang=lang), width, least) for lang in kit.kit.languages]
    sizes = (min(s[0] for s in each), min(s[1] for s in each), min(s[2] for s in each))
    for lang in kit.kit.languages:  # a text that does not fit even at its least size
        tr = replace(ctx.tr, lang=lang)
        texts = [(tr(kit.kit.title), sizes[0], "headings", True), (facts_line(kit, tr), sizes[2], "pieces", False)]
        texts += [(tr(kit.kit.subtitle), sizes[1], "pieces", False)] if kit.kit.subtitle else []
        if any(fonts.text_width(text, size, bold, face) > width + 1e-6 for text, size, face, bold in texts):
            return None
    return sizes, width


def plain_title_block(
    kit: Kit, ctx: Context, marked_top: float, strips: contents.Strips
) -> tuple[list[Item], contents.Strip | None, float] | None:
    """The title block without the mark, when the mark's block (whose columns start at
    ``marked_top``) starts them lower: the rules then keep the mark unless it costs a page
    (targ's Polish and English strip stood under the title)."""
    if not ctx.theme.mark:
        return None
    # set smaller where it must, as the marked block's texts are, so the strip stays beside them
    # (kpn's Polish fold build: the strip under its long title cost the rules a second page)
    sizes = beside_sizes(kit, ctx, strips, indent=0.0)
    plain, plain_top = title_items(
        kit, ctx, with_mark=False, sizes=sizes[0] if sizes else None, text_w=sizes[1] if sizes else 0.0
    )
    strip, below = placed_strip(strips, plain, plain_top, ctx)
    return (plain, strip, below) if below < marked_top - 1e-6 else None


def with_strip(header: list[Item], strip: contents.Strip | None) -> list[Item]:
    return header if strip is None else [*header, strip.group]


def title_block_height(kit: Kit, ctx: Context, title_cap: float) -> float:
    """How tall the title block stands from the margin to its rule, its title ``title_cap`` tall."""
    return title_cap + (SUBTITLE_STEP if kit.kit.subtitle else 0.0) + FACTS_STEP + RULE_STEP


def layout(kit: Kit, ctx: Context, counted: bool = False) -> list[Page]:
    """The rules pages: columns filled in turn, the last page's columns balanced and the credits
    at its foot. Rules that would end on a short page (under SHORT_LAST of its height) after a
    full one are fitted, a FIT_STEPS step at a time, until they need a page fewer; when even the
    tightest step does not save the page, the page before the last gives it lines until it holds
    SHORT_LAST.

    ``counted``: the pages are only counted (a first setting that finds the page numbers: see
    ``document.layout_kit``): as many as the full setting, but neither filled nor rebalanced."""
    columns = 2 if ctx.content_width > 150 else 1
    col_w = (ctx.content_width - COLUMN_GAP * (columns - 1)) / columns
    blocks = all_blocks(kit, ctx, col_w)
    credits = credits_block(kit, ctx)
    strips = contents.Strips(kit, ctx)
    header, strip, top = title_block(kit, ctx, strips)
    pour = Pour(ctx, columns, col_w, with_strip(header, strip), top, credits)
    chosen = set_rules(pour, blocks, counted=counted)
    for keep in reversed(range(KEEP_FIGURES)):
        # a keep may cost a page (kpn's turn and its 60 mm figure fill a column): the rules are then
        # poured without it, the figures' keep dropped first (Flow.keep)
        if len(chosen.pages) == 1:
            break
        looser = set_rules(replace(pour, keep=keep), blocks, counted=counted)
        if len(looser.pages) < len(chosen.pages):
            pour, chosen = replace(pour, keep=keep), looser
    # the mark moved the strip under the title: kept unless it costs a page (a page it cannot cost
    # rules that fit one: the second setting is not tried, 40 ms of targ's build)
    plain = plain_title_block(kit, ctx, top, strips) if len(chosen.pages) > 1 else None
    if plain is not None:
        plain_pour = replace(pour, header=with_strip(plain[0], plain[1]), top=plain[2])
        usual = plain_pour.poured(blocks, DEFAULT_STEP)
        # set as usual on as many pages and not short, the plain block is only set looser on as
        # many pages: it cannot save one, and the looser settings are not tried (plateau: 3 of 8)
        if len(usual.pages) < len(chosen.pages) or usual.short:
            unmarked = set_rules(plain_pour, blocks, usual, counted)
            if len(unmarked.pages) < len(chosen.pages):
                (header, strip, top), chosen = plain, unmarked
    shown: dict[tuple[object, ...], figures.Laid | contents.Strip] = {
        block.figure.key: block.figure
        for unit in chosen.flow.units
        for block in unit
        if isinstance(block.figure, figures.Laid)
    }
    shown |= {laid.key: laid for laid in chosen.levelled}
    if strip is not None:
        shown[strip.group.key] = strip
    copies: dict[str, int] = {}
    return [rules_page(ctx, items, shown, copies) for items in chosen.pages]


def set_rules(pour: Pour, blocks: list[Block], usual: Poured | None = None, counted: bool = False) -> Poured:
    """The rules poured as ``layout`` says: fitted tighter to save a short last page, else looser
    to fill it, then rebalanced when still short. ``usual``: the pour at DEFAULT_STEP, when made.
    ``counted``: only as many pages as that, so neither the looser settings nor the rebalancing
    (each keeps the pages as many) is tried."""
    usual = usual or pour.poured(blocks, DEFAULT_STEP)
    if usual.short or len(usual.pages) > 1 and usual.last_share < TIGHTEN_BELOW:
        fitted = (pour.poured(blocks, step) for step in range(DEFAULT_STEP + 1, len(FIT_STEPS)))
        chosen = next((poured for poured in fitted if len(poured.pages) < len(usual.pages)), usual)
    elif counted:
        return usual
    else:
        chosen = filled(usual, [pour.poured(blocks, step) for step in reversed(range(DEFAULT_STEP))])
    return pour.rebalanced(blocks, chosen) if chosen.short and not counted else chosen


def filled(usual: Poured, looser: list[Poured]) -> Poured:
    """Of the rules set as usual and set looser (``looser``, least loose first), the setting whose
    last page has its columns level (within LEVEL_WITHIN) and ends nearest FILL_TARGET of its
    height, on as many pages: the last page neither ends in an empty band nor has one column
    stop short of the other. The tighter of two that do as well."""
    same = [usual, *(poured for poured in looser if len(poured.pages) == len(usual.pages) and not poured.short)]
    return min(
        same,
        key=lambda poured: (
            poured.spread > LEVEL_WITHIN,
            round(abs(FILL_TARGET - poured.last_share), 2),
            round(poured.spread, 1),  # of full pages, the one whose columns end the most level
        ),
    )


class Poured(Struct, frozen=True):
    """The rules poured into pages: each page's items, the flow that poured them, how much of its
    text height the last page's taller column holds (1 for a single or a full page) and how far
    its columns' ends are apart (on a full page, the largest hole above a column's end)."""

    pages: list[list[Item]]
    flow: Flow
    last_share: float
    step: int  # the FIT_STEPS step they are set at
    spread: float = 0.0
    levelled: tuple[figures.Laid, ...] = ()  # the last page's figures as sized to end its columns level

    @property
    def short(self) -> bool:
        return len(self.pages) > 1 and self.last_share < SHORT_LAST


class Pour(Struct, frozen=True):
    """What pours the rules into pages: the paper, the columns, the title block and the credits."""

    ctx: Context
    columns: int
    col_w: float
    header: list[Item]
    top: float
    credits: Block | None
    keep: int = KEEP_FIGURES  # the flow's keeps (Flow.keep), which the rules drop when they cost a page

    def rebalanced(self, blocks: list[Block], short: Poured) -> Poured:
        """``short`` poured again with the page before the last ended higher, by the least of
        2, 4, ... REBALANCE_MOST mm that leaves the last page holding SHORT_LAST with the pages
        as many; found by bisection (the last page holds more as the cap grows): 7 pourings, where
        trying each in turn took up to 49 and half of plateau's build. When none does, the
        largest cap that keeps the pages as many."""
        pages = len(short.pages)

        def poured(steps: int) -> Poured:
            return self.poured(blocks, short.step, cap=(pages - 2, 2.0 * steps))

        low, high = 0, REBALANCE_MOST // 2 + 1  # caps in 2 mm steps: low is short, high is not or too many pages
        found: Poured | None = None
        kept = short
        while high - low > 1:
            middle = (low + high) // 2
            tried = poured(middle)
            if len(tried.pages) != pages or not tried.short:
                high = middle
                found = tried if len(tried.pages) == pages else found
            else:
                low, kept = middle, tried
        return found if found is not None else kept

    def poured(self, blocks: list[Block], step: int, cap: tuple[int, float] | None = None) -> Poured:
        """The blocks set at FIT_STEPS[step] and poured; ``cap`` (page index, mm) ends that page's
        columns that much higher."""
        ctx, columns, col_w, credits = self.ctx, self.columns, self.col_w, self.credits
        flow = Flow(keep_together([fitted(block, step) for block in blocks]), col_w, ctx.lang, self.keep)
        # the credits are always set in a column's width at the page's foot, under the first column
        # with room (the second only when the text fills the first): set across the page when the
        # text left room, one kit's languages differed (targ's Czech across, its Polish and English
        # under one column)
        credits_h = block_height(credits, col_w, ctx.lang) + CREDITS_GAP if credits else 0.0
        bottom = text_bottom(ctx)
        top = self.top
        pages: list[list[Item]] = []
        while True:
            items = list(self.header) if not pages else []
            if cap is not None and cap[0] == len(pages):
                limit = bottom - cap[1]
            else:
                limit = bottom
            carry = 0.0
            start = flow.mark
            last = flow.balanced(columns, bottom - credits_h - top)
            last = levelled(flow, last) if last is not None else None
            room = bottom - credits_h - top
            hole = max((room - flow.column_height(c) for c in last), default=0.0) if last is not None else math.inf
            if credits and hole > LEVEL_WITHIN:
                # the text fills the page, or its balanced columns leave a hole (a paragraph kept whole,
                # latarnie's "Punkty i zwycięstwo", left the first 29 mm short): the credits close the
                # column that leaves the smaller hole above its end (a review: targ's English left
                # column ended 25 mm above the credits under it, the right one full)
                balanced_end = flow.mark
                flow.reset(start)
                option = credits_under(flow, columns, limit - top, min(limit, bottom - credits_h) - top)
                if option is not None and option[0] < hole - FILL_GAIN:
                    left, with_credits, filled, end = option
                    flow.reset(end)
                    for column, slices in enumerate(filled):
                        items.extend(column_items(slices, column_x(ctx, column, col_w), top, col_w, ctx.lang))
                    x = column_x(ctx, with_credits, col_w)
                    items.extend(credits_items(credits, ctx, bottom - credits_h + CREDITS_GAP, x, col_w))
                    pages.append(items)
                    return Poured(pages, flow, 1.0, step, left)
                flow.reset(balanced_end if last is not None else start)
                if last is None:
                    carry = credits_h  # the text would fill this page and leave the credits a page alone
            if last is not None:
                # the columns keep one spacing: a shorter one ends higher, its gaps are never widened;
                # a figure in it grows instead (or one in the longer column shrinks) to end them level
                for column, slices in enumerate(last):
                    items.extend(column_items(slices, column_x(ctx, column, col_w), top, col_w, ctx.lang))
                if credits:  # room was kept under both columns: the credits go under the first
                    items.extend(credits_items(credits, ctx, bottom - credits_h + CREDITS_GAP, ctx.margin, col_w))
                pages.append(items)
                heights = [flow.column_height(slices) for slices in last]
                level = max(heights, default=0.0)
                spread = level - min(heights, default=0.0)
                shown = tuple(part.block.figure for slices in last for part in slices if is_laid(part.block.figure))
                return Poured(pages, flow, level / (bottom - credits_h - top), step, spread, shown)
            for column in range(columns):
                # so that the last lines go over to the next page with the credits (never the credits alone)
                room = limit - top - (carry if column == columns - 1 else 0.0)
                slices = flow.column(room, page_ends=column == columns - 1)
                items.extend(column_items(slices, column_x(ctx, column, col_w), top, col_w, ctx.lang))
            pages.append(items)
            top = ctx.margin


def is_laid(figure: object) -> TypeGuard[figures.Laid]:
    return isinstance(figure, figures.Laid)


def levelled(flow: Flow, columns: list[list[Slice]]) -> list[list[Slice]]:
    """The last page's columns ended level where figures allow: a figure in a shorter column
    grows (up to its column's width) by what that column lacks, then, while the columns are
    still LEVEL_WITHIN apart, a figure in the longest shrinks (to FIGURE_SHRINK of its height,
    its pieces never under figure_marks.MIN_PIECE). A figure is one unit the balancer cannot
    split, so without this a column holding one ended up to 30 mm off the other."""
    heights = [flow.column_height(slices) for slices in columns if slices]
    if len(heights) < 2:
        return columns
    level = max(heights)
    columns = [resized(slices, level - flow.column_height(slices)) if slices else slices for slices in columns]
    heights = [flow.column_height(slices) for slices in columns if slices]
    if max(heights) - min(heights) <= LEVEL_WITHIN:
        return columns
    longest = max(range(len(columns)), key=lambda n: flow.column_height(columns[n]))
    columns[longest] = resized(columns[longest], min(heights) - max(heights))
    shown = [part.block.figure for slices in columns for part in slices if is_laid(part.block.figure)]
    capped = iter(figures.one_scale(shown))  # a figure shrunk takes the others of its board down with it
    return [
        [replace(p, block=replace(p.block, figure=next(capped))) if is_laid(p.block.figure) else p for p in slices]
        for slices in columns
    ]


def resized(slices: list[Slice], change: float) -> list[Slice]:
    """The column with its figures' drawings ``change`` mm taller in all (shorter when negative),
    as far as each may go, the first figure first."""
    out = []
    for part in slices:
        laid = part.block.figure
        if abs(change) > 0.2 and is_laid(laid):
            if change > 0:
                drawn = min(laid.drawn_h + change, laid.widest_drawn)
            else:
                least = max(laid.drawn_h * FIGURE_SHRINK, laid.drawn_for_piece(figure_marks.MIN_PIECE))
                drawn = max(laid.drawn_h + change, min(least, laid.drawn_h))
            new = replace(laid, max_h=drawn)
            change -= new.height - laid.height
            part = replace(part, block=replace(part.block, figure=new))
        out.append(part)
    return out


def fitted(block: Block, step: int) -> Block:
    """``block`` set at FIT_STEPS[step]: a figure's drawing may grow by that step's share."""
    growth = FIT_STEPS[step][3]
    if isinstance(block.figure, figures.Laid) and growth != 1.0:
        return replace(block, fit=step, figure=replace(block.figure, max_h=block.figure.max_h * growth))
    return replace(block, fit=step)


def rules_page(
    ctx: Context,
    items: list[Item],
    shown: dict[tuple[object, ...], figures.Laid | contents.Strip],
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


def placed_strip(
    strips: contents.Strips, header: list[Item], top: float, ctx: Context
) -> tuple[contents.Strip | None, float]:
    """ "What is in the kit" beside the title, right-aligned in the title block (its drawings as
    tall as the block allows, STRIP_H at most), when it fits there: it then costs the columns
    nothing. Else across the page under the title. Returns the strip placed (None when the kit
    has none) and where the columns start."""
    right = max((box[2] for item in header if isinstance(item, Text) and (box := bounds.ink_rect(item))), default=0.0)
    room_w = ctx.paper.width - ctx.margin - right - STRIP_BESIDE - STRIP_INSET
    rule_y = top - TITLE_AFTER
    drawn_h = min(contents.STRIP_H, rule_y - ctx.margin - 1.0 - contents.STRIP_LABEL)
    beside = strips.at(ctx.content_width, drawn_h) if drawn_h >= STRIP_SMALLEST else None
    if beside is not None and beside.group.w <= room_w:
        x = ctx.paper.width - ctx.margin - STRIP_INSET - beside.group.w
        group = replace(beside.group, x=x, y=rule_y - 1.0 - beside.height)
        return replace(beside, group=group), top
    under = strips.at(ctx.content_width)
    if under is None:
        return None, top
    return replace(under, group=replace(under.group, x=ctx.margin, y=top)), top + under.height + STRIP_AFTER


def column_x(ctx: Context, column: int, col_w: float) -> float:
    return ctx.margin + column * (col_w + COLUMN_GAP)


def credits_items(
    credits: Block, ctx: Context, y: float, x: float | None = None, width: float | None = None
) -> list[Item]:
    """The credits at the foot of the last rules page (under one column; across the page when
    ``width`` is not given), under a thin rule."""
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
