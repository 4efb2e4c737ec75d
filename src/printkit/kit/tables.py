"""Deck types from a table file: the rows of a CSV, XLSX or ODS file become a deck's ``types``.

This runs between reading the kit file and the model: each deck with a ``table:`` gets one plain
type mapping a row appended to its ``types``, and every field so made remembers its table, row
and column (``KitSource.origins``), so a finding about it names
``kits/mygame/cards.xlsx: sheet Cards, row 14, column cost`` instead of a line of the kit file.

The table is hostile input like the kit: it must lie inside the kit's folder (no link out), be at
most MAX_TABLE_BYTES, hold at most MAX_ROWS rows and MAX_COLUMNS columns, and any file that cannot
be read is one finding. python-calamine reads XLSX and ODS, imported only when a kit names such a
table, and only once spreadsheet_scan has held the file to its budget (what calamine would expand).
"""

from __future__ import annotations

import csv
import io
import math
import re
import unicodedata
from pathlib import Path

from msgspec import Struct, field
from pydantic import ValidationError

from printkit.base.errors import KitError, Problem
from printkit.base.idents import IDENTIFIER, identifier_from
from printkit.kit.file import KitSource, display_path
from printkit.kit.paths import KitFolder, PathRefused
from printkit.kit.spreadsheet_scan import MAX_CELL_CHARS, MAX_CELLS, MAX_COLUMNS, MAX_ROWS, scan_spreadsheet
from printkit.kit.spreadsheet_zip import Refused
from printkit.kit.table_spec import DeckTable

MAX_TABLE_BYTES = 20 * 1024 * 1024
SPREADSHEETS = {".xlsx": "XLSX", ".ods": "ODS"}
DELIMITERS = (",", ";", "\t", "|")
ENCODINGS = {"utf-8": "utf-8", "utf-16": "utf-16", "cp1250": "cp1250", "iso-8859-2": "iso-8859-2", "cp1252": "cp1252"}
FIELDS_ONE_COLUMN = ("letter", "icon", "image", "color", "pattern")
_NUMBER = re.compile(r"^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$")

Cell = str | float | int | bool | None


class TableProblem(Exception):
    """Why the table file as a whole cannot be read (reported at the kit's 'table.file' line)."""


class Table(Struct, frozen=True):
    """A table's header and its rows, each with the row number a spreadsheet shows (the header's is 1)."""

    shown: str  # the file as the user names it, e.g. kits/mygame/cards.xlsx
    sheet: str | None
    header: list[str]
    rows: list[tuple[int, list[Cell]]]
    # (row as shown, column from 0) -> why a cell that reads empty holds something (a formula, a merge)
    suspects: dict[tuple[int, int], str] = field(default_factory=dict)

    def place(self, row: int, column: str | None = None) -> str:
        """'sheet Cards, row 14, column cost' (no sheet for a CSV file, no column for a whole row)."""
        parts = [f"sheet {self.sheet}"] if self.sheet is not None else []
        parts.append(f"row {row}")
        if column is not None:
            parts.append(f"column {column}")
        return ", ".join(parts)


def expand_tables(source: KitSource) -> None:
    """Append the rows of every deck's table to its types, or raise a KitError with every finding."""
    components = source.data.get("components") if isinstance(source.data, dict) else None
    if not isinstance(components, list):
        return
    problems: list[Problem] = []
    for index, component in enumerate(components):
        is_deck = isinstance(component, dict) and component.get("kind") in ("cards", "tiles")
        if is_deck and isinstance(component.get("table"), dict):
            problems += expand_deck(source, index, component)
    if problems:
        raise KitError(problems)


def expand_deck(source: KitSource, index: int, deck: dict) -> list[Problem]:
    """One deck's table rows as types; a table spec the model will refuse is left for it to report."""
    at = ("components", index, "table")
    try:
        spec = DeckTable.model_validate(deck["table"])
    except ValidationError:
        return []  # parse_kit names each wrong field of the spec with its line
    try:
        table = read_table(source.folder, spec)
    except TableProblem as exc:
        return [Problem(*source.where(at + ("file",)), str(exc))]
    missing = [(loc, header) for loc, header in mapped_columns(spec) if header not in table.header]
    if missing:
        known = ", ".join(repr(h) for h in table.header if h) or "none"
        return [
            Problem(
                *source.where(at + ("columns",) + loc), f"{table.shown} has no column {header!r} (its columns: {known})"
            )
            for loc, header in missing
        ]
    types = deck.get("types")
    if types is None:
        types = deck["types"] = []
    if not isinstance(types, list):
        return []  # parse_kit says types must be a list
    problems: list[Problem] = []
    first_row: dict[str, int] = {}
    columns = mapped_columns(spec)  # once a deck, not once a row: 10,000 rows read in 0.5 s, not 0.9
    position = {header: at for at, header in enumerate(table.header)}
    for row_number, cells in table.rows:
        loc = ("components", index, "types", len(types))
        made = row_type(table, columns, position, row_number, cells, problems, frozenset(spec.columns.values))
        if made is None:
            continue
        ident = str(made.get("id", ""))
        if ident in first_row:
            problems.append(
                Problem(
                    table.shown,
                    None,
                    table.place(row_number, spec.columns.id),
                    f"the id {ident!r} is also the id of row {first_row[ident]}; give each row its own id",
                )
            )
            continue
        first_row[ident] = row_number
        types.append(made)
        record_origins(source, loc, table, columns, row_number)
    if not table.rows:
        problems.append(Problem(*source.where(at + ("file",)), f"{table.shown} has no rows below its header row"))
    return problems


