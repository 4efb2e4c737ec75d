"""The card grid as data: how many pieces fit a page, where each goes, where the crop marks go."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.layout.cardgrid import (
    MARK_GAP,
    MARK_LENGTH,
    GridSpec,
    bounds,
    choose_grid,
    crop_marks,
    fitting,
    grown,
)
from printkit.layout.context import FOOTER_CLEAR, PAPERS, SAFE_EDGE, Paper
from printkit.layout.imposition import DoesNotFit
from printkit.layout.primitives import Box

EPS = 1e-6


def test_fitting_counts_pieces_with_their_gutters():
    assert fitting(150.0, 50.0, 0.0) == 3
    assert fitting(149.9, 50.0, 0.0) == 2
    assert fitting(156.0, 50.0, 3.0) == 3  # 50 + 3 + 50 + 3 + 50
    assert fitting(155.9, 50.0, 3.0) == 2
    assert fitting(10.0, 50.0, 0.0) == 0


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_targ_cards_fill_a_page_with_18_in_three_columns_of_six(paper):
    grid = choose_grid(PAPERS[paper], GridSpec(50.0, 40.0), per_page=18)
    assert (grid.cols, grid.rows, grid.orientation) == (3, 6, "portrait")
    block = bounds(grid.slots(18))
    assert (block.w, block.h) == pytest.approx((150.0, 240.0))
    assert block.x == pytest.approx((grid.page_w - 150.0) / 2)
    assert block.y - SAFE_EDGE - MARK_GAP - MARK_LENGTH >= -EPS
    assert grid.page_h - block.bottom - FOOTER_CLEAR - MARK_GAP - MARK_LENGTH >= -EPS


def test_without_a_promise_the_orientation_holding_more_wins():
    # 40 x 50 on A4: portrait 4 x 5 = 20, landscape 6 x 3 = 18
    grid = choose_grid(PAPERS["a4"], GridSpec(40.0, 50.0))
    assert (grid.orientation, grid.cols, grid.rows) == ("portrait", 4, 5)
    poker = choose_grid(PAPERS["a4"], GridSpec(63.0, 88.0))
    assert (poker.orientation, poker.capacity) == ("portrait", 9)


def test_a_promise_takes_the_grid_with_fewest_empty_places():
    # 18 of 40 x 50: portrait 4 x 5 leaves 2 empty; landscape 6 x 3 leaves none
    grid = choose_grid(PAPERS["a4"], GridSpec(40.0, 50.0), per_page=18)
    assert (grid.orientation, grid.cols, grid.rows) == ("landscape", 6, 3)
    assert (grid.page_w, grid.page_h) == (297.0, 210.0)


def test_a_promise_the_paper_cannot_keep_is_refused_with_the_most_it_holds():
    with pytest.raises(DoesNotFit, match="30 pieces of 50 × 40 mm do not fit on one A4 page; at most 20 do"):
        choose_grid(PAPERS["a4"], GridSpec(50.0, 40.0), per_page=30)
    with pytest.raises(DoesNotFit, match="does not fit on A4"):
        choose_grid(PAPERS["a4"], GridSpec(300.0, 300.0))


def test_a_fixed_orientation_is_kept():
    grid = choose_grid(PAPERS["a4"], GridSpec(40.0, 50.0), orientation="landscape")
    assert (grid.orientation, grid.capacity) == ("landscape", 18)


def test_slots_step_by_the_piece_plus_the_gutter_row_by_row():
    grid = choose_grid(PAPERS["a4"], GridSpec(63.0, 88.0, gutter=4.0))
    first, second, below = grid.slot(0), grid.slot(1), grid.slot(grid.cols)
    assert second.x - first.x == pytest.approx(67.0)
    assert (second.y, below.x) == (first.y, first.x)
    assert below.y - first.y == pytest.approx(92.0)
    with pytest.raises(IndexError):
        grid.slot(grid.capacity)


def test_crop_marks_extend_every_cut_outside_the_block():
    grid = choose_grid(PAPERS["a4"], GridSpec(50.0, 40.0), per_page=18)
    boxes = grid.slots(18)
    marks = crop_marks(boxes)
    block = bounds(boxes)
    vertical = [m for m in marks if m.x1 == m.x2]
    horizontal = [m for m in marks if m.y1 == m.y2]
    assert len(vertical) == 2 * 4 and len(horizontal) == 2 * 7  # 4 column cuts, 7 row cuts, both ends
    assert sorted({m.x1 for m in vertical}) == pytest.approx([block.x + 50.0 * i for i in range(4)])
    assert sorted({m.y1 for m in horizontal}) == pytest.approx([block.y + 40.0 * i for i in range(7)])
    for m in vertical:
        assert abs(m.y2 - m.y1) == pytest.approx(MARK_LENGTH)
        assert m.y2 <= block.y - MARK_GAP + EPS or m.y1 >= block.bottom + MARK_GAP - EPS
    for m in horizontal:
        assert m.x2 <= block.x - MARK_GAP + EPS or m.x1 >= block.right + MARK_GAP - EPS


def test_crop_marks_stand_clear_of_the_bleed():
    boxes = [Box(20.0, 30.0, 63.0, 88.0), Box(89.0, 30.0, 63.0, 88.0)]
    block = grown(bounds(boxes), 3.0)
    for m in crop_marks(boxes, bleed=3.0):
        assert not crosses(m, block)
    xs = {m.x1 for m in crop_marks(boxes, bleed=3.0) if m.x1 == m.x2}
    assert xs == {20.0, 83.0, 89.0, 152.0}  # with a gutter, each piece's own two sides


def crosses(mark, box: Box) -> bool:
    """Whether the segment touches the inside of ``box``."""
    left, right = sorted((mark.x1, mark.x2))
    top, bottom = sorted((mark.y1, mark.y2))
    return left < box.right - EPS and right > box.x + EPS and top < box.bottom - EPS and bottom > box.y + EPS


pieces = st.tuples(
    st.floats(15.0, 130.0),
    st.floats(15.0, 130.0),
    st.sampled_from([(0.0, 0.0), (2.0, 0.0), (4.0, 2.0), (6.0, 3.0)]),
    st.booleans(),
    st.one_of(st.sampled_from(sorted(PAPERS)), st.tuples(st.floats(100.0, 1200.0), st.floats(100.0, 1200.0))),
    st.one_of(st.none(), st.integers(1, 30)),
)


@settings(max_examples=150, deadline=None)
@given(pieces)
def test_any_grid_keeps_pieces_apart_inside_the_safe_area_and_marks_off_every_piece(case):
    width, height, (gutter, bleed), marks, paper, per_page = case
    spec = GridSpec(width, height, gutter, bleed, marks)
    try:
        grid = choose_grid(
            PAPERS[paper] if isinstance(paper, str) else Paper("measured", *sorted(paper)), spec, per_page
        )
    except DoesNotFit:
        return
    count = per_page or grid.capacity
    assert grid.capacity >= count
    boxes = grid.slots(count)
    for i, a in enumerate(boxes):
        art = grown(a, bleed)
        assert art.x >= SAFE_EDGE - EPS and art.right <= grid.page_w - SAFE_EDGE + EPS
        assert art.y >= SAFE_EDGE - EPS and art.bottom <= grid.page_h - FOOTER_CLEAR + EPS
        for b in boxes[i + 1 :]:
            assert not crosses_box(grown(a, bleed), b) and not crosses_box(grown(b, bleed), a)
    for m in crop_marks(boxes, bleed) if marks else []:
        assert SAFE_EDGE - EPS <= min(m.x1, m.x2) and max(m.x1, m.x2) <= grid.page_w - SAFE_EDGE + EPS
        assert SAFE_EDGE - EPS <= min(m.y1, m.y2) and max(m.y1, m.y2) <= grid.page_h - FOOTER_CLEAR + EPS
        assert not any(crosses(m, grown(b, bleed)) for b in boxes)


def crosses_box(a: Box, b: Box) -> bool:
    return a.x < b.right - EPS and b.x < a.right - EPS and a.y < b.bottom - EPS and b.y < a.bottom - EPS


BLEEDING_POKER = """\
kit:
  title: {en: "Poker"}
  players: {min: 1, max: 2}
  languages: [en]
  default_lang: en
  author: "printkit tests"
