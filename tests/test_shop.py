"""`printkit export --for png|pdf`: print-shop files measured as a shop would: the PNGs' pixel
sizes, the colour of their outermost (bleed) pixels, the PDFs' TrimBox and BleedBox in points,
their page counts, and index.csv's rows against the pieces."""

from __future__ import annotations

import csv
import json

import pypdf
import pytest
from PIL import Image

from conftest import REPO
from printkit.cli import main
from printkit.commands import export as shop
from printkit.layout.marks import tinted
from printkit.output import presets
from printkit.output.files import MARKER

POKER = str(REPO / "tests" / "kits" / "poker.yaml")
PIXEL_TOLERANCE = 12  # per channel: anti-aliasing at a shape's edge, none on a flat fill
POINTS = 72 / 25.4


@pytest.fixture(autouse=True)
def no_user_presets(tmp_path, monkeypatch):
    monkeypatch.setenv("PRINTKIT_CONFIG_DIR", str(tmp_path / "config"))


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """Export once per module: exported('targ', '--for', 'png') -> (folder, index.csv rows)."""
    folder = tmp_path_factory.mktemp("shop")
    cache: dict[tuple, tuple] = {}

    def get(kit: str, *options: str):
        if (kit, options) not in cache:
            target = folder / f"{len(cache)}"
            try:
                main(["export", kit, "-o", str(target), *options])
            except SystemExit as exc:
                assert not exc.code, f"export {kit} {options} failed"
            with open(target / "index.csv", encoding="utf-8", newline="") as stream:
                cache[(kit, options)] = (target, list(csv.DictReader(stream)))
        return cache[(kit, options)]

    return get


def close(pixel: tuple, colour: str, tolerance: int = PIXEL_TOLERANCE) -> bool:
    wanted = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], wanted, strict=True))


def outermost(image: Image.Image) -> list[tuple]:
    """Every pixel of the image's outermost ring: the far edge of its bleed."""
    rgb = image.convert("RGB")
    w, h = rgb.size
    ring = [(x, 0) for x in range(w)] + [(x, h - 1) for x in range(w)]
    ring += [(0, y) for y in range(h)] + [(w - 1, y) for y in range(h)]
    return [rgb.getpixel(xy) for xy in ring]


# --- the rounding rule ----------------------------------------------------------------------------------


def test_pixels_round_half_up_from_trim_plus_both_bleeds():
    assert (shop.pixels(63, 3.175, 300), shop.pixels(88, 3.175, 300)) == (819, 1114)  # 819.09, 1114.37
    assert (shop.pixels(63.5, 3.175, 300), shop.pixels(88.9, 3.175, 300)) == (825, 1125)  # exactly
    assert shop.pixels(20.05, 0, 254) == 201  # exactly 200.5: up, where round() would give 200
    assert shop.pixels(20.25, 0.05, 254) == 204  # 20.35 mm = 203.5 px: up again
    assert shop.pixels(20.04, 0, 254) == 200  # 200.4


def test_a_poker_card_with_an_eighth_inch_bleed_is_819_by_1114_at_300_dpi(exported, tmp_path):
    """63 x 88 mm + 2 x 3.175 mm = 69.35 x 94.35 mm = 819.09 x 1114.37 px at 300 dpi."""
    kit = tmp_path / "poker63.yaml"
    kit.write_text(
        (REPO / "tests" / "kits" / "poker.yaml")
        .read_text(encoding="utf-8")
        .replace("63.5mm", "63mm")
        .replace("88.9mm", "88mm"),
        encoding="utf-8",
    )
    folder, rows = exported(str(kit), "--for", "png")
    for row in rows:
        assert Image.open(folder / row["file"]).size == (819, 1114), row


def test_an_exact_half_pixel_rounds_up_in_the_files(exported, tmp_path):
    """Tokens of 20.05 mm without bleed at 254 dpi (10 px a mm): 200.5 px, written as 201."""
    kit = tmp_path / "tokens.yaml"
    kit.write_text(
        (REPO / "kits" / "latarnie.yaml").read_text(encoding="utf-8").replace("size: 30mm", "size: 20.05mm"),
        encoding="utf-8",
    )
    folder, rows = exported(str(kit), "--for", "png", "--dpi", "254", "--bleed", "0")
    assert rows and all(Image.open(folder / row["file"]).size == (201, 201) for row in rows)


