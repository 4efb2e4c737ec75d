"""Every board kind tells its room: the guide's table of the room on each paper and orientation is
the layout's own, `validate` says what a hex board and a track take and why (as the guide quotes
it), and a split hex board's sheets say in each language what to do with them."""

from __future__ import annotations

import pytest

from conftest import REPO
from piece_pdf import build, page_text, pieces
from printkit.base.records import replace
from printkit.kinds.board.model import BoardComponent
from printkit.kinds.hexboard import layout as hexboard
from printkit.kinds.hexboard.model import HexBoardComponent
from printkit.kinds.track import layout as track
from printkit.kinds.track.model import TrackComponent
from printkit.layout.board import extent
from printkit.layout.context import PAPERS, Context
from printkit.words.locale import Localizer

KIT = "tests/kits/rooms.yaml"
GUIDE = (REPO / "docs" / "components.md").read_text(encoding="utf-8")


def test_the_guide_gives_the_room_on_each_paper_and_orientation_as_every_board_kind_computes_it():
    board = BoardComponent.model_validate({"id": "b", "kind": "board", "rows": 1, "cols": 1, "cell": 10})
    hexes = HexBoardComponent.model_validate(
        {"id": "h", "kind": "hexboard", "shape": "hexagon", "radius": 1, "size": 10}
    )
    strip = TrackComponent.model_validate({"id": "t", "kind": "track", "end": 5, "space": 10})
    for paper in PAPERS.values():
        for orientation in ("portrait", "landscape"):
            ctx = Context(paper=paper, tr=Localizer("en"))
            if orientation == "landscape":
                ctx = replace(ctx, paper=paper.landscape())
            need = extent(board, ctx)
            rooms = {
                f"{ctx.content_width - need.extra_w:.1f} × {ctx.room_height - need.extra_h:.1f} mm",
                f"{ctx.content_width:.1f} × {ctx.room_height - hexboard.extra_height(hexes, ctx):.1f} mm",
                f"{ctx.content_width:.1f} × {ctx.room_height - track.extra_height(strip, ctx):.1f} mm",
            }
            assert len(rooms) == 1, rooms  # the three kinds have the same room
            margins = f"{ctx.content_width:.1f} × {ctx.room_height:.1f} mm"
            row = f"| {paper.name:<6} | {orientation:<11} | {margins:<18} | {rooms.pop():<23} |"
            assert row in GUIDE, row


def test_validate_says_what_a_hex_board_and_each_track_take_and_why_as_the_guide_quotes_it(run):
    result = run("validate", KIT)
    assert result.code == 0, result.err
    lines = result.out.splitlines()[1:]
    assert [line.split(" takes ")[0] for line in lines] == [
        "  hex board 'island'",
        "  track 'score'",
        "  track 'rounds'",
    ]
    assert "4 sheets of A4 (2 across × 2 down, portrait)" in lines[0] and "hexes of at most 16 mm fit" in lines[0]
    assert "around a ring of 12 × 16 spaces" in lines[1] and "in 2 rows of at most 9" in lines[2]
    for line in lines:
        assert line in GUIDE, line


def test_a_track_that_runs_straight_across_an_upright_page_says_nothing():
    straight = TrackComponent.model_validate({"id": "t", "kind": "track", "end": 9, "space": 20})
    assert track.room(straight, Context(paper=PAPERS["a4"], tr=Localizer("en"))) is None


@pytest.mark.parametrize(
    "lang, words",
    [
        ("en", ["Cut along the grey zigzag;", "glue the left edge onto strip A of sheet 1", "the pale hexes are glue"]),
        ("pl", ["Wytnij wzdłuż szarego zygzaka;", "lewą krawędź przyklej na pasek A arkusza 1", "jasne heksy"]),
        ("cs", ["Vystřihněte podél šedé klikaté čáry;", "levý okraj přilepte na proužek A listu 1", "světlé hexy"]),
    ],
)
def test_each_hex_sheet_says_what_to_do_with_it_in_plain_words(tmp_path, lang, words):
    pdf, manifest = build(KIT, tmp_path, "--lang", lang)
    second = next(row for row in pieces(manifest, kind="board_sheet") if row["copy"] == 2)
    text = page_text(pdf, second["page"])
    for phrase in words:
        assert phrase in text, (phrase, text[:300])
    assert "cells" not in text and "Do not cut" not in text
