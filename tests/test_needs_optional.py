"""'What you need' says what the game can do without (a review: latarnie listed its tokens and
scissors as required, though pawns stand in for the tokens, as the rulebook's "what to prepare"
says): an optional component names its stand-in (``print.instead``) or is marked optional, an
optional need likewise (``optional``, ``instead``), and a tool needed only for optional pages says
for which. Measured on the laid-out rules page."""

from __future__ import annotations

import pytest

from conftest import REPO
from printkit import pipeline as build
from printkit.base.errors import KitError
from printkit.layout.primitives import RichText
from printkit.words.messages import message

NBSP = "\xa0"


def needs_items(kit: str, lang: str, paper: str = "a4") -> list[str]:
    """The items of "What you need" as laid out on the first rules page, top to bottom."""
    loaded = build.load(kit)
    ctx = build.context(loaded, lang, paper)
    page = build.laid_out(loaded, ctx).pages[0]
    texts = sorted((item for item in page.items if isinstance(item, RichText)), key=lambda item: (item.x, item.y))
    heading = next(item for item in texts if item.markup == message(lang, "needs_heading"))
    items = []
    for item in texts:
        if item.y > heading.y and abs(item.x - heading.x - 4.0) < 0.5:  # a list item's indent
            if items and item.y - items[-1][0] > 12:  # the list ended: the next section's list
                break
            items.append((item.y, item.markup.replace(NBSP, " ")))
    return [markup for _, markup in items]


@pytest.mark.parametrize(
    ("lang", "tokens", "scissors"),
    [
        (
            "pl",
            "<b>Żetony strażników</b> (strona 3) albo po 8 pionków w dwóch kolorach",
            "nożyczki (albo nożyk i linijka), jeśli drukujecie stronę 3",
        ),
        (
            "cs",
            "<b>Žetony strážců</b> (strana 3) nebo 8 figurek v každé ze dvou barev",
            "nůžky (nebo nožík a pravítko), pokud tisknete stranu 3",
        ),
        (
            "en",
            "<b>Guard tokens</b> (page 3) or 8 pawns in each of two colours",
            "scissors (or a craft knife and a ruler), if you print page 3",
        ),
    ],
)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_latarnie_lists_its_tokens_and_scissors_as_optional(lang, tokens, scissors, paper):
    items = needs_items("latarnie", lang, paper)
    assert len(items) == 6, items  # board, tokens, score sheet apart, pencil, card for the tokens, scissors
    assert tokens in items and scissors in items, items
    assert items.index(tokens) == 1 and items[-1] == scissors
    assert items[-2] == CARD_IF[lang], "the card the recipe prints the tokens on, wanted only with them"


CARD_IF = {
    "pl": "karton 160–250 g/m², jeśli drukujecie stronę 3",
    "cs": "karton 160–250 g/m², pokud tisknete stranu 3",
    "en": "card stock (160–250 g/m²), if you print page 3",
}


KIT = (REPO / "tests" / "kits" / "mini.yaml").read_text(encoding="utf-8")
NEEDS = """needs:
  - {id: timer, count: 1, text: {pl: klepsydra, cs: přesýpací hodiny, en: a sand timer},
     instead: {pl: minutnik w telefonie, cs: stopky v telefonu, en: a phone's timer}}
  - {id: dice, count: 2, optional: true, text: {pl: kostki D6, cs: kostky K6, en: six-sided dice}}
components:"""


def test_a_need_the_game_can_do_without_says_so(tmp_path):
    kit = tmp_path / "kit.yaml"
    kit.write_text(KIT.replace("components:", NEEDS, 1), encoding="utf-8")
    assert needs_items(str(kit), "en")[-2:] == ["a sand timer or a phone\u2019s timer", "2 × six-sided dice (optional)"]
    assert needs_items(str(kit), "pl")[-2:] == ["klepsydra albo minutnik w telefonie", "2 × kostki D6 (opcjonalnie)"]
    assert needs_items(str(kit), "cs")[-2:] == ["přesýpací hodiny nebo stopky v telefonu", "2 × kostky K6 (volitelně)"]


def test_an_optional_component_without_a_stand_in_is_marked_optional(tmp_path):
    kit = tmp_path / "kit.yaml"
    kit.write_text(KIT.replace("    rows:\n", "    print: {copies: optional}\n    rows:\n", 1), encoding="utf-8")
    assert needs_items(str(kit), "en")[0] == "<b>Sheet</b> (page 2, optional)"
    assert needs_items(str(kit), "pl")[0] == "<b>Karta</b> (strona 2, opcjonalnie)"


def test_a_stand_in_is_only_for_optional_pages(tmp_path):
    kit = tmp_path / "kit.yaml"
    plan = "    print: {instead: {pl: nic, cs: nic, en: nothing}}\n    rows:\n"
    kit.write_text(KIT.replace("    rows:\n", plan, 1), encoding="utf-8")
    with pytest.raises(KitError) as raised:
        build.load(str(kit))
    assert str(raised.value).endswith(
        "kit.yaml:12: components[0].print: 'instead' names what stands in for optional pages: set copies: optional"
    )


@pytest.mark.parametrize(
    ("kit", "card"),
    [
        ("kpn", "card stock (160–250 g/m²) for pages 3, 5–8"),
        ("plateau", "card stock (160–250 g/m²) for pages 3, 5–6"),
    ],
)
def test_the_card_the_recipe_prints_on_is_listed_with_its_pages(kit, card):
    """A review: latarnie's list named no card though its recipe prints the tokens on card. Every
    kit whose recipe prints on card lists it with those pages; targ and ogrod, all on paper, do not."""
    assert card in needs_items(kit, "en")
    assert not [item for item in needs_items("targ", "en") + needs_items("ogrod", "en") if "card stock" in item]
