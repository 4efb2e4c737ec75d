"""A budget for an XLSX or ODS file, checked before python-calamine reads it.

calamine expands what a small file declares: a shared string used 5,000 times becomes 5,000
copies, an ODS cell repeated 1,000 x 100,000 times a million cells, a single cell at XFD1048576 a
grid of 17 billion. So the file is read here first, with the standard library and a few regular
expressions, and held to limits on what calamine would make of it:

- the zip and its XML parts, read within the limits of ``spreadsheet_zip.py`` (entries, sizes,
  ratios and CRCs; no comments, CDATA, processing instructions or DOCTYPEs, which no spreadsheet
  program writes): the tags are then plain to regular expressions, which scan a million cells a
  second where an XML parser's events take five times as long;
- the grid calamine builds for every sheet (from A1 to its last cell holding something, an ODS
  repeat counted as often as it repeats): at most MAX_GRID_ROWS rows, MAX_COLUMNS columns, and
  MAX_CELLS cells in all sheets together; and the text it holds (a shared string counted at each
  use, an ODS ``text:s`` at its count) at most MAX_TEXT_CHARS, a cell at most MAX_CELL_CHARS.

The scan stops at the first limit passed, so refusing a bomb costs what the file holds up to it.
It also notes the cells calamine reads as empty although they are not: a formula without a saved
result and the lower cells of a merged range (``Scan.suspects``), which tables.py reports when a
deck's column reads one.
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from pathlib import Path
from xml.sax.saxutils import unescape

from msgspec import Struct, field

from printkit.kit.spreadsheet_zip import Parts, Refused, directory_within_limits, vetted_entries

MAX_ROWS = 10_000  # below the header row
MAX_GRID_ROWS = MAX_ROWS + 1
MAX_COLUMNS = 500
MAX_CELLS = 250_000  # 10,000 rows of 25 columns; scanning 490,000 took 5.5 s of CPU here
MAX_CELL_CHARS = 5_000
MAX_TEXT_CHARS = 20_000_000
MAX_SHARED_STRINGS = MAX_CELLS

# A tag's attributes, quotes respected: an attribute value may hold '>'.
_ATTRS = rb"""((?:[^>"']|"[^"]*"|'[^']*')*?)"""
_PREFIX = rb"(?:[\w.-]+:)?"
_XLSX_TOKENS = re.compile(
    rb"<" + _PREFIX + rb"c(?=[\s/>])" + _ATTRS + rb"(?:/>|>(.*?)</" + _PREFIX + rb"c\s*>)"
    rb"|<" + _PREFIX + rb"row(?=[\s/>])" + _ATTRS + rb"(/?)>"
    rb"|</" + _PREFIX + rb"row\s*>"
    rb"|<" + _PREFIX + rb"mergeCell(?=[\s/>])" + _ATTRS + rb"/?>",
    re.DOTALL,
)
_ODS_TOKENS = re.compile(
    rb"<"
    + _PREFIX
    + rb"(table-cell|covered-table-cell)(?=[\s/>])"
    + _ATTRS
    + rb"(?:/>|>(.*?)</"
    + _PREFIX
    + rb"(?:table-cell|covered-table-cell)\s*>)"
    rb"|<" + _PREFIX + rb"table-row(?=[\s/>])" + _ATTRS + rb"(/?)>"
    rb"|</" + _PREFIX + rb"table-row\s*>"
    rb"|<" + _PREFIX + rb"table(?=[\s/>])" + _ATTRS + rb"(/?)>",
    re.DOTALL,
)
_SHARED_STRING = re.compile(
    rb"<" + _PREFIX + rb"si(?=[\s/>])" + _ATTRS + rb"(?:/>|>(.*?)</" + _PREFIX + rb"si\s*>)", re.DOTALL
)
_TAG = re.compile(rb"<[^>]*>")
_ENTITY = re.compile(rb"&[^;]*;")
_CELL_REF = re.compile(rb"^\$?([A-Za-z]{1,4})\$?([0-9]{1,9})$")
_HAS_VALUE = re.compile(rb"<" + _PREFIX + rb"(?:v|is)(?=[\s/>])")
_HAS_FORMULA = re.compile(rb"<" + _PREFIX + rb"f(?=[\s/>])")
_SAVED_VALUE = re.compile(rb"<" + _PREFIX + rb"v(?=[\s>])[^>]*>\s*[^<\s]")
_V_TEXT = re.compile(rb"<" + _PREFIX + rb"v(?=[\s>])[^>]*>([^<]*)<")
_ODS_VALUE = re.compile(
    rb"(?:^|\s)" + _PREFIX + rb"(?:value-type|value|string-value|date-value|time-value|boolean-value)\s*="
)
_ODS_FORMULA = re.compile(rb"(?:^|\s)" + _PREFIX + rb"formula\s*=")
_ODS_NESTED = re.compile(rb"<" + _PREFIX + rb"(?:table|table-row|table-cell|covered-table-cell)(?=[\s/>])")
_SPACES = re.compile(rb"<" + _PREFIX + rb"s(?=[\s/>])" + _ATTRS + rb"/?>")
_XLSX_NESTED = re.compile(rb"<" + _PREFIX + rb"(?:c|row|sheetData)(?=[\s/>])")
_SHEET_DATA = re.compile(rb"<" + _PREFIX + rb"sheetData(?=[\s/>])")


class Scan(Struct):
    """What the scan learnt: per sheet, the cells calamine reads as empty although they hold something."""

    suspects: dict[str, dict[tuple[int, int], str]] = field(default_factory=dict)
    cells: int = 0  # the cells of every sheet's grid
    pushed: int = 0  # the cells calamine holds while it reads an ODS table's rows, empty ones between included
    text: int = 0

    def sheet(self, name: str) -> dict[tuple[int, int], str]:
        return self.suspects.setdefault(name, {})


def scan_spreadsheet(path: Path, kind: str) -> Scan:
    """The file's budget checked (``kind`` is XLSX or ODS); raise Refused at the first limit passed."""
    with path.open("rb") as file:
        directory_within_limits(file, kind)
        try:
            archive = zipfile.ZipFile(file)
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError):  # e.g. "zip file version 16.9"
            raise Refused(f"is not an {kind} file (not a zip archive); save it again from the spreadsheet") from None
        with archive:
            parts = Parts(file, {info.filename: info for info in vetted_entries(archive)})
            scan = Scan()
            if kind == "ODS":
                scan_ods(parts, scan)
            else:
                scan_xlsx(parts, scan)
            for name, info in parts.entries.items():  # calamine may open any: each must unpack to what it says
                if name not in parts.read:
                    parts.verify(info)
            return scan


# --- the grid ----------------------------------------------------------------------------------------


class Grid(Struct):
    """One sheet's grid as calamine builds it, counted as it grows."""

    scan: Scan
    sheet: str
    rows: int = 0  # rows from the first, to the last holding something
    columns: int = 0
    counted: int = 0  # rows x columns already added to scan.cells

    def reach(self, row: int, column: int) -> None:
        """A cell holding something at (row, column), both from 0: the grid reaches it."""
        if row >= MAX_GRID_ROWS:
            raise Refused(
                sheet=self.sheet,
                message=f"its cells reach row {row + 1:,}; a table holds at most {MAX_ROWS:,} rows below its header",
            )
        if column >= MAX_COLUMNS:
            raise Refused(
                sheet=self.sheet,
                message=f"its cells reach column {column + 1:,} (in row {row + 1:,}); a table holds at most "
                f"{MAX_COLUMNS} columns",
            )
        self.rows = max(self.rows, row + 1)
        self.columns = max(self.columns, column + 1)
        grown = self.rows * self.columns - self.counted
        if grown:
            self.counted += grown
            self.scan.cells += grown
            if self.scan.cells > MAX_CELLS:
                raise Refused(
                    sheet=self.sheet,
                    message=f"the sheets reach more than {MAX_CELLS:,} cells (rows x columns, from A1 to "
                    "the last cell holding something); the limit is that many in a spreadsheet",
                )

    def text(self, row: int, column: int, chars: int, times: int = 1) -> None:
        if chars > MAX_CELL_CHARS:
            raise Refused(
                sheet=self.sheet,
                message=f"row {row + 1:,} holds a cell of {chars:,} characters; the limit is {MAX_CELL_CHARS:,}",
            )
        self.scan.text += chars * times
        if self.scan.text > MAX_TEXT_CHARS:
            raise Refused(
                sheet=self.sheet,
                message=f"the cells hold more than {MAX_TEXT_CHARS:,} characters (a shared text counted "
                "at each use); the limit is that many in a spreadsheet",
            )


def text_length(xml: bytes) -> int:
    """The characters the XML's text holds, at most: tags dropped, an entity counted as one."""
    return len(_ENTITY.sub(b"&", _TAG.sub(b"", xml)).decode("utf-8", "replace"))


_ATTRIBUTES: dict[bytes, re.Pattern[bytes]] = {}


def attribute(attrs: bytes, name: bytes) -> bytes | None:
    """An attribute's value (by its local name, any prefix), or None."""
    if name not in attrs:  # most cells have few attributes: the cheap test first
        return None
    pattern = _ATTRIBUTES.get(name)
    if pattern is None:
        quoted = rb"""\s*=\s*(?:"([^"]*)"|'([^']*)')"""
        pattern = _ATTRIBUTES[name] = re.compile(rb"(?:^|\s)" + _PREFIX + re.escape(name) + quoted)
    found = pattern.search(attrs)
    if found is None:
        return None
    return found.group(1) if found.group(1) is not None else found.group(2)


def whole_number(raw: bytes | None, default: int, what: str, sheet: str) -> int:
    """A row number or repeat count of at most 12 digits (the limits stop far below that)."""
    if raw is None:
        return default
    text = raw.strip()
    if not text.isdigit() or len(text) > 12:
        raise Refused(f"{what} {raw[:20].decode('utf-8', 'replace')!r} is not a whole number", sheet)
    return int(text)


# --- XLSX --------------------------------------------------------------------------------------------


def scan_xlsx(parts: Parts, scan: Scan) -> None:
    """Shared strings first (their lengths), then every part with sheet data: calamine reads the one a
    sheet's relation names, and any part that could be it is scanned, so no spelling of a path escapes."""
    names = sheet_names(parts)
    shared = shared_string_lengths(parts)
    for name, info in parts.entries.items():  # the workbook too: a relation may name it as a sheet
        if holds_sheet_data(parts, info):
            scan_xlsx_sheet(parts.xml(info), names.get(name, name), shared, scan)


def holds_sheet_data(parts: Parts, info: zipfile.ZipInfo) -> bool:
    """Whether the part holds sheet data (read to its end when it does not, which checks its size)."""
    tail = b""
    for chunk in parts.inflated(info):
        if _SHEET_DATA.search(tail + chunk):
            return True
        tail = chunk[-64:]
    return False


def sheet_names(parts: Parts) -> dict[str, str]:
    """Worksheet part -> sheet name, as the workbook and its relations say (for messages and suspects)."""
    workbook, relations = parts.entries.get("xl/workbook.xml"), parts.entries.get("xl/_rels/workbook.xml.rels")
    if workbook is None or relations is None:
        return {}
    targets: dict[bytes, str] = {}
    for attrs in re.findall(rb"<" + _PREFIX + rb"Relationship(?=[\s/>])" + _ATTRS + rb"/?>", parts.xml(relations)):
        ident, target = attribute(attrs, b"Id"), attribute(attrs, b"Target")
        if ident is not None and target is not None:
            path = target.decode("utf-8", "replace")
            path = path[1:] if path.startswith("/") else path if path.startswith("xl/") else "xl/" + path
            targets[ident] = posixpath.normpath(path)
    names: dict[str, str] = {}
    for attrs in re.findall(rb"<" + _PREFIX + rb"sheet(?=[\s/>])" + _ATTRS + rb"/?>", parts.xml(workbook)):
        name, ident = attribute(attrs, b"name"), attribute(attrs, b"id")
        if name is not None and ident in targets:
            names[targets[ident]] = unescaped(name)
    return names


def unescaped(raw: bytes) -> str:
    return unescape(raw.decode("utf-8", "replace"), {"&quot;": '"', "&apos;": "'"})


def shared_string_lengths(parts: Parts) -> list[int]:
    """Each shared string's length; their count and total within the limits."""
    lengths: list[int] = []
    found = [info for name, info in parts.entries.items() if posixpath.basename(name).lower() == "sharedstrings.xml"]
    if len(found) > 1:
        raise Refused("holds more than one table of shared strings; save it again from the spreadsheet")
    if not found:
        return lengths
    total = 0
    for match in _SHARED_STRING.finditer(parts.xml(found[0])):
        length = text_length(match.group(2) or b"")
        lengths.append(length)
        total += length
        if len(lengths) > MAX_SHARED_STRINGS or total > MAX_TEXT_CHARS:
            raise Refused(
                f"holds more than {MAX_SHARED_STRINGS:,} shared texts or {MAX_TEXT_CHARS:,} characters of them; "
                "the limit is that many in a spreadsheet"
            )
    return lengths


def cell_position(raw: bytes, sheet: str) -> tuple[int, int]:
    """'B3' -> (2, 1)."""
    found = _CELL_REF.match(raw.strip())
    if found is None:
        raise Refused(sheet=sheet, message=f"the cell reference {raw[:20].decode('utf-8', 'replace')!r} is not one")
    letters, digits = found.group(1).upper(), found.group(2)
    column = 0
    for letter in letters:
        column = column * 26 + (letter - 64)
    return int(digits) - 1, column - 1


def scan_xlsx_sheet(data: bytes, sheet: str, shared: list[int], scan: Scan) -> None:
    """Every cell of a worksheet part, placed as calamine places it (its 'r', else after the last)."""
    grid = Grid(scan, sheet)
    suspects = scan.sheet(sheet)
    row_index = column_index = 0
    for token in _XLSX_TOKENS.finditer(data):
        text = token.group(0)
        if text.startswith(b"</"):
            row_index, column_index = row_index + 1, 0
        elif token.group(3) is not None:  # <row ...>
            start = attribute(token.group(3), b"r")
            if start is not None:
                row_index = whole_number(start, 1, "the row number", sheet) - 1
            if token.group(4):
                row_index, column_index = row_index + 1, 0
        elif token.group(5) is not None:  # <mergeCell ref="B2:B4"/>
            merged(attribute(token.group(5), b"ref"), grid, suspects)
        else:
            ref = attribute(token.group(1), b"r")
            row, column = cell_position(ref, sheet) if ref is not None else (row_index, column_index)
            column_index = column + 1
            xlsx_cell(token.group(1), token.group(2) or b"", row, column, grid, shared, suspects)


def xlsx_cell(attrs: bytes, body: bytes, row: int, column: int, grid: Grid, shared: list[int], suspects: dict) -> None:
    if _XLSX_NESTED.search(body):  # an unclosed <c> would hide the cells after it from the pattern
        raise Refused(
            sheet=grid.sheet, message=f"row {row + 1:,}: a cell inside a cell; save it again from the spreadsheet"
        )
    if _HAS_VALUE.search(body):
        grid.reach(row, column)
        if attribute(attrs, b"t") == b"s":
            value = _V_TEXT.search(body)
            index = value.group(1).strip() if value else b""
            if not index.isdigit() or int(index) >= len(shared):
                raise Refused(
                    sheet=grid.sheet,
                    message=f"row {row + 1:,} names shared text {index[:12].decode('utf-8', 'replace')!r} "
                    f"of {len(shared):,}; save it again from the spreadsheet",
                )
            grid.text(row, column, shared[int(index)])
        else:
            grid.text(row, column, text_length(body))
    if _HAS_FORMULA.search(body) and not _SAVED_VALUE.search(body) and len(suspects) < MAX_CELLS:
        suspects[(row, column)] = NO_RESULT


def merged(ref: bytes | None, grid: Grid, suspects: dict) -> None:
    """The cells of a merged range below and right of its first, which hold nothing in the file."""
    if ref is None or b":" not in ref:
        return
    first, last = (cell_position(end, grid.sheet) for end in ref.split(b":", 1))
    rows = range(first[0], min(last[0], MAX_GRID_ROWS - 1) + 1)
    columns = range(first[1], min(last[1], MAX_COLUMNS - 1) + 1)
    if len(suspects) + len(rows) * len(columns) > MAX_CELLS:
        raise Refused(sheet=grid.sheet, message=f"merged ranges cover more than {MAX_CELLS:,} cells")
    name = ref.decode("ascii", "replace")
    anchor = name.split(":")[0]
    for row in rows:
        for column in columns:
            if (row, column) != first:
                suspects[(row, column)] = (
                    f"a lower or right part of the merged cells {name}, which hold their value in {anchor} only; "
                    "unmerge them and write the value in each row"
                )


# --- ODS ---------------------------------------------------------------------------------------------


def scan_ods(parts: Parts, scan: Scan) -> None:
    """content.xml holds every table, and calamine builds them all when it opens the file."""
    content = parts.entries.get("content.xml")
    if content is None:
        raise Refused("is not an ODS file (no content.xml); save it again from the spreadsheet")
    data = parts.xml(content)
    table: OdsTable | None = None
    for token in _ODS_TOKENS.finditer(data):
        text = token.group(0)
        if token.group(6) is not None:  # <table:table ...>
            name = attribute(token.group(6), b"name")
            table = OdsTable(Grid(scan, unescaped(name) if name is not None else "?"))
        elif table is None:
            continue
        elif token.group(1) is not None:
            table.cell(token.group(1), token.group(2), token.group(3) or b"")
        elif token.group(4) is not None:
            table.start_row(token.group(4))
            if token.group(5):
                table.end_row()
        elif text.startswith(b"</"):
            table.end_row()


class OdsTable(Struct):
    """One ODS table, counted as calamine expands it: a run of empty cells or rows takes room only
    when something follows it; a repeated cell or row holding something, each time it repeats."""

    grid: Grid
    row: int = 0  # the grid rows made so far
    empty_rows: int = 0  # empty rows not yet followed by a row holding something
    repeats: int = 1  # this row's repeat count
    width: int = 0  # this row's cells so far, a run of empty ones at its end left out
    empty_cells: int = 0  # the run of empty cells at the row's end so far
    last_empty: int = 0  # the last empty cell's repeat count: calamine holds the others already
    # this row's cells: (first column, repeat count, characters held, or None for one that reads empty, why)
    cells: list[tuple[int, int, int | None, str]] = field(default_factory=list)

    def start_row(self, attrs: bytes) -> None:
        self.repeats = whole_number(attribute(attrs, b"number-rows-repeated"), 1, "a row repeat", self.grid.sheet)
        self.width, self.empty_cells, self.last_empty, self.cells = 0, 0, 0, []

    def cell(self, tag: bytes, attrs: bytes, body: bytes) -> None:
        if b"table" in body and _ODS_NESTED.search(body):
            raise Refused(sheet=self.grid.sheet, message="a table inside a cell; save it again from the spreadsheet")
        times = whole_number(attribute(attrs, b"number-columns-repeated"), 1, "a cell repeat", self.grid.sheet)
        self.held(self.last_empty)  # calamine 0.26 holds a run of empty cells once another cell follows it
        start = self.width + self.empty_cells
        value, formula = _ODS_VALUE.search(attrs), _ODS_FORMULA.search(attrs)
        if value is None and formula is None:
            self.empty_cells += times
            self.last_empty = times
            if tag == b"covered-table-cell":
                self.cells.append((start, times, None, MERGED))
            return
        self.held(times)
        self.width, self.empty_cells, self.last_empty = start + times, 0, 0
        string_value = attribute(attrs, b"string-value") or b""
        chars = text_length(body) + body.count(b"<") + spaces(body, self.grid.sheet) + len(string_value)
        self.cells.append((start, times, chars, ""))
        if value is None:
            self.cells.append((start, times, None, NO_RESULT))

    def held(self, cells: int) -> None:
        """Cells calamine holds while it reads the rows, before it builds the grid."""
        self.grid.scan.pushed += cells
        if self.grid.scan.pushed > MAX_CELLS:
            raise Refused(
                sheet=self.grid.sheet,
                message=f"the rows hold more than {MAX_CELLS:,} cells (a repeated cell counted as "
                "often as it repeats); the limit is that many in a spreadsheet",
            )

    def end_row(self) -> None:
        if self.width == 0:
            first = self.row + self.empty_rows
            self.empty_rows += self.repeats
        else:
            first = self.row + self.empty_rows
            self.row, self.empty_rows = first + self.repeats, 0
            self.grid.reach(self.row - 1, self.width - 1)
        for start, times, chars, _why in self.cells:
            if chars is not None:
                self.grid.text(first, start, chars, times * self.repeats)
        self.note_suspects(first)

    def note_suspects(self, first: int) -> None:
        """Covered cells and formulas without a value in this row, for a deck column that reads one."""
        suspects = self.grid.scan.sheet(self.grid.sheet)
        for start, times, chars, why in self.cells:
            if chars is not None:
                continue
            rows = range(first, min(first + self.repeats, MAX_GRID_ROWS))
            columns = range(start, min(start + times, MAX_COLUMNS))
            if len(suspects) + len(rows) * len(columns) > MAX_CELLS:
                raise Refused(
                    sheet=self.grid.sheet, message=f"merged or formula cells cover more than {MAX_CELLS:,} cells"
                )
            for row in rows:
                for column in columns:
                    suspects[(row, column)] = why


NO_RESULT = (
    "a formula without a saved result (a program that does not compute formulas wrote the file); open and save "
    "it in a spreadsheet program, or write the value"
)
MERGED = (
    "a lower or right part of merged cells, which hold their value in the first cell only; unmerge them and write "
    "the value in each row"
)


def spaces(body: bytes, sheet: str) -> int:
    """The spaces ``<text:s text:c="N"/>`` stands for: calamine writes each of them."""
    total = 0
    for attrs in _SPACES.findall(body):
        total += whole_number(attribute(attrs, b"c"), 1, "a run of spaces", sheet)
        if total > MAX_CELL_CHARS:
            raise Refused(
                sheet=sheet, message=f"a cell of more than {MAX_CELL_CHARS:,} spaces; the limit is {MAX_CELL_CHARS:,}"
            )
    return total