def mapped_columns(spec: DeckTable) -> list[tuple[tuple[str, ...], str]]:
    """Every (field path in 'columns', header) the spec names."""
    columns = spec.columns
    out: list[tuple[tuple[str, ...], str]] = [(("id",), columns.id)]
    if columns.count is not None:
        out.append((("count",), columns.count))
    for name in ("name", "text"):
        for lang, header in (getattr(columns, name) or {}).items():
            out.append(((name, lang), header))
    for name in FIELDS_ONE_COLUMN:
        header = getattr(columns, name)
        if header is not None:
            out.append(((name,), header))
    for name, header in columns.values.items():
        out.append((("values", name), header))
    for name, headers in columns.texts.items():
        if isinstance(headers, str):
            out.append((("values", name), headers))
        else:
            out.extend((("values", name, lang), header) for lang, header in headers.items())
    return out


def row_type(
    table: Table,
    columns: list[tuple[tuple[str, ...], str]],
    position: dict[str, int],
    row_number: int,
    cells: list[Cell],
    problems: list[Problem],
    numeric: frozenset[str] = frozenset(),
) -> dict | None:
    """A row as a plain type mapping (None for an empty row): ``columns`` are the spec's (field path,
    header), ``position`` each header's column, ``numeric`` the values read as numbers (the others
    are texts); a cell that cannot be read is a problem."""
    if all(cell is None or (isinstance(cell, str) and not cell.strip()) for cell in cells):
        return None

    def cell(header: str) -> Cell:
        at = position[header]
        return cells[at] if at < len(cells) else None

    made: dict = {}
    for loc, header in columns:
        value = cell(header)
        if value is None or (isinstance(value, str) and not value.strip()):
            why = table.suspects.get((row_number, position[header]))
            if why is not None:
                problems.append(Problem(table.shown, None, table.place(row_number, header), why))
                return None
            if loc[0] in ("id",):
                problems.append(
                    Problem(table.shown, None, table.place(row_number, header), "an empty cell; every row needs an id")
                )
                return None
            continue  # an empty cell leaves the field out: a language or value this type has not
        if loc[0] == "id":
            # "Wolf" or "Wilk leśny" as the id wolf, wilk_lesny: a designer's first column is words
            # (one with no letter or digit stays as it is: the model's finding names its cell)
            ident = as_text(value)
            put(made, loc, ident if IDENTIFIER.match(ident) else identifier_from(ident) or ident)
            continue
        if loc[0] == "count" or (loc[0] == "values" and loc[1] in numeric):
            number = as_number(value)
            if number is None:
                problems.append(
                    Problem(table.shown, None, table.place(row_number, header), f"{shown_cell(value)} is not a number")
                )
                continue
            put(made, loc, number)
        else:
            put(made, loc, as_text(value))
    made.setdefault("count", 1)
    return made


def put(made: dict, loc: tuple[str, ...], value: object) -> None:
    for part in loc[:-1]:
        made = made.setdefault(part, {})
    made[loc[-1]] = value


def record_origins(
    source: KitSource, loc: tuple, table: Table, columns: list[tuple[tuple[str, ...], str]], row_number: int
) -> None:
    """Every field of the row's type, and the type itself, names the table, row and column."""
    source.origins[loc] = (table.shown, table.place(row_number))
    for field_loc, header in columns:
        source.origins[loc + field_loc] = (table.shown, table.place(row_number, header))


def as_number(value: Cell) -> int | float | None:
    """A cell as a number: whole numbers as int (a spreadsheet's 3.0 is 3), '1,5' as 1.5; else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        number: float = value
    elif isinstance(value, str) and _NUMBER.match(value.strip()):
        number = float(value.strip().replace(",", "."))
    else:
        return None
    if not math.isfinite(number):
        return None
    return int(number) if number.is_integer() and abs(number) < 1e15 else number


def as_text(value: Cell) -> str:
    """A cell as text: a spreadsheet's whole number 3.0 as '3', the text in NFC and without the
    spaces around it."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return unicodedata.normalize("NFC", str(value)).strip()