# --- PNG --------------------------------------------------------------------------------------------------


def test_token_and_stone_sizes_at_300_dpi(exported):
    tokens, token_rows = exported("latarnie", "--for", "png")  # 30 mm tokens: 36.35 mm = 429.33 px
    assert {Image.open(tokens / r["file"]).size for r in token_rows} == {(429, 429)}
    stones, stone_rows = exported("plateau", "--for", "png")  # 32 mm stones: 38.35 mm = 452.95 px
    assert {Image.open(stones / r["file"]).size for r in stone_rows} == {(453, 453)}
    assert Image.open(stones / stone_rows[0]["file"]).info["dpi"] == pytest.approx((300, 300), abs=0.01)


def test_the_bleed_is_the_cards_fill_to_the_last_pixel(exported):
    """targ's cards fill with their colour at tint 0.1; the poker deck's backs are solid green:
    every pixel of the outermost ring, 3.175 mm past the cut, has the fill's colour (no white)."""
    folder, rows = exported("targ", "--for", "png")
    tints = {"berries": "#f3eaf0", "crystals": "#e9f1f7", "honey": "#f8f0e6"}
    for row in (row for row in rows if row["side"] == "face"):  # the default back is white paper
        ring = outermost(Image.open(folder / row["file"]))
        assert all(close(pixel, tints[row["type"]]) for pixel in ring), row["file"]
    poker, poker_rows = exported(POKER, "--for", "png")
    (back,) = [row for row in poker_rows if row["side"] == "back"]
    assert all(close(pixel, "#1b5e20") for pixel in outermost(Image.open(poker / back["file"])))
    for face in (row for row in poker_rows if row["side"] == "face"):
        colour = {"sun": "#d94f1a", "moon": "#2d68b0"}[face["type"]]
        assert all(close(pixel, colour) for pixel in outermost(Image.open(poker / face["file"])))


def test_the_index_lists_every_piece_side_once_by_count(exported):
    """kpn: 4 cheat-sheet cards (printkit's default back, one file) and 60 tiles of 4 colours with a
    back each: 128 sides; identical drawings share one file, its count and copies saying how many."""
    folder, rows = exported("kpn", "--for", "png")
    assert sorted(p.name for p in folder.iterdir()) == sorted([r["file"] for r in rows] + ["index.csv", MARKER])
    counts: dict[tuple[str, str], int] = {}
    for row in rows:
        counts[row["component"], row["side"]] = counts.get((row["component"], row["side"]), 0) + int(row["count"])
    assert counts == {("aid", "face"): 4, ("aid", "back"): 4, ("tiles", "face"): 60, ("tiles", "back"): 60}
    backs = [row for row in rows if row["component"] == "tiles" and row["side"] == "back"]
    assert [(r["file"], r["count"], r["copies"]) for r in backs] == [
        ("tiles-01-yellow-back.png", "15", "1-15"),
        ("tiles-16-pink-back.png", "15", "16-30"),
        ("tiles-31-blue-back.png", "15", "31-45"),
        ("tiles-46-green-back.png", "15", "46-60"),
    ]  # one back per colour, named for it
    assert [r["type"] for r in backs] == ["yellow", "pink", "blue", "green"]
    faces = [row for row in rows if row["component"] == "tiles" and row["side"] == "face"]
    assert faces[0]["file"] == "tiles-01-yellow-rock-face.png" and faces[0]["type"] == "yellow rock"


def test_each_file_says_which_piece_it_is(exported):
    """Round 10 (plateau): index.csv called all 28 stone files "stones", and their names did not
    say black or white, ace or mask; a shop could not check a file without opening it. Each stone's
    files carry its owner and type, as the manifest names them, faces and backs alike."""
    folder, rows = exported("plateau", "--for", "png")
    faces = [row for row in rows if row["side"] == "face"]
    assert faces[0]["file"] == "stones-01-black-ace-face.png" and faces[0]["type"] == "black ace"
    assert {row["type"].split(" ")[0] for row in faces} == {"black", "white"}
    assert len({row["type"] for row in faces}) == 14  # 7 kinds of stone a player, whose faces differ
    for row in faces:
        back = next(r for r in rows if r["file"] == row["back"])
        named = row["type"].replace(" ", "-").replace("_", "-")
        assert back["type"] == row["type"] and back["file"].endswith(f"-{named}-back.png")


