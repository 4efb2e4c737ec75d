"""Spreadsheet bombs are refused before python-calamine expands them (issue 26, item 7): each file
is made here with zipfile, and `printkit validate` runs in a fresh process whose peak memory and
time are measured (under an address-space cap, so a regression fails instead of eating the machine)."""

from __future__ import annotations

import json
import struct
import subprocess
import sys
import zipfile

import pytest

from deck_tables import deck_kit
from spreadsheet_files import (
    empty_entries_zip,
    ods_bytes_to,
    ods_rows,
    ods_table,
    xlsx_bytes_to,
    xlsx_sheet,
)

HEADER = ["id", "count", "nazwa", "název", "opis_pl", "opis_cs", "koszt"]
PEAK_MB = 400
SECONDS = 10

MEASURE = """
import json, resource, subprocess, sys, time
def capped():
    resource.setrlimit(resource.RLIMIT_AS, (3 * 1024**3, 3 * 1024**3))
start = time.monotonic()
done = subprocess.run(sys.argv[1:], capture_output=True, text=True, preexec_fn=capped)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"code": done.returncode, "err": done.stderr, "seconds": time.monotonic() - start,
                  "peak_mb": usage.ru_maxrss / 1024}))
"""


def validate_measured(folder) -> dict:
    """`printkit validate kits/zoo.yaml` in a fresh process: exit code, stderr, seconds, peak MB."""
    command = [sys.executable, "-c", MEASURE, sys.executable, "-m", "printkit", "validate", "kits/zoo.yaml"]
    out = subprocess.run(command, capture_output=True, text=True, cwd=folder, check=True, timeout=120).stdout
    return json.loads(out)


def zoo(folder, table: str) -> None:
    (folder / "kits").mkdir(exist_ok=True)
    (folder / "kits" / "zoo.yaml").write_text(deck_kit(table), encoding="utf-8")


def refused_quickly(folder, table: str) -> str:
    """The one line validate prints, having checked it stayed within the time and memory."""
    zoo(folder, table)
    result = validate_measured(folder)
    assert result["code"] == 1, result["err"]
    assert result["seconds"] < SECONDS and result["peak_mb"] < PEAK_MB, result
    lines = result["err"].strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


AT = f"kits/zoo.yaml:{deck_kit('x').splitlines().index('      file: x') + 1}: components[0].table.file: "


def shared_string_bomb(path, length: int, rows: int, columns: int):
    """One shared text of ``length`` characters, used in ``columns`` cells of ``rows`` rows."""
    uses = "".join(
        f'<row r="{r}">' + "".join(f'<c r="{chr(65 + c)}{r}" t="s"><v>0</v></c>' for c in range(columns)) + "</row>"
        for r in range(2, rows + 2)
    )
    sheet = xlsx_sheet([HEADER]).replace("</sheetData>", uses + "</sheetData>")
    return xlsx_bytes_to(path, [("Karty", sheet, "")], shared=["x" * length])


def test_a_shared_string_of_100000_characters_used_5000_times(tmp_path):
    shared_string_bomb(tmp_path / "kits" / "zoo" / "cards.xlsx", 100_000, 5_000, 1)
    assert refused_quickly(tmp_path, "cards.xlsx") == (
        AT + "kits/zoo/cards.xlsx: sheet Karty: row 2 holds a cell of 100,000 characters; the limit is 5,000"
    )


def test_shared_strings_within_the_cell_limit_count_at_each_use(tmp_path):
    shared_string_bomb(tmp_path / "kits" / "zoo" / "cards.xlsx", 4_000, 2_600, 2)
    assert refused_quickly(tmp_path, "cards.xlsx") == (
        AT + "kits/zoo/cards.xlsx: sheet Karty: the cells hold more than 20,000,000 characters (a shared text "
        "counted at each use); the limit is that many in a spreadsheet"
    )


REPEATED_CELL = '<table:table-cell table:number-columns-repeated="{cols}" office:value-type="float" office:value="1"/>'


