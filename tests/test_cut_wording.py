"""The print instructions say "cut" exactly when the pages print something to cut out (a card with
crop marks, a token's outline, a split board's sheet), whatever the kit's ``print: cut:`` says."""

from __future__ import annotations

import re

import pdfplumber
import pytest

from conftest import REPO

DECK = """\
kit:
  title: {en: "Small game"}
  players: {min: 1, max: 2}
  languages: [en]
  default_lang: en
  author: "printkit tests"
components:
  - id: deck
    kind: cards
    title: {en: "Cards"}
    width: 63mm
    height: 88mm
    types:
      - {id: fox, count: 4, name: {en: "Fox"}}
    face:
      - {type: name, box: [5, 5, 53, 10]}
rules:
  - heading: {en: "Rules"}
    body: {en: "Play."}
invariants:
  - {id: cards, check: "deck.total == 4", rule: {en: "4 cards"}}
"""


def instructions(run, tmp_path, monkeypatch, kit: str) -> str:
    (tmp_path / "kit.yaml").write_text(kit, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run("build", "kit.yaml", "-o", "kit.pdf")
    assert result.code == 0, result.err
    with pdfplumber.open(tmp_path / "kit.pdf") as pdf:
        return " ".join((pdf.pages[0].extract_text() or "").split())


def test_a_deck_printed_with_crop_marks_is_cut_though_the_kit_says_nothing(run, tmp_path, monkeypatch):
    text = instructions(run, tmp_path, monkeypatch, DECK)
    assert "Cards 2 1 one-sided yes" in text


def test_a_deck_without_crop_marks_still_prints_cards_to_cut(run, tmp_path, monkeypatch):
    kit = DECK.replace("    height: 88mm\n", "    height: 88mm\n    crop_marks: false\n")
    text = instructions(run, tmp_path, monkeypatch, kit)
    assert "Cards 2 1 one-sided yes" in text


def test_a_sheet_alone_needs_no_cutting(run, tmp_path, monkeypatch):
    text = instructions(run, tmp_path, monkeypatch, (REPO / "tests" / "kits" / "mini.yaml").read_text("utf-8"))
    assert re.search(r"Rules \(on screen\) 1 – – no [^0-9]+ 2 1 one-sided no\b", text), text
    assert "In the print dialog: page 2, 1 copy; single-sided" in text, text


# A kit's own noun, in the nominative as the kit gives it: a sentence that bent it into another case
# ("Wytnij mapa", "Vystřihněte mapa") would misspell it, so the print recipe names it in its table,
# where the nominative is right, and no instruction takes it as a verb's object.
SINGULAR = (
    DECK.replace("languages: [en]", "languages: [pl, cs, en]")
    .replace('title: {en: "Cards"}', 'title: {pl: "Mapa", cs: "Mapa", en: "Map"}')
    .replace('title: {en: "Small game"}', 'title: {pl: "Gra", cs: "Hra", en: "Small game"}')
    .replace('name: {en: "Fox"}', 'name: {pl: "Lis", cs: "Liška", en: "Fox"}')
    .replace('heading: {en: "Rules"}', 'heading: {pl: "Zasady", cs: "Pravidla", en: "Rules"}')
    .replace('body: {en: "Play."}', 'body: {pl: "Grajcie.", cs: "Hrajte.", en: "Play."}')
    .replace('rule: {en: "4 cards"}', 'rule: {pl: "4 karty", cs: "4 karty", en: "4 cards"}')
)


@pytest.mark.parametrize(
    ("lang", "verbs"),
    [
        ("pl", ("Wytnij", "Wydrukuj")),
        ("cs", ("Vystřihněte", "Vytiskněte")),
        ("en", ("Cut out", "Print")),
    ],
)
def test_a_kit_noun_is_never_bent_into_a_case(run, tmp_path, monkeypatch, lang, verbs):
    (tmp_path / "kit.yaml").write_text(SINGULAR, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run("build", "kit.yaml", "--lang", lang, "-o", "kit.pdf")
    assert result.code == 0, result.err
    with pdfplumber.open(tmp_path / "kit.pdf") as pdf:
        text = " ".join((pdf.pages[0].extract_text() or "").split())
    noun = "Map" if lang == "en" else "Mapa"
    assert re.search(rf"\b{noun} 2 1 ", text), f"the recipe's table names the component as the kit does: {text}"
    for verb in verbs:  # no verb takes the noun as its object: "Wytnij mapa", "Vytiskněte mapa"
        assert not re.search(rf"{verb} (the )?{noun.lower()}\b", text, flags=re.IGNORECASE), text
