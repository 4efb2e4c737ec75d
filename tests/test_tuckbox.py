"""Tuck boxes: the net's panels measured in the PDF against the deck's own numbers, its cut outline
in the manifest and the cut file, and the box kept out of the kit's default build."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from conftest import mm
from piece_pdf import TOLERANCE, build, page_shapes, page_words, pieces
from printkit.cli import main
from printkit.layout.cutpath import is_convex, signed_area

SVG = "{http://www.w3.org/2000/svg}"
THICKNESS, ALLOWANCE = 0.5, 1.0  # what kits/targ.yaml's box says


@pytest.fixture(scope="module")
def targ_deck(tmp_path_factory) -> dict:
    """The size and count of targ's cards as its default build placed them."""
    _, manifest = build("targ", tmp_path_factory.mktemp("deck"))
    cards = pieces(manifest, kind="card", side="face")
    assert {(card["width"], card["height"]) for card in cards} == {(50.0, 40.0)}
    assert not pieces(manifest, kind="tuckbox"), "the box stays out of the default build"
    return {"width": 50.0, "height": 40.0, "count": len(cards)}


@pytest.fixture(scope="module")
def targ_box(tmp_path_factory):
    folder = tmp_path_factory.mktemp("box")
    pdf, manifest_path, cut = folder / "box.pdf", folder / "box.json", folder / "cut.svg"
    main(["build", "targ", "--boxes", "-o", str(pdf), "--manifest", str(manifest_path), "--cut-svg", str(cut)])
    return pdf, json.loads(manifest_path.read_text(encoding="utf-8")), ET.parse(cut).getroot()


def dashed_lines(pdf) -> tuple[list, list]:
    """The page's dashed lines (the folds), vertical and horizontal."""
    lines = [line for line in page_shapes(pdf, 1)["lines"] if line.dashed]
    return [line for line in lines if line.w <= TOLERANCE], [line for line in lines if line.h <= TOLERANCE]


def test_the_panels_measured_in_the_pdf_are_the_deck_plus_the_allowance(targ_deck, targ_box):
    pdf, manifest, _ = targ_box
    vertical, horizontal = dashed_lines(pdf)
    folds = sorted({round(line.x, 2) for line in vertical})
    assert len(folds) == 4  # back | side | front | side | glue tab
    box = pieces(manifest, kind="tuckbox")[0]
    edges = [box["x"], *folds]
    widths = [round(b - a, 2) for a, b in zip(edges, edges[1:], strict=False)]
    width = targ_deck["width"] + ALLOWANCE
    depth = round(targ_deck["count"] * THICKNESS + ALLOWANCE, 2)
    assert widths == [width, depth, width, depth] == [51.0, 19.0, 51.0, 19.0]
    assert {round(line.h, 2) for line in vertical} == {targ_deck["height"] + ALLOWANCE}  # the body's height
    net = [line for line in horizontal if line.y <= box["y"] + box["height"]]  # not the legend's sample
    lid_folds = sorted({round(line.y - box["y"], 2) for line in net})
    assert lid_folds == [15.0, 15.0 + depth, 15.0 + depth + 41.0, 15.0 + 2 * depth + 41.0]  # lids are as deep
    assert box["inside"] == [51.0, 41.0, 19.0]


def test_the_net_is_cut_along_a_polygon_in_the_manifest_and_the_cut_file(targ_box):
    _, manifest, cut_svg = targ_box
    [box] = pieces(manifest, kind="tuckbox")
    assert box["cut"] == "polygon"
    outline = tuple((x, y) for x, y in box["outline"])
    assert not is_convex(outline) and signed_area(outline) > 0  # flaps and a thumb notch, clockwise
    xs, ys = [x for x, _ in outline], [y for _, y in outline]
    assert (round(max(xs) - min(xs), 2), round(max(ys) - min(ys), 2)) == (box["width"], box["height"])
    assert (box["width"], box["height"]) == (2 * 51 + 2 * 19.0 + 8, 2 * 15 + 2 * 19.0 + 41)
    [polygon] = cut_svg.iter(f"{SVG}polygon")
    assert polygon.get("id") == "p1-box-1"
    drawn = [tuple(float(v) for v in point.split(",")) for point in polygon.get("points", "").split()]
    assert drawn == [tuple(point) for point in box["outline"]]


def test_the_box_shows_the_label_and_its_count(targ_box):
    pdf, _, _ = targ_box
    words = [word["text"] for word in page_words(pdf, 1)]
    assert words.count("Targ") >= 3  # front, back, lid (and the footer)
    assert "36" in words


def test_the_box_numbers_are_readable_by_invariants_and_texts():
    from printkit import pipeline
    from printkit.layout.document import kit_numbers

    numbers = kit_numbers(pipeline.load("targ").kit)
    assert {name: numbers[f"box.{name}"] for name in ("width", "height", "depth", "cards")} == {
        "width": 51.0,
        "height": 41.0,
        "depth": 19.0,
        "cards": 36,
    }


def test_kpn_offers_a_box_for_its_tiles(tmp_path):
    _, manifest = build("kpn", tmp_path, "--boxes")
    [box] = pieces(manifest, kind="tuckbox")
    assert box["holds"] == "tiles" and box["inside"] == [35.0, 35.0, 22.0]  # 60 tiles of 34 mm and 0.35 mm


