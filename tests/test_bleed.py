"""Bleed, cut lines and crop marks, and the safe zone, measured on every shipped kit's PDF.

A piece with a fill or a coloured edge (stones, tiles) is drawn 2 mm past its cut line on both
sides, so a cut 0.5 mm off or a back 1-2 mm off shows no white sliver; nothing is drawn on its trim
(a hairline there shows as a sliver when the cut strays): black crop marks outside the block and
its bleed stand in line with each of its cuts, and pieces that share their cuts get corner ticks.
A piece that does not bleed has a cut line on its trim that contrasts at least 3:1 with the colour
it lies on. Nothing that must be read comes within 3 mm of the cut of a piece that bleeds (2 mm of
one that does not).
"""

from __future__ import annotations

import pytest

from conftest import first_language_cases
from piece_pdf import TOLERANCE, horizontal_at, page_shapes, page_words, vertical_at
from printkit import pipeline
from printkit.layout.cardgrid import MARK_GAP, MARK_LENGTH
from printkit.layout.marks import contrast, on_paper
from printkit.layout.primitives import Group, Page, Piece, Rect, Stroke
from printkit.validate import safezone

CASES = [(kit, lang, paper, how) for kit, lang, paper in first_language_cases() for how in ("duplex", "fold")]
FIRST_LANGUAGE = {kit: lang for kit, lang, _ in first_language_cases(("a4",))}
INK_SAVER_CASES = [(kit, lang, paper, "duplex", "--ink-saver") for kit, lang, paper, how in CASES if how == "duplex"]
SAFE_ZONE = 2.0  # mm, a piece that does not bleed
BLEEDING_SAFE_ZONE = 3.0  # mm, one that bleeds: validate/safezone.py
EXPECTED_BLEED = {"plateau": {"stones": 2.0}, "kpn": {"tiles": 2.0, "aid": 0.0}, "targ": {"cards": 2.0}}
BLACK = "#000000"


def hex_of(colour: tuple) -> str:
    return "#" + "".join(f"{round(channel * 255):02x}" for channel in colour[:3])


def bleed_of(kit: str, row: dict) -> float:
    component = pipeline.load(kit).kit.component(row.get("deck") or row["component"])
    return float(getattr(component, "print_bleed", getattr(component, "bleed", 0.0)))


def cut_rows(manifest: dict) -> list[dict]:
    return [row for row in manifest["pieces"] if row["kind"] in ("token", "stone", "tile", "card")]


def touches_another(row: dict, manifest: dict) -> bool:
    """Whether a piece beside ``row``'s on the same page and side touches it: they share a cut."""
    x, y, w, h = row["x"], row["y"], row["width"], row["height"]
    for other in cut_rows(manifest):
        if other is row or other["page"] != row["page"] or other["side"] != row["side"]:
            continue
        ox, oy, ow, oh = other["x"], other["y"], other["width"], other["height"]
        across = max(y, oy) + TOLERANCE < min(y + h, oy + oh)
        down = max(x, ox) + TOLERANCE < min(x + w, ox + ow)
        beside = abs(ox + ow - x) <= TOLERANCE or abs(ox - x - w) <= TOLERANCE
        above = abs(oy + oh - y) <= TOLERANCE or abs(oy - y - h) <= TOLERANCE
        if (across and beside) or (down and above):
            return True
    return False


@pytest.fixture(scope="module")
def measured(kit_outputs):
    cache: dict[tuple, tuple] = {}

    def get(kit: str, lang: str, paper: str, how: str, *extra: str):
        key = (kit, lang, paper, how, extra)
        if key not in cache:
            outputs = kit_outputs(kit, lang, paper, "--two-sided", how, *extra)
            pages = {row["page"] for row in cut_rows(outputs.manifest)}
            shapes = {page: page_shapes(outputs.pdf, page) for page in pages}
            words = {page: page_words(outputs.pdf, page) for page in pages}
            cache[key] = (outputs.manifest, shapes, words)
        return cache[key]

    return get


