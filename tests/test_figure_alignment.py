"""The figures of one board or sheet part share a scale and a left edge: one with a tally beside
it and one without stand one under the other, not flush left and centred (review 10 of ogrod: its
two garden figures were aligned differently, and drawn 43 to 48 mm tall by language). Measured on
the manifest rows of the laid-out rules page."""

from __future__ import annotations

import pytest

from printkit import pipeline


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_ogrods_two_gardens_share_a_left_edge_and_one_size_in_every_language(paper):
    scales = set()
    for lang in ("pl", "cs", "en"):
        loaded = pipeline.load("ogrod")
        page = pipeline.laid_out(loaded, pipeline.context(loaded, lang, paper)).pages[0]
        figures = [row for row in page.pieces if row.kind == "figure"]
        assert len(figures) == 2
        assert figures[0].x == pytest.approx(figures[1].x), (lang, [f.x for f in figures])
        scales |= {round(dict(f.extra)["scale"], 4) for f in figures}
    assert len(scales) == 1, scales  # the garden 42.7 mm tall (7.1 mm cells) in every language
