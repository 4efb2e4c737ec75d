"""Hex boards measured in the PDF and the manifest: hex size, neighbour spacing, offsets, coordinates."""

from __future__ import annotations

import json
import math

import pytest

from piece_pdf import TOLERANCE, build, build_text, page_shapes, page_text, page_words, pieces, rgb

RADIUS = "tests/kits/hex_radius.yaml"

RECTANGLE = """
kit:
  title: {{en: "Hex rectangle"}}
  players: {{min: 2, max: 2}}
  languages: [en]
  default_lang: en
  author: "printkit tests"
components:
  - id: map
    kind: hexboard
    title: {{en: "Map"}}
    rows: 5
    cols: 6
    size: 25mm
    orientation: {orientation}
    offset: {offset}
    coordinates: letter
    specials:
      - {{at: C2, icon: star, value: 2}}
rules: []
"""


@pytest.fixture(scope="module")
def island(tmp_path_factory):
    return build(RADIUS, tmp_path_factory.mktemp("hex"))


@pytest.fixture(scope="module")
def rectangles(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hexrect")
    cache: dict[str, tuple] = {}

    def get(orientation: str, offset: str):
        if offset not in cache:
            text = RECTANGLE.format(orientation=orientation, offset=offset)
            cache[offset] = build_text(text, folder, offset)
        return cache[offset]

    return get


def centre(row: dict) -> tuple[float, float]:
    return row["x"] + row["width"] / 2, row["y"] + row["height"] / 2


def across_the_flats(outline: list[list[float]]) -> float:
    """The distance between two opposite sides of a hexagon given by its six corners: from corner 3
    (on the side opposite the side 0-1) to the line through corners 0 and 1."""
    (x0, y0), (x1, y1), (x3, y3) = outline[0], outline[1], outline[3]
    length = math.hypot(x1 - x0, y1 - y0)
    return abs((x1 - x0) * (y0 - y3) - (x0 - x3) * (y1 - y0)) / length


def test_a_hexagon_of_radius_four_has_sixty_one_hexes_of_the_size_given_drawn_where_the_manifest_says(island):
    pdf, manifest = island
    hexes = pieces(manifest, kind="hex")
    assert len(hexes) == 61
    for row in hexes:
        assert across_the_flats(row["outline"]) == pytest.approx(22.0, abs=TOLERANCE)
    drawn = [c for c in page_shapes(pdf, hexes[0]["page"])["curves"] if c.corners >= 5]
    assert len(drawn) == len(hexes)
    for row in hexes:  # within the tolerance, not by rounding (91.249 and 91.251 are one place)
        assert any(abs(c.x - row["x"]) <= TOLERANCE and abs(c.y - row["y"]) <= TOLERANCE for c in drawn), row
    assert all(c.w == pytest.approx(hexes[0]["width"], abs=TOLERANCE) for c in drawn)


def test_neighbouring_hexes_share_a_side_exactly_one_size_apart(island):
    _, manifest = island
    by_axial = {(r["q"], r["r"]): r for r in pieces(manifest, kind="hex")}
    steps = ((1, 0), (0, 1), (1, -1))
    distances = [
        math.dist(centre(row), centre(by_axial[(q + dq, r + dr)]))
        for (q, r), row in by_axial.items()
        for dq, dr in steps
        if (q + dq, r + dr) in by_axial
    ]
    assert len(distances) == 3 * 61 - 3 * 9  # every inner link once: 156
    assert distances == pytest.approx([22.0] * len(distances), abs=TOLERANCE)


def test_the_island_numbers_its_hexes_0101_style_and_shades_its_24_edge_hexes(island):
    pdf, manifest = island
    hexes = pieces(manifest, kind="hex")
    assert sum(1 for r in hexes if r.get("marked")) == 24
    centre_hex = next(r for r in hexes if (r["q"], r["r"]) == (0, 0))
    assert centre_hex["at"] == "0505" and centre_hex["special"] == "lighthouse" and centre_hex["value"] == 5
    text = page_text(pdf, hexes[0]["page"])
    assert "0505" in text and "0103" in text and "0909" not in text
    assert "The island has 61 hexes, 24 of them sea." in page_text(pdf, 1)


@pytest.mark.parametrize(
    "orientation, offset, pushed",
    [("flat", "odd-q", "odd"), ("flat", "even-q", "even"), ("pointy", "odd-r", "odd"), ("pointy", "even-r", "even")],
)
def test_the_offset_layout_pushes_the_odd_or_even_columns_or_rows_half_a_hex(rectangles, orientation, offset, pushed):
    _, manifest = rectangles(orientation, offset)
    hexes = {(r["col"], r["row"]): r for r in pieces(manifest, kind="hex")}
    assert len(hexes) == 30 and max(c for c, _ in hexes) == 6 and max(r for _, r in hexes) == 5
    # col and row count from 1: the 1st column/row is "even" (index 0) in red blob games' terms
    first, second = (hexes[(1, 1)], hexes[(2, 1)]) if orientation == "flat" else (hexes[(1, 1)], hexes[(1, 2)])
    shift = (centre(second)[1] - centre(first)[1]) if orientation == "flat" else (centre(second)[0] - centre(first)[0])
    assert shift == pytest.approx(12.5 if pushed == "odd" else -12.5, abs=TOLERANCE)
    assert hexes[(3, 2)]["at"] == "C2" and hexes[(3, 2)]["value"] == 2


SPLIT = """
kit:
  title: {{en: "Big hexes"}}
  players: {{min: 2, max: 2}}
  languages: [en]
  default_lang: en
  author: "printkit tests"
components:
  - id: map
    kind: hexboard
    title: {{en: "Map"}}
    {shape}
    size: {size}
    orientation: {orientation}
    coordinates: number
    marked: perimeter
rules: []
"""

SPLITS = {
    # name: (shape lines, size, orientation, paper options, sheets)
    "radius-a4": ("shape: hexagon\n    radius: 6", "20mm", "flat", (), 3),
    "radius-letter": ("shape: hexagon\n    radius: 6", "20mm", "flat", ("--paper", "letter"), 3),
    "pointy-a4": ("rows: 12\n    cols: 9", "25mm", "pointy", (), 3),
    "pointy-letter": ("rows: 12\n    cols: 9", "25mm", "pointy", ("--paper", "letter"), 4),
}


@pytest.fixture(scope="module")
def split(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hexsplit")
    cache: dict[str, tuple] = {}

    def get(name: str):
        if name not in cache:
            shape, size, orientation, options, _ = SPLITS[name]
            text = SPLIT.format(shape=shape, size=size, orientation=orientation)
            cache[name] = build_text(text, folder, name, *options)
        return cache[name]

    return get


def in_board(part: dict, x: float, y: float) -> tuple[float, float]:
    return x - part["x"] + part["board_x"], y - part["y"] + part["board_y"]


@pytest.mark.parametrize("name", sorted(SPLITS))
def test_a_hex_board_larger_than_the_paper_is_split_into_sheets_of_whole_hexes(split, name):
    _, manifest = split(name)
    sheets = pieces(manifest, kind="board_sheet")
    assert len(sheets) == SPLITS[name][4]
    hexes = pieces(manifest, kind="hex")
    assert len({(h["q"], h["r"]) for h in hexes}) == len(hexes)  # every hex on one sheet only
    for row in hexes:  # and inside its sheet's cut outline
        sheet = next(s for s in sheets if s["sheet"] == row["sheet"])
        assert row["page"] == sheet["page"]
        assert sheet["x"] - TOLERANCE <= row["x"] and row["x"] + row["width"] <= sheet["x"] + sheet["width"] + TOLERANCE


@pytest.mark.parametrize("name", sorted(SPLITS))
def test_the_faint_hexes_of_a_glue_strip_lie_exactly_where_the_next_sheets_hexes_go(split, name):
    pdf, manifest = split(name)
    parts = {p["sheet"]: p for p in pieces(manifest, kind="hexboard")}
    hexes = pieces(manifest, kind="hex")
    size = float(SPLITS[name][1].removesuffix("mm"))
    joins = pieces(manifest, kind="join")
    assert joins
    for join in joins:
        under, over = parts[join["sheet"]], parts[join["onto"]]
        faint = [
            in_board(under, c.x + c.w / 2, c.y + c.h / 2)
            for c in page_shapes(pdf, under["page"])["curves"]
            if c.corners >= 5
            and c.stroke == rgb("#b3b3b3")
            and join["x"] - TOLERANCE <= c.x
            and c.x + c.w <= join["x"] + join["width"] + TOLERANCE
            and join["y"] - TOLERANCE <= c.y
            and c.y + c.h <= join["y"] + join["height"] + TOLERANCE
        ]
        real = [in_board(over, *centre(h)) for h in hexes if h["sheet"] == join["onto"]]
        assert faint
        for point in faint:
            nearest = min(math.dist(point, other) for other in real)
            assert nearest <= TOLERANCE, (join["letter"], point, nearest)
    # hexes that touch across a seam are one hex apart in the whole board's frame
    by_axial = {(h["q"], h["r"]): h for h in hexes}
    crossings = 0
    for (q, r), row in by_axial.items():
        for dq, dr in ((1, 0), (0, 1), (1, -1)):
            other = by_axial.get((q + dq, r + dr))
            if other is not None and other["sheet"] != row["sheet"]:
                crossings += 1
                here = in_board(parts[row["sheet"]], *centre(row))
                there = in_board(parts[other["sheet"]], *centre(other))
                assert math.dist(here, there) == pytest.approx(size, abs=TOLERANCE)
    assert crossings


def test_each_hex_sheet_is_cut_along_the_zigzag_outline_of_its_hexes_in_the_cut_file(tmp_path, run):
    kit, cuts, manifest = tmp_path / "pointy.yaml", tmp_path / "cut.svg", tmp_path / "pointy.json"
    shape, size, orientation, options, sheets = SPLITS["pointy-letter"]
    kit.write_text(SPLIT.format(shape=shape, size=size, orientation=orientation), encoding="utf-8")
    result = run(
        "build", str(kit), "-o", str(tmp_path / "p.pdf"), "--cut-svg", str(cuts), "--manifest", str(manifest), *options
    )
    assert result.code == 0, result.err
    rows = pieces(json.loads(manifest.read_text(encoding="utf-8")), kind="board_sheet")
    assert len(rows) == sheets
    svg = cuts.read_text(encoding="utf-8")
    for row in rows:
        assert len(row["outline"]) > 6  # a zigzag, not the box
        first = row["outline"][0]
        assert f"{first[0]:g},{first[1]:g}" in svg


@pytest.mark.parametrize("name", ["radius-a4", "pointy-letter"])
def test_each_join_letter_is_printed_in_the_same_hex_on_both_sheets(split, name):
    pdf, manifest = split(name)
    parts = {p["sheet"]: p for p in pieces(manifest, kind="hexboard")}
    for join in pieces(manifest, kind="join"):
        under, over = parts[join["sheet"]], parts[join["onto"]]
        places = []
        for part in (under, over):
            words = [w for w in page_words(pdf, part["page"]) if w["text"] == join["letter"]]
            inside = [w for w in words if w["y"] > part["y"] - TOLERANCE]  # not the instruction's
            assert len(inside) == 1, (join["letter"], part["sheet"])
            places.append(in_board(part, inside[0]["x"] + inside[0]["w"] / 2, inside[0]["y"]))
        assert math.dist(*places) <= 0.2  # the same place in the whole board (text boxes round to 0.1 mm)
