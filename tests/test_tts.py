"""`printkit export-tts`: Tabletop Simulator deck sheets, their sizes and counts, and that each
cell holds its own piece (checked by the colour each piece's design puts at a known place)."""

from __future__ import annotations

import json

import pytest
import yaml
from PIL import Image

from conftest import REPO
from printkit.commands import export_tts as tts

PIXEL_TOLERANCE = 40  # per channel: anti-aliasing and colour management leave a little


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """Export a kit once per module: exported('targ') -> (folder, index)."""
    folder = tmp_path_factory.mktemp("tts")
    cache: dict[tuple, tuple] = {}

    def get(kit: str, *options: str):
        from printkit.cli import main

        if (kit, options) not in cache:
            target = folder / "-".join([kit, *options])
            try:
                main(["export-tts", kit, "-o", str(target), *options])
            except SystemExit as exc:
                assert not exc.code, f"export-tts {kit} failed"
            cache[(kit, options)] = (target, json.loads((target / "tts.json").read_text(encoding="utf-8")))
        return cache[(kit, options)]

    return get


def close(pixel: tuple, colour: str) -> bool:
    wanted = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    return all(abs(a - b) <= PIXEL_TOLERANCE for a, b in zip(pixel[:3], wanted, strict=True))


def cell(sheet: Image.Image, deck: dict, index: int) -> Image.Image:
    width, height = deck["piece_px"]
    row, col = divmod(index, deck["sheets"][0]["NumWidth"])
    return sheet.crop((col * width, row * height, (col + 1) * width, (row + 1) * height))


def test_sheet_grids_stay_within_tabletop_simulators_limits():
    for count in (1, 2, 7, 15, 36, 69, 70, 71, 150):
        for width, height in ((63, 88), (36, 36), (50, 40), (90, 125), (20, 20)):
            grid = tts.sheet_grid(count, width, height)
            assert grid.cols <= 10 and grid.rows <= 7
            assert grid.capacity >= min(count, 70)
            assert max(grid.size_px) <= 4096 and 1 <= grid.dpi <= 300
            assert grid.piece_px == (tts.pixels(width, grid.dpi), tts.pixels(height, grid.dpi))


def test_the_sharpest_grid_wins_then_the_fullest():
    assert tts.sheet_grid(36, 50, 40) == tts.SheetGrid(6, 6, 300, (591, 472))
    assert tts.sheet_grid(15, 36, 36) == tts.SheetGrid(5, 3, 300, (425, 425))
    many = tts.sheet_grid(70, 63, 88)
    assert (many.cols, many.rows) == (10, 7) and many.dpi == 165  # 10 x 63 mm in 4096 px


def test_targ_cards_one_sheet_of_36_with_a_plain_back(exported):
    folder, index = exported("targ")
    assert (index["kit"], index["lang"]) == ("targ", "pl")
    (deck,) = index["decks"]
    assert (deck["component"], deck["owner"], deck["kind"], deck["count"], deck["title"]) == (
        "cards",
        None,
        "card",
        36,
        "Karty towarów",
    )
    (sheet,) = deck["sheets"]
    assert sheet == {
        "face": "targ-cards-1.png",
        "back": "targ-cards-back.png",
        "NumWidth": 6,
        "NumHeight": 6,
        "count": 36,
        "BackIsHidden": True,
        "UniqueBack": False,
    }
    face = Image.open(folder / sheet["face"])
    assert face.size == (6 * 591, 6 * 472) and deck["piece_px"] == [591, 472] and deck["dpi"] == 300
    assert Image.open(folder / sheet["back"]).size == (591, 472)


