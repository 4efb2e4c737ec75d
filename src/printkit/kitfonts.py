"""A kit's own fonts: TrueType files in its folder, named in the kit for body, headings or pieces.

Each file is hostile input until proved: it must stay inside the kit's folder (no '../', no
absolute path, no link leading out), end in .ttf or .otf, be at most MAX_FONT_BYTES, and load as
a font reportlab can embed (TrueType outlines; an OpenType font with PostScript outlines cannot
be). A font is registered under a name made from its content (``Kit-`` and 12 hex digits of its
SHA-256), so two kits' files of one name never share metrics, and every cache keyed by font name
stays right. The layout, the checks and the renderer of the kit then run inside
``fonts.using(faces)``, so a text is measured, checked for glyphs and drawn in the font that
prints it.
"""

from __future__ import annotations

import functools
import hashlib
import io
from pathlib import Path
from typing import Any

from printkit.errors import Loc
from printkit.kitpaths import KitFolder, PathRefused

MAX_FONT_BYTES = 20 * 1024 * 1024
SUFFIXES = (".ttf", ".otf")
ROLES = ("body", "headings", "pieces")

Faces = dict[str, tuple[str, str]]  # role -> (regular font name, bold font name), as fonts.using takes


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


def font_problem(folder: KitFolder, relative: str) -> str | None:
    """Why the font file ``relative`` in the kit's folder cannot print, or None when it can."""
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
    size = path.stat().st_size
    if size > MAX_FONT_BYTES:
        return f"'{relative}' is {size:,} bytes; a font file may be at most {MAX_FONT_BYTES:,} bytes (20 MB)"
    try:
        registered(path.read_bytes())
    except FontRefused as refused:
        return f"'{relative}' cannot be embedded: {refused}"
    return None


class FontRefused(ValueError):
    """What reportlab said when the file would not load as an embeddable font."""


@functools.cache
def registered(content: bytes) -> str:
    """The font in ``content`` registered with reportlab under a name from its content; its name."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    from printkit import fonts

    fonts.register()
    name = "Kit-" + hashlib.sha256(content).hexdigest()[:12]
    try:
        font = TTFont(name, io.BytesIO(content))
    except TTFError as error:
        reason = str(error)
        if "postscript outlines" in reason.lower():
            reason = "it has PostScript (CFF) outlines; use the font's TrueType (.ttf) version"
        raise FontRefused(reason.split("\n")[0]) from None
    except Exception as error:  # a damaged file may fail anywhere in reportlab's parser
        raise FontRefused(f"not a readable font ({type(error).__name__})") from None
    pdfmetrics.registerFont(font)
    return name


def faces(kit: Any, folder: KitFolder) -> Faces:
    """The roles the kit gives its own fonts, registered (after font_problem found nothing)."""
    if kit.fonts is None:
        return {}
    found: Faces = {}
    for role in ROLES:
        family = getattr(kit.fonts, role)
        if family is None:
            continue
        regular = registered(folder.path(family.regular, "font").read_bytes())
        bold = registered(folder.path(family.bold, "font").read_bytes()) if family.bold else regular
        found[role] = (regular, bold)
    return found