def test_the_shipped_kits_bleed_what_has_a_fill():
    for kit, components in EXPECTED_BLEED.items():
        loaded = pipeline.load(kit).kit
        for component_id, bleed in components.items():
            component = loaded.component(component_id)
            assert getattr(component, "print_bleed", getattr(component, "bleed", None)) == bleed, component_id


@pytest.mark.parametrize(
    "kit, lang, paper, how, extra", [(*case, "") for case in CASES] + INK_SAVER_CASES, ids=lambda v: str(v)
)
def test_every_filled_piece_bleeds_and_is_cut_by_crop_marks_or_a_line_that_shows(
    measured, kit, lang, paper, how, extra
):
    manifest, shapes, _ = measured(kit, lang, paper, how, *([extra] if extra else []))
    bled_boxes: dict[int, list[tuple]] = {}
    for row in cut_rows(manifest):
        bleed = bleed_of(kit, row)
        if bleed:
            box = (row["x"] - bleed, row["y"] - bleed, row["width"] + 2 * bleed, row["height"] + 2 * bleed)
            bled_boxes.setdefault(row["page"], []).append(box)
    for row in cut_rows(manifest):
        bleed = bleed_of(kit, row)
        x, y, w, h = row["x"], row["y"], row["width"], row["height"]
        page = shapes[row["page"]]
        where = (row["component"], row["copy"], row["side"], row["page"])
        if bleed:
            fills = [r for r in page["rects"] if r.fill and r.at(x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed)]
            assert fills, f"{where}: no {bleed} mm bleed"
            ground = hex_of(fills[0].fill)
        else:
            ground = "#ffffff"  # an unfilled frame: the line lies on the paper
        if row.get("cut", "rectangle") != "rectangle":
            continue  # round and hexagonal outlines are measured in test_cut_paths
        if bleed:  # nothing on the trim, a crop mark outside every bleed in line with each cut
            on_trim = [
                line
                for line in page["lines"]
                if (vertical_at([line], x, y, y + h) or vertical_at([line], x + w, y, y + h))
                or (horizontal_at([line], y, x, x + w) or horizontal_at([line], y + h, x, x + w))
            ]
            # a white bleed shows no edge: the grey line on the trim shows the cut (on faces; decided
            # by the piece's own colour, which --ink-saver lightens only after: its fills are not it)
            # unless it shares its cuts: in a block, corner ticks show them (test_corner_ticks)
            shared = row["side"] == "face" and touches_another(row, manifest)
            if on_paper(ground) and row["side"] == "face" and extra != "--ink-saver" and not shared:
                assert vertical_at(on_trim, x, y, y + h) and vertical_at(on_trim, x + w, y, y + h), where
                assert horizontal_at(on_trim, y, x, x + w) and horizontal_at(on_trim, y + h, x, x + w), where
            elif not on_paper(ground) or shared:
                assert on_trim == [], f"{where}: a line on the trim of a piece that bleeds"
            if row["side"] == "back":
                continue  # a back is cut along its face's marks
            marks = [
                line
                for line in page["lines"]
                if line.stroke
                and hex_of(line.stroke) == BLACK
                and abs(max(line.w, line.h) - MARK_LENGTH) <= TOLERANCE
                and not any(apart(line, box) < MARK_GAP - TOLERANCE for box in bled_boxes[row["page"]])
            ]
            assert any(m.w <= TOLERANCE and abs(m.x - x) <= TOLERANCE for m in marks), where
            assert any(m.w <= TOLERANCE and abs(m.x - x - w) <= TOLERANCE for m in marks), where
            assert any(m.h <= TOLERANCE and abs(m.y - y) <= TOLERANCE for m in marks), where
            assert any(m.h <= TOLERANCE and abs(m.y - y - h) <= TOLERANCE for m in marks), where
            continue
        if row["side"] == "back":
            continue  # a back is cut along its face's line
        lines = [line for line in page["lines"] if line.stroke and contrast(hex_of(line.stroke), ground) >= 3.0]
        assert vertical_at(lines, x, y, y + h) and vertical_at(lines, x + w, y, y + h), where
        assert horizontal_at(lines, y, x, x + w) and horizontal_at(lines, y + h, x, x + w), where


