"""Mutations of a deck's table (CSV, XLSX, ODS) for fuzzing. The kit text stays valid; the table
file in its folder is what changes, at three levels: its cells (control characters, a BOM, huge or
repeated texts, odd numerals, too many rows or columns), the spreadsheet's XML (a shared-string
bomb, a cell far out, repeated rows and columns, deep nesting, a hidden first sheet, a formula
without its value, merged cells) and its bytes (truncated, flipped, a zip that lies about its
sizes, a FIFO, a link to /dev/zero or out of the kit's folder).

The XLSX and ODS files are written here, as bytes, so that every part an attacker controls can be
made hostile; python-calamine reads them as it reads a spreadsheet's own.
"""

from __future__ import annotations

import csv
import io
import random
import struct
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from fuzz.hostile import Content, flipped, folder_link, special, truncated

HEADER = ["id", "count", "nazwa", "název", "opis", "koszt"]
ROWS = [
    ["zolw", 2, "Żółw", "Želva", "Idzie powoli.", 1],
    ["jez", 1, "Jeż", "Ježek", "Kłuje.", 2],
    ["los", 3, "Łoś", "Los", "Duży i silny.", 0],
    ["cma", 1, "Ćma", "Můra", "Leci do światła.", 4],
]


def table_kit(file_name: str, sheet: str | None = None) -> str:
    """A kit whose one deck reads its types from ``file_name`` in the kit's folder."""
    sheet_line = f"      sheet: {sheet}\n" if sheet else ""
    return f"""kit:
  title: {{pl: "Zwierzęta", cs: "Zvířata"}}
  players: {{min: 1, max: 4}}
  languages: [pl, cs]
  default_lang: pl
  author: "printkit fuzzer"
components:
  - id: cards
    kind: cards
    title: {{pl: "Karty", cs: "Karty"}}
    width: 63mm
    height: 88mm
    table:
      file: {file_name}
{sheet_line}      columns:
        id: id
        count: count
        name: {{pl: nazwa, cs: název}}
        text: {{pl: opis, cs: opis}}
        values: {{cost: koszt}}
    face:
      - {{type: frame}}
      - {{type: name, box: [5, 6, 53, 12]}}
      - {{type: text, box: [5, 22, 53, 50]}}
rules:
  - heading: {{pl: "Zasady", cs: "Pravidla"}}
    body: {{pl: "Talia ma {{cards.total}} kart.", cs: "Balíček má {{cards.total}} karet."}}
invariants:
  - {{id: deck, check: "cards.total == 7", rule: {{pl: "7 kart", cs: "7 karet"}}}}
"""


@dataclass
class Draft:
    """A table being mutated: its cells, then (a spreadsheet) its parts, then its bytes."""

    form: str  # "csv" | "xlsx" | "ods"
    rows: list[list[object]]
    sheet: str = "Karty"
    hidden_first: bool = False  # a hidden sheet before the deck's (the kit then names no sheet)
    stage: int = 0  # 0: cells, 1: parts, 2: bytes
    parts: dict[str, bytes] = field(default_factory=dict)
    data: Content = b""


# --- cells (any form) -------------------------------------------------------------------------------

ODD_TEXTS = [
    "\ufeffid",
    "a\u00adb",  # a soft hyphen
    "\u202eevil",  # a right-to-left override
    "tab\there",
    "two\nlines",
    "cr\rline",
    "bel\x07",
    "esc\x1b[31m",
    "nul\x00",
    "\ud800",  # a lone surrogate
    '=HYPERLINK("http://x")',
    "'quoted",
    '"',
    "",
    " ",
    "😀",
    "Z\u0301\u0301\u0301\u0301\u0301\u0301",
]
ODD_NUMBERS = [
    "NaN",
    "nan",
    "inf",
    "-inf",
    "1e309",
    "010",
    "0b1000",
    "0x8",
    "8_0",
    "-0",
    "1e15",
    "9" * 400,
    "1,5",
    "",
    "-3",
]


def odd_cell(draft: Draft, rng: random.Random) -> None:
    row = rng.randrange(len(draft.rows))
    column = rng.randrange(len(draft.rows[row])) if draft.rows[row] else 0
    value = rng.choice(ODD_TEXTS)
    if draft.rows[row]:
        draft.rows[row][column] = value
    else:
        draft.rows[row].append(value)


