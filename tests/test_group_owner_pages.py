"""A deck's ``group: owner`` costs no sheet (a round-6 review of kpn folded: 'a whole A4 sheet
carries only 3 green tiles ... 60 tiles at 12 a sheet fit on 5'): each owner keeps rows of its own
when that takes no more sheets (kpn duplex: 2 sheets of 30), else the pieces are packed in reading
order; but pieces that share their cuts keep their rows always (a review 10: packed, kpn's colours
met on a cut), a strip of two bleeds between two colours. Counted on the laid-out pages."""

from __future__ import annotations

from collections import defaultdict

import pytest

from printkit import pipeline
from printkit.base import records
from printkit.layout.document import layout_kit


def tile_pages(mode: str, paper: str):
    loaded = pipeline.load("kpn")
    ctx = pipeline.context(loaded, "en", paper)
    ctx = records.replace(ctx, options=records.replace(ctx.options, two_sided=mode))
    return [page for page in layout_kit(loaded.kit, ctx).pages if page.role == "tiles"]


def faces(page) -> list:
    """The tiles' faces of a page (a folded sheet holds faces and, beyond the fold, backs)."""
    return [p for p in page.pieces if p.kind == "tile" and p.side == "face"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_kpn_folded_keeps_each_colour_on_rows_of_its_own_4_mm_apart(paper):
    """Folded, 12 a sheet, packing took 5 sheets but set a colour's last tile beside the next one's
    first, their boundary on a cut (a review: 'a 1 mm fold error leaves a sliver of another owner's
    colour on a back'). Pieces that share their cuts keep their rows whatever it costs: 6 sheets
    (12, 3 + 8, 7 + 4, 11, 12, 3), and where two colours meet on a sheet, a strip of two bleeds
    (4 mm) between them, the header saying so."""
    pages = tile_pages("fold", paper)
    assert [len(faces(page)) for page in pages] == [12, 11, 11, 11, 12, 3]
    for page in pages:
        rows = defaultdict(set)
        for piece in faces(page):
            rows[round(piece.y, 3)].add(dict(piece.extra)["owner"])
        assert all(len(owners) == 1 for owners in rows.values()), "a row is one colour"
        tops = sorted(rows)
        steps = [round(below - above, 3) for above, below in zip(tops[:-1], tops[1:], strict=True)]
        pairs = zip(steps, tops[:-1], tops[1:], strict=True)
        changes = [step for step, above, below in pairs if rows[above] != rows[below]]
        assert all(step == 34.0 + 4.0 for step in changes) and steps.count(38.0) == len(changes), steps
        strip = "The strip between the colours is the bleed of two blocks"
        texts = " ".join(item.text for item in page.items if hasattr(item, "text") and isinstance(item.text, str))
        assert (strip in texts) == bool(changes)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_kpn_duplex_keeps_each_colour_on_rows_of_its_own_on_2_sheets(paper):
    pages = tile_pages("duplex", paper)
    fronts = [page for page in pages if page.side == "face"]
    assert len(pages) == 4 and [len(faces(page)) for page in fronts] == [30, 30]
    for page in fronts:
        rows = defaultdict(set)
        for piece in faces(page):
            rows[round(piece.y, 1)].add(dict(piece.extra)["owner"])
        assert len(rows) == 6 and all(len(owners) == 1 for owners in rows.values()), "a row is one colour"
