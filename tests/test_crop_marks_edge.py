"""Crop marks keep clear of the paper's edges (a review: kpn's aid cards on Letter start 10.1 mm
from the top, so their crop marks reached 5.1 mm from it, where a home printer's grip smears).
Every crop mark of every kit, on A4 and Letter, two-sided and folded, stops at least
cardgrid.MARK_EDGE (7 mm) from every edge; measured on the laid-out pages."""

from __future__ import annotations

import pytest

from printkit import pipeline
from printkit.layout import bounds
from printkit.layout.cardgrid import MARK_EDGE, MARK_LEAST, off_edges
from printkit.layout.context import Options
from printkit.layout.document import layout_kit
from printkit.layout.imposition import Segment
from printkit.layout.marks import CUT_ON_LIGHT
from printkit.layout.primitives import Line

KITS = ["latarnie", "ogrod", "plateau", "targ", "kpn"]


def crop_lines(page):
    """The page's crop marks: short black lines outside every piece, on the paper."""
    lines = [p for p in bounds.flatten(page.items) if isinstance(p.item, Line) and p.item.stroke == CUT_ON_LIGHT]
    out = []
    for placed in lines:
        line = placed.item
        x1, y1 = placed.tx + placed.sign * line.x1, placed.ty + placed.sign * line.y1
        x2, y2 = placed.tx + placed.sign * line.x2, placed.ty + placed.sign * line.y2
        inside = any(
            p.x - 0.01 <= min(x1, x2)
            and max(x1, x2) <= p.x + p.width + 0.01
            and p.y - 0.01 <= min(y1, y2)
            and max(y1, y2) <= p.y + p.height + 0.01
            for p in page.pieces
        )
        if not inside:
            out.append((x1, y1, x2, y2))
    return out


@pytest.mark.parametrize("two_sided", ["duplex", "fold"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("kit", KITS)
def test_every_crop_mark_stops_7_mm_from_every_paper_edge(kit, paper, two_sided):
    loaded = pipeline.load(kit)
    ctx = pipeline.context(loaded, None, paper, Options(two_sided=two_sided))
    marked = 0
    for page in layout_kit(loaded.kit, ctx).pages:
        for x1, y1, x2, y2 in crop_lines(page):
            marked += 1
            assert min(x1, x2, y1, y2) >= MARK_EDGE - 1e-6, (page.role, x1, y1, x2, y2)
            assert max(x1, x2) <= page.width - MARK_EDGE + 1e-6 and max(y1, y2) <= page.height - MARK_EDGE + 1e-6
    if kit == "kpn":
        assert marked, "kpn's cards and tiles have crop marks"


def test_off_edges_shortens_a_mark_and_keeps_one_that_would_be_too_short():
    top = Segment(50.0, 5.1, 50.0, 9.1)  # kpn's aid on Letter: 4 mm, from 5.1 mm under the top
    (kept,) = off_edges([top], 215.9, 279.4)
    assert (kept.y1, kept.y2) == (MARK_EDGE, 9.1), "shortened to stop 7 mm from the top"
    cramped = Segment(50.0, 5.0, 50.0, 8.0)  # a block that fills the paper: a cut keeps its mark
    assert off_edges([cramped], 215.9, 279.4) == [cramped], f"under {MARK_LEAST} mm off the edge: kept whole"
    inside = Segment(10.0, 20.0, 14.0, 20.0)
    assert off_edges([inside], 215.9, 279.4) == [inside]
