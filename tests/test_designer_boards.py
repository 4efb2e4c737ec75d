"""Issue 29's board games built from the docs alone, measured in their PDFs: a hex wargame with
three terrains and counters with unit symbols, 72 two-sided tiles that flip on the short edge by
the kit's own default, and a 60 × 40 cm map with a 0-99 track and a background picture.
"""

from __future__ import annotations

import math
import shutil

import pdfplumber
import pytest
from pypdf import PdfReader

from conftest import REPO, mm
from piece_pdf import TOLERANCE, build, page_shapes, page_text, pieces, rgb

WARGAME = "tests/kits/hex_wargame.yaml"
TILES = "tests/kits/flip_tiles.yaml"
MAP = "tests/kits/big_map.yaml"
KITS = (WARGAME, TILES, MAP)
LANGS = ("pl", "cs", "en")
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    """Each kit built once per language and paper: (pdf, manifest)."""
    folder = tmp_path_factory.mktemp("designer_boards")
    cache: dict[tuple[str, ...], tuple] = {}

    def get(kit: str, lang: str = "en", paper: str = "a4", *more: str) -> tuple:
        key = (kit, lang, paper, *more)
        if key not in cache:
            cache[key] = build(kit, folder, "--lang", lang, "--paper", paper, *more)
        return cache[key]

    return get


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("kit", KITS)
def test_each_kit_validates_on_each_paper_with_every_rule_proved(run, kit, paper):
    result = run("validate", kit, "--paper", paper)
    assert result.code == 0, result.err
    assert "invariants proved" in result.out and "warning" not in result.err


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kit", KITS)
def test_each_kit_builds_in_every_language_on_each_paper(builds, kit, lang, paper):
    pdf, manifest = builds(kit, lang, paper)
    with pdfplumber.open(pdf) as document:
        sizes = {(round(mm(p.width), 1), round(mm(p.height), 1)) for p in document.pages}
    width, height = PAPERS[paper]
    assert sizes <= {(width, height), (height, width)}
    assert manifest["lang"] == lang


# --- the hex wargame -------------------------------------------------------------------------------


HEX_FILLS = {"forest": "#cfe8c4", "hills": "#eadbc0", "river": "#c6dcef"}


def test_the_wargame_map_has_three_terrains_each_its_fill_on_its_own_hexes(builds):
    pdf, manifest = builds(WARGAME)
    hexes = pieces(manifest, kind="hex")
    assert len(hexes) == 56
    counts = {name: len([h for h in hexes if h.get("terrain") == name]) for name in HEX_FILLS}
    assert counts == {"forest": 7, "hills": 5, "river": 6}
    shapes = page_shapes(pdf, hexes[0]["page"])
    for row in hexes:
        terrain = row.get("terrain")
        filled = [
            c
            for c in shapes["curves"] + shapes["rects"]
            if c.fill is not None and c.at(row["x"], row["y"], row["width"], row["height"], 0.1)
        ]
        fills = {c.fill for c in filled}
        if terrain is None:
            assert not fills & {rgb(colour) for colour in HEX_FILLS.values()}
        else:
            assert rgb(HEX_FILLS[terrain]) in fills, f"hex {row['at']} is filled as {terrain}"


def test_a_hex_is_26_mm_across_its_corners_for_24_mm_across_its_flats(builds):
    _, manifest = builds(WARGAME)
    row = pieces(manifest, kind="hex")[0]
    assert row["height"] == pytest.approx(24.0, abs=0.01)
    assert row["width"] == pytest.approx(48 / math.sqrt(3), abs=0.01)


@pytest.mark.parametrize(
    "lang, lines",
    [
        ("en", ["Forest: moving in costs 2", "Hills: +1 in defence", "River: impassable"]),
        ("pl", ["Las: ruch kosztuje 2", "Wzgórza: +1 do obrony", "Rzeka: nie do przejścia"]),
        ("cs", ["Les: pohyb stojí 2", "Kopce: +1 k obraně", "Řeka: neprůchodná"]),
    ],
)
def test_the_legend_has_a_line_per_terrain_under_the_map(builds, lang, lines):
    pdf, manifest = builds(WARGAME, lang)
    board = pieces(manifest, kind="hexboard")[0]
    text = page_text(pdf, board["page"])
    for line in lines:
        assert line in text


def test_the_towns_carry_the_kits_own_icon_in_the_middle_of_their_hexes(builds):
    pdf, manifest = builds(WARGAME)
    towns = [row for row in pieces(manifest, kind="hex") if row.get("special") == "town"]
    assert sorted(row["at"] for row in towns) == ["0203", "0506", "0804"]
    shapes = page_shapes(pdf, towns[0]["page"])
    red = [s for s in shapes["rects"] + shapes["curves"] if s.fill == rgb("#8b1a1a")]
    for row in towns:
        cx = row["x"] + row["width"] / 2
        assert any(abs(s.x + s.w / 2 - cx) < 0.05 and row["y"] < s.y < row["y"] + row["height"] for s in red)


