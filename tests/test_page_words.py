"""A page number typed in a kit's text ("strona 2") is an error naming the placeholder of that very
page on the laid-out pages, blamed on the line that types it. The shipped kits type none."""

from __future__ import annotations

import pytest

from conftest import REPO
from printkit.words.pagewords import typed_page_number

TYPED = [
    ("pl", "Plansza jest na stronie 2.", "stronie 2"),
    ("pl", "Zobacz stronę 3", "stronę 3"),
    ("pl", "Strona 4 opisuje karty.", "Strona 4"),
    ("pl", "wróć do strony 1", "strony 1"),
    ("pl", "ze stroną 2 obok", "stroną 2"),
    ("pl", "na stronach 3–4", "stronach 3–4"),
    ("pl", "(str. 5)", "str. 5"),
    ("cs", "Deska je na straně 2.", "straně 2"),
    ("cs", "Viz stranu 3", "stranu 3"),
    ("cs", "strana 2", "strana 2"),
    ("cs", "ze strany 1", "strany 1"),
    ("cs", "na stranách 3-4", "stranách 3-4"),
    ("cs", "viz str.6", "str.6"),
    ("en", "The board is on page 2.", "page 2"),
    ("en", "see pages 3–4", "pages 3–4"),
    ("en", "(p. 7)", "p. 7"),
    ("en", "pp. 2-3", "pp. 2-3"),
]
CLEAN = [
    ("pl", "Plansza jest na stronie {page.board}."),
    ("pl", "Po obu stronach planszy stoją pionki."),
    ("cs", "strana {page.board}"),
    ("en", "see {pages.cards}; the page count is {pages}"),
    ("en", "Each player takes 2 pages of notes"),  # "pages of", no number after the word
    ("en", "a homepage 2"),  # not the word 'page'
    ("en", "strona 2"),  # Polish words in an English text
]


@pytest.mark.parametrize(("lang", "text", "phrase"), TYPED)
def test_every_case_form_and_abbreviation_is_found(lang, text, phrase):
    assert typed_page_number(text, lang) == phrase


@pytest.mark.parametrize(("lang", "text"), CLEAN)
def test_placeholders_and_other_words_are_not(lang, text):
    assert typed_page_number(text, lang) is None


KIT = (REPO / "tests" / "kits" / "mini.yaml").read_text(encoding="utf-8")
DECK = """\
  - id: deck
    kind: cards
    title: {pl: "Karty", cs: "Karty", en: "Cards"}
    width: 63mm
    height: 88mm
    types:
      - {id: a, count: 12, name: {pl: A, cs: A, en: A}}
    face:
      - {type: name, box: [5, 5, 50, 10]}
"""


def typed_kit(tmp_path, monkeypatch, pl: str) -> None:
    """mini.yaml with a deck of two pages before its sheet (rules on page 1, the deck on pages 2-3,
    the sheet on page 4), its Polish rule typing ``pl`` where the others name {page.sheet}."""
    kit = KIT.replace("components:\n", "components:\n" + DECK).replace(
        'pl: "Graj {rounds.count|rundę|rundy|rund}."', f'pl: "Graj {{rounds.count|rundę|rundy|rund}}; {pl}."'
    )
    for ending in ("kolo|kola|kol}", "round|rounds}"):
        kit = kit.replace(f'{ending}."', f'{ending}; {{page.sheet}}."')
    kit += '  - {id: cards, check: "deck.total == 12", rule: {pl: "12", cs: "12", en: "12"}}\n'
    (tmp_path / "kit.yaml").write_text(kit, encoding="utf-8")
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize(
    ("pl", "placeholder"),
    [
        ("zapis ze strony 4", "{page.sheet}"),
        ("karty ze strony 2", "{page.deck}"),
        ("karty ze strony 3", "{lastpage.deck}"),
        ("karty ze stron 2–3", "{pages.deck}"),
        ("wszystko ze stron 2–4", "{page.deck}–{lastpage.sheet}"),
    ],
)
def test_a_typed_page_number_is_an_error_naming_that_pages_placeholder(run, tmp_path, monkeypatch, pl, placeholder):
    typed_kit(tmp_path, monkeypatch, pl)
    phrase = pl.split(" ze ")[1]
    result = run("validate", "kit.yaml")
    assert (result.code, result.err.splitlines()) == (
        1,
        [
            "kit.yaml:27: rules[0].body.pl: the 'pl' text uses placeholders ['rounds.count'] but the 'cs' text uses "
            "['page.sheet', 'rounds.count']",
            f"kit.yaml:27: rules[0].body.pl: '{phrase}' types a page number, which goes stale when the layout moves; "
            f"write {placeholder} instead (in pl)",
            "Aborted with 2 errors (texts: 2).",
        ],
    )


TWO_LANGUAGES = """\
kit:
  title: {pl: "Mała gra", en: "Small game"}
  players: {min: 1, max: 2}
  languages: [pl, en]
  default_lang: en
  author: "printkit tests"
components:
  - id: sheet
    kind: sheet
    title: {pl: "Karta", en: "Sheet"}
    rows:
      - - {type: track, id: rounds, end: 5}
rules:
  - heading: {pl: "Zasady", en: "Rules"}
    body:
      pl: "Zapis ze strony 2."
      en: "Score on page {page.sheet}."
"""


def test_with_two_languages_the_text_that_types_the_page_is_blamed(run, tmp_path, monkeypatch):
    """No majority says which text is the odd one out: the one typing a page number is."""
    (tmp_path / "kit.yaml").write_text(TWO_LANGUAGES, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run("validate", "kit.yaml")
    assert (result.code, result.err.splitlines()) == (
        1,
        [
            "kit.yaml:16: rules[0].body.pl: the 'pl' text uses placeholders [] but the 'en' text uses ['page.sheet']",
            "kit.yaml:16: rules[0].body.pl: 'strony 2' types a page number, which goes stale when the layout moves; "
            "write {page.sheet} instead (in pl)",
            "Aborted with 2 errors (texts: 2).",
        ],
    )


def test_the_shipped_kits_type_no_page_number(run):
    result = run("validate", "--all", "--strict")
    assert result.code == 0
    assert "types a page number" not in result.err
