"""The kit's version on every cut piece, so that pieces of two printed generations do not mix.

It goes on the piece's back when the piece has one (the back is the same for a whole deck, so the
mark costs no design room on the face), else on its face; centred on the bottom edge (a token's in
the top-right corner of its frame, clear of its shape), in 7 pt type
(the smallest printkit prints but for the ruler's digits) on a small white label, so that it reads
on any colour. A piece too small for the label (under 12 mm across or 8 mm down) goes without.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from printkit import fonts
from printkit.layout.primitives import Group, Item, Page, Piece, Rect, Text

if TYPE_CHECKING:
    from printkit.kit.kinds import Registry

VERSION_PT = 7.0
EDGE = 1.2  # mm between the label and the cut line: a cutting error of a millimetre keeps it whole
CORNER_EDGE = 2.1  # mm from a token's cut lines to its mark's type: the safe zone's 2 mm and a little
PAD = 0.5  # mm of white around the type
INK = "#444444"
MIN_WIDTH, MIN_HEIGHT = 12.0, 8.0
MARK = "version"  # the label's Group key: one PDF form for every piece


def label(version: str) -> str:
    """'v1.0' for version 1.0; a version that starts with a letter stays as it is."""
    return version if version[:1].isalpha() else f"v{version}"


def with_versions(pages: list[Page], version: str, kinds: Registry) -> list[Page]:
    """``pages`` with the version mark on each piece ``kinds`` cut out, on its back, or on its face if it has none."""
    text = label(version)
    backed = {_key(piece) for page in pages for piece in page.pieces if piece.side == "back"}
    out = []
    for page in pages:
        marks: list[Item] = []
        for piece in page.pieces:
            wanted = "back" if _key(piece) in backed else "face"
            if kinds.cut(piece.kind) and piece.side == wanted:
                marks += version_mark(piece, text)
        out.append(replace(page, items=page.items + tuple(marks)) if marks else page)
    return out


def _key(piece: Piece) -> tuple[str, object, str, int]:
    return piece.kind, dict(piece.extra).get("deck"), piece.component, piece.copy


def version_mark(piece: Piece, text: str) -> list[Item]:
    """The label centred on the piece's bottom edge, EDGE inside its cut line."""
    width = fonts.text_width(text, VERSION_PT)
    ascent, descent = fonts.vertical_extent(VERSION_PT)
    if piece.width < max(MIN_WIDTH, width + 2 * (PAD + EDGE)) or piece.height < MIN_HEIGHT:
        return []
    w, h = width + 2 * PAD, ascent + descent + 2 * PAD
    backing = Rect(0.0, 0.0, w, h, stroke=None, fill="#ffffff", radius=PAD)
    words = Text(w / 2, PAD + ascent, text, VERSION_PT, align="center", color=INK, max_w=width)
    if piece.kind == "token":
        # A shape inside a square frame on white paper: the type alone, in the frame's top-right
        # corner, which a circle, a triangle's sloping side, a diamond or a star leave free, and
        # outside the 2 mm a cut may miss by.
        x = piece.x + piece.width - CORNER_EDGE - (w - PAD)
        y = piece.y + CORNER_EDGE - PAD
        return [Group((MARK, text, "corner"), x, y, w, h, (words,))]
    x, y = piece.x + (piece.width - w) / 2, piece.y + piece.height - EDGE - h
    return [Group((MARK, text), x, y, w, h, (backing, words))]


def is_version_mark(item: Item) -> bool:
    """The version's label: not part of a piece's drawing (a reprint's pieces carry the new version)."""
    return isinstance(item, Group) and item.key[:1] == (MARK,)