def shown_cell(value: Cell) -> str:
    text = str(value)
    return repr(text if len(text) <= 40 else text[:39] + "…")


# --- reading the file ------------------------------------------------------------------------------


def read_table(folder: KitFolder, spec: DeckTable) -> Table:
    """The table the spec names, inside the kit's folder, checked and limited."""
    try:
        path = folder.path(spec.file, "table")
        if path.suffix.lower() in SPREADSHEETS or path.suffix.lower() == ".csv":
            if folder.file(spec.file, "table") is None:
                raise TableProblem(f"no table '{spec.file}' in the kit's folder {display_path(folder.shown)}/")
    except PathRefused as refused:
        raise TableProblem(str(refused)) from None
    return read_path(path, spec.file, spec.sheet, spec.delimiter, spec.encoding)


def read_path(path: Path, named: str, sheet: str | None, delimiter: str = "auto", encoding: str = "auto") -> Table:
    """The table file at ``path`` (``named`` as the user wrote it), checked and limited."""
    shown = display_path(path)
    suffix = path.suffix.lower()
    if suffix != ".csv" and suffix not in SPREADSHEETS:
        raise TableProblem(f"'{named}' is not a table printkit reads; use a .csv, .xlsx or .ods file")
    if not path.is_file():
        raise TableProblem("no such file")
    size = path.stat().st_size
    if size > MAX_TABLE_BYTES:
        raise TableProblem(f"{shown} is {size:,} bytes; the limit is {MAX_TABLE_BYTES:,} bytes (20 MB) a table")
    if suffix == ".csv":
        if sheet is not None:
            raise TableProblem(f"{shown} is a CSV file, which has no sheets; leave out 'sheet'")
        return checked_table(shown, None, csv_rows(path.read_bytes(), shown, delimiter, encoding))
    chosen, grid, suspects = spreadsheet_rows(path, shown, SPREADSHEETS[suffix], sheet)
    return checked_table(shown, chosen, grid, suspects)


def checked_table(
    shown: str, sheet: str | None, grid: list[list[Cell]], suspects: dict[tuple[int, int], str] | None = None
) -> Table:
    """The header row and the rows below it, within the limits."""
    if not grid or all(cell is None or cell == "" for cell in grid[0]):
        raise TableProblem(f"{shown} has no header row; its first row must name the columns")
    if len(grid) - 1 > MAX_ROWS:
        raise TableProblem(f"{shown} has {len(grid) - 1:,} rows below its header; the limit is {MAX_ROWS:,}")
    header = [as_text(cell) if cell is not None else "" for cell in grid[0]]
    if len(header) > MAX_COLUMNS:
        raise TableProblem(f"{shown} has {len(header):,} columns; the limit is {MAX_COLUMNS}")
    seen: set[str] = set()
    for column, name in enumerate(header, start=1):
        if name and name in seen:
            raise TableProblem(f"{shown}: the header row names the column {name!r} twice (again in column {column})")
        seen.add(name)
    rows = []
    for number, cells in enumerate(grid[1:], start=2):
        for cell in cells:
            if isinstance(cell, str) and len(cell) > MAX_CELL_CHARS:
                raise TableProblem(
                    f"{shown}: row {number} holds a cell of {len(cell):,} characters; the limit is {MAX_CELL_CHARS:,}"
                )
        rows.append((number, cells))
    return Table(shown, sheet, header, rows, suspects or {})


def csv_rows(raw: bytes, shown: str, delimiter: str, encoding: str) -> list[list[Cell]]:
    text = decoded(raw, shown, encoding)
    chosen = delimiter if delimiter != "auto" else sniffed_delimiter(text)
    try:
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=chosen, strict=True)
        grid: list[list[Cell]] = []
        cells = 0
        for row in reader:  # the limits checked row by row, as the file is read: a 20 MB file of
            # one-letter cells would otherwise hold ten million strings (571 MB) before it is refused
            if len(grid) > MAX_ROWS + 1:
                raise TableProblem(
                    f"{shown} has more than {MAX_ROWS:,} rows below its header; the limit is {MAX_ROWS:,}"
                )
            if len(row) > MAX_COLUMNS:
                raise TableProblem(
                    f"{shown}: row {reader.line_num} has {len(row):,} columns; the limit is {MAX_COLUMNS}"
                )
            cells += len(row)
            if cells > MAX_CELLS:
                raise TableProblem(f"{shown} has more than {MAX_CELLS:,} cells; the limit is {MAX_CELLS:,} a table")
            grid.append(list(row))
        return grid
    except csv.Error as exc:
        raise TableProblem(f"{shown}: row {reader.line_num} is not valid CSV ({exc})") from None


