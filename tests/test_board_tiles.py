"""Boards larger than the paper, split into glue-together sheets: measured in the PDF and the manifest.

Registration is measured as a user lays the sheets: every drawn grid line is taken into the whole
board's frame through its sheet's ``board`` piece (its page position and ``board_x``/``board_y``),
and a line crossing a seam must go on at the same place on the other sheet within 0.05 mm.
"""

from __future__ import annotations

import json
import re

import pytest

from piece_pdf import TOLERANCE, build, build_text, page_shapes, page_text, pieces
from printkit.layout.sheetplan import balanced, letter

BIG = "tests/kits/big_board.yaml"

WIDE = """
kit:
  title: {en: "Wide board"}
  players: {min: 2, max: 2}
  languages: [en]
  default_lang: en
  author: "printkit tests"
components:
  - id: wide
    kind: board
    title: {en: "Track"}
    rows: 2
    cols: 10
    cell: 40mm
    coordinates: true
rules: []
"""

FINE = """
kit:
  title: {en: "Fine board"}
  players: {min: 2, max: 2}
  languages: [en]
  default_lang: en
  author: "printkit tests"
components:
  - id: fine
    kind: board
    title: {en: "Go"}
    rows: 40
    cols: 40
    cell: 8mm
    glue: 12mm
    marked: [A1, W1, X1, A23, A24]
rules: []
"""

