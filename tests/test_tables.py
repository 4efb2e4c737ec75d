"""A deck's types from a table file: a 120-card deck as XLSX, ODS and CSV (written at test time, with
Polish and Czech texts) validates and builds, its invariants read the table's numbers, and every
finding about a row names the table, its row and its column."""

from __future__ import annotations

import pdfplumber
import pytest

from deck_tables import deck_kit, deck_rows, total_cost, write_csv, write_ods, write_xlsx, yaml_twin
from printkit import pipeline as build


def make_kit(folder, table: str, rows, sheet: str | None = None, extra: str = "", **kit_options) -> str:
    """kits/zoo.yaml with its table in kits/zoo/; the kit's path as the user types it."""
    (folder / "kits" / "zoo").mkdir(parents=True, exist_ok=True)
    writers = {"xlsx": write_xlsx, "ods": write_ods}
    path = folder / "kits" / "zoo" / table
    suffix = table.rsplit(".", 1)[-1]
    if suffix in writers:
        writers[suffix](path, rows, **({"sheet": sheet} if sheet else {}))
    (folder / "kits" / "zoo.yaml").write_text(deck_kit(table, sheet, extra, **kit_options), encoding="utf-8")
    return "kits/zoo.yaml"


@pytest.mark.parametrize("table, sheet", [("cards.xlsx", "Karty"), ("cards.ods", "Karty")])
def test_a_120_card_spreadsheet_validates_and_builds_one_card_a_row(tmp_path, monkeypatch, run, table, sheet):
    rows = deck_rows(120)
    assert total_cost(rows) == 240
    monkeypatch.chdir(tmp_path)
    kit = make_kit(tmp_path, table, rows, sheet)
    result = run("validate", kit)
    assert result.code == 0, result.err
    assert result.out.strip() == "kits/zoo.yaml: ok: 2 invariants proved, on A4, in pl, cs"
    for lang, name in (("pl", "Źrebię 3"), ("cs", "Hříbě 3")):
        pdf = tmp_path / f"zoo-{lang}.pdf"
        result = run("build", kit, "-o", str(pdf), "--lang", lang)
        assert result.code == 0, result.err
        with pdfplumber.open(pdf) as document:
            pages = [page.extract_text() or "" for page in document.pages]
        # 9 poker cards to an A4 page: 120 cards fill 14 pages, after the rules' page; the third
        # card, first page of cards, shows its row's name in the language built
        assert len(pages) == 1 + 14
        assert name in pages[1]


