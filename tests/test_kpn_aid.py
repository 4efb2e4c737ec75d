"""kpn's player aid (a round-6 review): the hand-size table spans its 78 mm box instead of 30 mm
of it, its value columns one width (a wider header keeps its width); its English header reads
'1st player, 2nd, 3rd, 4th'; it gives the three-player opening grid and says whose left the
next starter sits on. Measured on the laid-out aid page."""

from __future__ import annotations

import html
import re

import pytest

from printkit import pipeline
from printkit.kinds.cards.deck import TABLE_RULE
from printkit.layout import bounds, paragraph
from printkit.layout.document import layout_kit
from printkit.layout.primitives import Line, RichText, Text

BOX_W = 78.0  # the table's box on the card (kits/kpn.yaml)
THREE = {"pl": "Trzy osoby:", "cs": "Tři hráči:", "en": "Three players:"}
NEXT = {"pl": "od tej, która zaczynała poprzednią", "cs": "od toho, kdo začínal předchozí", "en": "previous starter"}


def aid_page(lang: str, paper: str):
    loaded = pipeline.load("kpn")
    ctx = pipeline.context(loaded, lang, paper)
    return next(page for page in layout_kit(loaded.kit, ctx).pages if page.component == "aid")


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_the_hand_table_spans_its_box_in_equal_value_columns(lang, paper):
    page = aid_page(lang, paper)
    placed = list(bounds.flatten(page.items))
    rules = [p for p in placed if isinstance(p.item, Line) and p.item.stroke == TABLE_RULE]
    assert len(rules) == 4 * 4, "a hairline under each of 4 rows, on each of 4 aids"
    assert all(abs(p.item.x2 - p.item.x1) == pytest.approx(BOX_W, abs=0.05) for p in rules), "as wide as its box"
    first = min(rules, key=lambda p: (p.ty + p.sign * p.item.y1, p.tx + p.sign * p.item.x1))
    left, top = first.tx + first.sign * first.item.x1, first.ty + first.sign * first.item.y1
    texts = [
        (p.tx + p.sign * p.item.x, p.ty + p.sign * p.item.y, p.item.text) for p in placed if isinstance(p.item, Text)
    ]
    header = sorted((x, text) for x, y, text in texts if 0 < top - y < 6 and left <= x < left + BOX_W)
    centres = [x for x, _ in header[1:]]
    steps = [b - a for a, b in zip(centres, centres[1:], strict=False)]
    assert len(centres) == 4 and max(steps) - min(steps) < 0.2, "the seats' columns one width"
    assert centres[-1] > left + BOX_W * 0.8, "the last column near the box's right end"
    # one style (a review: '1st player | 2nd | 3rd | 4th' in English): the ordinals alone
    assert [text for _, text in header] == {
        "pl": ["graczy", "1.", "2.", "3.", "4."],
        "cs": ["hráčů", "1.", "2.", "3.", "4."],
        "en": ["players", "1st", "2nd", "3rd", "4th"],
    }[lang]


@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_the_aid_gives_the_three_player_grid_and_the_next_starter(lang):
    page = aid_page(lang, "a4")
    markup = " ".join(
        p.item.markup.replace("\xa0", " ") for p in bounds.flatten(page.items) if isinstance(p.item, RichText)
    )
    assert markup.count(f"<b>{THREE[lang]}</b>") == 4 and "3 × 3" in markup
    assert markup.count(NEXT[lang]) == 4


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_every_column_of_the_hand_table_centres_its_header_over_its_numbers(lang, paper):
    """A review: the player counts stood at the left edge under a left-set 'players', the hand
    sizes centred beside them. Every column of numbers is centred, its header on the same centre."""
    page = aid_page(lang, paper)
    placed = list(bounds.flatten(page.items))
    rules = [p for p in placed if isinstance(p.item, Line) and p.item.stroke == TABLE_RULE]
    first = min(rules, key=lambda p: (p.ty + p.sign * p.item.y1, p.tx + p.sign * p.item.x1))
    left, top = first.tx + first.sign * first.item.x1, first.ty + first.sign * first.item.y1
    row_h = 9 * 1.6 * 25.4 / 72  # the table's 9 pt rows
    texts = [
        (p.tx + p.sign * p.item.x, p.ty + p.sign * p.item.y, p.item)
        for p in placed
        if isinstance(p.item, Text) and left <= p.tx + p.sign * p.item.x < left + BOX_W
    ]
    header = sorted((x, item) for x, y, item in texts if 0 < top - y < row_h)
    body = [(x, item) for x, y, item in texts if 0 < y - top < 3 * row_h]
    assert len(header) == 5 and len(body) == 3 + 4 + 5
    assert all(item.align == "center" for _, item in header + body)
    for x, _ in header:
        under = [item.text for bx, item in body if abs(bx - x) < 0.01]
        assert under and all(text.isdigit() for text in under), "numbers on the header's centre"
    assert sum(1 for _, item in body if abs(_ - header[0][0]) < 0.01) == 3, "a player count in every row"


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_no_stretch_of_an_aids_text_ends_in_one_short_word(lang, paper):
    """Each stretch of an aid's text (a paragraph, up to a line break) ends in a line of at least
    two words or 12 % of the box (a review 10: "koloru." / "colour." / "barvy." alone)."""
    page = aid_page(lang, paper)
    texts = {p.item.markup: p.item for p in bounds.flatten(page.items) if isinstance(p.item, RichText)}
    stretches = 0
    for item in texts.values():
        lines = paragraph.of(item).lines
        stretch_ends = [n for n in range(len(lines)) if ends_stretch(item, lines, n)]
        for n in stretch_ends:
            text = "".join(run.text for run in lines[n].runs).strip().replace("\xa0", " ")
            stretches += 1
            assert " " in text or lines[n].width >= 0.12 * item.w, f"{text!r}: {lines[n].width / item.w:.2f}"
    assert stretches >= 6


def ends_stretch(item: RichText, lines, n: int) -> bool:
    """Whether line ``n`` ends a stretch of text: the next line starts one of the markup's stretches."""
    if n + 1 >= len(lines):
        return True
    following = "".join(run.text for run in lines[n + 1].runs).strip()
    starts = [html.unescape(re.sub(r"<[^>]*>", "", part)).strip() for part in item.markup.split("<br/>")]
    return any(start.startswith(following) for start in starts)
