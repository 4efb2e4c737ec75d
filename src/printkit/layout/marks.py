"""Printer's marks shared by every page that is cut or measured: the 50 mm calibration ruler,
cut lines, the fold line, and the heading of a piece page.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from printkit import fonts
from printkit.layout.context import FOOTER_CLEAR, Context
from printkit.layout.imposition import Segment, cut_lines
from printkit.layout.primitives import CUT, FOLD, Box, Group, Item, Line, Stroke, Text

RULER_LENGTH = 50.0
RULER_HEIGHT = 7.0  # from the top of the end ticks to the baseline of the numbers
LABEL_GAP = 5.0  # mm from the ruler's end to its label: at 3 the end's "50" ran into "50 mm: measure it"
RULER_LABEL_PT = 7.0
RULER_DIGIT_PT = 7.0  # the scale's numbers (were 5.5 pt, too small to read at arm's length)
MARK_LABEL_PT = 7.0  # the fold line's label: the smallest text printkit prints (was 6.5)
TICK = Stroke(width=0.15)
TITLE_PT = 14.0
INSTRUCTION_PT = 8.5
ONE_LINE_LEAST = 7.0  # an instruction smaller than this on one line goes on two (the backs' duplex fallback)
HEADER_HEIGHT = 13.0  # a piece page's title and instruction


def ruler(x: float, y: float, label: str, scale_note: str = "", label_w: float = 140.0) -> list[Item]:
    """A ruler 50 mm long with a tick every millimetre, its top-left corner at (x, y), and its label.

    The two end ticks are the longest, so the 50 mm between them can be measured on paper (and in
    the PDF). A ``scale_note`` ("print at 100 %") goes in bold above the label, ``label_w`` wide at most.
    """
    items: list[Item] = [Line(x, y + 4.0, x + RULER_LENGTH, y + 4.0, TICK)]
    for mm in range(int(RULER_LENGTH) + 1):
        length = 4.0 if mm in (0, RULER_LENGTH) else 3.0 if mm % 10 == 0 else 2.0 if mm % 5 == 0 else 1.2
        items.append(Line(x + mm, y + 4.0 - length, x + mm, y + 4.0, TICK))
        if mm % 10 == 0:
            items.append(Text(x + mm, y + RULER_HEIGHT, str(mm), RULER_DIGIT_PT, align="center", color="#444444"))
    left, label_y = x + RULER_LENGTH + LABEL_GAP, y + 4.0
    if scale_note:
        note_size = fonts.fit_size(scale_note, label_w, RULER_LABEL_PT, bold=True, smallest=5.5)
        items.append(Text(left, y + 2.8, scale_note, note_size, bold=True, max_w=label_w))
        label_y = y + 6.3
    size = fonts.fit_size(label, label_w, RULER_LABEL_PT, smallest=5.5)
    items.append(Text(left, label_y, label, size, color="#444444", max_w=label_w))
    return items


def ruler_at_bottom(ctx: Context, page_w: float, page_h: float, x: float | None = None) -> list[Item]:
    """The ruler in the bottom margin band, from the left margin (or ``x``), saying the page must
    be printed at 100 %."""
    return ruler_at(ctx, page_w, page_h - max(ctx.margin, FOOTER_CLEAR) - RULER_HEIGHT, x)


def ruler_at(ctx: Context, page_w: float, top: float, x: float | None = None) -> list[Item]:
    """The ruler with its top at ``top`` (just under what it measures), from the left margin (or
    ``x``), saying the page must be printed at 100 %."""
    left = ctx.margin if x is None else x
    label_w = page_w - ctx.margin - (left + RULER_LENGTH + LABEL_GAP)
    return ruler(left, top, ctx.tr.msg("ruler"), ctx.tr.msg("scale_only"), label_w)


def cut_line_items(boxes: Iterable[Box], stroke: Stroke = CUT) -> list[Item]:
    """One line per shared edge: touching frames are cut with a single stroke."""
    return [segment_line(s, stroke) for s in cut_lines(boxes)]


MIN_CONTRAST = 3.0  # a cut line at least this far (WCAG contrast ratio) from the colour it lies on
LIGHT_EDGE = 1.25  # a piece's edge this close to white (contrast ratio) shows no cut: it gets a line
CUT_ON_DARK = Stroke(color="#ffffff", width=0.3)
CUT_ON_LIGHT = Stroke(color="#000000", width=0.25)


def tinted(color: str, tint: float) -> str:
    """``color`` mixed with white: tint 1 keeps it, 0.25 leaves a quarter of it."""
    if tint >= 1.0:
        return color
    channels = [int(color[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(255 - (255 - c) * tint):02x}" for c in channels)


DARK_SHADE = 0.045  # the luminance of a colour's dark shade: 9.5 : 1 on white, 8 : 1 on its light tint
LIGHT_TINT = 0.72  # the luminance of a colour's light tint: every owner's window as light in black and white


def dark_shade(colour: str) -> str:
    """``colour`` mixed with black until its luminance is DARK_SHADE (a colour darker already is
    kept): a symbol in it reads as the colour and as strongly on every colour, pale yellow too."""
    return _mixed_to(colour, DARK_SHADE, "#000000")


def light_tint(colour: str) -> str:
    """``colour`` mixed with white until its luminance is LIGHT_TINT (a lighter colour is kept)."""
    return _mixed_to(colour, LIGHT_TINT, "#ffffff")


def _mixed_to(colour: str, target: float, towards: str) -> str:
    """``colour`` mixed with ``towards`` (black or white) just far enough to reach luminance ``target``."""
    darkening = towards == "#000000"
    if (luminance(colour) <= target) == darkening:
        return colour
    low, high = 0.0, 1.0  # the share of ``towards``: luminance moves monotonically with it
    for _ in range(24):
        share = (low + high) / 2
        reached = luminance(_mix(colour, towards, share))
        low, high = (share, high) if (reached > target) == darkening else (low, share)
    return _mix(colour, towards, high)


def _mix(colour: str, other: str, share: float) -> str:
    pairs = [(int(colour[i : i + 2], 16), int(other[i : i + 2], 16)) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (o - c) * share):02x}" for c, o in pairs)


def luminance(colour: str) -> float:
    """The relative luminance of an sRGB colour "#rrggbb" (WCAG 2)."""
    linear = []
    for start in (1, 3, 5):
        channel = int(colour[start : start + 2], 16) / 255
        linear.append(channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4)
    red, green, blue = linear
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(a: str, b: str) -> float:
    """The contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def cut_stroke_on(edge: str | None) -> Stroke:
    """The cut line for a piece whose colour at its cut line is ``edge`` (None: the paper): the
    usual grey where it shows, else black or white, whichever contrasts more."""
    if edge is None or contrast(CUT.color, edge) >= MIN_CONTRAST:
        return CUT
    return CUT_ON_LIGHT if contrast(CUT_ON_LIGHT.color, edge) >= contrast(CUT_ON_DARK.color, edge) else CUT_ON_DARK