def test_the_rows_become_types_with_their_names_texts_and_numbers(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    loaded = build.load(make_kit(tmp_path, "cards.xlsx", deck_rows(120), "Karty"))
    deck = loaded.kit.components[0]
    assert len(deck.types) == 120
    first = deck.types[0]
    assert (first.id, first.count, first.values) == ("karta_001", 1, {"cost": 1})
    assert first.name == {"pl": "Jeż 1", "cs": "Ježek 1"}
    assert first.text == {"pl": "Zażółć gęślą jaźń.", "cs": "Příliš žluťoučký kůň úpěl ďábelské ódy."}


@pytest.mark.parametrize(
    "delimiter, encoding, option",
    [
        (",", "utf-8", ""),
        (";", "utf-8-sig", ""),  # what Excel saves as "CSV UTF-8" in a Polish locale
        ("\t", "utf-16", ""),  # Excel's "Unicode text"
        (";", "cp1250", "      encoding: cp1250\n"),  # Excel's plain CSV on Polish or Czech Windows
        ("|", "iso-8859-2", "      encoding: iso-8859-2\n      delimiter: '|'\n"),
    ],
)
def test_csv_in_each_common_delimiter_and_encoding_reads_the_same_letters(
    tmp_path, monkeypatch, delimiter, encoding, option
):
    monkeypatch.chdir(tmp_path)
    kit = make_kit(tmp_path, "cards.csv", [], extra=option)
    write_csv(tmp_path / "kits" / "zoo" / "cards.csv", deck_rows(120), delimiter, encoding)
    deck = build.load(kit).kit.components[0]
    assert [t.name for t in deck.types[3:5]] == [
        {"pl": "Ćma 4", "cs": "Můra 4"},
        {"pl": "Żółw 5", "cs": "Želva 5"},
    ]
    assert sum(t.values["cost"] for t in deck.types) == 240


def test_a_csv_that_is_not_utf8_names_its_encoding(tmp_path, monkeypatch, run):
    monkeypatch.chdir(tmp_path)
    kit = make_kit(tmp_path, "cards.csv", [])
    write_csv(tmp_path / "kits" / "zoo" / "cards.csv", deck_rows(3), ";", "cp1250")
    result = run("validate", kit)
    assert result.code == 1
    assert result.err.strip() == (
        "kits/zoo.yaml:14: components[0].table.file: kits/zoo/cards.csv is not UTF-8 text (byte 0xE1 on line 1); "
        "save it as UTF-8, or name its encoding (encoding: cp1250 is what Excel on Polish and Czech Windows saves)"
    )


def test_a_bad_cell_is_named_by_its_sheet_row_and_column(tmp_path, monkeypatch, run):
    rows = deck_rows(120)
    rows[13][6] = "x"  # spreadsheet row 14: the header is row 1
    rows[20][1] = "dwa"
    rows[30][0] = "karta_002"
    monkeypatch.chdir(tmp_path)
    result = run("validate", make_kit(tmp_path, "cards.xlsx", rows, "Karty"))
    assert result.code == 1
    assert result.err.splitlines() == [
        "kits/zoo/cards.xlsx: sheet Karty, row 14, column koszt: 'x' is not a number",
        "kits/zoo/cards.xlsx: sheet Karty, row 21, column count: 'dwa' is not a number",
        "kits/zoo/cards.xlsx: sheet Karty, row 31, column id: the id 'karta_002' is also the id of row 3; give each "
        "row its own id",
        "Aborted with 3 errors (schema: 3).",
    ]


def test_a_cell_the_model_refuses_names_its_row_and_column(tmp_path, monkeypatch, run):
    rows = deck_rows(120)
    rows[8][0] = "– ? –"  # no id can be made of it ("Karta 8" is the id karta_8)
    rows[9][1] = 0  # not a count
    monkeypatch.chdir(tmp_path)
    result = run("validate", make_kit(tmp_path, "cards.ods", rows, "Karty"))
    assert result.code == 1
    assert result.err.splitlines()[:2] == [
        "kits/zoo/cards.ods: sheet Karty, row 9, column id: '– ? –' does not match the pattern ^[a-z][a-z0-9_]*$ "
        "(lower-case letters, digits and _, starting with a letter, e.g. 'tokens_a')",
        "kits/zoo/cards.ods: sheet Karty, row 10, column count: 0 is out of range: it must be greater than or "
        "equal to 1",
    ]


def test_a_missing_translation_names_the_empty_cell_s_row(tmp_path, monkeypatch, run):
    rows = deck_rows(120)
    rows[50][3] = ""  # no Czech name in row 51
    monkeypatch.chdir(tmp_path)
    result = run("validate", make_kit(tmp_path, "cards.xlsx", rows, "Karty"))
    assert result.code == 1
    assert result.err.splitlines()[0].startswith(
        "kits/zoo/cards.xlsx: sheet Karty, row 51: missing translation: no 'cs' text"
    )


def test_a_text_that_overflows_names_its_card_s_row_and_column(tmp_path, monkeypatch, run):
    rows = deck_rows(120)
    rows[40][4] = "Bardzo długi opis karty, który nie mieści się w swoim polu. " * 8
    monkeypatch.chdir(tmp_path)
    result = run("validate", make_kit(tmp_path, "cards.xlsx", rows, "Karty", face_text_box="[5, 22, 53, 20]"))
    assert result.code == 1
    assert result.err.splitlines()[0] == (
        "kits/zoo/cards.xlsx: sheet Karty, row 41, column opis_pl: a text needs 41.3 mm but its box is 20.0 mm high: "
        "'Bardzo długi opis karty, który nie mieści się w sw' (the box of face[2]) (in pl)"
    )


def test_an_unknown_sheet_and_column_are_named_at_the_kit_s_line(tmp_path, monkeypatch, run):
    monkeypatch.chdir(tmp_path)
    kit = make_kit(tmp_path, "cards.xlsx", deck_rows(3), "Karty")
    text = (tmp_path / kit).read_text(encoding="utf-8")
    (tmp_path / kit).write_text(text.replace("sheet: Karty", "sheet: Cards"), encoding="utf-8")
    result = run("validate", kit)
    assert result.err.strip() == (
        "kits/zoo.yaml:14: components[0].table.file: kits/zoo/cards.xlsx has no sheet 'Cards' (its sheets: 'Notes', "
        "'Karty')"
    )
    (tmp_path / kit).write_text(text.replace("koszt}", "cena}"), encoding="utf-8")
    result = run("validate", kit)
    assert result.err.strip() == (
        "kits/zoo.yaml:21: components[0].table.columns.values.cost: kits/zoo/cards.xlsx has no column 'cena' (its "
        "columns: 'id', 'count', 'nazwa', 'název', 'opis_pl', 'opis_cs', 'koszt')"
    )


def test_a_broken_spreadsheet_is_one_line_and_exit_1(tmp_path, monkeypatch, run):
    monkeypatch.chdir(tmp_path)
    kit = make_kit(tmp_path, "cards.xlsx", deck_rows(3), "Karty")
    (tmp_path / "kits" / "zoo" / "cards.xlsx").write_bytes(b"PK\x03\x04" + b"\x00" * 100)
    result = run("validate", kit)
    assert result.code == 1
    assert result.err.strip() == (
        "kits/zoo.yaml:14: components[0].table.file: kits/zoo/cards.xlsx is not an XLSX file (not a zip archive); "
        "save it again from the spreadsheet"
    )


def test_a_kit_without_a_table_never_imports_calamine():
    import subprocess
    import sys

    code = (
        "import sys; from printkit.cli import main\n"
        "try:\n    main(['validate', 'ogrod'])\nexcept SystemExit:\n    pass\n"
        "print('python_calamine' in sys.modules, 'printkit.kit.tables' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "False False"


def test_building_twice_gives_the_same_pdf(tmp_path, monkeypatch, run):
    monkeypatch.chdir(tmp_path)
    kit = make_kit(tmp_path, "cards.ods", deck_rows(20), "Karty")
    text = (tmp_path / kit).read_text(encoding="utf-8").replace("== 120", "== 20").replace("== 240", "== 40")
    (tmp_path / kit).write_text(text, encoding="utf-8")
    outputs = []
    for number in range(2):
        pdf = tmp_path / f"{number}.pdf"
        assert run("build", kit, "-o", str(pdf)).code == 0
        outputs.append(pdf.read_bytes())
    assert outputs[0] == outputs[1]


def test_a_broken_rule_about_every_row_names_the_rule_and_the_table(tmp_path, monkeypatch, run):
    monkeypatch.chdir(tmp_path)
    kit = make_kit(tmp_path, "cards.xlsx", deck_rows(120), "Karty")
    text = (tmp_path / kit).read_text(encoding="utf-8").replace("== 240", "== 241")
    (tmp_path / kit).write_text(text, encoding="utf-8")
    result = run("validate", kit)
    assert result.err.strip() == (
        "kits/zoo.yaml:31: invariants[1].check: cost: the rules state koszt 240 (sum(cards.*.cost) == 241), but the "
        "components give sum(cards.*.cost) = 240 (its numbers come from the rows of kits/zoo/cards.xlsx)"
    )


def test_a_broken_rule_one_row_can_fix_names_that_row(tmp_path, monkeypatch, run):
    monkeypatch.chdir(tmp_path)
    kit = make_kit(tmp_path, "cards.ods", deck_rows(120), "Karty")
    text = (tmp_path / kit).read_text(encoding="utf-8").replace("sum(cards.*.cost) == 240", "cards.karta_002.cost == 3")
    (tmp_path / kit).write_text(text, encoding="utf-8")
    result = run("validate", kit)
    assert result.err.strip() == (
        "kits/zoo/cards.ods: sheet Karty, row 3, column koszt: cost: the rules state koszt 240 (cards.karta_002.cost "
        "== 3), but the components give cards.karta_002.cost = 2"
    )


def test_a_deck_from_a_table_prints_byte_for_byte_as_its_yaml_twin(tmp_path, monkeypatch, run):
    rows = deck_rows(120)
    monkeypatch.chdir(tmp_path)
    kit = make_kit(tmp_path, "cards.ods", rows, "Karty")
    (tmp_path / "kits" / "twin.yaml").write_text(yaml_twin(rows), encoding="utf-8")
    for name in ("zoo", "twin"):
        assert run("build", f"kits/{name}.yaml", "-o", f"{name}.pdf", "--lang", "cs").code == 0
    assert kit == "kits/zoo.yaml"
    assert (tmp_path / "zoo.pdf").read_bytes() == (tmp_path / "twin.pdf").read_bytes()


def test_a_header_the_csv_module_cannot_split_is_no_internal_error(tmp_path):
    """A lone carriage return in the header (the fuzzer's case) or a header over the csv module's
    field limit raised csv.Error while the delimiter was guessed: exit 2. Now a header is split by
    the delimiters that can split it, and the file is read or refused as any CSV."""
    from printkit.kit import tables

    lone_return = tmp_path / "cards.csv"
    lone_return.write_bytes(b'id,"count\rx,name\na,1,A\n')
    with pytest.raises(tables.TableProblem, match="is not valid CSV"):
        tables.read_path(lone_return, "cards.csv", None)
    huge = tmp_path / "huge.csv"
    huge.write_text("id;" + "x" * 200_000 + "\na;1\n", encoding="utf-8")
    with pytest.raises(tables.TableProblem):
        tables.read_path(huge, "huge.csv", None)


def test_a_csv_is_refused_as_it_is_read_at_its_cell_limit(tmp_path):
    """20 MB of one-letter cells held ten million strings (571 MB) before the row limit refused
    them; the cells are counted row by row now, and a row past the column limit stops the read."""
    from printkit.kit import tables

    many = tmp_path / "many.csv"
    many.write_text("id,count\n" + ("a," * 100 + "a\n") * 5_000, encoding="utf-8")
    with pytest.raises(tables.TableProblem, match="more than 250,000 cells"):
        tables.read_path(many, "many.csv", None)
    wide = tmp_path / "wide.csv"
    wide.write_text("id,count\na,1\n" + "b," * 600 + "b\n", encoding="utf-8")
    with pytest.raises(tables.TableProblem, match="row 3 has 601 columns; the limit is 500"):
        tables.read_path(wide, "wide.csv", None)
