"""Stones that share their cuts (``gutter: 0`` with a bleed, as plateau's): the stones of an owner
touch, so one cut frees two and the bleed runs round the owner's block only; each owner's block
stands twice the bleed from the next. No line lies on a trim (test_corner_ticks: the crop marks
and the corner ticks show the cuts). Measured on the layout data, faces and the backs behind them
(long edge, short edge, folded over), and on the count of straight cuts across a sheet: 20 with 4 mm gutters, 13 shared.
"""

from __future__ import annotations

import pypdfium2
import pytest

from conftest import REPO
from piece_pdf import build, pieces
from printkit import pipeline
from printkit.kinds.stones import layout as stones_layout
from printkit.layout import cardgrid
from printkit.layout.context import Context, Options, paper
from printkit.layout.primitives import Box, Group
from printkit.words.locale import Localizer

SIZE, BLEED = 32.0, 2.0
WAYS = {"long": ("duplex", "long"), "short": ("duplex", "short"), "fold": ("fold", "long")}


@pytest.fixture(scope="module")
def stones():
    return pipeline.load("plateau").kit.component("stones")


def laid(component, how: str = "duplex", flip: str = "long") -> list:
    options = Options(two_sided=how, flip=flip)
    return stones_layout.layout(component, Context(paper("a4"), Localizer("en"), options=options))


def boxes_of(page, side: str | None = None) -> list[Box]:
    return [Box(p.x, p.y, p.width, p.height) for p in page.pieces if side is None or p.side == side]


def straight_cuts(boxes: list[Box]) -> int:
    """The straight cuts across a sheet that free every piece: one at each distinct x of a vertical
    trim, one at each distinct y of a horizontal one (a guillotine's cuts, the crop marks' lines)."""
    xs = {round(v, 3) for b in boxes for v in (b.x, b.right)}
    ys = {round(v, 3) for b in boxes for v in (b.y, b.bottom)}
    return len(xs) + len(ys)


def test_plateau_stones_touch_within_an_owner_and_need_13_cuts_instead_of_20(stones):
    assert stones.gutter == 0 and stones.shares_cuts
    shared, apart = laid(stones)[0], laid(stones.model_copy(update={"gutter": None}))[0]
    for page in (shared, apart):
        assert len(page.pieces) == 24
    black = sorted(
        (b for b, p in zip(boxes_of(shared), shared.pieces, strict=True) if dict(p.extra)["owner"] == "black"),
        key=lambda b: (b.y, b.x),
    )
    xs = sorted({round(b.x, 3) for b in black})
    assert [round(b - a, 3) for a, b in zip(xs, xs[1:], strict=False)] == [SIZE] * 3, "touching: no gutter"
    ys = sorted({round(b.y, 3) for b in boxes_of(shared)})
    steps = [round(b - a, 3) for a, b in zip(ys, ys[1:], strict=False)]
    assert steps == [SIZE, SIZE, SIZE + 2 * BLEED, SIZE, SIZE], "the white block stands two bleeds below the black"
    assert straight_cuts(boxes_of(apart)) == 20 and straight_cuts(boxes_of(shared)) == 13


@pytest.mark.parametrize("way", list(WAYS))
def test_each_stone_bleeds_on_its_blocks_outer_sides_only_and_its_back_mirrors_it(stones, way):
    """A stone prints its trim, its bleed where no stone touches it and SEAM past a shared cut;
    its back lands at the mirror of its face, its outer sides mirrored with it."""
    how, flip = WAYS[way]
    pages = laid(stones, how, flip)
    for page in pages:
        for side in ("face", "back") if how == "fold" else (page.side,):
            rows = [p for p in page.pieces if p.side == side]
            boxes = [Box(p.x, p.y, p.width, p.height) for p in rows]
            clips = [item for item in page.items if isinstance(item, Group) and item.clip]
            shown = [c for c in clips if any(box_of_clip(c, box) for box in boxes)]
            assert len(shown) == len(boxes) > 0, (way, side)
            for box in boxes:
                (drawing,) = [c for c in shown if box_of_clip(c, box)]
                xs = [drawing.x + x for x, _ in drawing.clip]
                ys = [drawing.y + y for _, y in drawing.clip]
                reach = (box.x - min(xs), box.y - min(ys), max(xs) - box.right, max(ys) - box.bottom)
                for outer, past in zip(cardgrid.outer_sides(box, boxes), reach, strict=True):
                    assert past == pytest.approx(BLEED if outer else cardgrid.SEAM), (way, side, box)
    faces = {(p.component, p.copy): p for page in pages for p in page.pieces if p.side in ("face", None)}
    backs = {(p.component, p.copy): p for page in pages for p in page.pieces if p.side == "back"}
    assert faces.keys() == backs.keys() and len(faces) == 24
    for key, face in faces.items():
        back = backs[key]
        if way == "short":
            assert (back.x, back.y) == pytest.approx((face.x, 297.0 - face.y - face.height))
        else:  # turned over the long edge, or folded over the page's middle: the mirror across it
            assert (back.x, back.y) == pytest.approx((210.0 - face.x - face.width, face.y))