def odd_number(draft: Draft, rng: random.Random) -> None:
    row = rng.randrange(1, len(draft.rows)) if len(draft.rows) > 1 else 0
    column = rng.choice([1, 5])
    value: object = rng.choice(ODD_NUMBERS + [float("nan"), float("inf"), 10**30, -1, 0, 10**6])
    if column < len(draft.rows[row]):
        draft.rows[row][column] = value


def huge_cell(draft: Draft, rng: random.Random) -> None:
    size = rng.choice([4_999, 5_001, 100_000])
    row = draft.rows[rng.randrange(1, len(draft.rows))] if len(draft.rows) > 1 else draft.rows[0]
    row.extend([None] * (5 - len(row)))
    row[4] = rng.choice("xż ") * size


def repeated_cell(draft: Draft, rng: random.Random) -> None:
    """One long text in every cell of many rows: a spreadsheet keeps it once, its reader may not."""
    text = "ż" * rng.choice([1_000, 4_000])
    for number in range(rng.choice([200, 2_000])):
        draft.rows.append([f"r{number}", 1, text, text, text, 1])


# The most cells a mutation makes: twelve times printkit's 250,000-cell budget says all there is to
# say, while 30,000 rows of 5,000 columns (150 million cells) took the fuzzer 1.5 GB to write.
MOST_CELLS = 3_000_000


def many_rows(draft: Draft, rng: random.Random) -> None:
    total = rng.choice([9_999, 10_000, 10_001, 30_000])
    total = min(total, MOST_CELLS // max(6, len(draft.rows[0]) if draft.rows else 6))
    draft.rows[1:] = [[f"k{n}", 1, "x", "y", "", n % 5] for n in range(total)]


def many_columns(draft: Draft, rng: random.Random) -> None:
    extra = rng.choice([494, 495, 600, 5_000])
    extra = min(extra, MOST_CELLS // max(1, len(draft.rows)))
    for number, row in enumerate(draft.rows):
        row.extend([f"c{column}" if number == 0 else column for column in range(extra)])


def header_damage(draft: Draft, rng: random.Random) -> None:
    header = draft.rows[0]
    choice = rng.randrange(4)
    if choice == 0:
        header[rng.randrange(len(header))] = header[0]  # a column named twice
    elif choice == 1:
        header[rng.randrange(len(header))] = None
    elif choice == 2:
        draft.rows[0] = []
    else:
        draft.rows.insert(0, [None] * len(header))


def ragged_rows(draft: Draft, rng: random.Random) -> None:
    for row in draft.rows[1:]:
        del row[rng.randrange(len(row) + 1) :]
    draft.rows.append(["extra", 1, "a", "b", "c", 1, "past", "the", "header"])


def same_ids(draft: Draft, rng: random.Random) -> None:
    for row in draft.rows[1:]:
        if row:
            row[0] = rng.choice(["zolw", "Zolw", "zolw ", "żółw", "", "1"])


CELL_MUTATIONS = [odd_cell, odd_number, huge_cell, repeated_cell, many_rows, many_columns, header_damage, ragged_rows]
CELL_MUTATIONS.append(same_ids)


# --- writing the forms ----------------------------------------------------------------------------


def csv_bytes(rows: list[list[object]], delimiter: str = ",") -> bytes:
    out = io.StringIO(newline="")
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    for row in rows:
        writer.writerow(["" if cell is None else cell for cell in row])
    return out.getvalue().encode("utf-8", errors="surrogatepass")


def zipped(parts: dict[str, bytes]) -> bytes:
    """The parts as a zip, with fixed dates (the same bytes for the same seed)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, data in parts.items():
            method = zipfile.ZIP_STORED if name == "mimetype" else zipfile.ZIP_DEFLATED
            archive.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data, compress_type=method)
    return out.getvalue()


def column_name(index: int) -> str:
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name


def _xml_text(value: object) -> str:
    text = str(value)
    return escape("".join(ch if ch in "\t\n\r" or ch >= " " else f"_x{ord(ch):04X}_" for ch in text))


def xlsx_sheet(rows: list[list[object]], strings: dict[str, int]) -> str:
    """A worksheet's XML; texts go to the shared strings (``strings``: text -> index)."""
    lines = []
    for number, row in enumerate(rows, start=1):
        cells = []
        for column, value in enumerate(row):
            ref = f"{column_name(column)}{number}"
            if value is None:
                continue
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                cells.append(f'<c r="{ref}"><v>{value}</v></c>')
            else:
                index = strings.setdefault(str(value), len(strings))
                cells.append(f'<c r="{ref}" t="s"><v>{index}</v></c>')
        lines.append(f'<row r="{number}">{"".join(cells)}</row>')
    return (
        '<?xml version="1.0" encoding="UTF-8"?><worksheet '
        'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
        + "".join(lines)
        + "</sheetData></worksheet>"
    )


XLSX_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def xlsx_parts(draft: Draft) -> dict[str, bytes]:
    sheets = [("Notes", [["not the deck"]], True)] if draft.hidden_first else []
    sheets.append((draft.sheet, draft.rows, False))
    strings: dict[str, int] = {}
    parts = {
        "[Content_Types].xml": (
            b'<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
            b'content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" '
            b'ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/xl/'
            b'workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
            b"</Types>"
        ),
        "_rels/.rels": (
            '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
            f'2006/relationships"><Relationship Id="rId1" Type="{REL_NS}/officeDocument" Target="xl/workbook.xml"/>'
            "</Relationships>"
        ).encode(),
    }
    entries, relations = [], []
    for number, (name, rows, hidden) in enumerate(sheets, start=1):
        state = ' state="hidden"' if hidden else ""
        entries.append(f'<sheet name="{_xml_text(name)}" sheetId="{number}"{state} r:id="rId{number}"/>')
        relations.append(
            f'<Relationship Id="rId{number}" Type="{REL_NS}/worksheet" Target="worksheets/sheet{number}.xml"/>'
        )
        parts[f"xl/worksheets/sheet{number}.xml"] = xlsx_sheet(rows, strings).encode("utf-8", "surrogatepass")
    relations.append(f'<Relationship Id="rIdS" Type="{REL_NS}/sharedStrings" Target="sharedStrings.xml"/>')
    parts["xl/workbook.xml"] = (
        f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{XLSX_NS}" xmlns:r="{REL_NS}"><sheets>'
        + "".join(entries)
        + "</sheets></workbook>"
    ).encode("utf-8", "surrogatepass")
    parts["xl/_rels/workbook.xml.rels"] = (
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
        '2006/relationships">' + "".join(relations) + "</Relationships>"
    ).encode()
    parts["xl/sharedStrings.xml"] = shared_strings(list(strings))
    return parts


def shared_strings(texts: list[str], uses: int | None = None) -> bytes:
    count = uses if uses is not None else len(texts)
    items = "".join(f"<si><t>{_xml_text(text)}</t></si>" for text in texts)
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{XLSX_NS}" count="{count}" '
        f'uniqueCount="{len(texts)}">{items}</sst>'
    ).encode("utf-8", "surrogatepass")


ODS_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"'
)


