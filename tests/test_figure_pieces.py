"""Figures that read as what they show (the print review of the rules' figures): a move of two legs
is one path with one head, a light piece has the outline its printed sheet cuts it along, a piece
turned over is an arrow between its two sides, a flat piece under another shows part of its face,
and a name too small to print keeps its box filled at 7 pt. Measured on the laid-out pages."""

from __future__ import annotations

import math

import pytest

from printkit import fonts
from printkit import pipeline as build
from printkit.base import records
from printkit.kinds.stones.layout import DISC
from printkit.kit.shared import FigureSpot
from printkit.layout import bounds, figure_marks, figure_pieces, figures
from printkit.layout.context import Context, paper
from printkit.layout.document import layout_kit
from printkit.layout.marks import contrast
from printkit.layout.primitives import CUT, Circle, Group, Path, Rect, Text
from printkit.words.locale import Localizer

LANGS = ["pl", "cs", "en"]
PAPERS = ["a4", "letter"]
STONE, CELL = 32.0, 40.0  # plateau's stones and board cells (kits/plateau.yaml)
TILE = 34.0  # kpn's tiles
START, TWISTER, TURNING, CAPTURE, EXCHANGE = 1, 3, 4, 6, 7  # plateau's figures, in the order of its rules


def figure_groups(kit_name: str, lang: str, paper_name: str = "a4"):
    """The kit, and each section figure's page and drawing group, in the order of the rules."""
    loaded = build.load(kit_name)
    ctx = Context(paper=paper(paper_name), tr=Localizer(lang))
    pages = [page for page in layout_kit(loaded.kit, ctx).pages if page.role == "rules"]
    drawn = [
        (page, item)
        for page in pages
        for item in page.items
        if isinstance(item, Group) and figures.is_figure(item) and item.key[1] != "contents"
    ]
    return loaded.kit, drawn


def inside(group: Group, x: float, y: float) -> bool:
    return (
        group.x - 1e-6 <= x <= group.x + group.shown_w + 1e-6 and group.y - 1e-6 <= y <= group.y + group.shown_h + 1e-6
    )


def arrow_parts(page, group: Group):
    """The arrows' shafts, heads and dots set on the page over ``group``."""
    shafts = [
        i
        for i in page.items
        if isinstance(i, Path)
        and not i.closed
        and i.stroke.color == figure_marks.ARROW_INK
        and inside(group, *i.points[0])
    ]
    heads = [
        i
        for i in page.items
        if isinstance(i, Path) and i.fill == figure_marks.ARROW_INK and i.stroke is None and inside(group, *i.points[0])
    ]
    dots = [
        i
        for i in page.items
        if isinstance(i, Circle) and i.fill == figure_marks.ARROW_INK and inside(group, i.cx, i.cy)
    ]
    return shafts, heads, dots


def test_moves_that_follow_on_are_one_path():
    assert figure_marks.move_paths(["B3-B2", "B2-C1", "A1-A2", "C3-D3"]) == [
        ["B3", "B2", "C1"],
        ["A1", "A2"],
        ["C3", "D3"],
    ]
    assert figure_marks.move_paths(["A2-B2"]) == [["A2", "B2"]]


