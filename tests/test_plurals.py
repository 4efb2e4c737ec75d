"""A placeholder's word takes the form its number needs in Polish, Czech and English (CLDR's plural
rules, as babel ships them), in the printed PDF; a text that gives too few forms is refused."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from babel import localedata
from babel.plural import PluralRule
from pypdf import PdfReader

from conftest import REPO
from printkit.base.errors import PrintkitError
from printkit.cli import main
from printkit.words import plurals
from printkit.words.locale import Localizer
from printkit.words.messages import LANGUAGES

COUNTS = (1, 2, 5, 12, 21, 22, 25)
# What a Polish, Czech and English reader expects after each count: the accusative of "card" (deal
# N cards) and the nominative of "round" (N rounds).
CARDS = {
    "pl": ("kartę", "karty", "kart", "kart", "kart", "karty", "kart"),
    "cs": ("kartu", "karty", "karet", "karet", "karet", "karet", "karet"),
    "en": ("card", "cards", "cards", "cards", "cards", "cards", "cards"),
}
ROUNDS = {
    "pl": ("runda", "rundy", "rund", "rund", "rund", "rundy", "rund"),
    "cs": ("kolo", "kola", "kol", "kol", "kol", "kol", "kol"),
    "en": ("round", "rounds", "rounds", "rounds", "rounds", "rounds", "rounds"),
}
ROUND_FORMS = {"pl": "runda|rundy|rund", "cs": "kolo|kola|kol", "en": "round|rounds"}
CARD_FORMS = {"pl": "kartę|karty|kart", "cs": "kartu|karty|karet", "en": "card|cards"}
DEAL = {"pl": "Rozdaj", "cs": "Rozdej", "en": "Deal"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_are_babels(lang):
    assert plurals.RULES[lang] == localedata.load(lang)["plural_form"].rules


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_count_falls_in_babels_category(lang):
    rule = PluralRule(localedata.load(lang)["plural_form"].rules)
    assert [plurals.category(lang, n) for n in range(1001)] == [rule(n) for n in range(1001)]


def test_a_language_needs_as_many_forms_as_its_whole_numbers_have_categories():
    assert {lang: plurals.categories(lang) for lang in LANGUAGES} == {
        "pl": ("one", "few", "many"),
        "cs": ("one", "few", "other"),
        "en": ("one", "other"),
    }


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_numbers_sampled_meet_what_ten_thousand_meet(lang):
    """categories() and examples() read a sample made from the rules' bounds and moduli; every
    number up to 10,000 falls into a category the sample meets, and no category is first met
    after the sample ends."""
    rule = PluralRule(localedata.load(lang)["plural_form"].rules)
    first: dict[str, int] = {}
    for n in range(10_000):
        first.setdefault(rule(n), n)
    assert set(plurals.categories(lang)) == set(first)
    assert max(first.values()) < len(plurals._sample(lang)) < 1000


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("count", COUNTS)
def test_a_count_and_its_word(lang, count):
    tr = Localizer(lang, {"rounds.count": count})
    word = ROUNDS[lang][COUNTS.index(count)]
    assert tr.fill(f"{{rounds.count|{ROUND_FORMS[lang]}}}") == f"{count} {word}"
    assert tr.fill(f"{{rounds.count:{ROUND_FORMS[lang]}}}") == word
    assert tr.fill(f"{{rounds.count * 2 - rounds.count|{ROUND_FORMS[lang]}}}") == f"{count} {word}"


KIT = """\
kit:
  title: {{pl: "Gra", cs: "Hra", en: "Game"}}
  players: {{min: 1, max: 2}}
  languages: [pl, cs, en]
  default_lang: pl
  author: "printkit tests"
components:
  - id: deck
    kind: cards
    title: {{pl: "Karty", cs: "Karty", en: "Cards"}}
    width: 63mm
    height: 88mm
    types:
      - {{id: card, count: {count}, name: {{pl: "Karta", cs: "Karta", en: "Card"}}}}
    face:
      - {{type: name, box: [5, 5, 50, 10]}}
rules:
  - heading: {{pl: "Zasady", cs: "Pravidla", en: "Rules"}}
    body: {{{body}}}
invariants:
  - {{id: cards, check: "deck.card == {count}", rule: {{pl: "{count}", cs: "{count}", en: "{count}"}}}}
"""


@pytest.mark.parametrize("count", COUNTS)
def test_the_printed_rules_take_the_counts_form(tmp_path, count):
    body = ", ".join(f'{lang}: "{DEAL[lang]} {{deck.total|{CARD_FORMS[lang]}}}."' for lang in LANGUAGES)
    kit = tmp_path / "game.yaml"
    kit.write_text(textwrap.dedent(KIT.format(count=count, body=body)), encoding="utf-8")
    for lang in LANGUAGES:
        printed = printed_text(kit, lang, tmp_path / f"{lang}.pdf")
        assert f"{DEAL[lang]} {count} {CARDS[lang][COUNTS.index(count)]}." in printed


def printed_text(kit: Path, lang: str, target: Path) -> str:
    """The text of the built PDF's pages, its white space made single spaces."""
    try:
        main(["build", str(kit), "--lang", lang, "-o", str(target)])
    except SystemExit as exc:
        assert not exc.code, f"the {lang} build of {kit} failed"
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(target).pages)


# What ogrod's rules print when a designer changes its 18 rounds (and the rule that states them).
OGROD_ROUNDS = {
    2: {"pl": "Przez 2 rundy", "cs": "Během 2 kol", "en": "Over 2 rounds"},
    21: {"pl": "Przez 21 rund", "cs": "Během 21 kol", "en": "Over 21 rounds"},
    22: {"pl": "Przez 22 rundy", "cs": "Během 22 kol", "en": "Over 22 rounds"},
}


@pytest.mark.parametrize("count", sorted(OGROD_ROUNDS))
def test_a_shipped_kits_rules_follow_a_changed_count(tmp_path, count):
    source = (REPO / "kits" / "ogrod.yaml").read_text(encoding="utf-8")
    for old, new in (("count: 18\n", f"count: {count}\n"), ("rounds.count == 18", f"rounds.count == {count}")):
        assert source.count(old) == 1
        source = source.replace(old, new)
    kit = tmp_path / "ogrod.yaml"
    kit.write_text(source, encoding="utf-8")
    for lang, expected in OGROD_ROUNDS[count].items():
        assert expected in printed_text(kit, lang, tmp_path / f"{lang}.pdf")


def test_a_placeholder_with_a_text_per_language_prints_the_languages_own():
    """A legend's symbol given per language ({pl: K, en: F}) fills {die.flower.symbol} in each."""
    numbers = {"die.flower.symbol": {"pl": "K", "cs": "K", "en": "F"}, "die.leaf.symbol": "L"}
    texts = {lang: Localizer(lang, numbers)("{die.leaf.symbol} + {die.flower.symbol}") for lang in ("pl", "en")}
    assert texts == {"pl": "L + K", "en": "L + F"}
    with pytest.raises(PrintkitError, match=r"\{die.flower.symbol\} has no 'de' version"):
        Localizer("de", numbers)("{die.flower.symbol}")
