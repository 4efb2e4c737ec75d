"""Kit markup to the paragraph engine's: ``**bold**`` becomes ``<b>bold</b>``, the rest escaped.

Its own module, below the rules, the figures, the sheets and the decks that all write markup: in
``layout/rules.py`` it tied the sheet parts and the figures into a loop with the rules.
"""

from __future__ import annotations

import html
import re

_BOLD = re.compile(r"\*\*(.+?)\*\*")


def to_markup(text: str) -> str:
    """Kit markup (``**bold**``) to the paragraph engine's markup, with everything else escaped."""
    return _BOLD.sub(r"<b>\1</b>", html.escape(text, quote=False))
