"""A spreadsheet's zip read within limits, before anything else of it is (``spreadsheet_scan.py``'s
first step): at most MAX_ZIP_ENTRIES entries and MAX_DIRECTORY_BYTES of directory (read from its end
record before Python parses the directory), unique plain names, deflate or stored, no password, every
entry at most MAX_RATIO times its compressed size once past a megabyte, and MAX_UNZIPPED_BYTES in
all, each entry's size checked while it is inflated (a zip that unpacks to more than it declares is
refused, as is one whose CRC does not match); an XML part at most MAX_PART_BYTES, and free of
comments, CDATA, processing instructions and DOCTYPEs, which no spreadsheet program writes.
"""

from __future__ import annotations

import re
import struct
import zipfile
import zlib
from collections.abc import Iterator
from typing import BinaryIO

from msgspec import Struct, field

MAX_ZIP_ENTRIES = 1_000
MAX_DIRECTORY_BYTES = 1024 * 1024
MAX_UNZIPPED_BYTES = 200 * 1024 * 1024
MAX_PART_BYTES = 64 * 1024 * 1024
MAX_RATIO = 100  # unpacked / packed, for an entry of more than RATIO_FROM bytes
RATIO_FROM = 1024 * 1024
CHUNK = 64 * 1024
_NOT_PLAIN_XML = re.compile(rb"<!|<\?")


class Refused(Exception):
    """Why the file is refused, as one sentence that follows the file's name (or, with ``sheet``, the
    file's and the sheet's: 'cards.ods: sheet Cards: its cells reach row 100,001; ...')."""

    def __init__(self, message: str, sheet: str | None = None):
        super().__init__(message)
        self.sheet = sheet


def directory_within_limits(file: BinaryIO, kind: str) -> None:
    """The end record's entry count and directory size, before zipfile reads the directory."""
    file.seek(0, 2)
    size = file.tell()
    tail_start = max(0, size - 65_557)
    file.seek(tail_start)
    tail = file.read()
    at = tail.rfind(b"PK\x05\x06")
    if at < 0 or len(tail) - at < 22:
        raise Refused(f"is not an {kind} file (not a zip archive); save it again from the spreadsheet")
    entries, directory_bytes = struct.unpack("<HI", tail[at + 10 : at + 16])
    if entries > MAX_ZIP_ENTRIES:
        counted = "at least 65,535" if entries == 0xFFFF else f"{entries:,}"  # 0xFFFF: the count is in a zip64 record
        raise Refused(f"is a zip of {counted} entries; a spreadsheet holds at most {MAX_ZIP_ENTRIES:,}")
    if directory_bytes > MAX_DIRECTORY_BYTES:
        raise Refused(
            f"has a zip directory of {directory_bytes:,} bytes; a spreadsheet's is at most {MAX_DIRECTORY_BYTES:,}"
        )


def vetted_entries(archive: zipfile.ZipFile) -> list[zipfile.ZipInfo]:
    """The entries, each with a plain unique name, deflated or stored, without a password, within the sizes."""
    entries = archive.infolist()
    if len(entries) > MAX_ZIP_ENTRIES:
        raise Refused(f"is a zip of {len(entries):,} entries; a spreadsheet holds at most {MAX_ZIP_ENTRIES:,}")
    seen: set[str] = set()
    total = 0
    for info in entries:
        name = info.filename
        if name in seen:
            raise Refused(f"holds the zip entry {name[:80]!r} twice; save it again from the spreadsheet")
        seen.add(name)
        if name.startswith(("/", "\\")) or ".." in re.split(r"[/\\]", name) or "\0" in name:
            raise Refused(f"holds the zip entry {name[:80]!r}, not a plain name inside the file")
        if info.flag_bits & 0x1:
            raise Refused("is password-protected; save it without a password")
        if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            raise Refused(f"packs {name[:80]!r} with zip method {info.compress_type}; spreadsheets use deflate")
        if info.file_size > RATIO_FROM and info.file_size > MAX_RATIO * max(info.compress_size, 1):
            raise Refused(
                f"packs {info.file_size:,} bytes into {info.compress_size:,} in {name[:80]!r} (a zip bomb?); "
                f"an entry unpacks to at most {MAX_RATIO} times its size"
            )
        total += info.file_size
        if total > MAX_UNZIPPED_BYTES:
            raise Refused(
                f"unpacks to more than {MAX_UNZIPPED_BYTES:,} bytes; the limit is {MAX_UNZIPPED_BYTES:,} bytes "
                "(200 MB) a spreadsheet"
            )
    return entries