@pytest.mark.parametrize(
    "rows, cols, message",
    [
        (100_000, 1_000, "its cells reach row 100,001; a table holds at most 10,000 rows below its header"),
        (5_000, 400, "the sheets reach more than 250,000 cells"),
        (1, 16_384, "its cells reach column 16,384 (in row 2); a table holds at most 500 columns"),
        (1, 600_000, "the rows hold more than 250,000 cells"),
    ],
)
def test_an_ods_cell_repeated_across_rows_and_columns(tmp_path, rows, cols, message):
    repeated = (
        f'<table:table-row table:number-rows-repeated="{rows}">{REPEATED_CELL.format(cols=cols)}</table:table-row>'
    )
    path = ods_bytes_to(tmp_path / "kits" / "zoo" / "cards.ods", [ods_table("Karty", ods_rows([HEADER]) + repeated)])
    assert path.stat().st_size < 1_500
    line = refused_quickly(tmp_path, "cards.ods")
    assert line.startswith(AT + "kits/zoo/cards.ods: sheet Karty: " + message), line


def test_an_ods_run_of_empty_cells_calamine_would_hold(tmp_path):
    row = (
        '<table:table-row><table:table-cell table:number-columns-repeated="100000000"/>'
        "<table:table-cell/></table:table-row>"
    )
    ods_bytes_to(tmp_path / "kits" / "zoo" / "cards.ods", [ods_table("Karty", ods_rows([HEADER]) + row)])
    assert "the rows hold more than 250,000 cells" in refused_quickly(tmp_path, "cards.ods")


def test_an_ods_run_of_spaces(tmp_path):
    cell = (
        '<table:table-cell office:value-type="string"><text:p><text:s text:c="4000000000"/></text:p></table:table-cell>'
    )
    rows = ods_rows([HEADER]) + f"<table:table-row>{cell}</table:table-row>"
    ods_bytes_to(tmp_path / "kits" / "zoo" / "cards.ods", [ods_table("Karty", rows)])
    assert refused_quickly(tmp_path, "cards.ods") == (
        AT + "kits/zoo/cards.ods: sheet Karty: a cell of more than 5,000 spaces; the limit is 5,000"
    )


@pytest.mark.parametrize(
    "cell, message",
    [
        ("XFD1048576", "its cells reach row 1,048,576; a table holds at most 10,000 rows below its header"),
        ("XFD2", "its cells reach column 16,384 (in row 2); a table holds at most 500 columns"),
        ("ZZZZZ2", "the cell reference 'ZZZZZ2' is not one"),
    ],
)
def test_a_cell_at_a_huge_index(tmp_path, cell, message):
    far = f'<row r="2"><c r="{cell}"><v>1</v></c></row>'
    sheet = xlsx_sheet([HEADER], dimension=f"A1:{cell}").replace("</sheetData>", far + "</sheetData>")
    xlsx_bytes_to(tmp_path / "kits" / "zoo" / "cards.xlsx", [("Karty", sheet, "")])
    assert refused_quickly(tmp_path, "cards.xlsx") == AT + "kits/zoo/cards.xlsx: sheet Karty: " + message


def test_rows_past_the_limit_are_refused_before_calamine_reads_them(tmp_path):
    """A 700 KB XLSX of 60,000 rows within every other limit: refused at its row 10,002."""
    many = "".join(f'<row r="{r}"><c r="A{r}"><v>{r}</v></c></row>' for r in range(2, 60_002))
    sheet = xlsx_sheet([HEADER]).replace("</sheetData>", many + "</sheetData>")
    xlsx_bytes_to(tmp_path / "kits" / "zoo" / "cards.xlsx", [("Karty", sheet, "")])
    assert refused_quickly(tmp_path, "cards.xlsx") == (
        AT + "kits/zoo/cards.xlsx: sheet Karty: its cells reach row 10,002; a table holds at most 10,000 rows below "
        "its header"
    )


