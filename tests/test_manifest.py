"""The placement manifest: its contract, its agreement with the layout, and how the CLI writes it."""

from __future__ import annotations

import json

import pytest

from piece_pdf import build, pieces
from printkit import pipeline
from printkit.layout.context import Options
from printkit.output.manifest import manifest

KINDS = {"board", "cell", "token", "stone", "card", "tile", "place", "sheet", "figure"}


@pytest.fixture(scope="module")
def latarnie(tmp_path_factory):
    return build("latarnie", tmp_path_factory.mktemp("manifest"))[1]


@pytest.fixture(scope="module")
def plateau(tmp_path_factory):
    return build("plateau", tmp_path_factory.mktemp("manifest"))[1]


def test_the_contract_fields(latarnie):
    assert (latarnie["kit"], latarnie["lang"]) == ("latarnie", "pl")
    assert latarnie["paper"] == {"name": "A4", "width": 210.0, "height": 297.0}
    assert [(p["number"], p["role"]) for p in latarnie["pages"]] == [(1, "rules"), (2, "board"), (3, "tokens")]
    token = pieces(latarnie, kind="token")[0]
    assert {"page", "kind", "component", "copy", "side", "x", "y", "width", "height", "owner", "shape"} <= set(token)
    assert (token["page"], token["component"], token["copy"], token["side"], token["owner"], token["shape"]) == (
        3,
        "tokens",
        1,
        "face",
        "A",
        "circle",
    )


def test_every_piece_is_listed_once_with_a_known_kind(latarnie, plateau):
    # the board, its cells, the tokens and their 4 spares, a figure, the strip
    assert len(latarnie["pieces"]) == 1 + 25 + 16 + 4 + 2
    assert sum(1 for p in latarnie["pieces"] if p.get("spare")) == 4  # counted apart
    assert {p["kind"] for p in latarnie["pieces"] + plateau["pieces"]} <= KINDS
    assert len(pieces(plateau, kind="stone")) == 2 * 24
    assert len(pieces(plateau, kind="sheet")) == 2  # the prisoner sheet: two games on its A4 page


def test_copies_count_from_one_within_each_component_and_side(plateau, latarnie):
    for data in (latarnie, plateau):
        groups: dict[tuple, list[int]] = {}
        for piece in data["pieces"]:
            if piece["kind"] != "cell":
                groups.setdefault((piece["kind"], piece["component"], piece["side"]), []).append(piece["copy"])
        for copies in groups.values():
            assert sorted(copies) == list(range(1, len(copies) + 1))


def test_cells_list_their_row_column_and_what_is_special(latarnie):
    cells = pieces(latarnie, kind="cell")
    board = pieces(latarnie, kind="board")[0]
    for cell in cells:
        assert cell["x"] == pytest.approx(board["x"] + (cell["col"] - 1) * 35.0)
        assert cell["y"] == pytest.approx(board["y"] + (cell["row"] - 1) * 35.0)
    special = {c["at"]: c["label"] for c in cells if "special" in c}
    assert special == {
        "A1": "1",
        "C1": "2",
        "E1": "1",
        "A3": "2",
        "C3": "3",
        "E3": "2",
        "A5": "1",
        "C5": "2",
        "E5": "1",
    }


def test_the_file_is_the_laid_out_document(latarnie):
    loaded = pipeline.load("latarnie")
    ctx = pipeline.context(loaded, None, "a4", Options())
    fresh = manifest(pipeline.lay_out(loaded, ctx), "latarnie", ctx.paper, loaded.kit.kinds)
    assert json.loads(json.dumps(fresh)) == latarnie


def test_a_landscape_or_letter_page_reports_its_own_size(tmp_path):
    data = build("plateau", tmp_path, "--paper", "letter")[1]
    assert data["paper"] == {"name": "Letter", "width": 215.9, "height": 279.4}
    assert all((p["width"], p["height"]) == (215.9, 279.4) for p in data["pages"])


def test_a_failed_build_leaves_an_existing_manifest_alone(run, tmp_path):
    target = tmp_path / "kit.json"
    target.write_text("old", encoding="utf-8")
    result = run(
        "build",
        "tests/bad_kits/token_bigger_than_cell.yaml",
        "-o",
        str(tmp_path / "kit.pdf"),
        "--manifest",
        str(target),
    )
    assert result.code == 1
    assert target.read_text(encoding="utf-8") == "old"
    assert not (tmp_path / "kit.pdf").exists()


def test_a_manifest_in_a_missing_folder_is_refused_before_any_work(run, tmp_path):
    result = run(
        "build", "latarnie", "-o", str(tmp_path / "kit.pdf"), "--manifest", str(tmp_path / "nowhere" / "kit.json")
    )
    assert result.code == 1
    assert (
        result.err.strip() == f"{tmp_path / 'nowhere' / 'kit.json'}: the folder {tmp_path / 'nowhere'} does not exist"
    )
    assert not (tmp_path / "kit.pdf").exists()


@pytest.mark.parametrize(
    "offset, message",
    [
        ("1.5", "--back-offset: give two lengths X,Y in mm, e.g. 0.5,-1 (got '1.5')"),
        ("a,b", "--back-offset: give two lengths X,Y in mm, e.g. 0.5,-1 (got 'a,b')"),
        ("1,2,3", "--back-offset: give two lengths X,Y in mm, e.g. 0.5,-1 (got '1,2,3')"),
        (
            "25,0",
            "--back-offset: '25,0' moves the backs more than 20 mm; a printer's misregistration is a few mm at most",
        ),
    ],
)
def test_a_malformed_back_offset_is_one_clear_line(run, tmp_path, offset, message):
    result = run("build", "plateau", "-o", str(tmp_path / "kit.pdf"), "--back-offset", offset)
    assert result.code == 1
    assert result.err.strip().splitlines() == [message]
    assert not (tmp_path / "kit.pdf").exists()


def test_back_offset_accepts_units(tmp_path):
    data = build("plateau", tmp_path, "--back-offset", "1mm,-0.1cm")[1]
    face = pieces(data, kind="stone", side="face", copy=1)[0]
    back = pieces(data, kind="stone", side="back", copy=1)[0]
    assert (back["x"], back["y"]) == pytest.approx((210.0 - face["x"] - face["width"] + 1.0, face["y"] - 1.0))