def test_every_copy_has_its_own_row_where_the_drawings_differ(exported):
    """targ's 36 cards each print their index (1/12 ...): 36 face files, copy numbers padded to 2 digits."""
    folder, rows = exported("targ", "--for", "png")
    rows = [row for row in rows if row["side"] == "face"]  # and one default back for all 36
    assert [row["file"] for row in rows] == [f"cards-{n:02d}-{row['type']}-face.png" for n, row in enumerate(rows, 1)]
    assert {row["type"] for row in rows} == {"berries", "crystals", "honey"}
    assert all(row["count"] == "1" for row in rows)
    assert {Image.open(folder / row["file"]).size for row in rows} == {(666, 547)}  # 56.35 x 46.35 mm


def test_bleed_kit_keeps_each_components_own_bleed(exported):
    """targ's cards print with their own bleed, 2 mm: 54 x 44 mm = 638 x 520 px, and the outermost
    pixels are the berries' 10 % tint, which runs into the bleed as on the home PDF's pages."""
    folder, rows = exported("targ", "--for", "png", "--bleed", "kit")
    image = Image.open(folder / rows[0]["file"])
    assert image.size == (638, 520)  # 637.8, 519.7
    assert all(close(pixel, tinted("#8a2c6a", 0.1)) for pixel in outermost(image))


# --- PDF --------------------------------------------------------------------------------------------------


def boxes(page) -> tuple[list[float], list[float], list[float]]:
    return [[round(float(v), 3) for v in box] for box in (page.mediabox, page.trimbox, page.bleedbox)]


