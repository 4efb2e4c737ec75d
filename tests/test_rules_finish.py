"""The rules pages' finish as a reviewer reads them (issue 28), measured on the built PDFs: captions
neither hyphenated nor ending in one word, no short word cut, alternatives ("ABC / CBA") kept on
one line, the ruler's digits readable, and no empty band under the last page's columns."""

from __future__ import annotations

import re

import pdfplumber
import pytest

from conftest import mm
from print_measure import credits_chars, rules_pages
from printkit import pipeline as build
from printkit.layout import needs, rules
from printkit.layout.document import kit_numbers, layout_kit, with_numbers
from printkit.layout.figures import CAPTION_PT
from printkit.layout.hyphenation import hyphenator
from printkit.layout.marks import RULER_DIGIT_PT, ruler
from printkit.layout.primitives import Text
from printkit.words.typography import NBSP, typeset

KITS = ("latarnie", "ogrod", "plateau", "targ", "kpn")


def caption_lines(page) -> list[str]:
    """The page's lines of figure captions (their own 8 pt size), top to bottom, column by column."""
    found = []
    halves = (page.crop((0, 0, page.width / 2, page.height)), page.crop((page.width / 2, 0, page.width, page.height)))
    for half in halves:
        for line in half.extract_text_lines(strip=True):
            if {round(c["size"], 1) for c in line["chars"]} == {CAPTION_PT}:
                found.append(line["text"])
    return found


@pytest.mark.parametrize("kit", KITS)
@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_captions_are_never_hyphenated_and_never_end_in_one_word(built, kit, lang):
    lines = [line for page in rules_pages(built(kit, lang)) for line in caption_lines(page)]
    assert lines, "the captions were found"
    assert not [line for line in lines if re.search(r"\w-$", line)]
    # a caption's last line (one ending a sentence) holds two words at least
    lonely = [line for line in lines if line.endswith(".") and len(line.split()) < 2]
    assert not lonely, lonely


@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_no_word_of_seven_letters_or_fewer_is_cut(lang):
    cutter = hyphenator(lang)
    assert cutter is not None
    for word in {"pl": ["dostaje", "wybiera", "kamienie"], "cs": ["dostane", "vybírá", "kamenech"]}.get(
        lang, ["players", "between", "opponent"]
    ):
        assert (len(word) <= 7) == (not cutter.points(word)), word


def test_alternatives_joined_by_a_slash_stay_on_one_line():
    assert typeset("daje ABC / CBA, a", "pl") == f"daje ABC{NBSP}/{NBSP}CBA, a"
    assert typeset("(red / blue)", "en") == f"(red{NBSP}/{NBSP}blue)"


def test_the_rulers_digits_are_readable():
    digits = [item for item in ruler(0.0, 0.0, "50 mm") if isinstance(item, Text) and item.text.isdigit()]
    assert [d.text for d in digits] == ["0", "10", "20", "30", "40", "50"]
    assert all(d.size_pt == RULER_DIGIT_PT >= 6.5 for d in digits)


def test_the_printed_rulers_digits_are_at_least_6_5_pt(built):
    pdf = pdfplumber.open(built("latarnie", "pl"))
    sizes = {round(c["size"], 2) for page in pdf.pages for c in page.chars if c["text"].isdigit()}
    assert sizes and min(sizes) >= 6.5, sorted(sizes)


