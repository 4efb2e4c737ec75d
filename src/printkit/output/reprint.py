"""Reprint only what changed: every cut piece side's drawing as a hash, and the pieces whose drawing
differs from an earlier build's manifest, packed onto as few sheets as the imposition allows.

A piece's drawing is what the page draws inside its box (its design, its index, its picture's
bytes), measured from its box's top-left corner, so the same card drawn elsewhere on another page
has the same hash; the cut lines and the backs' registration outlines are the sheet's, not the
piece's. The manifest (``--manifest``) writes the hash of each cut piece's side as ``hash``.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from msgspec import Struct

from printkit.base.errors import PrintkitError
from printkit.base.records import fields, replace
from printkit.layout.bounds import ink_rect
from printkit.layout.context import Context
from printkit.layout.pieces import BACK_OUTLINE, PieceArt, PieceRun, piece_pages
from printkit.layout.primitives import CUT, Group, Image, Item, Line, Page, Piece, Rect
from printkit.layout.primitives import Path as PathItem
from printkit.layout.version import is_version_mark
from printkit.pictures.prepared import Pictures

if TYPE_CHECKING:
    from printkit.kit.kinds import Registry

HASH_HEX = 16  # hex digits of a drawing's hash: 64 bits, no two of a kit's drawings alike by chance
BLEED_ROOM = 3.5  # mm: a piece's drawing may reach this far past its box (a bleed is at most 3 mm)
MAX_MANIFEST_BYTES = 16 * 1024 * 1024  # the largest deck's manifest (10,000 cards, faces and backs) is ~6 MB
PieceKey = tuple[str, str, str, int]  # kind, deck (or ""), component, copy
_X, _Y = frozenset({"x", "cx", "x1", "x2"}), frozenset({"y", "cy", "y1", "y2"})


# --- what a piece side draws, and its hash --------------------------------------------------------


def is_cut_mark(item: Item) -> bool:  # the version's label is left out too: is_version_mark
    """A cut line, crop mark or a back's registration outline: the sheet's, not a piece's drawing."""
    return isinstance(item, (Line, Rect, PathItem)) and item.stroke in (CUT, BACK_OUTLINE) and not _filled(item)


def _filled(item: Item) -> bool:
    return getattr(item, "fill", None) is not None


def extent(item: Item) -> tuple[float, float, float, float] | None:
    if isinstance(item, Group):
        return item.x, item.y, item.x + item.w, item.y + item.h
    return ink_rect(item)


def piece_items(page: Page, kinds: Registry, with_version: bool = False) -> list[list[Item]]:
    """For each piece of ``page``, the page's items that draw it (none for a piece ``kinds`` does not cut):
    an item belongs to the first cut piece whose box holds its centre and, grown by the bleed, all of it.
    The version's label is left out (a reprint carries the new one) unless ``with_version``."""
    owned: list[list[Item]] = [[] for _ in page.pieces]
    boxes = [(n, p) for n, p in enumerate(page.pieces) if kinds.cut(p.kind)]
    if not boxes:
        return owned
    for item in page.items:
        if is_cut_mark(item) or (is_version_mark(item) and not with_version):
            continue
        ext = extent(item)
        if ext is None:
            continue
        cx, cy = (ext[0] + ext[2]) / 2, (ext[1] + ext[3]) / 2
        for number, piece in boxes:
            if _holds(piece, cx, cy, ext):
                owned[number].append(item)
                break
    return owned


def _holds(piece: Piece, cx: float, cy: float, ext: tuple[float, float, float, float]) -> bool:
    right, bottom = piece.x + piece.width, piece.y + piece.height
    return (
        piece.x <= cx <= right
        and piece.y <= cy <= bottom
        and ext[0] >= piece.x - BLEED_ROOM
        and ext[1] >= piece.y - BLEED_ROOM
        and ext[2] <= right + BLEED_ROOM
        and ext[3] <= bottom + BLEED_ROOM
    )


