"""A JPEG's header read without decoding it: its size, its components' sampling, its EXIF
orientation and where its first scan's data starts.

A build embeds a JPEG at its print size as it is and checks it by its header and the length of
its data (check_data); reading that header here, not through Pillow, is a tenth of the time of a
card's picture. ``header`` answers only where it is sure to read what Pillow reads (8-bit
Huffman-coded frames, EXIF orientation in a plain IFD0, no XMP); any other file is None and
goes through Pillow as before.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Literal

from msgspec import Struct

from printkit.pictures.limits import MAX_PIXELS, PictureProblem, damage

SOF_HUFFMAN = (0xC0, 0xC1, 0xC2)  # baseline, extended and progressive frames
SOF_OTHER = (0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF)  # lossless, arithmetic
APP1, SOS = 0xE1, 0xDA
ORIENTATION = 0x0112  # the EXIF tag saying how a camera held the picture it stored
Order = Literal["little", "big"]
BYTE_ORDERS: dict[bytes, Order] = {b"II*\x00": "little", b"MM\x00*": "big"}


class Header(Struct, frozen=True):
    """What a JPEG's markers say before its first scan."""

    width: int
    height: int
    sampling: tuple[tuple[int, int], ...]  # each component's (horizontal, vertical) sampling
    scan: int  # where the first scan's data starts
    orientation: int  # EXIF orientation 1 to 8 (1: as stored, or none said)


def header(data: bytes) -> Header | None:
    """The header of an 8-bit Huffman-coded JPEG of one or three components within MAX_PIXELS,
    read as Pillow reads it; None for anything else, or anything read here with doubt."""
    if data[:3] != b"\xff\xd8\xff":
        return None
    frame: tuple[int, int, tuple[tuple[int, int], ...]] | None = None
    orientation = 1
    for marker, start, end in _segments(data):
        if marker == SOS:
            return _header(frame, start, orientation)
        if marker in SOF_OTHER or (marker in SOF_HUFFMAN and frame is not None):
            return None
        if marker in SOF_HUFFMAN:
            frame = _frame(data[start:end])
            if frame is None:
                return None
        elif marker == APP1:
            said = _orientation(data[start:end]) if orientation == 1 else None
            if said is None:
                return None
            orientation = said
    return None


def _header(frame: tuple[int, int, tuple[tuple[int, int], ...]] | None, scan: int, orientation: int) -> Header | None:
    if frame is None:
        return None
    width, height, sampling = frame
    if width < 1 or height < 1 or width * height > MAX_PIXELS or len(sampling) not in (1, 3):
        return None
    return Header(width, height, sampling, scan, orientation)


def _segments(data: bytes) -> Iterator[tuple[int, int, int]]:
    """Each marker segment before the first scan's data: (marker, where its fields start, where it ends)."""
    at = 2
    while at + 4 <= len(data):
        if data[at] != 0xFF:
            return
        marker, length = data[at + 1], int.from_bytes(data[at + 2 : at + 4], "big")
        if length < 2 or at + 2 + length > len(data):
            return
        yield marker, at + 4, at + 2 + length
        if marker == SOS:
            return
        at += 2 + length


def _frame(fields: bytes) -> tuple[int, int, tuple[tuple[int, int], ...]] | None:
    """A frame's width, height and components' sampling; None unless 8-bit and whole."""
    if len(fields) < 6 or fields[0] != 8:
        return None
    height, width, count = int.from_bytes(fields[1:3], "big"), int.from_bytes(fields[3:5], "big"), fields[5]
    if len(fields) < 6 + 3 * count:
        return None
    parts = fields[6 : 6 + 3 * count]
    return width, height, tuple((parts[i + 1] >> 4 or 1, parts[i + 1] & 15 or 1) for i in range(0, 3 * count, 3))


def _orientation(segment: bytes) -> int | None:
    """The orientation an APP1 segment's EXIF data says (1 when it says none); None for any other
    APP1 (XMP, which Pillow also reads an orientation from) or EXIF read here with doubt."""
    if not segment.startswith(b"Exif\x00\x00"):
        return None
    tiff = segment[6:]
    order = BYTE_ORDERS.get(tiff[:4])
    if order is None:
        return None
    first = int.from_bytes(tiff[4:8], order)
    if first < 8 or first + 2 > len(tiff):
        return None
    count = int.from_bytes(tiff[first : first + 2], order)
    for number in range(count):
        entry = tiff[first + 2 + 12 * number : first + 14 + 12 * number]
        if len(entry) < 12:
            return None
        if int.from_bytes(entry[0:2], order) == ORIENTATION:
            return _orientation_value(entry, order)
    return 1


def _orientation_value(entry: bytes, order: Order) -> int | None:
    """An IFD entry's orientation, a SHORT or LONG: 1 to 8, 1 for any other number (as Pillow's reading does)."""
    kind, count = int.from_bytes(entry[2:4], order), int.from_bytes(entry[4:8], order)
    if count != 1 or kind not in (3, 4):
        return None
    value = int.from_bytes(entry[8:10] if kind == 3 else entry[8:12], order)
    return value if 1 <= value <= 8 else 1


def check_data(name: str, data: bytes, width: int, height: int) -> None:
    """Refuse a JPEG whose data is far too short for the size its header claims.

    libjpeg pads a scan that ends early with grey and Pillow passes it on as a whole picture,
    so a decode alone does not show it. Every 8 × 8 block of every component costs at least one
    bit of Huffman-coded data (its DC coefficient, in baseline and progressive JPEG alike): fewer
    bytes after the first scan header than blocks / 8 cannot hold the picture."""
    components, start = _jpeg_frame(data)
    if not components or start is None:
        return
    most_h = max(h for h, _ in components)
    most_v = max(v for _, v in components)
    blocks = sum(
        math.ceil(math.ceil(width * h / most_h) / 8) * math.ceil(math.ceil(height * v / most_v) / 8)
        for h, v in components
    )
    if (len(data) - start) * 8 < blocks:
        raise PictureProblem(damage(name, EOFError(f"{len(data) - start} bytes of data for {width} × {height} pixels")))


def _jpeg_frame(data: bytes) -> tuple[list[tuple[int, int]], int | None]:
    """The (horizontal, vertical) sampling of each component of a Huffman-coded JPEG frame and
    where its first scan's data starts; no components for other codings (arithmetic, lossless)."""
    at, components = 2, []
    while at + 4 <= len(data):
        if data[at] != 0xFF:
            return [], None
        marker, length = data[at + 1], int.from_bytes(data[at + 2 : at + 4], "big")
        if marker in (0xC0, 0xC1, 0xC2):
            count = data[at + 9] if at + 9 < len(data) else 0
            fields = data[at + 10 : at + 10 + 3 * count]
            components = [(fields[i + 1] >> 4 or 1, fields[i + 1] & 15 or 1) for i in range(0, len(fields) - 2, 3)]
        elif marker in (0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
            return [], None
        elif marker == 0xDA:
            return components, at + 2 + length
        at += 2 + length
    return [], None