@pytest.mark.parametrize("kit", KITS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_last_rules_page_has_no_empty_band(built, kit, paper):
    """The last page's longer column reaches at least 80 % of the way from the columns' top to the
    credits (latarnie's ended 40 mm short of them, plateau's second page two-thirds empty)."""
    page = rules_pages(built(kit, "pl", "--paper", paper))[-1]
    body = [c for c in page.chars if round(c["size"], 1) in (9.4, 11.5, CAPTION_PT)]
    credits = credits_chars(page)
    top = min(mm(c["top"]) for c in body)
    if len(rules_pages(built(kit, "pl", "--paper", paper))) == 1:
        top = min(mm(c["top"]) for c in body if round(c["size"], 1) == 11.5)  # under the title block
    bottom = max(mm(c["bottom"]) for c in body)
    foot = min(mm(c["top"]) for c in credits)
    assert (bottom - top) / (foot - top) >= 0.8, (top, bottom, foot)


@pytest.mark.parametrize("kit", ["latarnie", "ogrod", "plateau"])  # targ's and kpn's fill their page as usual
def test_the_chosen_setting_is_level_where_one_is_as_data(kit, monkeypatch):
    """Of the usual and looser settings the layout keeps one whose last page is level (LEVEL_WITHIN)
    where any is, and never one that takes more pages than the usual one."""
    loaded = build.load(kit)
    chosen: list[rules.Poured] = []
    kept = rules.filled

    def spy(usual, looser):
        found = kept(usual, looser)
        chosen.append(found)
        assert len(found.pages) == len(usual.pages)
        same = [p for p in (usual, *looser) if len(p.pages) == len(usual.pages) and not p.short]
        assert found.spread <= rules.LEVEL_WITHIN or all(p.spread > rules.LEVEL_WITHIN for p in same)
        return found

    monkeypatch.setattr(rules, "filled", spy)
    layout_kit(loaded.kit, build.context(loaded, "pl"))
    assert chosen


def figures_by_heading(kit: str) -> dict[str, object]:
    loaded = build.load(kit)
    return {section.heading["en"]: section.figure for section in loaded.kit.rules}


def test_every_plateau_rule_a_player_can_get_wrong_has_a_figure():
    """The reviewer: plateau had no figure of a capture, of the twister, of turning a stone over or
    of an exchange; each now shows its move (arrows on the board) or its pieces with labels."""
    found = figures_by_heading("plateau")
    for heading in ("The goal", "Starting", "Moving", "The twister", "Turning a stone over", "Stacks", "Capturing"):
        assert found[heading] is not None, heading
    assert found["The twister"].moves == ["A2-B2", "B2-C1"]  # a step straight, then one diagonally
    assert found["Capturing"].moves == ["A2-B2"]
    assert {cell.at for cell in found["Capturing"].cells} == {"A2", "B2"}  # onto the white stone
    turned = [spot.stack for spot in found["Turning a stone over"].places if spot.stack]
    assert turned == [["stones.black.red_mask"], ["stones.black.red_mask:back"]]  # one stone, both sides
    exchange = found["Exchanging prisoners"]
    assert exchange is not None and all(spot.label for spot in exchange.places)


def test_kpn_shows_the_covered_tile_and_a_win_and_ogrod_a_move_and_its_result():
    kpn = figures_by_heading("kpn")
    covered = next(spot for spot in kpn["Your turn"].places if spot.example == 2)
    assert len(covered.stack) == 2 and covered.label["en"] == "on scissors"
    assert kpn["Winning"] is not None
    ogrod = figures_by_heading("ogrod")
    # the roll's result ringed where it is written, with what it scores, and the other row the
    # same roll could fill ringed dotted (a letter written there read as a second move)
    (example,) = [figure for figure in ogrod.values() if figure is not None and figure.areas]
    assert example.area_windows == ["C2:C2", "B5:B5"]
    assert [label["en"] for label in example.area_labels if label] == [
        "the {die.fruit.symbol} written: +2, the {die.flower.symbol} beside it: +3",
        "or here: {die.leaf.symbol} in row 5",
    ]
    assert not any(cell.label for cell in example.cells)


@pytest.mark.parametrize(
    ("kit", "lang", "expected", "refused"),
    [
        ("ogrod", "en", ["2 × ordinary six-sided dice (D6), shared", "a pencil per player"], "1 × "),
        ("ogrod", "pl", ["ołówek dla każdego gracza"], "1 × "),
        ("latarnie", "cs", ["tužka na zápis výsledků"], "1 × "),
        ("targ", "en", ["a pencil"], "1 × "),
    ],
)
def test_what_you_need_counts_only_what_comes_in_more_than_one(kit, lang, expected, refused):
    """ "2 × dice", but "a pencil per player", not "1 × pencil per player" (round 3 asked latarnie
    for a pencil; "1 ×" read as a form's field)."""
    loaded = build.load(kit)
    ctx = build.context(loaded, lang, "a4")
    ctx = with_numbers(ctx, dict(ctx.tr.numbers) | kit_numbers(loaded.kit, ctx.paper))  # a stand-in's {tokens.A}
    items = [block.markup.replace(NBSP, " ") for block in needs.needs_blocks(loaded.kit, ctx) if block.kind == "item"]
    for text in expected:
        assert text in items, items
    assert not any(item.startswith(refused) for item in items), items


def test_an_english_number_goes_with_the_noun_after_it():
    """Round 5 (latarnie, English): "5 / A tokens" and "3 / points" at line ends. In English a number
    followed by a word is bound forward; one ending its phrase stays with the word before it; so is
    a Polish one (the label A after its noun takes no conjunction, so the chain stays short)."""
    assert typeset("stand 5 A tokens and 3 B tokens.", "en") == f"stand 5{NBSP}A{NBSP}tokens and 3{NBSP}B tokens."
    assert typeset("the centre scores 3 points", "en") == f"the centre scores 3{NBSP}points"
    assert typeset("in row 2.", "en") == f"in row{NBSP}2."
    assert typeset("stoi 5 żetonów A i 3 żetony B", "pl") == f"stoi 5{NBSP}żetonów{NBSP}A i{NBSP}3{NBSP}żetony{NBSP}B"
