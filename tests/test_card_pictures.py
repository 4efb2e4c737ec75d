"""A picture per card, measured in the PDF: fitted in its box as `fit` and `crop` say, a JPEG at
print size embedded byte for byte, one picture shown twice stored once, a picture far larger
than its print size reduced to the kit's dpi with a warning, a placeholder (and a warning naming
the kit file or table, row and column) while a picture is not made yet, and pictures as icons."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image, ImageDraw
from pypdf import PdfReader

from conftest import mm
from piece_pdf import TOLERANCE, pieces
from piece_pdf import build as build_with_manifest
from printkit.pictures.limits import print_pixels
from test_cards import KIT_HEAD

KIT = (
    KIT_HEAD
    + """{icons}components:
  - id: deck
    kind: cards
    title: {{pl: Karty, cs: Karty, en: Cards}}
    width: 63mm
    height: 88mm
    types:
{types}
    face:
      - {{type: symbol, box: [5, 5, 50, 40]{symbol}}}
      - {{type: name, box: [5, 60, 53, 8]}}
rules:
  - heading: {{pl: Zasady, cs: Pravidla, en: Rules}}
    body: {{pl: "Karty {rule}", cs: "Karty {rule}", en: "Cards {rule}"}}
"""
)


def picture(path: Path, size: tuple[int, int], fmt: str = "JPEG") -> Path:
    """A picture with a circle in its middle, so that a decoder has something to read."""
    path.parent.mkdir(parents=True, exist_ok=True)
    image = Image.new("RGB", size, "#2a7ab0")
    w, h = size
    ImageDraw.Draw(image).ellipse((w // 4, h // 4, 3 * w // 4, 3 * h // 4), fill="#ffcc00")
    image.save(path, format=fmt, quality=90)
    return path


def kit_file(root: Path, images: list[str], symbol: str = "", icons: str = "", rule: str = "", head: str = "") -> Path:
    """A deck with one card a picture (the types a, b, c, ... in order), in root/kits/art.yaml."""
    folder = root / "kits" / "art"
    folder.mkdir(parents=True, exist_ok=True)
    types = "\n".join(
        f'      - {{id: t{n}, count: 1, image: "{image}", name: {{pl: "Karta {n}", cs: "Karta {n}", en: "Card {n}"}}}}'
        for n, image in enumerate(images)
    )
    kit = root / "kits" / "art.yaml"
    kit.write_text(head + KIT.format(types=types, symbol=symbol, icons=icons, rule=rule), encoding="utf-8")
    return kit


def built(run, kit: Path, *options: str) -> tuple[Path, str]:
    pdf = kit.parent / "art.pdf"
    result = run("build", str(kit), "-o", str(pdf), *options)
    assert result.code == 0, result.err
    return pdf, result.err


def image_objects(pdf: Path) -> list:
    """Every image XObject of the PDF, each once, found through the pages' and forms' resources."""
    seen: dict[int, object] = {}

    def walk(resources) -> None:
        for ref in resources.get("/XObject", {}).values():
            obj = ref.get_object()
            if obj["/Subtype"] == "/Image":
                seen.setdefault(ref.idnum, obj)
            elif "/Resources" in obj:
                walk(obj["/Resources"])

    for page in PdfReader(pdf).pages:
        walk(page.get("/Resources", {}))
    return list(seen.values())


def placed_images(pdf: Path, page_number: int = 1) -> list[tuple[float, float, float, float]]:
    """(x, y, w, h) in mm of every image drawn on a page, as a whole (before any clip)."""
    with pdfplumber.open(pdf) as document:
        page = document.pages[page_number]
        return [(mm(i["x0"]), mm(i["top"]), mm(i["x1"] - i["x0"]), mm(i["bottom"] - i["top"])) for i in page.images]


def close(found: tuple[float, ...], expected: tuple[float, ...]) -> bool:
    return all(abs(a - b) <= TOLERANCE for a, b in zip(found, expected, strict=True))


@pytest.mark.parametrize(
    "symbol, expected",
    [
        ("", (5, 12.5, 50, 25)),  # contain: a 2:1 picture 50 mm wide, centred in the 50 × 40 box
        (", fit: cover", (-10, 5, 80, 40)),  # cover: 40 mm high, 80 wide, its sides cut off by the box
        (", fit: stretch", (5, 5, 50, 40)),  # stretch: the box
        (", crop: [0.25, 0, 0.5, 1]", (-10, 5, 80, 40)),  # the middle half (1:1) contained: 40 × 40 at x 10
        (", fit: cover, crop: [0, 0, 0.5, 0.5]", (-10, 5, 160, 80)),  # the top-left quarter's middle covers it
    ],
)
def test_a_picture_is_placed_in_its_box_as_fit_and_crop_say(tmp_path, run, symbol, expected):
    kit = kit_file(tmp_path, ["wide.jpg"], symbol)
    picture(kit.parent / "art" / "wide.jpg", (400, 200))
    pdf, manifest = build_with_manifest(str(kit), tmp_path)
    (card,) = pieces(manifest, kind="card")
    x, y, w, h = expected
    (found,) = placed_images(pdf)
    assert close(found, (card["x"] + 5 + x - 5, card["y"] + y, w, h)), found


def test_cover_and_crop_clip_the_picture_to_its_box_and_contain_does_not(tmp_path, run):
    """What shows is cut at the box: the picture's drawing is inside a clip of the box's size."""
    for symbol, clipped in (("", False), (", fit: cover", True), (", crop: [0.1, 0.1, 0.8, 0.8]", True)):
        kit = kit_file(tmp_path / symbol.strip(", :[]").replace(" ", ""), ["wide.jpg"], symbol)
        picture(kit.parent / "art" / "wide.jpg", (400, 200))
        pdf, _ = built(run, kit)
        page = PdfReader(pdf).pages[1]
        forms = [
            obj.get_data().decode("latin-1")
            for obj in (ref.get_object() for ref in page["/Resources"].get("/XObject", {}).values())
            if obj["/Subtype"] == "/Form"
        ]
        # a drawing placed once is drawn in the page's own stream, one placed again in a form
        streams = [page.get_contents().get_data().decode("latin-1"), *forms]
        clips = [re.findall(r"([\d.]+) ([\d.]+) re W n", stream) for stream in streams]
        found = [clip for clip in clips if clip]
        if clipped:
            (clip,) = found
            w, h = (float(v) * 25.4 / 72 for v in clip[0])
            expected = (50, 25) if "crop" in symbol else (50, 40)  # a 0.8 crop keeps 2:1, contained 50 × 25
            assert (round(w, 2), round(h, 2)) == expected
        else:
            assert not found


def test_a_jpeg_at_print_size_is_embedded_byte_for_byte(tmp_path, run):
    """The box is 50 mm wide: 591 pixels at 300 dpi; a 700 px JPEG (under 1.5 ×) passes through."""
    kit = kit_file(tmp_path, ["photo.jpg"])
    file = picture(kit.parent / "art" / "photo.jpg", (700, 560))
    pdf, err = built(run, kit)
    (image,) = image_objects(pdf)
    assert image["/Filter"] == ["/DCTDecode"]
    assert image._data == file.read_bytes()
    assert (image["/Width"], image["/Height"]) == (700, 560)
    assert "warning" not in err


def test_one_picture_on_two_cards_is_stored_once(tmp_path, run):
    """Two types naming the same file, and a third naming a copy of it under another name."""
    kit = kit_file(tmp_path, ["photo.jpg", "photo.jpg", "copy.jpg"])
    file = picture(kit.parent / "art" / "photo.jpg", (500, 400))
    (kit.parent / "art" / "copy.jpg").write_bytes(file.read_bytes())
    pdf, _ = built(run, kit)
    assert len(image_objects(pdf)) == 1
    assert len(placed_images(pdf)) == 3


def test_a_picture_far_larger_than_its_print_size_is_reduced_to_the_kits_dpi_with_a_warning(tmp_path, run):
    """6000 × 8000 px for a 50 × 40 mm box: at 300 dpi its longest side needs 591 pixels."""
    kit = kit_file(tmp_path, ["huge.jpg"])
    picture(kit.parent / "art" / "huge.jpg", (6000, 8000))
    pdf, err = built(run, kit)
    (image,) = image_objects(pdf)
    assert image["/Height"] == print_pixels(50) == 591
    assert image["/Width"] == pytest.approx(591 * 6 / 8, abs=1)
    assert err.strip() == (
        f"{kit}:14: components[0].types[0].image: warning: 'huge.jpg' is 6000 × 8000 pixels, 4064 dpi at its 50 mm; "
        "printkit embeds it at 300 dpi (443 × 591 pixels); scale it down to build faster"
    )
    kit.write_text("dpi: 150\n" + kit.read_text(encoding="utf-8"), encoding="utf-8")
    pdf, err = built(run, kit)
    (image,) = image_objects(pdf)
    assert image["/Height"] == print_pixels(50, 150) == 296
    assert "embeds it at 150 dpi (222 × 296 pixels)" in err


def test_a_picture_not_made_yet_is_a_placeholder_and_a_warning(tmp_path, run):
    kit = kit_file(tmp_path, ["photo.jpg", "later/boar.png"])
    picture(kit.parent / "art" / "photo.jpg", (500, 400))
    warning = (
        f"{kit}:15: components[0].types[1].image: warning: no picture 'later/boar.png' in the kit's folder "
        f"{kit.parent / 'art'}/ yet; a placeholder is printed in its place"
    )
    result = run("validate", str(kit))
    assert result.code == 0
    assert warning in result.err.splitlines()
    pdf, err = built(run, kit)
    assert err.strip() == warning
    assert len(placed_images(pdf)) == 1
    with pdfplumber.open(pdf) as document:
        page = document.pages[1]
        words = page.extract_text()
        boxes = [(mm(r["x0"]), mm(r["top"]), mm(r["x1"] - r["x0"]), mm(r["bottom"] - r["top"])) for r in page.rects]
    assert "later/boar.png" in words and "Karta 1" in words
    assert any(close((w, h), (50, 40)) for _, _, w, h in boxes)  # the light box in the picture's place


def test_a_table_rows_missing_picture_names_the_table_row_and_column(tmp_path, run):
    from deck_tables import write_csv

    folder = tmp_path / "kits" / "art"
    picture(folder / "a.jpg", (300, 200))
    write_csv(folder / "cards.csv", [["id", "nazwa", "obrazek"], ["a", "Łoś", "a.jpg"], ["b", "Żuk", "b.jpg"]])
    kit = tmp_path / "kits" / "art.yaml"
    columns = "{id: id, name: {pl: nazwa, cs: nazwa, en: nazwa}, image: obrazek}"
    table = f"    table:\n      file: cards.csv\n      columns: {columns}\n"
    kit.write_text(
        KIT.format(types="", symbol="", icons="", rule="").replace("    types:\n\n", table), encoding="utf-8"
    )
    pdf, err = built(run, kit)
    assert err.strip() == (
        f"{folder / 'cards.csv'}: row 3, column obrazek: warning: no picture 'b.jpg' in the kit's folder {folder}/ "
        "yet; a placeholder is printed in its place"
    )
    assert len(placed_images(pdf)) == 1


def test_a_picture_icon_prints_at_the_texts_size_on_its_baseline(tmp_path, run):
    """:coin: in the rules' body: a 2:1 picture as wide as the icon's square (0.78 em), on the baseline."""
    icons = "icons:\n  - {id: coin, image: coin.png}\n"
    kit = kit_file(tmp_path, ["photo.jpg"], icons=icons, rule="kosztują 1 :coin: za sztukę")
    picture(kit.parent / "art" / "photo.jpg", (300, 200))
    picture(kit.parent / "art" / "coin.png", (200, 100), "PNG")
    pdf, _ = built(run, kit)
    with pdfplumber.open(pdf) as document:
        page = document.pages[0]
        chars = page.chars
        (a_ogonek,) = [  # the 'ą' of 'kosztują', on the icon's line (the print recipe has others)
            c
            for n, c in enumerate(chars)
            if c["text"] == "ą" and "".join(d["text"] for d in chars[n - 7 : n]) == "kosztuj"
        ]
        line_y = page.height - a_ogonek["matrix"][5]  # (the kit strip's card shows the deck's picture too)
        (icon,) = [image for image in page.images if abs(image["bottom"] - line_y) < 3]
        baseline = mm(page.height - a_ogonek["matrix"][5])  # the text matrix's y: where the letters sit
    em = a_ogonek["size"] * 25.4 / 72
    assert mm(icon["x1"] - icon["x0"]) == pytest.approx(0.78 * em, abs=0.05)
    assert mm(icon["bottom"] - icon["top"]) == pytest.approx(0.78 * em / 2, abs=0.05)
    assert mm(icon["bottom"]) == pytest.approx(baseline + 0.06 * em, abs=0.05)  # on the baseline, as icons sit


def test_a_table_rows_picture_outside_the_folder_is_refused_naming_its_row_and_column(tmp_path, run):
    """A picture column is as hostile as the kit: a path out of the folder is an error, not a placeholder."""
    from deck_tables import write_csv

    folder = tmp_path / "kits" / "art"
    folder.mkdir(parents=True)
    write_csv(folder / "cards.csv", [["id", "nazwa", "obrazek"], ["a", "Łoś", "../../../etc/hostname.png"]])
    columns = "{id: id, name: {pl: nazwa, cs: nazwa, en: nazwa}, image: obrazek}"
    table = f"    table:\n      file: cards.csv\n      columns: {columns}\n"
    kit = tmp_path / "kits" / "art.yaml"
    kit.write_text(
        KIT.format(types="", symbol="", icons="", rule="").replace("    types:\n\n", table), encoding="utf-8"
    )
    result = run("validate", str(kit))
    assert result.code == 1
    assert (
        f"{folder / 'cards.csv'}: row 2, column obrazek: '../../../etc/hostname.png' lies outside the kit's folder "
        f"{folder}/; keep the kit's pictures inside it"
    ) in result.err.splitlines()
    assert "placeholder" not in result.err


def test_a_picture_icon_is_prepared_at_the_kits_dpi(tmp_path, run):
    """A picture icon is prepared for 20 mm (printkit.pictures.limits.ICON_PRINT_MM) at the kit's dpi, the size the
    validator's warning names: a 1000 x 500 px coin is 237 px wide at 300 dpi, 119 px at 150 (the
    renderer prepared it at 300 whatever the kit said)."""
    icons = "icons:\n  - {id: coin, image: coin.png}\n"
    widths = {}
    for dpi in (300, 150):
        kit = kit_file(tmp_path / str(dpi), ["photo.jpg"], icons=icons, rule="kosztują 1 :coin: za sztukę")
        kit.write_text(f"dpi: {dpi}\n" + kit.read_text(encoding="utf-8"), encoding="utf-8")
        picture(kit.parent / "art" / "photo.jpg", (300, 200))
        picture(kit.parent / "art" / "coin.png", (1000, 500), "PNG")
        pdf, err = built(run, kit)
        said = re.search(rf"printkit embeds it at {dpi} dpi \((\d+) × (\d+) pixels\)", err)
        assert said, err
        embedded = [(i["/Width"], i["/Height"]) for i in image_objects(pdf) if i["/Width"] > i["/Height"] * 1.5]
        assert embedded == [(int(said[1]), int(said[2]))]
        widths[dpi] = embedded[0][0]
    assert widths == {300: 237, 150: 119}


def test_exports_refuse_a_placeholder_naming_its_row_unless_allowed(tmp_path, run):
    """A shop or a table would get the "no picture yet" box: export and export-tts say which rows
    name pictures not made yet, write nothing, and export them only with --allow-placeholders."""
    kit = kit_file(tmp_path, ["photo.jpg", "later/boar.png"])
    picture(kit.parent / "art" / "photo.jpg", (500, 400))
    for command, options in (("export", ["--for", "pdf"]), ("export-tts", [])):
        folder = tmp_path / f"{command}-out"
        result = run(command, str(kit), *options, "-o", str(folder))
        assert result.code == 1
        assert result.err.strip() == (
            f"{kit}:15: components[0].types[1].image: no picture 'later/boar.png' yet: {command} would send its "
            "placeholder; make the picture, or give --allow-placeholders to export the placeholders as they are"
        )
        assert not folder.exists()
        allowed = run(command, str(kit), *options, "-o", str(folder), "--allow-placeholders")
        assert allowed.code == 0, allowed.err
        assert folder.is_dir()


def test_an_export_names_the_table_row_whose_picture_is_a_placeholder(tmp_path, run):
    from deck_tables import write_csv

    folder = tmp_path / "kits" / "art"
    picture(folder / "a.jpg", (300, 200))
    write_csv(folder / "cards.csv", [["id", "nazwa", "obrazek"], ["a", "Łoś", "a.jpg"], ["b", "Żuk", "b.jpg"]])
    kit = tmp_path / "kits" / "art.yaml"
    columns = "{id: id, name: {pl: nazwa, cs: nazwa, en: nazwa}, image: obrazek}"
    table = f"    table:\n      file: cards.csv\n      columns: {columns}\n"
    kit.write_text(
        KIT.format(types="", symbol="", icons="", rule="").replace("    types:\n\n", table), encoding="utf-8"
    )
    result = run("export", str(kit), "--for", "png", "-o", str(tmp_path / "png"))
    assert result.code == 1
    assert result.err.strip().startswith(f"{folder / 'cards.csv'}: row 3, column obrazek: no picture 'b.jpg' yet")