class Parts(Struct):
    """The zip's entries, read through inflated(): never more bytes than an entry declares."""

    file: BinaryIO
    entries: dict[str, zipfile.ZipInfo]
    read: set[str] = field(default_factory=set)  # the entries inflated whole, so checked

    def inflated(self, info: zipfile.ZipInfo) -> Iterator[bytes]:
        """The entry's bytes in chunks of at most CHUNK, never more than it declares, its CRC checked."""
        broken = Refused(f"has a broken zip entry {info.filename[:80]!r}; save it again from the spreadsheet")
        if info.header_offset < 0:  # an end record naming a directory past its own place makes it negative
            raise broken
        self.file.seek(info.header_offset)
        header = self.file.read(30)
        if len(header) < 30 or header[:4] != b"PK\x03\x04":
            raise broken
        name_length, extra_length = struct.unpack("<HH", header[26:30])
        self.file.seek(info.header_offset + 30 + name_length + extra_length)
        inflater = zlib.decompressobj(-15) if info.compress_type == zipfile.ZIP_DEFLATED else None
        left, made, crc = info.compress_size, 0, 0
        try:
            while left > 0 and not (inflater is not None and inflater.eof):
                packed = self.file.read(min(CHUNK, left))
                if not packed:
                    break
                left -= len(packed)
                while packed and not (inflater is not None and inflater.eof):
                    if inflater is None:
                        data, packed = packed, b""
                    else:
                        data = inflater.decompress(packed, CHUNK)
                        packed = inflater.unconsumed_tail
                    made += len(data)
                    if made > info.file_size:
                        raise Refused(
                            f"unpacks {info.filename[:80]!r} to more than the {info.file_size:,} bytes it declares "
                            "(a zip bomb?)"
                        )
                    crc = zlib.crc32(data, crc)
                    yield data
        except zlib.error:
            raise broken from None
        if made != info.file_size or crc != info.CRC or (inflater is not None and not inflater.eof):
            raise broken
        self.read.add(info.filename)

    def verify(self, info: zipfile.ZipInfo) -> None:
        for _chunk in self.inflated(info):
            pass

    def xml(self, info: zipfile.ZipInfo) -> bytes:
        """An XML part whole, within MAX_PART_BYTES, written as spreadsheet programs write XML."""
        if info.file_size > MAX_PART_BYTES:
            raise Refused(
                f"holds {info.filename[:80]!r} of {info.file_size:,} bytes unpacked; a part is at most "
                f"{MAX_PART_BYTES:,}"
            )
        buffer = bytearray()
        for chunk in self.inflated(info):
            buffer += chunk
        data = bytes(buffer)
        start = 3 if data.startswith(b"\xef\xbb\xbf") else 0
        if data.startswith(b"<?xml", start):
            start = data.find(b"?>", start) + 2
            if start < 2:
                raise Refused(f"holds {info.filename[:80]!r}, which is not XML")
        plain = _NOT_PLAIN_XML.search(data, start)
        if plain is not None:
            raise Refused(
                f"holds {info.filename[:80]!r} with XML comments, CDATA, a DOCTYPE or processing instructions at "
                f"byte {plain.start():,}, which spreadsheet programs never write; save it again from the spreadsheet"
            )
        return data