class Hasher:
    """Drawings' hashes for one document; a drawing shared by many pieces (a PDF form) is read
    once, a picture by the digest of its file as the pipeline read it (``pictures``)."""

    def __init__(self, pictures: Pictures | None = None) -> None:
        self._inner: dict[int, tuple] = {}
        self._images: dict[str, str] = {}
        self._pictures = pictures or Pictures()

    def digest(self, items: list[Item], x: float, y: float) -> str:
        text = repr(tuple(self.canonical(item, x, y) for item in items))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:HASH_HEX]

    def canonical(self, item: Item, dx: float, dy: float) -> tuple:
        """The item as plain values, its position measured from (dx, dy), lengths to 0.001 mm (a
        position's last bits differ with where a piece lands), a picture as its bytes' hash."""
        if isinstance(item, Group):
            inner = self._inner.get(id(item.items))
            if inner is None:
                inner = self._inner[id(item.items)] = tuple(self.canonical(i, 0.0, 0.0) for i in item.items)
            return ("Group", _mm(item.x - dx), _mm(item.y - dy), _mm(item.w), _mm(item.h), item.rotate, inner)
        values: list[object] = [type(item).__name__]
        for field in fields(item):
            value = getattr(item, field.name)
            if field.name in _X:
                value = _mm(value - dx)
            elif field.name in _Y:
                value = _mm(value - dy)
            elif field.name == "points":
                value = tuple((_mm(px - dx), _mm(py - dy)) for px, py in value)
            elif isinstance(item, Image) and field.name == "path":
                value = self.image(value)
            elif isinstance(item, Image) and field.name == "clip" and value is not None:
                value = (_mm(value[0] - dx), _mm(value[1] - dy), _mm(value[2]), _mm(value[3]))
            elif isinstance(value, float):
                value = _mm(value)
            values.append(value)
        return tuple(values)

    def image(self, path: str) -> str:
        if path not in self._images:
            self._images[path] = self._pictures.digest(path)
        return self._images[path]


def _mm(value: float) -> float:
    return round(value, 3) + 0.0


def page_hashes(page: Page, hasher: Hasher, kinds: Registry) -> list[str | None]:
    """Each piece's drawing hash on ``page`` (None for a piece that is not cut)."""
    return [
        hasher.digest(items, piece.x, piece.y) if kinds.cut(piece.kind) else None
        for piece, items in zip(page.pieces, piece_items(page, kinds), strict=True)
    ]


# --- the earlier build's manifest --------------------------------------------------------------------

HASH = re.compile(rf"^[0-9a-f]{{{HASH_HEX}}}$")


class ManifestError(PrintkitError):
    pass


def read_manifest(path: Path) -> dict[tuple[PieceKey, str], str]:
    """The drawing hashes an earlier build's manifest holds, by (piece, side); any fault in the
    file is a one-line error naming it. Its kit's name is not compared: a designer may keep each
    version in a file of its own (game-v1.yaml, game-v2.yaml). The file is hostile: its size is capped, duplicate keys,
    NaN and deep nesting are refused, and every field read is checked."""
    shown = str(path)
    data = _parsed(path, shown)
    if not isinstance(data, dict) or not isinstance(data.get("pieces"), list):
        raise ManifestError(f"{shown}: not a printkit manifest (a JSON object with a 'pieces' list)")
    hashes: dict[tuple[PieceKey, str], str] = {}
    for number, row in enumerate(data["pieces"]):
        key, side, digest = _row(row, f"{shown}: pieces[{number}]")
        if digest is not None:
            hashes[key, side] = digest
    if data["pieces"] and not hashes:
        raise ManifestError(
            f"{shown}: its pieces carry no drawing hash (a manifest from an older printkit); build the old kit "
            "again with --manifest, or print the whole kit"
        )
    return hashes


