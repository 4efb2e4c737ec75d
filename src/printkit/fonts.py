"""The shipped font family: registration with reportlab, text measuring and glyph coverage.

Measuring needs the font's metrics, so this module (like render.py) talks to reportlab; layout
asks it for widths and heights and stays free of drawing.
"""

from __future__ import annotations

import functools
import itertools
from pathlib import Path

from printkit import icons
from printkit.kitfile import data_dir
from printkit.units import MM_PER_POINT

REGULAR = "PrintkitSans"
BOLD = "PrintkitSans-Bold"
_FILES = {REGULAR: "AtkinsonHyperlegible-Regular.ttf", BOLD: "AtkinsonHyperlegible-Bold.ttf"}
_IGNORED = set("\n\r\t\u00ad")


def fonts_dir() -> Path:
    return data_dir() / "fonts"


@functools.cache
def register() -> None:
    """Register the two fonts once; embedding and subsetting are reportlab's TTF defaults."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name, filename in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(fonts_dir() / filename)))


def font_name(bold: bool) -> str:
    return BOLD if bold else REGULAR


@functools.cache
def _charmap(bold: bool) -> frozenset[int]:
    register()
    from reportlab.pdfbase import pdfmetrics

    return frozenset(pdfmetrics.getFont(font_name(bold)).face.charToGlyph)


@functools.cache
def _drawable(bold: bool) -> frozenset[str]:
    """Every character the font draws, and those never drawn (line breaks, a soft hyphen)."""
    return frozenset(map(chr, _charmap(bold))) | _IGNORED


def missing_characters(text: str, bold: bool = False) -> list[str]:
    """The characters of ``text`` the font cannot draw (reportlab would print a black box)."""
    if _drawable(bold).issuperset(text):
        return []
    charmap = _charmap(bold)
    missing: list[str] = []
    for char in text:
        if char in _IGNORED or icons.icon_of(char) is not None:  # an icon is drawn, not typeset
            continue
        if ord(char) not in charmap and char not in missing:
            missing.append(char)
    return missing


def no_glyph(missing: list[str], where: str = "") -> str:
    """The one message for characters the font lacks, ``where`` saying in what text (" in '★'")."""
    chars = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in missing)
    return f"the font has no glyph for {chars}{where}; it would print as a black box"


def text_width(text: str, size_pt: float, bold: bool = False) -> float:
    """Width of one line of text in millimetres."""
    return width_pt(text, size_pt, bold) * MM_PER_POINT


@functools.lru_cache(maxsize=65536)
def width_pt(text: str, size_pt: float, bold: bool = False) -> float:
    """Width of one line of text in points, measured once whether layout, the validator or the
    renderer asks (a 10,000-card deck has 20,000 lines of its own). The sum reportlab's
    stringWidth makes for a TrueType font, in the same order, without a Python step per letter."""
    face = _face(bold)
    units = sum(map(face.charWidths.get, map(ord, text), itertools.repeat(face.defaultWidth)))
    icons_in = icons.count_in(text)  # an icon inside the text (icons.py) is ICON_EM wide
    if icons_in:
        units += icons_in * (1000 * icons.ICON_EM - face.defaultWidth)
    return 0.001 * size_pt * units


@functools.cache
def _face(bold: bool):
    register()
    from reportlab.pdfbase import pdfmetrics

    return pdfmetrics.getFont(font_name(bold)).face


def fit_size(text: str, width: float, size_pt: float, bold: bool = False, smallest: float = 5.0) -> float:
    """The largest size up to ``size_pt`` at which one line fits ``width`` mm (at least ``smallest``)."""
    size = size_pt
    while size > smallest and text_width(text, size, bold) > width:
        size -= 0.25
    return max(size, smallest)


@functools.cache
def vertical_extent(size_pt: float, bold: bool = False) -> tuple[float, float]:
    """How far the font's glyphs reach above and below the baseline, in millimetres."""
    register()
    from reportlab.pdfbase import pdfmetrics

    face = pdfmetrics.getFont(font_name(bold)).face
    return face.ascent / 1000 * size_pt * MM_PER_POINT, -face.descent / 1000 * size_pt * MM_PER_POINT


CAP_HEIGHT_EM = 0.668  # Atkinson Hyperlegible's capitals, of the font size


def cap_height(size_pt: float) -> float:
    """Height of a capital letter in millimetres."""
    return CAP_HEIGHT_EM * size_pt * MM_PER_POINT
