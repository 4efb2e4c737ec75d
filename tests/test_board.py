"""Boards measured in the PDF: grid spacing, special cells, shaded cells, landscape pages, the ruler."""

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
from printkit.layout.board import MARK_FILL, MARK_TINT, marked_cells, numbers
from printkit.layout.context import PAPERS
from printkit.layout.marks import tinted


@pytest.fixture(scope="module")
def latarnie(tmp_path_factory):
    return build("latarnie", tmp_path_factory.mktemp("board"))


@pytest.fixture(scope="module")
def plateau(tmp_path_factory):
    return build("plateau", tmp_path_factory.mktemp("board"))


def grid_spacings(pdf, page: int, board: dict) -> tuple[list[float], list[float]]:
    """Distances between neighbouring grid lines (frame included) drawn across the whole board."""
    shapes = page_shapes(pdf, page)
    x, y, w, h = board["x"], board["y"], board["width"], board["height"]
    xs = sorted(
        {
            round(line.x, 3)
            for line in shapes["lines"]
            if line.w <= TOLERANCE and abs(line.h - h) <= TOLERANCE and x < line.x < x + w
        }
    )
    ys = sorted(
        {
            round(line.y, 3)
            for line in shapes["lines"]
            if line.h <= TOLERANCE and abs(line.w - w) <= TOLERANCE and y < line.y < y + h
        }
    )
    frame = [r for r in shapes["rects"] if r.stroke and r.at(x, y, w, h)]
    assert frame, "the board's frame is drawn where the manifest says"
    xs, ys = [x] + xs + [x + w], [y] + ys + [y + h]
    return [b - a for a, b in zip(xs, xs[1:], strict=False)], [b - a for a, b in zip(ys, ys[1:], strict=False)]


@pytest.mark.parametrize("kit, cell, count", [("latarnie", 35.0, 5), ("plateau", 40.0, 4)])
def test_drawn_grid_spacing_equals_the_cell_size(request, kit, cell, count):
    pdf, manifest = request.getfixturevalue(kit)
    board = pieces(manifest, kind="board")[0]
    across, down = grid_spacings(pdf, board["page"], board)
    assert len(across) == count and len(down) == count
    assert across == pytest.approx([cell] * count, abs=TOLERANCE)
    assert down == pytest.approx([cell] * count, abs=TOLERANCE)


def test_latarnie_board_is_page_two_with_nine_lighthouses_worth_fifteen(latarnie):
    pdf, manifest = latarnie
    assert [p["role"] for p in manifest["pages"]] == ["rules", "board", "tokens"]
    cells = pieces(manifest, kind="cell")
    assert len(cells) == 25 and {(c["row"], c["col"]) for c in cells} == {
        (r, c) for r in range(1, 6) for c in range(1, 6)
    }
    lighthouses = [c for c in cells if c.get("special") == "lighthouse"]
    corners = {(1, 1), (1, 5), (5, 1), (5, 5)}
    edges = {(1, 3), (3, 1), (3, 5), (5, 3)}
    assert {(c["row"], c["col"]): c["value"] for c in lighthouses} == {
        **{rc: 1 for rc in corners},
        **{rc: 2 for rc in edges},
        (3, 3): 3,
    }
    words = page_words(pdf, 2)
    for cell in lighthouses:
        inside = [
            w
            for w in words
            if cell["x"] <= w["x"]
            and w["x"] + w["w"] <= cell["x"] + cell["width"]
            and cell["y"] <= w["y"]
            and w["y"] + w["h"] <= cell["y"] + cell["height"]
        ]
        assert [w["text"] for w in inside] == [cell["label"]], f"the points printed in {cell['at']}"
    assert sum(int(c["label"]) for c in lighthouses) == 15


def test_plateau_perimeter_cells_are_shaded_and_the_middle_ones_not(plateau):
    """Shaded in a wash of the theme's accent (a dressed board's; a plain board's is MARK_FILL)."""
    pdf, manifest = plateau
    board = pieces(manifest, kind="board")[0]
    shapes = page_shapes(pdf, board["page"])
    wash = tinted(pipeline.load("plateau").kit.theme.palette.accent, MARK_TINT)
    assert wash != MARK_FILL
    shaded = [r for r in shapes["rects"] if r.fill == rgb(wash)]
    marked = pieces(manifest, kind="cell", marked=True)
    assert len(marked) == 12
    assert {(c["row"], c["col"]) for c in marked} == {
        (r, c) for r in range(1, 5) for c in range(1, 5) if r in (1, 4) or c in (1, 4)
    }
    for cell in marked:
        assert any(r.at(cell["x"], cell["y"], cell["width"], cell["height"]) for r in shaded), cell["at"]
    middle = [c for c in pieces(manifest, kind="cell") if not c.get("marked")]
    assert len(middle) == 4
    assert not any(r.inside(c["x"], c["y"], c["width"], c["height"]) for c in middle for r in shaded)


