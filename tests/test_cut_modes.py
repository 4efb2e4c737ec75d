"""How tokens are cut (square frames for scissors, their own outline for a cutting machine), in the
PDF and the cut file alike, and token sheets packed in reading order across sets and pages."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from piece_pdf import TOLERANCE, build, build_text, page_shapes, pieces
from test_cut_svg import drawn_segments, drawn_twice, joined, pieces_freed, row_edges

SVG = "{http://www.w3.org/2000/svg}"
SHAPE_TAG = {"circle": "ellipse", "hexagon": "polygon", "triangle": "polygon"}

FOUR_SETS = """
kit:
  title: {en: Four sets}
  players: {min: 2, max: 4}
  languages: [en]
  default_lang: en
  author: test
components:
  - id: tokens
    kind: tokens
    title: {en: Tokens}
    size: 40mm
    print: {cut: true}
    sets:
      - {owner: P1, shape: circle, count: 8, color: "#ffffff", letter: "1"}
      - {owner: P2, shape: triangle, count: 8, color: "#ffffff", letter: "2"}
      - {owner: P3, shape: hexagon, count: 8, color: "#ffffff", letter: "3"}
      - {owner: P4, shape: diamond, count: 8, color: "#ffffff", letter: "4"}
rules:
  - heading: {en: Play}
    body: {en: "There are {tokens.total} tokens."}
invariants:
  - {id: total, check: "tokens.total == 32"}
"""


def build_with_cut_file(folder, name: str, *options: str):
    """FOUR_SETS built with ``options``: the PDF, its manifest and its cut file."""
    import json

    from printkit.cli import main

    kit, pdf, manifest, svg = (folder / f"{name}.{suffix}" for suffix in ("yaml", "pdf", "json", "svg"))
    kit.write_text(FOUR_SETS, encoding="utf-8")
    try:
        main(["build", str(kit), "-o", str(pdf), "--manifest", str(manifest), "--cut-svg", str(svg), *options])
    except SystemExit as exc:
        assert not exc.code
    return pdf, json.loads(manifest.read_text(encoding="utf-8")), svg


def svg_outlines(svg_path) -> list[ET.Element]:
    root = ET.parse(svg_path).getroot()
    return [element for element in root.iter() if element.tag in (f"{SVG}ellipse", f"{SVG}polygon", f"{SVG}rect")]


def test_tokens_fill_every_page_in_reading_order_across_sets(tmp_path):
    _, manifest = build_text(FOUR_SETS, tmp_path, "four_sets")
    tokens = pieces(manifest, kind="token")
    per_page = Counter(t["page"] for t in tokens)
    counts = [per_page[page] for page in sorted(per_page)]
    assert sum(counts) == 32
    assert len(counts) == math.ceil(32 / counts[0])  # the fewest pages for the size
    assert all(count == counts[0] for count in counts[:-1])  # every page but the last is full
    order = sorted(tokens, key=lambda t: (t["page"], round(t["y"], 3), t["x"]))
    assert [t["owner"] for t in order] == [owner for owner in ("P1", "P2", "P3", "P4") for _ in range(8)]


def test_latarnie_keeps_square_frames_as_its_seed_asks(tmp_path):
    _, manifest = build("latarnie", tmp_path)
    assert {t.get("cut", "rectangle") for t in pieces(manifest, kind="token")} == {"rectangle"}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_build_cut_outline_cuts_each_token_along_its_own_shape(tmp_path, paper):
    pdf, manifest, svg = build_with_cut_file(tmp_path, f"outline-{paper}", "--cut", "outline", "--paper", paper)
    tokens = pieces(manifest, kind="token")
    expected = {"circle": "circle", "hexagon": "hexagon", "triangle": "polygon", "diamond": "polygon"}
    for token in tokens:
        assert token["cut"] == expected[token["shape"]], token
        assert token["width"] < 40.0 and token["height"] < 40.0  # inside the token's square frame
    tags = Counter(element.tag[len(SVG) :] for element in svg_outlines(svg))
    assert tags == {"ellipse": 8, "polygon": 24}
    first_page = tokens[0]["page"]
    shapes = page_shapes(pdf, first_page)
    grey = [c for c in shapes["curves"] if c.stroke == (0.333, 0.333, 0.333) and c.fill is None]
    for token in (t for t in tokens if t["page"] == first_page):
        drawn = [c for c in grey if c.at(token["x"], token["y"], token["width"], token["height"], 0.1)]
        assert drawn, f"{token['shape']} {token['copy']}: no cut outline at its manifest box"
    frames = [line for line in shapes["lines"] if line.stroke == (0.333, 0.333, 0.333)]
    assert not frames, "no square frame is drawn when the tokens are cut along their outline"


def test_frames_by_default_and_in_the_cut_file(tmp_path):
    _, manifest, svg = build_with_cut_file(tmp_path, "frames")
    tokens = pieces(manifest, kind="token")
    assert all(t.get("cut", "rectangle") == "rectangle" for t in tokens)
    assert all(abs(t["width"] - 40.0) <= TOLERANCE for t in tokens)
    # tokens laid edge to edge share their cuts: every edge of every frame drawn, none twice
    root = ET.parse(svg).getroot()
    for layer in (g for g in root.findall(f"{SVG}g") if g.get("id", "").startswith("page-")):
        number = int(layer.get("id")[len("page-") :])
        drawn = drawn_segments(layer)
        assert not drawn_twice(drawn)
        assert joined(drawn) == joined(row_edges([t for t in tokens if t["page"] == number]))
    assert sum(pieces_freed(layer) for layer in root.findall(f"{SVG}g")) == 32
