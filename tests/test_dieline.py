"""layout.dieline: pieces laid edge to edge are cut along each shared edge once, collinear shared
edges joined into one line, the block's outside a closed contour cut last; a piece alone keeps
its own outline. Measured on the runs' segments and lengths in mm."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.layout.cutpath import hexagon_in
from printkit.layout.dieline import die_line
from test_cut_svg import drawn_twice, joined


def square(x: float, y: float, w: float, h: float | None = None) -> tuple:
    h = w if h is None else h
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def segments(runs) -> list:
    out = []
    for run in runs:
        points = list(run.points) + ([run.points[0]] if run.closed else [])
        out += list(zip(points, points[1:], strict=False))
    return out


def outline_edges(outlines) -> list:
    return [edge for o in outlines for edge in zip(o, o[1:] + o[:1], strict=True)]


def length(segs) -> float:
    return sum(math.dist(a, b) for a, b in segs)


def test_a_grid_of_tokens_is_six_lines_and_one_contour():
    tokens = [square(45 + 30 * c, 29 + 30 * r, 30) for r in range(4) for c in range(4)]
    die = die_line(tokens)
    assert die.alone == () and [block.pieces for block in die.blocks] == [tuple(range(16))]
    runs = die.blocks[0].runs
    assert [run.closed for run in runs] == [False] * 6 + [True]
    assert [round(length(segments([run])), 3) for run in runs] == [120.0] * 6 + [480.0]
    assert runs[-1].points == ((45, 29), (165, 29), (165, 149), (45, 149))
    drawn = segments(runs)
    assert not drawn_twice(drawn) and joined(drawn) == joined(outline_edges(tokens))
    assert length(drawn) == 6 * 120.0 + 480.0 < length(outline_edges(tokens)) == 16 * 120.0


def test_pieces_apart_keep_their_own_outline_and_a_curve_is_never_shared():
    die = die_line([square(0, 0, 10), None, square(20, 0, 10), square(30, 0, 10)])
    assert die.alone == (0, 1) and [block.pieces for block in die.blocks] == [(2, 3)]
    [line, contour] = die.blocks[0].runs
    assert line.points in (((30, 0), (30, 10)), ((30, 10), (30, 0))) and contour.closed


def test_an_edge_shared_in_part_is_cut_once_where_shared():
    """A 30 mm piece beside two 15 mm ones: its right side is two shared cuts joined into one line."""
    outlines = [square(0, 0, 30), square(30, 0, 15), square(30, 15, 15)]
    die = die_line(outlines)
    drawn = segments(die.blocks[0].runs)
    assert not drawn_twice(drawn) and joined(drawn) == joined(outline_edges(outlines))
    lines = [run for run in die.blocks[0].runs if not run.closed]
    assert sorted(round(length(segments([run])), 3) for run in lines) == [15.0, 30.0]


def test_a_honeycomb_shares_its_slanted_sides_even_when_rounding_parts_its_corners():
    width, height = 30.0, 30.0 * 2 / math.sqrt(3)
    cells = []
    for row in range(3):
        for col in range(3):
            x = col * width + (width / 2 if row % 2 else 0.0)
            y = row * height * 0.75
            corners = hexagon_in(width, height)
            cells.append(
                tuple((round(x + px, 3) + (0.001 if col == 1 else 0.0), round(y + py, 3)) for px, py in corners)
            )
    die = die_line(cells)
    [block] = die.blocks
    drawn = segments(block.runs)
    assert not drawn_twice(drawn)
    assert sum(run.closed for run in block.runs) == 1  # one outside contour
    shared_sides = 16  # of the 9 cells' 54 sides, 16 are shared
    assert math.isclose(length(drawn), (54 - shared_sides) * (height / 2), rel_tol=1e-3)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 5),
    st.integers(1, 5),
    st.sampled_from([0.0, 0.0, 2.0]),
    st.floats(10, 60),
    st.floats(10, 60),
)
def test_any_grid_cuts_every_edge_once(cols, rows, gutter, w, h):
    w, h = round(w, 3), round(h, 3)
    outlines = [square(12 + c * (w + gutter), 12 + r * (h + gutter), w, h) for r in range(rows) for c in range(cols)]
    die = die_line(outlines)
    runs = [run for block in die.blocks for run in block.runs]
    drawn = segments(runs) + outline_edges([outlines[i] for i in die.alone])
    assert not drawn_twice(drawn)
    assert joined(drawn) == joined(outline_edges(outlines))
    if gutter or cols * rows == 1:
        assert not die.blocks and len(die.alone) == cols * rows
    else:
        [block] = die.blocks
        assert sum(not run.closed for run in block.runs) == (cols - 1) + (rows - 1)
