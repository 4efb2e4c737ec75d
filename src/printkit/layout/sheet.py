"""Score and player sheets: bands of parts (grids, boxes, tracks, legends, tables) on a page.

Geometry only: every part turns its kit data into lines, boxes and text at a given position and
reports the height it used.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from printkit import fonts
from printkit.base.errors import LayoutProblem, Loc
from printkit.base.records import replace
from printkit.kit.parts import (
    CheckboxesPart,
    FieldPart,
    GridPart,
    LegendPart,
    NotePart,
    ScoringPart,
    TablePart,
    TrackPart,
)
from printkit.kit.shared import band_parts
from printkit.layout import paragraph
from printkit.layout.context import Context
from printkit.layout.icon_drawing import draw_named
from printkit.layout.marks import tinted
from printkit.layout.primitives import GREY, Item, Line, Rect, RichText, Stroke, Text
from printkit.layout.table_measure import (
    CELL_PAD,
    HEADER_MIN_PT,
    HEADER_PT,
    SMALLEST_PT,
    column_sizes,
    header_size,
    number_edges,
    table_widths,
)
from printkit.words.locale import Localizer
from printkit.words.typography import to_markup, typeset

if TYPE_CHECKING:
    from printkit.kinds.sheet.model import SheetComponent

LABEL_PT = 10.5
LABEL_SPACE = 6.0
BAND_GAP = 6.0
PART_GAP = 6.0
GRID_LINE = Stroke(width=0.3)
GRID_FRAME = Stroke(width=0.6)
BOX_LINE = Stroke(width=0.35)

Drawn = tuple[list[Item], float]


def band_numbers(bands: Sequence[Sequence[Any]]) -> dict[str, Any]:
    """The numbers of the parts in ``bands`` (a sheet's rows, a mat's panels) that have an id, and
    the symbol of each legend entry with an id, as written (a text or one per language)."""
    values: dict[str, Any] = {}
    for part in band_parts(bands):
        if part.id is None:
            continue
        prefix = part.id
        if isinstance(part, GridPart):
            values.update(
                {
                    f"{prefix}.rows": part.rows,
                    f"{prefix}.cols": part.cols,
                    f"{prefix}.cells": part.rows * part.cols,
                    f"{prefix}.cell": part.cell,
                    f"{prefix}.row_labels": len(part.row_labels or []),
                    f"{prefix}.col_labels": len(part.col_labels or []),
                }
            )
        elif isinstance(part, CheckboxesPart):
            values[f"{prefix}.count"] = part.count
        elif isinstance(part, TrackPart):
            values.update({f"{prefix}.count": part.length, f"{prefix}.start": part.start, f"{prefix}.end": part.last})
        elif isinstance(part, LegendPart):
            faces = [face for entry in part.entries for face in (entry.faces or [])]
            values.update(
                {
                    f"{prefix}.count": len(part.entries),
                    f"{prefix}.faces": len(faces),
                    f"{prefix}.distinct_faces": len(set(faces)),
                }
            )
            if faces:
                values.update({f"{prefix}.lowest_face": min(faces), f"{prefix}.highest_face": max(faces)})
            values.update({f"{prefix}.{e.id}.symbol": e.symbol for e in part.entries if e.id and e.symbol})
        elif isinstance(part, ScoringPart):
            values[f"{prefix}.count"] = len(part.rows)
        elif isinstance(part, TablePart):
            values.update(
                {
                    f"{prefix}.rows": len(part.rows),
                    f"{prefix}.repeat": part.repeat,
                    f"{prefix}.columns": len(part.columns),
                    f"{prefix}.player_columns": sum(column.players for column in part.columns),
                }
            )
    return values


def iter_parts(component: SheetComponent) -> Iterator[Any]:
    return band_parts(component.rows)


def draw_band(
    band: Sequence[Any],
    x: float,
    y: float,
    width: float,
    ctx: Context,
    loc: Loc = (),
    widths: Sequence[float] | None = None,
) -> Drawn:
    """Draw ``band``'s columns side by side from (x, y); ``widths`` (from ``aligned_widths``) puts
    them on a grid the sheet's other bands share, else each band shares ``width`` by itself."""
    cells = band_cells(band)
    widths = list(widths) if widths is not None else band_widths(cells, width)
    if min(widths) < 10:
        raise LayoutProblem(
            loc, f"the parts of this band do not fit side by side in the {width:.0f} mm printable width"
        )
    items: list[Item] = []
    height = 0.0
    for column, (stack, w) in enumerate(zip(cells, widths, strict=True)):
        stack_y = y
        for row, part in enumerate(stack):
            part_loc = loc + ((column, row) if isinstance(band[column], list) else (column,))
            needed = natural_width(part)
            if needed and needed > w + 1e-6:
                raise LayoutProblem(
                    part_loc,
                    f"the {part.type} is {needed:.1f} mm wide but only {w:.1f} mm are free on the page "
                    f"({needed - w:.1f} mm too wide)",
                )
            part_items, h = draw_part(part, x, stack_y, w, ctx)
            items.extend(part_items)
            stack_y += h + PART_GAP
        height = max(height, stack_y - PART_GAP - y)
        x += w + PART_GAP
    return items, height