CASES = {
    # name: (kit text or path, options, sheets across, sheets down, orientation)
    "big-a4": (BIG, (), 2, 2, "portrait"),
    "big-letter": (BIG, ("--paper", "letter"), 2, 2, "portrait"),
    "wide-a4": (WIDE, (), 2, 1, "landscape"),
    "wide-letter": (WIDE, ("--paper", "letter"), 2, 1, "landscape"),
    "fine-a4": (FINE, (), 2, 2, "portrait"),
    "fine-letter": (FINE, ("--paper", "letter"), 2, 2, "portrait"),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tiles")
    cache: dict[str, tuple] = {}

    def get(name: str):
        if name not in cache:
            kit, options, *_ = CASES[name]
            if kit.endswith(".yaml"):
                cache[name] = build(kit, folder, *options)
            else:
                cache[name] = build_text(kit, folder, name, *options)
        return cache[name]

    return get


def board_frames(manifest: dict) -> dict[int, dict]:
    """The ``board`` piece of each sheet, by its page."""
    return {piece["page"]: piece for piece in pieces(manifest, kind="board")}


def to_board(part: dict, x: float, y: float) -> tuple[float, float]:
    return x - part["x"] + part["board_x"], y - part["y"] + part["board_y"]


def board_lines(pdf, part: dict) -> list[tuple[float, float, float, float]]:
    """Every straight line of the part's page in the whole board's frame: (x0, y0, x1, y1)."""
    lines = []
    for line in page_shapes(pdf, part["page"])["lines"]:
        x0, y0 = to_board(part, line.x, line.y)
        lines.append((x0, y0, x0 + line.w, y0 + line.h))
    return lines


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_board_larger_than_the_paper_is_split_into_whole_cell_sheets_that_cover_it_once(built, name):
    _, options, across, down, orientation = CASES[name]
    pdf, manifest = built(name)
    sheets = pieces(manifest, kind="board_sheet")
    assert len(sheets) == across * down
    assert {(s["across"], s["down"]) for s in sheets} == {
        (a, d) for a in range(1, across + 1) for d in range(1, down + 1)
    }
    pages = {p["number"]: p for p in manifest["pages"]}
    for sheet in sheets:
        page = pages[sheet["page"]]
        assert page["role"] == "board" and (page["width"] > page["height"]) == (orientation == "landscape")
    component = sheets[0]["component"]
    cells = pieces(manifest, kind="cell", component=component)
    rows, cols = max(c["row"] for c in cells), max(c["col"] for c in cells)
    assert len(cells) == rows * cols == len({(c["row"], c["col"]) for c in cells})
    frames = board_frames(manifest)
    for cell in cells:
        part = frames[cell["page"]]
        assert part["sheet"] == cell["sheet"]
        size = cell["width"]
        # whole cells only, each inside its sheet's part, where the whole board puts it
        assert cell["x"] >= part["x"] - TOLERANCE and cell["x"] + size <= part["x"] + part["width"] + TOLERANCE
        assert cell["y"] >= part["y"] - TOLERANCE and cell["y"] + size <= part["y"] + part["height"] + TOLERANCE
        assert to_board(part, cell["x"], cell["y"]) == pytest.approx(
            ((cell["col"] - 1) * size, (cell["row"] - 1) * size), abs=TOLERANCE
        )


@pytest.mark.parametrize("name", sorted(CASES))
def test_grid_lines_crossing_a_join_continue_on_the_next_sheet_within_five_hundredths_of_a_mm(built, name):
    pdf, manifest = built(name)
    by_sheet = {part["sheet"]: part for part in board_frames(manifest).values()}
    joins = pieces(manifest, kind="join")
    assert joins, "a split board has joins"
    cell = cell_size(manifest)
    for join in joins:
        under, over = by_sheet[join["sheet"]], by_sheet[join["onto"]]
        across = join["edge"] == "right"
        seam = over["board_x"] if across else over["board_y"]
        glue = join["width"] if across else join["height"]
        # the strip lies where the next sheet's first cells are: its edge is the seam
        assert (join["board_x"] if across else join["board_y"]) == pytest.approx(seam, abs=TOLERANCE)
        span = (over["height"] if across else over["width"]) / cell
        start = over["board_y"] if across else over["board_x"]
        along = (start, start + span * cell)  # the stretch of the seam the two sheets share
        lines_under = along_seam(board_lines(pdf, under), across, along)
        lines_over = along_seam(board_lines(pdf, over), across, along)
        reaching = _distinct([y for x0, y, x1, _ in lines_under if abs(x1 - seam) <= TOLERANCE and x0 < seam])
        copied = _distinct(
            [y for x0, y, x1, _ in lines_under if abs(x0 - seam) <= TOLERANCE and abs(x1 - seam - glue) <= TOLERANCE]
        )
        leaving = _distinct([y for x0, y, x1, _ in lines_over if abs(x0 - seam) <= TOLERANCE and x1 > seam + glue])
        assert len(leaving) == round(span) + 1  # every boundary between cells along the seam, the frame's too
        assert reaching == pytest.approx(leaving, abs=TOLERANCE)
        assert copied == pytest.approx(leaving, abs=TOLERANCE)
        # lines across the strip: the faint copy on the sheet under, the real ones on the sheet over
        inner_under = _distinct([x for x, *_ in crosswise(lines_under) if seam + TOLERANCE < x <= seam + glue])
        inner_over = _distinct([x for x, *_ in crosswise(lines_over) if seam + TOLERANCE < x <= seam + glue])
        assert inner_under == pytest.approx(inner_over, abs=TOLERANCE)
        if name.startswith("fine"):  # 12 mm strips over 8 mm cells hold one inner line each
            assert len(inner_over) == 1


def along_seam(
    lines: list[tuple[float, float, float, float]], across: bool, along: tuple[float, float]
) -> list[tuple[float, float, float, float]]:
    """The grid lines at a seam, turned so that the seam is vertical (x = seam): the lines crossing
    it (running along x) within ``along``, the stretch of the seam the two sheets share, and the
    lines parallel to it, as (x, y0, x, y1), that run the whole stretch (not a ruler's tick nor an
    icon's stroke)."""
    turned = lines if across else [(y0, x0, y1, x1) for x0, y0, x1, y1 in lines]
    low, high = along[0] - TOLERANCE, along[1] + TOLERANCE
    return [
        (x0, y0, x1, y1)
        for x0, y0, x1, y1 in turned
        if (abs(y1 - y0) <= TOLERANCE and low <= y0 <= high)
        or (abs(x1 - x0) <= TOLERANCE and y0 <= low + 2 * TOLERANCE and y1 >= high - 2 * TOLERANCE)
    ]


def crosswise(lines: list[tuple[float, float, float, float]]) -> list[tuple[float, float, float, float]]:
    """The lines parallel to the seam, of those ``along_seam`` keeps."""
    return [line for line in lines if abs(line[0] - line[2]) <= TOLERANCE and line[3] - line[1] > TOLERANCE]


def cell_size(manifest: dict) -> float:
    return pieces(manifest, kind="cell")[0]["width"]


def _distinct(values: list[float]) -> list[float]:
    out: list[float] = []
    for value in sorted(values):
        if not out or value - out[-1] > TOLERANCE:
            out.append(value)
    return out


def test_every_sheet_says_which_it_is_and_how_it_joins_its_neighbours(built):
    pdf, manifest = built("big-a4")
    first = min(p["page"] for p in pieces(manifest, kind="board_sheet"))
    texts = [page_text(pdf, first + n) for n in range(4)]
    assert "Board: sheet 1 of 4" in texts[0] and "strip A goes under sheet 2" in texts[0]
    assert "strip B goes under sheet 3" in texts[0]
    assert "glue the left edge onto strip A of sheet 1" in texts[1]
    assert "glue the top edge onto strip B of sheet 1" in texts[2]
    assert "glue the top edge onto strip C of sheet 2" in texts[3]
    assert "glue the left edge onto strip D of sheet 3" in texts[3]
    assert [j["letter"] for j in pieces(manifest, kind="join")] == ["A", "B", "C", "D"]


def test_the_coordinates_stay_those_of_the_whole_board(built):
    pdf, manifest = built("big-a4")
    sheet_two = next(p for p in pieces(manifest, kind="board_sheet") if p["sheet"] == 2)["page"]
    words = page_text(pdf, sheet_two).split()
    assert {"E", "F", "G", "H"} <= set(words)
    cells = {c["at"]: c["sheet"] for c in pieces(manifest, kind="cell")}
    assert (cells["A1"], cells["H1"], cells["A8"], cells["H8"], cells["D4"], cells["E5"]) == (1, 2, 3, 4, 1, 4)


def test_each_sheet_is_cut_out_along_its_outline_in_the_cut_file(tmp_path, run):
    pdf, cuts, manifest = tmp_path / "big.pdf", tmp_path / "cut.svg", tmp_path / "big.json"
    result = run("build", BIG, "-o", str(pdf), "--cut-svg", str(cuts), "--manifest", str(manifest))
    assert result.code == 0, result.err
    drawn = sorted(
        (int(page), *(float(v) for v in box))
        for page, *box in re.findall(
            r'<rect id="p(\d+)-big-\d+" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"',
            cuts.read_text(encoding="utf-8"),
        )
    )
    sheets = pieces(json.loads(manifest.read_text(encoding="utf-8")), kind="board_sheet")
    assert len(drawn) == len(sheets) == 4
    assert drawn == sorted((s["page"], s["x"], s["y"], s["width"], s["height"]) for s in sheets)
    for sheet in sheets:  # the outline is drawn on the page too, in the cut-line grey
        rects = page_shapes(pdf, sheet["page"])["rects"]
        assert any(r.stroke and r.at(sheet["x"], sheet["y"], sheet["width"], sheet["height"]) for r in rects)


def test_the_runs_of_cells_are_as_even_as_can_be_and_joins_are_lettered_past_z():
    assert [len(r) for r in balanced(8, 6)] == [4, 4]
    assert [len(r) for r in balanced(11, 4)] == [4, 4, 3]
    assert [letter(i) for i in (0, 25, 26, 27)] == ["A", "Z", "AA", "AB"]


def test_validate_says_how_many_sheets_a_board_takes_and_why(run):
    result = run("validate", BIG)
    assert result.code == 0, result.err
    assert result.out.splitlines()[1] == (
        "  board 'big' takes 4 sheets of A4 (2 across × 2 down, portrait): it needs 326.0 × 364.5 mm and a page "
        "holds 186.0 × 270.8 mm inside the margins, so the first sheet takes at most 4 × 5 cells of 40 mm with a 10 mm "
        "glue strip; cells of at most 22.5 mm fit on one page"
    )


HNEFATAFL = """
kit:
  title: {en: "Hnefatafl"}
  players: {min: 2, max: 2}
  languages: [en]
  default_lang: en
  author: "printkit tests"
components:
  - id: tafl
    kind: board
    title: {en: "Board"}
    rows: 11
    cols: 11
    cell: 17mm
    marked: [A1, K1, F6, A11, K11]
rules: []
"""


def test_an_11_by_11_board_of_17_mm_cells_one_mm_too_wide_takes_two_sheets_and_says_the_cell_that_fits(run, tmp_path):
    kit = tmp_path / "tafl.yaml"
    kit.write_text(HNEFATAFL, encoding="utf-8")
    result = run("validate", str(kit))
    assert result.code == 0, result.err
    assert result.out.splitlines()[1] == (
        "  board 'tafl' takes 2 sheets of A4 (2 across × 1 down, portrait): it needs 187.0 × 215.0 mm and a page "
        "holds 186.0 × 270.8 mm inside the margins, so the first sheet takes at most 10 × 13 cells of 17 mm with a "
        "10 mm glue strip; cells of at most 16.5 mm fit on one page"
    )
    pdf, manifest = build(str(kit), tmp_path)
    assert [s["page"] for s in pieces(manifest, kind="board_sheet")] == [2, 3]
    assert sorted({c["col"] for c in pieces(manifest, kind="cell", sheet=1)}) == [1, 2, 3, 4, 5, 6]


def test_the_guide_gives_the_room_a_board_has_on_each_paper_as_the_layout_computes_it():
    from conftest import REPO
    from printkit.base.records import replace
    from printkit.kinds.board.model import BoardComponent
    from printkit.layout.board import extent
    from printkit.layout.context import PAPERS, Context
    from printkit.words.locale import Localizer

    guide = (REPO / "docs" / "components.md").read_text(encoding="utf-8")
    plain = BoardComponent.model_validate({"id": "b", "kind": "board", "rows": 1, "cols": 1, "cell": 10})
    coords = plain.model_copy(update={"coordinates": True})

    def room(board: BoardComponent, ctx: Context) -> str:
        need = extent(board, ctx)
        return f"{ctx.content_width - need.extra_w:.1f} × {ctx.content_height - need.extra_h:.1f} mm"

    for paper in PAPERS.values():
        upright = Context(paper=paper, tr=Localizer("en"))
        turned = replace(upright, paper=paper.landscape())
        cells = (f"{paper.name:<6}", f"{room(plain, upright):<20}", f"{room(plain, turned):<20}")
        row = "| " + " | ".join(cells) + f" | {room(coords, upright):<25} |"
        assert row in guide, row
