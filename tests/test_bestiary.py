"""Issue 29, faces bound to their data, end to end: tests/kits/bestiary.yaml reads 90 cards from a
table (bestiary/beasts.csv in git; the same table written here as ODS and XLSX), prints each card's
cost, power and kind from its row, draws elements per type (when:), states every rule as an
invariant (counts of a text column too), and builds in pl, cs and en on A4 and Letter. A mutant of
each kind of value, in the table or the kit file, is reported at its own line, row or column."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pdfplumber
import pytest

from conftest import REPO
from deck_tables import write_ods, write_xlsx
from printkit.base.units import MM_PER_POINT

KIT = REPO / "tests" / "kits" / "bestiary.yaml"
TABLE = REPO / "tests" / "kits" / "bestiary" / "beasts.csv"
NUMBERS = ("ile", "koszt", "siła")


def table_rows() -> list[list[object]]:
    """The table as a spreadsheet holds it: the header, then the rows with numbers as numbers."""
    with TABLE.open(encoding="utf-8", newline="") as file:
        rows: list[list[object]] = [list(row) for row in csv.reader(file)]
    header = rows[0]
    for row in rows[1:]:
        for at, name in enumerate(header):
            if name in NUMBERS:
                row[at] = int(str(row[at]))
    return rows


ROWS = table_rows()
HEADER = [str(name) for name in ROWS[0]]


def cell(row: list[object], column: str) -> object:
    return row[HEADER.index(column)]


def kit_copy(tmp_path: Path, table: str = "beasts.csv", rows: list[list[object]] | None = None) -> Path:
    """The kit in tmp_path/kits/, its table written as ``table`` (CSV, ODS or XLSX) from ``rows``."""
    folder = tmp_path / "kits" / "bestiary"
    folder.mkdir(parents=True)
    rows = ROWS if rows is None else rows
    if table.endswith(".ods"):
        write_ods(folder / table, rows)
    elif table.endswith(".xlsx"):
        write_xlsx(folder / table, rows, sheet="Bestie")
    else:
        with (folder / table).open("w", encoding="utf-8", newline="") as file:
            csv.writer(file, lineterminator="\n").writerows(rows)
    text = KIT.read_text(encoding="utf-8").replace("file: beasts.csv", f"file: {table}")
    if table.endswith(".xlsx"):
        text = text.replace(f"file: {table}", f"file: {table}\n      sheet: Bestie")
    path = tmp_path / "kits" / "bestiary.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_table_holds_the_deck_the_rules_state():
    types = [cell(row, "typ") for row in ROWS[1:]]
    assert len(types) == 90 and sum(int(str(cell(row, "ile"))) for row in ROWS[1:]) == 90
    assert (types.count("hunter"), types.count("grazer"), types.count("start")) == (36, 45, 9)


@pytest.mark.parametrize("paper, pages", [("a4", 11), ("letter", 13)])
@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_it_builds_in_every_language_on_a4_and_letter(run, tmp_path, lang, paper, pages):
    target = tmp_path / f"bestiary-{lang}-{paper}.pdf"
    built = run("build", str(KIT), "--lang", lang, "--paper", paper, "-o", str(target))
    assert built.code == 0, built.err
    with pdfplumber.open(target) as document:
        assert len(document.pages) == pages  # the rules, then 9 cards a page on A4, 8 on Letter


def test_validate_proves_every_rule_in_every_language(run):
    checked = run("validate", str(KIT))
    assert checked.code == 0, checked.err
    assert checked.out.strip() == "tests/kits/bestiary.yaml: ok: 7 invariants proved, on A4, in pl, cs, en"


PT = 1 / MM_PER_POINT  # points a millimetre


def card_texts(pdf: Path, manifest: Path) -> dict[str, str]:
    """Each card's text as the PDF prints it inside its own cut line (from the manifest's box)."""
    pieces = [p for p in json.loads(manifest.read_text(encoding="utf-8"))["pieces"] if p["kind"] == "card"]
    texts: dict[str, str] = {}
    with pdfplumber.open(pdf) as document:
        for piece in pieces:
            page = document.pages[piece["page"] - 1]
            box = (
                piece["x"] * PT,
                piece["y"] * PT,
                (piece["x"] + piece["width"]) * PT,
                (piece["y"] + piece["height"]) * PT,
            )
            texts[piece["component"]] = " ".join((page.within_bbox(box).extract_text() or "").split())
    return texts


GAIN = {"pl": "Zysk", "cs": "Zisk", "en": "Gain"}
POWER = {"pl": "Siła", "cs": "Síla", "en": "Power"}
START = {"pl": "KARTA STARTOWA", "cs": "STARTOVNÍ KARTA", "en": "START CARD"}
NAME = {"pl": "nazwa", "cs": "název", "en": "name"}
KIND = {"pl": "rodzaj", "cs": "druh", "en": "kind"}


@pytest.mark.parametrize("lang, paper", [("pl", "a4"), ("cs", "letter"), ("en", "a4")])
def test_each_card_prints_its_own_cost_power_and_kind(run, tmp_path, lang, paper):
    pdf, manifest = tmp_path / "b.pdf", tmp_path / "b.json"
    built = run("build", str(KIT), "--lang", lang, "--paper", paper, "-o", str(pdf), "--manifest", str(manifest))
    assert built.code == 0, built.err
    texts = card_texts(pdf, manifest)
    assert len(texts) == 90
    for row in ROWS[1:]:
        text = texts[str(cell(row, "id"))]
        cost, power, kind = int(str(cell(row, "koszt"))), int(str(cell(row, "siła"))), cell(row, "typ")
        assert text.startswith(f"{cost} {cell(row, NAME[lang])}"), text  # the cost, then the name, at the top
        assert str(cell(row, KIND[lang])) in text
        if kind == "hunter":  # the table's cells print the row's values, formatted
            assert f"{POWER[lang]} {power:02}" in text and f"{GAIN[lang]} {power - cost:+}" in text, text
        elif kind == "grazer":
            assert f"{POWER[lang]} {power:02}." in text and GAIN[lang] not in text, text
        else:
            assert f"{POWER[lang]} {power}." in text and GAIN[lang] not in text, text
        assert (START[lang] in text) == (kind == "start"), text


def test_the_same_table_as_ods_xlsx_and_csv_builds_the_same_pdf(run, tmp_path):
    built = []
    for table in ("beasts.csv", "beasts.ods", "beasts.xlsx"):
        folder = tmp_path / table.replace(".", "_")
        path = kit_copy(folder, table)
        target = folder / "bestiary.pdf"
        result = run("build", str(path), "--lang", "cs", "-o", str(target))
        assert result.code == 0, result.err
        built.append(target.read_bytes())
    assert built[0] == built[1] == built[2]


# --- a mutant of each kind of value, reported at its own line, row or column --------------------


def row_of(ident: str) -> int:
    """The row a spreadsheet shows for the card (the header is row 1)."""
    return next(number for number, row in enumerate(ROWS[1:], start=2) if cell(row, "id") == ident)


def changed_rows(ident: str, column: str, value: object) -> list[list[object]]:
    rows = [list(row) for row in ROWS]
    rows[row_of(ident) - 1][HEADER.index(column)] = value
    return rows


def findings(run, path: Path) -> list[str]:
    checked = run("validate", str(path))
    assert checked.code == 1, checked.out
    return [line for line in checked.err.splitlines() if not line.startswith("Aborted")]


TABLE_MUTANTS = [
    # (card, column, new value, what the finding says)
    ("lis_2", "koszt", 6, "costs: the rules state"),  # a number above the rules' range
    ("wydra_1", "siła", 0, "power: the rules state"),
    ("lis_2", "typ", "huntr", "hunters: the rules state"),  # a text none of the rules' texts
    ("zubr_3", "kolor", "green", "'green' is not a colour"),  # a colour a face element takes
    ("nora_2", "ikona", "lighthose", "did you mean 'lighthouse'?"),  # an icon a face element draws
    ("jez_1", "siła", "", "has no value 'power', which face[7] prints"),  # a value a face prints, left out
    ("jez_2", "id", "jez_1", "the id 'jez_1' is also the id of row"),  # the second of two ids, not the first
]


@pytest.mark.parametrize("card, column, value, said", TABLE_MUTANTS, ids=[f"{m[0]}.{m[1]}" for m in TABLE_MUTANTS])
def test_a_changed_table_value_is_reported_at_its_row(run, tmp_path, card, column, value, said):
    path = kit_copy(tmp_path, rows=changed_rows(card, column, value))
    found = findings(run, path)
    row = row_of(card)
    at_row = [f for f in found if f.startswith(f"{path.parent}/bestiary/beasts.csv: row {row}") and said in f]
    assert at_row, "\n".join(found)
    if column != "siła" or value != "":
        assert f"column {column}:" in at_row[0]


def kit_line(part: str) -> int:
    """The line of the kit that holds ``part`` (the first such line)."""
    lines = KIT.read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, start=1) if part in line)


KIT_MUTANTS = [
    # (a line of the kit, the text replaced on it, its replacement, what the finding says)
    ("when: \"type == 'hunter'\"", "type ==", "typ ==", "unknown name 'typ'; did you mean 'type'?"),
    ("Power {power:02}.", "{power:02}", "{powr:02}", "unknown placeholder {powr} (in en); did you mean {power}?"),
    ("A card costs", "{max(beasts.*.cost)}", "{max(beasts.*.cst)}", "the pattern 'beasts.*.cst' matches no"),
    ("Síla karty je", "až", "až {", "a '{' that is not part of a placeholder"),
    ("Karta stojí", "žetonů;", "žetonů :cion:;", "unknown icon ':cion:'"),
    ('"{power - cost:+}"', "{power - cost:+}", "{power - cost:+", "a '{' that is not part of a placeholder"),
    ("check: \"count(beasts.*.type == 'start') == 9", "== 9 and", "== 8 and", "start_cards: the rules state"),
]


@pytest.mark.parametrize("line, old, new, said", KIT_MUTANTS, ids=[m[2] for m in KIT_MUTANTS])
def test_a_changed_kit_value_is_reported_at_its_own_line(run, tmp_path, line, old, new, said):
    """Inside a multi-line text (a 'pl: |' block) too: the line that holds the mistake, not the key's."""
    number = kit_line(line)
    path = kit_copy(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    assert old in lines[number - 1]
    lines[number - 1] = lines[number - 1].replace(old, new, 1)
    path.write_text("".join(lines), encoding="utf-8")
    found = findings(run, path)
    assert any(f.startswith(f"{path}:{number}: ") and said in f for f in found), "\n".join(found)


def test_the_table_mutants_cover_each_kind_of_value():
    """A number, a text the rules count, a colour, an icon, a value left out and an id."""
    columns = {column for _, column, _, _ in TABLE_MUTANTS}
    assert columns == {"koszt", "siła", "typ", "kolor", "ikona", "id"}
