"""build --cut-svg: one SVG in millimetres, a layer per PDF page, whose outlines are exactly the
manifest's pieces to cut; refused before anything is written when it cannot be made."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from conftest import first_language_cases
from printkit.kinds import load_kinds
from printkit.layout.context import paper

CUT = load_kinds().cut  # a piece the cut file outlines

SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"
CASES = first_language_cases()  # the outlines do not depend on the language
EXACT = 0.0005  # the SVG and the manifest write the same rounded millimetres
MM = 25.4 / 72  # millimetres in a PDF point


def layers(svg_path) -> tuple[ET.Element, list[ET.Element]]:
    root = ET.parse(svg_path).getroot()
    return root, [g for g in root.findall(f"{SVG}g") if g.get(f"{INKSCAPE}groupmode") == "layer"]


def outlines(layer: ET.Element) -> list[tuple[float, ...]]:
    return sorted(
        tuple(float(rect.get(key)) for key in ("x", "y", "width", "height")) for rect in layer.findall(f"{SVG}rect")
    )


def near(boxes: list[tuple[float, ...]]) -> list:
    """The boxes, each compared within EXACT (pytest 9's approx no longer compares nested tuples)."""
    return [pytest.approx(box, abs=EXACT) for box in boxes]


def to_cut(manifest: dict, page: int) -> list[tuple[float, ...]]:
    rows = [row for row in manifest["pieces"] if row["page"] == page and CUT(row["kind"]) and row["side"] == "face"]
    return sorted((row["x"], row["y"], row["width"], row["height"]) for row in rows)


@pytest.mark.parametrize("case", CASES, ids="-".join)
def test_the_canvas_is_the_paper_in_millimetres(kit_outputs, case):
    sheet = paper(case[2])
    root, _ = layers(kit_outputs(*case).cut_svg)
    assert root.get("width") == f"{sheet.width:g}mm" and root.get("height") == f"{sheet.height:g}mm"
    assert root.get("viewBox") == f"0 0 {sheet.width:g} {sheet.height:g}"


@pytest.mark.parametrize("case", CASES, ids="-".join)
def test_one_layer_per_pdf_page_holding_exactly_the_manifests_pieces_to_cut(kit_outputs, case):
    outputs = kit_outputs(*case)
    _, found = layers(outputs.cut_svg)
    assert [layer.get("id") for layer in found] == [f"page-{page['number']}" for page in outputs.manifest["pages"]]
    for layer, page in zip(found, outputs.manifest["pages"], strict=True):
        expected = to_cut(outputs.manifest, page["number"])
        assert outlines(layer) == near(expected), f"page {page['number']}"
        assert layer.get(f"{INKSCAPE}label").startswith(f"page {page['number']} (")
    total = sum(len(layer.findall(f"{SVG}rect")) for layer in found)
    assert total == sum(1 for row in outputs.manifest["pieces"] if CUT(row["kind"]) and row["side"] == "face")


def test_the_shipped_kits_cut_what_their_rulebooks_say(kit_outputs):
    """Latarnie's 16 tokens, plateau's 24 stones, targ's 36 cards, kpn's 60 tiles and 4 aids; ogrod cuts nothing."""
    counts = {
        kit: sum(len(layer.findall(f"{SVG}rect")) for layer in layers(kit_outputs(kit, "en", "a4").cut_svg)[1])
        for kit in ("latarnie", "ogrod", "plateau", "targ", "kpn")
    }
    assert counts == {"latarnie": 16, "ogrod": 0, "plateau": 24, "targ": 36, "kpn": 64}


def test_only_the_first_layer_with_pieces_is_shown(kit_outputs):
    _, found = layers(kit_outputs("kpn", "en", "a4").cut_svg)
    shown = [layer.get("id") for layer in found if layer.get("style") == "display:inline"]
    assert shown == ["page-3"]  # page 2 is the rules' blank back


def test_fold_over_pages_cut_the_faces_only(kit_outputs):
    outputs = kit_outputs("plateau", "en", "letter", "--two-sided", "fold")
    _, found = layers(outputs.cut_svg)
    fold_pages = [page["number"] for page in outputs.manifest["pages"] if page.get("side") == "fold"]
    assert fold_pages
    for number in fold_pages:
        faces = [row for row in outputs.manifest["pieces"] if row["page"] == number and row["side"] == "face"]
        assert outlines(found[number - 1]) == near(sorted((r["x"], r["y"], r["width"], r["height"]) for r in faces))
        assert any(row["page"] == number and row["side"] == "back" for row in outputs.manifest["pieces"])


def test_the_same_kit_gives_the_same_cut_file(run, kit_outputs, tmp_path):
    again = tmp_path / "again.svg"
    assert (
        run(
            "build", "targ", "--lang", "en", "--paper", "a4", "-o", str(tmp_path / "t.pdf"), "--cut-svg", str(again)
        ).code
        == 0
    )
    assert again.read_bytes() == kit_outputs("targ", "en", "a4").cut_svg.read_bytes()


def test_a_cut_file_in_a_missing_folder_is_refused_before_anything_is_written(run, tmp_path):
    result = run("build", "latarnie", "-o", str(tmp_path / "l.pdf"), "--cut-svg", str(tmp_path / "no" / "cut.svg"))
    assert (
        result.code == 1
        and result.err.strip() == f"{tmp_path / 'no' / 'cut.svg'}: the folder {tmp_path / 'no'} does not exist"
    )
    assert not (tmp_path / "l.pdf").exists()


LANDSCAPE_DECK = """\
kit:
  title: {en: Wide cards}
  players: {min: 2, max: 2}
  languages: [en]
  default_lang: en
  author: printkit tests
components:
  - id: deck
    kind: cards
    title: {en: Cards}
    print: {cut: true}
    width: 88mm
    height: 63mm
    orientation: landscape
    types:
      - {id: sun, count: 6, letter: S, name: {en: Sun}}
    face:
      - {type: frame}
      - {type: name, box: [5, 25, 78, 8]}
rules: []
"""


def turned(box: tuple[float, ...], transform: str) -> tuple[float, ...]:
    """A layer's rectangle (x, y, w, h) moved by its ``matrix(a b c d e f)`` transform: its box on the sheet."""
    a, b, c, d, e, f = (float(v) for v in transform[len("matrix(") : -1].split())
    x, y, w, h = box
    corners = [(x + dx, y + dy) for dx in (0, w) for dy in (0, h)]
    moved = [(a * px + c * py + e, b * px + d * py + f) for px, py in corners]
    left, top = min(p[0] for p in moved), min(p[1] for p in moved)
    return left, top, max(p[0] for p in moved) - left, max(p[1] for p in moved) - top


def test_landscape_pages_are_turned_onto_the_portrait_sheet_the_pdf_prints(run, tmp_path):
    """The PDF writes a landscape page as a portrait sheet turned a quarter (with /Rotate 90): the
    cut file's layer is turned the same way, so its outlines lie on the cards' frames of the sheet
    as printed, read here from the PDF with its /Rotate removed."""
    import subprocess

    import pdfplumber

    kit = tmp_path / "wide.yaml"
    kit.write_text(LANDSCAPE_DECK, encoding="utf-8")
    pdf, svg = tmp_path / "wide.pdf", tmp_path / "wide.svg"
    assert run("build", str(kit), "-o", str(pdf), "--cut-svg", str(svg)).code == 0
    root, pages = layers(svg)
    assert (root.get("width"), root.get("height")) == ("210mm", "297mm")
    layer = pages[1]
    assert layer.get("transform") == "matrix(0 -1 1 0 0 297)"
    on_sheet = sorted(turned(box, layer.get("transform")) for box in outlines(layer))
    assert len(on_sheet) == 6
    assert all(w == pytest.approx(63) and h == pytest.approx(88) for _, _, w, h in on_sheet)
    assert all(0 <= x and x + w <= 210 and 0 <= y and y + h <= 297 for x, y, w, h in on_sheet)
    raw = tmp_path / "raw.pdf"
    subprocess.run(["qpdf", str(pdf), "--rotate=0:2", str(raw)], check=True)
    with pdfplumber.open(raw) as document:
        page = document.pages[1]
        assert page.rotation == 0 and page.width < page.height
        frames = sorted(
            (r["x0"] * MM, r["top"] * MM, r["width"] * MM, r["height"] * MM)
            for r in page.rects + page.curves
            if abs(r["width"] * MM - 59) < 0.5 and abs(r["height"] * MM - 84) < 0.5
        )
    # each card's frame lies 2 mm inside its cut outline
    expected = [(x + 2, y + 2, w - 4, h - 4) for x, y, w, h in on_sheet]
    assert [pytest.approx(box, abs=0.05) for box in expected] == frames
