"""The placement manifest: where every piece landed, as JSON, for tests, cutting machines and exports.

x and y are the top-left corner of a piece's box measured from its page's top-left corner, width
and height its size, all in millimetres. A piece cut along its box has no ``cut``; any other has
``cut`` (circle: the ellipse inscribed in the box; hexagon, polygon) and, but for a circle, its
``outline``: the corners in page mm. A back has side "back" and the same component and
copy as its face. A piece that is cut out has ``hash``: its side's drawing (``printkit.output.reprint``),
which ``build --changed-since`` compares. Every value comes from the laid-out document, so the
manifest and the PDF agree.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.layout.context import Paper
from printkit.layout.primitives import Document, Piece
from printkit.output.files import write_atomic

if TYPE_CHECKING:
    from printkit.kit.kinds import Registry

DECIMALS = 3


def manifest(document: Document, kit: str, paper: Paper, kinds: Registry) -> dict:
    """The placement manifest of ``document``: its pages and every piece, with a drawing hash for
    each piece ``kinds`` says is cut out."""
    from printkit.output.reprint import Hasher, page_hashes

    pages: list[dict[str, Any]] = []
    pieces: list[dict[str, Any]] = []
    hasher = Hasher(document.pictures)
    for number, page in enumerate(document.pages, start=1):
        entry: dict[str, Any] = {"number": number, "role": page.role}
        if page.component:
            entry["component"] = page.component
        if page.side:
            entry["side"] = page.side
        if page.optional:  # a deck's backs after its faces: offered apart by the print recipe
            entry["optional"] = True
        entry.update({"width": _mm(page.width), "height": _mm(page.height)})
        pages.append(entry)
        hashes = page_hashes(page, hasher, kinds)
        pieces.extend(piece_row(number, piece, digest) for piece, digest in zip(page.pieces, hashes, strict=True))
    return {
        "kit": kit,
        "lang": document.lang,
        "paper": {"name": paper.name, "width": _mm(paper.width), "height": _mm(paper.height)},
        "duplex": document.duplex,
        "pages": pages,
        "pieces": pieces,
    }


def piece_row(page: int, piece: Piece, digest: str | None = None) -> dict[str, Any]:
    row: dict[str, Any] = {
        "page": page,
        "kind": piece.kind,
        "component": piece.component,
        "copy": piece.copy,
        "side": piece.side,
        "x": _mm(piece.x),
        "y": _mm(piece.y),
        "width": _mm(piece.width),
        "height": _mm(piece.height),
    }
    row.update(cut_outline(piece))
    row.update(dict(piece.extra))
    if digest is not None:
        row["hash"] = digest  # what the side draws (printkit.output.reprint), for build --changed-since
    return row


def cut_outline(piece: Piece) -> dict[str, Any]:
    """Nothing for a piece cut along its box; else its shape (``cut``) and, but for a circle (the
    ellipse inscribed in the box), the outline's corners in page mm (``outline``)."""
    if piece.cut.shape == "rectangle":
        return {}
    if piece.cut.shape == "circle":
        return {"cut": "circle"}
    corners = piece.cut.outline(piece.x, piece.y, piece.width, piece.height)
    return {"cut": piece.cut.shape, "outline": [[_mm(x), _mm(y)] for x, y in corners]}


def _mm(value: float) -> float:
    return round(float(value), DECIMALS) + 0.0  # + 0.0 turns -0.0 into 0.0


def text(data: dict) -> str:
    """The manifest as its file holds it."""
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def write(path: Path, data: dict) -> None:
    write_atomic(path, text(data).encode("utf-8"))
