"""A kit's own pictures on cards: SVG drawn as vectors, PNG and JPEG as images, kept in proportion
inside the symbol's box; pictures outside the kit's folder, too large or not what they claim refused."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from PIL import Image

from conftest import mm
from piece_pdf import TOLERANCE, build, pieces
from test_cards import KIT_HEAD

SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">
  <rect x="0" y="0" width="40" height="20" fill="#2a7ab0"/>
  <circle cx="20" cy="10" r="6" fill="#ffffff"/>
</svg>
"""
KIT = (
    KIT_HEAD
    + """components:
  - id: deck
    kind: cards
    title: {{pl: Karty, cs: Karty, en: Cards}}
    width: 60mm
    height: 80mm
    types:
      - {{id: wave, count: 2, image: "{first}", name: {{pl: Fala, cs: Vlna, en: Wave}}}}
      - {{id: sun, count: 2, image: "{second}", name: {{pl: Słońce, cs: Slunce, en: Sun}}}}
    face:
      - {{type: symbol, box: [10, 10, 40, 40]}}
      - {{type: name, box: [5, 60, 50, 8]}}
invariants:
  - {{id: deck, check: "deck.wave == deck.sun == 2"}}
rules:
  - heading: {{pl: Zasady, cs: Pravidla, en: Rules}}
    body: {{pl: "Karty.", cs: "Karty.", en: "Cards."}}
"""
)


def make_kit(root: Path, first: str = "wave.svg", second: str = "sun.png") -> Path:
    folder = root / "kits" / "pictures"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "wave.svg").write_text(SVG, encoding="utf-8")
    Image.new("RGB", (30, 60), "#d0a000").save(folder / "sun.png")
    Image.new("RGB", (60, 30), "#a02000").save(folder / "sun.jpg")
    kit = root / "kits" / "pictures.yaml"
    kit.write_text(KIT.format(first=first, second=second), encoding="utf-8")
    return kit


def test_svg_prints_as_vectors_and_png_as_an_image_each_in_proportion_in_its_box(tmp_path):
    pdf, manifest = build(str(make_kit(tmp_path)), tmp_path)
    cards = pieces(manifest, kind="card")
    with pdfplumber.open(pdf) as document:
        page = document.pages[1]
        images = [(mm(i["x0"]), mm(i["top"]), mm(i["x1"] - i["x0"]), mm(i["bottom"] - i["top"])) for i in page.images]
        rects = [
            (mm(r["x0"]), mm(r["top"]), mm(r["x1"] - r["x0"]), mm(r["bottom"] - r["top"]))
            for r in page.rects
            if r["fill"]
        ]
    for card in cards:
        box_x, box_y = card["x"] + 10, card["y"] + 10
        if card["component"] == "sun":  # 30 x 60 px: 20 x 40 mm, centred in the 40 mm box
            expected = (box_x + 10, box_y, 20.0, 40.0)
            assert any(
                all(abs(a - b) <= TOLERANCE for a, b in zip(found, expected, strict=True)) for found in images
            ), card
        else:  # a 40 x 20 SVG: 40 x 20 mm, centred vertically
            expected = (box_x, box_y + 10, 40.0, 20.0)
            assert any(all(abs(a - b) <= TOLERANCE for a, b in zip(found, expected, strict=True)) for found in rects), (
                card
            )
    assert len(images) == 2


def test_jpeg_prints_too(tmp_path):
    pdf, _ = build(str(make_kit(tmp_path, second="sun.jpg")), tmp_path)
    with pdfplumber.open(pdf) as document:
        assert len(document.pages[1].images) == 2


@pytest.mark.parametrize(
    "picture, message",
    [
        ("../secret.png", "'../secret.png' lies outside the kit's folder"),
        ("/etc/hostname.png", "'/etc/hostname.png' is an absolute path; name the picture by its path inside"),
        ("../../etc/passwd", "'../../etc/passwd' lies outside the kit's folder"),  # where it leads, before its name
        ("link.png", "'link.png' is a link to a file outside the kit's folder"),
        ("notes.txt", "'notes.txt' is not a picture printkit can print; use an .svg, .png or .jpg file"),
        (
            "fake.png",
            "'fake.png' cannot be read as an image: it is not PNG data, or it is damaged; export the picture again "
            "as .png, .jpg or .svg",
        ),
        ("renamed.png", "'renamed.png' holds a JPEG image, not the PNG its name says"),
        (
            "huge.png",
            "'huge.png' is 8000 × 7000 pixels (56 megapixels); the limit is 50 megapixels an image; scale it down",
        ),
        (
            "bomb.png",
            "'bomb.png' is far larger than the limit of 50 megapixels an image; scale it down",
        ),  # Pillow refuses to open it
        ("entity.svg", "'entity.svg' declares XML entities; printkit does not read those"),
        ("linked.svg", "'linked.svg' links to another file (photo.png); embed it or draw it in the SVG"),
    ],
)
def test_a_picture_that_cannot_be_used_is_refused_with_its_line(tmp_path, run, picture, message):
    kit = make_kit(tmp_path, second=picture)
    folder = kit.parent / "pictures"
    (tmp_path / "kits" / "secret.png").write_bytes((folder / "sun.png").read_bytes())
    (folder / "fake.png").write_text("not an image", encoding="utf-8")
    Image.new("RGB", (10, 10)).save(folder / "renamed.png", format="JPEG")
    (folder / "link.png").symlink_to(tmp_path / "kits" / "secret.png")
    Image.new("1", (8000, 7000)).save(folder / "huge.png")
    Image.new("1", (14000, 14000)).save(folder / "bomb.png")
    (folder / "entity.svg").write_text(
        '<!DOCTYPE svg [<!ENTITY a "x">]><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>', encoding="utf-8"
    )
    (folder / "linked.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 1 1"><image '
        'xlink:href="photo.png" width="1" height="1"/></svg>',
        encoding="utf-8",
    )
    result = run("validate", str(kit))
    assert result.code == 1
    assert f"pictures.yaml:15: components[0].types[1].image: {message}" in result.err