def ods_cell(value: object) -> str:
    if value is None:
        return "<table:table-cell/>"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return (
            f'<table:table-cell office:value-type="float" office:value="{value}">'
            f"<text:p>{value}</text:p></table:table-cell>"
        )
    return f'<table:table-cell office:value-type="string"><text:p>{_xml_text(value)}</text:p></table:table-cell>'


def ods_table(name: str, rows: list[list[object]], style: str = "") -> str:
    body = "".join("<table:table-row>" + "".join(ods_cell(v) for v in row) + "</table:table-row>" for row in rows)
    styled = f' table:style-name="{style}"' if style else ""
    return f'<table:table table:name="{_xml_text(name)}"{styled}>{body}</table:table>'


def ods_parts(draft: Draft) -> dict[str, bytes]:
    styles = (
        '<office:automatic-styles><style:style style:name="hid" style:family="table">'
        '<style:table-properties table:display="false"/></style:style></office:automatic-styles>'
    )
    tables = ods_table("Notes", [["not the deck"]], "hid") if draft.hidden_first else ""
    tables += ods_table(draft.sheet, draft.rows)
    content = (
        f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ODS_NS} office:version="1.2">'
        f"{styles}<office:body><office:spreadsheet>{tables}</office:spreadsheet></office:body>"
        "</office:document-content>"
    )
    return {
        "mimetype": b"application/vnd.oasis.opendocument.spreadsheet",
        "META-INF/manifest.xml": (
            b'<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:'
            b'opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" '
            b'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry '
            b'manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>'
        ),
        "content.xml": content.encode("utf-8", "surrogatepass"),
    }


