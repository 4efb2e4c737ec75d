"""Pieces that share their cuts (``gutter: 0`` with a bleed): the cards touch, so one cut frees two
and 9 poker cards with a 2 mm bleed fit A4 (issue 29: 4 did with a gutter twice the bleed); each
card prints its trim and its bleed on the block's outer sides only, a neighbour's edge meeting it
on the shared cut; the crop marks stand outside the block and its bleed. Measured on the layout
data and the PDF, for the faces and the backs behind them.
"""

from __future__ import annotations

import pytest

from piece_pdf import build_text, pieces
from printkit import pipeline
from printkit.kinds.cards import layout as cards_layout
from printkit.layout import cardgrid
from printkit.layout.context import Context, paper
from printkit.layout.marks import TICK_WIDTH
from printkit.layout.primitives import Box, Group, Line
from printkit.words.locale import Localizer

KIT = """kit:
  title: {en: Deck}
  players: {min: 1, max: 4}
  languages: [en]
  default_lang: en
  author: test
components:
  - id: deck
    kind: cards
    title: {en: Cards}
    width: 63mm
    height: 88mm
    imposition: grid
    bleed: 2mm
    gutter: GUTTER
    types:
      - {id: red, count: 9, name: {en: Red}, color: "#aa2222"}
      - {id: blue, count: 9, name: {en: Blue}, color: "#2222aa"}
    face:
      - {type: fill, color: piece}
      - {type: name, box: [6, 40, 51, 10], size_pt: 14, color: white}
    back:
      - {type: fill, color: "#1f4e79"}
rules:
  - heading: {en: Rules}
    body: {en: "{deck.total} cards, {deck.per_page} a page."}
invariants:
  - {id: cards, check: "deck.total == 18 and deck.per_page == PER_PAGE", rule: "18 cards"}
"""


def kit_text(gutter: str, per_page: int) -> str:
    return KIT.replace("GUTTER", gutter).replace("PER_PAGE", str(per_page))


@pytest.fixture(scope="module")
def laid(tmp_path_factory) -> list:
    """The deck's pages as data: faces, then their backs, on A4."""
    kit = tmp_path_factory.mktemp("shared") / "shared.yaml"
    kit.write_text(kit_text("0", 9), encoding="utf-8")
    deck = pipeline.load(kit).kit.component("deck")
    return cards_layout.layout(deck, Context(paper("a4"), Localizer("en")))


def test_nine_poker_cards_that_share_their_cuts_fit_a4_with_a_2_mm_bleed(tmp_path):
    pdf, manifest = build_text(kit_text("0", 9), tmp_path, "shared")
    faces = pieces(manifest, kind="card", side="face")
    by_page: dict[int, list] = {}
    for card in faces:
        by_page.setdefault(card["page"], []).append(card)
    assert sorted(len(cards) for cards in by_page.values()) == [9, 9]
    for cards in by_page.values():
        assert all(card["width"] == pytest.approx(63.0) and card["height"] == pytest.approx(88.0) for card in cards)
        xs = sorted({round(card["x"], 3) for card in cards})
        assert [round(b - a, 3) for a, b in zip(xs, xs[1:], strict=False)] == [63.0, 63.0], "touching: no gutter"


def test_each_card_bleeds_on_the_blocks_outer_sides_only(laid):
    page = laid[0]
    boxes = [Box(p.x, p.y, p.width, p.height) for p in page.pieces]
    drawings = [item for item in page.items if isinstance(item, Group) and item.clip]
    assert len(drawings) == 9
    block = cardgrid.bounds(boxes)
    for drawing, box in zip(drawings, boxes, strict=True):
        xs = [drawing.x + x for x, _ in drawing.clip]
        ys = [drawing.y + y for _, y in drawing.clip]
        left, right, top, bottom = min(xs), max(xs), min(ys), max(ys)
        outer_left, outer_right = box.x == pytest.approx(block.x), box.right == pytest.approx(block.right)
        assert box.x - left == pytest.approx(2.0 if outer_left else cardgrid.SEAM)
        assert right - box.right == pytest.approx(2.0 if outer_right else cardgrid.SEAM)
        outer_top, outer_bottom = box.y == pytest.approx(block.y), box.bottom == pytest.approx(block.bottom)
        assert box.y - top == pytest.approx(2.0 if outer_top else cardgrid.SEAM)
        assert bottom - box.bottom == pytest.approx(2.0 if outer_bottom else cardgrid.SEAM)


def test_the_crop_marks_stand_outside_the_block_and_its_bleed(laid):
    page = laid[0]
    block = cardgrid.grown(cardgrid.bounds([Box(p.x, p.y, p.width, p.height) for p in page.pieces]), 2.0)
    lines = [item for item in page.items if isinstance(item, Line)]
    marks = [line for line in lines if line.stroke.width != TICK_WIDTH]
    assert len(marks) == 2 * (4 + 4), "above and below each of 4 vertical cuts, beside each of 4 horizontal ones"
    assert len(lines) - len(marks) == 2 * 4, "and a cross at each of the 3 x 3 cards' 4 inner corners"
    for mark in marks:
        inside_x = block.x < min(mark.x1, mark.x2) and max(mark.x1, mark.x2) < block.right
        inside_y = block.y < min(mark.y1, mark.y2) and max(mark.y1, mark.y2) < block.bottom
        assert not (inside_x and inside_y), mark
        assert min(mark.x1, mark.x2, mark.y1, mark.y2) >= 5.0 - 1e-6, "never nearer than 5 mm to the paper's edge"


