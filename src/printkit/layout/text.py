"""One-line texts that must fit a box: shrunk down to a smallest size, and the box remembered.

A text that still does not fit at its smallest size keeps that size and its box width
(``Text.max_w``); the validator then names the text and the box instead of printing an overflow.
"""

from __future__ import annotations

from printkit import fonts
from printkit.layout.primitives import BLACK, Align, Text


def fit_text(
    x: float,
    y: float,
    text: str,
    width: float,
    size_pt: float,
    *,
    smallest: float,
    bold: bool = False,
    align: Align = "left",
    color: str = BLACK,
) -> Text:
    """A line at the largest size up to ``size_pt`` (at least ``smallest``) that fits ``width`` mm."""
    size = fonts.fit_size(text, width, size_pt, bold=bold, smallest=smallest)
    return Text(x, y, text, size, bold=bold, align=align, color=color, max_w=width)


def shared_widths(widths: list[float], space: float) -> list[float]:
    """Columns ``widths`` wide grown to fill ``space``: the narrower ones to one width, each wider
    than that as it is (kpn's aid: '1st player' keeps its width, '2nd', '3rd', '4th' share the rest)."""
    level = space / len(widths)
    for _ in widths:  # a column wider than the level keeps its width; the others share what is left
        wide = [w for w in widths if w > level]
        if len(wide) == len(widths):
            break
        level = (space - sum(wide)) / (len(widths) - len(wide))
    return [max(w, level) for w in widths]
