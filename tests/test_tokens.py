"""Token sheets measured in the PDF: frames where the manifest says, shared cut lines, shapes, letters, ruler."""

from __future__ import annotations

import pytest

from piece_pdf import (
    TOLERANCE,
    build,
    build_text,
    horizontal_at,
    page_shapes,
    page_words,
    pieces,
    rgb,
    ruler_ends,
    vertical_at,
)
from printkit import pipeline
from printkit.kinds.tokens.layout import numbers
from printkit.layout.context import PAPERS

CUT_GREY = rgb("#555555")


@pytest.fixture(scope="module")
def latarnie(tmp_path_factory):
    return build("latarnie", tmp_path_factory.mktemp("tokens"))


def test_sixteen_token_frames_on_page_three_eight_of_each_shape_and_two_spares_each(latarnie):
    _, manifest = latarnie
    tokens = pieces(manifest, kind="token")
    assert {t["page"] for t in tokens} == {3}
    counted = [t for t in tokens if not t.get("spare")]  # the rules' 16: the validator's counts
    spares = [t for t in tokens if t.get("spare")]
    assert len(counted) == 16 and len(spares) == 4
    assert sorted(t["copy"] for t in tokens) == list(range(1, 21))
    owners = [("A", "circle")] * 8 + [("A", "circle")] * 2 + [("B", "triangle")] * 8 + [("B", "triangle")] * 2
    assert [(t["owner"], t["shape"]) for t in tokens] == owners  # a set's spares after it
    assert [t["owner"] for t in spares] == ["A", "A", "B", "B"]
    assert all((t["width"], t["height"]) == (30.0, 30.0) for t in tokens)


def test_a_spare_token_carries_a_plus_in_its_frames_corner_and_the_others_none(latarnie):
    pdf, manifest = latarnie
    shapes = page_shapes(pdf, 3)
    for token in pieces(manifest, kind="token"):
        x, y, side = token["x"], token["y"], token["width"]
        corner = [c for c in shapes["curves"] if c.inside(x, y, side * 0.2, side * 0.2) and c.fill == rgb("#ffffff")]
        assert len(corner) == (1 if token.get("spare") else 0), token["copy"]
        if corner:
            assert corner[0].w >= 3.0  # mm: a mark seen at a glance, inside the frame


def test_the_pieces_block_and_its_ruler_stand_in_the_middle_under_the_heading(latarnie):
    """The 16 tokens hung from their heading with the card sheet's lower 60 % blank (review 10):
    the block and the ruler right after it stand in the middle between the heading and the footer."""
    pdf, manifest = latarnie
    tokens = pieces(manifest, kind="token")
    top = min(t["y"] for t in tokens)
    bottom = max(t["y"] + t["height"] for t in tokens)
    heading = [w for w in page_words(pdf, 3) if w["text"] in ("Guard", "Żetony")]
    assert heading and 40.0 <= top - heading[0]["y"] <= 80.0, (heading[:1], top)
    left = ruler_ends(page_shapes(pdf, 3)["lines"])[0]
    assert 0 < left.y - bottom <= 12.0


def test_every_frame_side_is_a_drawn_cut_line_where_the_manifest_says(latarnie):
    pdf, manifest = latarnie
    cut = [line for line in page_shapes(pdf, 3)["lines"] if line.stroke == CUT_GREY]
    for token in pieces(manifest, kind="token"):
        x, y, w, h = token["x"], token["y"], token["width"], token["height"]
        assert vertical_at(cut, x, y, y + h) and vertical_at(cut, x + w, y, y + h), (
            f"token {token['copy']}: left and right sides"
        )
        assert horizontal_at(cut, y, x, x + w) and horizontal_at(cut, y + h, x, x + w), (
            f"token {token['copy']}: top and bottom sides"
        )


def test_neighbouring_frames_share_one_cut_line(latarnie):
    pdf, manifest = latarnie
    cut = [line for line in page_shapes(pdf, 3)["lines"] if line.stroke == CUT_GREY]
    tokens = pieces(manifest, kind="token")
    columns = sorted({t["x"] for t in tokens} | {t["x"] + t["width"] for t in tokens})
    rows = sorted({t["y"] for t in tokens} | {t["y"] + t["height"] for t in tokens})
    assert len(cut) == len(columns) + len(rows), "one line per grid boundary, none drawn twice"
    gaps = [b - a for a, b in zip(columns, columns[1:], strict=False)]
    # grouped: 5 columns, so each owner's 8 tokens and 2 spares fill two rows of their own
    assert gaps == pytest.approx([30.0] * 5, abs=TOLERANCE)
    for row_top in rows[:-1]:
        assert len({t["owner"] for t in tokens if t["y"] == pytest.approx(row_top)}) <= 1, "a row of one owner"


WHITE = (1.0, 1.0, 1.0)


