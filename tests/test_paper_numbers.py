"""A deck that declares no per_page fits 9 poker cards on an A4 page and 8 on Letter: the numbers
its text quotes ({deck.per_page}, {deck.pages}) and its invariants read are those of the paper it
is printed on."""

from __future__ import annotations

from pypdf import PdfReader

from printkit import pipeline as build
from printkit.layout.context import PAPERS
from printkit.layout.document import kit_numbers

KIT = """kit:
  title: {en: "Paper deck"}
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
      - {id: card, count: 36, name: {en: "Card"}}
    face:
      - {type: name, box: [5, 5, 53, 10]}
rules:
  - heading: {en: "Rules"}
    body: {en: "Print the {deck.pages} pages of {deck.per_page} cards."}
"""
NINE = """invariants:
  - {id: nine, check: "deck.per_page == 9", rule: {en: "9 cards a page"}}
"""


def write(tmp_path, text: str):
    path = tmp_path / "deck.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_numbers_of_a_deck_are_those_of_its_paper(tmp_path):
    kit = build.load(write(tmp_path, KIT)).kit
    a4, letter = kit_numbers(kit, PAPERS["a4"]), kit_numbers(kit, PAPERS["letter"])
    assert (a4["deck.per_page"], a4["deck.pages"]) == (9, 4)
    assert (letter["deck.per_page"], letter["deck.pages"]) == (8, 5)
    assert kit_numbers(kit) == a4


def test_the_printed_text_states_the_numbers_of_the_paper_it_is_printed_on(run, tmp_path):
    path = write(tmp_path, KIT)
    for paper, sentence, pages in (
        ("a4", "Print the 4 pages of 9 cards.", 5),
        ("letter", "Print the 5 pages of 8 cards.", 6),
    ):
        target = tmp_path / f"{paper}.pdf"
        assert run("build", str(path), "--paper", paper, "-o", str(target)).code == 0
        reader = PdfReader(target)
        assert sentence in " ".join(reader.pages[0].extract_text().split())
        assert len(reader.pages) == pages


def test_an_invariant_true_on_a4_only_is_refused_on_letter_naming_the_paper(run, tmp_path):
    path = write(tmp_path, KIT + NINE)
    assert run("validate", str(path)).code == 0
    result = run("validate", str(path), "--paper", "letter")
    assert result.code == 1
    errors = [line for line in result.err.splitlines() if ": warning: " not in line]
    assert errors[0] == (
        f"{path}:21: invariants[0].check: nine: the rules state 9 cards a page (deck.per_page == 9), but on "
        "Letter the layout gives deck.per_page = 8 (rules on page 1, deck on pages 2–6) (in en)"
    )