# --- the spreadsheet's parts (XLSX, ODS) ----------------------------------------------------------


def _sheet_part(draft: Draft) -> str:
    names = sorted(name for name in draft.parts if name.startswith("xl/worksheets/"))
    return names[-1] if names else "content.xml"


def _insert(draft: Draft, part: str, before: bytes, extra: bytes) -> None:
    data = draft.parts.get(part, b"")
    at = data.rfind(before)
    if at >= 0:
        draft.parts[part] = data[:at] + extra + data[at:]


def shared_string_bomb(draft: Draft, rng: random.Random) -> None:
    """One long shared string used by thousands of cells: kilobytes on disk, a gigabyte read naively."""
    length, uses = rng.choice([(100_000, 5_000), (20_000, 20_000), (1_000_000, 500)])
    draft.parts["xl/sharedStrings.xml"] = shared_strings(["x" * length], uses)
    cells = "".join(
        f'<row r="{n}"><c r="A{n}" t="s"><v>0</v></c><c r="E{n}" t="s"><v>0</v></c></row>' for n in range(2, uses + 2)
    )
    header = "".join(f'<c r="{column_name(c)}1" t="inlineStr"><is><t>{h}</t></is></c>' for c, h in enumerate(HEADER))
    draft.parts[_sheet_part(draft)] = (
        f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{XLSX_NS}"><sheetData><row r="1">{header}</row>'
        f"{cells}</sheetData></worksheet>"
    ).encode()


def repeated_cells_ods(draft: Draft, rng: random.Random) -> None:
    """ODS's repeat counts: one cell or row said to repeat a million times."""
    repeat = rng.choice([16_384, 1_000_000, 2**31 - 1, 10**12])
    attribute = rng.choice(["number-columns-repeated", "number-rows-repeated"])
    text = "y" * rng.choice([1, 1000])
    cell = (
        f'<table:table-cell table:number-columns-repeated="{repeat}" office:value-type="string">'
        f"<text:p>{text}</text:p></table:table-cell>"
    )
    row = f'<table:table-row table:number-rows-repeated="{repeat}">{cell}</table:table-row>'
    _insert(
        draft,
        "content.xml",
        b"</table:table>",
        (row if "rows" in attribute else f"<table:table-row>{cell}</table:table-row>").encode(),
    )


def far_cell(draft: Draft, rng: random.Random) -> None:
    """A cell at the sheet's last row or column: a reader that fills the grid up to it allocates billions."""
    ref = rng.choice(["XFD1048576", "A1048576", "XFD2", "ZZZZ1", "A99999999999", "A0", "1A", ""])
    _insert(draft, _sheet_part(draft), b"</sheetData>", f'<row r="9"><c r="{ref}"><v>1</v></c></row>'.encode())
    if rng.random() < 0.5:
        _insert(draft, _sheet_part(draft), b"<sheetData>", f'<dimension ref="A1:{ref}"/>'.encode())


def repeat_cell(draft: Draft, rng: random.Random) -> None:
    repeat = rng.choice([1_048_575, 16_383, 2**32])
    row = f'<table:table-row table:number-rows-repeated="{repeat}"><table:table-cell/></table:table-row>'
    row += '<table:table-row><table:table-cell office:value-type="float" office:value="1"/></table:table-row>'
    _insert(draft, "content.xml", b"</table:table>", row.encode())


def deep_xml(draft: Draft, rng: random.Random) -> None:
    depth = rng.choice([100, 10_000, 200_000])
    part = _sheet_part(draft) if draft.form == "xlsx" else "content.xml"
    tag = b"<x>" if draft.form == "xlsx" else b"<text:span>"
    close = b"</x>" if draft.form == "xlsx" else b"</text:span>"
    before = b"</sheetData>" if draft.form == "xlsx" else b"</text:p>"
    _insert(draft, part, before, tag * depth + b"z" + close * depth)


def entity_bomb(draft: Draft, rng: random.Random) -> None:
    part = _sheet_part(draft) if draft.form == "xlsx" else "content.xml"
    data = draft.parts.get(part, b"")
    doctype = rng.choice(
        [
            b'<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
            b'<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>',
            b'<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
        ]
    )
    at = data.find(b"?>") + 2
    entity = b"&d;" if b"ENTITY d" in doctype else b"&e;"
    draft.parts[part] = data[:at] + doctype + data[at:].replace(b"Idzie powoli.", entity)


