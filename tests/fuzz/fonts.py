"""Mutations of a kit's own TrueType font for fuzzing. The kit text stays valid and names the font
for its body and its pieces; the font file is what changes: its tables (a cmap spanning millions
of code points, a composite glyph naming a glyph that is not there or itself, a zero units-per-em,
counts that lie, a table missing or twice), its table directory (offsets and lengths past the
end, a huge table count), its bytes (truncated, flipped, PostScript outlines) and the file itself
(a FIFO, a link to /dev/zero or out of the kit's folder).

The font is rebuilt from its tables with offsets, padding and checksums made right, so a mutation
reaches the parser's logic instead of stopping at its first sanity check.
"""

from __future__ import annotations

import random
import struct
from collections.abc import Callable

from fuzz.hostile import Content, flipped, folder_link, special, truncated
from printkit import fonts

FONT_KIT = """kit:
  title: {pl: "Czcionki", en: "Fonts"}
  players: {min: 1, max: 2}
  languages: [pl, en]
  default_lang: pl
  author: "printkit fuzzer"
fonts:
  body: {regular: type/Kit.ttf}
  pieces: {regular: type/Kit.ttf}
components:
  - id: deck
    kind: cards
    title: {pl: "Karty", en: "Cards"}
    width: 63mm
    height: 88mm
    types:
      - {id: a, count: 2, name: {pl: "Żółw", en: "Turtle"}}
      - {id: b, count: 1, name: {pl: "Jeż ąęść", en: "Hedgehog"}}
    face:
      - {type: name, box: [5, 5, 53, 10]}
rules:
  - heading: {pl: "Zasady", en: "Rules"}
    body: {pl: "Zażółć gęślą jaźń, {deck.total} kart.", en: "Play {deck.total} cards."}
invariants:
  - {id: cards, check: "deck.total == 3", rule: {pl: "3 karty", en: "3 cards"}}
"""
FONT_FILE = "type/Kit.ttf"


def base_font() -> bytes:
    return (fonts.fonts_dir() / "AtkinsonHyperlegible-Regular.ttf").read_bytes()


def tables_of(data: bytes) -> dict[bytes, bytes]:
    """The font's tables by tag, in directory order."""
    count = struct.unpack(">H", data[4:6])[0]
    found = {}
    for index in range(count):
        tag, _checksum, offset, length = struct.unpack(">4sIII", data[12 + 16 * index : 28 + 16 * index])
        found[tag] = data[offset : offset + length]
    return found


def _checksum(data: bytes) -> int:
    padded = data + b"\0" * (-len(data) % 4)
    return sum(struct.unpack(f">{len(padded) // 4}I", padded)) & 0xFFFFFFFF


def built(tables: dict[bytes, bytes], version: bytes = b"\x00\x01\x00\x00") -> bytes:
    """A font file of ``tables``: directory, 4-byte padding, checksums (head's adjustment is left)."""
    count = len(tables)
    power = 1 << (max(count, 1).bit_length() - 1)
    header = version + struct.pack(">HHHH", count, power * 16, power.bit_length() - 1, count * 16 - power * 16)
    offset = 12 + 16 * count
    directory, body = b"", b""
    for tag in sorted(tables):
        data = tables[tag]
        directory += struct.pack(">4sIII", tag, _checksum(data), offset + len(body), len(data))
        body += data + b"\0" * (-len(data) % 4)
    return header + directory + body


def _u16(data: bytes, at: int, value: int) -> bytes:
    return data[:at] + struct.pack(">H", value & 0xFFFF) + data[at + 2 :]


class Draft:
    """The font being mutated: its tables, then (after ``seal``) its bytes."""

    def __init__(self, data: bytes) -> None:
        self.tables = tables_of(data)
        self.data: Content | None = None

    def seal(self) -> Content:
        if self.data is None:
            self.data = built(self.tables)
        return self.data


