"""The rules' "What you need": the printed components with their pages, a score sheet printed
apart, the kit's ``needs`` and the tools the build asks for (scissors, glue), generated from the
kit so it never contradicts the PDF.

What the game can do without says so: an optional component (``print: {copies: optional}``) or
need (``optional: true``) is printed with what can stand in for it (``instead``: "Guard tokens
(page 3) or 8 pawns in each of two colours"), or marked optional; a tool needed only for optional
pages says for which ("scissors …, if you print page 3"). A review found latarnie's tokens and
scissors listed as required, though pawns serve as well.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from printkit.layout.context import Context
from printkit.layout.rule_blocks import Block
from printkit.words.messages import page_span, page_spans

if TYPE_CHECKING:
    from printkit.kit.model import Component, Kit


def needs_blocks(kit: Kit, ctx: Context) -> list[Block]:
    """The heading and an item for each thing the game needs."""
    tr = ctx.tr
    blocks = [Block("heading", html.escape(tr.msg("needs_heading")))]
    for component in kit.components:
        if component.in_kit:
            title = f"<b>{html.escape(tr(component.title) or component.id)}</b>"
            pages = html.escape(page_ref(ctx, component.id, naming=True))
            if component.print.copies != "optional":
                blocks.append(Block("item", f"{title} ({pages})"))
            elif component.print.instead is not None:
                instead = html.escape(tr(component.print.instead))
                blocks.append(Block("item", tr.msg("need_instead", text=f"{title} ({pages})", instead=instead)))
            else:
                blocks.append(Block("item", f"{title} ({tr.msg('need_pages_optional', pages=pages)})"))
    for component in kit.components:  # a score sheet the recipe sends to a file of its own
        if not component.in_kit and kit.kinds.kind_of(component).personalised:
            title = tr(component.title) or component.id
            apart = tr.msg("need_apart")
            if component.print.copies == "optional":  # latarnie's: the game needs no sheet, a pencil and paper do
                apart = tr.msg("need_pages_optional", pages=apart)
            blocks.append(Block("item", f"<b>{html.escape(title)}</b> ({html.escape(apart)})"))
    for need in kit.needs:
        # one of a thing is the thing ("pencil"), not "1 × pencil"
        key = ("need_per_player" if need.per_player else "need_item") + ("_one" if need.count == 1 else "")
        text = tr.msg(key, count=need.count, text=tr(need.text))
        if need.instead is not None:
            text = tr.msg("need_instead", text=text, instead=tr(need.instead))
        elif need.optional:
            text = tr.msg("need_optional", text=text)
        blocks.append(Block("item", html.escape(text)))
    # the tools the build asks for: a review found "what you need" silent on scissors and glue
    printed = [c for c in kit.components if c.in_kit]
    folded = [c for c in printed if c.print.stock == "card" and ctx.sides.get(c.id) == "fold"]
    blocks += card_stock_blocks(ctx, [c for c in printed if c.print.stock == "card" and c not in folded])
    if folded:  # folded over and glued, paper makes the card (recipe.stock_of)
        spans = [(page_first(ctx, c.id), page_last(ctx, c.id)) for c in folded]
        blocks.append(Block("item", html.escape(tr.msg("need_fold_paper", pages=page_spans(ctx.lang, spans)))))
    boxed = [c for c in kit.components if kit.kinds.kind_of(c).box]  # a box's net, cut out and glued (kpn's)
    cut = [c for c in printed if c.print.cut or c.id in ctx.cut] + boxed
    glued = [c for c in printed if c.id in ctx.glued or ctx.sides.get(c.id) == "fold"] + boxed  # split, folded
    for key, needers in (("need_cutting", cut), ("need_glue", glued)):
        if not needers:
            continue
        tool = tr.msg(key)
        if all(c.print.copies == "optional" and c not in boxed for c in needers):  # only for optional pages
            spans = [(page_first(ctx, c.id), page_last(ctx, c.id)) for c in needers]
            tool = tr.msg("need_tool_if", tool=tool, pages=page_spans(ctx.lang, spans))
        elif all(c in boxed for c in needers):  # only the box, in a file of its own: a review read glue for the kit
            tool = tr.msg("need_tool_box", tool=tool)
        blocks.append(Block("item", html.escape(tool)))
    return blocks


def card_stock_blocks(ctx: Context, on_card: list[Component]) -> list[Block]:
    """Card stock for the pages the recipe prints on card, named with their pages ("card stock
    (160–250 g/m²) for page 3"): a review found latarnie's list silent on the card its recipe asks
    for; when every such page is optional, the card is wanted only if they are printed."""
    if not on_card:
        return []
    spans = [(page_first(ctx, c.id), page_last(ctx, c.id)) for c in on_card]
    key = "need_card_if" if all(c.print.copies == "optional" for c in on_card) else "need_card"
    return [Block("item", html.escape(ctx.tr.msg(key, pages=page_spans(ctx.lang, spans))))]


def page_first(ctx: Context, component_id: str) -> int:
    return int(ctx.tr.numbers.get(f"page.{component_id}", 0))


def page_last(ctx: Context, component_id: str) -> int:
    return int(ctx.tr.numbers.get(f"lastpage.{component_id}", page_first(ctx, component_id)))


def page_ref(ctx: Context, component_id: str, naming: bool = False) -> str:
    """'stronę 2' / 'strany 3–4' (or, ``naming``, 'strona 2') from the laid-out page numbers."""
    return page_span(ctx.lang, page_first(ctx, component_id), page_last(ctx, component_id), naming)