TICK_WIDTH = 0.2  # mm: a corner tick, thinner than a cut line (0.25), two pixels at 300 dpi
TICK_TONES = ("#5c5c5c", "#c4c4c4")  # a dark and a light grey: one shows on any piece's ground


def tick_stroke(edges: Iterable[str | None]) -> Stroke:
    """The corner ticks' stroke on pieces whose colours at their cuts are ``edges`` (None: the
    paper): the grey of TICK_TONES that contrasts most with the least contrasting of them, a mid
    tone that shows on white, tints and black alike but stands out less than a cut line."""
    grounds = [edge or "#ffffff" for edge in edges] or ["#ffffff"]
    tone = max(TICK_TONES, key=lambda grey: min(contrast(grey, ground) for ground in grounds))
    return Stroke(color=tone, width=TICK_WIDTH)


def on_paper(edge: str | None) -> bool:
    """A piece's colour at its cut line that looks like the paper itself (None: the paper), so that
    nothing shows where to cut it: white, or nearly (contrast with white under LIGHT_EDGE)."""
    return edge is None or contrast(edge, "#ffffff") < LIGHT_EDGE


def piece_cut_items(box: Box, stroke: Stroke) -> list[Item]:
    """A piece's own cut outline, for pieces that stand apart (each with its bleed)."""
    return [segment_line(s, stroke) for s in cut_lines([box])]


def segment_line(segment: Segment, stroke: Stroke) -> Line:
    return Line(segment.x1, segment.y1, segment.x2, segment.y2, stroke)


def fold_line(x: float, top: float, bottom: float, label: str) -> list[Item]:
    """A dashed vertical fold line with its name written beside its top end."""
    return [Line(x, top, x, bottom, FOLD), Text(x + 1.5, top + 3.0, label, MARK_LABEL_PT, color="#555555")]