def test_board_numbers_for_placeholders_and_invariants():
    kit = pipeline.load("latarnie").kit
    values = numbers(kit.component("board"), PAPERS["a4"])
    assert {
        k: values[k]
        for k in (
            "board.rows",
            "board.cols",
            "board.cells",
            "board.specials",
            "board.free",
            "board.special_points",
            "board.cell",
        )
    } == {
        "board.rows": 5,
        "board.cols": 5,
        "board.cells": 25,
        "board.specials": 9,
        "board.free": 16,
        "board.special_points": 15,
        "board.cell": 35.0,
    }
    assert (values["board.A1"], values["board.C1"], values["board.C3"]) == (1, 2, 3)
    assert len(marked_cells(pipeline.load("plateau").kit.component("board"))) == 12


@pytest.mark.parametrize("kit", ["latarnie", "plateau"])
def test_the_board_page_carries_a_50_mm_ruler(request, kit):
    pdf, manifest = request.getfixturevalue(kit)
    page = pieces(manifest, kind="board")[0]["page"]
    ends = ruler_ends(page_shapes(pdf, page)["lines"])
    assert len(ends) == 2
    assert ends[1].x - ends[0].x == pytest.approx(50.0, abs=TOLERANCE)
    assert "50 mm:" in " ".join(w["text"] for w in page_words(pdf, page))


WIDE_BOARD = """
kit:
  title: {en: Wide}
  players: {min: 2, max: 2}
  languages: [en]
  default_lang: en
  author: test
components:
  - id: strip
    kind: board
    title: {en: Strip}
    rows: 3
    cols: 7
    cell: 35mm
rules:
  - heading: {en: Play}
    body: {en: "Play on the {strip.cols} columns."}
"""


def test_a_board_too_wide_for_portrait_gets_a_landscape_page(tmp_path):
    pdf, manifest = build_text(WIDE_BOARD, tmp_path, "wide")
    board = pieces(manifest, kind="board")[0]
    page = manifest["pages"][board["page"] - 1]
    assert (page["width"], page["height"]) == (297.0, 210.0)
    shapes = page_shapes(pdf, board["page"])
    assert shapes["size"] == pytest.approx((297.0, 210.0), abs=0.01)
    across, down = grid_spacings(pdf, board["page"], board)
    assert across == pytest.approx([35.0] * 7, abs=TOLERANCE) and down == pytest.approx([35.0] * 3, abs=TOLERANCE)
    assert horizontal_at(shapes["lines"], board["y"] + 35.0, board["x"], board["x"] + board["width"])
    assert vertical_at(shapes["lines"], board["x"] + 35.0, board["y"], board["y"] + board["height"])


def test_a_board_too_big_for_the_page_names_the_board_the_excess_and_the_largest_cell_that_fits():
    from printkit.base.errors import LayoutProblem
    from printkit.kinds.board.model import BoardComponent
    from printkit.layout import board as board_layout
    from printkit.layout.context import Context, paper
    from printkit.words.locale import Localizer

    big = BoardComponent.model_validate(
        {"id": "big", "kind": "board", "title": {"en": "Board"}, "rows": 8, "cols": 8, "cell": "40mm"}
    )
    with pytest.raises(LayoutProblem) as caught:
        board_layout.layout(big, Context(paper=paper("a4"), tr=Localizer("en")))
    assert caught.value.loc == ("cell",)
    assert caught.value.message == (
        "board 'big' does not fit on A4: 8 × 8 cells of 40 mm need 320.0 × 348.0 mm with title and ruler, "
        "134.0 mm too wide and 77.2 mm too tall in portrait, the closer fit (186.0 × 270.8 mm inside the margins); "
        "cells of at most 23 mm fit"
    )
    fitting = big.model_copy(update={"cell": 23.0})
    assert board_layout.layout(fitting, Context(paper=paper("a4"), tr=Localizer("en")))[0].width == 210.0
