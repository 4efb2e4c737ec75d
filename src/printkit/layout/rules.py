"""The rules pages: a title block, then headings, paragraphs and lists flowing over two columns.

Besides the kit's own sections, two are generated from the kit itself, "what you need" and
"how to print", so they can never contradict the PDF.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from printkit import fonts
from printkit.errors import LayoutProblem, Loc
from printkit.layout import paragraph
from printkit.layout.context import Context
from printkit.layout.primitives import Item, Line, Page, RichText, Stroke, Text
from printkit.layout.text import fit_text
from printkit.messages import page_span, pages_word
from printkit.model import Kit

BODY_PT, BODY_LEADING = 9.6, 12.4
HEAD_PT, HEAD_LEADING = 11.5, 14.0
TITLE_PT = 24.0
COLUMN_GAP = 7.0
PARAGRAPH_GAP = 1.6
HEADING_GAP = 3.6
BULLET_INDENT = 4.0
_BOLD = re.compile(r"\*\*(.+?)\*\*")


@dataclass(frozen=True)
class Block:
    kind: str  # heading | paragraph | item
    markup: str
    loc: Loc = ()  # the kit field the text comes from (none for printkit's own texts)

    @property
    def size(self) -> tuple[float, float]:
        return (HEAD_PT, HEAD_LEADING) if self.kind == "heading" else (BODY_PT, BODY_LEADING)


def to_markup(text: str) -> str:
    """Kit markup (``**bold**``) to the paragraph engine's markup, with everything else escaped."""
    return _BOLD.sub(r"<b>\1</b>", html.escape(text, quote=False))


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
        if plan.cut:
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


def all_blocks(kit: Kit, ctx: Context) -> list[Block]:
    blocks = needs_blocks(kit, ctx) + print_blocks(kit, ctx)
    for number, section in enumerate(kit.rules):
        blocks.append(Block("heading", to_markup(ctx.tr(section.heading)), ("rules", number, "heading", ctx.lang)))
        blocks.extend(body_blocks(ctx.tr(section.body), ("rules", number, "body", ctx.lang)))
    if kit.kit.credits:
        credits = "<font size=7.5>" + to_markup(ctx.tr(kit.kit.credits)) + "</font>"
        blocks.append(Block("paragraph", credits, ("kit", "credits", ctx.lang)))
    return blocks


def title_items(kit: Kit, ctx: Context) -> tuple[list[Item], float]:
    """The title block on the first rules page; returns its items and the y where the text starts."""
    tr, m = ctx.tr, ctx.margin
    title = tr(kit.kit.title)
    size = fonts.fit_size(title, ctx.content_width, TITLE_PT, bold=True, smallest=14)
    y = m + fonts.cap_height(size)
    items: list[Item] = [Text(m, y, title, size, bold=True, max_w=ctx.content_width)]
    facts = [f"{tr.msg('players')}: {_range(kit.kit.players.min, kit.kit.players.max)}"]
    if kit.kit.age:
        facts.append(f"{tr.msg('age')}: {kit.kit.age}")
    if kit.kit.minutes:
        facts.append(f"{tr.msg('minutes')}: {kit.kit.minutes} {tr.msg('minutes_unit')}")
    line = "  ·  ".join(facts)
    if kit.kit.subtitle:
        y += 6.5
        items.append(fit_text(m, y, tr(kit.kit.subtitle), ctx.content_width, 11.5, smallest=8))
    y += 5.5
    items.append(fit_text(m, y, line, ctx.content_width, 9.5, smallest=7, color="#333333"))
    y += 3.0
    items.append(Line(m, y, ctx.paper.width - m, y, Stroke(width=0.4)))
    return items, y + 4.0


def _range(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


def layout(kit: Kit, ctx: Context) -> list[Page]:
    blocks = all_blocks(kit, ctx)
    columns = 2 if ctx.content_width > 150 else 1
    col_w = (ctx.content_width - COLUMN_GAP * (columns - 1)) / columns
    bottom = ctx.paper.height - ctx.margin
    header, top = title_items(kit, ctx)
    pages: list[list[Item]] = [list(header)]
    column, y = 0, top
    for index, block in enumerate(blocks):
        height = block_height(block, col_w)
        gap = HEADING_GAP if block.kind == "heading" else PARAGRAPH_GAP
        needed = height
        if block.kind == "heading" and index + 1 < len(blocks):
            needed += PARAGRAPH_GAP + block_height(blocks[index + 1], col_w)
        start = y + (gap if y > top else 0)
        if start + needed > bottom:
            column += 1
            if column == columns:
                column = 0
                pages.append([])
                top = ctx.margin
            y = top
            start = y
            if y + height > bottom:
                raise LayoutProblem(
                    block.loc,
                    f"a paragraph is {height:.0f} mm tall, taller than a page's {bottom - top:.0f} mm of text; "
                    f"split it with a blank line: {opening_words(block.markup)!r}",
                )
        x = ctx.margin + column * (col_w + COLUMN_GAP)
        pages[-1].extend(block_items(block, x, start, col_w, height))
        y = start + height
    return [Page(ctx.paper.width, ctx.paper.height, "rules", None, tuple(items)) for items in pages]


def opening_words(markup: str) -> str:
    """The first words of a paragraph as the kit wrote them, to say which one a message means."""
    text = html.unescape(re.sub(r"<[^>]*>", "", markup))
    return text if len(text) <= 40 else text[:40].rsplit(" ", 1)[0] + " …"


def block_height(block: Block, width: float) -> float:
    size, leading = block.size
    text_width = width - (BULLET_INDENT if block.kind == "item" else 0)
    return paragraph.height(block.markup, text_width, size, leading, block.kind == "heading")


def block_items(block: Block, x: float, y: float, width: float, height: float) -> list[Item]:
    size, leading = block.size
    if block.kind == "item":
        baseline = y + fonts.cap_height(size) + (leading - size) * 0.35 * 25.4 / 72
        return [
            Text(x + 0.6, baseline, "•", size, bold=True),
            RichText(x + BULLET_INDENT, y, width - BULLET_INDENT, height, block.markup, size, leading),
        ]
    return [RichText(x, y, width, height, block.markup, size, leading, bold=block.kind == "heading")]
