"""What the pages say of themselves (review 10 of latarnie and ogrod): the title block gives
players, age and time (the rulebooks call age and time approximate, and the credits say so); a
score sheet the game can do without is optional in "What you need" and in the recipe; a token
page with spares says what the plus in the corner means, and a page on card how to set the
printer. Measured on the laid-out pages."""

from __future__ import annotations

import pytest

from printkit import pipeline as build
from printkit.layout.primitives import RichText, Text


def page_texts(kit: str, lang: str, number: int, paper: str = "a4") -> list[str]:
    loaded = build.load(kit)
    ctx = build.context(loaded, lang, paper)
    page = build.laid_out(loaded, ctx).pages[number]
    found = [item.text for item in page.items if isinstance(item, Text)]
    found += [item.markup for item in page.items if isinstance(item, RichText)]
    return [text.replace("\xa0", " ") for text in found]


@pytest.mark.parametrize(
    ("kit", "lang", "facts", "approximate"),
    [
        ("latarnie", "pl", "Gracze: 2  ·  Wiek: 8+  ·  Czas: 10–15 min", "Wiek i czas gry są orientacyjne."),
        ("latarnie", "cs", "Hráči: 2  ·  Věk: 8+  ·  Doba hry: 10–15 min", "Věk a délka hry jsou orientační."),
        ("latarnie", "en", "Players: 2  ·  Age: 8+  ·  Time: 10–15 min", "Age and playing time are approximate."),
        ("ogrod", "pl", "Gracze: 1–4  ·  Wiek: 8+  ·  Czas: 20–30 min", "Wiek i czas gry są orientacyjne."),
        ("ogrod", "en", "Players: 1–4  ·  Age: 8+  ·  Time: 20–30 min", "Age and playing time are approximate."),
    ],
)
def test_the_title_block_gives_players_age_and_time(kit, lang, facts, approximate):
    texts = page_texts(kit, lang, 0)
    assert facts in texts, [t for t in texts if ":" in t][:5]
    assert any(approximate in text for text in texts)  # the credits


@pytest.mark.parametrize(
    ("lang", "need", "line"),
    [
        ("pl", "<b>Latarnie – wyniki</b> (osobny plik, opcjonalnie)", "dla obojga graczy (opcjonalnie)."),
        ("cs", "<b>Majáky – výsledky</b> (samostatný soubor, volitelně)", "pro oba hráče (volitelně)."),
        ("en", "<b>Lighthouses – scores</b> (a file of its own, optional)", "shared by both players (optional)."),
    ],
)
def test_latarnies_score_sheet_is_optional(lang, need, line):
    texts = page_texts("latarnie", lang, 0)
    assert need in texts
    assert sum(text.endswith(line) and "latarnie-" in text for text in texts) == 1, [t for t in texts if "-" in t]


@pytest.mark.parametrize(
    ("lang", "key", "stock"),
    [
        ("pl", "Żetony z plusem w rogu są zapasowe.", "w drukarce ustaw papier gruby / karton"),
        ("cs", "Žetony s plusem v rohu jsou náhradní.", "v tiskárně nastavte silný papír / karton"),
        ("en", "Tokens with a plus in the corner are spares.", "set the printer to heavy paper / card"),
    ],
)
def test_the_token_page_keys_its_spares_and_says_how_to_feed_card(lang, key, stock):
    texts = page_texts("latarnie", lang, 2)
    assert any(text.endswith(key) for text in texts), texts
    assert any(stock in text for text in texts), texts


def test_a_page_without_spares_has_no_key():
    texts = page_texts("plateau", "en", 3)  # the stones: no spares
    assert not any("spares" in text for text in texts)


def test_latarnies_board_note_says_the_number_shows_the_points():
    note = "Lighthouse cells (the number is what each one scores)"
    assert any(note in text for text in page_texts("latarnie", "en", 1))