def band_cells(band: Sequence[Any]) -> list[list[Any]]:
    """A band's columns, each a stack of parts (a lone part is a stack of one)."""
    return [cell if isinstance(cell, list) else [cell] for cell in band]


def band_widths(cells: Sequence[Sequence[Any]], width: float) -> list[float]:
    """Fixed widths as declared (the widest part of a column), the rest shared equally."""
    return _share(_declared(cells), width)


def _declared(cells: Sequence[Sequence[Any]]) -> list[float | None]:
    """Each column's declared width (its widest part's ``width`` or natural width), None if free."""
    return [max((p.width or natural_width(p) or 0) for p in stack) or None for stack in cells]


def _share(fixed: Sequence[float | None], width: float) -> list[float]:
    free = width - PART_GAP * (len(fixed) - 1) - sum(w for w in fixed if w)
    share = free / max(1, sum(1 for w in fixed if not w))
    return [w if w else share for w in fixed]


def aligned_widths(bands: Sequence[Sequence[Any]], width: float) -> list[list[float]]:
    """Every band's column widths on one grid: bands with the same number of columns give each
    column the widest width any of them declares, so a column starts at the same x in each band
    (a sheet whose boxes wander by 3 mm from band to band looks like a spreadsheet, not a form).

    A grid keeps its natural width (its cells are true to size); the width left over goes to the
    other columns. Bands whose declared widths cannot share one grid keep their own widths.
    """
    cells = [band_cells(band) for band in bands]
    declared = [_declared(stacks) for stacks in cells]
    aligned = [_share(fixed, width) for fixed in declared]
    for count in {len(stacks) for stacks in cells if len(stacks) > 1}:
        members = [i for i, stacks in enumerate(cells) if len(stacks) == count]
        widest = [max((declared[i][c] or 0.0) for i in members) for c in range(count)]
        spare = width - PART_GAP * (count - 1) - sum(widest)
        if spare < -1e-6:
            continue
        rigid = [any(_is_grid_column(cells[i][c], widest[c]) for i in members) for c in range(count)]
        open_columns = [c for c in range(count) if not rigid[c]] or [count - 1]
        grid = [w + (spare / len(open_columns) if c in open_columns else 0.0) for c, w in enumerate(widest)]
        for i in members:
            aligned[i] = list(grid)
    return aligned


def _is_grid_column(stack: Sequence[Any], width: float) -> bool:
    """Whether a grid in ``stack`` is exactly ``width`` wide, so widening the column would not fit it."""
    return any(isinstance(p, GridPart) and abs((natural_width(p) or 0) - width) < 1e-6 for p in stack)


def natural_width(part: Any) -> float | None:
    if isinstance(part, GridPart):
        return part.cols * part.cell + (LABEL_COLUMN if part.row_labels else 0)
    return None


LABEL_COLUMN = 7.0
HEADER_TINT = 0.14  # a table header's wash of the theme's accent
TRACK_GAP_MAX = 3.0  # mm: a one-line track spreads its boxes up to this far apart to fill its column


def draw_part(part: Any, x: float, y: float, w: float, ctx: Context) -> Drawn:
    items: list[Item] = []
    top = y
    if part.label:
        label = ctx.tr(part.label)
        size = fonts.fit_size(label, w, LABEL_PT, bold=True, smallest=8, face="headings")
        accent = ctx.theme.palette.accent
        items.append(Text(x, y + 4.2, label, size, True, "left", accent, w, face="headings"))
        y += LABEL_SPACE
    drawer = _DRAWERS[type(part)]
    part_items, h = drawer(part, x, y, w, ctx)
    items.extend(part_items)
    return items, (y - top) + h


