"""How a box's net is printed, for every box kind: its colour running past the cut line (the
bleed), its glue tabs left unprinted and marked, its cut and fold lines told apart, a light
pattern on its printed panels, and the block of steps that says how to make it.

A review found targ's net solid from edge to edge with no bleed, so a cut a hair outside the line
left white edges; its glue tab unmarked; and one sentence on the page for cutting, folding and
gluing. The colour is the outline filled and stroked 2 × BLEED wide in the same colour: the
outline offset by BLEED, with square corners where the outline turns a right angle. A glue tab
is then painted back to paper from GLUE_CLEAR off its fold out past its own bleed, so the glue
meets bare card, and the colour still overlaps its fold by GLUE_CLEAR.
"""

from __future__ import annotations

from typing import Protocol

from msgspec import Struct

from printkit import fonts
from printkit.layout.context import Context
from printkit.layout.cutpath import Point
from printkit.layout.patterns import draw_pattern
from printkit.layout.primitives import FOLD, Item, Line, Path, Rect, Stroke, Text
from printkit.layout.text import fit_text

BLEED = 2.5  # mm: how far a net's colour runs past its cut line
GLUE_CLEAR = 1.0  # mm: the colour overlaps a glue tab's fold by this; the rest of the tab is bare card
NET_CUT = Stroke(color="#000000", width=0.3)  # solid: the knife's line, unlike the dashed folds
PAPER = "#ffffff"
GLUE_INK = "#4d4d4d"  # the word on a glue tab, on bare card
GLUE_PT = 7.0  # the smallest type on a box
PATTERN = "dots"
PATTERN_SPACING = 3.2  # mm between the dots of a panel's pattern
PATTERN_TONE = 0.16  # a panel's pattern: the box's colour this far towards its ink
STEPS_PT = 8.0
STEPS_HEADING_PT = 9.5
STEP_LEADING = 4.2  # mm between the steps' baselines
LEGEND_SAMPLE = 9.0  # mm: the sample line beside "cut" and "fold"


class GlueTab(Struct, frozen=True):
    """Where a net's glue tab is left unprinted (``clear``: a polygon in mm from the net's corner,
    reaching past the tab's cut line by its bleed), where its word stands and how wide it may be."""

    clear: tuple[Point, ...]
    centre: Point
    width: float


class Folded(Protocol):
    """A net that is cut along an outline, folded along lines and glued by its tabs (mm from its corner)."""

    def outline(self) -> tuple[Point, ...]: ...

    def folds(self) -> tuple[tuple[Point, Point], ...]: ...

    def glue_tabs(self) -> tuple[GlueTab, ...]: ...


def readable_ink(color: str) -> str:
    """White on a dark colour, near-black on a light one (the relative luminance's midpoint)."""
    red, green, blue = (int(color[i : i + 2], 16) / 255 for i in (1, 3, 5))
    light = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    return "#1a1a1a" if light > 0.5 else "#ffffff"


