"""Imposition: where pieces go on the paper and where their backs go. Pure arithmetic, no drawing.

Millimetres from the page's top-left corner, y down. Layout modules turn these boxes into
drawings, so every rule below can be tested as plain data.

Pieces sit in a grid whose neighbouring frames touch, so one cut line serves both. A group of
pieces (one player's tokens) starts on a fresh row.

Two-sided pieces are printed one of two ways:

- duplex: the faces fill one page and the backs the next. A printer that turns the sheet over its
  long edge puts a back behind its face at x' = W - x - w (y unchanged); over its short edge at
  y' = H - y - h (x unchanged). A document with backs prints two-sided as a whole: every other
  page gets a blank back of its own (two rules pages may share a sheet), so face pages are odd
  and a whole-document duplex print pairs each face page with the back page after it.
- fold: faces left of a vertical fold line at x = F, backs mirrored to its right at
  x' = 2F - x - w; the sheet is folded, glued and cut.

A back offset (dx, dy) finally moves every back dx to the right and dy down as seen on the back
page, for a printer that does not register both sides exactly.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Literal

from msgspec import Struct

from printkit.layout.primitives import EPSILON, Align, Box, Flip

FLIPS = ("long", "short")
VAlign = Literal["top", "middle"]  # where a sheet's block of pieces stands in its area


class Slot(Struct, frozen=True):
    """Where one piece goes: the sheet it is on (from 0, within its run) and its box there."""

    sheet: int
    index: int
    box: Box


class Segment(Struct, frozen=True):
    """A straight cut or fold line from (x1, y1) to (x2, y2)."""

    x1: float
    y1: float
    x2: float
    y2: float


class DoesNotFit(ValueError):
    """A piece larger than the area meant to hold it."""


def fitting(length: float, piece: float) -> int:
    """How many pieces of one length fit side by side in ``length``."""
    return int(math.floor((length + EPSILON) / piece))


def choose_columns(fit: int, groups: Sequence[int]) -> int:
    """The most columns, up to ``fit``, that fill every group's rows exactly; ``fit`` when none does.

    Half of ``fit``, and never a single column where two fit, is the floor, so a narrow grid is
    never chosen only to fill rows (fifteen tiles of a colour in a column fifteen rows long).
    """
    for columns in range(fit, max(min(2, fit), math.ceil(fit / 2)) - 1, -1):
        if all(group % columns == 0 for group in groups):
            return columns
    return fit


def grid_slots(
    groups: Sequence[int],
    piece_w: float,
    piece_h: float,
    area: Box,
    align: Align = "center",
    gutter: float = 0.0,
    valign: VAlign = "middle",
) -> list[Slot]:
    """Every piece's slot, row by row over as many sheets as needed; each group starts a new row.

    The pieces of a sheet form a block of frames ``gutter`` apart (0: touching) at the top of
    ``area`` (``valign="top"``) or on its middle and, horizontally, centred (``align="center"``)
    or pushed against the area's right edge (``"right"``). With a gutter, ``area`` keeps half a
    gutter free around the block too.
    """
    inner = Box(area.x + gutter / 2, area.y + gutter / 2, area.w - gutter, area.h - gutter)
    step_w, step_h = piece_w + gutter, piece_h + gutter
    columns_fit, rows_fit = fitting(inner.w + gutter, step_w), fitting(inner.h + gutter, step_h)
    if columns_fit < 1 or rows_fit < 1:
        raise DoesNotFit(f"a {piece_w:g} × {piece_h:g} mm piece does not fit in {area.w:.1f} × {area.h:.1f} mm")
    columns = choose_columns(columns_fit, [g for g in groups if g])
    cells = _cells(groups, columns, rows_fit)
    slots: list[Slot] = []
    for sheet in sorted({s for s, _, _ in cells}):
        on_sheet = [(row, col) for s, row, col in cells if s == sheet]
        rows_used = max(row for row, _ in on_sheet) + 1
        cols_used = max(col for _, col in on_sheet) + 1
        block_w, block_h = cols_used * step_w - gutter, rows_used * step_h - gutter
        left = inner.right - block_w if align == "right" else inner.x + (inner.w - block_w) / 2
        top = _block_top(inner, block_h, valign)
        for row, col in on_sheet:
            slots.append(Slot(sheet, len(slots), Box(left + col * step_w, top + row * step_h, piece_w, piece_h)))
    return slots


def _block_top(inner: Box, block_h: float, valign: VAlign) -> float:
    return inner.y if valign == "top" else inner.y + (inner.h - block_h) / 2


def packed_slots(
    count: int,
    piece_w: float,
    piece_h: float,
    area: Box,
    align: Align = "center",
    gutter: float = 0.0,
    valign: VAlign = "middle",
) -> list[Slot]:
    """``count`` pieces in reading order, as many columns and rows as fit on every sheet: the fewest
    sheets for the size (a run of sets continues on the same row and the next sheet)."""
    inner_w, inner_h = area.w - gutter, area.h - gutter
    columns = fitting(inner_w + gutter, piece_w + gutter)
    rows = fitting(inner_h + gutter, piece_h + gutter)
    if columns < 1 or rows < 1:
        raise DoesNotFit(f"a {piece_w:g} × {piece_h:g} mm piece does not fit in {area.w:.1f} × {area.h:.1f} mm")
    per_sheet = columns * rows
    slots: list[Slot] = []
    for first in range(0, count, per_sheet):
        on_sheet = min(per_sheet, count - first)
        # one sheet's pieces as one group of a grid with exactly ``columns`` columns
        for slot in _sheet_block(on_sheet, columns, piece_w, piece_h, area, align, gutter, valign):
            slots.append(Slot(first // per_sheet, len(slots), slot))
    return slots


def _sheet_block(
    count: int, columns: int, piece_w: float, piece_h: float, area: Box, align: Align, gutter: float, valign: VAlign
) -> list[Box]:
    """The boxes of ``count`` pieces row by row, ``columns`` to a row, the block placed as grid_slots does."""
    inner = Box(area.x + gutter / 2, area.y + gutter / 2, area.w - gutter, area.h - gutter)
    step_w, step_h = piece_w + gutter, piece_h + gutter
    cols_used, rows_used = min(count, columns), math.ceil(count / columns)
    block_w, block_h = cols_used * step_w - gutter, rows_used * step_h - gutter
    left = inner.right - block_w if align == "right" else inner.x + (inner.w - block_w) / 2
    top = _block_top(inner, block_h, valign)
    return [Box(left + (i % columns) * step_w, top + (i // columns) * step_h, piece_w, piece_h) for i in range(count)]


def _cells(groups: Sequence[int], columns: int, rows_per_sheet: int) -> list[tuple[int, int, int]]:
    """(sheet, row, column) for every piece; a group starts a new row and, if it fits there whole,
    stays on one sheet."""
    cells: list[tuple[int, int, int]] = []
    sheet, row = 0, 0
    for count in groups:
        if not count:
            continue
        group_rows = math.ceil(count / columns)
        if row and row + group_rows > rows_per_sheet and group_rows <= rows_per_sheet:
            sheet, row = sheet + 1, 0
        for i in range(count):
            if row == rows_per_sheet:
                sheet, row = sheet + 1, 0
            cells.append((sheet, row, i % columns))
            if i % columns == columns - 1 or i == count - 1:
                row += 1
    return cells


def back_box(
    face: Box, page_w: float, page_h: float, flip: Flip = "long", offset: tuple[float, float] = (0.0, 0.0)
) -> Box:
    """Where a duplex back goes on the back page so that it lands behind ``face``."""
    if flip == "long":
        mirrored = Box(page_w - face.x - face.w, face.y, face.w, face.h)
    elif flip == "short":
        mirrored = Box(face.x, page_h - face.y - face.h, face.w, face.h)
    else:
        raise ValueError(f"unknown flip '{flip}'; use one of: {', '.join(FLIPS)}")
    return mirrored.shifted(*offset)


def fold_back_box(face: Box, fold_x: float, offset: tuple[float, float] = (0.0, 0.0)) -> Box:
    """Where a fold-over back goes: the face mirrored across the vertical line x = fold_x."""
    return Box(2 * fold_x - face.x - face.w, face.y, face.w, face.h).shifted(*offset)


def fold_areas(area: Box, fold_x: float, gutter: float) -> tuple[Box, Box]:
    """The face area left of the fold and its mirror image right of it, ``gutter`` apart."""
    half = min(fold_x - gutter / 2 - area.x, area.right - fold_x - gutter / 2)
    face = Box(fold_x - gutter / 2 - half, area.y, half, area.h)
    return face, Box(fold_x + gutter / 2, area.y, half, area.h)


def blank_backs_for_duplex(kinds: Sequence[str]) -> list[int]:
    """Positions (indexes into ``kinds``) after which a blank back page goes, so that the whole
    document printed two-sided puts nothing behind a page but its own backs.

    ``kinds`` holds each page's kind: "face" (followed by its "back"), "rules" (reading only: a
    rules page may be printed behind the rules page before it, as in a book) or "single" (a page
    to cut, fill in or lay on the table, which gets a sheet of its own). Every sheet then starts
    on an odd page, so every face page is odd and its back is printed behind it.
    """
    positions: list[int] = []
    index = 0
    while index < len(kinds):
        kind, following = kinds[index], kinds[index + 1] if index + 1 < len(kinds) else None
        if (kind, following) in (("face", "back"), ("rules", "rules")):
            index += 2
            continue
        positions.append(index)
        index += 1
    return positions


def cut_lines(boxes: Iterable[Box]) -> list[Segment]:
    """The cut lines around ``boxes``: each shared edge once, collinear edges joined into one line."""
    vertical: dict[float, list[tuple[float, float]]] = {}
    horizontal: dict[float, list[tuple[float, float]]] = {}
    for box in boxes:
        for x in (box.x, box.right):
            vertical.setdefault(round(x, 6), []).append((box.y, box.bottom))
        for y in (box.y, box.bottom):
            horizontal.setdefault(round(y, 6), []).append((box.x, box.right))
    segments = [Segment(x, a, x, b) for x, spans in sorted(vertical.items()) for a, b in _joined(spans)]
    segments += [Segment(a, y, b, y) for y, spans in sorted(horizontal.items()) for a, b in _joined(spans)]
    return segments


def _joined(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for start, end in sorted(spans):
        if out and start <= out[-1][1] + EPSILON:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out
