"""A table's total row is closed off by one heavier rule over it, its cells ruled as the rows
above (review 10 of latarnie: each Suma/Razem cell was a box of 0.3 mm rules of its own, whose top
doubled the 0.15 mm line of the row above). Measured on the laid-out score sheet."""

from __future__ import annotations

import pytest

from printkit import pipeline
from printkit.layout.document import layout_sheets
from printkit.layout.primitives import Line, Rect
from printkit.layout.sheet import RULE_W, TOTAL_RULE_W


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_latarnies_totals_have_one_rule_over_them(paper):
    loaded = pipeline.load("latarnie")
    ctx = pipeline.context(loaded, "pl", paper, players=["", ""])
    (page,) = layout_sheets(loaded.kit, ctx).pages
    lines = [i for i in page.items if isinstance(i, Line) and i.stroke is not None and i.stroke.width == TOTAL_RULE_W]
    heavy = [line for line in lines if line.x2 - line.x1 > 150.0]  # across a table, not a name's line
    assert len(heavy) == 3  # Suma in both games, Razem in the comparison
    cells = [i for i in page.items if isinstance(i, Rect) and i.stroke is not None and i.h < 8.0]
    assert cells and all(cell.stroke.width == RULE_W for cell in cells)  # no boxed total cell
    for rule in heavy:
        assert rule.y1 == rule.y2
        over = [c for c in cells if abs(c.y - rule.y1) < 1e-6]  # the total row's cells start on it
        assert over and min(c.x for c in over) == pytest.approx(rule.x1)
