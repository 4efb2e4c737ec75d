"""The shipped fonts and a kit's own: registration with reportlab, text measuring and glyph coverage.

Measuring needs the font's metrics, so this module (like render.py) talks to reportlab; layout
asks it for widths and heights and stays free of drawing.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import itertools
from collections.abc import Iterator
from pathlib import Path

from printkit.base.units import MM_PER_POINT
from printkit.kit.file import data_dir
from printkit.words import icons
from printkit.words.textchars import SOFT_HYPHEN

REGULAR = "PrintkitSans"
BOLD = "PrintkitSans-Bold"
SERIF = "PrintkitSerif"
SERIF_BOLD = "PrintkitSerif-Bold"
# Atkinson Hyperlegible for pieces (its open shapes read at a glance across a table), shipped with
# an unslashed zero (tools/unslashed_zero.py) so a heading's "100 %" is the body's; Noto Serif for
# running text.
_FILES = {
    REGULAR: "AtkinsonHyperlegible-Regular.ttf",
    BOLD: "AtkinsonHyperlegible-Bold.ttf",
    SERIF: "NotoSerif-Regular.ttf",
    SERIF_BOLD: "NotoSerif-Bold.ttf",
}
# Never drawn as a glyph: a line break (a paragraph breaks there; a line of text holding one is a
# finding of the page checks) and a soft hyphen (no room, nothing printed, unless a line breaks
# there). A tab or CR never reaches a text (textchars.normalise); when one does, it is missing.
_IGNORED = {"\n", SOFT_HYPHEN}

# What prints each role: role -> (regular font name, bold font name). Pieces, titles and
# headings in Atkinson; rules paragraphs and list items in Noto Serif. A kit may name its own
# fonts for a role (see ``using``).
FACES = ("pieces", "headings", "body")
DEFAULT_FACES: dict[str, tuple[str, str]] = {
    "pieces": (REGULAR, BOLD),
    "headings": (REGULAR, BOLD),
    "body": (SERIF, SERIF_BOLD),
}
_faces: contextvars.ContextVar[dict[str, tuple[str, str]]] = contextvars.ContextVar("faces", default=DEFAULT_FACES)


def fonts_dir() -> Path:
    return data_dir() / "fonts"


@functools.cache
def register() -> None:
    """Register the shipped fonts once; embedding and subsetting are reportlab's TTF defaults."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name, filename in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(fonts_dir() / filename)))


@contextlib.contextmanager
def using(faces: dict[str, tuple[str, str]] | None) -> Iterator[None]:
    """Within the block, the roles in ``faces`` print in those (registered) fonts; the others keep
    the shipped ones. Layout, the validator and the renderer of one kit run inside it, so the
    font a text is measured in is the font it is checked and drawn in."""
    token = _faces.set(DEFAULT_FACES | (faces or {}))
    try:
        yield
    finally:
        _faces.reset(token)


def current_faces() -> dict[str, tuple[str, str]]:
    return _faces.get()


def font_name(bold: bool, face: str = "pieces") -> str:
    """The registered font that prints ``face`` (a role: pieces, headings, body) in that weight."""
    return _faces.get()[face][1 if bold else 0]


@functools.cache
def _charmap(name: str) -> frozenset[int]:
    register()
    from reportlab.pdfbase import pdfmetrics

    return frozenset(pdfmetrics.getFont(name).face.charToGlyph)


@functools.cache
def _drawable(name: str) -> frozenset[str]:
    """Every character the font draws, and those never drawn as a glyph (_IGNORED)."""
    return frozenset(map(chr, _charmap(name))) | _IGNORED


def drawn(char: str) -> bool:
    """True for a character a font must draw: not a line break or soft hyphen, not an icon."""
    return char not in _IGNORED and icons.icon_of(char) is None


def missing_characters(text: str, bold: bool = False, face: str = "pieces") -> list[str]:
    """The characters of ``text`` the font cannot draw (reportlab would print a black box)."""
    return list(_missing_in(text, font_name(bold, face)))