def test_a_highly_compressed_sheet_is_a_zip_bomb(tmp_path):
    sheet = xlsx_sheet([HEADER]).replace("<sheetData>", "<sheetData>" + " " * 50_000_000)
    path = xlsx_bytes_to(tmp_path / "kits" / "zoo" / "cards.xlsx", [("Karty", sheet, "")])
    assert path.stat().st_size < 200_000
    line = refused_quickly(tmp_path, "cards.xlsx")
    assert line.startswith(AT + "kits/zoo/cards.xlsx packs 50,000,"), line
    assert line.endswith("in 'xl/worksheets/sheet1.xml' (a zip bomb?); an entry unpacks to at most 100 times its size")


def declared_smaller(path, name: str, declared: int) -> None:
    """Rewrite the zip's local and central headers of ``name`` to declare ``declared`` bytes unpacked."""
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo(name)
    struct.pack_into("<I", data, info.header_offset + 22, declared)
    at = data.find(b"PK\x01\x02")
    while data[at + 46 : at + 46 + struct.unpack_from("<H", data, at + 28)[0]] != name.encode():
        at = data.find(b"PK\x01\x02", at + 4)
    struct.pack_into("<I", data, at + 24, declared)
    path.write_bytes(bytes(data))


def test_a_sheet_that_unpacks_to_more_than_it_declares(tmp_path):
    many = "".join(f'<row r="{r}"><c r="A{r}"><v>{r}</v></c></row>' for r in range(2, 200))
    sheet = xlsx_sheet([HEADER]).replace("</sheetData>", many + "</sheetData>")
    path = xlsx_bytes_to(tmp_path / "kits" / "zoo" / "cards.xlsx", [("Karty", sheet, "")])
    declared_smaller(path, "xl/worksheets/sheet1.xml", 1_000)
    assert refused_quickly(tmp_path, "cards.xlsx") == (
        AT + "kits/zoo/cards.xlsx unpacks 'xl/worksheets/sheet1.xml' to more than the 1,000 bytes it declares "
        "(a zip bomb?)"
    )


def test_a_zip_of_100000_entries(tmp_path):
    path = empty_entries_zip(tmp_path / "kits" / "zoo" / "cards.xlsx", 100_000)
    with zipfile.ZipFile(path) as archive:  # a zip Python reads whole
        assert len(archive.infolist()) == 100_000
    assert refused_quickly(tmp_path, "cards.xlsx") == (
        AT + "kits/zoo/cards.xlsx is a zip of at least 65,535 entries; a spreadsheet holds at most 1,000"
    )


def test_xml_comments_cannot_hide_a_cell_from_the_budget(tmp_path):
    """A comment would let '</c>' end a cell early for a pattern: such XML is refused, never misread."""
    hidden = '<row r="2"><c r="XFD1048576"><!-- </c> --><v>1</v></c></row>'
    sheet = xlsx_sheet([HEADER]).replace("</sheetData>", hidden + "</sheetData>")
    xlsx_bytes_to(tmp_path / "kits" / "zoo" / "cards.xlsx", [("Karty", sheet, "")])
    line = refused_quickly(tmp_path, "cards.xlsx")
    assert line.startswith(
        AT + "kits/zoo/cards.xlsx holds 'xl/worksheets/sheet1.xml' with XML comments, CDATA, a DOCTYPE or processing "
        "instructions at byte "
    ), line


def test_a_sheet_behind_any_part_name_is_scanned(tmp_path):
    """calamine reads the part a relation names: a bomb under another name is found all the same."""
    far = '<row r="2"><c r="XFD1048576"><v>1</v></c></row>'
    sheet = xlsx_sheet([HEADER]).replace("</sheetData>", far + "</sheetData>")
    path = xlsx_bytes_to(tmp_path / "kits" / "zoo" / "cards.xlsx", [("Karty", xlsx_sheet([HEADER]), "")])
    with zipfile.ZipFile(path, "a") as archive:
        archive.writestr("customXml/item9.dat", sheet)
    assert "customXml/item9.dat: its cells reach row 1,048,576" in refused_quickly(tmp_path, "cards.xlsx")


