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
