"""A numbered track around a square board's edge (track: on a board): a ring of spaces clockwise
from the top-left corner, corners square, sides shared evenly; on a split board no space is cut at
a join; its numbers are placeholders the invariants read."""

from __future__ import annotations

import math

import pytest

from piece_pdf import TOLERANCE, build, build_text, page_shapes, pieces
from printkit.kinds.board import edgetrack
from printkit.kinds.board.model import BoardComponent

KIT = "tests/kits/score_board.yaml"


def board_with(rows: int, cols: int, cell: float, end: int, space: float = 15.0, start: int = 0) -> BoardComponent:
    return BoardComponent.model_validate(
        {
            "id": "b",
            "kind": "board",
            "rows": rows,
            "cols": cols,
            "cell": cell,
            "track": {"id": "score", "start": start, "end": end, "space": space},
        }
    )


def test_the_ring_covers_the_edge_exactly_clockwise_from_the_top_left_corner_with_square_corners():
    board = board_with(8, 8, 40.0, 50)
    spaces = edgetrack.ring(board)
    assert [s.number for s in spaces] == list(range(51))
    corners = [s for s in spaces if s.corner]
    assert [(s.x, s.y) for s in corners] == [(-15, -15), (320, -15), (320, 320), (-15, 320)]
    assert all(s.w == s.h == 15.0 for s in corners)
    ring_area = (320 + 30) ** 2 - 320**2
    assert sum(s.w * s.h for s in spaces) == pytest.approx(ring_area)  # no gap, no overlap: they tile it
    for a, b in zip(spaces, spaces[1:], strict=False):  # each space touches the next one
        gap_x = max(a.x, b.x) - min(a.x + a.w, b.x + b.w)
        gap_y = max(a.y, b.y) - min(a.y + a.h, b.y + b.h)
        assert gap_x <= 1e-9 and gap_y <= 1e-9
    turns = [math.atan2(s.y + s.h / 2 - 160, s.x + s.w / 2 - 160) for s in spaces]
    unwrapped = [(t - turns[0]) % (2 * math.pi) for t in turns]
    assert unwrapped == sorted(unwrapped)  # clockwise on the page (y down)


def test_a_side_split_at_a_join_keeps_its_spaces_whole_and_nearly_even():
    spans = edgetrack.divided(320.0, 12, [160.0])
    assert any(abs(b - 160.0) < 1e-9 for _, b in spans)
    assert [round(b - a, 2) for a, b in spans] == [26.67] * 12
    uneven = edgetrack.divided(320.0, 11, [160.0])
    assert sorted({round(b - a, 2) for a, b in uneven}) == [26.67, 32.0]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_on_a_split_board_every_space_lies_whole_on_one_sheet_and_is_drawn_there(tmp_path, paper):
    pdf, manifest = build(KIT, tmp_path, "--paper", paper)
    sheets = {row["copy"]: row for row in pieces(manifest, kind="board_sheet", component="board")}
    assert len(sheets) == 4
    spaces = pieces(manifest, kind="space", component="board")
    assert sorted(row["number"] for row in spaces) == list(range(51))
    for row in spaces:
        sheet = sheets[row["sheet"]]
        assert row["page"] == sheet["page"]
        assert sheet["x"] - TOLERANCE <= row["x"] and row["x"] + row["width"] <= sheet["x"] + sheet["width"] + TOLERANCE
        assert (
            sheet["y"] - TOLERANCE <= row["y"] and row["y"] + row["height"] <= sheet["y"] + sheet["height"] + TOLERANCE
        )
        rects = page_shapes(pdf, row["page"])["rects"]
        assert any(r.stroke and r.at(row["x"], row["y"], row["width"], row["height"]) for r in rects), row
    corners = [row for row in spaces if row.get("corner")]
    assert sorted(row["number"] for row in corners) == [0, 13, 26, 39]
    assert all(row["width"] == pytest.approx(15.0) == row["height"] for row in corners)


def test_the_spaces_of_a_split_board_continue_the_whole_boards_places_across_sheets(tmp_path):
    _, manifest = build(KIT, tmp_path)
    boards = {row["sheet"]: row for row in pieces(manifest, kind="board", component="board")}

    def in_board(row: dict) -> tuple[float, float]:
        part = boards[row["sheet"]]
        return row["x"] - part["x"] + part["board_x"], row["y"] - part["y"] + part["board_y"]

    spaces = sorted(pieces(manifest, kind="space", component="board"), key=lambda row: row["number"])
    cuts_x = sorted({part["board_x"] for part in boards.values() if part["board_x"]})  # where the sheets meet
    cuts_y = sorted({part["board_y"] for part in boards.values() if part["board_y"]})
    assert cuts_x == [160.0] and cuts_y == [160.0]
    whole = {space.number: space for space in edgetrack.ring(board_with(8, 8, 40.0, 50), cuts_x, cuts_y)}
    for row in spaces:
        x, y = in_board(row)
        expected = whole[row["number"]]
        assert (x, y) == pytest.approx((expected.x, expected.y), abs=TOLERANCE)


def test_a_board_that_fits_keeps_one_page_with_its_track_around_the_grid(tmp_path):
    kit = open(KIT, encoding="utf-8").read().replace("rows: 8", "rows: 6").replace("cols: 8", "cols: 6")
    kit = kit.replace("cell: 40mm", "cell: 22mm").replace(
        "score.spaces == 51 and score.stressed == 11", "score.spaces == 51"
    )
    kit = kit.replace("board.cells == 64", "board.cells == 36")
    _, manifest = build_text(kit, tmp_path, "small")
    (grid,) = pieces(manifest, kind="board", component="board")
    spaces = pieces(manifest, kind="space", component="board")
    assert len(spaces) == 51 and {row["page"] for row in spaces} == {grid["page"]}
    first = next(row for row in spaces if row["number"] == 0)
    assert (first["x"], first["y"]) == pytest.approx((grid["x"] - 15.0, grid["y"] - 15.0), abs=TOLERANCE)
    assert not pieces(manifest, kind="board_sheet")


def test_the_invariants_and_the_rules_read_the_tracks_numbers(run):
    result = run("validate", KIT)
    assert result.code == 0, result.err
    assert "2 invariants proved" in result.out
