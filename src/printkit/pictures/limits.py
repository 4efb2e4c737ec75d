"""The limits a kit's pictures keep, and what a picture costs to draw.

They bound the work, not only the bytes, so that any kit within them builds in under 10 s and
400 MB (a JPEG embedded as it is, never decoded by a build, counts by its bytes,
MAX_KIT_PASSED_BYTES, and costs about three times them in memory while the PDF is written).
"""

from __future__ import annotations

import math

from msgspec import Struct

MAX_PIXELS = 50_000_000
MAX_SVG_BYTES = 5 * 1024 * 1024
MAX_RASTER_BYTES = 200 * 1024 * 1024  # read whole for its digest; 50 incompressible RGBA megapixels fit
MAX_SVG_ELEMENTS = 5_000  # elements drawn, each <use> counted as what it repeats: in one SVG, and a kit's
MAX_SVG_NUMBERS = 125_000  # numbers (coordinates, mostly) drawn, counted so: in one SVG, and in a kit's
MAX_KIT_MEGAPIXELS = 60  # decoded for a kit's pictures together, a JPEG counting JPEG_SHARE of its pixels
MAX_KIT_PASSED_BYTES = 500 * 1024 * 1024  # of JPEG files embedded as they are (not decoded by a build)
JPEG_SHARE = 1 / 8  # a JPEG is decoded at a reduced scale (draft): about an eighth of a PNG's time a pixel
MAX_SVG_DEPTH = 60  # nesting of elements, <use> included (svglib converts recursively)
MAX_SVG_NUMBER = 1e9  # no coordinate or length in a printable picture comes near this
MIN_SVG_SIZE = 1e-3  # nor a width or height this small (scaled to a card, it would overflow)
PRINT_DPI = 300  # a kit's resolution unless it says another (``dpi:``)
DEFAULT_PRINT_MM = 100.0  # the print size assumed where none is known
FAR_LARGER = 1.5  # a raster more than this many times its print pixels is reduced, with a warning
FLATE_LEVEL = 3  # zlib's level for a PNG's pixels: 40 % faster than its default 6, 8 % larger
ICON_PRINT_MM = 20.0  # the print size a picture icon is prepared for (a 60 pt line's icon is 17 mm)
RASTER = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG"}


class PictureProblem(ValueError):
    """Why a picture cannot be printed, as the one-line message the user reads."""


class Work(Struct, frozen=True):
    """What drawing a picture costs, the measure of the kit's limits: pixels decoded (a JPEG's
    counted at JPEG_SHARE), and an SVG's elements and numbers with each <use> repeated."""

    pixels: float
    elements: int
    numbers: int
    passed: int = 0  # bytes of JPEG files embedded as they are

    def __add__(self, other: Work) -> Work:
        return Work(
            self.pixels + other.pixels,
            self.elements + other.elements,
            self.numbers + other.numbers,
            self.passed + other.passed,
        )


def decoding_cost(width: int, height: int, jpeg: bool) -> float:
    """The pixels decoding a picture of ``width`` × ``height`` costs, a JPEG's at JPEG_SHARE."""
    return width * height * (JPEG_SHARE if jpeg else 1.0)


def print_pixels(print_mm: float, dpi: int = PRINT_DPI) -> int:
    """The pixels a picture needs over ``print_mm`` at ``dpi`` (a 63 × 88 mm card at 300: 1040)."""
    return max(16, math.ceil(print_mm / 25.4 * dpi))


def damage(name: str, exc: Exception) -> str:
    if "truncated" in str(exc) or isinstance(exc, EOFError):
        why = "its data ends before the picture does (the file is cut short, or its header claims a larger picture)"
    else:
        why = f"its data cannot be decoded ({' '.join(str(exc).split())[:80] or type(exc).__name__})"
    return f"'{name}' is damaged: {why}; export the picture again as .png, .jpg or .svg"