def _parsed(path: Path, shown: str) -> Any:
    try:
        if not path.is_file():
            raise ManifestError(f"{shown}: no such file; --changed-since needs the manifest an earlier build wrote")
        size = path.stat().st_size
        if size > MAX_MANIFEST_BYTES:
            raise ManifestError(f"{shown}: the manifest is {size:,} bytes; the limit is {MAX_MANIFEST_BYTES:,} bytes")
        raw = path.read_bytes()
    except OSError as exc:
        raise ManifestError(f"{shown}: cannot read the manifest ({exc.strerror})") from None
    try:
        return json.loads(raw.decode("utf-8"), object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except UnicodeDecodeError:
        raise ManifestError(f"{shown}: the manifest is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise ManifestError(f"{shown}:{exc.lineno}: not valid JSON ({exc.msg}, column {exc.colno})") from None
    except RecursionError:
        raise ManifestError(f"{shown}: the JSON nests too deep for a manifest") from None
    except ValueError as exc:
        raise ManifestError(f"{shown}: {exc}") from None


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f"the key '{key}' appears twice in one object")
        seen[key] = value
    return seen


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number a manifest holds")


def _row(row: object, where: str) -> tuple[PieceKey, str, str | None]:
    if not isinstance(row, dict):
        raise ManifestError(f"{where}: expected an object")
    texts = {}
    for name in ("kind", "component", "side"):
        value = row.get(name)
        if not isinstance(value, str) or not value or len(value) > 100:
            raise ManifestError(f"{where}.{name}: expected a name, got {_short(value)}")
        texts[name] = value
    if texts["side"] not in ("face", "back"):
        raise ManifestError(f"{where}.side: expected 'face' or 'back', got {_short(texts['side'])}")
    copy = row.get("copy")
    if not isinstance(copy, int) or isinstance(copy, bool) or not 1 <= copy <= 10_000_000:
        raise ManifestError(f"{where}.copy: expected a whole number from 1, got {_short(copy)}")
    deck = row.get("deck", "")
    if not isinstance(deck, str) or len(deck) > 100:
        raise ManifestError(f"{where}.deck: expected a name, got {_short(deck)}")
    digest = row.get("hash")
    if digest is not None and (not isinstance(digest, str) or not HASH.match(digest)):
        raise ManifestError(f"{where}.hash: expected {HASH_HEX} hex digits, got {_short(digest)}")
    return (texts["kind"], deck, texts["component"], copy), texts["side"], digest


def _short(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


# --- the pieces that changed, on pages of their own ---------------------------------------------------


class Drawn(Struct, frozen=True):
    """One cut piece of the new build: who it is, its size, and each side's drawing and hash."""

    key: PieceKey
    width: float
    height: float
    extra: tuple[tuple[str, object], ...]
    sides: dict[str, tuple[Group, str]]

    @property
    def name(self) -> str:
        kind, _, component, copy = self.key
        return f"{kind} {component} #{copy}"


def piece_key(piece: Piece) -> PieceKey:
    deck = dict(piece.extra).get("deck", "")
    return piece.kind, str(deck), piece.component, piece.copy


def drawn_pieces(pages: tuple[Page, ...], kinds: Registry, pictures: Pictures | None = None) -> list[Drawn]:
    """Every piece ``kinds`` cut out of the document with its sides' drawings (moved to the
    piece's own corner); its ``pictures`` name the pictures the pieces show."""
    hasher = Hasher(pictures)
    found: dict[PieceKey, Drawn] = {}
    for page in pages:
        for piece, items in zip(page.pieces, piece_items(page, kinds), strict=True):
            if not kinds.cut(piece.kind):
                continue
            key = piece_key(piece)
            digest = hasher.digest(items, piece.x, piece.y)
            moved = tuple(shifted(item, -piece.x, -piece.y) for item in items)
            drawing = Group(("reprint", *key, piece.side, digest), 0.0, 0.0, piece.width, piece.height, moved)
            entry = found.setdefault(key, Drawn(key, piece.width, piece.height, piece.extra, {}))
            entry.sides[piece.side] = (drawing, digest)
    return list(found.values())


def shifted(item: Item, dx: float, dy: float) -> Item:
    """``item`` moved by (dx, dy)."""
    if isinstance(item, PathItem):
        return replace(item, points=tuple((x + dx, y + dy) for x, y in item.points))
    changes = {f.name: getattr(item, f.name) + (dx if f.name in _X else dy) for f in fields(item) if f.name in _X | _Y}
    return replace(item, **changes)


def changed(pieces: list[Drawn], old: dict[tuple[PieceKey, str], str]) -> list[Drawn]:
    """The pieces a side of which is drawn differently than in the old manifest, or is new."""
    return [piece for piece in pieces if any(old.get((piece.key, side)) != d for side, (_, d) in piece.sides.items())]


def by_size(pieces: list[Drawn]) -> Iterator[list[Drawn]]:
    """The pieces in runs of one size each (the imposition packs pieces of one size), in order."""
    sizes: dict[tuple[float, float], list[Drawn]] = {}
    for piece in pieces:
        sizes.setdefault((round(piece.width, 3), round(piece.height, 3)), []).append(piece)
    yield from sizes.values()


def reprint_pages(pieces: list[Drawn], ctx: Context) -> list[Page]:
    """The changed pieces as touching pieces under a heading, one run for each size, their backs
    registered behind them (duplex) or beside them (fold) as the build asks."""
    title = ctx.tr.msg("reprint_title", count=len(pieces))
    pages: list[Page] = []
    for run in by_size(pieces):
        arts = tuple(
            PieceArt(
                piece.key[0],
                piece.key[2],
                piece.key[3],
                piece.sides["face"][0],
                piece.sides["back"][0] if "back" in piece.sides else None,
                piece.extra,
            )
            for piece in run
        )
        pieces_run = PieceRun("reprint", "reprint", title, run[0].width, run[0].height, arts, (len(arts),))
        pages += piece_pages(pieces_run, ctx)
    return pages
