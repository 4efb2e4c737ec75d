"""Art direction as kit data, measured on the PDFs: the theme's board (centred, framed, titled, on its
ground), the title block in the theme's colours and faces, the contents strip's true counts per
type, owners' letters of one size, and box nets centred with the game's facts on their fronts."""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
import yaml
from PIL import Image as Picture

from conftest import mm
from piece_pdf import _shape, ruler_ends
from printkit import pipeline
from printkit.cli import main
from printkit.layout import document
from printkit.layout.board import WAVE_SHADE, darker
from printkit.layout.context import FOOTER_CLEAR
from printkit.layout.figures import LABEL_PT
from printkit.layout.strip import component_samples

KITS = Path(__file__).parent.parent / "kits"
LANGS = ("pl", "cs", "en")
TITLES = {"pl": "Latarnie", "cs": "Majáky", "en": "Lighthouses"}
GRID = 175.0  # latarnie's 5 x 5 cells of 35 mm


def colour(hex_colour: str) -> tuple[float, float, float]:
    return tuple(round(int(hex_colour[i : i + 2], 16) / 255, 3) for i in (1, 3, 5))


def rounded(value: object) -> tuple[float, ...]:
    return tuple(round(float(c), 3) for c in value) if isinstance(value, (tuple, list)) else ()


def theme_of(kit: str) -> dict:
    return yaml.safe_load((KITS / f"{kit}.yaml").read_text(encoding="utf-8"))["theme"]


def strip_labels(path: Path) -> list[str]:
    """The contents strip's labels, left to right: the bold LABEL_PT words from '×' on, above the
    rules' columns (the first 70 mm of the first page)."""
    page = pdfplumber.open(path).pages[0]
    words = page.extract_words(extra_attrs=["size", "fontname"], keep_blank_chars=True, x_tolerance=1.5)
    labels = [
        w
        for w in words
        if w["size"] == pytest.approx(LABEL_PT, abs=0.05)
        and "Bold" in w["fontname"]
        and mm(w["top"]) < 70
        and w["text"].startswith("×")  # not a letter of a piece drawn small enough to match the size
    ]
    assert labels, "no contents strip"
    return [" ".join(w["text"].split()) for w in sorted(labels, key=lambda w: w["x0"])]


@pytest.mark.parametrize("kit", ["latarnie", "ogrod", "plateau", "targ", "kpn"])
def test_every_shipped_kit_has_a_theme(kit):
    theme = theme_of(kit)
    assert {"palette", "board", "faces"} <= set(theme)
    assert theme["palette"]["accent"].startswith("#")


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", LANGS)
def test_latarnie_board_centred_framed_and_titled(built, lang, paper):
    page = pdfplumber.open(built("latarnie", lang, "--paper", paper)).pages[1]
    grid = [r for r in page.rects if r["stroke"] and mm(r["width"]) == pytest.approx(GRID, abs=0.05)]
    assert len(grid) == 1
    left, right = mm(grid[0]["x0"]), mm(page.width - grid[0]["x1"])
    assert left == pytest.approx(right, abs=0.05)  # was 20.5 and 14.5 mm
    accent = colour(theme_of("latarnie")["palette"]["accent"])
    frames = [r for r in page.rects if r["stroke"] and rounded(r["stroking_color"]) == accent]
    assert frames and all(mm(r["width"]) > GRID + 8 for r in frames)  # around the coordinate bands
    for frame in frames:  # the frame is centred too, and never nearer than 8 mm to the paper's edge
        assert mm(frame["x0"]) == pytest.approx(mm(page.width - frame["x1"]), abs=0.05)
        assert mm(frame["x0"]) >= 8.0 - 0.01
    ground = colour(theme_of("latarnie")["board"]["ground"])
    grounds = [r for r in page.rects if r["fill"] and rounded(r["non_stroking_color"]) == ground]
    # the ground ends under the frame's outer line: a board played on its sheet (not cut) does not bleed
    assert len(grounds) == 1 and 0 < mm(grounds[0]["width"]) - max(mm(f["width"]) for f in frames) < 1.0
    title = [w for w in page.extract_words(extra_attrs=["size"]) if w["text"] == TITLES[lang].split()[0]]
    under = [w for w in title if w["top"] > grid[0]["bottom"] and w["bottom"] < grounds[0]["bottom"]]
    assert len(under) == 1 and under[0]["size"] >= 10.0
    centre = (under[0]["x0"] + under[0]["x1"]) / 2
    assert mm(centre) == pytest.approx(mm(page.width) / 2, abs=0.1)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", LANGS)
