"""A deck's ``group: owner`` never costs a sheet (a round-6 review of kpn folded: 'a whole A4
sheet carries only 3 green tiles ... 12/11/11/11/12/3 ... 60 tiles at 12 a sheet fit on 5'). Each
owner keeps rows of its own when that takes no more sheets (kpn duplex: 2 sheets of 30); else
the tiles are packed in reading order. Counted on the laid-out pages."""

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
def test_kpn_folded_takes_5_sheets_of_12_not_6(paper):
    pages = tile_pages("fold", paper)
    counts = [len(faces(page)) for page in pages]
    assert counts == [12] * 5, counts


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