def test_the_backs_mirror_the_clips_of_their_faces(laid):
    face, back = laid[0], laid[1]
    assert back.side == "back"
    shown = sorted(
        (round(item.x + min(x for x, _ in item.clip), 3), round(item.y + min(y for _, y in item.clip), 3))
        for item in back.items
        if isinstance(item, Group) and item.clip
    )
    assert len(shown) == 9
    assert shown[0] == (
        pytest.approx(min(p.x for p in back.pieces) - 2.0),
        pytest.approx(min(p.y for p in back.pieces) - 2.0),
    )
    assert len(face.pieces) == len(back.pieces) == 9


def test_a_gutter_under_twice_the_bleed_but_not_0_is_refused_naming_the_choice(tmp_path, run):
    kit = tmp_path / "narrow.yaml"
    kit.write_text(kit_text("1mm", 9), encoding="utf-8")
    checked = run("validate", str(kit))
    assert checked.code == 1
    (line,) = [line for line in checked.err.splitlines() if "gutter" in line]
    assert "needs a gutter of at least 4 mm" in line and "a gutter of 0, for pieces that share their cuts" in line


def test_validate_says_what_a_bleed_costs_and_that_shared_cuts_win_it_back(tmp_path, run):
    kit = tmp_path / "apart.yaml"
    kit.write_text(kit_text("null", 8), encoding="utf-8")
    checked = run("validate", str(kit))
    assert checked.code == 0, checked.err
    assert "8 cards per A4 sheet instead of 9" in checked.out
    assert "gutter: 0 lets the pieces share their cuts" in checked.out


@pytest.fixture(scope="module")
def kpn_tiles() -> list:
    """kpn's tiles (``gutter: 0``, a 2 mm bleed, printed as pieces under a heading) as layout data
    on A4, duplex: faces, backs, faces, backs."""
    loaded = pipeline.load("kpn")
    document = pipeline.lay_out(loaded, pipeline.context(loaded, "en", "a4"))
    return [page for page in document.pages if page.component == "tiles"]


def outer_sides_of(box: Box, boxes: list[Box]) -> tuple[bool, bool, bool, bool]:
    """Which of the box's sides (left, top, right, bottom) no other box touches."""
    return (
        not any(o.right == pytest.approx(box.x) and o.y == pytest.approx(box.y) for o in boxes),
        not any(o.bottom == pytest.approx(box.y) and o.x == pytest.approx(box.x) for o in boxes),
        not any(o.x == pytest.approx(box.right) and o.y == pytest.approx(box.y) for o in boxes),
        not any(o.y == pytest.approx(box.bottom) and o.x == pytest.approx(box.x) for o in boxes),
    )


def test_pieces_under_a_heading_share_their_cuts_too(kpn_tiles):
    """Each tile face and back prints its trim and its bleed only where no tile touches it (an
    empty slot after a colour's last tile counts as outside), SEAM past a shared cut."""
    assert [page.side for page in kpn_tiles] == ["face", "back", "face", "back"]
    for page in kpn_tiles:
        boxes = [Box(p.x, p.y, p.width, p.height) for p in page.pieces]
        drawings = [item for item in page.items if isinstance(item, Group) and item.clip]
        assert len(drawings) == len(boxes) == 30
        for drawing, box in zip(drawings, boxes, strict=True):
            xs = [drawing.x + x for x, _ in drawing.clip]
            ys = [drawing.y + y for _, y in drawing.clip]
            reach = (box.x - min(xs), box.y - min(ys), max(xs) - box.right, max(ys) - box.bottom)
            for side, (outer, past) in enumerate(zip(outer_sides_of(box, boxes), reach, strict=True)):
                assert past == pytest.approx(2.0 if outer else cardgrid.SEAM), (page.side, box, side)


def test_no_line_crosses_a_block_of_pieces_that_share_their_cuts(kpn_tiles):
    """Nothing is drawn on a tile's trim but the corner ticks (test_corner_ticks): the crop marks
    stand outside the block and its bleed, and no gutter mark runs along an empty slot (one once
    ran over the tile beside it)."""
    for page in kpn_tiles:
        boxes = [Box(p.x, p.y, p.width, p.height) for p in page.pieces]
        block = cardgrid.grown(cardgrid.bounds(boxes), 2.0)
        for mark in (item for item in page.items if isinstance(item, Line) and item.stroke.width != TICK_WIDTH):
            inside_x = block.x < min(mark.x1, mark.x2) and max(mark.x1, mark.x2) < block.right
            inside_y = block.y < min(mark.y1, mark.y2) and max(mark.y1, mark.y2) < block.bottom
            assert not (inside_x and inside_y) and not (
                inside_x and mark.y1 == mark.y2 and block.y < mark.y1 < block.bottom
            ), mark