def test_the_shape_inside_each_frame_tells_the_players_apart(latarnie):
    pdf, manifest = latarnie
    curves = page_shapes(pdf, 3)["curves"]
    for token in pieces(manifest, kind="token"):
        inside = [
            c
            for c in curves
            if c.fill and c.fill != WHITE and c.inside(token["x"], token["y"], token["width"], token["height"])
        ]
        assert len(inside) == 1, f"one shape in token {token['copy']}"
        shape = inside[0]
        if token["shape"] == "circle":
            assert shape.curved and shape.w == pytest.approx(shape.h, abs=TOLERANCE)
            assert shape.fill == rgb("#a8cbe9")
        else:
            assert not shape.curved and shape.corners == 2  # a move and two line segments, then close
            assert shape.fill == rgb("#f5c48f")
        assert shape.w == pytest.approx(30.0 * 0.78, abs=TOLERANCE)


def test_each_token_carries_its_players_letter(latarnie):
    pdf, manifest = latarnie
    words = page_words(pdf, 3)
    for token in pieces(manifest, kind="token"):
        inside = [
            w["text"]
            for w in words
            if token["x"] < w["x"]
            and w["x"] + w["w"] < token["x"] + token["width"]
            and token["y"] < w["y"] < token["y"] + token["height"]
        ]
        assert inside == [token["letter"]]  # and nothing else: no version mark (the kit asks for none)


def test_the_token_page_carries_a_labelled_50_mm_ruler(latarnie):
    pdf, _ = latarnie
    ends = ruler_ends(page_shapes(pdf, 3)["lines"])
    assert len(ends) == 2 and ends[1].x - ends[0].x == pytest.approx(50.0, abs=TOLERANCE)
    assert "50 mm: zmierz linijką" in " ".join(w["text"] for w in page_words(pdf, 3))


def test_a_token_fits_inside_a_board_cell(latarnie):
    _, manifest = latarnie
    token = pieces(manifest, kind="token")[0]
    cell = pieces(manifest, kind="cell")[0]
    assert token["width"] <= cell["width"] and token["height"] <= cell["height"]


def test_token_numbers_for_placeholders_and_invariants():
    values = numbers(pipeline.load("latarnie").kit.component("tokens"), PAPERS["a4"])
    assert {k: values[k] for k in ("tokens.total", "tokens.A", "tokens.B", "tokens.size", "tokens.guards_a.count")} == {
        "tokens.total": 16,
        "tokens.A": 8,
        "tokens.B": 8,
        "tokens.size": 30.0,
        "tokens.guards_a.count": 8,
    }
    spares = ("tokens.spares", "tokens.A.spares", "tokens.B.spares", "tokens.guards_b.spares")
    assert [values[k] for k in spares] == [4, 2, 2, 2]  # counted apart from the rules' numbers


ALL_SHAPES = """
kit:
  title: {en: Shapes}
  players: {min: 2, max: 6}
  languages: [en]
  default_lang: en
  author: test
components:
  - id: tokens
    kind: tokens
    title: {en: Every shape}
    size: 25mm
    print: {cut: true}
    sets:
      - {owner: P1, shape: circle, count: 3, color: "#ffffff", letter: "1"}
      - {owner: P2, shape: triangle, count: 3, color: "#ffffff", letter: "2"}
      - {owner: P3, shape: square, count: 3, color: "#ffffff", pattern: ring}
      - {owner: P4, shape: diamond, count: 3, color: "#ffffff", pattern: dot}
      - {owner: P5, shape: hexagon, count: 3, color: "#ffffff", letter: "5"}
      - {owner: P6, shape: star, count: 3, color: "#ffffff"}
rules:
  - heading: {en: Play}
    body: {en: "There are {tokens.total} tokens."}
invariants:
  - id: total
    check: "tokens.total == 18 and tokens.P1 + tokens.P2 + tokens.P3 + tokens.P4 + tokens.P5 + tokens.P6 == 18"
"""


def test_every_shape_prints_and_black_and_white_marks_tell_same_coloured_sets_apart(tmp_path):
    pdf, manifest = build_text(ALL_SHAPES, tmp_path, "shapes")
    tokens = pieces(manifest, kind="token")
    assert [t["shape"] for t in tokens] == [
        s for s in ("circle", "triangle", "square", "diamond", "hexagon", "star") for _ in range(3)
    ]
    shapes = page_shapes(pdf, tokens[0]["page"])
    outlines = shapes["curves"] + shapes["rects"]
    corners = {"triangle": 2, "diamond": 3, "hexagon": 5, "star": 9}
    for token in tokens:
        inside = [
            s
            for s in outlines
            if s.fill == rgb("#ffffff") and s.inside(token["x"], token["y"], token["width"], token["height"])
        ]
        assert inside, f"{token['shape']} token {token['copy']} has its shape"
        if token["shape"] in corners:
            assert inside[0].corners == corners[token["shape"]]
        if token["shape"] == "square":
            rings = [
                s
                for s in outlines
                if s.fill is None and s.stroke and s.inside(token["x"], token["y"], token["width"], token["height"])
            ]
            assert len(rings) == 1, "the square's ring pattern"
