"""A TrueType file's structure, read with struct before reportlab parses it, against a budget.

reportlab builds a Python dict entry for every code point a cmap subtable claims and a list entry
for every glyph, trusting the counts the file states: 54 KB of format-12 groups claiming 3 million
code points cost 900 MB, a table whose offset lies past the end fails deep in its parser. So the
table directory (each table inside the file), maxp's glyph count, hmtx and loca against it, every
loca offset inside glyf, and every cmap subtable's segments and the code points they span are
checked here first; ``problem`` says what is wrong, in one clause, or None.
"""

from __future__ import annotations

import itertools
import struct
from collections.abc import Iterator
from typing import Any

MAX_TABLES = 64  # a TrueType font has 10 to 30
MAX_CMAP_SUBTABLES = 32
MAX_CMAP_SEGMENTS = 50_000  # format 4 segments or format 12/13 groups in one subtable
MAX_CODE_POINTS = 100_000  # all of them mapped together (Unicode's BMP is 65,536; a pan-Unicode font maps 60,000)
REQUIRED = (b"head", b"hhea", b"maxp", b"hmtx", b"cmap", b"loca", b"glyf", b"post", b"name")
TRUETYPE = (0x00010000, 0x74727565)  # 1.0 and 'true'; reportlab refuses 'OTTO' (CFF) itself
COLLECTION = 0x74746366  # 'ttcf': reportlab would read its first font, unchecked here


class Malformed(ValueError):
    """What in the file breaks the budget or its own structure."""


def problem(data: bytes) -> str | None:
    """Why ``data`` is not a TrueType font within the budget, or None when reportlab may parse it."""
    try:
        check(data)
    except Malformed as reason:
        return str(reason)
    except struct.error:  # a count that reads past the data
        return "its tables are cut short"
    return None


def check(data: bytes) -> None:
    version, count = _unpack(">IH", data, 0)
    if version == COLLECTION:
        raise Malformed("it is a font collection (.ttc); use one of its fonts as a .ttf file")
    if version not in TRUETYPE:
        return  # reportlab's own message says what it is (PostScript outlines, not a font)
    tables = _tables(data, count)
    missing = [tag.decode() for tag in REQUIRED if tag not in tables]
    if missing:
        raise Malformed(f"it has no '{missing[0]}' table")
    glyphs = _unpack(">H", data, tables[b"maxp"][0] + 4)[0]
    _check_metrics(data, tables, glyphs)
    _check_locations(data, tables, glyphs)
    _check_cmap(data, tables[b"cmap"])


def _unpack(layout: str, data: bytes, offset: int) -> tuple[Any, ...]:
    return struct.unpack_from(layout, data, offset)


def _tables(data: bytes, count: int) -> dict[bytes, tuple[int, int]]:
    """Each table's (offset, length), every one inside the file."""
    if count > MAX_TABLES:
        raise Malformed(f"its directory lists {count:,} tables; a font has at most {MAX_TABLES}")
    tables: dict[bytes, tuple[int, int]] = {}
    for number in range(count):
        tag, _, offset, length = _unpack(">4sIII", data, 12 + 16 * number)
        if offset + length > len(data):
            raise Malformed(f"its '{tag.decode('latin-1')}' table reaches past the end of the file")
        tables[tag] = (offset, length)
    return tables


def _check_metrics(data: bytes, tables: dict[bytes, tuple[int, int]], glyphs: int) -> None:
    metrics = _unpack(">H", data, tables[b"hhea"][0] + 34)[0]
    if metrics > glyphs or 4 * metrics + 2 * (glyphs - metrics) > tables[b"hmtx"][1]:
        raise Malformed(f"its 'hmtx' table is shorter than its {glyphs:,} glyphs need")


def _check_locations(data: bytes, tables: dict[bytes, tuple[int, int]], glyphs: int) -> None:
    """loca holds glyphs + 1 offsets, rising, each inside glyf."""
    long_offsets = _unpack(">H", data, tables[b"head"][0] + 50)[0]
    layout, factor = (">{}I", 1) if long_offsets else (">{}H", 2)
    start, length = tables[b"loca"]
    if length < (glyphs + 1) * (4 if long_offsets else 2):
        raise Malformed(f"its 'loca' table is shorter than its {glyphs:,} glyphs need")
    offsets = _unpack(layout.format(glyphs + 1), data, start)
    glyf = tables[b"glyf"][1]
    if any(later < earlier for earlier, later in itertools.pairwise(offsets)) or offsets[-1] * factor > glyf:
        raise Malformed("its 'loca' table points outside its 'glyf' table")


def _check_cmap(data: bytes, cmap: tuple[int, int]) -> None:
    """Every subtable reportlab might pick lies inside cmap and claims at most MAX_CODE_POINTS."""
    start, length = cmap
    count = max(_unpack(">HH", data, start))  # reportlab takes the version for the count when that is 0
    if count > MAX_CMAP_SUBTABLES:
        raise Malformed(f"its 'cmap' table has {count:,} subtables; at most {MAX_CMAP_SUBTABLES}")
    for number in range(count):
        offset = _unpack(">I", data, start + 4 + 8 * number + 4)[0]
        if offset >= length:
            raise Malformed("a 'cmap' subtable lies outside the 'cmap' table")
        claimed = sum(_spans(data, start + offset, start + length))
        if claimed > MAX_CODE_POINTS:
            raise Malformed(
                f"its 'cmap' table maps {claimed:,} code points; a font may map at most {MAX_CODE_POINTS:,}"
            )


def _spans(data: bytes, at: int, end: int) -> Iterator[int]:
    """How many code points each segment (or group, or subheader) of the subtable at ``at`` maps,
    as reportlab walks them; its counts are checked against the room they take first."""
    fmt = _unpack(">H", data, at)[0]
    if fmt == 4:
        segments = _unpack(">H", data, at + 6)[0] // 2
        _fits(segments, at + 14 + 8 * segments + 2, end)
        ends = _unpack(f">{segments}H", data, at + 14)
        starts = _unpack(f">{segments}H", data, at + 16 + 2 * segments)
        yield from (max(0, last - first + 1) for first, last in zip(starts, ends, strict=True))
    elif fmt in (12, 13):
        groups = _unpack(">I", data, at + 12)[0]
        _fits(groups, at + 16 + 12 * groups, end)
        for number in range(groups):
            first, last = _unpack(">II", data, at + 16 + 12 * number)
            yield max(0, last - first + 1)
    elif fmt == 6:
        yield _unpack(">H", data, at + 8)[0]
    elif fmt == 10:
        yield _unpack(">I", data, at + 16)[0]
    elif fmt == 2:  # reportlab reads max(keys) + 1 subheaders and walks one per high byte
        keys = _unpack(">256H", data, at + 6)
        headers = max(keys) + 1
        _fits(headers, at + 518 + 8 * headers, end)
        entries = [_unpack(">H", data, at + 518 + 8 * n + 2)[0] for n in range(headers)]
        yield from (entries[key] if key else 1 for key in keys)


def _fits(segments: int, needs: int, end: int) -> None:
    if segments > MAX_CMAP_SEGMENTS:
        raise Malformed(f"a 'cmap' subtable has {segments:,} segments; at most {MAX_CMAP_SEGMENTS:,}")
    if needs > end:
        raise Malformed("a 'cmap' subtable reaches past the 'cmap' table")