def test_an_unclosed_cell_cannot_hide_the_cells_after_it(tmp_path):
    hidden = '<row r="2"><c r="A2"><v>1</v><c r="XFD1048576"><v>1</v></c></row>'
    sheet = xlsx_sheet([HEADER]).replace("</sheetData>", hidden + "</sheetData>")
    xlsx_bytes_to(tmp_path / "kits" / "zoo" / "cards.xlsx", [("Karty", sheet, "")])
    assert refused_quickly(tmp_path, "cards.xlsx") == (
        AT + "kits/zoo/cards.xlsx: sheet Karty: row 2: a cell inside a cell; save it again from the spreadsheet"
    )


def test_sheet_data_in_the_workbook_part_is_scanned_too(tmp_path):
    """A relation may name xl/workbook.xml itself as a sheet: read already, it is scanned all the same."""
    far = '<sheetData><row r="2"><c r="XFD1048576"><v>1</v></c></row></sheetData>'
    path = xlsx_bytes_to(tmp_path / "kits" / "zoo" / "cards.xlsx", [("Karty", xlsx_sheet([HEADER]), "")])
    with zipfile.ZipFile(path) as archive:
        parts = {info.filename: archive.read(info) for info in archive.infolist()}
    parts["xl/workbook.xml"] = parts["xl/workbook.xml"].replace(b"</workbook>", far.encode() + b"</workbook>")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    assert "xl/workbook.xml: its cells reach row 1,048,576" in refused_quickly(tmp_path, "cards.xlsx")


def test_a_zip_needing_a_version_no_reader_knows_is_not_a_spreadsheet(tmp_path):
    """The fuzzer's case: a flipped byte made a central directory say 'version 16.9 needed to
    extract'; zipfile raises NotImplementedError for it, which was an internal error (exit 2)."""
    sheet = xlsx_sheet([HEADER, ["a", 1, "A", "A", "", "", 1]])
    path = xlsx_bytes_to(tmp_path / "kits" / "zoo" / "cards.xlsx", [("Karty", sheet, "")])
    data = bytearray(path.read_bytes())
    central = data.find(b"PK\x01\x02")
    data[central + 6 : central + 8] = struct.pack("<H", 169)  # version needed to extract: 16.9
    path.write_bytes(bytes(data))
    assert refused_quickly(tmp_path, "cards.xlsx") == (
        AT + "kits/zoo/cards.xlsx is not an XLSX file (not a zip archive); save it again from the spreadsheet"
    )


def test_an_entry_placed_before_the_start_of_the_file_is_a_broken_entry(tmp_path):
    """The fuzzer's case (seed 4, case 2978): flipped bytes in the end record made zipfile place
    the entries at negative offsets, and seeking there was an internal error (exit 2)."""
    sheet = xlsx_sheet([HEADER, ["a", 1, "A", "A", "", "", 1]])
    path = xlsx_bytes_to(tmp_path / "kits" / "zoo" / "cards.xlsx", [("Karty", sheet, "")])
    data = bytearray(path.read_bytes())
    end = data.rfind(b"PK\x05\x06")
    directory_at = struct.unpack_from("<I", data, end + 16)[0]
    struct.pack_into("<I", data, end + 16, directory_at + 1_000_000)  # the entries' offsets shift below 0
    path.write_bytes(bytes(data))
    with zipfile.ZipFile(path) as archive:
        assert min(info.header_offset for info in archive.infolist()) < 0
    line = refused_quickly(tmp_path, "cards.xlsx")
    assert line.startswith(AT + "kits/zoo/cards.xlsx has a broken zip entry '"), line
    assert line.endswith("; save it again from the spreadsheet"), line