def test_each_counter_shows_its_unit_symbol_and_fits_a_hex(builds):
    _, manifest = builds(WARGAME)
    tokens = pieces(manifest, kind="token")
    assert len(tokens) == 22
    by_icon = {icon: len([t for t in tokens if t.get("icon") == icon]) for icon in ("infantry", "cavalry", "artillery")}
    assert by_icon == {"infantry": 12, "cavalry": 6, "artillery": 4}


def test_a_counter_cut_in_a_square_frame_overhangs_the_hex_and_is_refused(run, tmp_path):
    text = (REPO / WARGAME).read_text(encoding="utf-8").replace("    cut: outline\n", "")
    kit = tmp_path / "hex_wargame.yaml"
    kit.write_text(text, encoding="utf-8")
    shutil.copytree(REPO / "tests/kits/hex_wargame", tmp_path / "hex_wargame")
    result = run("validate", str(kit))
    assert result.code == 1
    assert (
        "components[1].size: a token of 22 mm (its square cut frame) does not fit inside a 24 mm hex of board "
        "'map': its outline reaches 25 % past the hex's edge; make it at most 17.5 mm" in result.err
    )


# --- the tiles that flip on the short edge ------------------------------------------------------------


def face_back_pairs(manifest: dict) -> list[tuple[dict, dict]]:
    """Each tile's face and the back printed behind it: the next page, in the same order."""
    rows = pieces(manifest, kind="tile")
    pairs = []
    for page in sorted({r["page"] for r in rows if r["side"] == "face"}):
        faces = [r for r in rows if r["page"] == page and r["side"] == "face"]
        backs = [r for r in rows if r["page"] == page + 1 and r["side"] == "back"]
        assert len(faces) == len(backs)
        pairs += list(zip(faces, backs, strict=True))
    return pairs


@pytest.mark.parametrize("paper", list(PAPERS))
def test_the_kits_short_flip_puts_each_back_at_the_mirror_across_the_long_axis(builds, paper):
    pdf, manifest = builds(TILES, "en", paper)
    _, height = PAPERS[paper]
    pairs = face_back_pairs(manifest)
    assert len(pairs) == 72
    assert manifest["duplex"] == "short"
    for face, back in pairs:
        assert back["x"] == pytest.approx(face["x"], abs=TOLERANCE)
        assert back["y"] == pytest.approx(height - face["y"] - face["height"], abs=TOLERANCE)
    assert PdfReader(pdf).trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipShortEdge"
    assert "two-sided, flip on the short edge" in page_text(pdf, 1)


def test_the_command_line_overrides_the_kits_flip(builds):
    pdf, manifest = builds(TILES, "en", "a4", "--flip", "long")
    assert manifest["duplex"] == "long"
    for face, back in face_back_pairs(manifest):
        assert back["x"] == pytest.approx(210.0 - face["x"] - face["width"], abs=TOLERANCE)
        assert back["y"] == pytest.approx(face["y"], abs=TOLERANCE)
    assert PdfReader(pdf).trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge"


def test_the_tuck_box_is_built_for_the_72_tiles(builds):
    pdf, manifest = builds(TILES, "en", "a4", "--boxes")
    assert len(PdfReader(pdf).pages) == 1
    assert "72 tiles" in page_text(pdf, 1)


# --- the 60 × 40 cm map ----------------------------------------------------------------------------


def board_position(manifest: dict, row: dict) -> tuple[float, float]:
    """Where a piece of a sheet lies in the whole board, in mm from the grid's top-left corner."""
    part = next(p for p in pieces(manifest, kind="board") if p["page"] == row["page"])
    return row["x"] - part["x"] + part["board_x"], row["y"] - part["y"] + part["board_y"]


@pytest.mark.parametrize("paper", list(PAPERS))
def test_the_map_is_600_by_400_mm_of_8_by_6_areas_with_its_track_on_eight_sheets(builds, paper):
    pdf, manifest = builds(MAP, "en", paper)
    assert len(manifest["pages"]) == 9
    assert len(pieces(manifest, kind="board_sheet")) == 8
    cells = pieces(manifest, kind="cell")
    assert len(cells) == 48
    assert all((c["width"], c["height"]) == pytest.approx((62.5, 50.0), abs=TOLERANCE) for c in cells)
    spaces = pieces(manifest, kind="space")
    assert sorted(s["number"] for s in spaces) == list(range(100))
    corners = [board_position(manifest, s) + (s["width"], s["height"]) for s in spaces]
    left, top = min(x for x, _, _, _ in corners), min(y for _, y, _, _ in corners)
    right, bottom = max(x + w for x, _, w, _ in corners), max(y + h for _, y, _, h in corners)
    assert (left, top) == pytest.approx((-50.0, -50.0), abs=TOLERANCE)
    assert (right - left, bottom - top) == pytest.approx((600.0, 400.0), abs=TOLERANCE)
    grid = [board_position(manifest, c) for c in cells]
    assert max(x for x, _ in grid) + 62.5 == pytest.approx(500.0, abs=TOLERANCE)
    assert max(y for _, y in grid) + 50.0 == pytest.approx(300.0, abs=TOLERANCE)


