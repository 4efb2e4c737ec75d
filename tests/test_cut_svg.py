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
    """The pieces cut alone along their own rectangle."""
    return sorted(
        tuple(float(rect.get(key)) for key in ("x", "y", "width", "height")) for rect in layer.iter(f"{SVG}rect")
    )


Segment = tuple[tuple[float, float], tuple[float, float]]


def path_points(d: str) -> tuple[list[tuple[float, float]], bool]:
    """A cut path's corners ("M x,y L x,y ... Z") and whether it closes."""
    words = d.split()
    points = [tuple(float(v) for v in word[1:].split(",")) for word in words if word[0] in "ML"]
    return points, words[-1] == "Z"


def drawn_segments(layer: ET.Element) -> list[Segment]:
    """Every straight stroke of the blade in a layer: the rectangles' and polygons' edges and the
    paths' (a block of pieces sharing cuts), each as drawn."""
    found: list[Segment] = []

    def add(points: list, closed: bool) -> None:
        ends = points + points[:1] if closed else points
        found.extend((tuple(a), tuple(b)) for a, b in zip(ends, ends[1:], strict=False))

    for rect in layer.iter(f"{SVG}rect"):
        if rect.get("stroke") == "none":
            continue  # a registration mark, printed not cut
        x, y, w, h = (float(rect.get(key)) for key in ("x", "y", "width", "height"))
        add([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], True)
    for polygon in layer.iter(f"{SVG}polygon"):
        add([tuple(float(v) for v in p.split(",")) for p in polygon.get("points").split()], True)
    for path in layer.iter(f"{SVG}path"):
        add(*path_points(path.get("d")))
    return found


def on_lines(segments: list[Segment]) -> dict[tuple, list[tuple[float, float]]]:
    """The segments by the straight line they lie on, each as its span along it (from, to)."""
    lines: dict[tuple, list[tuple[float, float]]] = {}
    for (x0, y0), (x1, y1) in segments:
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        if ux < -1e-9 or (abs(ux) <= 1e-9 and uy < 0):
            ux, uy = -ux, -uy
        key = (round(ux, 6) + 0.0, round(uy, 6) + 0.0, round(ux * y0 - uy * x0, 3) + 0.0)
        a, b = ux * x0 + uy * y0, ux * x1 + uy * y1
        lines.setdefault(key, []).append((min(a, b), max(a, b)))
    return lines


def joined(segments: list[Segment]) -> dict[tuple, list[tuple[float, float]]]:
    """What the segments cover, each line's spans joined where they touch or overlap (rounded)."""
    out = {}
    for key, spans in on_lines(segments).items():
        merged: list[list[float]] = []
        for a, b in sorted(spans):
            if merged and a <= merged[-1][1] + 1e-3:
                merged[-1][1] = max(merged[-1][1], b)
            else:
                merged.append([a, b])
        out[key] = [(round(a, 3), round(b, 3)) for a, b in merged]
    return out


def drawn_twice(segments: list[Segment]) -> list[tuple]:
    """The lines on which two drawn segments overlap (a blade over the same cut twice)."""
    twice = []
    for key, spans in on_lines(segments).items():
        ordered = sorted(spans)
        twice += [key for (_, end), (start, _) in zip(ordered, ordered[1:], strict=False) if start < end - 1e-3]
    return twice


def row_edges(rows: list[dict]) -> list[Segment]:
    """The edges of the manifest's rows cut along their box or their outline (not the ellipses)."""
    found: list[Segment] = []
    for row in rows:
        if row.get("cut") == "circle":
            continue
        if "outline" in row:
            corners = [tuple(p) for p in row["outline"]]
        else:
            x, y, w, h = row["x"], row["y"], row["width"], row["height"]
            corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        found += list(zip(corners, corners[1:] + corners[:1], strict=True))
    return found


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
        rows = cut_rows(outputs.manifest, page["number"])
        drawn = drawn_segments(layer)
        assert joined(drawn) == joined(row_edges(rows)), f"page {page['number']}"  # every cut, nothing more
        assert not drawn_twice(drawn), f"page {page['number']}: a shared edge is cut twice"
        assert layer.get(f"{INKSCAPE}label").startswith(f"page {page['number']} (")
    total = sum(pieces_freed(layer) for layer in found)
    assert total == sum(1 for row in outputs.manifest["pieces"] if CUT(row["kind"]) and row["side"] == "face")


def cut_rows(manifest: dict, page: int) -> list[dict]:
    return [row for row in manifest["pieces"] if row["page"] == page and CUT(row["kind"]) and row["side"] == "face"]


def pieces_freed(layer: ET.Element) -> int:
    """The pieces a layer cuts out: those alone (a rectangle, polygon or ellipse of their own) and
    those of each block sharing its cuts (its label says how many)."""
    alone = sum(len(layer.findall(f"{SVG}{shape}")) for shape in ("rect", "polygon", "ellipse"))
    blocks = [g for g in layer.findall(f"{SVG}g") if (g.get("id") or "").count("-block-")]
    return alone + sum(int(g.get(f"{INKSCAPE}label").split()[0]) for g in blocks)