components:
  - id: deck
    kind: cards
    title: {en: "Cards"}
    width: 63mm
    height: 88mm
BLEED
    types:
      - {id: sun, count: 18, letter: S, color: "#d94f1a", name: {en: "Sun"}}
    face:
      - {type: fill}
      - {type: name, box: [10, 70, 43, 8], size_pt: 14}
rules: []
invariants:
  - {id: total, check: "deck.total == 18", rule: {en: "18 cards"}}
"""


@pytest.mark.parametrize(
    "bleed, paper, line",
    [
        # A4 turned: 4 × 2 with the crop marks shortened to 2 mm (cards_layout.marks_for); 2 × 2 with 5 mm
        ("", "a4", "bleed 2 mm: 8 cards per A4 sheet instead of 9 (the bleed and its 4 mm gutter"),
        ("", "letter", "bleed 2 mm: 6 cards per Letter sheet instead of 8 (the bleed and its 4 mm gutter"),
        ("    bleed: 3mm\n", "a4", "bleed 3 mm: 4 cards per A4 sheet instead of 9 (the bleed and its 6 mm gutter"),
    ],
)
def test_validate_says_what_a_chosen_bleed_costs_in_cards_per_sheet(run, tmp_path, bleed, paper, line):
    kit = tmp_path / "poker.yaml"
    kit.write_text(BLEEDING_POKER.replace("BLEED\n", bleed), encoding="utf-8")
    result = run("validate", str(kit), "--paper", paper)
    assert result.code == 0, result.err
    assert f"  cards 'deck': {line}" in result.out


def test_a_deck_without_bleed_is_not_told_about_one(run, tmp_path):
    kit = tmp_path / "poker.yaml"
    kit.write_text(BLEEDING_POKER.replace("BLEED\n", "    bleed: 0mm\n    gutter: 0mm\n"), encoding="utf-8")
    result = run("validate", str(kit))
    assert result.code == 0 and "cards 'deck'" not in result.out