def test_latarnie_board_stands_mid_page_on_a_sea_of_low_waves(built, lang, paper):
    """The board hung from its heading over a 50 mm empty band (review): heading, board and ruler
    now share the room evenly; its ground is a sea of waves round the cells, a shade darker than
    the ground (low ink, grey on a black-and-white print), never over a cell."""
    pdf = built("latarnie", lang, "--paper", paper)
    page = pdfplumber.open(pdf).pages[1]
    look = theme_of("latarnie")["board"]
    ground = colour(look["ground"])
    (sea,) = [r for r in page.rects if r["fill"] and rounded(r["non_stroking_color"]) == ground]
    note = max(w["bottom"] for w in page.extract_words() if mm(w["top"]) < 30)  # the heading's note
    rulers = ruler_ends([_shape(line) for line in page.lines])
    below = mm(page.height) - FOOTER_CLEAR - (rulers[0].y + rulers[0].h)  # room under the ruler
    above = mm(sea["top"] - note)  # room between the heading and the board
    assert above > 10.0 and abs(above - below) <= 12.0, (above, below)
    cells = [r for r in page.rects if r["fill"] and rounded(r["non_stroking_color"]) == colour(look["cells"])]
    assert len(cells) == 1 and mm(cells[0]["width"]) == pytest.approx(GRID, abs=0.05)
    wave_ink = colour(darker(look["ground"], WAVE_SHADE))
    waves = [c for c in page.curves if c["stroke"] and rounded(c["stroking_color"]) == wave_ink]
    assert len(waves) >= 10
    inside = cells[0]
    for wave in waves:  # round the cells, never over one
        over = wave["x0"] < inside["x1"] and wave["x1"] > inside["x0"]
        assert not (over and inside["top"] < (wave["top"] + wave["bottom"]) / 2 < inside["bottom"])
    ink = rounded(waves[0]["stroking_color"])
    assert 0.6 < sum(ink) / 3 < 0.9  # a light grey line: decoration, not a cut or a rule


def test_a_kit_without_a_theme_keeps_the_plain_board(tmp_path):
    data = yaml.safe_load((KITS / "latarnie.yaml").read_text(encoding="utf-8"))
    del data["theme"]
    kit = tmp_path / "plain.yaml"
    kit.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    loaded = pipeline.load(str(kit))
    assert loaded.kit.theme.board.title is False and loaded.kit.theme.board.ground is None
    ctx = pipeline.context(loaded, "en")
    ctx = document.with_numbers(ctx, document.kit_numbers(loaded.kit, ctx.paper))
    page = loaded.kit.kinds.kind_of(loaded.kit.components[0]).layout(loaded.kit.components[0], ctx)[0]
    grid = next(piece for piece in page.pieces if piece.kind == "board")
    # centred as far as its coordinate band keeps inside the 12 mm margin: 18 and 17 mm (were 20.5 and 14.5)
    assert grid.x == pytest.approx(max((page.width - grid.width) / 2, 12.0 + 6.0), abs=0.01)
    assert abs(grid.x - (page.width - grid.x - grid.width)) <= 1.0 + 1e-6
    texts = [item.text for item in page.items if hasattr(item, "text")]
    assert "Lighthouses" not in texts  # no title on a plain board


@pytest.mark.parametrize("lang", LANGS)
def test_owners_letters_are_one_size(built, lang):
    page = pdfplumber.open(built("latarnie", lang)).pages[2]
    sizes = {(c["text"], round(c["size"], 2)) for c in page.chars if c["text"] in "AB" and c["size"] > 15}
    assert {text for text, _ in sizes} == {"A", "B"}
    assert len({size for _, size in sizes}) == 1  # were A 39.7 pt, B 25.8 pt


@pytest.mark.parametrize("lang", LANGS)
def test_title_block_in_the_theme_colours(built, lang):
    page = pdfplumber.open(built("latarnie", lang)).pages[0]
    palette = theme_of("latarnie")["palette"]
    title = [c for c in page.chars if c["size"] > 20]
    assert "".join(c["text"] for c in title) == TITLES[lang]
    assert {rounded(c["non_stroking_color"]) for c in title} == {colour(palette["accent"])}
    rule = [line for line in page.lines if mm(line["x1"] - line["x0"]) > 150 and mm(line["top"]) < 40]
    assert rule and rounded(rule[0]["stroking_color"]) == colour(palette["accent"])


