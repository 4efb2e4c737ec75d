"""The print instructions say "cut" exactly when the pages print something to cut out (a card with
crop marks, a token's outline, a split board's sheet), whatever the kit's ``print: cut:`` says."""

from __future__ import annotations

import re

import pdfplumber

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
    assert re.search(r"Cut Rules 1 0 \(screen\) one-sided no [^0-9]+ 2 1 one-sided no In the print dialog", text), text