def decoded(raw: bytes, shown: str, encoding: str) -> str:
    """The CSV file's text: UTF-8 with or without a BOM, UTF-16 with a BOM, or the encoding named."""
    if encoding != "auto":
        codec = ENCODINGS[encoding]
    elif raw.startswith(b"\xef\xbb\xbf"):
        codec = "utf-8-sig"
    elif raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        codec = "utf-16"
    else:
        codec = "utf-8"
    if codec != "utf-16" and b"\x00" in raw:
        raise TableProblem(f"{shown} is a binary file (a zero byte at byte {raw.index(bytes(1)):,}), not a CSV table")
    try:
        return unicodedata.normalize("NFC", raw.decode(codec))
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise TableProblem(
            f"{shown} is not {codec.upper().replace('-SIG', '')} text (byte 0x{raw[exc.start]:02X} on line {line}); "
            "save it as UTF-8, or name its encoding (encoding: cp1250 is what Excel on Polish and Czech Windows saves)"
        ) from None


def sniffed_delimiter(text: str) -> str:
    """The delimiter of , ; tab | that splits the header row into the most columns (a comma for one column)."""
    first = text.split("\n", 1)[0]
    counts = {d: _columns_split_by(first, d) for d in DELIMITERS}
    best = max(DELIMITERS, key=lambda d: counts[d])
    return best if counts[best] > 1 else ","


def _columns_split_by(line: str, delimiter: str) -> int:
    """How many columns ``delimiter`` splits ``line`` into; 0 where it is no CSV with that delimiter
    (a lone carriage return, a field over the csv module's limit: csv.Error, once an internal error)."""
    try:
        return len(next(csv.reader([line], delimiter=delimiter), []))
    except csv.Error:
        return 0


def spreadsheet_rows(
    path: Path, shown: str, kind: str, sheet: str | None
) -> tuple[str, list[list[Cell]], dict[tuple[int, int], str]]:
    """One sheet of an XLSX or ODS file (by name, else the first visible one), read by python-calamine
    once spreadsheet_scan found the file within its budget; and the cells of that sheet that read
    empty but hold a formula or a merged value (row as shown, column from 0)."""
    try:
        scan = scan_spreadsheet(path, kind)
    except Refused as exc:
        raise TableProblem(f"{shown}: sheet {exc.sheet}: {exc}" if exc.sheet else f"{shown} {exc}") from None
    import python_calamine  # only now: a kit without a spreadsheet never pays for it

    try:
        workbook = python_calamine.CalamineWorkbook.from_path(str(path))
        shown_sheets = [
            (meta.name, meta.visible == python_calamine.SheetVisibleEnum.Visible)
            for meta in workbook.sheets_metadata
            if meta.typ == python_calamine.SheetTypeEnum.WorkSheet
        ]
        chosen = chosen_sheet(shown, shown_sheets, sheet)
        grid = workbook.get_sheet_by_name(chosen).to_python(skip_empty_area=False, nrows=MAX_ROWS + 2)
    except (TableProblem, KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:  # calamine's errors (a broken zip, bad XML, a password) and a Rust panic's
        reason = " ".join(str(exc).split())[:160]
        raise TableProblem(f"{shown} cannot be read as an {kind} file ({type(exc).__name__}: {reason})") from None
    suspects = {(row + 1, column): why for (row, column), why in scan.suspects.get(chosen, {}).items()}
    return chosen, [[plain_cell(cell) for cell in row] for row in grid], suspects


def chosen_sheet(shown: str, sheets: list[tuple[str, bool]], named: str | None) -> str:
    """The worksheet the kit names, else the first visible one (sheets: name, visible): a hidden sheet
    is not what the designer sees in the spreadsheet."""
    names = [name for name, _visible in sheets]
    if not names:
        raise TableProblem(f"{shown} holds no sheet")
    if named is not None:
        if named not in names:
            listed = ", ".join(repr(n) for n in names)
            raise TableProblem(f"{shown} has no sheet {named!r} (its sheets: {listed})")
        return named
    for name, visible in sheets:
        if visible:
            return name
    listed = ", ".join(repr(n) for n in names)
    raise TableProblem(f"{shown} has no visible sheet (its hidden sheets: {listed}); name one with 'sheet:'")


def plain_cell(value: object) -> Cell:
    """A spreadsheet's cell as text or a number: an empty cell as None, a date or time as its ISO text."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return None if value == "" else value
    isoformat = getattr(value, "isoformat", None)
    return isoformat() if callable(isoformat) else str(value)
