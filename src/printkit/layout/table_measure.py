"""How a sheet's table measures its columns: their widths, one type size a column and one for
its headers, and where a column of numbers ends (right-aligned, the widest centred)."""

from __future__ import annotations

import re
from typing import Any

from printkit import fonts
from printkit.words.locale import Localizer

SMALLEST_PT = 7.0  # the smallest text a sheet prints (the house's floor for printed words)
CELL_PAD = 1.5  # mm a table's text keeps off its cell's sides (at 1 mm targ's "+1 pkt za kartę" touched one)
HEADER_PT = 9.5  # a table header's size, when it fits
HEADER_MIN_PT = 8.5  # a header of several words wraps rather than shrink under this (targ's Letter: 7.8 pt)
NUMBER = re.compile(r"^[-−+]?\d+(?:[.,]\d+)?$")  # a cell that is a number: 21, -3, 2,5


def number_edges(rows: list[list[Any]], widths: list[float], sizes: list[float], tr: Localizer) -> list[float | None]:
    """For each column whose cells are all numbers (blanks aside), where its numbers end, from the
    column's left: right-aligned, so their digits line up, and the widest centred in the column,
    under its centred header (plateau's values stood at the left edge, under a centred "Value");
    None for a column of words, set from the left."""
    edges: list[float | None] = []
    for col, cw in enumerate(widths):
        texts = [tr(row[col]) for row in rows if col < len(row) and tr(row[col]).strip()]
        if not texts or not all(NUMBER.match(text) for text in texts):
            edges.append(None)
            continue
        widest = max(fonts.text_width(text, sizes[col], bold=col == 0) for text in texts)  # the first is bold
        edges.append(min(cw - CELL_PAD, (cw + widest) / 2))
    return edges


def column_sizes(rows: list[list[Any]], widths: list[float], tr: Localizer) -> list[float]:
    """The type size of each column's cells: one for the whole table, the largest at which each of
    its cells fits (10 pt at most). A review found "pair + 2 different" set smaller than "4 alike"
    beside it on Letter; then, with one size a column, targ's category labels at 7.8 pt beside
    points at 10 pt: a table keeps one size, as a publisher sets it."""
    fitted = [
        fonts.fit_size(tr(row[col]), cw - 2 * CELL_PAD, 10, bold=col == 0, smallest=SMALLEST_PT)
        for col, cw in enumerate(widths)
        for row in rows
        if col < len(row)
    ]
    return [min(fitted, default=10.0)] * len(widths)


def table_widths(columns: list[tuple[str, float | None]], rows: list[list[str]], w: float) -> list[float]:
    """The columns' widths in ``w``: each fixed one as declared, the rest sharing what is left. A
    table squeezed beside a board (targ's on Letter: 23 mm for "+1 pkt za kartę") takes back the
    room its fixed columns do not use: a fixed column with words in every row narrows to what its
    header and words need at full size, never below, so the free columns get it; a column
    written in (an empty cell) keeps its width. A table with room to spare in its free columns
    widens a fixed column too narrow for its header or words, as far as that room goes."""

    def need(col: int) -> float:
        texts = [(columns[col][0], HEADER_PT, True)] + [(row[col], 10.0, col == 0) for row in rows if col < len(row)]
        return max(fonts.text_width(text, size, bold) for text, size, bold in texts) + 2 * CELL_PAD + 0.5

    def shared(widths: list[float | None]) -> list[float]:
        free = (w - sum(cw for cw in widths if cw)) / max(1, sum(1 for cw in widths if not cw))
        return [cw or free for cw in widths]

    declared = [cw for _, cw in columns]
    widths = shared(declared)
    if all(need(col) <= widths[col] + 1e-6 for col, cw in enumerate(declared) if not cw):
        # the free columns have room to spare: a fixed column too narrow for its header or words at
        # full size takes what it needs of it (targ's 13 mm "Obrátka" on A4 set every header at 7.4 pt)
        spare = sum(widths[col] - need(col) for col, cw in enumerate(declared) if not cw)
        grown: list[float | None] = []
        for col, cw in enumerate(declared):
            extra = min(max(0.0, need(col) - cw), spare) if cw and spare > 0 else 0.0
            spare -= extra
            grown.append(cw + extra if cw else cw)
        return shared(grown)
    filled = [bool(rows) and all(col < len(row) and row[col] for row in rows) for col in range(len(columns))]
    return shared([min(cw, need(col)) if cw and filled[col] else cw for col, cw in enumerate(declared)])


def header_size(headers: list[str], widths: list[float]) -> float:
    """The one size a table's headers are set at on one line: the largest the tightest of them
    allows (targ's "pkt" beside "Tylko jedna kategoria" at 7.8 pt was 9.5); a header of several
    words that fits one line only under HEADER_MIN_PT takes two and is left out of it."""
    sizes = [
        fonts.fit_size(header, cw - 2 * CELL_PAD, HEADER_PT, bold=True, smallest=SMALLEST_PT)
        for header, cw in zip(headers, widths, strict=True)
    ]
    one_line = [
        size
        for size, header, cw in zip(sizes, headers, widths, strict=True)
        if fonts.text_width(header, size, bold=True) <= cw - 2 * CELL_PAD + 1e-6
        and (size >= HEADER_MIN_PT - 1e-6 or " " not in header.strip())
    ]
    return min(one_line, default=HEADER_PT)


def numbers_only(texts: list[str]) -> bool:
    """Whether a table's column holds numbers only (blanks aside): its cells and its header are
    centred on one line, as the other columns' are (kpn's player counts stood at the left edge
    under a left-set header while the hand sizes beside them were centred, a review)."""
    filled = [text for text in texts if text.strip()]
    return bool(filled) and all(NUMBER.match(text) for text in filled)