def test_the_shipped_kits_cut_what_their_rulebooks_say(kit_outputs):
    """Latarnie's 16 tokens and 4 spares, plateau's 24 stones, targ's 36 cards, kpn's 60 tiles and 4 aids; ogrod
    cuts nothing."""
    counts = {
        kit: sum(pieces_freed(layer) for layer in layers(kit_outputs(kit, "en", "a4").cut_svg)[1])
        for kit in ("latarnie", "ogrod", "plateau", "targ", "kpn")
    }
    assert counts == {"latarnie": 20, "ogrod": 0, "plateau": 24, "targ": 36, "kpn": 64}


def test_latarnies_tokens_share_their_cuts_each_edge_once(kit_outputs):
    """A review found latarnie's 4 × 4 tokens each a closed rectangle, their 24 shared inner edges
    cut twice: now its 5 × 4 (the 16 and 4 spares) are 7 straight lines across the block (3 across
    of 150 mm, 4 down of 120 mm), cut first, then the block's outside as one closed contour; nothing twice."""
    _, found = layers(kit_outputs("latarnie", "en", "a4").cut_svg)
    layer = found[2]
    [block] = layer.findall(f"{SVG}g")
    assert block.get(f"{INKSCAPE}label").startswith("20 pieces sharing their cuts: tokens 1–20")
    paths = [path_points(path.get("d")) for path in block.findall(f"{SVG}path")]
    assert [closed for _, closed in paths] == [False] * 7 + [True]  # the inside first, the outside last
    lengths = [abs(b[0] - a[0]) + abs(b[1] - a[1]) for (a, b), _ in paths[:7]]
    assert sorted(lengths) == [120.0] * 4 + [150.0] * 3
    outside, _ = paths[7]
    assert len(outside) == 4  # the block's four corners, straight sides unbroken
    drawn = drawn_segments(layer)
    assert len(drawn) == 7 + 4 and not drawn_twice(drawn)
    assert sum(abs(b[0] - a[0]) + abs(b[1] - a[1]) for a, b in drawn) == 3 * 150 + 4 * 120 + 2 * (150 + 120)
    assert not layer.findall(f"{SVG}rect")


def test_kpns_tiles_and_aid_cards_share_their_cuts(kit_outputs):
    """kpn's 2 × 2 aid cards are one block (1 line across, 1 down, then the outside); its tiles of
    34 mm stand in two blocks of 5 × 3 a page (4 mm apart), each 2 lines across and 4 down of
    170 and 102 mm, then its outside; every shared edge once."""
    outputs = kit_outputs("kpn", "en", "a4")
    _, found = layers(outputs.cut_svg)
    for number, blocks, inner in ((3, [4], [250.0, 180.0]), (5, [15, 15], [170.0] * 2 + [102.0] * 4)):
        layer = found[number - 1]
        groups = layer.findall(f"{SVG}g")
        assert [int(g.get(f"{INKSCAPE}label").split()[0]) for g in groups] == blocks
        for group in groups:
            runs = [path_points(path.get("d")) for path in group.findall(f"{SVG}path")]
            assert [closed for _, closed in runs] == [False] * len(inner) + [True]
            lines = [points for points, closed in runs if not closed]
            lengths = sorted(round(abs(b[0] - a[0]) + abs(b[1] - a[1]), 3) for a, b in lines)
            assert lengths == sorted(inner)
        drawn = drawn_segments(layer)
        assert not drawn_twice(drawn)
        edges = row_edges(cut_rows(outputs.manifest, number))
        assert len(drawn) < len(edges) and joined(drawn) == joined(edges)


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
        assert joined(drawn_segments(found[number - 1])) == joined(row_edges(faces))
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


def turned(point: tuple[float, float], transform: str) -> tuple[float, float]:
    """A layer's point moved by its ``matrix(a b c d e f)`` transform: where it lies on the sheet."""
    a, b, c, d, e, f = (float(v) for v in transform[len("matrix(") : -1].split())
    x, y = point
    return round(a * x + c * y + e, 3), round(b * x + d * y + f, 3)


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
    on_sheet = [
        (turned(a, layer.get("transform")), turned(b, layer.get("transform"))) for a, b in drawn_segments(layer)
    ]
    assert all(0 <= x <= 210 and 0 <= y <= 297 for segment in on_sheet for x, y in segment)
    assert not drawn_twice(on_sheet)
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
    # each card's frame lies 2 mm inside its cut outline: the cuts are the frames' edges grown by 2 mm
    assert len(frames) == 6
    grown = [{"x": x - 2, "y": y - 2, "width": w + 4, "height": h + 4, "page": 2} for x, y, w, h in frames]
    expected = joined(row_edges(grown))
    cuts = joined(on_sheet)
    assert cuts.keys() == expected.keys()
    for key, spans in expected.items():
        assert [pytest.approx(span, abs=0.05) for span in spans] == cuts[key]
