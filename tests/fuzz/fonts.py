"""Mutations of a kit's own font for fuzzing: the fields reportlab trusts (the table directory,
maxp's and hhea's counts, loca's offsets, cmap's subtables and their spans, composite glyphs'
components), random bytes in a table, truncation. The kit text stays valid; its font is what
changes, and whatever it is, the pipeline gives a PDF or a one-line error, never a traceback.

For the bounded test (tests/test_kit_fonts.py) and a long run (``exercise(FONT_KIT, art=...)``).
"""

from __future__ import annotations

import random
import struct
from collections.abc import Callable

from printkit import fonts

FONT_KIT = """kit:
  title: {en: "Fuzzed font", pl: "Zażółć gęślą jaźń"}
  players: {min: 1, max: 2}
  languages: [en, pl]
  default_lang: en
  author: "printkit fuzzer"
fonts:
  pieces: {regular: "f.ttf"}
  body: {regular: "f.ttf"}
components:
  - id: sheet
    kind: sheet
    title: {en: "Sheet Ä", pl: "Karta Ą"}
    rows:
      - - {type: track, id: rounds, end: 5}
invariants:
  - {id: rounds, check: "rounds.count == 5", rule: {en: "5 rounds", pl: "5 rund"}}
rules:
  - heading: {en: "Rules", pl: "Zasady"}
    body: {en: "Play {rounds.count} rounds.", pl: "Graj {rounds.count} rund, źdźbło."}
"""

BASE = fonts.fonts_dir() / "AtkinsonHyperlegible-Regular.ttf"


def directory(font: bytes | bytearray) -> dict[bytes, tuple[int, int, int]]:
    """tag -> (offset, length, the directory entry's own offset)."""
    count = struct.unpack_from(">H", font, 4)[0]
    found = {}
    for number in range(count):
        entry = 12 + 16 * number
        tag, _, offset, length = struct.unpack_from(">4sIII", font, entry)
        found[tag] = (offset, length, entry)
    return found


def _entry(font: bytearray, rng: random.Random) -> None:
    """A table's offset or length set to anything."""
    _, _, entry = rng.choice(list(directory(font).values()))
    struct.pack_into(
        ">I", font, entry + rng.choice((8, 12)), rng.choice((0, 1, 0xFFFF, 0x7FFFFFFF, rng.getrandbits(32)))
    )


def _count(font: bytearray, rng: random.Random) -> None:
    """maxp's glyph count, hhea's metrics count or head's loca format set to anything."""
    tag, at = rng.choice(((b"maxp", 4), (b"hhea", 34), (b"head", 50)))
    offset = directory(font)[tag][0]
    struct.pack_into(">H", font, offset + at, rng.choice((0, 1, 2, 0xFFFF, rng.getrandbits(16))))


def _loca(font: bytearray, rng: random.Random) -> None:
    offset, length, _ = directory(font)[b"loca"]
    at = offset + 2 * rng.randrange(length // 2)
    struct.pack_into(">H", font, at, rng.getrandbits(16))


def _cmap(font: bytearray, rng: random.Random) -> None:
    """Every encoding points at one subtable, rewritten as format 4 or 12 with any counts and spans."""
    start, length, _ = directory(font)[b"cmap"]
    records = struct.unpack_from(">H", font, start + 2)[0]
    first = struct.unpack_from(">I", font, start + 8)[0]
    for number in range(records):
        struct.pack_into(">I", font, start + 4 + 8 * number + 4, first)
    at = start + first
    if rng.random() < 0.5:
        groups = rng.choice((1, 2, 1000, 0xFFFFFFFF))
        struct.pack_into(">HHIII", font, at, 12, 0, 0xFFFF, 0, groups)
        for group in range(min(groups, 2)):
            low = rng.getrandbits(rng.choice((8, 16, 21)))
            struct.pack_into(">III", font, at + 16 + 12 * group, low, low + rng.getrandbits(rng.choice((4, 16, 22))), 1)
    else:
        struct.pack_into(">H", font, at + 6, rng.getrandbits(16))


def _composite(font: bytearray, rng: random.Random) -> None:
    """Any byte of a glyph's outline (composites' component indexes among them) set to anything."""
    offset, length, _ = directory(font)[b"glyf"]
    at = offset + rng.randrange(min(length, 4096))
    font[at] = rng.getrandbits(8)


def _bytes(font: bytearray, rng: random.Random) -> None:
    for _ in range(rng.randint(1, 16)):
        at = rng.randrange(len(font))
        font[at] = rng.getrandbits(8)


MUTATIONS: tuple[Callable[[bytearray, random.Random], None], ...] = (_entry, _count, _loca, _cmap, _composite, _bytes)


def mutate_font(rng: random.Random, rounds: int = 1) -> dict[str, bytes]:
    """The kit's font folder: f.ttf, Atkinson mutated ``rounds`` times (or cut short)."""
    font = bytearray(BASE.read_bytes())
    for _ in range(rounds):
        try:
            rng.choice(MUTATIONS)(font, rng)
        except (struct.error, KeyError, ValueError, IndexError):  # an earlier round broke the directory
            continue
    if rng.random() < 0.1:
        font = font[: rng.randrange(len(font))]
    return {"f.ttf": bytes(font)}