def test_a_folded_deck_gets_a_box_twice_as_deep_for_its_pieces(tmp_path):
    """A review: kpn's fold build glues each tile's face to its back (two sheets of card) but
    offered the box sized for one-sheet tiles; 60 would not go in. Folded, the box holds pieces
    twice as thick."""
    _, manifest = build("kpn", tmp_path, "--boxes", "--two-sided", "fold")
    [box] = pieces(manifest, kind="tuckbox")
    assert box["inside"] == [35.0, 35.0, 43.0]  # 60 tiles of two 0.35 mm sheets, and 1 mm of room


def test_a_kit_without_a_box_says_so(tmp_path, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["build", "ogrod", "--boxes", "-o", str(tmp_path / "x.pdf")])
    assert exc.value.code == 1
    assert capsys.readouterr().err.strip() == "this kit has no box component (kind: tuckbox or box) to print"
    assert not (tmp_path / "x.pdf").exists()


BOX_KIT = """
kit:
  title: {en: "Boxed"}
  players: {min: 1, max: 2}
  languages: [en]
  default_lang: en
  author: "printkit tests"
components:
  - id: deck
    kind: cards
    title: {en: "Cards"}
    width: 63mm
    height: 88mm
    types:
      - {id: card, count: 20, name: {en: "Card"}}
    face:
      - {type: name, box: [5, 5, 53, 10]}
  - id: box
    kind: tuckbox
    holds: deck
    label: {en: "Boxed"}
    sleeve: 3mm
    image: front.png
    color: "#f0e0a0"
rules:
  - heading: {en: "Rules"}
    body: {en: "Play."}
invariants:
  - {id: cards, check: "deck.card == 20 and box.width == 67", rule: {en: "20 cards in sleeves"}}
"""


def test_a_sleeved_deck_gets_a_wider_box_with_its_picture_on_the_front(tmp_path):
    from PIL import Image

    (tmp_path / "boxed").mkdir()
    Image.new("RGB", (40, 40), "#204080").save(tmp_path / "boxed" / "front.png")
    kit = tmp_path / "boxed.yaml"
    kit.write_text(BOX_KIT, encoding="utf-8")
    pdf, manifest_path = tmp_path / "boxed-box.pdf", tmp_path / "boxed-box.json"
    main(["build", str(kit), "--boxes", "-o", str(pdf), "--manifest", str(manifest_path)])
    [box] = pieces(json.loads(manifest_path.read_text(encoding="utf-8")), kind="tuckbox")
    assert box["inside"] == [67.0, 92.0, 7.0]  # 63 + 3 + 1, 88 + 3 + 1, 20 x 0.3 + 1
    vertical, _ = dashed_lines(pdf)
    front_left, front_right = sorted({round(line.x, 2) for line in vertical})[1:3]
    assert round(front_right - front_left, 2) == 67.0
    import pdfplumber

    with pdfplumber.open(pdf) as document:
        [picture] = document.pages[0].images
        left, right = mm(picture["x0"]), mm(picture["x1"])
    assert front_left < left < right < front_right  # on the front panel
    assert right - left <= 67.0 - 6.0 + 0.1  # 3 mm clear of each fold


def test_a_lid_and_tray_box_has_a_lid_net_that_slides_over_the_tray(tmp_path):
    """The two-part box: the tray's base is the deck plus the room, its walls the depth; the lid's
    base is lid_room larger; each net is cut along its own polygon (manifest and cut file)."""
    from PIL import Image

    (tmp_path / "tray").mkdir()
    Image.new("RGB", (40, 40), "#204080").save(tmp_path / "tray" / "front.png")
    kit = tmp_path / "tray.yaml"
    kit.write_text(BOX_KIT.replace("kind: tuckbox", "kind: box"), encoding="utf-8")
    pdf, manifest_path, cut = tmp_path / "tray.pdf", tmp_path / "tray.json", tmp_path / "tray.svg"
    main(["build", str(kit), "--boxes", "-o", str(pdf), "--manifest", str(manifest_path), "--cut-svg", str(cut)])
    rows = pieces(json.loads(manifest_path.read_text(encoding="utf-8")), kind="box")
    lid, tray = sorted(rows, key=lambda row: row["copy"])
    assert (lid["part"], tray["part"]) == ("lid", "tray")
    assert (tray["width"], tray["height"]) == (67 + 2 * 7.0, 92 + 2 * 7.0)
    assert (lid["width"], lid["height"]) == (68.5 + 2 * 7.0, 93.5 + 2 * 7.0)  # lid_room 1.5 mm
    vertical, horizontal = dashed_lines(pdf)
    for row, base_w, base_h in ((lid, 68.5, 93.5), (tray, 67.0, 92.0)):
        xs = sorted({round(line.x - row["x"], 2) for line in vertical if row["x"] <= line.x <= row["x"] + row["width"]})
        assert xs == [7.0, 7.0 + base_w]  # the walls fold up along the base's edges
        ys = sorted(
            {
                round(line.y - row["y"], 2)
                for line in horizontal
                if row["x"] <= line.x <= row["x"] + row["width"] and line.y <= row["y"] + row["height"]
            }
        )
        assert ys == [7.0, 7.0 + base_h]
        assert row["cut"] == "polygon" and len(row["outline"]) == 20
    ids = {polygon.get("id") for polygon in ET.parse(cut).getroot().iter(f"{SVG}polygon")}
    assert ids == {"p1-box-1", "p1-box-2"}