CONTENTS = {
    # kit: the strip's labels, in order: a board once, then a count per type (not one total)
    # (a board is named with its size, "5 × 5 cells, 175 mm": tests/test_strip_board.py)
    "latarnie": ["× 8 (+ 2 spare)", "× 8 (+ 2 spare)"],  # 8 A circles + 8 B triangles, never "× 16"
    "plateau": ["× 12", "× 12", "× 1"],  # 12 black + 12 white stones, never "× 24"
    "kpn": ["× 4"] + ["× 15"] * 4,  # 4 player aids; 15 tiles of each of the four colours
    "targ": ["× 1", "× 12", "× 12", "× 12"],  # the market; 12 cards of each of 3 types
}
PER_PLAYER = {"pl": "× 1 na gracza", "cs": "× 1 na hráče", "en": "× 1 per player"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kit", sorted(CONTENTS))
def test_contents_strip_counts_each_type(built, kit, lang):
    spare = {"pl": "w zapasie", "cs": "navíc", "en": "spare"}[lang]  # a set's spares counted apart from it
    assert strip_labels(built(kit, lang)) == [label.replace("spare", spare) for label in CONTENTS[kit]]


@pytest.mark.parametrize("lang", LANGS)
def test_a_strip_of_one_sheet_alone_is_left_out_as_the_print_table_counts_it(built, lang):
    """ogrod's strip held its one sheet, '× 1 per player', saying not what it counted (review): the
    print table under the rules names the sheet and its copies; the strip is not printed."""
    pdf = built("ogrod", lang)
    with pytest.raises(AssertionError, match="no contents strip"):
        strip_labels(pdf)
    assert PER_PLAYER[lang].replace("× 1 ", "") in pdfplumber.open(pdf).pages[0].extract_text()


def test_contents_strip_draws_one_piece_of_each_type(built):
    """latarnie's strip shows an A circle and a B triangle, each above its own count."""
    page = pdfplumber.open(built("latarnie", "en")).pages[0]
    letters = Counter(c["text"] for c in page.chars if c["text"] in "AB" and mm(c["top"]) < 30 and c["size"] > 2)
    assert letters["A"] >= 1 and letters["B"] >= 1


FACTS = {
    ("targ", "pl"): ["2–4 graczy", "wiek 8+", "15–20 min"],
    ("targ", "cs"): ["2–4 hráči", "věk 8+", "15–20 min"],
    ("targ", "en"): ["2–4 players", "ages 8+", "15–20 min"],
    ("kpn", "en"): ["2–4 players", "ages 7+", "15–25 min"],
}


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("kit", "lang"), sorted(FACTS))
def test_box_net_centred_with_the_games_facts(built, kit, lang, paper):
    page = pdfplumber.open(built(kit, lang, "--boxes", "--paper", paper)).pages[0]
    net = max(page.curves, key=lambda curve: curve["width"] * curve["height"])
    heading_bottom = 12.0 + 13.0 + 4.0  # the margin, the heading, the gap: where the room starts
    room_bottom = mm(page.height) - 12.0
    # the net and the steps of making it under it, centred together (the legend's words end the steps)
    footer_top = mm(page.height) - 14.2
    lowest = max(mm(word["bottom"]) for word in page.extract_words() if mm(word["bottom"]) < footer_top)
    assert lowest > mm(net["bottom"]) + 30.0  # the steps stand under the net
    above, below = mm(net["top"]) - 2.5 - heading_bottom, room_bottom - lowest  # the net's bleed above it
    assert above == pytest.approx(below, abs=1.0)  # not in the top third of an empty page
    assert mm(net["x0"]) == pytest.approx(mm(page.width - net["x1"]), abs=0.1)
    text = " ".join(page.extract_text().split())
    for fact in FACTS[kit, lang]:
        assert fact in text


def build_themed(tmp_path: Path, art: dict[str, bytes] | None = None, **theme: dict) -> Path:
    """latarnie with its theme changed by ``theme`` (a part's fields), built in English; ``art``
    is written into the kit's folder (beside the kit, named after it)."""
    data = yaml.safe_load((KITS / "latarnie.yaml").read_text(encoding="utf-8"))
    for part, fields in theme.items():
        data["theme"][part] = data["theme"].get(part, {}) | fields
    # the board cut out, so the theme's ground bleeds (a board played on its sheet has none)
    data["components"][0]["print"] = {"copies": "once", "cut": True}
    name = "-".join(f"{part}-{'-'.join(map(str, fields.values()))}" for part, fields in theme.items())
    kit = tmp_path / f"{name}.yaml"
    kit.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    for relative, content in (art or {}).items():
        (tmp_path / name).mkdir(exist_ok=True)
        (tmp_path / name / relative).write_bytes(content)
    target = tmp_path / f"{name}.pdf"
    try:
        main(["build", str(kit), "--lang", "en", "-o", str(target)])
    except SystemExit as exc:
        if exc.code:
            raise
    return target


