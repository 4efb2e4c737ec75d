"""Hexagonal decks (``shape: hexagon``): the hexagon a tile is drawn in and cut along, and how
hexagons nest on a sheet. Pure arithmetic in mm (y down), no drawing.

A regular hexagon of ``size`` s (flat to flat) sits in an s × 2s/√3 box, pointy-top, or turned for
flat-top; ``cutpath.hexagon_in`` finds the orientation from the box. On a sheet the hexagons nest
like a hex board's: pointy-top tiles in rows, every other row shifted by half a step; flat-top
tiles in columns, every other column shifted half a step down. Neighbouring centres are s + gutter
apart, so touching tiles (gutter 0) share their cut sides and tiles with a bleed b stand 2b apart
side to side, each bleeding into its half. A hexagon is symmetric about both axes, so a back
mirrored for duplex or fold lands behind its face as a rectangle's does: the back of the
honeycomb is the face's honeycomb mirrored.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from printkit.layout.cutpath import Point, hexagon_in
from printkit.layout.imposition import DoesNotFit, Slot
from printkit.layout.primitives import EPSILON, Align, Box

if TYPE_CHECKING:
    from printkit.kinds.cards.model import DeckComponent

SQRT3 = math.sqrt(3)


def is_hexagonal(deck: DeckComponent) -> bool:
    return deck.shape == "hexagon"


def flat_top(width: float, height: float) -> bool:
    """A regular hexagon's box is wider than tall when a side is up."""
    return width > height


def across(width: float, height: float) -> float:
    """The flat-to-flat size of the regular hexagon in a width × height box."""
    return min(width, height)


def grown(width: float, height: float, by: float) -> tuple[Point, ...]:
    """The hexagon of the box grown by ``by`` on every side (its sides moved out by ``by``), in the
    coordinates of the box grown by ``by`` (a design with a bleed): the bleed outside the hexagon."""
    size = across(width, height) + 2 * by
    long = size * 2 / SQRT3
    w, h = (long, size) if flat_top(width, height) else (size, long)
    dx, dy = (width + 2 * by - w) / 2, (height + 2 * by - h) / 2
    return tuple((x + dx, y + dy) for x, y in hexagon_in(w, h))


def inset(box: Box, by: float) -> tuple[Point, ...]:
    """The hexagon inscribed in ``box`` with its sides moved in by ``by``, in the box's coordinates:
    a frame drawn ``by`` inside the cut line."""
    outer = grown(box.w, box.h, -by)
    return tuple((box.x + by + x, box.y + by + y) for x, y in outer)


def inside(point: Point, width: float, height: float, margin: float = 0.0) -> bool:
    """Whether ``point`` (from the box's corner) lies in the box's hexagon, at least ``margin`` from its sides."""
    cx, cy = width / 2, height / 2
    x, y = abs(point[0] - cx), abs(point[1] - cy)
    half = across(width, height) / 2 - margin
    if flat_top(width, height):
        x, y = y, x  # a flat-top hexagon is a pointy-top one turned a quarter
    # pointy-top: the vertical sides at x = half, the slanted ones at x·√3/2 + y/2 = half
    return x <= half + EPSILON and x * SQRT3 / 2 + y / 2 <= half + EPSILON


# --- nesting on a sheet --------------------------------------------------------------------------


def honeycomb_slots(
    count: int, piece_w: float, piece_h: float, area: Box, align: Align = "center", gutter: float = 0.0
) -> list[Slot]:
    """``count`` hexagonal pieces nested in offset rows (pointy-top) or columns (flat-top), as many
    to a sheet as fit in ``area`` (half a gutter kept free around the block, as ``grid_slots`` does),
    the block centred or pushed against the area's right edge."""
    flat = flat_top(piece_w, piece_h)
    inner = Box(area.x + gutter / 2, area.y + gutter / 2, area.w - gutter, area.h - gutter)
    # work in pointy-top terms: rows along "a" (across the page for pointy, down it for flat)
    size = across(piece_w, piece_h)
    long = max(piece_w, piece_h)
    length_a, length_b = (inner.h, inner.w) if flat else (inner.w, inner.h)
    places = lattice(size, long, gutter, length_a, length_b)
    if flat:  # columns down the page: fill them across, a zigzag row at a time, not one column after another
        places.sort(key=lambda place: (math.floor(place[0] / (size + gutter) + EPSILON), place[1]))
    if not places:
        raise DoesNotFit(f"a {piece_w:g} × {piece_h:g} mm piece does not fit in {area.w:.1f} × {area.h:.1f} mm")
    slots: list[Slot] = []
    for first in range(0, count, len(places)):
        on_sheet = places[: min(len(places), count - first)]
        boxes = [Box(b, a, piece_w, piece_h) if flat else Box(a, b, piece_w, piece_h) for a, b in on_sheet]
        right = max(box.right for box in boxes) - min(box.x for box in boxes)
        bottom = max(box.bottom for box in boxes) - min(box.y for box in boxes)
        left = inner.right - right if align == "right" else inner.x + (inner.w - right) / 2
        top = inner.y + (inner.h - bottom) / 2
        x0, y0 = min(box.x for box in boxes), min(box.y for box in boxes)
        for box in boxes:
            slots.append(Slot(first // len(places), len(slots), box.shifted(left - x0, top - y0)))
    return slots


def lattice(size: float, long: float, gutter: float, length_a: float, length_b: float) -> list[tuple[float, float]]:
    """The corners (a, b) of pointy-top boxes (size wide along a, long along b) nested in rows
    within length_a × length_b, row by row: a row every (size + gutter)·√3/2, every other one
    shifted half a step; the shifted rows hold one fewer when a whole row does not fit shifted."""
    step = size + gutter
    row_step = step * SQRT3 / 2
    per_row = math.floor((length_a - size + EPSILON) / step) + 1 if length_a + EPSILON >= size else 0
    rows = math.floor((length_b - long + EPSILON) / row_step) + 1 if length_b + EPSILON >= long else 0
    if per_row < 1 or rows < 1:
        return []
    shifted_fit = (per_row - 1) * step + size + step / 2 <= length_a + EPSILON
    shifted_row = per_row if shifted_fit else per_row - 1
    if rows > 1 and shifted_row == 0:
        rows = 1
    places = []
    for row in range(rows):
        odd = row % 2 == 1
        for index in range(shifted_row if odd else per_row):
            places.append((index * step + (step / 2 if odd else 0.0), row * row_step))
    return places


# --- checks before layout ------------------------------------------------------------------------


def box_of(size: float, top: str) -> tuple[float, float]:
    """The width and height of a regular hexagon's box, ``size`` flat to flat."""
    long = size * 2 / SQRT3
    return (long, size) if top == "flat" else (size, long)
