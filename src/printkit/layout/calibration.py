"""The calibration sheet: two pages printed back to back that tell a user whether the printer keeps
100 % scale and how far it misregisters the back, as the X,Y to give ``--back-offset``.

The front carries the 50 mm ruler, the instructions and a thin cross; the back carries a millimetre
grid centred exactly behind the cross (placed by ``imposition.back_box``, the arithmetic every
two-sided piece uses). Seen against the light, or pierced by a pin, the cross's centre falls on the
grid at the printer's error reversed, which is the offset that cancels it. Pure data, like every layout.
"""

from __future__ import annotations

import html

from printkit import fonts
from printkit.base.errors import PrintkitError
from printkit.kit.kinds import NO_KINDS
from printkit.layout import imposition
from printkit.layout.context import Context
from printkit.layout.document import with_footer
from printkit.layout.marks import RULER_HEIGHT, RULER_LENGTH, ruler
from printkit.layout.primitives import (
    BLACK,
    Box,
    Circle,
    Document,
    Item,
    Line,
    Page,
    Path,
    Stroke,
    Text,
)
from printkit.layout.rule_blocks import Block, block_height, block_items
from printkit.layout.text import fit_text

ROLE = "calibration"
TITLE_PT = 16.0
GRID_RANGE = 10  # the back's grid reads offsets from -10 to +10 mm on both axes
LABEL_EVERY = 5
CROSS_ARM = 25.0  # long arms show through the paper even when the back is far off
CROSS_RING = 2.0
CROSS = Stroke(width=0.3)
GRID_FINE = Stroke(color="#9a9a9a", width=0.1)
GRID_FIVE = Stroke(color="#4d4d4d", width=0.2)
GRID_ZERO = Stroke(width=0.35)
LABEL_PT = 6.5
AXIS_PT = 9.0
AXIS_GAP = 6.5  # from the grid to its axis arrow, with the numbers between
ARROW = 1.6
GAP = 5.0


def layout(ctx: Context) -> Document:
    """The front (ruler, instructions, cross) and the back (offset grid), duplex over ctx's flip."""
    front, centre = front_page(ctx)
    back = back_page(ctx, back_centre(ctx, centre))
    title = ctx.tr.msg("cal_title")
    pages = (with_footer(front, title, ctx, 1, 2, NO_KINDS), with_footer(back, title, ctx, 2, 2, NO_KINDS))  # no piece
    return Document(pages, title=title, author="printkit", lang=ctx.lang, duplex=ctx.options.flip, paper=ctx.paper)


def front_page(ctx: Context) -> tuple[Page, tuple[float, float]]:
    """The front and the centre of its cross, placed in the room the texts leave above the footer."""
    tr, m, width = ctx.tr, ctx.margin, ctx.content_width
    edge = tr.msg(f"edge_{ctx.options.flip}")
    items: list[Item] = [
        fit_text(m, m + fonts.cap_height(TITLE_PT), tr.msg("cal_title"), width, TITLE_PT, smallest=10, bold=True)
    ]
    y = m + 10.0
    y = stack(items, [Block("paragraph", html.escape(tr.msg("cal_intro", edge=edge)))], m, y, width)
    y = stack(
        items,
        [
            Block("heading", html.escape(tr.msg("cal_scale_heading"))),
            Block("paragraph", html.escape(tr.msg("cal_scale_body"))),
        ],
        m,
        y + GAP,
        width,
    )
    items += ruler(m, y + GAP, tr.msg("ruler"), tr.msg("scale_only"), width - RULER_LENGTH - 3.0)
    y += GAP + RULER_HEIGHT
    sections = [
        Block("heading", html.escape(tr.msg("cal_back_heading"))),
        Block("paragraph", html.escape(tr.msg("cal_back_body"))),
        Block("heading", html.escape(tr.msg("cal_use_heading"))),
        Block("paragraph", tr.msg("cal_use_body")),
    ]
    y = stack(items, sections, m, y + GAP, width)
    centre = cross_centre(ctx, y)
    items += cross(*centre, tr.msg("cal_cross"))
    return Page(ctx.paper.width, ctx.paper.height, ROLE, None, tuple(items), side="face"), centre


def stack(items: list[Item], blocks: list[Block], x: float, y: float, width: float) -> float:
    """Lay ``blocks`` one under another from ``y``; append their items and return the bottom."""
    for index, block in enumerate(blocks):
        if index:
            y += 1.6
        height = block_height(block, width)
        items.extend(block_items(block, x, y, width, height))
        y += height
    return y


