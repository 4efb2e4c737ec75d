"""Pieces cut along a circle, a hexagon or a polygon: the manifest writes the outline, the cut file
draws it, and the overlap check measures it (not the piece's box)."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest

from printkit.kinds import load_kinds
from printkit.layout.context import PAPERS
from printkit.layout.cutpath import CutPath
from printkit.layout.primitives import Piece
from printkit.output.cutfile import svg
from printkit.output.manifest import manifest
from test_validate import mini, page_with, printed  # noqa: F401  (mini is a fixture)

SVG = "{http://www.w3.org/2000/svg}"
HEX_H = 20.0
HEX_W = HEX_H * math.sqrt(3) / 2  # a regular pointy-top hexagon's box
HEXAGON = CutPath("hexagon")
CIRCLE = CutPath("circle")
TUCK = CutPath("polygon", ((0.0, 0.0), (30.0, 0.0), (30.0, 10.0), (10.0, 10.0), (10.0, 30.0), (0.0, 30.0)))  # an L


def token(copy: int, x: float, y: float, w: float, h: float, cut: CutPath) -> Piece:
    return Piece("token", "tokens", copy, x, y, w, h, cut=cut)


def honeycomb(cut: CutPath) -> tuple[Piece, ...]:
    """Two hexagons in a row and one in the next row between them: boxes overlap, hexagons touch."""
    return (
        token(1, 20.0, 20.0, HEX_W, HEX_H, cut),
        token(2, 20.0 + HEX_W, 20.0, HEX_W, HEX_H, cut),
        token(3, 20.0 + HEX_W / 2, 20.0 + HEX_H * 3 / 4, HEX_W, HEX_H, cut),
    )


def test_hexagons_in_a_honeycomb_do_not_overlap_though_their_boxes_do(mini):  # noqa: F811
    assert printed(mini, page_with(pieces=honeycomb(HEXAGON))) == []
    boxes = printed(mini, page_with(pieces=honeycomb(CutPath())))
    assert [re.sub(r".*: ", "", line) for line in boxes] == [
        "token tokens #1 and token tokens #3 overlap on page 1 (sheet) by 8.7 × 5.0 mm",
        "token tokens #2 and token tokens #3 overlap on page 1 (sheet) by 8.7 × 5.0 mm",
    ]


def test_circles_overlap_where_they_share_paper_not_where_their_boxes_do(mini):  # noqa: F811
    apart = (token(1, 20.0, 20.0, 20.0, 20.0, CIRCLE), token(2, 36.0, 36.0, 20.0, 20.0, CIRCLE))
    assert printed(mini, page_with(pieces=apart)) == []
    lens = (token(1, 20.0, 20.0, 20.0, 20.0, CIRCLE), token(2, 30.0, 20.0, 20.0, 20.0, CIRCLE))
    (line,) = printed(mini, page_with(pieces=lens))
    across, down = map(float, re.search(r"by ([\d.]+) × ([\d.]+) mm", line).groups())
    assert across == pytest.approx(10.0, abs=0.05)  # 2r - d
    assert down == pytest.approx(2 * math.sqrt(10.0**2 - 5.0**2), abs=0.1)  # the lens's chord


def test_a_piece_in_the_notch_of_an_l_shaped_polygon_does_not_overlap_it(mini):  # noqa: F811
    in_the_notch = (token(1, 20.0, 20.0, 30.0, 30.0, TUCK), token(2, 32.0, 32.0, 15.0, 15.0, CutPath()))
    assert printed(mini, page_with(pieces=in_the_notch)) == []
    on_the_arm = (token(1, 20.0, 20.0, 30.0, 30.0, TUCK), token(2, 40.0, 25.0, 15.0, 15.0, CutPath()))
    assert [re.sub(r".*: ", "", line) for line in printed(mini, page_with(pieces=on_the_arm))] == [
        "token tokens #1 and token tokens #2 overlap on page 1 (sheet) by 10.0 × 5.0 mm"
    ]


def corners(points: str) -> list[list[float]]:
    return [[float(n) for n in pair.split(",")] for pair in points.split()]


def test_the_manifest_and_the_cut_file_carry_each_pieces_outline():
    pieces = (
        token(1, 20.0, 20.0, HEX_W, HEX_H, HEXAGON),
        token(2, 60.0, 20.0, 20.0, 20.0, CIRCLE),
        token(3, 100.0, 20.0, 30.0, 30.0, TUCK),
        token(4, 140.0, 20.0, 20.0, 20.0, CutPath()),
    )
    rows = manifest(page_with(pieces=pieces), "t", PAPERS["a4"], load_kinds())
    by_copy = {row["copy"]: row for row in rows["pieces"]}
    assert by_copy[1]["cut"] == "hexagon" and len(by_copy[1]["outline"]) == 6
    assert by_copy[1]["outline"][0] == [round(20.0 + HEX_W / 2, 3), 20.0]
    assert by_copy[3]["outline"] == [[100.0 + x, 20.0 + y] for x, y in TUCK.points]
    assert by_copy[2]["cut"] == "circle" and "outline" not in by_copy[2]
    assert "cut" not in by_copy[4]
    layer = ET.fromstring(svg(rows, load_kinds())).find(f"{SVG}g")
    polygons = {shape.get("id"): shape.get("points") for shape in layer.findall(f"{SVG}polygon")}
    written = {
        key: [[float(n) for n in pair.split(",")] for pair in points.split()] for key, points in polygons.items()
    }
    assert written == {"p1-tokens-1": by_copy[1]["outline"], "p1-tokens-3": by_copy[3]["outline"]}
    (ellipse,) = layer.findall(f"{SVG}ellipse")
    assert [float(ellipse.get(key)) for key in ("cx", "cy", "rx", "ry")] == [70.0, 30.0, 10.0, 10.0]
    assert [rect.get("id") for rect in layer.findall(f"{SVG}rect")] == ["p1-tokens-4"]


def test_two_l_shaped_polygons_overlap_only_where_they_share_paper(mini):  # noqa: F811
    turned = CutPath("polygon", tuple((30.0 - x, 30.0 - y) for x, y in TUCK.points))  # the notch filled by an L
    nested = (token(1, 20.0, 20.0, 30.0, 30.0, TUCK), token(2, 30.0, 30.0, 30.0, 30.0, turned))
    assert printed(mini, page_with(pieces=nested)) == []  # the boxes overlap by 20 × 20 mm
    onto = (token(1, 20.0, 20.0, 30.0, 30.0, TUCK), token(2, 25.0, 20.0, 30.0, 30.0, turned))
    (line,) = printed(mini, page_with(pieces=onto))
    assert line.endswith("overlap on page 1 (sheet) by 25.0 × 30.0 mm")  # two 5 × 10 mm corners, 25 × 30 apart