def test_theme_faces_choose_the_rules_body_face(tmp_path):
    serif = pdfplumber.open(build_themed(tmp_path, faces={"body": "serif"})).pages[0]
    sans = pdfplumber.open(build_themed(tmp_path, faces={"body": "sans", "headings": "serif"})).pages[0]

    def body_fonts(page: pdfplumber.page.Page) -> set[str]:
        """The family most of the page's letters print in (the rules' paragraphs), regular and bold."""
        names = Counter(c["fontname"].split("+")[-1].split("-")[0] for c in page.chars if c["text"].isalpha())
        return {names.most_common(1)[0][0]}

    def title_font(page: pdfplumber.page.Page) -> set[str]:
        return {c["fontname"].split("+")[-1] for c in page.chars if c["size"] > 20}

    assert body_fonts(serif) and all(name.startswith("NotoSerif") for name in body_fonts(serif))
    assert body_fonts(sans) and all(name.startswith("Atkinson") for name in body_fonts(sans))
    assert title_font(serif) and all(name.startswith("Atkinson") for name in title_font(serif))
    assert title_font(sans) and all(name.startswith("NotoSerif") for name in title_font(sans))


@pytest.mark.parametrize("frame", ["double", "band"])
def test_frame_styles(tmp_path, frame):
    page = pdfplumber.open(build_themed(tmp_path, board={"frame": frame, "bleed": 1.0})).pages[1]
    accent = colour(theme_of("latarnie")["palette"]["accent"])
    frames = [r for r in page.rects if r["stroke"] and rounded(r["stroking_color"]) == accent]
    widths = sorted(round(mm(r["linewidth"]), 2) for r in frames)
    assert widths == ([0.25, 0.6] if frame == "double" else [2.5])


def test_a_picture_ground_covers_the_board_in_proportion(tmp_path):
    wood = io.BytesIO()
    Picture.new("RGB", (400, 200), "#d8c8a8").save(wood, format="PNG")
    path = build_themed(tmp_path, {"wood.png": wood.getvalue()}, board={"ground": None, "picture": "wood.png"})
    page = pdfplumber.open(path).pages[1]
    (image,) = page.images
    grid = next(r for r in page.rects if mm(r["width"]) == pytest.approx(GRID, abs=0.05))
    width, height = mm(image["x1"] - image["x0"]), mm(image["bottom"] - image["top"])
    assert width / height == pytest.approx(2.0, abs=0.01)  # in proportion, not stretched
    assert height >= mm(grid["height"]) + 2 * 6.0  # covers the grid and its bands: cropped at the sides
    centre = (image["x0"] + image["x1"]) / 2
    assert mm(centre) == pytest.approx(mm(page.width) / 2, abs=0.05)


def test_a_frame_too_wide_for_the_paper_is_one_line_naming_the_room(tmp_path, capsys):
    """A band frame with a 2 mm bleed needs 10 mm beside latarnie's 175 mm grid; A4 leaves 9.5."""
    with pytest.raises(SystemExit) as exit_code:
        build_themed(tmp_path, board={"frame": "band", "bleed": 2.0})
    assert exit_code.value.code == 1
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.endswith(
        "components[0].cell: the theme's board frame ('band') and bleed need 10 mm beside the 175 mm grid on each "
        "side, 9.5 mm are left on A4; use theme.board frame: line, a smaller bleed, or smaller cells (in en)"
    )


@pytest.mark.parametrize("kit", ["latarnie", "ogrod", "plateau", "targ", "kpn"])
def test_a_components_samples_in_the_strip_are_outlined_alike(kit):
    """One component's pieces are cut alike, so the contents strip outlines all of them or none
    (latarnie's B triangle showed its square cut, the A circle that fills its square did not)."""
    loaded = pipeline.load(kit)
    ctx = pipeline.context(loaded, loaded.kit.kit.default_lang, "a4")
    ctx = document.with_numbers(ctx, dict(ctx.tr.numbers) | document.kit_numbers(loaded.kit, ctx.paper))
    for component in loaded.kit.components:
        if component.in_kit and loaded.kit.kinds.kind_of(component).figure_piece is not None:
            outlined = {sample[4] for sample in component_samples(component, loaded.kit, ctx)}
            assert len(outlined) <= 1, component.id