def cross_centre(ctx: Context, text_bottom: float) -> tuple[float, float]:
    """Half way down the room under the texts, a little right of centre, so that the back's grid
    (its mirror image) sits elsewhere than the cross and a wrong flip shows."""
    room_top = text_bottom + GAP + CROSS_ARM
    room_bottom = ctx.paper.height - ctx.margin - CROSS_ARM - GAP
    if room_bottom < room_top:
        raise PrintkitError(f"the calibration texts leave no room for the cross on {ctx.paper.name}")
    return ctx.paper.width / 2 + 20.0, (room_top + room_bottom) / 2


def back_centre(ctx: Context, centre: tuple[float, float]) -> tuple[float, float]:
    """Where the cross's centre lands on the back page when the printer flips as asked."""
    cx, cy = centre
    box = imposition.back_box(Box(cx, cy, 0.0, 0.0), ctx.paper.width, ctx.paper.height, ctx.options.flip)
    return box.x, box.y


def cross(cx: float, cy: float, label: str) -> list[Item]:
    """Two thin lines crossing at (cx, cy), a ring round the centre and its name."""
    return [
        Line(cx - CROSS_ARM, cy, cx + CROSS_ARM, cy, CROSS),
        Line(cx, cy - CROSS_ARM, cx, cy + CROSS_ARM, CROSS),
        Circle(cx, cy, CROSS_RING, CROSS),
        Text(cx + CROSS_RING + 1.5, cy - CROSS_RING - 1.0, label, 7.0, color="#444444"),
    ]


def back_page(ctx: Context, centre: tuple[float, float]) -> Page:
    tr, m, width = ctx.tr, ctx.margin, ctx.content_width
    flip = ctx.options.flip
    other = "short" if flip == "long" else "long"
    items: list[Item] = [
        fit_text(m, m + fonts.cap_height(TITLE_PT), tr.msg("cal_grid_title"), width, TITLE_PT, smallest=10, bold=True)
    ]
    body = tr.msg("cal_grid_body", edge=tr.msg(f"edge_{flip}"), other_edge=tr.msg(f"edge_{other}"), other=other)
    stack(items, [Block("paragraph", body)], m, m + 10.0, width)
    items += offset_grid(*centre)
    return Page(ctx.paper.width, ctx.paper.height, ROLE, None, tuple(items), side="back")


def offset_grid(cx: float, cy: float) -> list[Item]:
    """A millimetre grid from -GRID_RANGE to +GRID_RANGE round (cx, cy), numbered every 5 mm,
    with the X axis (plus to the right) above it and the Y axis (plus downwards) to its left."""
    items: list[Item] = []
    low, high = -GRID_RANGE, GRID_RANGE
    for mm in range(low, high + 1):
        stroke = GRID_ZERO if mm == 0 else GRID_FIVE if mm % LABEL_EVERY == 0 else GRID_FINE
        items.append(Line(cx + mm, cy + low, cx + mm, cy + high, stroke))
        items.append(Line(cx + low, cy + mm, cx + high, cy + mm, stroke))
        if mm % LABEL_EVERY == 0:
            items.append(Text(cx + mm, cy + low - 1.5, signed(mm), LABEL_PT, align="center"))
            items.append(Text(cx + low - 1.5, cy + mm + 0.8, signed(mm), LABEL_PT, align="right"))
    top, left = cy + low - AXIS_GAP, cx + low - AXIS_GAP - 4.0
    items += arrow((cx + low, top), (cx + high + 3.0, top))
    items.append(Text(cx + high + 4.5, top + 1.1, "X", AXIS_PT, bold=True))
    items += arrow((left, cy + low), (left, cy + high + 3.0))
    items.append(Text(left, cy + high + 7.5, "Y", AXIS_PT, bold=True, align="center"))
    return items


def signed(mm: int) -> str:
    """'+5', '0', '−5' (a true minus sign) as printed beside the grid."""
    return f"+{mm}" if mm > 0 else "0" if mm == 0 else f"\u2212{-mm}"


def arrow(start: tuple[float, float], end: tuple[float, float]) -> list[Item]:
    """A line from ``start`` to ``end`` with a filled head at ``end`` (horizontal or vertical)."""
    (x1, y1), (x2, y2) = start, end
    if y1 == y2:
        head = ((x2, y2), (x2 - ARROW * 1.6, y2 - ARROW / 2), (x2 - ARROW * 1.6, y2 + ARROW / 2))
    else:
        head = ((x2, y2), (x2 - ARROW / 2, y2 - ARROW * 1.6), (x2 + ARROW / 2, y2 - ARROW * 1.6))
    return [Line(x1, y1, x2, y2, Stroke(width=0.3)), Path(head, None, BLACK)]
