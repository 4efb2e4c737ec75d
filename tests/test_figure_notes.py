"""A sheet figure marks what its example scores (review of ogrod, figure 1: "nothing is marked"):
the largest leaf group shaded, each scoring flower and berry ticked, the one that does not score
crossed, the full row ticked, a tally beside the grid that sums to the caption's 34; every mark
told apart in black and white. And the figures of one board or sheet part print at one scale.
Measured as the laid-out page data."""

from __future__ import annotations

import pytest

from printkit.layout import figure_notes
from printkit.layout.primitives import Group, Path, Rect, Text
from test_figure_teaching import rules_of, section_figures

LANGS = ["pl", "cs", "en"]


def grey(colour: str) -> float:
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("lang", LANGS)
def test_ogrods_scoring_figure_shades_ticks_crosses_and_tallies_its_34_points(lang, paper_name):
    _, pages = rules_of("ogrod", lang, paper_name)
    page = pages[0]
    drawn = [inner for group in page.items if isinstance(group, Group) for inner in group.items]
    shades = [i for i in drawn if isinstance(i, Rect) and i.fill == figure_notes.SHADE]
    assert len(shades) == 4  # A1, B1, C1, A2: the largest leaf group
    inks = [i for i in page.items if isinstance(i, Path)]
    ticks = [p for p in inks if p.stroke and p.stroke.color == figure_notes.TICK_INK]
    crosses = [p for p in inks if p.stroke and p.stroke.color == figure_notes.CROSS_INK]
    assert len(ticks) == 4 + 5 + 1  # four flowers, five berries, the full row 3
    assert len(crosses) == 2  # the two strokes of one cross: the flower in row 5
    figure = next(g for g in page.items if isinstance(g, Group) and g.key[:1] == ("figure",) and g.key[2] == 4)
    right = figure.x + figure.w * figure.scale
    cell = 20.0 * figure.scale  # ogrod's garden cells are 20 mm
    row_tick = [t for t in ticks if min(x for x, _ in t.points) > right]
    assert len(row_tick) == 1
    ys = [y for _, y in row_tick[0].points]
    middle = figure.y + 2.5 * cell  # row 3's middle
    assert min(ys) < middle < max(ys)
    # a cross stands in its cell's top-right corner as a tick does, clear of the letter (round 11:
    # struck over the whole cell, the letter did not read in grey)
    cross_x = [x for stroke in crosses for x, _ in stroke.points]
    assert max(cross_x) - min(cross_x) <= figure_notes.MARK_SHARE * cell + 1e-6
    beside = (right + figure_notes.ROW_GUTTER - 1e-6, figure.y + figure.h * figure.scale)
    tally = [t for t in page.items if isinstance(t, Text) and t.x > beside[0] and figure.y < t.y < beside[1]]
    assert [t.text for t in tally if t.align == "right"] == ["8", "12", "10", "4", "34"]
    assert all(t.size_pt >= 7.0 for t in tally)
    margin = min(t.x for t in page.items if isinstance(t, Text))  # where the left column's text starts
    assert max(t.x for t in tally) <= page.width - margin + 1e-6  # the points end inside their column


def test_the_marks_differ_by_shape_and_read_in_grey():
    assert 0.75 <= grey(figure_notes.SHADE) <= 0.9  # a pencil letter still reads on it
    assert grey(figure_notes.TICK_INK) < 0.45 and grey(figure_notes.CROSS_INK) < 0.45
    tick = figure_notes.mark_items("tick", 10.0, 0.0)
    cross = figure_notes.mark_items("cross", 10.0, 0.0)
    assert [len(p.points) for p in tick if p.stroke.color == figure_notes.TICK_INK] == [3]  # one bent line
    inked = [p for p in cross if p.stroke.color == figure_notes.CROSS_INK]
    assert [len(p.points) for p in inked] == [2, 2]  # two straight strokes, on a white halo as a tick
    assert len(cross) == 4


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_figures_of_one_sheet_part_print_its_cells_at_one_size(lang, paper_name):
    _, pages = rules_of("ogrod", lang, paper_name)
    scales = {round(extra["scale"], 4) for _, extra in section_figures(pages)}
    assert len(scales) == 1, scales
    assert 20.0 * scales.pop() >= 7.0  # mm: a cell a letter is read in


def test_a_tally_sums_its_lines():
    tally = figure_notes.Tally((("a", 8), ("b", 12), ("c", -2)), "Total")
    assert tally.sum == 18
    texts = [t.text for t in tally.items(0.0, 0.0) if isinstance(t, Text)]
    assert texts[-2:] == ["Total", "18"]