def test_pdf_pages_are_trim_plus_bleed_with_trim_and_bleed_boxes(exported):
    folder, rows = exported(POKER, "--for", "pdf")
    reader = pypdf.PdfReader(folder / "poker.pdf")
    width, height = (63.5 + 6.35) * POINTS, (88.9 + 6.35) * POINTS  # 198 x 270 pt
    bleed = 3.175 * POINTS  # 9 pt
    for page in reader.pages:
        media, trim, bled = boxes(page)
        assert media == bled == [0, 0, round(width, 3), round(height, 3)] == [0, 0, 198, 270]
        assert trim == [round(bleed, 3), round(bleed, 3), round(width - bleed, 3), round(height - bleed, 3)]
    assert [(r["page"], r["side"], r["copy"]) for r in rows] == [
        (str(n), side, str((n + 1) // 2)) for n in range(1, 11) for side in ["face" if n % 2 else "back"]
    ]


def test_pdf_faces_and_backs_interleaved_or_in_two_files(exported):
    """kpn's 64 pieces: 128 pages face, back, ...; a card without a back gets printkit's default back;
    separate: 64 faces and 64 backs."""
    folder, rows = exported("kpn", "--for", "pdf")
    assert len(pypdf.PdfReader(folder / "kpn.pdf").pages) == 128
    assert [row["side"] for row in rows] == ["face", "back"] * 64
    assert [row["back_design"] for row in rows if row["side"] == "face"] == ["default"] * 4 + ["kit"] * 60
    apart, apart_rows = exported("kpn", "--for", "pdf", "--backs", "separate")
    assert sorted(p.name for p in apart.iterdir()) == [MARKER, "index.csv", "kpn-backs.pdf", "kpn-faces.pdf"]
    assert len(pypdf.PdfReader(apart / "kpn-faces.pdf").pages) == 64
    assert len(pypdf.PdfReader(apart / "kpn-backs.pdf").pages) == 64


def test_pdf_pieces_are_vector_drawings_with_their_text(exported):
    folder, _ = exported(POKER, "--for", "pdf")
    reader = pypdf.PdfReader(folder / "poker.pdf")
    first = reader.pages[0]
    assert "Sun" in first.extract_text()

    def images(resources) -> int:
        found = 0
        for xobject in (resources or {}).get("/XObject", {}).values():
            obj = xobject.get_object()
            found += 1 if obj["/Subtype"] == "/Image" else images(obj.get("/Resources"))
        return found

    assert all(images(page.get("/Resources")) == 0 for page in reader.pages)


# --- presets ------------------------------------------------------------------------------------------------


def test_the_shipped_presets_are_the_shops_sizes():
    shipped = presets.load()
    tgc, mpc = shipped["tgc-poker"], shipped["mpc-poker"]
    assert (tgc.width, tgc.height, tgc.bleed, tgc.dpi) == (63.5, 88.9, 3.175, 300)
    assert (shop.pixels(tgc.width, tgc.bleed, tgc.dpi), shop.pixels(tgc.height, tgc.bleed, tgc.dpi)) == (825, 1125)
    assert (mpc.width, mpc.height, mpc.bleed, mpc.dpi) == (63.0, 88.0, 3.0, 300)
    assert (shop.pixels(mpc.width, mpc.bleed, mpc.dpi), shop.pixels(mpc.height, mpc.bleed, mpc.dpi)) == (815, 1110)


def test_the_game_crafter_preset_gives_825_by_1125(exported):
    folder, rows = exported(POKER, "--for", "png", "--preset", "tgc-poker")
    assert {Image.open(folder / row["file"]).size for row in rows} == {(825, 1125)}


def test_scale_stretches_a_piece_to_the_presets_size(exported):
    """The 63.5 x 88.9 mm deck for MakePlayingCards' 63 x 88 mm with 3 mm: 815 x 1110 px, the
    TrimBox 3 mm in from a 69 x 94 mm page, and the bleed still the back's green."""
    folder, rows = exported(POKER, "--for", "png", "--preset", "mpc-poker", "--scale")
    (back,) = [row for row in rows if row["side"] == "back"]
    image = Image.open(folder / back["file"])
    assert image.size == (815, 1110)
    assert all(close(pixel, "#1b5e20") for pixel in outermost(image))
    pdf, _ = exported(POKER, "--for", "pdf", "--preset", "mpc-poker", "--scale")
    media, trim, bled = boxes(pypdf.PdfReader(pdf / "poker.pdf").pages[1])
    assert media == bled == [0, 0, round(69 * POINTS, 3), round(94 * POINTS, 3)]
    assert trim == pytest.approx([3 * POINTS, 3 * POINTS, 66 * POINTS, 91 * POINTS], abs=0.01)


def test_a_landscape_deck_takes_an_upright_preset_turned(tmp_path, exported):
    """A 88.9 x 63.5 mm card is The Game Crafter's poker card lying down: no --scale, no
    distortion; its files are the preset's 825 x 1125 px turned, and its PDF pages the preset's
    69.85 x 95.25 mm turned, trimmed 1/8 in in."""
    text = (REPO / "tests" / "kits" / "poker.yaml").read_text(encoding="utf-8")
    text = text.replace("width: 63.5mm\n    height: 88.9mm", "width: 88.9mm\n    height: 63.5mm")
    text = text.replace("box: [10, 70, 43.5, 8]", "box: [10, 45, 43.5, 8]")
    kit = tmp_path / "landscape.yaml"
    kit.write_text(text, encoding="utf-8")
    folder, rows = exported(str(kit), "--for", "png", "--preset", "tgc-poker")
    assert {Image.open(folder / row["file"]).size for row in rows} == {(1125, 825)}
    pdf, _ = exported(str(kit), "--for", "pdf", "--preset", "tgc-poker")
    media, trim, bled = boxes(pypdf.PdfReader(pdf / "landscape.pdf").pages[0])
    assert media == bled == [0, 0, round(95.25 * POINTS, 3), round(69.85 * POINTS, 3)]
    assert trim == pytest.approx([3.175 * POINTS, 3.175 * POINTS, 92.075 * POINTS, 66.675 * POINTS], abs=0.01)
    folder, rows = exported("targ", "--for", "png", "--preset", "tgc-poker", "--scale")  # 50 x 40 mm cards
    assert {Image.open(folder / row["file"]).size for row in rows} == {(1125, 825)}  # stretched, not stood up


def test_a_users_preset_is_listed_and_used(tmp_path, run, monkeypatch):
    config = tmp_path / "config"
    config.mkdir()
    entry = {"title": "My shop's square", "width": 63.5, "height": 88.9, "bleed": 2, "dpi": 150}
    (config / "presets.json").write_text(json.dumps({"presets": {"my-shop": entry}}), encoding="utf-8")
    listed = run("export", "--list-presets")
    assert listed.code == 0
    assert "my-shop: 63.5 × 88.9 mm + 2 mm bleed at 150 dpi = 399 × 549 px" in listed.out
    assert "tgc-poker: 63.5 × 88.9 mm + 3.175 mm bleed at 300 dpi = 825 × 1125 px (printkit)" in listed.out
    result = run("export", POKER, "--for", "png", "--preset", "my-shop", "-o", str(tmp_path / "out"))
    assert result.code == 0, result.err
    assert {Image.open(p).size for p in (tmp_path / "out").glob("*.png")} == {(399, 549)}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"presets": []}', "presets.json:1: presets: expected an object of presets by name"),
        (
            '{"presets": {\n "x": {"width": 63, "height": 88, "bleed": 9, "dpi": 300}}}',
            "presets.json:2: presets.x.bleed: 9 mm is outside 0–3.5 mm",
        ),
        (
            '{"presets": {\n "x": {"width": 63, "height": 88, "bleed": 3, "dpi": true}}}',
            "presets.json:2: presets.x.dpi: expected a whole number from 10 to 1200",
        ),
        (
            '{"presets": {\n "x": {"width": 63, "height": 88, "bleed": 3}}}',
            "presets.json:2: presets.x.dpi: missing; a preset gives width, height, bleed and dpi",
        ),
        (
            '{"presets": {\n "x": {"width": NaN, "height": 88, "bleed": 3, "dpi": 300}}}',
            "presets.json: NaN is not a number a setting holds",
        ),
        ('{"presets": {\n "../x": {}}}', "presets.json:2: presets.../x: not a preset name"),
        (
            '{"presets": {\n "x": {"title": "a\\u001b[2Jb", "width": 63, "height": 88, "bleed": 3, "dpi": 300}}}',
            "presets.json:2: presets.x.title: holds the control character U+001B; use printable characters only",
        ),
        ('{"presets": ' * 5000 + "1" + "}" * 5000, "presets.json: nested 5,000 levels deep"),
        ('{"presets": {"x": {"width": 1' + "0" * 400 + "}}}", "presets.json: a number of 401 characters"),
    ],
)
def test_a_bad_users_preset_file_is_one_line(tmp_path, run, text, message):
    config = tmp_path / "config"
    config.mkdir()
    (config / "presets.json").write_text(text, encoding="utf-8")
    result = run("export", "--list-presets")
    assert result.code == 1
    assert result.err.startswith(str(config) + "/" + message) and result.err.count("\n") == 1, result.err