def test_on_a3_the_map_is_four_landscape_sheets_each_a_quarter_of_it(builds, run):
    """The issue's four-sheet map: 600 x 400 mm in 2 x 2 sheets of A3 turned landscape."""
    assert run("validate", MAP, "--paper", "a3").code == 0
    pdf, manifest = builds(MAP, "en", "a3")
    sheets = pieces(manifest, kind="board_sheet")
    assert len(sheets) == 4 and len(manifest["pages"]) == 5
    with pdfplumber.open(pdf) as document:
        for page in sorted({s["page"] for s in sheets}):
            sheet = document.pages[page - 1]
            assert (round(mm(sheet.width), 1), round(mm(sheet.height), 1)) in {(297.0, 420.0), (420.0, 297.0)}
    cells = pieces(manifest, kind="cell")
    grid = [board_position(manifest, c) for c in cells]
    assert len(cells) == 48 and max(x for x, _ in grid) + 62.5 == pytest.approx(500.0, abs=TOLERANCE)


def test_a_page_count_per_paper_is_checked_on_its_own_paper(run, tmp_path):
    text = (REPO / MAP).read_text(encoding="utf-8").replace("{a4: 9, letter: 9, a3: 5}", "{a4: 9, letter: 10, a3: 5}")
    kit = tmp_path / "big_map.yaml"
    kit.write_text(text, encoding="utf-8")
    shutil.copytree(REPO / "tests/kits/big_map", tmp_path / "big_map")
    assert run("validate", str(kit)).code == 0
    result = run("validate", str(kit), "--paper", "letter")
    assert result.code == 1
    assert (
        f"{kit}:11: page_count.letter: the rules state a 10-page PDF on Letter, but the layout gives 9 pages"
        in result.err
    )


def test_each_sheet_prints_its_part_of_the_one_picture_covering_the_board_and_its_bleed(builds):
    pdf, manifest = builds(MAP)
    sheets = sorted({row["page"] for row in pieces(manifest, kind="board_sheet")})
    with pdfplumber.open(pdf) as document:
        for number in sheets:
            images = document.pages[number - 1].images
            assert len(images) == 1, f"sheet on page {number} prints the picture once"
            image = images[0]
            # cover: 604 × 404 mm with the bleed, the 3:2 picture 606 mm wide and 404 mm high
            assert mm(image["x1"] - image["x0"]) == pytest.approx(606.0, abs=0.1)
            assert mm(image["bottom"] - image["top"]) == pytest.approx(404.0, abs=0.1)


def test_the_legend_and_the_note_are_printed_once_and_the_recipe_says_to_glue(builds):
    pdf, manifest = builds(MAP)
    texts = [page_text(pdf, page["number"]) for page in manifest["pages"]]
    assert sum("Lake" in text for text in texts[1:]) == 1
    assert sum("score markers stand on the track" in text for text in texts) == 1
    assert "yes, and glue" in texts[0]
    assert "cut the sheets out along their grey outlines and glue them together" in texts[0]


def test_a_legend_no_sheet_has_room_for_gets_a_page_of_its_own(run, tmp_path):
    """The sheets never keep room for the legend: one too tall for any sheet's foot goes on a page
    after them, with the board's title, rather than taking a row of cells from every sheet."""
    note = " ".join(["The note goes on about the board."] * 240)
    text = (REPO / "tests/kits/big_board.yaml").read_text(encoding="utf-8")
    text = text.replace(
        '    marked_label: {pl: "Wybrzeże", cs: "Pobřeží", en: "Coast"}',
        f'    marked_label: {{pl: "Wybrzeże", cs: "Pobřeží", en: "Coast"}}\n    note: {{pl: "{note}", cs: "{note}", '
        f'en: "{note}"}}',
    )
    kit = tmp_path / "big_board.yaml"
    kit.write_text(text, encoding="utf-8")
    pdf, manifest = build(str(kit), tmp_path)
    sheets = pieces(manifest, kind="board_sheet")
    assert len(sheets) == 4
    last = manifest["pages"][-1]
    assert last["role"] == "board" and last["number"] == max(s["page"] for s in sheets) + 1
    page = page_text(pdf, last["number"])
    assert "The key to the board glued together from sheets" in page and "Coast" in page
    assert all("Coast" not in page_text(pdf, s["page"]) for s in sheets)