def mixed(color: str, other: str, share: float) -> str:
    """``color`` with ``share`` (0-1) of ``other`` mixed in."""
    one = [int(color[i : i + 2], 16) for i in (1, 3, 5)]
    two = [int(other[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(a + (b - a) * share):02x}" for a, b in zip(one, two, strict=True))


def net_drawing(net: Folded, color: str, x: float, y: float, glue_word: str) -> list[Item]:
    """A net at (x, y): its colour BLEED past the outline, its glue tabs bare and marked with
    ``glue_word``, its outline as a solid cut line and its folds dashed (light grey on a dark
    colour, dark grey on a light one)."""
    light = readable_ink(color) == "#ffffff"
    fold = Stroke(color="#d9d9d9", width=FOLD.width, dash=FOLD.dash) if light else FOLD
    outline = tuple((x + px, y + py) for px, py in net.outline())
    items: list[Item] = [Path(outline, Stroke(color=color, width=2 * BLEED), color)]
    for tab in net.glue_tabs():
        items.append(Path(tuple((x + px, y + py) for px, py in tab.clear), Stroke(PAPER, 0.4), PAPER))
        if fonts.text_width(glue_word, GLUE_PT) <= tab.width:
            cx, cy = x + tab.centre[0], y + tab.centre[1] + fonts.cap_height(GLUE_PT) / 2
            items.append(Text(cx, cy, glue_word, GLUE_PT, False, "center", GLUE_INK, tab.width))
    items.append(Path(outline, NET_CUT, None))
    return items + [Line(x + a[0], y + a[1], x + b[0], y + b[1], fold) for a, b in net.folds()]


def panel_pattern(x: float, y: float, w: float, h: float, color: str, ink: str | None = None) -> list[Item]:
    """A light pattern of the box's colour shaded towards its ink (``ink``, else white or black,
    whichever reads on it) over a panel's field (x, y, w, h), so a front or back is not a flat
    field; nothing on a field too small to show it."""
    if w < 4 * PATTERN_SPACING or h < 4 * PATTERN_SPACING:
        return []
    tone = mixed(color, ink or readable_ink(color), PATTERN_TONE)
    return [draw_pattern(PATTERN, x, y, w, h, tone, PATTERN_SPACING)]


PLATE_PAD = 1.6  # mm a text plate reaches past its texts' capitals and descenders


def text_plate(x: float, top: float, w: float, bottom: float, color: str, ink: str) -> Rect:
    """A solid plate of the net's ground (``color``: the box's colour, or a light ground's wash)
    under texts that stand on a panel's pattern, edged with a fine line of its ink: kpn's facts and
    '60 tiles', small white type over dots, read poorly (a review); on the plate they read as on a
    label, the pattern round it. The plate is the ground, never the ink, or the text would vanish
    on it (targ's light box printed plum on plum)."""
    return Rect(x, top - PLATE_PAD, w, bottom - top + 2 * PLATE_PAD, Stroke(color=ink, width=0.25), color, radius=1.2)


def steps_height(steps: list[str]) -> float:
    """The height of a steps block (steps_items) of these steps, from its top to its last baseline."""
    return fonts.cap_height(STEPS_HEADING_PT) + 2.0 + STEP_LEADING * (len(steps) + 1)


def steps_items(
    ctx: Context, x: float, top: float, width: float, heading: str, steps: list[str], legend: tuple[str, str, str]
) -> list[Item]:
    """How to make the box, under its net: a heading, the steps numbered one a line, and a legend
    of the lines it prints (``legend``: the words for cut, fold and glue)."""
    y = top + fonts.cap_height(STEPS_HEADING_PT)
    items: list[Item] = [Text(x, y, heading, STEPS_HEADING_PT, True, "left", "#1a1a1a", width)]
    y += 2.0
    for number, step in enumerate(steps, start=1):
        y += STEP_LEADING
        items.append(Text(x, y, f"{number}.", STEPS_PT, True, "left", "#1a1a1a", 5.0))
        items.append(fit_text(x + 5.0, y, step, width - 5.0, STEPS_PT, smallest=GLUE_PT, color="#333333"))
    y += STEP_LEADING
    return items + legend_items(x + 5.0, y, legend)


def legend_items(x: float, y: float, words: tuple[str, str, str]) -> list[Item]:
    """A solid sample line and its word (cut), a dashed one (fold), a bare tab's swatch (glue)."""
    cut, fold, glue = words
    mid = y - fonts.cap_height(STEPS_PT) / 2
    items: list[Item] = []
    for sample, word in ((NET_CUT, cut), (FOLD, fold)):
        items.append(Line(x, mid, x + LEGEND_SAMPLE, mid, sample))
        items.append(Text(x + LEGEND_SAMPLE + 1.5, y, word, STEPS_PT, False, "left", "#333333"))
        x += LEGEND_SAMPLE + 1.5 + fonts.text_width(word, STEPS_PT) + 6.0
    items.append(Rect(x, mid - 2.0, LEGEND_SAMPLE, 4.0, NET_CUT, PAPER))
    baseline = mid + fonts.cap_height(GLUE_PT) / 2
    items.append(Text(x + LEGEND_SAMPLE / 2, baseline, glue, GLUE_PT, False, "center", GLUE_INK))
    return items
