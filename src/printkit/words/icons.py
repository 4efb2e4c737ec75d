"""Icons inside text: ``:coin:`` in any printed text prints a small shape or symbol at the text's size.

An icon is a token shape (circle, triangle, square, diamond, hexagon, star), a vector symbol of
``layout/symbols.py`` (berries, rock, ...), or one the kit declares once under ``icons:`` (a shape
or symbol in a colour of its own, or a picture file of the kit's folder, prepared by printkit.pictures like
every picture and drawn in the icon's square in proportion, on the baseline). The localizer
turns ``:name:`` into one character of Unicode's private use plane 15 that stands for the icon,
so measuring, line breaking and the glyph checks see one unbreakable letter ICON_EM wide; the
renderer leaves its room in the text and draws the icon there, sitting on the baseline
(``layout/icon_drawing.py`` makes the drawing). A ``:word:`` that names no icon is left as typed
(the validator reports it).

The character of an icon is interned by what it draws (shape, symbol or picture file, colour), the same for
every kit in one process, so a character never means two drawings.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

from msgspec import Struct

FIRST = 0xF0000  # Supplementary Private Use Area-A: no font printkit ships draws anything there
ICON_EM = 0.9  # an icon's advance, of the font size
SIDE_EM = 0.78  # the side of the square it is drawn in
DROP_EM = 0.06  # how far that square reaches below the baseline (capitals' middle is its middle)
INLINE = re.compile(r":([a-z][a-z0-9_]*):")
SHAPES = ("circle", "triangle", "square", "diamond", "hexagon", "star")
# The vector symbols layout/symbols.py draws, by name (tests/test_icons.py checks they are the same).
SYMBOLS = (
    "arrow",
    "battery",
    "berries",
    "crystal",
    "flower",
    "fruit",
    "honey",
    "leaf",
    "lighthouse",
    "paper",
    "rock",
    "scissors",
    "stack",
    "star",
)


class Icon(Struct, frozen=True):
    """What an icon draws: a token shape or a symbol, in a colour (None: the text's colour), or
    the picture at the path ``image`` (absolute, inside the kit's folder), prepared by the
    pipeline (printkit.pictures.prepared), of width over height ``aspect``."""

    shape: str | None = None
    symbol: str | None = None
    color: str | None = None
    image: str | None = None
    aspect: float = 1.0


_CHARS: dict[Icon, str] = {}
_ICONS: list[Icon] = []
_NAMES: dict[str, str] = {}  # an icon's character -> the :name: a text last used for it (for messages)


def char_for(icon: Icon) -> str:
    """The one private-use character that stands for ``icon`` in printed text."""
    char = _CHARS.get(icon)
    if char is None:
        char = _CHARS[icon] = chr(FIRST + len(_ICONS))
        _ICONS.append(icon)
    return char


def icon_of(char: str) -> Icon | None:
    at = ord(char) - FIRST
    return _ICONS[at] if 0 <= at < len(_ICONS) else None


def holds_icons(text: str) -> bool:
    return bool(text) and max(text) >= chr(FIRST)


def without(text: str) -> str:
    """``text`` without its icons, for where nothing draws them (the PDF's title in a viewer's window)."""
    if not holds_icons(text):
        return text
    return " ".join("".join(char for char in text if icon_of(char) is None).split())


def count_in(text: str) -> int:
    return sum(1 for char in text if icon_of(char) is not None) if holds_icons(text) else 0


@functools.cache
def builtin() -> dict[str, Icon]:
    """The icons every kit has: the token shapes and the vector symbols (the symbol 'star' rather
    than the shape, as a card's icon has always drawn it)."""
    return {name: Icon(shape=name) for name in SHAPES} | {name: Icon(symbol=name) for name in SYMBOLS}


def table(declared: Mapping[str, Icon]) -> dict[str, str]:
    """Icon name -> its character: the built-in icons and the kit's own (which may replace one)."""
    chars = {name: char_for(icon) for name, icon in (builtin() | dict(declared)).items()}
    for name, char in chars.items():
        if name in declared or char not in _NAMES:
            _NAMES[char] = name
    return chars


def typed(text: str) -> str:
    """``text`` with each icon as the kit types it, ':coin:', for a message about the text."""
    if not holds_icons(text):
        return text
    return "".join(f":{_NAMES[char]}:" if char in _NAMES else char for char in text)


def inline(text: str, chars: Mapping[str, str]) -> str:
    """``text`` with each ``:name:`` of a known icon replaced by the icon's character."""
    if ":" not in text:
        return text
    return INLINE.sub(lambda m: chars.get(m.group(1), m.group(0)), text)


def unknown_names(text: str, known: Mapping[str, object]) -> list[str]:
    """The ``:name:`` words of ``text`` that name no icon."""
    return [m.group(1) for m in INLINE.finditer(text) if m.group(1) not in known] if ":" in text else []