def piece_page_header(
    ctx: Context,
    title: str,
    instruction: str,
    width: float | None = None,
    top: float | None = None,
    stock: str = "",
) -> list[Item]:
    """The title and a one-line instruction in a band of HEADER_HEIGHT whose top is ``top`` (the
    top margin unless told: a page places it just above what it names), ``width`` wide (the content
    width unless told); ``stock`` ("Print on card stock"), when given, in bold at the title line's
    right end."""
    m, wide = ctx.margin, ctx.content_width if width is None else width
    y = m if top is None else max(m, top)
    title_w = wide
    items: list[Item] = []
    if stock:
        stock_w = fonts.text_width(stock, STOCK_PT, bold=True)
        items.append(Text(m + wide, y + fonts.cap_height(TITLE_PT), stock, STOCK_PT, bold=True, align="right"))
        title_w = wide - stock_w - STOCK_GAP
    size = fonts.fit_size(title, title_w, TITLE_PT, bold=True, smallest=9)
    note = fonts.fit_size(instruction, wide, INSTRUCTION_PT, smallest=6)
    items.insert(0, Text(m, y + fonts.cap_height(size), title, size, bold=True, max_w=title_w))
    lines = instruction_lines(instruction, wide, max(note, ONE_LINE_LEAST))
    if len(lines) == 1:
        return items + [Text(m, y + 10.0, instruction, note, color="#333333", max_w=wide)]
    note = min(fonts.fit_size(line, wide, INSTRUCTION_PT, smallest=6) for line in lines)
    return items + [
        Text(m, y + 8.4 + index * TWO_LINE_STEP, line, note, color="#333333", max_w=wide)
        for index, line in enumerate(lines)
    ]


STOCK_PT = 9.0  # the paper a piece page prints on, beside its title
STOCK_GAP = 6.0  # mm at the least between the title and that note
TWO_LINE_STEP = 3.2  # mm between an instruction's two lines (6-7 pt), both above the header band's end


def instruction_lines(instruction: str, width: float, size: float) -> list[str]:
    """The instruction on one line, or, when even its smallest size is too wide (a middle sheet of a
    split board names four joins), on two lines broken at the '; ' nearest its middle; an instruction
    of two lines ('\n': a sheet's cuts, then the strip between its colours) on its own two."""
    if "\n" in instruction:
        return instruction.split("\n")
    if fonts.text_width(instruction, size) <= width or "; " not in instruction:
        return [instruction]
    parts = instruction.split("; ")
    middle = len(instruction) / 2
    cut = min(range(1, len(parts)), key=lambda at: abs(len("; ".join(parts[:at])) - middle))
    return ["; ".join(parts[:cut]) + ";", "; ".join(parts[cut:])]


FOOTER_TICK = 2.5  # the compact ruler's end ticks fit the footer band
FOOTER_NOTE_PT = 7.0
FOOTER_SCALE_PT = 7.0


FOOTER_PAD = 0.5  # a form clips to its box: keep the strokes' outer halves inside it


@functools.cache
def footer_ticks() -> tuple[Item, ...]:
    """The compact ruler's lines in its form's own coordinates: the same on every page."""
    pad = FOOTER_PAD
    ticks: list[Item] = [Line(pad, pad + FOOTER_TICK, pad + RULER_LENGTH, pad + FOOTER_TICK, TICK)]
    for mm in range(int(RULER_LENGTH) + 1):
        length = FOOTER_TICK if mm in (0, RULER_LENGTH) else 2.0 if mm % 10 == 0 else 1.4 if mm % 5 == 0 else 0.8
        ticks.append(Line(pad + mm, pad + FOOTER_TICK - length, pad + mm, pad + FOOTER_TICK, TICK))
    return tuple(ticks)


def footer_ruler(right: float, baseline: float, note: str) -> tuple[list[Item], float]:
    """A compact 50 mm ruler standing on the footer's baseline, "50 mm" before it and ``note`` (print
    at 100 %) in bold after it, ending at ``right``: for pages the pieces fill, with no band left for
    the full ruler. Returns the items and the left end of the whole mark."""
    note_w = fonts.text_width(note, FOOTER_NOTE_PT, bold=True)
    x = right - note_w - 3.0 - RULER_LENGTH
    pad = FOOTER_PAD
    # one drawing placed on every page (a PDF form), not 52 lines a page
    items: list[Item] = [
        Group(
            ("ruler", "footer"),
            x - pad,
            baseline - FOOTER_TICK - pad,
            RULER_LENGTH + 2 * pad,
            FOOTER_TICK + 2 * pad,
            footer_ticks(),
        )
    ]
    items.append(Text(x + RULER_LENGTH + 3.0, baseline, note, FOOTER_NOTE_PT, bold=True, max_w=note_w))
    scale = Text(x - 1.5, baseline, "50 mm", FOOTER_SCALE_PT, align="right", color="#444444")
    items.append(scale)
    return items, x - 1.5 - fonts.text_width("50 mm", FOOTER_SCALE_PT)
