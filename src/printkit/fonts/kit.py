"""A kit's own fonts: TrueType files in its folder, named in the kit for body, headings or pieces.

Each file is hostile input until proved: it must stay inside the kit's folder (no '../', no
absolute path, no link leading out), end in .ttf or .otf, be at most MAX_FONT_BYTES, have a table
structure within sfnt.py's budget (read with struct before reportlab builds anything from it), and
load as a font reportlab can embed (TrueType outlines; an OpenType font with PostScript outlines
cannot be). It must then draw every character the kit prints, in each of the kit's languages, and
subset them as the PDF will (a broken composite glyph fails there): all at validate, as one
finding on the font's field. A font is registered under a name made from its content (``Kit-`` and
12 hex digits of its SHA-256), for reportlab's registry and for the face name in the PDF, so two
kits' files of one name, a font named like a shipped one, or a font fixed under ``--watch`` never
share metrics, and every cache keyed by font name stays right. The build takes the fonts the check
registered (``proved``), never a file loaded unchecked. The layout, the checks and the renderer of
the kit then run inside ``fonts.using(faces)``, so a text is measured, checked for glyphs and
drawn in the font that prints it.
"""

from __future__ import annotations

import functools
import hashlib
import io
import os
import stat
from pathlib import Path
from typing import Any

from printkit import fonts
from printkit.base.errors import Loc
from printkit.fonts import sfnt
from printkit.kit.paths import KitFolder, PathRefused

MAX_FONT_BYTES = 20 * 1024 * 1024
SUFFIXES = (".ttf", ".otf")
ROLES = ("body", "headings", "pieces")

SUBSET_SIZE = 255  # codes in one of reportlab's font subsets (code 0 is the missing glyph's)
MAX_SHOWN = 8  # missing characters named in one message
MAX_EM = 4.0  # how wide a letter and how far ascent and descent may reach, in em (Atkinson's widest: 1.3)

Faces = dict[str, tuple[str, str]]  # role -> (regular font name, bold font name), as fonts.using takes
Printed = dict[str, str]  # language -> every character the kit prints in it (validate.kit.printed_characters)
_CHECKED: dict[str, str] = {}  # SHA-256 of a font's content -> its registered name, once checked whole


def font_uses(kit: Any) -> list[tuple[Loc, str]]:
    """Every font file the kit names, with its field path: (("fonts", "body", "regular"), "x.ttf")."""
    if kit.fonts is None:
        return []
    uses: list[tuple[Loc, str]] = []
    for role in ROLES:
        family = getattr(kit.fonts, role)
        if family is None:
            continue
        uses.append((("fonts", role, "regular"), family.regular))
        if family.bold is not None:
            uses.append((("fonts", role, "bold"), family.bold))
    return uses


def font_problem(folder: KitFolder, relative: str, printed: Printed) -> str | None:
    """Why the font file ``relative`` in the kit's folder cannot print the characters ``printed``
    (by language), or None when it can; it is then registered and subset once (see ``checked``)."""
    try:
        folder.path(relative, "font")
    except PathRefused as refused:
        return str(refused)
    if Path(relative).suffix.lower() not in SUFFIXES:
        return f"'{relative}' is not a font file printkit can embed; use a TrueType .ttf (or .otf) file"
    try:
        path = folder.file(relative, "font")
    except PathRefused as refused:
        return str(refused)
    if path is None:
        return f"no font '{relative}' in the kit's folder {folder}/"
    try:
        content = _read_capped(path)
    except OSError as exc:
        return f"'{relative}' in the kit's folder {folder}/ cannot be read ({exc.strerror or exc})"
    if len(content) > MAX_FONT_BYTES:
        return f"'{relative}' is over {MAX_FONT_BYTES:,} bytes; a font file may be at most 20 MB"
    try:
        checked(content, printed)
    except FontRefused as refused:
        return f"'{relative}' cannot be embedded: {refused}"
    except MissingGlyphs as missing:
        return f"'{relative}': {missing}"
    return None


def _read_capped(path: Path) -> bytes:
    """The file's bytes, MAX_FONT_BYTES + 1 at most: a file grown since it was looked at (or one
    that never ends) costs no more than a font may."""
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(descriptor, "rb") as stream:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):  # swapped for a pipe or a device since it was looked at
            raise OSError(f"'{path.name}' is not a regular file")
        return stream.read(MAX_FONT_BYTES + 1)


class FontRefused(ValueError):
    """Why the file would not load or subset as an embeddable font."""


# What printkit's own words and marks may print in a kit's font beside the kit's texts: Latin to
# Latin Extended-B (a ×, Polish and Czech letters) and general punctuation (dashes, quotes, …).
OWN_WORDS = (range(0x20, 0x250), range(0x2000, 0x2070))


class MissingGlyphs(ValueError):
    """The characters the kit prints that the font has no glyph for."""


def checked(content: bytes, printed: Printed) -> str:
    """The font in ``content`` registered, proved to draw every character in ``printed`` and to
    subset them (as the PDF will); its registered name, which ``faces`` then takes."""
    name = registered(content)
    font = _font(name)
    codes: set[int] = set()
    for lang, characters in printed.items():
        missing = [char for char in characters if ord(char) not in font.face.charToGlyph]
        if missing:
            raise MissingGlyphs(fonts.no_glyph(missing[:MAX_SHOWN], f", which the kit prints in {lang}"))
        codes.update(map(ord, characters))
    _check_metrics(font.face, codes)
    # and what printkit's own words may print beside the kit's texts (a page number's dash, a ×)
    codes.update(code for block in OWN_WORDS for code in block if code in font.face.charToGlyph)
    _subset(font, sorted(codes))
    _CHECKED[_digest(content)] = name
    return name


