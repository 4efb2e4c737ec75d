"""One cutting convention for pieces that bleed and share their cuts (plateau's stones, kpn's tiles):
no line along a trim inside the block, crop marks in the margin in line with every cut, and a small
cross at each corner where four pieces meet, its arms TICK_ARM mm along the cuts, on the faces only.
Reviews: plateau's black stones had white hairlines on their shared cuts and its white stones a grey
one round each trim, which a cut off the line left as a sliver; kpn's tiles had nothing to follow
inside the block for a family with scissors. Measured on the laid-out pages (long edge, short edge
and folded builds) and on a 300 dpi render in grey levels.
"""

from __future__ import annotations

import itertools

import pypdfium2
import pytest

from piece_pdf import build, pieces
from printkit import pipeline
from printkit.layout import cardgrid
from printkit.layout.cardgrid import TICK_ARM
from printkit.layout.context import Context, Options, paper
from printkit.layout.document import layout_kit
from printkit.layout.marks import TICK_WIDTH, contrast
from printkit.layout.primitives import Box, Line
from printkit.words.locale import Localizer

WAYS = {"long": ("duplex", "long"), "short": ("duplex", "short"), "fold": ("fold", "long")}
KITS = {"plateau": "stones", "kpn": "tiles"}
EPS = 1e-6


def laid(kit: str, way: str, paper_name: str = "a4") -> list:
    how, flip = WAYS[way]
    options = Options(two_sided=how, flip=flip)
    document = layout_kit(pipeline.load(kit).kit, Context(paper(paper_name), Localizer("en"), options=options))
    return [page for page in document.pages if page.component == KITS[kit]]


def boxes_of(page, side: str) -> list[Box]:
    return [Box(p.x, p.y, p.width, p.height) for p in page.pieces if p.side == side]


def inner_corners(boxes: list[Box]) -> set[tuple[float, float]]:
    """The points where four of ``boxes`` meet, each a corner of all four."""
    corners: dict[tuple[float, float], int] = {}
    for box in boxes:
        for x, y in itertools.product((box.x, box.right), (box.y, box.bottom)):
            key = (round(x, 4), round(y, 4))
            corners[key] = corners.get(key, 0) + 1
    return {point for point, count in corners.items() if count == 4}


def along_trim(line: Line, boxes: list[Box]) -> bool:
    """Whether ``line`` runs along a side of one of ``boxes``, overlapping it."""
    for box in boxes:
        if abs(line.x1 - line.x2) < EPS and min(abs(line.x1 - box.x), abs(line.x1 - box.right)) < 0.05:
            if min(line.y1, line.y2) < box.bottom - EPS and max(line.y1, line.y2) > box.y + EPS:
                return True
        if abs(line.y1 - line.y2) < EPS and min(abs(line.y1 - box.y), abs(line.y1 - box.bottom)) < 0.05:
            if min(line.x1, line.x2) < box.right - EPS and max(line.x1, line.x2) > box.x + EPS:
                return True
    return False


def length(line: Line) -> float:
    return abs(line.x2 - line.x1) + abs(line.y2 - line.y1)


@pytest.mark.parametrize("kit", list(KITS))
@pytest.mark.parametrize("way", list(WAYS))
def test_no_line_runs_along_a_trim_inside_a_bled_block_longer_than_a_tick(kit, way):
    for page in laid(kit, way):
        for side in ("face", "back"):
            boxes = boxes_of(page, side)
            if not boxes:
                continue
            block = cardgrid.grown(cardgrid.bounds(boxes), 2.0)
            lines = [item for item in page.items if isinstance(item, Line)]
            inside = [
                line
                for line in lines
                if block.x - EPS <= min(line.x1, line.x2)
                and max(line.x1, line.x2) <= block.right + EPS
                and block.y - EPS <= min(line.y1, line.y2)
                and max(line.y1, line.y2) <= block.bottom + EPS
                and along_trim(line, boxes)
            ]
            for line in inside:
                assert length(line) <= 2 * TICK_ARM + EPS, (kit, way, side, line)


@pytest.mark.parametrize("kit", list(KITS))
@pytest.mark.parametrize("way", list(WAYS))
def test_a_cross_marks_every_corner_where_four_pieces_meet_on_the_faces_only(kit, way):
    crosses = 0
    for page in laid(kit, way):
        ticks = [item for item in page.items if isinstance(item, Line) and item.stroke.width == TICK_WIDTH]
        faces, backs = boxes_of(page, "face"), boxes_of(page, "back")
        corners = inner_corners(faces)
        # a sheet of kpn's fold build ends on 3 tiles of a colour: no corner where four meet there
        assert corners or len(faces) < 4, (kit, way, "a block of pieces sharing their cuts has inner corners")
        found = {}
        for tick in ticks:
            middle = (round((tick.x1 + tick.x2) / 2, 4), round((tick.y1 + tick.y2) / 2, 4))
            assert length(tick) == pytest.approx(2 * TICK_ARM), tick
            found.setdefault(middle, []).append("across" if abs(tick.y1 - tick.y2) < EPS else "down")
        assert set(found) == corners, (kit, way, page.side, "a cross at each inner corner of the faces, none else")
        assert all(sorted(arms) == ["across", "down"] for arms in found.values())
        assert not corners & inner_corners(backs) or page.side == "fold", "no tick on a back"
        for point in corners:
            near = [
                p
                for p in page.pieces
                if p.side == "face"
                and p.x - EPS <= point[0] <= p.x + p.width + EPS
                and p.y - EPS <= point[1] <= p.y + p.height + EPS
            ]
            assert len(near) == 4
        crosses += len(corners)
        for tick in ticks:  # the tone shows on the pieces it lies on
            edge = "#2b2b2b" if tick.stroke.color == "#c4c4c4" else "#ffffff"
            assert contrast(tick.stroke.color, edge) >= 3.0
    # plateau: two owners' 4 x 3 blocks, 6 inner corners each; kpn: 5 x 3 blocks of a colour, 8 each
    expected = {"plateau": 12, "kpn": 32}[kit] if way != "fold" else None
    assert crosses == expected if expected else crosses > 0, (kit, way, crosses)


GREY_GAP = 40  # grey levels at least between a tick's arm and the ground beside it


@pytest.mark.parametrize("kit", ["plateau"])
def test_the_ticks_show_in_grey_at_300_dpi_on_black_and_on_white_stones(tmp_path, kit):
    """At 300 dpi, rendered in grey levels as a black-and-white printer sees it, the pixel on a
    tick's arm 1 mm from its corner stands GREY_GAP from the ground 1 mm off the arm."""
    pdf, manifest = build(kit, tmp_path, "--lang", "en")
    rows = [p for p in pieces(manifest, kind="stone") if p["side"] == "face"]
    page = rows[0]["page"]
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        image = document[page - 1].render(scale=300 / 72).to_pil().convert("L")
    finally:
        document.close()
    px = 300 / 25.4
    for owner in ("black", "white"):
        boxes = [
            Box(p["x"], p["y"], p["width"], p["height"]) for p in rows if p["owner"] == owner and p["page"] == page
        ]
        corners = inner_corners(boxes)
        assert len(corners) == 6, owner
        for x, y in corners:
            arm = image.getpixel((round((x + 1.0) * px), round(y * px)))
            ground = image.getpixel((round((x + 1.0) * px), round((y + 1.0) * px)))
            assert abs(arm - ground) >= GREY_GAP, (owner, (x, y), arm, ground)
