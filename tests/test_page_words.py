"""A page number typed in a kit's text ("strona 2") is a warning, an error under --strict; the
placeholder it should be is named. The shipped kits type none."""

from __future__ import annotations

import pytest

from conftest import REPO
from printkit.pagewords import typed_page_number

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


KIT = (
    (REPO / "tests" / "kits" / "mini.yaml")
    .read_text(encoding="utf-8")
    .replace(
        'pl: "Graj {rounds.count|rundę|rundy|rund}."', 'pl: "Graj {rounds.count|rundę|rundy|rund}; zapis ze strony 2."'
    )
)
WARNING = (
    "kit.yaml:18: rules[0].body.pl: warning: 'strony 2' types a page number; write {page.sheet} (the first page "
    "of a component) or {pages.sheet} instead, so that it follows the layout"
)


def test_a_typed_page_number_warns_and_fails_under_strict(run, tmp_path, monkeypatch):
    (tmp_path / "kit.yaml").write_text(KIT, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    relaxed = run("validate", "kit.yaml")
    assert (relaxed.code, relaxed.err.splitlines(), relaxed.out) == (
        0,
        [WARNING],
        "kit.yaml: ok: 1 invariant proved, on A4, in pl, cs, en\n",
    )
    strict = run("validate", "kit.yaml", "--strict")
    assert (strict.code, strict.err.splitlines()) == (1, [WARNING])


def test_the_shipped_kits_type_no_page_number(run):
    result = run("validate", "--all", "--strict")
    assert result.code == 0
    assert "types a page number" not in result.err
