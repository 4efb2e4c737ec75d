"""Hexagonal decks (shape: hexagon): nested on the sheet, drawn inside the hexagon, cut along a
regular hexagon of the size in the PDF, the manifest and the cut file, backs behind their faces in
duplex and fold, and the Tabletop Simulator export white outside the hexagon."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET

import pdfplumber
import pypdfium2
import pytest

from conftest import REPO, mm
from piece_pdf import TOLERANCE, build
from printkit.cli import main
from printkit.layout import hextiles, imposition
from printkit.layout.cutpath import CutPath, shared_extent
from printkit.layout.primitives import Box
from test_cut_svg import drawn_segments, drawn_twice, joined, row_edges

KIT = "tests/kits/hex_tiles.yaml"
SIZES = {"land": 40.0, "roads": 30.0}  # flat to flat, as the kit gives them
TOPS = {"land": "pointy", "roads": "flat"}
SVG = "{http://www.w3.org/2000/svg}"


def regular_hexagon(cx: float, cy: float, size: float, top: str) -> list[tuple[float, float]]:
    """The six corners of a regular hexagon of ``size`` flat to flat around (cx, cy)."""
    radius = size / math.sqrt(3)
    start = -90.0 if top == "pointy" else 180.0
    return [
        (cx + radius * math.cos(math.radians(start + 60 * k)), cy + radius * math.sin(math.radians(start + 60 * k)))
        for k in range(6)
    ]


def matches(points: list[tuple[float, float]], corners: list[tuple[float, float]], tolerance: float = TOLERANCE):
    """Every corner has a point within ``tolerance`` and there are as many points as corners."""
    return len(points) == len(corners) and all(
        min(math.dist(corner, point) for point in points) <= tolerance for corner in corners
    )


def centre(row: dict) -> tuple[float, float]:
    return row["x"] + row["width"] / 2, row["y"] + row["height"] / 2


@pytest.fixture(scope="module")
def duplex(tmp_path_factory):
    return build(KIT, tmp_path_factory.mktemp("hex_duplex"))


def tiles(manifest: dict, side: str = "face") -> list[dict]:
    return [row for row in manifest["pieces"] if row["kind"] == "tile" and row["side"] == side]


# --- as data -----------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [20.0, 30.0, 40.0])
@pytest.mark.parametrize("top", ["pointy", "flat"])
def test_nested_hexagons_fit_more_to_a_sheet_than_their_boxes_and_never_share_paper(size, top):
    long = size * 2 / math.sqrt(3)
    w, h = (size, long) if top == "pointy" else (long, size)
    area = Box(15.0, 30.0, 180.0, 237.0)
    nested = [slot for slot in hextiles.honeycomb_slots(200, w, h, area) if slot.sheet == 0]
    boxed = [slot for slot in imposition.packed_slots(200, w, h, area) if slot.sheet == 0]
    assert len(nested) > len(boxed)
    hexagon = CutPath("hexagon")
    outlines = [hexagon.outline(s.box.x, s.box.y, s.box.w, s.box.h) for s in nested]
    for i, a in enumerate(outlines):
        for b in outlines[i + 1 :]:
            across, down = shared_extent(a, b)
            assert min(across, down) <= 1e-6
    for slot in nested:
        assert area.x - 1e-6 <= slot.box.x and slot.box.right <= area.right + 1e-6
        assert area.y - 1e-6 <= slot.box.y and slot.box.bottom <= area.bottom + 1e-6


def test_touching_hexagons_share_their_sides_and_a_gutter_parts_them_by_its_width():
    size = 30.0
    w, h = size, size * 2 / math.sqrt(3)
    for gutter in (0.0, 4.0):
        slots = hextiles.honeycomb_slots(3, w, h, Box(0.0, 0.0, 200.0, 200.0), gutter=gutter)
        (ax, ay), (bx, by) = (s.box.x + w / 2 for s in slots[:2]), (s.box.y + h / 2 for s in slots[:2])
        assert math.dist((ax, bx), (ay, by)) == pytest.approx(size + gutter)


def test_a_point_inside_the_box_but_past_a_slanted_side_is_outside_the_hexagon():
    w, h = 40.0, 40.0 * 2 / math.sqrt(3)
    assert hextiles.inside((20.0, 1.0), w, h)
    assert not hextiles.inside((2.0, 2.0), w, h)  # the box's corner
    assert hextiles.inside((0.5, h / 2), w, h) and not hextiles.inside((0.5, h / 2), w, h, margin=1.0)


# --- on the PDF --------------------------------------------------------------------------------


def test_each_tile_is_cut_along_a_regular_hexagon_of_its_size_in_the_pdf_manifest_and_cut_file(duplex, tmp_path):
    pdf, manifest = duplex
    faces = tiles(manifest)
    assert {row["deck"] for row in faces} == {"land", "roads"} and len(faces) == 38
    with pdfplumber.open(pdf) as document:
        drawn = {
            number: [[(mm(x), mm(y)) for x, y in curve["pts"][:6]] for curve in page.curves if len(curve["pts"]) == 7]
            for number, page in enumerate(document.pages, start=1)
        }
    for row in faces:
        corners = regular_hexagon(*centre(row), SIZES[row["deck"]], TOPS[row["deck"]])
        assert row["cut"] == "hexagon" and matches([tuple(p) for p in row["outline"]], corners)
        assert any(matches(path, corners) for path in drawn[row["page"]]), f"no cut hexagon drawn for {row}"
    cut = tmp_path / "cut.svg"
    main(["build", str(REPO / KIT), "-o", str(tmp_path / "k.pdf"), "--cut-svg", str(cut)])
    # tiles in a honeycomb share their sides: each hexagon's six sides are cut, the shared ones once
    for layer in ET.parse(cut).getroot().findall(f"{SVG}g"):
        number = int(layer.get("id")[len("page-") :])
        on_page = [row for row in faces if row["page"] == number]
        drawn = drawn_segments(layer)
        assert not drawn_twice(drawn)
        assert joined(drawn) == joined(row_edges(on_page))


def test_touching_flat_top_tiles_share_their_cut_sides(duplex):
    _, manifest = duplex
    roads = [row for row in tiles(manifest) if row["deck"] == "roads"]
    centres = [centre(row) for row in roads]
    nearest = [min(math.dist(a, b) for b in centres if b is not a) for a in centres]
    assert all(distance == pytest.approx(30.0, abs=TOLERANCE) for distance in nearest)


@pytest.mark.parametrize("options", [(), ("--flip", "short"), ("--two-sided", "fold"), ("--paper", "letter")])
def test_each_back_is_its_face_mirrored_behind_it(tmp_path, options):
    _, manifest = build(KIT, tmp_path, *options)
    faces, backs = tiles(manifest), tiles(manifest, "back")
    land = [row for row in faces if row["deck"] == "land"]
    assert len(backs) == len(land) == 18
    width, height = manifest["paper"]["width"], manifest["paper"]["height"]
    by_piece = {(row["component"], row["copy"]): row for row in backs}
    for face in land:
        back = by_piece[face["component"], face["copy"]]
        (fx, fy), (bx, by) = centre(face), centre(back)
        if "fold" in options:
            fold = fx + (bx - fx) / 2
            assert fold == pytest.approx(width / 2, abs=TOLERANCE) and by == pytest.approx(fy, abs=TOLERANCE)
        elif "short" in options:
            assert (bx, by) == pytest.approx((fx, height - fy), abs=TOLERANCE)
        else:
            assert (bx, by) == pytest.approx((width - fx, fy), abs=TOLERANCE)
        assert back["cut"] == "hexagon"


def rendered(pdf, page: int, dpi: int = 150):
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        return document[page - 1].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()


def test_a_face_is_drawn_inside_its_hexagon_and_bleeds_past_it_not_to_its_box(duplex):
    pdf, manifest = duplex
    first = next(row for row in tiles(manifest) if row["deck"] == "land")
    image = rendered(pdf, first["page"])

    def colour(x: float, y: float) -> tuple[int, int, int]:
        return image.getpixel((round(x / 25.4 * 150), round(y / 25.4 * 150)))

    corner = colour(first["x"] + 1.5, first["y"] + 1.5)  # in the box, far outside the hexagon
    bleed = colour(first["x"] - 1.0, first["y"] + first["height"] / 2)  # 1 mm past the left side
    assert corner == (255, 255, 255)
    assert bleed != (255, 255, 255) and bleed[1] > bleed[0]  # the forest's green tint


def test_the_tabletop_simulator_sheets_are_white_outside_each_hexagon(tmp_path):
    main(["export-tts", str(REPO / KIT), "-o", str(tmp_path)])
    index = json.loads((tmp_path / "tts.json").read_text(encoding="utf-8"))
    land = next(deck for deck in index["decks"] if deck["component"] == "land")
    assert land["shape"] == "hexagon"
    from PIL import Image

    sheet = Image.open(tmp_path / land["sheets"][0]["face"]).convert("RGB")
    w, h = land["piece_px"]
    assert sheet.getpixel((3, 3)) == (255, 255, 255)  # a neighbour nested into the box does not show
    assert sheet.getpixel((w // 2, h // 2)) != (255, 255, 255)