def hidden_first_sheet(draft: Draft, rng: random.Random) -> None:
    draft.hidden_first = True


def formula_without_value(draft: Draft, rng: random.Random) -> None:
    if draft.form == "xlsx":
        _insert(
            draft,
            _sheet_part(draft),
            b"</sheetData>",
            b'<row r="6"><c r="A6" t="str"><f>"a"&amp;"b"</f></c><c r="B6"><f>1/0</f></c></row>',
        )
    else:
        cell = (
            b'<table:table-row><table:table-cell table:formula="of:=1/0"/>'
            b'<table:table-cell table:formula="of:=[.A1]" office:value-type="float"/></table:table-row>'
        )
        _insert(draft, "content.xml", b"</table:table>", cell)


def merged_cells(draft: Draft, rng: random.Random) -> None:
    if draft.form == "xlsx":
        data = draft.parts.get(_sheet_part(draft), b"")
        draft.parts[_sheet_part(draft)] = data.replace(
            b"</sheetData>", b'</sheetData><mergeCells count="1"><mergeCell ref="B2:B5"/></mergeCells>'
        )
    else:
        data = draft.parts.get("content.xml", b"")
        draft.parts["content.xml"] = data.replace(
            b'<table:table-cell office:value-type="float" office:value="2">',
            b'<table:table-cell table:number-rows-spanned="4" office:value-type="float" office:value="2">',
            1,
        )


def nan_value(draft: Draft, rng: random.Random) -> None:
    value = rng.choice([b"NaN", b"INF", b"-1e999", b"1e400", b"", b"x"])
    if draft.form == "xlsx":
        data = draft.parts.get(_sheet_part(draft), b"")
        draft.parts[_sheet_part(draft)] = data.replace(b"<v>2</v>", b"<v>" + value + b"</v>", 1)
    else:
        data = draft.parts.get("content.xml", b"")
        draft.parts["content.xml"] = data.replace(b'office:value="2"', b'office:value="' + value + b'"', 1)


def lying_sheet_names(draft: Draft, rng: random.Random) -> None:
    if draft.form == "xlsx":
        rels = draft.parts.get("xl/_rels/workbook.xml.rels", b"")
        target = rng.choice(
            [b"../../../etc/passwd", b"/etc/hostname", b"worksheets/none.xml", b"worksheets/sheet1.xml"]
        )
        draft.parts["xl/_rels/workbook.xml.rels"] = rels.replace(b"worksheets/sheet1.xml", target, 1)
    else:
        data = draft.parts.get("content.xml", b"")
        draft.parts["content.xml"] = data.replace(b'table:name="Karty"', b'table:name=""', 1)


def many_parts(draft: Draft, rng: random.Random) -> None:
    for number in range(rng.choice([100, 5_000])):
        draft.parts[f"xl/media/pad{number}.bin"] = b""


SHARED_PART_MUTATIONS = [deep_xml, entity_bomb, formula_without_value, merged_cells, nan_value, lying_sheet_names]
XLSX_PART_MUTATIONS = [shared_string_bomb, far_cell, many_parts] + SHARED_PART_MUTATIONS
ODS_PART_MUTATIONS = [repeated_cells_ods, repeat_cell] + SHARED_PART_MUTATIONS


# --- bytes ----------------------------------------------------------------------------------------


def truncate_file(draft: Draft, rng: random.Random) -> None:
    if isinstance(draft.data, bytes):
        draft.data = truncated(draft.data, rng)


def flip_bytes(draft: Draft, rng: random.Random) -> None:
    if isinstance(draft.data, bytes):
        draft.data = flipped(draft.data, rng)


def lying_zip_sizes(draft: Draft, rng: random.Random) -> None:
    """A zip whose central directory (or local headers) declare other sizes than its members have."""
    if not isinstance(draft.data, bytes):
        return
    data = bytearray(draft.data)
    size = rng.choice([0, 1, 0xFFFFFFFF, 0x7FFFFFFF, 300 * 1024 * 1024])
    signature, offset = rng.choice([(b"PK\x01\x02", 24), (b"PK\x03\x04", 22), (b"PK\x01\x02", 20)])
    at = data.find(signature)
    while at >= 0:
        if rng.random() < 0.6:
            data[at + offset : at + offset + 4] = struct.pack("<I", size)
        at = data.find(signature, at + 4)
    draft.data = bytes(data)