# --- tables ---------------------------------------------------------------------------------------


def cmap_bomb(draft: Draft, rng: random.Random) -> None:
    """A format 12 cmap whose groups span millions of code points (54 KB that a reader expands)."""
    span = rng.choice([3_000_000, 0x10FFFF, 0xFFFFFFFF, 70_000])
    groups = rng.choice([1, 2, 500])
    body = b"".join(struct.pack(">III", n * 16, min(n * 16 + span, 0xFFFFFFFF), 1) for n in range(groups))
    subtable = struct.pack(">HHIII", 12, 0, 16 + len(body), 0, groups) + body
    draft.tables[b"cmap"] = struct.pack(">HHHHI", 0, 1, 3, 10, 12) + subtable


def cmap_lies(draft: Draft, rng: random.Random) -> None:
    """A cmap whose subtable offset, length or segment count points past its end."""
    cmap = draft.tables.get(b"cmap", b"")
    if len(cmap) < 16:
        return
    at = rng.choice([2, 8, 10, 12 + 2, 12 + 6])  # numTables, first offset, later fields of the subtable
    draft.tables[b"cmap"] = _u16(cmap, at, rng.choice([0, 0xFFFF, 0x7FFF, 1]))


def broken_composite(draft: Draft, rng: random.Random) -> None:
    """A composite glyph's component names a glyph past the last, or the glyph itself."""
    head, loca, glyf, maxp = (draft.tables.get(tag, b"") for tag in (b"head", b"loca", b"glyf", b"maxp"))
    if len(head) < 54 or len(maxp) < 6 or not loca or not glyf:
        return
    long_offsets = struct.unpack(">h", head[50:52])[0] == 1
    count = struct.unpack(">H", maxp[4:6])[0]
    width = 4 if long_offsets else 2
    offsets = [
        struct.unpack(">I" if long_offsets else ">H", loca[i * width : i * width + width])[0]
        * (1 if long_offsets else 2)
        for i in range(min(count + 1, len(loca) // width))
    ]
    composites = [
        (glyph, start)
        for glyph, (start, end) in enumerate(zip(offsets, offsets[1:], strict=False))
        if end - start >= 14 and end <= len(glyf) and struct.unpack(">h", glyf[start : start + 2])[0] < 0
    ]
    if not composites:
        return
    glyph, start = rng.choice(composites)
    target = rng.choice([count, 0xFFFF, glyph, count - 1 + 1000])
    draft.tables[b"glyf"] = _u16(glyf, start + 12, target)


def zero_units(draft: Draft, rng: random.Random) -> None:
    head = draft.tables.get(b"head", b"")
    if len(head) >= 54:
        field = rng.choice([(18, [0, 1, 0xFFFF]), (50, [2, 0xFFFF, 1 - (struct.unpack(">h", head[50:52])[0] & 1)])])
        draft.tables[b"head"] = _u16(head, field[0], rng.choice(field[1]))


def lying_counts(draft: Draft, rng: random.Random) -> None:
    """maxp's glyph count, hhea's metrics count, name's record count: 0, one more, or 65535."""
    tag, at = rng.choice([(b"maxp", 4), (b"hhea", 34), (b"name", 2), (b"post", 32)])
    table = draft.tables.get(tag, b"")
    if len(table) >= at + 2:
        draft.tables[tag] = _u16(table, at, rng.choice([0, 1, 0xFFFF, struct.unpack(">H", table[at : at + 2])[0] + 1]))


def no_embedding(draft: Draft, rng: random.Random) -> None:
    """OS/2 fsType: restricted licence (2), or bitmap embedding only (0x200)."""
    table = draft.tables.get(b"OS/2", b"")
    if len(table) >= 10:
        draft.tables[b"OS/2"] = _u16(table, 8, rng.choice([2, 0x200, 0xFFFF]))


def table_missing(draft: Draft, rng: random.Random) -> None:
    tag = rng.choice([b"cmap", b"glyf", b"loca", b"head", b"hhea", b"hmtx", b"maxp", b"name", b"post", b"OS/2"])
    draft.tables.pop(tag, None)


def table_truncated(draft: Draft, rng: random.Random) -> None:
    tag = rng.choice(sorted(draft.tables))
    draft.tables[tag] = truncated(draft.tables[tag], rng)


def table_flipped(draft: Draft, rng: random.Random) -> None:
    tag = rng.choice(sorted(draft.tables))
    draft.tables[tag] = flipped(draft.tables[tag], rng)


def internal_name(draft: Draft, rng: random.Random) -> None:
    """The name table of printkit's own font (its PostScript name, 'NotoSerif-Regular'), or none."""
    own = tables_of((fonts.fonts_dir() / "NotoSerif-Regular.ttf").read_bytes())
    draft.tables[b"name"] = own.get(b"name", b"") if rng.random() < 0.7 else b""


TABLE_MUTATIONS = [
    cmap_bomb,
    cmap_lies,
    broken_composite,
    zero_units,
    lying_counts,
    no_embedding,
    table_missing,
    table_truncated,
    table_flipped,
    internal_name,
]


# --- bytes ----------------------------------------------------------------------------------------


def directory_lies(draft: Draft, rng: random.Random) -> None:
    """A table's offset or length past the file's end, or a table count far beyond the directory."""
    data = draft.seal()
    if not isinstance(data, bytes) or len(data) < 28:
        return
    count = struct.unpack(">H", data[4:6])[0]
    choice = rng.randrange(3) if count else 0  # a directory an earlier mutation emptied has no entry to lie in
    if choice == 0:
        data = _u16(data, 4, rng.choice([0, 0xFFFF, count + 1]))
    else:
        entry = 12 + 16 * rng.randrange(count) + (8 if choice == 1 else 12)
        data = data[:entry] + struct.pack(">I", rng.choice([len(data), 0x7FFFFFFF, 0xFFFFFFF0])) + data[entry + 4 :]
    draft.data = data


def postscript_outlines(draft: Draft, rng: random.Random) -> None:
    data = draft.seal()
    if isinstance(data, bytes):
        draft.data = rng.choice([b"OTTO", b"true", b"ttcf", b"wOFF", b"\0\0\0\0"]) + data[4:]


def truncate_font(draft: Draft, rng: random.Random) -> None:
    data = draft.seal()
    if isinstance(data, bytes):
        draft.data = truncated(data, rng)


def flip_font(draft: Draft, rng: random.Random) -> None:
    data = draft.seal()
    if isinstance(data, bytes):
        draft.data = flipped(data, rng)


def special_font(draft: Draft, rng: random.Random) -> None:
    data = draft.seal()
    draft.data = special(rng, data if isinstance(data, bytes) else b"")


def linked_folder(draft: Draft, rng: random.Random) -> None:
    """The kit's font folder is a link to a folder outside holding the font (issue 26 item 1)."""
    data = draft.seal()
    draft.data = folder_link(data if isinstance(data, bytes) else b"")


BYTE_MUTATIONS = [directory_lies, postscript_outlines, truncate_font, flip_font, special_font, linked_folder]
FONT_MUTATIONS: list[Callable[[Draft, random.Random], None]] = TABLE_MUTATIONS + BYTE_MUTATIONS


def mutate_font(rng: random.Random, rounds: int = 1) -> tuple[Content, list[str]]:
    """The kit's font mutated ``rounds`` times (table mutations first): its content and the mutators."""
    draft = Draft(base_font())
    chosen = sorted((rng.choice(FONT_MUTATIONS) for _ in range(rounds)), key=lambda m: m in BYTE_MUTATIONS)
    for mutation in chosen:
        mutation(draft, rng)
    return draft.seal(), [f"font.{mutation.__name__}" for mutation in chosen]