@functools.lru_cache(maxsize=1024)
def _missing_in(text: str, name: str) -> tuple[str, ...]:
    """missing_characters once per text and font: a table's rows often repeat a cell's text, and
    the check reads every character of it (a 12 MB deck table: 4 s of a build before)."""
    if _drawable(name).issuperset(text):
        return ()
    charmap = _charmap(name)
    missing: list[str] = []
    for char in text:
        if char in _IGNORED or icons.icon_of(char) is not None:  # an icon is drawn, not typeset
            continue
        if ord(char) not in charmap and char not in missing:
            missing.append(char)
    return tuple(missing)


def no_glyph(missing: list[str], where: str = "") -> str:
    """The one message for characters the font lacks, ``where`` saying in what text (" in '★'")."""
    chars = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in missing)
    return f"the font has no glyph for {chars}{where}; it would print as a black box"


def text_width(text: str, size_pt: float, bold: bool = False, face: str = "pieces") -> float:
    """Width of one line of text in millimetres."""
    return width_pt(text, size_pt, bold, face) * MM_PER_POINT


def width_pt(text: str, size_pt: float, bold: bool = False, face: str = "pieces") -> float:
    """Width of one line of text in points, in the font that prints ``face``."""
    return font_width_pt(text, size_pt, font_name(bold, face))


@functools.lru_cache(maxsize=65536)
def font_width_pt(text: str, size_pt: float, name: str) -> float:
    """Width of one line of text in points, measured once whether layout, the validator or the
    renderer asks (a 10,000-card deck has 20,000 lines of its own). The sum reportlab's
    stringWidth makes for a TrueType font (rl_accel's, in C), in the same order, without a Python
    step per letter."""
    face = _face(name)
    if SOFT_HYPHEN in text:  # takes no room unless a line breaks there (then it is a "-")
        text = text.replace(SOFT_HYPHEN, "")
    units = sum(map(face.charWidths.get, map(ord, text), itertools.repeat(face.defaultWidth)))
    icons_in = icons.count_in(text)  # an icon inside the text (icons.py) is ICON_EM wide
    if icons_in:
        units += icons_in * (1000 * icons.ICON_EM - face.defaultWidth)
    return units * 0.001 * size_pt  # in the order of rl_accel's stringWidth, to the last bit


@functools.cache
def _face(name: str):
    register()
    from reportlab.pdfbase import pdfmetrics

    return pdfmetrics.getFont(name).face


def fit_size(
    text: str, width: float, size_pt: float, bold: bool = False, smallest: float = 5.0, face: str = "pieces"
) -> float:
    """The largest size up to ``size_pt`` at which one line fits ``width`` mm (at least ``smallest``)."""
    size = size_pt
    while size > smallest and text_width(text, size, bold, face) > width:
        size -= 0.25
    return max(size, smallest)


def vertical_extent(size_pt: float, bold: bool = False, face: str = "pieces") -> tuple[float, float]:
    """How far the font's glyphs reach above and below the baseline, in millimetres."""
    ascent, descent = _extent(font_name(bold, face))
    return ascent * size_pt * MM_PER_POINT, descent * size_pt * MM_PER_POINT


CAP_HEIGHT_EM = 0.668  # Atkinson Hyperlegible's capitals, of the font size


@functools.cache
def _extent(name: str) -> tuple[float, float]:
    """Ascent and descent of a font, in em."""
    face = _face(name)
    return face.ascent / 1000, -face.descent / 1000


def cap_height(size_pt: float, face: str = "pieces") -> float:
    """Height of a capital letter in millimetres (Atkinson Hyperlegible: 0.668 em)."""
    return _cap_em(font_name(False, face)) * size_pt * MM_PER_POINT


@functools.cache
def _cap_em(name: str) -> float:
    """A font's capital height in em: Atkinson's 0.668 as before, else the font's own."""
    if name in (REGULAR, BOLD):
        return CAP_HEIGHT_EM
    face = _face(name)
    return getattr(face, "capHeight", 668) / 1000