def test_a_users_preset_file_with_a_byte_order_mark_is_read(tmp_path, run):
    config = tmp_path / "config"
    config.mkdir()
    entry = {"width": 63.5, "height": 88.9, "bleed": 2, "dpi": 150}
    (config / "presets.json").write_bytes(b"\xef\xbb\xbf" + json.dumps({"presets": {"my-shop": entry}}).encode())
    listed = run("export", "--list-presets")
    assert listed.code == 0 and "my-shop: 63.5 × 88.9 mm" in listed.out, listed.err


# --- the folder -----------------------------------------------------------------------------------------------


def test_an_export_replaces_an_earlier_one_whole(tmp_path, run):
    target = tmp_path / "out"
    assert run("export", "kpn", "--for", "pdf", "--backs", "separate", "-o", str(target)).code == 0
    assert run("export", "kpn", "--for", "pdf", "-o", str(target)).code == 0
    assert sorted(p.name for p in target.iterdir()) == [MARKER, "index.csv", "kpn.pdf"]
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_an_interrupted_export_leaves_the_old_folder(tmp_path, run, monkeypatch):
    """Ctrl-C while the new folder's second file is written: the old folder stays as it was and
    the half-written one is gone."""
    import os

    target = tmp_path / "out"
    assert run("export", POKER, "--for", "png", "-o", str(target)).code == 0
    before = {p.name: p.read_bytes() for p in target.iterdir()}
    synced = []

    def interrupted(descriptor: int) -> None:
        synced.append(descriptor)
        if len(synced) == 2:
            raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    result = run("export", POKER, "--for", "png", "--dpi", "150", "-o", str(target))
    assert result.code == 130 and len(synced) == 2
    assert {p.name: p.read_bytes() for p in target.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_printkits_own_folders_are_never_an_export_folder(run):
    from printkit import fonts

    result = run("export", "targ", "--for", "png", "-o", str(fonts.fonts_dir()))
    assert result.code == 1
    assert "one of printkit's own files, which printkit reads; it never writes there" in result.err