def apart(line, box: tuple) -> float:
    """How far a line stays from a box (negative or 0 when it touches or crosses it)."""
    bx, by, bw, bh = box
    across = max(bx - (line.x + line.w), line.x - (bx + bw))
    down = max(by - (line.y + line.h), line.y - (by + bh))
    return max(across, down)


@pytest.mark.parametrize("kit, lang, paper, how", CASES, ids=lambda v: str(v))
def test_nothing_to_read_within_the_safe_zone_of_the_cut(measured, kit, lang, paper, how):
    manifest, _, words = measured(kit, lang, paper, how)
    for row in cut_rows(manifest):
        x, y, w, h = row["x"], row["y"], row["width"], row["height"]
        safe = BLEEDING_SAFE_ZONE if bleed_of(kit, row) else SAFE_ZONE
        for word in words[row["page"]]:
            centre_x, centre_y = word["x"] + word["w"] / 2, word["y"] + word["h"] / 2
            if not (x < centre_x < x + w and y < centre_y < y + h):
                continue
            assert word["x"] >= x + safe - TOLERANCE and word["x"] + word["w"] <= x + w - safe + TOLERANCE, (
                f"'{word['text']}' on page {row['page']}"
            )
            # a word's box holds the font's whole ascent and descent; its letters fill about 70 % of it
            ink_top, ink_bottom = centre_y - 0.35 * word["h"], centre_y + 0.35 * word["h"]
            assert ink_top >= y + safe - TOLERANCE and ink_bottom <= y + h - safe + TOLERANCE, (
                f"'{word['text']}' on page {row['page']}"
            )


@pytest.mark.parametrize("kit", ["plateau", "latarnie"])
def test_a_board_that_is_not_cut_has_nothing_that_looks_like_a_cut_line(kit_outputs, kit):
    outputs = kit_outputs(kit, FIRST_LANGUAGE[kit], "a4")
    boards = [page["number"] for page in outputs.manifest["pages"] if page["role"] == "board"]
    assert boards
    for number in boards:
        shapes = page_shapes(outputs.pdf, number)
        assert not [s for s in shapes["rects"] + shapes["lines"] + shapes["curves"] if s.dashed], f"page {number}"


def test_a_drawing_measured_once_is_placed_right_in_every_group_that_shows_it():
    """The safe zone measures a keyed group's drawing once and moves it to each place it is shown,
    turned too: a frame 1 mm inside a 40 mm piece's left edge, shown upright on one piece and turned
    by 180 degrees on the next, is 1 mm from a trim on both; a frame 5 mm in is on neither."""
    near = Rect(1.0, 10.0, 20.0, 20.0, Stroke(width=0.2))
    clear = Rect(5.0, 5.0, 30.0, 30.0, Stroke(width=0.2))
    pieces = [Piece("tile", "t", n, 10.0 + 40.0 * n, 10.0, 40.0, 40.0) for n in range(2)]
    shown = tuple(
        Group(("drawing",), piece.x, piece.y, 40.0, 40.0, (near, clear), rotate=180 * n)
        for n, piece in enumerate(pieces)
    )
    drawings: dict[tuple[object, ...], safezone.Measured] = {}
    found = safezone.breaches(Page(120.0, 60.0, "tiles", "t", shown, tuple(pieces)), pieces, drawings)
    assert sorted((round(gap, 2), piece.copy) for gap, what, piece in found) == [(0.9, 0), (0.9, 1)]
    assert {what for _, what, _ in found} == {"a frame"}
    assert list(drawings) == [("drawing",)]  # measured once for both
