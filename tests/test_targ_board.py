"""targ's market board (page 2), measured on its laid-out page in every language and paper. A review
(7/10): its panels stopped at 55 % of the height, leaving a 60 x 45 mm hole at the bottom right; the
picking order showed only 3 players; on Letter the category labels shrank to 7.8 pt beside points
at 10 pt. A table keeps one type size (layout/table_measure.py), its headers never larger."""

from __future__ import annotations

import functools

import pytest

from printkit import pipeline
from printkit.layout.document import layout_kit
from printkit.layout.primitives import Rect, Text
from printkit.layout.sheet import header_fill, table_rule

CASES = [(lang, paper) for lang in ("pl", "cs", "en") for paper in ("a4", "letter")]
ORDER = {"pl": "D C B A", "cs": "H4 H3 H2 H1", "en": "P4 P3 P2 P1"}


@functools.cache
def board(lang: str, paper: str):
    loaded = pipeline.load("targ")
    ctx = pipeline.context(loaded, lang, paper)
    [page] = [p for p in layout_kit(loaded.kit, ctx).pages if p.role == "board"]
    return page, ctx


def tables(page, ctx) -> list[tuple[list[Text], list[Text]]]:
    """Each table's header texts and cell texts: under each header band, its rows of cells."""
    rule = table_rule(ctx)
    heads = [i for i in page.items if isinstance(i, Rect) and i.fill == header_fill(ctx)]
    cells = [i for i in page.items if isinstance(i, Rect) and i.fill is None and i.stroke == rule]
    texts = [i for i in page.items if isinstance(i, Text)]
    found = []
    for head in heads:
        bottom = head.y + head.h
        while row := [c for c in cells if abs(c.y - bottom) < 1e-6 and head.x - 1e-6 <= c.x < head.x + head.w]:
            bottom += row[0].h
        inside = [t for t in texts if head.x <= t.x <= head.x + head.w and head.y <= t.y <= bottom]
        found.append(([t for t in inside if t.y <= head.y + head.h], [t for t in inside if t.y > head.y + head.h]))
    return found


@pytest.mark.parametrize(("lang", "paper"), CASES)
def test_every_cell_of_a_table_has_one_size_and_no_header_is_larger(lang, paper):
    page, ctx = board(lang, paper)
    found = tables(page, ctx)
    assert len(found) == 4  # the good of the day, the sets, the picking order, the example
    for heads, cells in found:
        sizes = {round(t.size_pt, 2) for t in cells}
        assert len(sizes) == 1 and min(sizes) >= 7.0, sizes
        assert max(t.size_pt for t in heads) <= min(sizes) + 1e-6


@pytest.mark.parametrize(("lang", "paper"), CASES)
def test_the_panels_fill_the_height_of_the_places_and_give_the_order_for_4(lang, paper):
    page, ctx = board(lang, paper)
    places = [p for p in page.pieces if p.kind == "place"]
    top, bottom = min(p.y for p in places), max(p.y + p.height for p in places)
    right = max(p.x + p.width for p in places)
    panel = [t for t in page.items if isinstance(t, Text) and t.x > right]
    assert max(t.y for t in panel) >= top + 0.9 * (bottom - top)  # a 45 mm hole was 45 % of it
    assert sum(1 for t in panel if t.text == ORDER[lang]) == 2  # passes 2 and 4 run back


@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_on_a4_a_fixed_column_widens_for_its_header_so_no_header_shrinks(lang):
    """The passes table's 13 mm "Obrátka" column (13 mm for Letter's 33 mm panel) set every header
    of its table at 7.4 pt on A4, where the free column had 8 mm to spare: it takes what it needs."""
    page, ctx = board(lang, "a4")
    for heads, cells in tables(page, ctx):
        assert min(t.size_pt for t in heads) >= 9.0 and min(t.size_pt for t in cells) >= 9.5
