"""Grids of touching pieces (``touching: true``): rows and columns one piece apart, so an edge or
a corner contact shows; a stack kept within its place; an example's label kept in a legend beside
its badge. Measured on kpn's laid-out rules pages (a round-6 review: 5.8 mm gaps between columns,
14.4 / 16.2 mm between rows, the corner contact of example 1 not shown, 'on scissors' dropped)."""

from __future__ import annotations

import pytest

from printkit import fonts
from printkit import pipeline as build
from printkit.kit.shared import FigureSpot
from printkit.layout import figures
from printkit.layout.context import Context, paper
from printkit.layout.document import layout_kit
from printkit.layout.primitives import Circle, Group, Text
from printkit.words.locale import Localizer

TILE = 34.0  # kpn's tiles, printed size
LANGS, PAPERS = ["pl", "cs", "en"], ["a4", "letter"]
ON_SCISSORS = {"pl": "na nożyczkach", "cs": "na nůžkách", "en": "on scissors"}


def kpn_figures(lang: str, paper_name: str):
    loaded = build.load("kpn")
    ctx = Context(paper=paper(paper_name), tr=Localizer(lang))
    (page,) = [page for page in layout_kit(loaded.kit, ctx).pages if page.role == "rules"]
    groups = [i for i in page.items if isinstance(i, Group) and figures.is_figure(i) and i.key[1] != "contents"]
    return loaded.kit, page, groups


def tiles_at(group: Group) -> dict[tuple[int, int], list[Group]]:
    """The tiles of a figure by (row, column) of the cut corner of each place's bottom piece."""
    places: dict[tuple[int, int], list[Group]] = {}
    for art in (i for i in group.items if isinstance(i, Group) and i.key[:2] == ("deck", "tiles")):
        bleed = 2.0 * art.scale  # kpn's tiles are drawn from their 2 mm bleed
        cut_x, cut_y = art.x + bleed, art.y + bleed
        places.setdefault((int(cut_y // TILE), int(cut_x // TILE)), []).append(art)
        if art.scale == 1.0:
            assert (cut_x % TILE, cut_y % TILE) == pytest.approx((0.0, 0.0), abs=1e-6), "one pitch: the tile's side"
    return places


@pytest.mark.parametrize("paper_name", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_kpn_starting_grid_touches_and_example_1_meets_it_by_a_corner(lang, paper_name):
    _, _, (turn, _) = kpn_figures(lang, paper_name)
    places = tiles_at(turn)
    grid = {(r, c) for r in range(3) for c in range(3)}
    assert grid <= set(places) and all(places[rc][0].key[3] == "green" for rc in grid), "a 3 × 3 of green, no gaps"
    (yellow,) = [rc for rc, arts in places.items() if arts[0].key[3] == "yellow"]
    assert yellow == (3, 3), "diagonal to the grid's corner tile (2, 2): their corners meet"
    assert not {(2, 3), (3, 2)} & set(places), "and no tile beside it: it touches by its corner alone"
    assert turn.w == pytest.approx(4 * TILE) and turn.h == pytest.approx(4 * TILE), "no gap between places"
    (stack,) = [arts for arts in places.values() if len(arts) == 2]
    under, top = stack
    assert top.key[2:4] == ("back", "pink") and under.key[2:5] == ("face", "green", "scissors")
    small = top.scale
    assert top.x + (2.0 + TILE) * small == pytest.approx(under.x + 2.0 + TILE), "within its own place"
    assert top.y + (2.0 + TILE) * small == pytest.approx(under.y + 2.0 + TILE)


@pytest.mark.parametrize("paper_name", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_kpn_example_2_keeps_its_label_beside_its_badge_in_the_grids_empty_places(lang, paper_name):
    _, page, (turn, _) = kpn_figures(lang, paper_name)
    (label,) = [i for i in page.items if isinstance(i, Text) and i.text == ON_SCISSORS[lang]]
    assert label.size_pt == figures.LABEL_PT >= 7.0 and label.bold
    disc = min(
        (i for i in page.items if isinstance(i, Circle) and i.r == figures.BADGE_R),
        key=lambda d: abs(d.cy - (label.y - fonts.cap_height(label.size_pt) / 2)) + abs(d.cx - label.x),
    )
    assert disc.cx + figures.BADGE_R < label.x < disc.cx + figures.BADGE_R + 2.0, "the badge just before it"
    badge_no = [i for i in page.items if isinstance(i, Text) and i.text == "2" and abs(i.x - disc.cx) < 0.01]
    assert badge_no, "the badge holds the example's number"
    pitch = TILE * turn.scale
    last_row_top = turn.y + 3 * pitch
    assert last_row_top < disc.cy - figures.BADGE_R and disc.cy + figures.BADGE_R < turn.y + turn.shown_h
    width = fonts.text_width(label.text, label.size_pt, True, "body")
    assert turn.x < disc.cx - figures.BADGE_R and label.x + width < turn.x + 3 * pitch, "left of the yellow tile"


@pytest.mark.parametrize("paper_name", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_kpn_win_shows_three_yellow_tiles_linked_by_a_corner_and_an_edge(lang, paper_name):
    _, _, (_, win) = kpn_figures(lang, paper_name)
    places = tiles_at(win)
    assert len(places) == 8 and win.h == pytest.approx(2 * TILE), "two touching rows of four"
    yellow = sorted(rc for rc, arts in places.items() if arts[0].key[3] == "yellow")
    assert len(yellow) == 3
    pairs = [(a, b) for i, a in enumerate(yellow) for b in yellow[i + 1 :]]
    links = [(a, b) for a, b in pairs if max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1]
    assert len(links) >= 2, "connected: each yellow tile touches another"
    kinds = {"corner" if a[0] != b[0] and a[1] != b[1] else "edge" for a, b in links}
    assert kinds == {"corner", "edge"}, "a bent group: one link by a corner, one by an edge"


def test_a_label_without_an_example_in_a_touching_grid_is_a_finding():
    kit = build.load("kpn").kit
    section = next(s for s in kit.rules if s.figure)
    assert section.figure is not None
    places = list(section.figure.pieces)
    places[0] = FigureSpot(put="tiles.green.rock", label={"pl": "a", "cs": "a", "en": "a"})
    figure = section.figure.model_copy(update={"pieces": places})
    found = list(figures.one_figure(kit, figure, ("rules", 2, "figure")))
    assert [(loc, "example: N" in message) for loc, message in found] == [
        (("rules", 2, "figure", "pieces", 0, "label"), True)
    ]
    # a grid that does not touch keeps a label under its row: no finding
    assert not list(figures.one_figure(kit, figure.model_copy(update={"touching": False}), ("rules", 2, "figure")))
