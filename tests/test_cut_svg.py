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


def test_landscape_pieces_are_refused_with_the_page_and_the_remedy(run, tmp_path):
    kit = tmp_path / "wide.yaml"
    kit.write_text(LANDSCAPE_DECK, encoding="utf-8")
    pdf, svg = tmp_path / "wide.pdf", tmp_path / "wide.svg"
    assert run("build", str(kit), "-o", str(pdf)).code == 0
    pdf.unlink()
    result = run("build", str(kit), "-o", str(pdf), "--cut-svg", str(svg))
    assert result.code == 1
    assert (
        result.err.strip()
        == "--cut-svg: page 2 is 297 × 210 mm (landscape), but the cut file's sheets are A4 portrait; give its "
        "component orientation: portrait to cut it by machine"
    )
    assert not pdf.exists() and not svg.exists()
