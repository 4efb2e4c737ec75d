"""Lengths. Kits and layout work in millimetres; points exist only at the renderer's edge."""

from __future__ import annotations

import re

MM_PER_INCH = 25.4
POINTS_PER_INCH = 72.0
MM_PER_POINT = MM_PER_INCH / POINTS_PER_INCH

_UNITS_TO_MM = {"mm": 1.0, "cm": 10.0, "in": MM_PER_INCH, "pt": MM_PER_POINT}
LENGTH_PATTERN = r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*$"  # a number, optionally with a unit
_LENGTH = re.compile(LENGTH_PATTERN)


def parse_length(value: object) -> float:
    """Return a length in millimetres from a number (already mm) or a string such as "63mm"."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, str):
        match = _LENGTH.match(value)
        if match:
            number, unit = match.groups()
            return float(number) * _UNITS_TO_MM[unit or "mm"]
    raise ValueError(f'expected a length such as 22, "63mm", "2.5in", "1cm" or "12pt", got {value!r}')


def mm_to_pt(mm: float) -> float:
    return mm / MM_PER_POINT


MAX_BACK_OFFSET = 20.0


def parse_offset(text: str) -> tuple[float, float]:
    """'0.5,-1' (or '0.5mm,-1mm') to (0.5, -1.0): how far backs move right and down, in mm."""
    parts = [part for part in text.split(",")]
    if len(parts) != 2:
        raise ValueError(f"give two lengths X,Y in mm, e.g. 0.5,-1 (got {text!r})")
    try:
        x, y = (parse_length(part) for part in parts)
    except ValueError:
        raise ValueError(f"give two lengths X,Y in mm, e.g. 0.5,-1 (got {text!r})") from None
    if max(abs(x), abs(y)) > MAX_BACK_OFFSET:
        raise ValueError(
            f"{text!r} moves the backs more than {MAX_BACK_OFFSET:g} mm; a printer's misregistration is a few mm at "
            "most"
        )
    return x, y
