"""Hex boards measured in the PDF and the manifest: hex size, neighbour spacing, offsets, coordinates."""

from __future__ import annotations

import math

import pytest

from piece_pdf import TOLERANCE, build, build_text, page_shapes, page_text, pieces

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
    boxes = sorted((round(c.x, 1), round(c.y, 1)) for c in drawn)
    expected = sorted((round(r["x"], 1), round(r["y"], 1)) for r in hexes)
    assert boxes == expected
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