def box_of_clip(drawing: Group, box: Box) -> bool:
    """Whether a clipped drawing is the stone at ``box``: its clip holds the trim's centre."""
    xs = [drawing.x + x for x, _ in drawing.clip]
    ys = [drawing.y + y for _, y in drawing.clip]
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    return min(xs) < cx < max(xs) and min(ys) < cy < max(ys) and max(xs) - min(xs) < box.w + 2 * BLEED + 0.01


def test_stones_apart_by_anything_but_two_bleeds_or_0_are_refused_naming_the_choice(tmp_path, run):
    source = tmp_path / "plateau.yaml"
    kit = (REPO / "kits" / "plateau.yaml").read_text("utf-8")
    source.write_text(kit.replace("gutter: 0 ", "gutter: 3mm "), encoding="utf-8")
    checked = run("validate", str(source))
    assert checked.code == 1
    assert "stones stand twice the bleed apart (4 mm: leave gutter out) or touch" in checked.err


BODY_GREY = 43  # plateau's #2b2b2b in grey levels
SEAM_DPIS = (100, 150, 300)  # a seam shows at some scales and not others: where pixel edges fall


def lightest(image, box_px) -> float:
    """The lightest pixel of a region: a seam is a line of lighter pixels in a dark field."""
    region = image.crop(tuple(round(v) for v in box_px))
    return region.getextrema()[1]


@pytest.mark.parametrize("dpi", SEAM_DPIS)
def test_no_seam_shows_in_the_dark_bleed_or_along_a_shared_cut(tmp_path, dpi):
    """The black block's outer bleed (a 1 mm band in the middle of it, all round) and, on the
    backs (no corner tick there), a 1 mm band along each cut two black stones share are the body's
    grey at every pixel: abutting fills left faint light hairlines at column joins on the backs
    (now each stone's drawing runs SEAM past a shared cut, overlapping its neighbour's)."""
    pdf, manifest = build("plateau", tmp_path, "--lang", "en")
    px = dpi / 25.4
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        for page in sorted({p["page"] for p in pieces(manifest, kind="stone")}):
            rows = [p for p in pieces(manifest, kind="stone") if p["page"] == page and p["owner"] == "black"]
            image = document[page - 1].render(scale=dpi / 72).to_pil().convert("L")
            boxes = [Box(p["x"], p["y"], p["width"], p["height"]) for p in rows]
            block = cardgrid.bounds(boxes)
            bands = [
                (block.x, block.y - 1.5, block.right, block.y - 0.5),
                (block.x, block.bottom + 0.5, block.right, block.bottom + 1.5),
                (block.x - 1.5, block.y, block.x - 0.5, block.bottom),
                (block.right + 0.5, block.y, block.right + 1.5, block.bottom),
            ]
            if rows[0]["side"] == "back":
                for box in boxes:
                    for cut in cardgrid.shared_cuts(box, boxes):
                        bands.append((cut.x1 - 0.5, cut.y1 - 0.5, cut.x2 + 0.5, cut.y2 + 0.5))
                assert len(bands) == 4 + 17
            for band in bands:
                grey = lightest(image, [v * px for v in band])
                assert grey <= BODY_GREY + 6, (page, dpi, band, grey)
    finally:
        document.close()
