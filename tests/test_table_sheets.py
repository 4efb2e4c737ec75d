"""Which sheet a deck reads and which cells read wrong (issue 26, item 15): a hidden first sheet is
not what the designer sees, and a formula without a saved result or the lower cells of a merged
count read as empty (count 1) in calamine: each such cell a deck's column reads is a finding."""

from __future__ import annotations

from pathlib import Path

import pytest

from deck_tables import deck_kit, deck_rows
from printkit import pipeline as build
from printkit.kit.file import load_kit_source
from printkit.kit.tables import expand_tables
from spreadsheet_files import ods_bytes_to, ods_cell, ods_rows, ods_table, xlsx_bytes_to, xlsx_sheet


def zoo(folder, monkeypatch, table: str, sheet: str | None = None) -> str:
    monkeypatch.chdir(folder)
    (folder / "kits").mkdir(exist_ok=True)
    (folder / "kits" / "zoo.yaml").write_text(deck_kit(table, sheet), encoding="utf-8")
    return "kits/zoo.yaml"


def old_rows() -> list[list[object]]:
    rows = deck_rows(3)
    for row in rows[1:]:
        row[0] = f"stara_{row[0]}"
    return rows


def test_a_hidden_first_xlsx_sheet_is_passed_over(tmp_path, monkeypatch):
    sheets = [("Stare", xlsx_sheet(old_rows()), "hidden"), ("Karty", xlsx_sheet(deck_rows(120)), "")]
    xlsx_bytes_to(tmp_path / "kits" / "zoo" / "cards.xlsx", sheets)
    deck = build.load(zoo(tmp_path, monkeypatch, "cards.xlsx")).kit.components[0]
    assert [t.id for t in deck.types[:2]] == ["karta_001", "karta_002"]
    assert len(deck.types) == 120


def test_a_hidden_first_ods_table_is_passed_over(tmp_path, monkeypatch):
    tables = [ods_table("Stare", ods_rows(old_rows()), style="hid"), ods_table("Karty", ods_rows(deck_rows(120)))]
    ods_bytes_to(tmp_path / "kits" / "zoo" / "cards.ods", tables, hidden_style=True)
    deck = build.load(zoo(tmp_path, monkeypatch, "cards.ods")).kit.components[0]
    assert deck.types[0].id == "karta_001"


def test_a_hidden_sheet_named_by_the_kit_is_read(tmp_path, monkeypatch):
    sheets = [("Stare", xlsx_sheet(old_rows()), "hidden"), ("Karty", xlsx_sheet(deck_rows(120)), "")]
    xlsx_bytes_to(tmp_path / "kits" / "zoo" / "cards.xlsx", sheets)
    source = load_kit_source(Path(zoo(tmp_path, monkeypatch, "cards.xlsx", sheet="Stare")))
    expand_tables(source)
    assert source.data["components"][0]["types"][0]["id"] == "stara_karta_001"


def test_only_hidden_sheets_are_refused_by_name(tmp_path, monkeypatch, run):
    xlsx_bytes_to(tmp_path / "kits" / "zoo" / "cards.xlsx", [("Stare", xlsx_sheet(old_rows()), "hidden")])
    result = run("validate", zoo(tmp_path, monkeypatch, "cards.xlsx"))
    assert result.code == 1
    assert result.err.strip() == (
        "kits/zoo.yaml:14: components[0].table.file: kits/zoo/cards.xlsx has no visible sheet (its hidden sheets: "
        "'Stare'); name one with 'sheet:'"
    )


FORMULA = (
    "a formula without a saved result (a program that does not compute formulas wrote the file); open and save it "
    "in a spreadsheet program, or write the value"
)


def test_an_xlsx_formula_without_a_saved_result_and_a_merged_count(tmp_path, monkeypatch, run):
    rows = deck_rows(120)
    rows[2][1] = ("", "<f>1+1</f>")  # row 3: =1+1, never computed
    rows[3][1] = 2  # rows 4 to 6 merged: 2 cards each, the spreadsheet shows
    rows[4][1] = rows[5][1] = None
    rows[6][1] = ("", "<f>1+1</f><v>2</v>")  # row 7: a formula with its result: read as 2
    merged = '<mergeCells count="1"><mergeCell ref="B4:B6"/></mergeCells>'
    xlsx_bytes_to(tmp_path / "kits" / "zoo" / "cards.xlsx", [("Karty", xlsx_sheet(rows, extra=merged), "")])
    result = run("validate", zoo(tmp_path, monkeypatch, "cards.xlsx"))
    assert result.code == 1
    why = (
        "a lower or right part of the merged cells B4:B6, which hold their value in B4 only; unmerge them and "
        "write the value in each row"
    )
    assert result.err.splitlines()[:3] == [
        f"kits/zoo/cards.xlsx: sheet Karty, row 3, column count: {FORMULA}",
        f"kits/zoo/cards.xlsx: sheet Karty, row 5, column count: {why}",
        f"kits/zoo/cards.xlsx: sheet Karty, row 6, column count: {why}",
    ]


def ods_row(cells: list[str]) -> str:
    return "<table:table-row>" + "".join(cells) + "</table:table-row>"


def test_an_ods_formula_without_a_value_and_a_covered_count(tmp_path, monkeypatch, run):
    rows = deck_rows(120)
    xml = ods_rows(rows[:2])
    formula = '<table:table-cell table:formula="of:=1+1"/>'
    anchor = ods_cell(2, ' table:number-rows-spanned="2"')
    for number, count in ((3, formula), (4, anchor), (5, "<table:covered-table-cell/>")):
        row = rows[number - 1]
        xml += ods_row([ods_cell(row[0]), count, *(ods_cell(value) for value in row[2:])])
    xml += ods_rows(rows[5:])
    ods_bytes_to(tmp_path / "kits" / "zoo" / "cards.ods", [ods_table("Karty", xml)])
    result = run("validate", zoo(tmp_path, monkeypatch, "cards.ods"))
    assert result.code == 1
    assert result.err.splitlines()[:2] == [
        "kits/zoo/cards.ods: sheet Karty, row 3, column count: a formula without a saved result (a program that "
        "does not compute formulas wrote the file); open and save it in a spreadsheet program, or write the value",
        "kits/zoo/cards.ods: sheet Karty, row 5, column count: a lower or right part of merged cells, which hold "
        "their value in the first cell only; unmerge them and write the value in each row",
    ]


@pytest.mark.parametrize("table", ["cards.xlsx", "cards.ods"])
def test_a_merged_cell_in_a_column_no_deck_field_reads_is_no_finding(tmp_path, monkeypatch, table):
    rows = [[*row, f"note {n}"] for n, row in enumerate(deck_rows(120))]
    rows[0][-1] = "notes"
    rows[4][-1] = None
    if table.endswith("xlsx"):
        merged = '<mergeCells count="1"><mergeCell ref="H4:H5"/></mergeCells>'
        xlsx_bytes_to(tmp_path / "kits" / "zoo" / table, [("Karty", xlsx_sheet(rows, extra=merged), "")])
    else:
        xml = ods_rows(rows[:4]) + ods_row([*(ods_cell(v) for v in rows[4][:-1]), "<table:covered-table-cell/>"])
        ods_bytes_to(tmp_path / "kits" / "zoo" / table, [ods_table("Karty", xml + ods_rows(rows[5:]))])
    assert len(build.load(zoo(tmp_path, monkeypatch, table)).kit.components[0].types) == 120
