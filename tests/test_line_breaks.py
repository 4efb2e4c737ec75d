"""Where the rules' lines break, as a typesetter would break them (review 10 of ogrod): a hyphen
only on a line that is nearly full ("něko-/lika" ended a line 80 % full), no line broken after a
semicolon, colon or comma while the next word fits ("share a side; / diagonals"), a product
("6 × 6") that fits the line not pushed down with the noun after it, and typographic apostrophes.
Measured on the laid-out rules of every shipped kit, language and paper."""

from __future__ import annotations

import pytest

from conftest import kit_cases
from printkit import fonts
from printkit import pipeline as build
from printkit.base.units import MM_PER_POINT
from printkit.layout import paragraph
from printkit.layout.primitives import RichText
from printkit.words import textchars
from printkit.words.typography import NBSP, typeset
from test_rules_keep import laid

CASES = kit_cases()


def text_of(line: paragraph.Line) -> str:
    return "".join(run.text for run in line.runs).rstrip()


@pytest.mark.parametrize(("kit", "lang", "paper"), CASES)
def test_a_hyphen_only_on_a_full_line_and_no_break_after_a_clause_with_room(kit, lang, paper):
    _, _, pages = laid(kit, lang, paper)
    checked = 0
    for page in pages:
        for item in page.items:
            if not (isinstance(item, RichText) and item.lang is not None):
                continue
            lines = paragraph.of(item).lines
            for line, after in zip(lines, lines[1:], strict=False):
                text = text_of(line)
                checked += 1
                if text.endswith("-") and not text.endswith(" -"):
                    assert line.width >= paragraph.HYPHEN_FULL * item.w - 1e-6, f"{text!r}: {line.width / item.w:.2f}"
                elif text[-1:] in ";:,":
                    word = text_of(after).split(" ")[0]
                    room = item.w - line.width - fonts.width_pt(" " + word, item.size_pt, False, "body") * MM_PER_POINT
                    assert room < 0, f"{text!r} broken before {word!r}, which fits"
    assert checked


def test_a_product_goes_whole_with_its_noun_but_no_conjunction():
    """A product counts its noun as any number does ("5 × 5 | pól" parted them: test_number_binding),
    and carries no one-letter conjunction after it ("6 × 6 i 3 baterie")."""
    assert typeset("an empty 6 × 6 garden", "en") == f"an empty 6{NBSP}×{NBSP}6{NBSP}garden"
    assert typeset("plansza 4 × 4 pola", "pl") == f"plansza 4{NBSP}×{NBSP}4{NBSP}pola"
    assert typeset("ogród 6 × 6 i 3 baterie", "pl") == f"ogród 6{NBSP}×{NBSP}6 i{NBSP}3{NBSP}baterie"
    assert typeset("18 rund", "pl") == f"18{NBSP}rund", "any other number still goes with its noun"


def test_an_apostrophe_between_letters_is_typographic():
    assert textchars.normalised("the plant's letter, don't") == "the plant\u2019s letter, don\u2019t"
    assert textchars.normalised("'quoted' 5'") == "'quoted' 5'", "only between two letters"


@pytest.mark.parametrize("kit", ["latarnie", "ogrod", "targ", "kpn", "plateau"])
def test_no_straight_apostrophe_is_printed_in_a_kits_english_rules(kit):
    loaded = build.load(kit)
    texts = [section.body["en"] for section in loaded.kit.rules] + [s.heading["en"] for s in loaded.kit.rules]
    assert any("\u2019" in text for text in texts) or kit == "latarnie"
    assert not [text for text in texts if "'" in text]
