"""Cards whose colours differ run their tint past every cut without a sliver of the neighbour's
colour (targ): the cards of one good share their cuts and their tint meets on the cut, a gap opens
between the rows where two goods meet, each good bleeding into its half; a card that touches one
of another colour keeps a band of paper on that side. Measured on the page data."""

from __future__ import annotations

import pytest

from printkit import pipeline
from printkit.kinds.cards.values import EDGE_BAND, edge_band
from printkit.layout.cardgrid import SEAM, CardGrid, GridSpec, opened, shared_clip, touching
from printkit.layout.context import Options
from printkit.layout.document import layout_kit
from printkit.layout.marks import tinted
from printkit.layout.primitives import Box, Group, Rect

TINTS = {tinted(colour, 0.1) for colour in ("#8a2c6a", "#1f6fb0", "#b86e00")}  # targ's goods at 10 %
BLEED = 2.0


def card_pages(paper: str):
    loaded = pipeline.load("targ")
    ctx = pipeline.context(loaded, "pl", paper, Options())
    return [p for p in layout_kit(loaded.kit, ctx).pages if p.component == "cards" and not p.optional]


def shown(group: Group) -> Box:
    """What a clipped card group prints, in page mm."""
    xs, ys = [x for x, _ in group.clip], [y for _, y in group.clip]
    return Box(group.x + min(xs), group.y + min(ys), max(xs) - min(xs), max(ys) - min(ys))


def tint_of(group: Group) -> Rect:
    """The card's tint, in page mm: the first Rect of the design inside the clip."""
    (inner,) = group.items
    fill = next(i for i in inner.items if isinstance(i, Rect) and i.fill in TINTS)
    return Rect(group.x + inner.x + fill.x, group.y + inner.y + fill.y, fill.w, fill.h, fill.stroke, fill.fill)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_targ_tint_runs_past_every_cut_and_goods_never_share_one(paper):
    pages = card_pages(paper)
    assert len(pages) == 2
    gaps = 0
    for page in pages:
        groups = [i for i in page.items if isinstance(i, Group) and i.clip]
        cards = [p for p in page.pieces if p.kind == "card"]
        assert len(groups) == len(cards) == 18
        boxes = [Box(c.x, c.y, c.width, c.height) for c in cards]
        goods = [dict(c.extra)["symbol"] for c in cards]
        for number, (card, box) in enumerate(zip(cards, boxes, strict=True)):
            group = next(g for g in groups if abs(g.x + BLEED - card.x) < 1e-6 and abs(g.y + BLEED - card.y) < 1e-6)
            tint, clip = tint_of(group), shown(group)
            # the tint covers the card and its bleed all round: no white rim
            assert tint.x == pytest.approx(card.x - BLEED) and tint.w == pytest.approx(card.width + 2 * BLEED)
            assert tint.y == pytest.approx(card.y - BLEED) and tint.h == pytest.approx(card.height + 2 * BLEED)
            for side, (near, out) in enumerate(
                zip(
                    touching(box, boxes),
                    (box.x - clip.x, box.y - clip.y, clip.right - box.right, clip.bottom - box.bottom),
                    strict=True,
                )
            ):
                assert all(goods[n] == goods[number] for n in near), "a cut shared by two goods"
                assert out == pytest.approx(SEAM if near else BLEED), side
        # the rows where two goods meet stand 2 × the bleed apart: each bleeds into its half
        for upper, lower in zip(boxes, boxes[3:], strict=False):
            if goods[boxes.index(upper)] != goods[boxes.index(lower)]:
                gaps += 1
                assert lower.y - upper.bottom == pytest.approx(2 * BLEED)
    assert gaps == 6, "3 cards of each page stand over a card of another good"


def test_opened_rows_and_a_band_where_colours_meet_in_a_row():
    spec = GridSpec(50.0, 40.0, 0.0, 2.0)
    grid = CardGrid(210.0, 297.0, 5, 3, 10.0, 20.0, spec)
    colours = ["a"] * 7 + ["b"] * 8  # the second row turns from a to b after two pieces
    boxes = opened(grid, grid.slots(15), colours, 4.0)
    assert boxes[5].y - boxes[0].bottom == pytest.approx(4.0), "row 2 holds b under a: a gap"
    assert boxes[10].y - boxes[5].bottom == pytest.approx(4.0), "row 3's b under row 2's two a: a gap"
    same = opened(grid, grid.slots(15), ["a"] * 5 + ["b"] * 10, 4.0)
    assert same[10].y - same[5].bottom == pytest.approx(0.0), "b under b: the rows share their cut"
    assert boxes[0].x == grid.slot(0).x
    # the a beside a b in row 2 keeps EDGE_BAND of paper on that side, its other sides as before
    at = boxes[6]
    clip = shared_clip(at, boxes, 2.0, (0.0, 0.0, EDGE_BAND, 0.0))
    assert at.right - clip.right == pytest.approx(EDGE_BAND)
    assert at.x - clip.x == pytest.approx(SEAM) and clip.y == pytest.approx(at.y - 2.0)


def test_too_little_room_leaves_the_rows_shared():
    spec = GridSpec(50.0, 90.0, 0.0, 2.0)
    grid = CardGrid(210.0, 297.0, 3, 3, 10.0, 5.0, spec)
    boxes = grid.slots(9)
    assert opened(grid, boxes, ["a"] * 3 + ["b"] * 6, 4.0) == boxes


def test_a_butted_deck_without_bleed_keeps_its_band():
    deck = next(c for c in pipeline.load("targ").kit.components if c.id == "cards")
    assert edge_band(deck) == 0.0, "targ bleeds: its band is kept on the page only where goods touch"
    butted = deck.model_copy(update={"bleed": 0.0, "gutter": 0.0})
    assert edge_band(butted) == EDGE_BAND
    one = [t.model_copy(update={"color": "#8a2c6a"}) for t in deck.types]
    assert edge_band(butted.model_copy(update={"types": one})) == 0.0
