"""What is drawn is what is checked (textchars.py): a soft hyphen prints only where a line breaks,
a tab is a space, a line break in a table's cell breaks a card's text and is refused in a name,
and any other hidden character is a finding naming its field, measured on the PDF."""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

import pdfplumber
import pytest

from printkit.layout import paragraph
from printkit.words import textchars

DECK = """\
kit:
  title: {{en: "Small game"}}
  players: {{min: 1, max: 2}}
  languages: [en]
  default_lang: en
  author: "printkit tests"
components:
  - id: deck
    kind: cards
    title: {{en: "Cards"}}
    width: 63mm
    height: 88mm
    table:
      file: cards.csv
      columns: {{id: id, count: count, name: {{en: name}}, text: {{en: text}}}}
    face:
      - {{type: name, box: [5, 5, 53, 10]}}
      - {{type: text, box: [5, 20, {width}, 60], size_pt: 9}}
rules:
  - heading: {{en: "Rules"}}
    body: {{en: "Play."}}
invariants:
  - {{id: cards, check: "deck.total == {total}", rule: {{en: "{total} cards"}}}}
"""


def deck(tmp_path: Path, monkeypatch, rows: str, width: float = 53, total: int = 1) -> None:
    """kits/deck.yaml and its table kits/deck/cards.csv holding ``rows`` (CSV, header included)."""
    (tmp_path / "deck").mkdir()
    (tmp_path / "deck" / "cards.csv").write_bytes(rows.encode("utf-8"))
    (tmp_path / "deck.yaml").write_text(DECK.format(width=width, total=total), encoding="utf-8")
    monkeypatch.chdir(tmp_path)


def card_lines(run, tmp_path: Path) -> list[str]:
    result = run("build", "deck.yaml", "-o", "deck.pdf")
    assert result.code == 0, result.err
    with pdfplumber.open(tmp_path / "deck.pdf") as pdf:
        return (pdf.pages[1].extract_text() or "").splitlines()


def test_a_soft_hyphen_in_a_name_prints_nothing(run, tmp_path, monkeypatch):
    deck(tmp_path, monkeypatch, "id,count,name,text\nfox,1,Extra\u00adordinary,Play.\n")
    lines = card_lines(run, tmp_path)
    assert lines[0] == "Extraordinary"
    assert not any("\u00ad" in line or "-" in line for line in lines)


def test_a_soft_hyphen_breaks_a_narrow_text_with_a_hyphen_and_only_there(run, tmp_path, monkeypatch):
    """A 22 mm box: 'unbelievable' does not fit after 'An'; broken at its last soft hyphen that fits,
    the line ends with a hyphen; the soft hyphens not broken at print nothing."""
    text = "An un\u00adbe\u00adliev\u00adable tale"
    deck(tmp_path, monkeypatch, f"id,count,name,text\nfox,1,Fox,{text}\n", width=22)
    lines = card_lines(run, tmp_path)[1:-1]  # the name above, the page's footer below
    assert lines == ["An unbeliev-", "able tale"]


def test_the_engine_breaks_only_at_the_soft_hyphens(monkeypatch):
    wrapped = paragraph.wrap("aaaa bbbb\u00adcccc\u00addddd", 24.0, 9.0, 11.0, lang="en")
    texts = ["".join(run.text for run in line.runs) for line in wrapped.lines]
    assert all("\u00ad" not in text for text in texts)
    assert texts[0].endswith("-") and texts[0].split()[-1] in ("bbbb-", "bbbbcccc-"), texts
    unbroken = paragraph.wrap("bbbb\u00adcccc", 100.0, 9.0, 11.0)
    assert ["".join(run.text for run in line.runs) for line in unbroken.lines] == ["bbbbcccc"]


def test_a_tab_in_a_cell_prints_as_a_space_and_a_line_break_breaks_the_text(run, tmp_path, monkeypatch):
    deck(tmp_path, monkeypatch, 'id,count,name,text\nfox,1,Red\tFox,"First line\nSecond\tline"\n')
    lines = card_lines(run, tmp_path)
    assert lines[:3] == ["Red Fox", "First line", "Second line"]
    assert not any(char in "".join(lines) for char in "\t\x00\u25a1")


def test_a_line_break_in_a_name_is_refused_naming_its_row_and_column(run, tmp_path, monkeypatch):
    deck(tmp_path, monkeypatch, 'id,count,name,text\nfox,1,Fox,Play.\nwolf,2,"Wo\nlf",Play.\n', total=3)
    for command in ("validate", "build"):
        result = run(command, "deck.yaml")
        assert (result.code, result.err.splitlines()) == (
            1,
            [
                "deck/cards.csv: row 3, column name: the text 'Wo\\nlf' on page 2 (deck) holds a line break but "
                "prints on one line; write it on one line (only a paragraph, such as a card's text, breaks lines) "
                "(in en)"
            ],
        )


@pytest.mark.parametrize(
    "cell, described",
    [
        ("Fo\x07x", "the control character U+0007 at character 3"),
        ("Fo\u202ex", "the direction control U+202E (RIGHT-TO-LEFT OVERRIDE) at character 3"),
        ("Fo\u2067x", "the direction control U+2067 (RIGHT-TO-LEFT ISOLATE) at character 3"),
        ("Fo\u200bx", "the invisible character U+200B (ZERO WIDTH SPACE) at character 3"),
        ("Fo\x85x\x9b", "the control character U+009B at character 5"),  # NEL is a line break; CSI is not
    ],
)
def test_a_hidden_character_in_a_cell_is_a_finding_naming_row_column_and_field(
    run, tmp_path, monkeypatch, cell, described
):
    deck(tmp_path, monkeypatch, f"id,count,name,text\nfox,1,Fox,{cell}\n")
    result = run("validate", "deck.yaml")
    assert (result.code, result.err.splitlines()) == (
        1,
        [
            f"deck/cards.csv: row 2, column text: {described}, which prints as a black box, as nothing, or with "
            "the text around it in another order; remove it"
        ],
    )


@pytest.mark.skipif(sys.version_info[:2] != (3, 11), reason="the class is Python 3.11's Unicode 14")
def test_the_hidden_class_is_every_control_and_format_character():
    hidden = {chr(code) for code in range(0x110000) if textchars._HIDDEN.match(chr(code))}
    expected = {
        chr(code)
        for code in range(0x110000)
        if unicodedata.category(chr(code)) in ("Cc", "Cf", "Cs") and chr(code) not in "\t\n\u00ad"
    }
    assert hidden == expected


def test_normalised_texts():
    assert textchars.normalised("a\tb\r\nc\rd\u2028e\u2029f\x85g\n\n") == "a b\nc\nd\ne\nf\ng"
    assert textchars.normalised("plain") == "plain"
