"""A review of targ: its rulebook had no picture of the market for 2, 3 and 4 players nor of the
snake draft. A figure may show a mat's set-up (``mat:``) and the order of play (``order:``),
layout/figure_setup.py; measured on the laid-out rules page of targ in every language and paper."""

from __future__ import annotations

import functools

import pytest

from printkit import pipeline
from printkit.kit.shared import Figure
from printkit.layout import bounds, figures
from printkit.layout.document import layout_kit
from printkit.layout.figure_setup import INK
from printkit.layout.figures import is_figure
from printkit.layout.primitives import Circle, Group, Path, Rect, Text

CASES = [(lang, paper) for lang in ("pl", "cs", "en") for paper in ("a4", "letter")]
LABELS = {"pl": "{n} graczy: {c} kart", "cs": "{n} hráči: {c} karet", "en": "{n} players: {c} cards"}
FOOTER = {"pl": "strona 1 z", "cs": "strana 1 z", "en": "page 1 of"}
CLEAR = 6.0  # mm between the rules' last line or figure and the footer, at least


@functools.cache
def rules_pages(lang: str, paper: str):
    loaded = pipeline.load("targ")
    ctx = pipeline.context(loaded, lang, paper)
    return [page for page in layout_kit(loaded.kit, ctx).pages if page.role == "rules"]


def figure_groups(page) -> list[Group]:
    """The rules' figures (not the strip of what is in the kit, a figure too)."""
    return [item for item in page.items if isinstance(item, Group) and is_figure(item) and item.key[1] != "contents"]


def placed_in(group: Group) -> list[bounds.Placed]:
    return list(bounds.flatten([group]))


@pytest.mark.parametrize(("lang", "paper"), CASES)
def test_the_rules_keep_one_page_with_both_figures_clear_of_the_footer(lang, paper):
    [page] = rules_pages(lang, paper)  # the seed's page 1: the board stays on page 2
    groups = figure_groups(page)
    assert len(groups) == 2  # the market's set-up and the picking order
    [footer] = [t for t in page.items if isinstance(t, Text) and t.text.startswith(FOOTER[lang])]
    for group in groups:
        assert group.y + group.shown_h <= footer.y - 2.5 - CLEAR


@pytest.mark.parametrize(("lang", "paper"), CASES)
def test_the_market_is_shown_for_2_3_and_4_players(lang, paper):
    [page] = rules_pages(lang, paper)
    [market] = [g for g in figure_groups(page) if any(isinstance(p.item, Rect) for p in placed_in(g))]
    rects = [p for p in placed_in(market) if isinstance(p.item, Rect) and p.item.stroke is not None]
    held = [p for p in rects if p.item.fill not in (None, "#ffffff")]
    empty = [p for p in rects if p.item.fill == "#ffffff"]
    assert len(held) == 8 + 12 + 16 and len(empty) == 8 + 4 + 0  # three miniatures of the 16 places
    lefts = sorted({round(p.tx + p.sign * p.item.x, 1) for p in held})
    columns = [x for x in lefts if x < lefts[0] + 25]
    assert len(columns) == 4  # the first miniature's 4 columns
    assert {p.item.fill for p in held} == {"#8a2c6a", "#1f6fb0", "#b86e00"}  # the goods' own colours
    texts = " ".join(t.text for t in page.items if isinstance(t, Text))
    for players, cards in ((2, 8), (3, 12), (4, 16)):
        assert LABELS[lang].format(n=players, c=cards) in texts


@pytest.mark.parametrize(("lang", "paper"), CASES)
def test_the_snake_draft_runs_back_every_second_pass(lang, paper):
    """4 seats a row, 4 passes: the heads on rows 1 and 3 point right, on 2 and 4 left (the turn
    into a row points its way too); the seats' names print at 7 pt or more, in their discs."""
    [page] = rules_pages(lang, paper)
    [order] = [g for g in figure_groups(page) if any(isinstance(p.item, Circle) for p in placed_in(g))]
    placed = placed_in(order)
    discs = [p for p in placed if isinstance(p.item, Circle)]
    assert len(discs) == 16 and min(p.item.r * p.sign for p in discs) >= 2.4
    rows = sorted({round(p.ty + p.sign * p.item.cy, 1) for p in discs})
    assert len(rows) == 4
    names = [p for p in placed if isinstance(p.item, Text) and p.item.bold]
    assert len(names) == 16 and min(p.item.size_pt * p.sign for p in placed if isinstance(p.item, Text)) >= 7.0
    heads = [p for p in placed if isinstance(p.item, Path) and p.item.fill == INK]
    for head in heads:
        (tx, ty), *base = [(head.tx + head.sign * x, head.ty + head.sign * y) for x, y in head.item.points]
        row = min(range(4), key=lambda n: abs(rows[n] - ty))
        along = tx - (base[0][0] + base[1][0]) / 2
        assert (along > 0) == (row % 2 == 0), (row, along)
    assert len(heads) == 4 * 3 + 3  # 3 links a pass, 3 turns


def test_a_set_up_names_a_mat_and_an_order_no_more_seats_than_players():
    kit = pipeline.load("targ").kit
    wrong = Figure(mat="cards", labels=[{"en": "a"}] * 4, caption={"en": "x"})
    found = dict(figures.one_figure(kit, wrong, ("rules", 1, "figure")))
    assert found[("rules", 1, "figure", "mat")] == "'cards' is not a mat of the kit (its mats: market)"
    assert found[("rules", 1, "figure", "labels")] == "4 labels for 3 set-ups (one a number of players)"
    crowded = Figure(order={"seats": 5, "passes": 4}, caption={"en": "x"})
    found = dict(figures.one_figure(kit, crowded, ("rules", 2, "figure")))
    assert found == {("rules", 2, "figure", "order", "seats"): "5 seats, but the game takes 4 players"}
    assert not list(figures.figure_problems(kit))