@pytest.mark.parametrize("paper_name", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_twisters_two_legs_are_one_path_through_b2_with_one_head(lang, paper_name):
    """A2-B2 then B2-C1: one line from A2's centre, over the stone, through B2's centre (a small
    dot there) on to one head touching the ring on the empty C1 only (the first leg stopped short
    of B2, the second started at a dot)."""
    kit, drawn = figure_groups("plateau", lang, paper_name)
    page, group = drawn[TWISTER]
    figure = [section.figure for section in kit.rules if section.figure][TWISTER]
    assert figure.moves == ["A2-B2", "B2-C1"] and figure.window == "A1:C2"
    cell = CELL * group.scale

    def centre(column: int, row: int) -> tuple[float, float]:
        return group.x + (column + 0.5) * cell, group.y + (row + 0.5) * cell

    a2, b2, c1 = centre(0, 1), centre(1, 1), centre(2, 0)
    shafts, heads, dots = arrow_parts(page, group)
    assert len(shafts) == len(heads) == 1, "one arrow, one head"
    (shaft,), (head,) = shafts, heads
    assert len(shaft.points) == 3 and shaft.stroke.width == figure_marks.ARROW_W
    assert shaft.points[0] == pytest.approx(a2) and shaft.points[1] == pytest.approx(b2), "through B2's centre"
    leg = math.dist(b2, c1)
    ux, uy = (c1[0] - b2[0]) / leg, (c1[1] - b2[1]) / leg
    short = figure_marks.TARGET * cell
    tip = head.points[0]
    assert tip == pytest.approx((c1[0] - ux * short, c1[1] - uy * short)), "the head touches C1's ring"
    base = shaft.points[2]
    assert base == pytest.approx((tip[0] - ux * figure_marks.HEAD_LEN, tip[1] - uy * figure_marks.HEAD_LEN))
    assert sorted((d.r, (d.cx, d.cy)) for d in dots) == [
        (figure_marks.TURN_R, pytest.approx(b2)),
        (figure_marks.START_R, pytest.approx(a2)),
    ], "a dot where it starts, a small one where it turns"
    assert figure_marks.TURN_R > figure_marks.ARROW_W / 2 + 0.2, "the turn's dot shows either side of the line"


def outlines(page, group: Group) -> list[Rect]:
    return [
        i
        for i in page.items
        if isinstance(i, Rect) and i.stroke == figure_marks.OUTLINE and i.fill is None and inside(group, i.x, i.y)
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_a_white_stone_has_an_edge_drawn_and_a_black_one_none(lang):
    kit, drawn = figure_groups("plateau", lang)
    stones = kit.component("stones")
    # as dark as the sheets' cut line, and never it: a rules page draws no cut line (test_not_cut_pages)
    assert figure_marks.OUTLINE.color == CUT.color and figure_marks.OUTLINE != CUT
    white = next(o.color for o in stones.owners if o.id == "white")
    assert contrast(figure_marks.OUTLINE.color, white) >= 3.0

    page, group = drawn[CAPTURE]  # a black stone on A2, a white one on B2 (window A2:C2)
    side = STONE * group.scale
    (outline,) = outlines(page, group)
    bx, by = group.x + 1.5 * CELL * group.scale, group.y + 0.5 * CELL * group.scale
    assert (outline.x, outline.y, outline.w, outline.h) == pytest.approx((bx - side / 2, by - side / 2, side, side))

    page, group = drawn[START]  # two black stones on A2, two white ones on C1: the top white one outlined
    (outline,) = outlines(page, group)
    pile = figure_marks.stack_layers(2, CELL, CELL, STONE, STONE, margin=figure_marks.PILE_MARGIN * CELL)
    assert (outline.w, outline.h) == pytest.approx((STONE * pile[-1].scale * group.scale,) * 2)
    c1 = group.x + 2 * CELL * group.scale, group.y  # the window is A1:C2
    assert (outline.x, outline.y) == pytest.approx((c1[0] + pile[-1].x * group.scale, c1[1] + pile[-1].y * group.scale))

    page, group = drawn[EXCHANGE]  # the white twister, then two black stones
    (outline,) = outlines(page, group)
    side = STONE * group.scale
    assert (outline.x, outline.y, outline.w, outline.h) == pytest.approx((group.x, group.y, side, side))
    values = [p for p in bounds.flatten((group,)) if isinstance(p.item, Text) and p.item.text == "15"]
    assert len(values) == 2, "the twister's value in two corners"
    for placed in values:
        x0, y0, x1, y1 = bounds.ink_box(placed)
        assert outline.x < x0 and x1 < outline.x + outline.w and outline.y < y0 and y1 < outline.y + outline.h


@pytest.mark.parametrize("paper_name", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_a_stone_turned_over_is_a_curved_arrow_in_the_place_between_its_sides(lang, paper_name):
    kit, drawn = figure_groups("plateau", lang, paper_name)
    figure = [section.figure for section in kit.rules if section.figure][TURNING]
    assert [spot.arrow for spot in figure.places] == [None, "turn", None]
    page, group = drawn[TURNING]
    side, gap = STONE * group.scale, figures.SPOT_GAP * STONE * group.scale
    shafts, heads, dots = arrow_parts(page, group)
    assert len(shafts) == len(heads) == 1 and not dots, "one arrow from a piece, no dot where it starts"
    (shaft,), (head,) = shafts, heads
    left_stone_right, right_stone_left = group.x + side, group.x + 2 * (side + gap)
    xs = [x for x, _ in shaft.points] + [head.points[0][0]]
    assert left_stone_right < min(xs) and max(xs) < right_stone_left, "in the empty place"
    assert xs == sorted(xs), "from the face to the back"
    middle = group.y + side / 2
    rise = middle - min(y for _, y in shaft.points)
    assert rise == pytest.approx(figure_marks.TURN_RISE * side, rel=0.02), "bowed: a piece turned over"
    assert shaft.points[0][1] == pytest.approx(middle)
    assert head.points[0][0] - shaft.points[0][0] > 0.6 * (side + gap), "across most of the place"


def test_an_arrow_stands_in_an_empty_place_between_two_pieces():
    loaded = build.load("plateau")
    kit = loaded.kit
    number = [n for n, section in enumerate(kit.rules) if section.figure][TURNING]
    section = kit.rules[number]

    def problems(pieces):
        rules = list(kit.rules)
        rules[number] = section.model_copy(update={"figure": section.figure.model_copy(update={"pieces": pieces})})
        return list(figures.figure_problems(kit.model_copy(update={"rules": rules})))

    face, back = "stones.black.red_mask", "stones.black.red_mask:back"
    assert problems([face, FigureSpot(arrow="turn"), back]) == []
    loc = ("rules", number, "figure", "pieces")
    (at_end,) = problems([face, back, FigureSpot(arrow="turn")])
    assert at_end[0] == (*loc, 2, "arrow") and "both must hold pieces" in at_end[1]
    (holding,) = problems([face, FigureSpot(put="stones.black.reds", arrow="next"), back])
    assert holding[0] == (*loc, 1, "put") and "holds no pieces" in holding[1]


@pytest.mark.parametrize("paper_name", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_pink_backs_name_keeps_its_box_filled_at_7_pt(lang, paper_name):
    """Its 11 pt name scaled under 7 pt and was dropped, leaving the white box empty: it fits the box
    at 7 pt, so it prints at 7 pt, its middle where it was."""
    kit, drawn = figure_groups("kpn", lang, paper_name)
    _, group = drawn[0]
    name = Localizer(lang)(kit.component("tiles").owners[1].name)
    texts = [p for p in bounds.flatten((group,)) if isinstance(p.item, Text) and p.item.text == name]
    backs = [p for p in texts if p.item.bold]  # the back's name is bold, a face's is not
    if (lang, paper_name) != ("en", "a4"):  # drawn smaller on the tile under it: 'pink' still fits its box
        assert all(abs(p.sign) * p.item.size_pt >= figures.MIN_PT - 1e-6 for p in backs)
        return
    (placed,) = backs
    kept = placed.item
    assert abs(placed.sign) * kept.size_pt == pytest.approx(figures.MIN_PT)
    ctx = Context(paper=paper(paper_name), tr=Localizer(lang))
    back = figure_pieces.piece_source(kit, "tiles.pink.rock:back").draw(ctx, "back")
    (original,) = [p.item for p in bounds.flatten((back,)) if isinstance(p.item, Text)]
    assert original.size_pt * abs(placed.sign) < figures.MIN_PT, "it would print under 7 pt"
    assert kept.align == original.align == "center" and kept.x == pytest.approx(original.x), "centred as it was"
    middle = kept.y - fonts.cap_height(kept.size_pt) / 2
    assert middle == pytest.approx(original.y - fonts.cap_height(original.size_pt) / 2), "its middle where it was"
    assert fonts.text_width(kept.text, kept.size_pt, True) <= kept.max_w, "inside its box"


def test_legible_keeps_a_boxed_line_at_7_pt_only_when_every_line_like_it_fits():
    scale = 0.3
    fits = Text(10.0, 20.0, "ab", 10.0, True, "left", max_w=30.0, max_h=10.0)
    kept = figures.legible((fits,), scale)
    (line,) = kept
    assert line.size_pt == pytest.approx(figures.MIN_PT / scale)
    width = fonts.text_width("ab", 10.0, True)
    grown = fonts.text_width("ab", line.size_pt, True)
    assert line.x + grown / 2 == pytest.approx(10.0 + width / 2), "its middle along the line stays"
    assert line.y - fonts.cap_height(line.size_pt) / 2 == pytest.approx(20.0 - fonts.cap_height(10.0) / 2)
    too_long = records.replace(fits, text="a name far too long for its box")
    assert figures.legible((fits, too_long), scale) == (), "a tile shows its name only if every tile can"
    assert figures.legible((records.replace(fits, max_h=2.0),), scale) == (), "its capitals must fit the box"
    assert figures.legible((records.replace(fits, max_w=None),), scale) == (), "a line with no box goes"
    assert figures.legible((fits,), scale, boxed=False) == (), "the contents strip's miniatures keep none"
    assert figures.legible((fits,), 1.0) == (fits,), "a line large enough is left as it is"


@pytest.mark.parametrize("paper_name", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_stone_in_view_in_plateaus_figures_shows_its_value_at_7_pt_off_its_disc(lang, paper_name):
    """A review: the values were dropped on the small stones (the moves legend, the capture) and
    drawn on the others. Every stone in view (alone, or on top of a pile) now shows its value in
    both corners, at 7 pt or more, clear of its colour disc; each figure is drawn at least as large
    as that takes (figure_marks.legible_scale)."""
    kit, drawn = figure_groups("plateau", lang, paper_name)
    values = {t.id: str(t.value) for t in kit.component("stones").types}
    for _, group in drawn:
        stones = [i for i in group.items if isinstance(i, Group) and i.key[0] == "stone" and i.key[-1] != "under"]
        for stone in stones:
            texts = [p for p in bounds.flatten((stone,)) if isinstance(p.item, Text)]
            assert len(texts) == 2, stone.key
            size = kit.component("stones").size
            for placed in texts:
                assert abs(placed.sign) * group.scale * placed.item.size_pt >= figures.MIN_PT - 1e-6
                item = placed.item  # its capitals' box: the digits' ink
                left = bounds.text_left(item)
                top = item.y - fonts.cap_height(item.size_pt, item.face)
                x0, y0, x1, y1 = placed.box(left, top, left + bounds.text_width(item), item.y)
                local = stone.scale  # the stone's own mm to the group's
                cx = stone.x + (kit.component("stones").bleed + size / 2) * local
                cy = stone.y + (kit.component("stones").bleed + size / 2) * local
                near_x = min(max(cx, x0), x1)
                near_y = min(max(cy, y0), y1)
                assert math.dist((near_x, near_y), (cx, cy)) >= size * DISC * local, "off the disc"
            assert {p.item.text for p in texts} <= set(values.values())
        assert stones or group.key[1] == "contents"
