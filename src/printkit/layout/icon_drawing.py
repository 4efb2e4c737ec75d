"""Icons drawn: an ``icon:`` field's icon in its square, and the icons inside a run of text where
the renderer leaves their room (``words/icons.py`` turns ``:name:`` into the character that stands
for an icon; this module draws what the character stands for).
"""

from __future__ import annotations

from collections.abc import Mapping

from printkit import fonts
from printkit.base.units import MM_PER_POINT
from printkit.layout.primitives import Group, Image, Item
from printkit.layout.symbols import draw_symbol, shape_outline
from printkit.pictures.limits import ICON_PRINT_MM
from printkit.words.icons import DROP_EM, ICON_EM, SIDE_EM, Icon, builtin, icon_of


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
    color = icon.color or text_color
    if icon.image is not None:
        return picture_in(icon.image, icon.aspect, x, top, side, dpi)
    if icon.symbol is not None:
        return draw_symbol(icon.symbol, x, top, side, color)
    assert icon.shape is not None, "an icon is a shape or a symbol"
    outline = shape_outline(icon.shape, side / 2, side / 2, side, None, color)
    return Group(("icon", icon.shape, color, side), x, top, side, side, (outline,))


def picture_in(path: str, ratio: float, x: float, top: float, side: float, dpi: int = 300) -> Image:
    """A picture icon of width over height ``ratio`` in its square, as large as it fits in
    proportion, sitting on the square's bottom (the baseline's drop), centred across; prepared
    at ``dpi``, as the pipeline prepared it."""
    w, h = (side, side / ratio) if ratio >= 1 else (side * ratio, side)
    return Image(x + (side - w) / 2, top + side - h, w, h, path, ICON_PRINT_MM, dpi)


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