def draw_grid(part: GridPart, x: float, y: float, w: float, ctx: Context) -> Drawn:
    items: list[Item] = []
    cell = part.cell
    label_h = 5.0 if part.col_labels else 0.0
    gx = x + (LABEL_COLUMN if part.row_labels else 0.0)
    gy = y + label_h
    for i, label in enumerate(part.col_labels or []):
        items.append(Text(gx + (i + 0.5) * cell, y + 3.5, label, 9, bold=True, align="center", color=GREY))
    for i, label in enumerate(part.row_labels or []):
        baseline = gy + (i + 0.5) * cell + fonts.cap_height(11) / 2
        items.append(Text(x + LABEL_COLUMN / 2 - 0.5, baseline, label, 11, bold=True, align="center"))
    right, bottom = gx + part.cols * cell, gy + part.rows * cell
    for r in range(1, part.rows):
        items.append(Line(gx, gy + r * cell, right, gy + r * cell, GRID_LINE))
    for c in range(1, part.cols):
        items.append(Line(gx + c * cell, gy, gx + c * cell, bottom, GRID_LINE))
    items.append(Rect(gx, gy, part.cols * cell, part.rows * cell, GRID_FRAME))
    return items, label_h + part.rows * cell


def draw_checkboxes(part: CheckboxesPart, x: float, y: float, w: float, ctx: Context) -> Drawn:
    items: list[Item] = []
    gap = 2.5
    per_line = max(1, int((w + gap) // (part.box + gap)))
    for i in range(part.count):
        bx = x + (i % per_line) * (part.box + gap)
        by = y + (i // per_line) * (part.box + gap)
        items.append(Rect(bx, by, part.box, part.box, BOX_LINE, radius=0.8))
        if part.icon:
            inset = part.box * 0.15
            side = part.box - 2 * inset
            items.append(draw_named(part.icon, ctx.tr.icons, bx + inset, by + inset, side, "#8c8c8c", ctx.dpi))
    lines = (part.count + per_line - 1) // per_line
    return items, lines * part.box + (lines - 1) * gap


def draw_track(part: TrackPart, x: float, y: float, w: float, ctx: Context) -> Drawn:
    items: list[Item] = []
    gap = 1.2
    count = part.length
    per_line = max(1, int((w + gap) // (part.box + gap)))
    if count > 1 and per_line >= count:  # one line: spread it over the column, flush with both its edges
        gap = min(TRACK_GAP_MAX, (w - count * part.box) / (count - 1))
    size = min(11.0, part.box * 1.3)
    for i in range(count):
        bx = x + (i % per_line) * (part.box + gap)
        by = y + (i // per_line) * (part.box + gap)
        items.append(Rect(bx, by, part.box, part.box, BOX_LINE))
        baseline = by + part.box / 2 + fonts.cap_height(size) / 2
        items.append(Text(bx + part.box / 2, baseline, str(part.start + i), size, align="center", max_w=part.box))
    lines = (count + per_line - 1) // per_line
    return items, lines * part.box + (lines - 1) * gap


def draw_legend(part: LegendPart, x: float, y: float, w: float, ctx: Context) -> Drawn:
    items: list[Item] = []
    row_h = 9.0
    key_w = 12.0
    for i, entry in enumerate(part.entries):
        top = y + i * row_h
        baseline = top + row_h / 2 + fonts.cap_height(11) / 2
        items.append(Text(x, baseline, entry.key, 11, bold=True, max_w=key_w - 1))
        tx = x + key_w
        if entry.symbol:
            items.append(Rect(tx, top + 1, row_h - 2, row_h - 2, BOX_LINE))
            symbol = ctx.tr(entry.symbol)
            items.append(Text(tx + (row_h - 2) / 2, baseline, symbol, 12, True, "center", max_w=row_h - 2))
            tx += row_h + 1
        text = ctx.tr(entry.text)
        icon_w = row_h if entry.icon else 0.0
        size = fonts.fit_size(text, x + w - tx - icon_w, 10.5, smallest=7)
        items.append(Text(tx, baseline, text, size, max_w=x + w - tx - icon_w))
        if entry.icon:
            items.append(
                draw_named(entry.icon, ctx.tr.icons, x + w - row_h + 1, top + 1, row_h - 2, "#444444", ctx.dpi)
            )
    return items, len(part.entries) * row_h


def draw_scoring(part: ScoringPart, x: float, y: float, w: float, ctx: Context) -> Drawn:
    items: list[Item] = []
    top = y
    box_w, gap = 20.0, 2.0
    text_w = w - box_w - 3
    for row in part.rows:
        name = ctx.tr(row.name)
        # "Leaves: largest group ...": the reviewer read "Leaves largest group" as one run-on line
        markup = f"<b>{html.escape(name)}:</b> {html.escape(ctx.tr(row.rule))}"
        text_h = paragraph.height(markup, text_w, 9.5, 11.5)
        row_h = max(part.row_height, text_h + 2)
        items.append(RichText(x, y + (row_h - text_h) / 2, text_w, text_h, markup, 9.5, 11.5))
        items.append(Rect(x + w - box_w, y, box_w, row_h, BOX_LINE))
        items.append(
            Line(x, y + row_h + gap / 2, x + w - box_w - 2, y + row_h + gap / 2, Stroke(color="#bbbbbb", width=0.2))
        )
        y += row_h + gap
    label = ctx.tr(part.total) if part.total else ""
    note_h = 0.0
    if part.note:  # beside the total, under the rows it explains (ogrod's 'touching' had sat under the record)
        room = w - box_w - 6 - (fonts.text_width(label, 12, True) + 4 if label else 0)
        markup = typeset(to_markup(ctx.tr(part.note)), ctx.lang)
        note_h = paragraph.height(markup, room, NOTE_PT, NOTE_LEADING) + 1
        items.append(RichText(x, y + 1, room, note_h - 1, markup, NOTE_PT, NOTE_LEADING, color="#444444"))
    if label:
        items.append(Text(x + w - box_w - 3, y + 8.5, label, 12, bold=True, align="right"))
        items.append(Rect(x + w - box_w, y, box_w, 12, Stroke(width=0.8)))
    y += max(note_h, 12.0 if label else 0.0)
    return items, y - top


NOTE_PT, NOTE_LEADING = 8.0, 9.6  # a scoring part's note


def draw_table(part: TablePart, x: float, y: float, w: float, ctx: Context) -> Drawn:
    tr = ctx.tr
    columns: list[tuple[str, float | None]] = []
    names = ctx.players or []
    starter_at = None
    summed: list[bool] = []  # the columns a total row adds up: the players' (or a seat's), not the others
    seats: list[bool] = []  # the players' columns, each with a line for a name when it has none
    for column in part.columns:
        if column.starter:
            starter_at = len(columns)
        if column.players:
            count = len(names) if names else 0
            if not count:
                count = int(tr.numbers.get("players.max", 2))
            for i in range(count):
                # a seat without a name keeps its number ("Player 2"): a blank header left the
                # columns of `printkit sheets latarnie --players 2` unlabelled
                header = names[i] if i < len(names) and names[i] else tr.msg("player_n", n=i + 1)
                columns.append((header, column.width))
                summed.append(True)
                seats.append(True)
        else:
            columns.append((seat_header(tr(column.header), column.seat, given_names(names, tr)), column.width))
            summed.append(column.seat is not None or not summed)  # a seat's column; the first holds the label
            seats.append(False)
    widths = table_widths(columns, [[tr(cell) for cell in row] for row in part.rows], w)
    items: list[Item] = []
    top = y
    for copy in range(part.repeat):
        if part.repeat > 1:
            accent = ctx.theme.palette.accent
            items.append(Text(x, y + 4, tr.msg("game_n", n=copy + 1), 10, True, "left", accent, face="headings"))
            y += 6
        named = part is ctx.names_on and not copy and unnamed(ctx)  # once a sheet: a later game has the same players
        y = _table_rows(part, columns, widths, x, y, ctx, items, starter_at, summed, seats if named else None)
        y += 5
    return items, y - 5 - top


def unnamed(ctx: Context) -> bool:
    """Whether a table's players' columns need a line each for a name: on a shared sheet headed
    by seats (the kit's companion: A, B, C, D), by "Player 2" for a player without a name, or
    blank; a sheet printed with every player's name, or for one player, needs none."""
    if ctx.player_name is not None:
        return False
    names = ctx.players or []
    return not names or not ctx.starters or not all(names)


def name_row(x: float, y: float, widths: list[float], seats: list[bool], ctx: Context) -> list[Item]:
    """The row under a table's header where the players write their names: a line in each
    player's column, "Name" in the first column, the other columns shaded (nothing to write)."""
    items: list[Item] = []
    cx = x
    for col, (cw, seat) in enumerate(zip(widths, seats, strict=True)):
        items.append(Rect(cx, y, cw, NAME_ROW_H, table_rule(ctx), None if seat or col == 0 else NO_ENTRY))
        if seat:
            items.append(Line(cx + 2.0, y + NAME_ROW_H - 2.0, cx + cw - 2.0, y + NAME_ROW_H - 2.0, NAME_LINE))
        elif col == 0:
            label = ctx.tr.msg("name")
            size = fonts.fit_size(label, cw - 2 * CELL_PAD, 10, bold=True, smallest=SMALLEST_PT)
            baseline = y + NAME_ROW_H / 2 + fonts.cap_height(size) / 2
            items.append(Text(cx + CELL_PAD, baseline, label, size, True, max_w=cw - 2 * CELL_PAD))
        cx += cw
    return items


NAME_ROW_H = 8.0  # mm: the row of names under a shared table's header
NAME_LINE = Stroke(color="#808080", width=0.3)  # the line a name is written on


def given_names(names: list[str], tr: Localizer) -> list[str | None]:
    """The players' names as given to `printkit sheets --names`, None for a seat without one
    (blank, or "Player 2"), which a fixed column's own header says better ("White took")."""
    return [None if name in ("", tr.msg("player_n", n=seat)) else name for seat, name in enumerate(names, start=1)]


def seat_header(header: str, seat: int | None, names: list[str | None]) -> str:
    """A seat's column header with its player's name after it ("Black took – Ala"), when the
    sheet is printed for that player by name."""
    name = names[seat - 1] if seat is not None and seat <= len(names) else None
    if name is None:
        return header
    return f"{header} – {name}" if header else name


def _table_rows(
    part: TablePart,
    columns: list[tuple[str, float | None]],
    widths: list[float],
    x: float,
    y: float,
    ctx: Context,
    items: list[Item],
    starter_at: int | None = None,
    summed: list[bool] | None = None,
    seats: list[bool] | None = None,
) -> float:
    tr = ctx.tr
    head_h = 8.0
    total_w = sum(widths)
    rule = table_rule(ctx)
    items.append(Rect(x, y, total_w, head_h, rule, fill=header_fill(ctx)))
    cx = x
    rows = [list(row) for row in part.rows]
    for index, row in enumerate(rows):
        if starter_at is not None and len(row) <= starter_at and ctx.players and ctx.starters:
            rows[index] = row + [""] * (starter_at - len(row)) + [starter(ctx.players, index)]
    sizes = column_sizes(rows, widths, tr)  # one size for the table's cells; its headers never larger
    head_pt = min(header_size([header for header, _ in columns], widths), sizes[0] if rows else HEADER_PT)
    for (header, _), cw in zip(columns, widths, strict=True):
        items += header_items(header, cx + cw / 2, y, cw - 2 * CELL_PAD, head_h, head_pt, head_pt)
        cx += cw
    items += header_dividers(x, y, widths, head_h, rule)
    y += head_h
    if seats is not None and any(seats):
        items += name_row(x, y, widths, seats, ctx)
        y += NAME_ROW_H
    figures = number_edges(rows, widths, sizes, tr)
    if part.total:
        rows.append([part.total])
    for index, row in enumerate(rows):
        is_total = part.total is not None and index == len(rows) - 1
        h = part.row_height
        cx = x
        for col, cw in enumerate(widths):
            # a total row's cell under a column it does not add up is shaded: nothing to write there
            # (kpn's sheet had a total under "Starts")
            shaded = is_total and summed is not None and col < len(summed) and not summed[col]
            items.append(Rect(cx, y, cw, h, rule, NO_ENTRY if shaded else None))
            if col < len(row):
                text, inner = tr(row[col]), cw - 2 * CELL_PAD
                size = fonts.fit_size(text, inner, 10, bold=True, smallest=SMALLEST_PT) if is_total else sizes[col]
                edge = figures[col] if not is_total else None  # a column of numbers: right-aligned, centred
                items.append(
                    Text(
                        cx + (edge if edge is not None else CELL_PAD),
                        y + h / 2 + fonts.cap_height(size) / 2,
                        text,
                        size,
                        bold=is_total or col == 0,
                        align="left" if edge is None else "right",
                        max_w=cw - 2 * CELL_PAD,
                    )
                )
            cx += cw
        if is_total:  # one heavier rule over the total, not a box of its own over the row above's line
            items.append(Line(x, y, x + total_w, y, replace(rule, width=TOTAL_RULE_W)))
        y += h
    return y


NO_ENTRY = "#e4e4e4"  # a cell nothing is written in


def header_dividers(x: float, top: float, widths: list[float], height: float, rule: Stroke) -> list[Item]:
    """The lines between a header band's columns, in line with the rows' cell borders: without
    them latarnie's headers floated over their columns (a reviewer)."""
    edges = [x + sum(widths[: n + 1]) for n in range(len(widths) - 1)]
    return [Line(edge, top, edge, top + height, rule) for edge in edges]


RULE_W = 0.15  # mm (0.43 pt): a table's rules, light beside its words (0.3 mm of black read as a spreadsheet)
TOTAL_RULE_W = 0.3  # mm: a total row's, which closes the table
RULE_TONE = 0.6  # a table's rules: the theme's accent this strong (a plain kit's near-black: a mid grey)


def table_rule(ctx: Context) -> Stroke:
    """A table's cell borders: light lines in a tone of the theme's accent, like its header's wash."""
    return Stroke(color=tinted(ctx.theme.palette.accent, RULE_TONE), width=RULE_W)


def header_fill(ctx: Context) -> str:
    """A table header's ground: a light wash of the theme's accent (a plain kit's is grey)."""
    return tinted(ctx.theme.palette.accent, HEADER_TINT)


def header_items(
    header: str, centre: float, top: float, width: float, height: float, largest: float = HEADER_PT, most: float = 99.0
) -> list[Item]:
    """A column's header centred in its cell: one line (``largest`` at most: the size its table's
    headers share) when it fits at HEADER_MIN_PT or more, or is one word; else two lines split at
    the space that balances them, as large as the two allow up to ``largest`` (Letter's narrower
    page set 'Tylko jedna kategoria' at 6.5 pt, then on two lines at 7.8 pt); never over ``most``
    (the size of the table's cells: a header larger than them read as another table's)."""
    size = fonts.fit_size(header, width, min(largest, most), bold=True, smallest=SMALLEST_PT)
    words = header.split(" ")
    fits = fonts.text_width(header, size, bold=True) <= width + 1e-6
    if len(words) < 2 or (fits and size >= min(largest, HEADER_MIN_PT, most) - 1e-6):
        return [Text(centre, top + 5.4, header, size, bold=True, align="center", max_w=width)]
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    lines = min(splits, key=lambda pair: max(fonts.text_width(line, largest, bold=True) for line in pair))
    size = min(
        fonts.fit_size(line, width, min(max(largest, HEADER_MIN_PT), most), bold=True, smallest=SMALLEST_PT)
        for line in lines
    )
    cap = fonts.cap_height(size)
    step = cap * 1.6
    first = top + height / 2 - (step + cap) / 2 + cap  # the two lines' capitals centred in the cell
    return [
        Text(centre, first + i * step, line, size, bold=True, align="center", max_w=width)
        for i, line in enumerate(lines)
    ]


def starter(names: list[str], row: int) -> str:
    """Who starts the round of table row ``row``: the first name, then the next seat each row."""
    return names[row % len(names)]


def draw_field(part: FieldPart, x: float, y: float, w: float, ctx: Context) -> Drawn:
    """A box to write in; the player's name field is filled in on personalised sheets."""
    items: list[Item] = [Rect(x, y, w, part.height, BOX_LINE, radius=1.0)]
    name = ctx.player_name if part.name else None
    if name:
        size = fonts.fit_size(str(name), w - 4, 15, bold=True, smallest=8)
        items.append(
            Text(x + 2, y + part.height / 2 + fonts.cap_height(size) / 2, str(name), size, bold=True, max_w=w - 4)
        )
    return items, part.height


def draw_note(part: NotePart, x: float, y: float, w: float, ctx: Context) -> Drawn:
    markup = typeset(to_markup(ctx.tr(part.text)), ctx.lang)  # a one-letter word kept with the next
    h = paragraph.height(markup, w, 9.0, 11.0)
    return [RichText(x, y, w, h, markup, 9.0, 11.0, color="#222222")], h


_DRAWERS: dict[type, Callable[..., Drawn]] = {
    GridPart: draw_grid,
    CheckboxesPart: draw_checkboxes,
    TrackPart: draw_track,
    LegendPart: draw_legend,
    ScoringPart: draw_scoring,
    TablePart: draw_table,
    FieldPart: draw_field,
    NotePart: draw_note,
}
