"""Icons inside text: ``:coin:`` in any printed text prints a small shape or symbol at the text's size.

An icon is a token shape (circle, triangle, square, diamond, hexagon, star), a vector symbol of
``layout/symbols.py`` (berries, rock, ...), or one the kit declares once under ``icons:`` (a shape
or symbol in a colour of its own, or a picture file of the kit's folder, checked by art.py like
every picture and drawn in the icon's square in proportion, on the baseline). The localizer
turns ``:name:`` into one character of Unicode's private use plane 15 that stands for the icon,
so measuring, line breaking and the glyph checks see one unbreakable letter ICON_EM wide; the
renderer leaves its room in the text and draws the icon there, sitting on the baseline. A
``:word:`` that names no icon is left as typed (the validator reports it).

The character of an icon is interned by what it draws (shape, symbol or picture file, colour), the same for
every kit in one process, so a character never means two drawings.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from printkit.base.units import MM_PER_POINT
from printkit.kit.paths import KitFolder, PathRefused
from printkit.layout.primitives import Group, Image, Item

FIRST = 0xF0000  # Supplementary Private Use Area-A: no font printkit ships draws anything there
ICON_EM = 0.9  # an icon's advance, of the font size
SIDE_EM = 0.78  # the side of the square it is drawn in
DROP_EM = 0.06  # how far that square reaches below the baseline (capitals' middle is its middle)
INLINE = re.compile(r":([a-z][a-z0-9_]*):")
SHAPES = ("circle", "triangle", "square", "diamond", "hexagon", "star")


@dataclass(frozen=True)
class Icon:
    """What an icon draws: a token shape or a symbol, in a colour (None: the text's colour), or
    the picture at the path ``image`` (absolute, inside the kit's folder)."""

    shape: str | None = None
    symbol: str | None = None
    color: str | None = None
    image: str | None = None


def picture_path(folder: KitFolder | None, relative: str | None) -> str | None:
    """Where a picture icon's file really is, by the kit's path policy (the validator has
    proved it a picture inside the kit's folder); PathRefused where it may not be read, or
    with no folder to find it in."""
    if relative is None:
        return None
    if folder is None:
        raise PathRefused(f"no kit folder to find '{relative}' in")
    return str(folder.path(relative))


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
    from printkit.layout.symbols import symbol_names

    return {name: Icon(shape=name) for name in SHAPES} | {name: Icon(symbol=name) for name in symbol_names()}


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


def draw_named(
    name: str, chars: Mapping[str, str], x: float, top: float, side: float, color: str, dpi: int = 300
) -> Item:
    """The icon ``name`` (a kit's own by ``chars``, the localizer's icons, else a built-in one) in
    the square of side ``side`` mm whose top-left corner is (x, top): what an ``icon:`` field draws;
    a picture icon is prepared at ``dpi`` (the kit's)."""
    char = chars.get(name)
    icon = icon_of(char) if char else builtin().get(name)
    if icon is None:
        raise KeyError(f"unknown icon '{name}'")
    return drawing(icon, x, top, side, color, dpi)


def drawing(icon: Icon, x: float, top: float, side: float, text_color: str, dpi: int = 300) -> Item:
    """The icon in the square of side ``side`` mm whose top-left corner is (x, top)."""
    from printkit.layout.symbols import draw_symbol, shape_outline

    color = icon.color or text_color
    if icon.image is not None:
        return picture_in(icon.image, x, top, side, dpi)
    if icon.symbol is not None:
        return draw_symbol(icon.symbol, x, top, side, color)
    assert icon.shape is not None, "an icon is a shape or a symbol"
    outline = shape_outline(icon.shape, side / 2, side / 2, side, None, color)
    return Group(("icon", icon.shape, color, side), x, top, side, side, (outline,))


def picture_in(path: str, x: float, top: float, side: float, dpi: int = 300) -> Image:
    """A picture icon in its square, as large as it fits in proportion, sitting on the square's
    bottom (the baseline's drop), centred across; prepared at ``dpi``, as the validator checked it."""
    from printkit.pictures import art

    ratio = art.aspect(Path(path), art.ICON_PRINT_MM, dpi)
    w, h = (side, side / ratio) if ratio >= 1 else (side * ratio, side)
    return Image(x + (side - w) / 2, top + side - h, w, h, path, art.ICON_PRINT_MM, dpi)


def placed(
    text: str,
    x: float,
    baseline: float,
    size_pt: float,
    bold: bool,
    color: str,
    word_space: float = 0.0,
    face: str = "pieces",
    dpi: int = 300,
) -> list[Item]:
    """The drawings of the icons in a run of ``text`` that starts at ``x`` mm on ``baseline``, its
    spaces ``word_space`` mm wider than the font's (as the renderer sets them), in the font that
    prints ``face``; picture icons prepared at ``dpi`` (the kit's)."""
    from printkit import fonts

    items: list[Item] = []
    em = size_pt * MM_PER_POINT
    side = SIDE_EM * em
    for at, char in enumerate(text):
        icon = icon_of(char)
        if icon is None:
            continue
        before = text[:at]
        left = x + fonts.text_width(before, size_pt, bold, face) + word_space * before.count(" ")
        items.append(drawing(icon, left + (ICON_EM * em - side) / 2, baseline + DROP_EM * em - side, side, color, dpi))
    return items
