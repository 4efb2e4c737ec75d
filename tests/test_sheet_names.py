"""A shared score sheet has a row for the players' names under its players' columns' headers
(seats A, B, C, D or "Player 2" said nobody's name: a round-6 review of kpn's and targ's pads),
once a sheet, and a page of several pads (``per_page``) has a cut line with scissors between
them (a thin grey rule showed no place to cut). Measured on the laid-out sheet pages."""

from __future__ import annotations

import pytest

from conftest import REPO
from printkit import pipeline
from printkit.base import records
from printkit.kinds.sheet.layout import SCISSORS, games_gap_for
from printkit.layout.document import layout_sheets
from printkit.layout.primitives import CUT, Group, Line, Page, Text
from printkit.layout.sheet import NAME_LINE, NAME_ROW_H

NAME = {"pl": "Imię", "cs": "Jméno", "en": "Name"}
SEATS = {"kpn": 4, "targ": 4, "latarnie": 2}


def companion_page(kit: str, lang: str, paper: str) -> tuple[Page, pipeline.Context]:
    loaded = pipeline.load(kit)
    ctx = pipeline.context(loaded, lang, paper)
    (page,) = pipeline.companion(loaded, ctx, "-sheets").pages
    return page, ctx


def name_lines(page: Page) -> list[Line]:
    return [i for i in page.items if isinstance(i, Line) and i.stroke == NAME_LINE]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
@pytest.mark.parametrize("kit", ["kpn", "targ", "latarnie"])
def test_a_shared_sheet_has_a_name_line_under_every_seat_once_a_game(kit, lang, paper):
    page, ctx = companion_page(kit, lang, paper)
    games = len(page.pieces)
    lines = name_lines(page)
    assert len(lines) == SEATS[kit] * games, "one line a seat, once a game (latarnie: not again for game 2)"
    labels = [i for i in page.items if isinstance(i, Text) and i.text == NAME[lang]]
    assert len(labels) == games and all(label.bold and label.size_pt >= 7.0 for label in labels)
    seats = pipeline.seat_names(pipeline.load(kit).kit, ctx)  # A, B, C, D; targ's English P1, P2, ...
    headers = [i for i in page.items if isinstance(i, Text) and i.text in seats]
    for game, piece in enumerate(sorted(page.pieces, key=lambda p: p.y)):
        mine = sorted((line for line in lines if piece.y <= line.y1 <= piece.y + piece.height), key=lambda at: at.x1)
        label = next(t for t in labels if piece.y <= t.y <= piece.y + piece.height)
        assert all(line.y1 == line.y2 == pytest.approx(mine[0].y1) for line in mine), "one row"
        assert label.y < mine[0].y1 < label.y + NAME_ROW_H / 2, "in the row of the label"
        seat_heads = sorted((h for h in headers if piece.y <= h.y < mine[0].y1), key=lambda h: h.x)
        assert [h.text for h in seat_heads] == seats[: SEATS[kit]], game
        for line, head in zip(mine, seat_heads, strict=True):
            assert line.x1 < head.x < line.x2, "under its seat's header"
            assert line.x2 - line.x1 >= 20.0, "room for a name"


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("kit", ["kpn", "targ"])
def test_pads_printed_two_to_a_page_have_a_cut_line_with_scissors_between_them(kit, paper):
    page, ctx = companion_page(kit, "en", paper)
    first, second = sorted(page.pieces, key=lambda p: p.y)
    gap = games_gap_for(2, first.height, ctx)
    middle = first.y + first.height + gap / 2
    (cut,) = [i for i in page.items if isinstance(i, Line) and i.stroke == CUT]
    assert cut.y1 == cut.y2 == pytest.approx(middle) and second.y - cut.y1 == pytest.approx(gap / 2)
    assert cut.x2 == pytest.approx(ctx.margin + ctx.content_width), "across the printable width"
    (scissors,) = [i for i in page.items if isinstance(i, Group) and i.key[:2] == ("symbol", "scissors")]
    assert scissors.key[-1] == "turned" and scissors.w == SCISSORS
    assert scissors.x == pytest.approx(ctx.margin) and scissors.x + scissors.w < cut.x1, "at its left end"
    assert scissors.y < middle < scissors.y + scissors.h


def test_a_sheet_printed_with_every_players_name_has_no_name_row():
    loaded = pipeline.load("kpn")
    ctx = pipeline.context(loaded, "en", "a4")
    named = records.replace(ctx, players=["Ala", "Ola", "Ela"])
    (page,) = layout_sheets(loaded.kit, named).pages
    assert not name_lines(page)
    heads = {i.text for i in page.items if isinstance(i, Text)}
    assert {"Ala", "Ola", "Ela"} <= heads
    blank = records.replace(ctx, players=["Ala", "", "Ela"])  # `printkit sheets --players 3 --names Ala "" Ela`
    (page,) = layout_sheets(loaded.kit, blank).pages
    assert len(name_lines(page)) == 3 * 2, "one seat has no name: the row comes back, for every seat"


@pytest.mark.parametrize(("lang", "seats"), [("pl", "A B C D"), ("cs", "H1 H2 H3 H4"), ("en", "P1 P2 P3 P4")])
def test_a_kits_seats_head_its_shared_sheet_in_each_language(lang, seats):
    """targ's English and Czech seats were A, B, C, D beside goods lettered B, C, H (review 7): the
    kit names its seats per language (kit.seats), and the score pads head their columns with them."""
    page, _ = companion_page("targ", lang, "a4")
    headers = [item.text for item in page.items if isinstance(item, Text) and item.bold]
    for seat in seats.split():
        assert headers.count(seat) == 2, seat  # one column a seat, in each of the page's two games


def test_seats_fewer_than_the_players_are_refused_on_their_line(tmp_path, run):
    text = (REPO / "kits" / "targ.yaml").read_text(encoding="utf-8")
    bad = text.replace('seats: {pl: "A B C D", cs: "H1 H2 H3 H4"', 'seats: {pl: "A B C", cs: "H1 H2 H3 H4"')
    kit = tmp_path / "targ.yaml"
    kit.write_text(bad, encoding="utf-8")
    line = bad.splitlines().index(next(x for x in bad.splitlines() if x.startswith("  seats:"))) + 1
    checked = run("validate", str(kit))
    assert checked.code == 1
    assert f"{kit}:{line}: kit.seats.pl: names 3 seats ('A B C'), but up to 4 play" in checked.err
    twice = text.replace('en: "P1 P2 P3 P4"', 'en: "P1 P2 P2 P4"')
    kit.write_text(twice, encoding="utf-8")
    checked = run("validate", str(kit))
    assert checked.code == 1 and f"{kit}:{line}: kit.seats: seats in en names a seat twice" in checked.err
