"""Butted cards whose colours differ keep a band of paper inside their trims (targ): a cut 0.5 mm
off no longer leaves a sliver of the neighbouring card's colour. Measured on the page data."""

from __future__ import annotations

import pytest

from printkit import pipeline
from printkit.kinds.cards.values import EDGE_BAND, edge_band
from printkit.layout.context import Options
from printkit.layout.document import layout_kit
from printkit.layout.marks import tinted
from printkit.layout.primitives import CUT, Group, Line, Rect

TINTS = {tinted(colour, 0.1) for colour in ("#8a2c6a", "#1f6fb0", "#b86e00")}  # targ's goods at 10 %


def flat(items, dx: float = 0.0, dy: float = 0.0):
    """Every Rect and Line of the page, groups opened (targ's card groups are not scaled)."""
    for item in items:
        if isinstance(item, Group):
            assert item.scale == 1.0
            yield from flat(item.items, dx + item.x, dy + item.y)
        elif isinstance(item, Rect):
            yield Rect(item.x + dx, item.y + dy, item.w, item.h, item.stroke, item.fill, item.radius)
        elif isinstance(item, Line):
            yield Line(item.x1 + dx, item.y1 + dy, item.x2 + dx, item.y2 + dy, item.stroke)


def inside(x: float, y: float, card) -> bool:
    return card.x < x < card.x + card.width and card.y < y < card.y + card.height


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_targ_cards_tint_stops_a_band_inside_every_trim(paper):
    loaded = pipeline.load("targ")
    ctx = pipeline.context(loaded, "pl", paper, Options())
    pages = [p for p in layout_kit(loaded.kit, ctx).pages if p.component == "cards"]
    assert len(pages) == 2
    met = 0
    for page in pages:
        drawn = list(flat(page.items))
        fills = [r for r in drawn if isinstance(r, Rect) and r.fill in TINTS and r.stroke is None]
        cards = [p for p in page.pieces if p.kind == "card"]
        assert len(fills) == len(cards) == 18
        for card in cards:
            (fill,) = [
                f
                for f in fills
                if card.x < f.x + f.w / 2 < card.x + card.width and card.y < f.y + f.h / 2 < card.y + card.height
            ]
            assert fill.x - card.x == pytest.approx(EDGE_BAND) and fill.y - card.y == pytest.approx(EDGE_BAND)
            assert card.x + card.width - (fill.x + fill.w) == pytest.approx(EDGE_BAND)
            assert card.y + card.height - (fill.y + fill.h) == pytest.approx(EDGE_BAND)
        # where a berry card meets a crystal card (one cut between them) 2.4 mm of paper, the cut in its middle
        for upper in cards:
            for lower in cards:
                touching = abs(upper.y + upper.height - lower.y) < 1e-6 and abs(upper.x - lower.x) < 1e-6
                if touching and dict(upper.extra)["symbol"] != dict(lower.extra)["symbol"]:
                    met += 1
                    cut = lower.y
                    lines = [
                        i
                        for i in drawn
                        if isinstance(i, Line) and i.y1 == i.y2 == pytest.approx(cut) and i.x1 < upper.x + 1 < i.x2
                    ]  # the line across the cards, not the crop marks outside them
                    assert lines and all(i.stroke == CUT for i in lines), "a grey cut line on the paper"
    assert met == 6, "3 cards of each page meet a card of another good"


def test_a_deck_of_one_colour_or_with_a_bleed_fills_to_its_edge():
    deck = next(c for c in pipeline.load("targ").kit.components if c.id == "cards")
    assert edge_band(deck) == EDGE_BAND
    one = [t.model_copy(update={"color": "#8a2c6a"}) for t in deck.types]
    assert edge_band(deck.model_copy(update={"types": one})) == 0.0
    assert edge_band(deck.model_copy(update={"bleed": 2.0})) == 0.0
