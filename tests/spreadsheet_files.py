"""Hand-made XLSX and ODS files, written with zipfile at test time (no binaries in git): the
smallest files calamine reads, and the bombs a hostile kit may hold (a shared string used
thousands of times, a repeated ODS cell, a cell at XFD1048576, a highly compressed sheet, a zip of
100,000 entries)."""

from __future__ import annotations

import struct
import zipfile
import zlib
from pathlib import Path
from xml.sax.saxutils import escape

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
SHEET_TYPE = RELS + "/worksheet"


def column_letters(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def xlsx_cell(row: int, column: int, value: object) -> str:
    """One <c> of a sheet (row and column from 0): a number, an inline string, or raw XML given as
    ('xml', '<f>...</f>') for a formula or a shared string's index."""
    ref = f"{column_letters(column)}{row + 1}"
    if isinstance(value, tuple):
        kind, inner = value
        return f'<c r="{ref}"{kind}>{inner}</c>'
    if isinstance(value, (int, float)):
        return f'<c r="{ref}"><v>{value}</v></c>'
    return f'<c r="{ref}" t="inlineStr"><is><t>{escape(str(value))}</t></is></c>'


def xlsx_sheet(rows: list[list[object]], extra: str = "", dimension: str | None = None) -> str:
    """A worksheet's XML: the rows' cells, then ``extra`` (e.g. <mergeCells>)."""
    body = "".join(
        f'<row r="{r + 1}">' + "".join(xlsx_cell(r, c, v) for c, v in enumerate(row) if v is not None) + "</row>"
        for r, row in enumerate(rows)
    )
    dim = f'<dimension ref="{dimension}"/>' if dimension else ""
    head = f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{MAIN}">{dim}'
    return f"{head}<sheetData>{body}</sheetData>{extra}</worksheet>"


def xlsx_bytes_to(
    path: Path, sheets: list[tuple[str, str, str]], shared: list[str] | None = None, **zip_options
) -> Path:
    """An XLSX file of ``sheets`` (name, worksheet XML, state: '' or 'hidden') and shared strings."""
    workbook_sheets = "".join(
        f'<sheet name="{escape(name)}" sheetId="{n + 1}" r:id="rId{n + 1}"'
        + (f' state="{state}"' if state else "")
        + "/>"
        for n, (name, _xml, state) in enumerate(sheets)
    )
    relations = "".join(
        f'<Relationship Id="rId{n + 1}" Type="{SHEET_TYPE}" Target="worksheets/sheet{n + 1}.xml"/>'
        for n in range(len(sheets))
    )
    overrides = "".join(
        f'<Override PartName="/xl/worksheets/sheet{n + 1}.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
        for n in range(len(sheets))
    )
    if shared is not None:
        relations += f'<Relationship Id="rIdS" Type="{RELS}/sharedStrings" Target="sharedStrings.xml"/>'
        overrides += (
            '<Override PartName="/xl/sharedStrings.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
        )
    parts = {
        "[Content_Types].xml": (
            '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
            f"{overrides}</Types>"
        ),
        "_rels/.rels": (
            f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{PACKAGE_RELS}">'
            f'<Relationship Id="rId1" Type="{RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>'
        ),
        "xl/workbook.xml": (
            f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{MAIN}" xmlns:r="{RELS}">'
            f"<sheets>{workbook_sheets}</sheets></workbook>"
        ),
        "xl/_rels/workbook.xml.rels": (
            f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{PACKAGE_RELS}">{relations}</Relationships>'
        ),
    }
    for n, (_name, xml, _state) in enumerate(sheets):
        parts[f"xl/worksheets/sheet{n + 1}.xml"] = xml
    if shared is not None:
        items = "".join(f"<si><t>{escape(text)}</t></si>" for text in shared)
        parts["xl/sharedStrings.xml"] = (
            f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{MAIN}" count="{len(shared)}" '
            f'uniqueCount="{len(shared)}">{items}</sst>'
        )
    return write_zip(path, parts, **zip_options)


def write_zip(path: Path, parts: dict[str, str | bytes], level: int = 9, stored: tuple[str, ...] = ()) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in parts.items():
            method = zipfile.ZIP_STORED if name in stored else zipfile.ZIP_DEFLATED
            archive.writestr(name, data, compress_type=method, compresslevel=None if name in stored else level)
    return path


ODS_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"'
)


def ods_cell(value: object, attributes: str = "") -> str:
    if value is None:
        return f"<table:table-cell{attributes}/>"
    if isinstance(value, (int, float)):
        typed = f'office:value-type="float" office:value="{value}"'
    else:
        typed = 'office:value-type="string"'
    return f"<table:table-cell {typed}{attributes}><text:p>{escape(str(value))}</text:p></table:table-cell>"


def ods_table(name: str, rows_xml: str, style: str = "") -> str:
    styled = f' table:style-name="{style}"' if style else ""
    return f'<table:table table:name="{escape(name)}"{styled}>{rows_xml}</table:table>'


def ods_rows(rows: list[list[object]]) -> str:
    return "".join("<table:table-row>" + "".join(ods_cell(v) for v in row) + "</table:table-row>" for row in rows)


def ods_bytes_to(path: Path, tables: list[str], hidden_style: bool = False, **zip_options) -> Path:
    """An ODS file of the ``tables`` (table XML); ``hidden_style`` defines style 'hid' that hides a table."""
    styles = (
        '<office:automatic-styles><style:style style:name="hid" style:family="table">'
        '<style:table-properties table:display="false"/></style:style></office:automatic-styles>'
        if hidden_style
        else ""
    )
    content = (
        f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ODS_NS} office:version="1.2">'
        f"{styles}<office:body><office:spreadsheet>{''.join(tables)}</office:spreadsheet></office:body>"
        "</office:document-content>"
    )
    manifest = (
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
        'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
        '<manifest:file-entry manifest:full-path="/" '
        'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
        "</manifest:manifest>"
    )
    parts: dict[str, str | bytes] = {
        "mimetype": "application/vnd.oasis.opendocument.spreadsheet",
        "META-INF/manifest.xml": manifest,
        "content.xml": content,
    }
    return write_zip(path, parts, stored=("mimetype",), **zip_options)


def empty_entries_zip(path: Path, count: int) -> Path:
    """A zip of ``count`` empty stored entries, its headers packed by hand (zipfile takes 20 s for 100,000)."""
    local, central = bytearray(), bytearray()
    for number in range(count):
        name = f"xl/media/{number}.bin".encode()
        fields = struct.pack("<HHHHHIIIHH", 20, 0, 0, 0, 0, zlib.crc32(b""), 0, 0, len(name), 0)
        central += b"PK\x01\x02" + struct.pack("<H", 20) + fields + struct.pack("<HHHII", 0, 0, 0, 0, len(local)) + name
        local += b"PK\x03\x04" + fields + name
    count64 = min(count, 0xFFFF)
    end = b"PK\x05\x06" + struct.pack("<HHHHIIH", 0, 0, count64, count64, len(central), len(local), 0)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(bytes(local + central + end))
    return path
