"""The kit's version on the back of every cut piece, when the kit asks for it (``version_mark``),
so that pieces of two printed generations do not mix.

A piece carries only the game by default. Asked for, the mark goes on the piece's back (the back
is the same for a whole deck, so it costs no design room) and never on a face: a piece without a
back goes without. It is centred on the bottom edge, its label SAFE_ZONE inside the cut line (the
safe zone every piece keeps, so a cut a little off never halves it), in 7 pt type (the smallest
printkit prints but for the ruler's digits) on a small white label, so that it reads on any colour.
A piece too small for the label (under 12 mm across or 12 mm down) goes without.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit import fonts
from printkit.base.records import replace
from printkit.layout.primitives import Group, Item, Page, Piece, Rect, Text

if TYPE_CHECKING:
    from printkit.kit.kinds import Registry

VERSION_PT = 7.0
SAFE_ZONE = 3.0  # mm inside the cut line kept free of the mark, as of every text and frame of a bleeding piece
PAD = 0.5  # mm of white around the type
INK = "#444444"
MIN_WIDTH, MIN_HEIGHT = 12.0, 12.0
MARK = "version"  # the label's Group key: one PDF form for every piece


def label(version: str) -> str:
    """'v1.0' for version 1.0; a version that starts with a letter stays as it is."""
    return version if version[:1].isalpha() else f"v{version}"


def with_versions(pages: list[Page], version: str, kinds: Registry) -> list[Page]:
    """``pages`` with the version mark on the back of each piece ``kinds`` cuts out (none on a face)."""
    text = label(version)
    out = []
    for page in pages:
        marks: list[Item] = []
        for piece in page.pieces:
            if kinds.cut(piece.kind) and piece.side == "back":
                marks += version_mark(piece, text)
        out.append(replace(page, items=page.items + tuple(marks)) if marks else page)
    return out


def version_mark(piece: Piece, text: str) -> list[Item]:
    """The label centred on the piece's bottom edge, SAFE_ZONE inside its cut line."""
    width = fonts.text_width(text, VERSION_PT)
    ascent, descent = fonts.vertical_extent(VERSION_PT)
    if piece.width < max(MIN_WIDTH, width + 2 * (PAD + SAFE_ZONE)) or piece.height < MIN_HEIGHT:
        return []
    w, h = width + 2 * PAD, ascent + descent + 2 * PAD
    backing = Rect(0.0, 0.0, w, h, stroke=None, fill="#ffffff", radius=PAD)
    words = Text(w / 2, PAD + ascent, text, VERSION_PT, align="center", color=INK, max_w=width)
    x, y = piece.x + (piece.width - w) / 2, piece.y + piece.height - SAFE_ZONE - h
    return [Group((MARK, text), x, y, w, h, (backing, words))]


def is_version_mark(item: Item) -> bool:
    """The version's label: not part of a piece's drawing (a reprint's pieces carry the new version)."""
    return isinstance(item, Group) and item.key[:1] == (MARK,)
