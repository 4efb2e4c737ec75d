"""Grids of touching pieces (``touching: true``): rows and columns one piece apart, so an edge or
a corner contact shows; a stack kept within its place; an example's label kept in a legend beside
its badge. Measured on kpn's laid-out rules pages (a round-6 review: 5.8 mm gaps between columns,
14.4 / 16.2 mm between rows, the corner contact of example 1 not shown, 'on scissors' dropped)."""

from __future__ import annotations

import pytest

from printkit import fonts
from printkit import pipeline as build
from printkit.kit.shared import FigureSpot
from printkit.layout import bounds, figure_grid, figure_marks, figure_pieces, figures
from printkit.layout.context import Context, paper
from printkit.layout.document import layout_kit
from printkit.layout.primitives import Circle, Group, Line, Rect, Text
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
    """The tiles of a figure by (row, column) of the place whose cut corner each lies in, bottom
    first (a covering tile is drawn after every place, offset into its own)."""
    places: dict[tuple[int, int], list[Group]] = {}
    for art in (i for i in group.items if isinstance(i, Group) and i.key[:2] == ("deck", "tiles")):
        bleed = 2.0 * art.scale  # kpn's tiles are drawn from their 2 mm bleed
        cut_x, cut_y = art.x + bleed, art.y + bleed
        at = (int(cut_y // TILE), int(cut_x // TILE))
        if at not in places:
            assert (cut_x % TILE, cut_y % TILE) == pytest.approx((0.0, 0.0), abs=1e-6), "one pitch: the tile's side"
        places.setdefault(at, []).append(art)
    return places


def page_box(group: Group, art: Group) -> tuple[float, float, float, float]:
    """A tile's cut square on the page: left, top, right, bottom."""
    x, y = group.x + (art.x + 2.0) * group.scale, group.y + (art.y + 2.0) * group.scale
    return x, y, x + TILE * group.scale, y + TILE * group.scale


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


@pytest.mark.parametrize("paper_name", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_kpn_covering_tile_lies_at_full_size_on_the_scissors_over_its_neighbours_on_a_shadow(lang, paper_name):
    """A review: the face-down pink tile was drawn at 62 % beside the scissors, a small tile next to
    a tile, and cut the scissors' name to 'g'. It lies at full size, a little right of and below
    the scissors, on a grey shadow, drawn after every tile so it lies over the ones it reaches."""
    _, page, (turn, _) = kpn_figures(lang, paper_name)
    arts = [i for i in turn.items if isinstance(i, Group) and i.key[:2] == ("deck", "tiles")]
    (top,) = [i for i in arts if i.key[2:4] == ("back", "pink")]
    (under,) = [
        i
        for i in arts
        if i.key[2:5] == ("face", "green", "scissors") and (i.x + 2.0) // TILE == 2 and (i.y + 2.0) // TILE == 1
    ]
    assert top.scale == under.scale == 1.0, "both at full size"
    step = figure_pieces.COVER_STEP * TILE
    assert (top.x - under.x, top.y - under.y) == pytest.approx((step, step)), "offset a little"
    assert 0.05 * TILE <= step <= 0.2 * TILE and step * turn.scale >= 1.0, "a strip at least 1 mm on the page"
    assert arts.index(top) == len(arts) - 1, "drawn after every tile: on top of the neighbours it reaches"
    shadows = [i for i in turn.items if isinstance(i, Rect) and i.fill == figure_pieces.SHADOW]
    (shadow,) = shadows
    assert shadow.w == shadow.h == TILE and turn.items.index(shadow) < turn.items.index(top), "under the tile"
    assert shadow.x - (top.x + 2.0) == pytest.approx(figure_pieces.SHADOW_STEP * TILE), "right of and below it"
    # the scissors' name is covered whole: its box lies inside the pink tile
    name_box = next(e for e in kit_face("owner")).box
    left, top_y = under.x + 2.0 + name_box[0], under.y + 2.0 + name_box[1]
    assert top.x + 2.0 <= left and top.y + 2.0 <= top_y, "under the pink tile, not cut by its edge"
    # example 2's badge stands inside the pink tile's corner
    x0, y0, x1, y1 = page_box(turn, top)
    disc = badge(page, "2", (x0, y0))
    assert x0 < disc.cx - disc.r and y0 < disc.cy - disc.r and disc.cx + disc.r < x1 and disc.cy + disc.r < y1


def kit_face(kind: str):
    return (e for e in build.load("kpn").kit.component("tiles").face if e.type == kind)


def badge(page, number: str, near: tuple[float, float]) -> Circle:
    """The example's badge disc holding ``number`` nearest to ``near``."""
    texts = [i for i in page.items if isinstance(i, Text) and i.text == number and i.color == "#ffffff"]
    discs = [i for i in page.items if isinstance(i, Circle) and i.r == figures.BADGE_R]
    held = [d for d in discs if any(abs(t.x - d.cx) < 0.01 for t in texts)]
    return min(held, key=lambda d: abs(d.cx - near[0]) + abs(d.cy - near[1]))


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
    assert turn.y + pitch < disc.cy - figures.BADGE_R and disc.cy + figures.BADGE_R < turn.y + 2 * pitch, (
        "in the row of example 2, beside it"
    )
    width = fonts.text_width(label.text, label.size_pt, True, "body")
    assert turn.x + 3 * pitch < disc.cx - figures.BADGE_R, "right of the starting grid"
    # a review: the label floated beside the grid. Example 2 ends its row now (column 2), the legend
    # LEADER (3.5 mm) right of its tile, a line from the tile's edge to the badge at the badge's height
    edge = turn.x + 3 * pitch
    assert disc.cx - figures.BADGE_R - edge == pytest.approx(figure_grid.LEADER)
    (leader,) = [i for i in page.items if isinstance(i, Line) and i.stroke == figure_grid.LEADER_LINE]
    assert leader.x1 == pytest.approx(edge) and leader.y1 == leader.y2 == pytest.approx(disc.cy)
    assert leader.x2 == pytest.approx(edge + figure_grid.LEADER) and leader.x2 == pytest.approx(
        disc.cx - figures.BADGE_R
    )
    assert label.x + width < page.width - 15.0, "inside the column"


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


@pytest.mark.parametrize("paper_name", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_kpn_win_rings_the_winning_three_and_badges_the_tile_it_means(lang, paper_name):
    """A review: the three yellow tiles were not picked out, and the (1) stood on the corner four
    tiles share. Each linked tile gets a near-black ring just inside its edge (none on the others),
    and the badge stands inside the corner of the tile it numbers."""
    _, page, (_, win) = kpn_figures(lang, paper_name)
    places = tiles_at(win)
    yellow = [page_box(win, arts[0]) for arts in places.values() if arts[0].key[3] == "yellow"]
    rings = [
        i
        for i in page.items
        if isinstance(i, Rect) and i.stroke is not None and i.stroke.color == figure_marks.PICK_INK
    ]
    assert len(rings) == 3
    for ring in rings:
        (box,) = [b for b in yellow if b[0] <= ring.x < ring.x + ring.w <= b[2] + 1e-6 and b[1] <= ring.y]
        assert ring.x - box[0] == pytest.approx(figure_marks.PICK_W / 2), "just inside its edge"
        assert ring.y + ring.h <= box[3] + 1e-6 and ring.stroke.width == figure_marks.PICK_W >= 0.5
    (new,) = [page_box(win, arts[0]) for arts in places.values() if arts[0].key[3:5] == ("yellow", "scissors")]
    disc = badge(page, "1", new[:2])
    assert new[0] < disc.cx - disc.r and new[1] < disc.cy - disc.r, "inside its tile, off the shared corner"
    assert disc.cx + disc.r < (new[0] + new[2]) / 2 and disc.cy + disc.r < (new[1] + new[3]) / 2


@pytest.mark.parametrize("paper_name", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_tile_of_kpn_figures_prints_its_owner_at_7_pt_or_more(lang, paper_name):
    """A review: Polish figures had no names on their tiles ('niebieska' did not fit the name's
    box at 7 pt, so no tile kept its name); every face and back shows its owner in every language."""
    kit, page, groups = kpn_figures(lang, paper_name)
    names = {Localizer(lang)(owner.name) for owner in kit.component("tiles").owners}
    for group in groups:
        tiles = [art for arts in tiles_at(group).values() for art in arts]
        shown = [p for p in bounds.flatten((group,)) if isinstance(p.item, Text) and p.item.text in names]
        assert len(shown) == len(tiles), "one name on each tile"
        assert all(abs(p.sign) * p.item.size_pt >= figures.MIN_PT - 1e-6 for p in shown)


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
