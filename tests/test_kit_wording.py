"""Wording a print reviewer marked down, checked on the laid-out pages of the shipped kits: the
50 mm ruler's caption is a sentence with its full stop; targ lays out "4 cards per player", not
"4 × the number of players cards"; no heading reads like a label ("Wybieranie: 4 obiegi"); the
English texts are as neutral as the Polish and Czech ("one of his tiles … so he wins");
plateau's list of stones names the stones ("2 czerwone kamienie", not "2 czerwone") and its Polish
calls the turn "Tura" and the stones' moving "Ruch"."""

from __future__ import annotations

import functools
import re

import pytest

from conftest import kit_cases
from printkit import pipeline as build
from printkit.layout.primitives import Group, RichText, Text
from printkit.layout.rule_blocks import HEAD_PT

NBSP = "\xa0"


def flat(items) -> list:
    """``items`` with every group's items in place of the group."""
    found = []
    for item in items:
        found += flat(item.items) if isinstance(item, Group) else [item]
    return found


@functools.cache
def laid(kit: str, lang: str, paper: str = "a4") -> tuple[list[str], list[str], list[str]]:
    """The kit's laid-out texts: (one-line texts, paragraphs' markup, headings' markup), with plain spaces."""
    loaded = build.load(kit)
    document = build.laid_out(loaded, build.context(loaded, lang, paper))
    items = [item for page in document.pages for item in flat(page.items)]
    lines = [item.text.replace(NBSP, " ") for item in items if isinstance(item, Text)]
    rich = [item for item in items if isinstance(item, RichText)]
    paragraphs = [item.markup.replace(NBSP, " ") for item in rich]
    headings = [item.markup.replace(NBSP, " ") for item in rich if item.size_pt == HEAD_PT and item.bold]
    return lines, paragraphs, headings


@pytest.mark.parametrize(("kit", "lang", "paper"), kit_cases())
def test_the_rulers_caption_ends_with_a_full_stop(kit, lang, paper):
    """The ruler under a board or pieces is captioned with a sentence, which ends with its full
    stop; a footer's compact ruler (ogrod's, targ's) is labelled "50 mm" only."""
    lines, _, _ = laid(kit, lang, paper)
    captions = [line for line in lines if line.startswith("50 mm:")]
    if kit in ("ogrod", "targ"):
        assert not captions
        return
    assert captions, "a ruler is printed"
    assert all(caption.endswith(("100 %.", "100% scale.")) for caption in captions), captions


@pytest.mark.parametrize(
    ("lang", "said", "heading"),
    [
        ("en", "lay out 4 cards per player face up", "Picking in 4 passes"),
        ("pl", "odkryte karty, po 4 karty na każdego gracza", "Wybieranie w 4 obiegach"),
        ("cs", "lícem nahoru 4 karty na každého hráče", "Výběr ve 4 obrátkách"),
    ],
)
def test_targ_lays_out_cards_per_player_under_a_heading_not_a_label(lang, said, heading):
    _, paragraphs, headings = laid("targ", lang)
    text = " ".join(paragraphs)
    assert said in text
    assert "number of players cards" not in text and "× liczba graczy" not in text and "× počet" not in text
    assert heading in headings, headings


@pytest.mark.parametrize(("kit", "lang", "paper"), [case for case in kit_cases(("a4",))])
def test_no_heading_reads_like_a_label_with_a_number(kit, lang, paper):
    _, _, headings = laid(kit, lang, paper)
    assert len(headings) >= 5
    assert not [heading for heading in headings if re.search(r":\s*\d", heading)], headings


@pytest.mark.parametrize("kit", ["latarnie", "ogrod", "plateau", "targ", "kpn"])
def test_english_texts_do_not_give_a_player_a_gender(kit):
    lines, paragraphs, _ = laid(kit, "en")
    words = re.findall(r"[A-Za-z]+", " ".join(lines + paragraphs))
    assert len(words) > 500
    assert not {"he", "his", "him", "she", "her", "hers"} & {word.lower() for word in words}


@pytest.mark.parametrize(
    ("lang", "stones", "turn", "moving"),
    [
        ("pl", ["2 czerwone kamienie", "2 niebieskie kamienie", "4 nieme kamienie"], "Tura", "Ruch kamieni"),
        ("cs", ["2 červené kameny", "2 modré kameny", "4 němé kameny"], "Tah", "Pohyb"),
    ],
)
def test_plateau_names_its_stones_and_its_turn(lang, stones, turn, moving):
    _, paragraphs, headings = laid("plateau", lang)
    items = [paragraph.split(" (")[0] for paragraph in paragraphs]
    for stone in stones:
        assert stone in items, items
    assert turn in headings and moving in headings, headings
    if lang == "pl":
        assert "Ruch" not in headings
        assert any(paragraph.startswith("Gracze grają na zmianę, tura po turze.") for paragraph in paragraphs)