def reencoded(draft: Draft, rng: random.Random) -> None:
    """A CSV file in another encoding, with a BOM, or with a BOM in its middle."""
    if not isinstance(draft.data, bytes):
        return
    text = draft.data.decode("utf-8", errors="replace")  # it may be truncated mid-letter
    choice = rng.randrange(6)
    if choice == 0:
        draft.data = b"\xef\xbb\xbf" + draft.data
    elif choice == 1:
        draft.data = text.encode("utf-16", errors="surrogatepass")
    elif choice == 2:
        draft.data = b"\xef\xbb\xbf\xef\xbb\xbf" + draft.data
    elif choice == 3:
        draft.data = text.encode("cp1250", errors="replace")
    elif choice == 4:
        draft.data = draft.data.replace(b"\r\n", b"\r\n\xef\xbb\xbf", 2)
    else:
        draft.data = b"\xff\xfe" + draft.data  # a UTF-16 BOM before UTF-8 text


def broken_quotes(draft: Draft, rng: random.Random) -> None:
    if not isinstance(draft.data, bytes):
        return
    at = rng.randrange(len(draft.data) + 1)
    draft.data = draft.data[:at] + rng.choice([b'"', b'""', b'\n"', b"\x00", b"\r", b";;;;", b"\t"]) + draft.data[at:]


def special_file(draft: Draft, rng: random.Random) -> None:
    draft.data = special(rng, draft.data if isinstance(draft.data, bytes) else b"")


def linked_folder(draft: Draft, rng: random.Random) -> None:
    """The kit's folder is a link to a folder outside holding the table (issue 26 item 1)."""
    draft.data = folder_link(draft.data if isinstance(draft.data, bytes) else b"")


CSV_MUTATIONS = CELL_MUTATIONS + [truncate_file, flip_bytes, reencoded, broken_quotes, special_file, linked_folder]
ZIP_MUTATIONS = [truncate_file, flip_bytes, lying_zip_sizes, special_file, linked_folder]
POOLS = {
    "csv": CSV_MUTATIONS,
    "xlsx": CELL_MUTATIONS + [hidden_first_sheet] + XLSX_PART_MUTATIONS + ZIP_MUTATIONS,
    "ods": CELL_MUTATIONS + [hidden_first_sheet] + ODS_PART_MUTATIONS + ZIP_MUTATIONS,
}
STAGES: list[list[Callable[[Draft, random.Random], None]]] = [
    CELL_MUTATIONS + [hidden_first_sheet],
    XLSX_PART_MUTATIONS + ODS_PART_MUTATIONS,
    [truncate_file, flip_bytes, lying_zip_sizes, reencoded, broken_quotes, special_file, linked_folder],
]


def mutate_table(rng: random.Random, rounds: int = 1, form: str | None = None) -> tuple[str, Content, list[str]]:
    """A table file mutated ``rounds`` times: (its name in the kit's folder, its content, the mutators)."""
    draft = Draft(form or rng.choice(sorted(POOLS)), [list(HEADER)] + [list(row) for row in ROWS])
    chosen = sorted((rng.choice(POOLS[draft.form]) for _ in range(rounds)), key=_stage)
    for mutation in chosen:
        advance(draft, _stage(mutation))
        mutation(draft, rng)
    advance(draft, 2)
    return f"cards.{draft.form}", draft.data, [f"table.{draft.form}.{m.__name__}" for m in chosen]


def advance(draft: Draft, stage: int) -> None:
    """Write the cells as parts (stage 1), the parts as the file's bytes (stage 2), as far as ``stage``."""
    if draft.stage < 1 <= stage:
        if draft.form == "csv":
            draft.data = csv_bytes(draft.rows)
        else:
            draft.parts = xlsx_parts(draft) if draft.form == "xlsx" else ods_parts(draft)
    if draft.stage < 2 <= stage and draft.form != "csv":
        draft.data = zipped(draft.parts)
    draft.stage = max(draft.stage, stage)


def _stage(mutation: Callable) -> int:
    return next(number for number, stage in enumerate(STAGES) if mutation in stage)
