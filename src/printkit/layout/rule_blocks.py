"""The rulebook's blocks: a heading, a paragraph, a list item, the credits or a figure, each
wrapped, measured and drawn at a column's width. ``rules.py`` makes them from the kit and
``rule_columns.py`` pours them into columns."""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec import Struct

from printkit.base.errors import Loc
from printkit.base.units import MM_PER_POINT
from printkit.layout import paragraph
from printkit.layout.primitives import Align, Item, RichText, Text

if TYPE_CHECKING:  # a figure block's type only: rule_blocks needs nothing of figures to run
    from printkit.layout import figures, recipe

BODY_PT, BODY_LEADING = 9.4, 12.2
# The rules are set flush left, ragged right, hyphenated. Justified, an 88 mm column of Polish or
# Czech kept to word spaces of at most 0.5 em (issue 28) still had to set about one line in ten
# ragged inside a justified paragraph (numbers tied to their nouns, long compounds), which every
# reviewer read as a stray line break; a ragged column is even throughout and never stretches.
RULES_JUSTIFIED = False
HEAD_PT, HEAD_LEADING = 11.5, 14.0
# The steps by which the rules are fitted to their pages: the body's leading in points, the gaps
# before a paragraph and a heading in mm and how much taller a figure may grow, the type's size
# never changing. DEFAULT_STEP is the usual setting; the steps before it are looser, to fill a
# last page that would end with an empty band under its columns (the figures grow first, as a
# publisher's art director would, then the leading opens up to 1.37); the steps after it are
# tighter, for rules that would leave a short last page, the last as tight as a publisher's
# fitted page goes (1.15).
FIT_STEPS = (
    (12.9, 2.6, 5.0, 1.35),
    (12.6, 2.2, 4.5, 1.25),
    (12.4, 1.9, 4.0, 1.12),
    (BODY_LEADING, 1.6, 3.6, 1.0),
    (11.7, 1.4, 3.3, 1.0),
    (11.3, 1.2, 3.0, 1.0),
    (10.9, 1.0, 2.7, 1.0),
)
DEFAULT_STEP = 3
BULLET_INDENT = 4.0
ITEM_GAP = 0.35  # the gap before a list item, as a share of a paragraph's
CREDITS_PT, CREDITS_LEADING = 7.5, 9.6


class Block(Struct, frozen=True):
    """One block of the rulebook: a heading, a paragraph, an item, the credits or a figure."""

    kind: str  # heading | paragraph | item | credits | figure
    markup: str
    loc: Loc = ()  # the kit field the text comes from (none for printkit's own texts)
    figure: figures.Laid | recipe.Table | None = None  # a figure fitted to its column, or the print recipe's table
    fit: int = DEFAULT_STEP  # the FIT_STEPS step the rules are set at

    @property
    def size(self) -> tuple[float, float]:
        body = (BODY_PT, FIT_STEPS[self.fit][0])
        return {"heading": (HEAD_PT, HEAD_LEADING), "credits": (CREDITS_PT, CREDITS_LEADING)}.get(self.kind, body)

    @property
    def gap(self) -> float:
        """Millimetres before the block when it does not start a column."""
        _, paragraph_gap, heading_gap, _ = FIT_STEPS[self.fit]
        if self.kind == "item":  # a list reads as one block: reviewers found items spaced as paragraphs loose
            return paragraph_gap * ITEM_GAP
        return heading_gap if self.kind == "heading" else paragraph_gap


def block_wrap(block: Block, width: float, lang: str | None) -> paragraph.Wrapped:
    size, leading = block.size
    text_width = width - (BULLET_INDENT if block.kind == "item" else 0)
    heading = block.kind == "heading"
    face = "headings" if heading else "body"
    return paragraph.wrap(
        block.markup,
        text_width,
        size,
        leading,
        heading,
        face,
        hyphenated(block, lang),
        justify=RULES_JUSTIFIED and not heading,
    )


def hyphenated(block: Block, lang: str | None) -> str | None:
    """The language to hyphenate a block in, or None: a paragraph set all in bold (the print
    dialog's line) is an instruction a reader follows word by word, never cut ("obou-stranně")."""
    whole_bold = block.markup.startswith("<b>") and block.markup.endswith("</b>") and block.markup.count("<b>") == 1
    return None if whole_bold else lang


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
    align: Align = "justify" if RULES_JUSTIFIED and not heading else "left"
    if block.kind == "item":
        baseline = y + size * MM_PER_POINT  # on the first line's (paragraph.Wrapped.baselines)
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
                lang=hyphenated(block, lang),
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
            lang=hyphenated(block, lang),
            lines=lines,
        )
    ]
