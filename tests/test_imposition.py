"""Imposition arithmetic as plain data: grids of touching frames, duplex and fold-over backs, blank pages."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.layout.imposition import (
    Box,
    DoesNotFit,
    Segment,
    back_box,
    blank_backs_for_duplex,
    choose_columns,
    cut_lines,
    fold_areas,
    fold_back_box,
    grid_slots,
)

A4_W, A4_H = 210.0, 297.0
FACE = Box(20.0, 30.0, 32.0, 32.0)


def test_long_edge_back_mirrors_x_and_keeps_y():
    assert back_box(FACE, A4_W, A4_H, "long") == Box(210 - 20 - 32, 30.0, 32.0, 32.0)


def test_short_edge_back_mirrors_y_and_keeps_x():
    assert back_box(FACE, A4_W, A4_H, "short") == Box(20.0, 297 - 30 - 32, 32.0, 32.0)


def test_back_offset_moves_the_back_right_and_down_as_seen_on_the_back_page():
    plain = back_box(FACE, A4_W, A4_H, "long")
    moved = back_box(FACE, A4_W, A4_H, "long", (1.5, -0.5))
    assert (moved.x - plain.x, moved.y - plain.y) == pytest.approx((1.5, -0.5))
    short = back_box(FACE, A4_W, A4_H, "short", (-1.0, 2.0))
    assert (short.x, short.y) == pytest.approx((19.0, 297 - 30 - 32 + 2.0))


def test_unknown_flip_is_refused():
    with pytest.raises(ValueError, match="unknown flip 'diagonal'"):
        back_box(FACE, A4_W, A4_H, "diagonal")


def test_fold_back_is_the_face_mirrored_across_the_fold_line():
    back = fold_back_box(Box(40.0, 50.0, 32.0, 32.0), 105.0)
    assert back == Box(2 * 105 - 40 - 32, 50.0, 32.0, 32.0)
    assert (40.0 + 16.0 + back.x + 16.0) / 2 == pytest.approx(105.0)


def test_fold_areas_are_mirror_images_a_gutter_apart():
    face, back = fold_areas(Box(12.0, 30.0, 186.0, 237.0), 105.0, 8.0)
    assert face.right == pytest.approx(101.0) and back.x == pytest.approx(109.0)
    assert face.w == back.w and face.y == back.y and face.h == back.h
    assert fold_back_box(face, 105.0) == back


@given(
    x=st.floats(0, 150),
    y=st.floats(0, 250),
    w=st.floats(1, 60),
    h=st.floats(1, 60),
    flip=st.sampled_from(["long", "short"]),
)
def test_turning_the_sheet_twice_puts_every_back_back_on_its_face(x, y, w, h, flip):
    face = Box(x, y, w, h)
    twice = back_box(back_box(face, A4_W, A4_H, flip), A4_W, A4_H, flip)
    assert (twice.x, twice.y, twice.w, twice.h) == pytest.approx((x, y, w, h), abs=1e-9)


@pytest.mark.parametrize(
    "kinds, blanks",
    [
        (["rules", "face", "back"], [0]),
        (["rules", "rules", "face", "back"], []),
        (["rules", "rules", "rules", "face", "back"], [2]),
        (["rules", "face", "back", "face", "back"], [0]),
        (["rules", "single", "face", "back", "single", "face", "back"], [0, 1, 4]),
        (["single", "single"], [0, 1]),
        (["face", "back"], []),
    ],
)
def test_blank_backs_give_every_page_without_backs_a_sheet_of_its_own(kinds, blanks):
    assert blank_backs_for_duplex(kinds) == blanks
    padded: list = []
    for index, kind in enumerate(kinds):
        padded.append(kind)
        if index in blanks:
            padded.append("blank")
    sheets = [padded[i : i + 2] for i in range(0, len(padded), 2)]
    for sheet in sheets:
        assert sheet in (["face", "back"], ["rules", "rules"], ["rules", "blank"], ["single", "blank"], ["blank"])


@pytest.mark.parametrize(
    "fit, groups, columns", [(6, [8, 8], 4), (5, [12, 12], 4), (6, [7], 6), (4, [12, 12], 4), (2, [12], 2)]
)
def test_columns_fill_every_group_row_when_possible(fit, groups, columns):
    assert choose_columns(fit, groups) == columns


def test_sixteen_tokens_in_two_groups_make_a_centred_block_of_four_rows():
    area = Box(12.0, 29.0, 186.0, 239.0)
    slots = grid_slots([8, 8], 30.0, 30.0, area)
    assert len(slots) == 16 and {s.sheet for s in slots} == {0}
    xs = sorted({s.box.x for s in slots})
    ys = sorted({s.box.y for s in slots})
    assert [b - a for a, b in zip(xs, xs[1:], strict=False)] == pytest.approx([30.0] * 3)
    assert [b - a for a, b in zip(ys, ys[1:], strict=False)] == pytest.approx([30.0] * 3)
    assert xs[0] - area.x == pytest.approx(area.right - (xs[-1] + 30.0))
    assert ys[0] - area.y == pytest.approx(area.bottom - (ys[-1] + 30.0))
    second_group = slots[8:]
    assert min(s.box.y for s in second_group) == pytest.approx(ys[2])


def test_a_group_that_does_not_fit_the_rest_of_a_sheet_starts_the_next():
    area = Box(0.0, 0.0, 64.0, 224.0)  # 2 columns, 7 rows
    slots = grid_slots([12, 12], 32.0, 32.0, area)
    assert [s.sheet for s in slots] == [0] * 12 + [1] * 12


def test_right_aligned_block_touches_the_area_edge():
    area = Box(10.0, 10.0, 91.0, 200.0)
    slots = grid_slots([4], 32.0, 32.0, area, align="right")
    assert max(s.box.right for s in slots) == pytest.approx(area.right)


def test_a_piece_larger_than_the_area_does_not_fit():
    with pytest.raises(DoesNotFit, match="a 200 × 30 mm piece does not fit in 186.0 × 239.0 mm"):
        grid_slots([1], 200.0, 30.0, Box(12.0, 29.0, 186.0, 239.0))


def test_touching_frames_share_one_cut_line():
    boxes = [Box(10.0 + 30 * c, 20.0 + 30 * r, 30.0, 30.0) for r in range(2) for c in range(2)]
    lines = cut_lines(boxes)
    assert sorted(lines, key=lambda s: (s.x1, s.y1, s.x2, s.y2)) == sorted(
        [Segment(x, 20.0, x, 80.0) for x in (10.0, 40.0, 70.0)]
        + [Segment(10.0, y, 70.0, y) for y in (20.0, 50.0, 80.0)],
        key=lambda s: (s.x1, s.y1, s.x2, s.y2),
    )


def test_a_ragged_last_row_gets_lines_only_where_frames_are():
    boxes = [Box(0.0, 0.0, 10.0, 10.0), Box(10.0, 0.0, 10.0, 10.0), Box(0.0, 10.0, 10.0, 10.0)]
    assert set(cut_lines(boxes)) == {
        Segment(0.0, 0.0, 0.0, 20.0),
        Segment(10.0, 0.0, 10.0, 20.0),
        Segment(20.0, 0.0, 20.0, 10.0),
        Segment(0.0, 0.0, 20.0, 0.0),
        Segment(0.0, 10.0, 20.0, 10.0),
        Segment(0.0, 20.0, 10.0, 20.0),
    }


@settings(max_examples=60, deadline=None)
@given(
    groups=st.lists(st.integers(0, 30), min_size=1, max_size=4),
    size=st.floats(8.0, 90.0),
    align=st.sampled_from(["center", "right"]),
)
def test_every_piece_is_placed_once_inside_the_area_and_none_overlap(groups, size, align):
    area = Box(12.0, 29.0, 186.0, 239.0)
    slots = grid_slots(groups, size, size, area, align)
    assert len(slots) == sum(groups)
    assert [s.index for s in slots] == list(range(sum(groups)))
    assert all(area.contains(s.box) for s in slots)
    for a, b in itertools.combinations(slots, 2):
        if a.sheet == b.sheet:
            overlap_w = min(a.box.right, b.box.right) - max(a.box.x, b.box.x)
            overlap_h = min(a.box.bottom, b.box.bottom) - max(a.box.y, b.box.y)
            assert overlap_w <= 1e-6 or overlap_h <= 1e-6
