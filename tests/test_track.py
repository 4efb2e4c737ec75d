"""Tracks measured in the PDF and the manifest: a 0-50 score loop and a 1-18 round strip."""

from __future__ import annotations

import math

import pytest

from piece_pdf import TOLERANCE, build, page_shapes, page_text, pieces, rgb
from printkit.layout.board import MARK_FILL

TRACKS = "tests/kits/tracks.yaml"


@pytest.fixture(scope="module")
def tracks(tmp_path_factory):
    return build(TRACKS, tmp_path_factory.mktemp("track"))


def centre(row: dict) -> tuple[float, float]:
    return row["x"] + row["width"] / 2, row["y"] + row["height"] / 2


@pytest.mark.parametrize("track, first, last, size", [("score", 0, 50, 15.0), ("rounds", 1, 18, 20.0)])
def test_every_number_has_a_space_of_the_size_given_next_to_the_one_before(tracks, track, first, last, size):
    _, manifest = tracks
    spaces = pieces(manifest, kind="space", component=track)
    assert [s["number"] for s in spaces] == list(range(first, last + 1))
    assert all(s["width"] == s["height"] == size for s in spaces)
    steps = [math.dist(centre(a), centre(b)) for a, b in zip(spaces, spaces[1:], strict=False)]
    assert steps == pytest.approx([size] * len(steps), abs=TOLERANCE)  # a marker moves to a touching space


def test_the_score_loop_runs_around_the_edge_of_its_frame(tracks):
    _, manifest = tracks
    frame = pieces(manifest, kind="track", component="score")[0]
    right, bottom = frame["x"] + frame["width"], frame["y"] + frame["height"]
    for space in pieces(manifest, kind="space", component="score"):
        on_edge = (
            abs(space["x"] - frame["x"]) <= TOLERANCE
            or abs(space["y"] - frame["y"]) <= TOLERANCE
            or abs(space["x"] + space["width"] - right) <= TOLERANCE
            or abs(space["y"] + space["height"] - bottom) <= TOLERANCE
        )
        assert on_edge, space


def test_every_fifth_space_is_shaded_and_the_bonuses_are_marked(tracks):
    pdf, manifest = tracks
    spaces = pieces(manifest, kind="space", component="score")
    assert [s["number"] for s in spaces if s.get("stressed")] == list(range(0, 51, 5))
    shaded = [r for r in page_shapes(pdf, spaces[0]["page"])["rects"] if r.fill == rgb(MARK_FILL)]
    assert sorted((round(r.x, 1), round(r.y, 1)) for r in shaded) == sorted(
        (round(s["x"], 1), round(s["y"], 1)) for s in spaces if s.get("stressed")
    )
    assert {s["number"]: s["value"] for s in spaces if "value" in s} == {25: 3, 40: 5}


def test_the_rules_read_the_tracks_numbers(tracks, run):
    pdf, _ = tracks
    assert "The game lasts 18 rounds. Score from 0 to 50 (51 spaces)." in page_text(pdf, 1)
    assert run("validate", TRACKS).code == 0