def _check_metrics(face: Any, codes: set[int]) -> None:
    """Refuse a font whose letters the kit prints are wider, or whose ascent, descent or capital
    height reach further, than MAX_EM: the layout fits text on a line a letter at a time, and a
    single letter wider than any line (a 37 em 'S') is not a font anyone sets text in."""
    for code in sorted(codes):
        width = face.charWidths.get(code, face.defaultWidth)
        if width > MAX_EM * 1000:
            raise FontRefused(f"its '{chr(code)}' (U+{code:04X}) is {width / 1000:,.1f} em wide; at most {MAX_EM:g} em")
    for what in ("ascent", "descent", "capHeight"):
        reach = abs(getattr(face, what, 0))
        if reach > MAX_EM * 1000:
            raise FontRefused(f"its {what} is {reach / 1000:,.1f} em; at most {MAX_EM:g} em")
    for what in ("ascent", "capHeight"):  # the layout sizes a line by them: 0 would divide by zero
        if getattr(face, what, 0) <= 0:
            raise FontRefused(f"its {what} is {getattr(face, what, 0)}; a text font's letters stand above the line")
    glyphs = len(face.glyphPos) - 1  # the glyph locations: one more than the glyphs
    past = sorted(code for code, glyph in face.charToGlyph.items() if not 0 <= glyph < glyphs)
    if past:
        code = past[0]
        raise FontRefused(
            f"its character map sends '{chr(code)}' (U+{code:04X}) to glyph {face.charToGlyph[code]}, "
            f"past its {glyphs:,} glyphs"
        )


def _subset(font: Any, codes: list[int]) -> None:
    """Subset the font for ``codes`` as reportlab does when it writes the PDF (256 codes a subset):
    a broken glyph (a composite naming a glyph the font lacks) fails here, not in the build."""
    for start in range(0, len(codes), SUBSET_SIZE):
        try:
            font.face.makeSubset([0, *codes[start : start + SUBSET_SIZE]])
        except Exception as error:  # a damaged glyph may fail anywhere in reportlab's subsetter
            raise FontRefused(f"its glyphs cannot be subset ({type(error).__name__})") from None


@functools.cache
def registered(content: bytes) -> str:
    """The font in ``content`` registered with reportlab under a name from its content; its name.

    The face's own (PostScript) name is replaced by that name too: reportlab maps a second font
    whose face name it has seen to the first one, so a kit font named like one loaded earlier (or
    a fixed font in ``--watch``) would silently print in the other."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    fonts.register()
    structure = sfnt.problem(content)
    if structure:
        raise FontRefused(structure)
    name = "Kit-" + _digest(content)[:12]
    try:
        font = TTFont(name, io.BytesIO(content))
    except TTFError as error:
        reason = str(error)
        if "postscript outlines" in reason.lower():
            reason = "it has PostScript (CFF) outlines; use the font's TrueType (.ttf) version"
        raise FontRefused(reason.split("\n")[0]) from None
    except Exception as error:  # a damaged file may fail anywhere in reportlab's parser
        raise FontRefused(f"not a readable font ({type(error).__name__})") from None
    font.face.name = name.encode("ascii")
    pdfmetrics.registerFont(font)
    return name


def _font(name: str) -> Any:
    from reportlab.pdfbase import pdfmetrics

    return pdfmetrics.getFont(name)


def _digest(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()


def proved(kit: Any, folder: KitFolder) -> Faces | None:
    """The roles the kit gives its own fonts, as ``checked`` registered them when the kit was
    checked; None when a font failed its check or its file no longer holds what was checked
    (then it is never loaded unchecked)."""
    found: Faces = themed_faces(kit)
    if kit.fonts is None:
        return found
    for role in ROLES:
        family = getattr(kit.fonts, role)
        if family is None:
            continue
        regular = _checked_name(folder, family.regular)
        bold = _checked_name(folder, family.bold) if family.bold else regular
        if regular is None or bold is None:
            return None
        found[role] = (regular, bold)
    return found


SHIPPED: dict[str, tuple[str, str]] = {
    "serif": (fonts.SERIF, fonts.SERIF_BOLD),
    "sans": (fonts.REGULAR, fonts.BOLD),
}


def themed_faces(kit: Any) -> Faces:
    """The shipped faces the kit's theme chooses for the rules' body and headings ('serif' or
    'sans'); a role the theme gives to the kit's own font ('kit') is the kit's ``fonts:``."""
    chosen = getattr(getattr(kit, "theme", None), "faces", None)
    if chosen is None:
        return {}
    return {role: SHIPPED[face] for role in ("body", "headings") if (face := getattr(chosen, role)) in SHIPPED}


def _checked_name(folder: KitFolder, relative: str) -> str | None:
    try:
        path = folder.file(relative, "font")
        content = _read_capped(path) if path is not None else None
    except (OSError, PathRefused):
        return None
    if content is None:
        return None
    return _CHECKED.get(_digest(content))