def test_each_cell_holds_its_own_card(exported):
    folder, index = exported("targ")
    deck = index["decks"][0]
    face = Image.open(folder / deck["sheets"][0]["face"]).convert("RGB")
    frame_x = tts.pixels(3.45, deck["dpi"])  # the frame's line: 0.9 mm wide, its middle 3.45 mm inside the cut
    for first, colour in ((0, "#8a2c6a"), (12, "#1f6fb0"), (24, "#b86e00")):  # berries, crystals, honey
        for index_in_type in (0, 11):
            piece = cell(face, deck, first + index_in_type)
            assert close(piece.getpixel((frame_x, piece.height // 2)), colour)


def test_no_cut_line_is_baked_into_the_images(exported):
    """On screen nothing is cut: a card's edge shows its own tint (its bleed runs past the cut), not
    the printed sheet's cut line."""
    folder, index = exported("targ")
    deck = index["decks"][0]
    face = Image.open(folder / deck["sheets"][0]["face"]).convert("RGB")
    tint = "#f3eaf0"  # berries #8a2c6a at tint 0.1
    piece = cell(face, deck, 0)
    w, h = piece.size
    ring = [(x, 0) for x in range(w)] + [(x, h - 1) for x in range(w)] + [(0, y) for y in range(h)]
    ring += [(w - 1, y) for y in range(h)]  # every edge pixel: no grey cut line anywhere along it
    assert all(close(piece.getpixel(xy), tint) for xy in ring), [piece.getpixel(xy) for xy in ring[:: w // 4]]


def test_kpn_one_deck_per_colour_with_its_own_back(exported):
    folder, index = exported("kpn")
    decks = {(d["component"], d["owner"]): d for d in index["decks"]}
    assert list(decks) == [("aid", None), ("tiles", "yellow"), ("tiles", "pink"), ("tiles", "blue"), ("tiles", "green")]
    assert (
        decks[("aid", None)]["count"] == 4
        and decks[("aid", None)]["sheets"][0]["NumWidth"] * decks[("aid", None)]["sheets"][0]["NumHeight"] == 4
    )
    colours = {"yellow": "#d9a400", "pink": "#d94f93", "blue": "#2d68b0", "green": "#2b9147"}
    for owner, colour in colours.items():
        deck = decks[("tiles", owner)]
        (sheet,) = deck["sheets"]
        assert (sheet["NumWidth"], sheet["NumHeight"], sheet["count"], deck["count"]) == (5, 3, 15, 15)
        assert Image.open(folder / sheet["face"]).size == (5 * 402, 3 * 402)
        back = Image.open(folder / sheet["back"]).convert("RGB")
        assert back.size == (402, 402)
        share = sum(count for count, pixel in back.getcolors(402 * 402) if close(pixel, colour)) / (402 * 402)
        assert share > 0.3, f"the {owner} back is not mostly {colour}"


def test_lang_names_the_files_and_titles(exported):
    folder, index = exported("kpn", "--lang", "cs")
    titles = [d["title"] for d in index["decks"]]
    assert titles == [
        "Přehledy pro hráče",
        "Destičky – žlutá",
        "Destičky – růžová",
        "Destičky – modrá",
        "Destičky – zelená",
    ]
    assert index["decks"][1]["sheets"][0]["face"] == "kpn-cs-tiles-yellow-1.png"
    assert all((folder / s[name]).is_file() for d in index["decks"] for s in d["sheets"] for name in ("face", "back"))


def test_more_than_70_pieces_go_on_a_second_sheet_of_the_same_grid(run, tmp_path):
    kit = yaml.safe_load((REPO / "src" / "printkit" / "templates" / "new.yaml").read_text(encoding="utf-8"))
    kit["components"][2]["types"][0]["count"] = 66  # 66 + 6 + 4 = 76 cards
    kit["invariants"] = [rule for rule in kit["invariants"] if rule["id"] != "deck"]
    del kit["page_count"], kit["page_plan"]
    path = tmp_path / "big.yaml"
    path.write_text(yaml.safe_dump(kit, allow_unicode=True), encoding="utf-8")
    result = run("export-tts", str(path), "-o", str(tmp_path / "tts"))
    assert result.code == 0, result.err
    deck = json.loads((tmp_path / "tts" / "tts.json").read_text(encoding="utf-8"))["decks"][0]
    assert [(s["NumWidth"], s["NumHeight"], s["count"]) for s in deck["sheets"]] == [(10, 7, 70), (10, 7, 6)]
    sizes = {Image.open(tmp_path / "tts" / s["face"]).size for s in deck["sheets"]}
    assert sizes == {(10 * deck["piece_px"][0], 7 * deck["piece_px"][1])} and max(sizes.pop()) <= 4096


def test_a_kit_without_cards_or_tiles_is_one_clear_error(run, tmp_path):
    result = run("export-tts", "ogrod", "-o", str(tmp_path / "tts"))
    assert (result.code, result.err) == (1, "ogrod: the kit has no cards or tiles to export\n")
