"""Aids to cutting (issue 31, parts 2 and 4): the guillotine cut plan proved by a simulated cutter,
crop marks as the user draws them, a cutting machine's registration marks read from the PDF to
0.1 mm and found again, the same, in the cut SVG and the DXF of each sheet."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import ezdxf
import ezdxf.recover
import ezdxf.units
import pdfplumber
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.base.errors import PrintkitError
from printkit.cli import main
from printkit.kinds import load_kinds
from printkit.layout import cutplan
from printkit.layout.cardgrid import grown
from printkit.layout.primitives import Box
from printkit.layout.registration import QUIET
from printkit.output import marksets
from test_cut_svg import drawn_twice, joined, row_edges

CUT = load_kinds().cut
SVG = "{http://www.w3.org/2000/svg}"
KITS = ("latarnie", "plateau", "targ", "kpn")
TENTH = 0.1  # mm: how exactly a mark is where its set says
MM = 25.4 / 72


def simulate(sheet: Box, cuts: list[cutplan.Cut], pieces: list[Box]) -> list[Box]:
    """A guillotine applied to ``sheet``: each cut, in its number's order, splits every piece of
    paper its segments cross edge to edge; a cut through a piece fails. Returns the paper left."""
    paper = [sheet]
    assert [cut.number for cut in cuts] == list(range(1, len(cuts) + 1))
    for cut in cuts:
        after = []
        for part in paper:
            lo, hi = (part.x, part.right) if cut.axis == "x" else (part.y, part.bottom)
            along = (part.y, part.bottom) if cut.axis == "x" else (part.x, part.right)
            crossed = lo + 1e-6 < cut.position < hi - 1e-6 and any(
                a <= along[0] + 1e-6 and along[1] - 1e-6 <= b for a, b in cut.segments
            )
            if not crossed:
                after.append(part)
                continue
            for piece in pieces:
                span = (piece.x, piece.right) if cut.axis == "x" else (piece.y, piece.bottom)
                inside = part.contains(piece)
                assert not (inside and span[0] + 1e-6 < cut.position < span[1] - 1e-6), f"cut {cut.number} cuts {piece}"
            if cut.axis == "x":
                after += [
                    Box(part.x, part.y, cut.position - part.x, part.h),
                    Box(cut.position, part.y, part.right - cut.position, part.h),
                ]
            else:
                after += [
                    Box(part.x, part.y, part.w, cut.position - part.y),
                    Box(part.x, cut.position, part.w, part.bottom - cut.position),
                ]
        paper = after
    return paper


def freed(sheet: Box, pieces: list[Box]) -> list[cutplan.Cut]:
    """The plan, applied by the simulated cutter: every piece comes out at its exact size."""
    cuts = cutplan.plan(sheet, pieces)
    left = simulate(sheet, cuts, pieces)
    for piece in pieces:
        assert any(cutplan._same(part, piece) for part in left), f"{piece} is not freed at its size"
    return cuts


def test_a_grid_of_touching_cards_takes_one_cut_per_line():
    cards = [Box(10 + 63 * c, 20 + 88 * r, 63, 88) for r in range(3) for c in range(3)]
    cuts = freed(Box(0, 0, 210, 297), cards)
    assert len(cuts) == cutplan.least_cuts(Box(0, 0, 210, 297), cards) == 8


def test_pieces_apart_are_cut_on_both_sides_of_their_gutter():
    tokens = [Box(20 + 23 * c, 30 + 23 * r, 20, 20) for r in range(2) for c in range(4)]
    cuts = freed(Box(0, 0, 210, 297), tokens)
    assert len(cuts) == 8 + 4


def test_a_short_last_row_is_freed_without_cutting_through():
    pieces = [Box(20 + 30 * c, 40 + 30 * r, 30, 30) for r in range(2) for c in range(5)] + [Box(20, 100, 30, 30)]
    freed(Box(0, 0, 210, 297), pieces)


def test_a_pinwheel_has_no_guillotine_plan():
    pinwheel = [Box(0, 0, 20, 10), Box(20, 0, 10, 20), Box(10, 20, 20, 10), Box(0, 10, 10, 20), Box(10, 10, 10, 10)]
    with pytest.raises(cutplan.NoGuillotinePlan):
        cutplan.plan(Box(-5, -5, 40, 40), pinwheel)


def build(tmp_path, kit: str, *extra: str, paper: str = "a4") -> tuple:
    pdf, manifest, svg = tmp_path / f"{kit}.pdf", tmp_path / f"{kit}.json", tmp_path / f"{kit}.svg"
    args = ["build", kit, "--lang", "en", "--paper", paper, "-o", str(pdf), "--manifest", str(manifest)]
    try:
        main([*args, "--cut-svg", str(svg), *extra])
    except SystemExit as exc:
        assert not exc.code, args
    import json

    return pdf, json.loads(manifest.read_text(encoding="utf-8")), svg


def sheets(manifest: dict) -> dict[int, list[Box]]:
    """Each page's pieces cut face up, by page number."""
    found: dict[int, list[Box]] = {}
    pages = {page["number"]: page for page in manifest["pages"]}
    for row in manifest["pieces"]:
        if CUT(row["kind"]) and row["side"] == "face" and pages[row["page"]].get("side") != "back":
            found.setdefault(row["page"], []).append(Box(row["x"], row["y"], row["width"], row["height"]))
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("kit", KITS)
def test_every_sheet_of_a_shipped_kit_is_freed_by_its_numbered_cuts(tmp_path, kit, paper):
    pdf, manifest, _ = build(tmp_path, kit, "--cut-plan", paper=paper)
    with pdfplumber.open(pdf) as document:
        for number, pieces in sheets(manifest).items():
            page = manifest["pages"][number - 1]
            sheet = Box(0, 0, page["width"], page["height"])
            try:
                cuts = freed(sheet, pieces)
            except cutplan.NoGuillotinePlan:
                continue  # nested hexagons: cut by machine
            assert len(cuts) == cutplan.least_cuts(sheet, pieces), f"page {number}: more cuts than lines"
            words = document.pages[number - 1].extract_words()
            margin = [
                w["text"]
                for w in words
                if w["top"] * MM < 9
                or w["x0"] * MM < 9
                or w["bottom"] * MM > page["height"] - 9
                or w["x1"] * MM > page["width"] - 9
            ]
            for cut in cuts:
                assert str(cut.number) in margin, f"page {number}: cut {cut.number} is not numbered in the margin"
            # reviews found the numbers 5.0-6.0 mm from the edge, where home printers clip: 7 mm, as crop marks
            for word in words:
                inset = min(
                    word["top"], word["x0"], page["height"] / MM - word["bottom"], page["width"] / MM - word["x1"]
                )
                assert inset * MM >= 7.0 - 0.05, f"page {number}: {word['text']!r} {inset * MM:.1f} mm from the edge"
            text = document.pages[number - 1].extract_text()
            assert f"Guillotine: cut in order from 1 to {len(cuts)}, each cut edge to edge." in text, f"page {number}"


def crop_lines(pdf, number: int, colour: tuple) -> list[dict]:
    with pdfplumber.open(pdf) as document:
        return [line for line in document.pages[number - 1].lines if tuple(line.get("stroking_color") or ()) == colour]


def gap_above(lines: list[dict], top: float) -> set[float]:
    """How far above the block's top edge the marks above it end, in mm."""
    return {round(top - line["bottom"] * MM, 1) for line in lines if line["bottom"] * MM <= top}


def test_crop_marks_have_the_length_offset_and_colour_asked_for(tmp_path):
    """plateau's stones bleed: the marks start the offset beyond the bleed; 2 mm instead of 1 moves
    them 1 mm out, and they are 6 mm long in magenta instead of 4 mm in black."""
    pdf, manifest, _ = build(tmp_path, "plateau")
    number = min(sheets(manifest))
    top = min(p.y for p in sheets(manifest)[number])
    usual = crop_lines(pdf, number, (0, 0, 0))
    asked, manifest, _ = build(
        tmp_path, "plateau", "--crop-length", "6", "--crop-offset", "2", "--crop-colour", "#FF00FF"
    )
    top_asked = min(p.y for p in sheets(manifest)[number])
    magenta = crop_lines(asked, number, (1, 0, 1))
    assert magenta
    length = {round(max(abs(x["x1"] - x["x0"]), abs(x["bottom"] - x["top"])) * MM, 1) for x in magenta}
    assert length == {6.0}
    (before,), (after,) = gap_above(usual, top), gap_above(magenta, top_asked)
    assert abs(after - before - 1.0) <= TENTH


def test_a_crop_mark_longer_than_the_option_allows_is_refused():
    from printkit.commands.build import crop_marks

    with pytest.raises(PrintkitError, match="--crop-length 40"):
        crop_marks(40, 1, "#000000")
    with pytest.raises(PrintkitError, match="--crop-colour"):
        crop_marks(4, 1, "red")


def printed_marks(page) -> list[tuple[float, float, float, float]]:
    """The filled black rectangles of a PDF page, in mm from its top-left corner."""
    return sorted(
        (round(r["x0"] * MM, 2), round(r["top"] * MM, 2), round(r["width"] * MM, 2), round(r["height"] * MM, 2))
        for r in page.rects
        if r.get("fill") and r.get("non_stroking_color") in ((0,), (0, 0, 0), [0], [0, 0, 0], 0)
    )


def near(found, expected) -> bool:
    return len(found) == len(expected) and all(
        all(abs(a - b) <= TENTH for a, b in zip(f, e, strict=True))
        for f, e in zip(sorted(found), sorted(expected), strict=True)
    )


@pytest.mark.parametrize(
    ("kit", "paper"), [(kit, "a4") for kit in KITS] + [(kit, "letter") for kit in KITS if kit != "kpn"]
)
def test_silhouette_marks_are_printed_where_studio_reads_them_and_the_pieces_inside(tmp_path, kit, paper):
    marks = marksets.find("silhouette")
    dxf = ("--cut-dxf", str(tmp_path / "dxf"))
    pdf, manifest, svg = build(tmp_path, kit, "--registration", "silhouette", *dxf, paper=paper)
    root = ET.parse(svg).getroot()
    with pdfplumber.open(pdf) as document:
        for number, pieces in sheets(manifest).items():
            page = manifest["pages"][number - 1]
            expected = [(b.x, b.y, b.w, b.h) for b in marks.rects(page["width"], page["height"])]
            assert expected[0] == (10.0, 10.0, 5.0, 5.0)  # the square, 10 mm in from the top-left corner
            found = [
                r
                for r in printed_marks(document.pages[number - 1])
                if any(abs(r[0] - e[0]) < 1 and abs(r[1] - e[1]) < 1 for e in expected)
            ]
            assert near(found, expected), f"page {number}: {found}"
            area = marks.readable(page["width"], page["height"])
            assert all(area.contains(piece) for piece in pieces), f"page {number}"
            # no word within QUIET of a mark, and the footer's words out of a mark's whole footprint (the
            # corner of Silhouette's L, where a review found the game's name), which the software scans
            words = document.pages[number - 1].extract_words()
            near_marks = [grown(box, QUIET) for box in marks.keep_out(page["width"], page["height"])]
            footer = [w for w in words if w["top"] * 25.4 / 72 > page["height"] - 15.0]
            for box in near_marks:
                inside = [w["text"] for w in words if overlaps_mm(w, box)]
                assert not inside, f"page {number}: {inside} print next to a mark of {marks.title}"
            for box in marks.footprints(page["width"], page["height"]):
                inside = [w["text"] for w in footer if overlaps_mm(w, box)]
                assert not inside, f"page {number}: the footer's {inside} print inside a mark of {marks.title}"
            layer = root.find(f".//{SVG}g[@id='page-{number}-marks']")
            in_svg = [
                tuple(float(r.get(k)) for k in ("x", "y", "width", "height")) for r in layer.findall(f"{SVG}rect")
            ]
            assert near(in_svg, found), f"page {number}: the cut SVG's marks differ from the printed ones"
            layers = dxf_boxes(tmp_path / "dxf" / f"{pdf.stem}-page-{number}.dxf", page["height"])
            assert near(layers["REGISTRATION"], found) and near(
                layers["SHEET"], [(0, 0, page["width"], page["height"])]
            )
            cuts = dxf_cuts(tmp_path / "dxf" / f"{pdf.stem}-page-{number}.dxf", page["height"])
            edges = row_edges([{"x": p.x, "y": p.y, "width": p.w, "height": p.h} for p in pieces])
            assert not drawn_twice(cuts), f"page {number}: the DXF cuts a shared edge twice"
            assert joined(cuts) == joined(edges), f"page {number}: the DXF's outlines"


def overlaps_mm(word: dict, box: Box) -> bool:
    """Whether a word pdfplumber found (points) reaches into ``box`` (mm)."""
    mm = 25.4 / 72
    x0, x1, top, bottom = word["x0"] * mm, word["x1"] * mm, word["top"] * mm, word["bottom"] * mm
    return x0 < box.right - 0.05 and x1 > box.x + 0.05 and top < box.bottom - 0.05 and bottom > box.y + 0.05


def dxf_boxes(path, height: float) -> dict[str, list[tuple[float, float, float, float]]]:
    """Each layer's closed polylines of a DXF, read by ezdxf (which must find nothing to repair), as
    boxes in mm from the paper's top-left corner."""
    document, auditor = ezdxf.recover.readfile(path)
    assert not auditor.errors and not auditor.fixes and document.units == ezdxf.units.MM
    found: dict[str, list[tuple[float, float, float, float]]] = {}
    for polyline in document.modelspace().query("POLYLINE"):
        assert polyline.is_closed or polyline.dxf.layer == "CUT"  # a shared cut is an open line
        xs, ys = zip(*((p[0], height - p[1]) for p in polyline.points()), strict=True)
        found.setdefault(polyline.dxf.layer, []).append((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
    return found


def dxf_cuts(path, height: float) -> list:
    """The DXF's cut polylines as segments in mm from the paper's top-left corner."""
    document = ezdxf.recover.readfile(path)[0]
    segments = []
    for polyline in document.modelspace().query("POLYLINE"):
        if polyline.dxf.layer != "CUT":
            continue
        points = [(round(p[0], 3), round(height - p[1], 3)) for p in polyline.points()]
        ends = points + points[:1] if polyline.is_closed else points
        segments += list(zip(ends, ends[1:], strict=False))
    return segments


def test_silhouette_refuses_kpns_aids_on_letter_with_the_reason(tmp_path, capsys):
    """kpn's four 90 × 125 mm aids fill Letter's height: the grid keeps its own margins, and the
    lower pair ends 1.4 mm past the area the marks leave."""
    target = tmp_path / "kpn.pdf"
    with pytest.raises(SystemExit) as exc:
        main(["build", "kpn", "--lang", "en", "--paper", "letter", "--registration", "silhouette", "-o", str(target)])
    assert exc.value.code == 1 and not target.exists()
    error = capsys.readouterr().err
    assert "kits/kpn.yaml:" in error and "--registration silhouette: on page 1 of 'aid', card 1" in error
    assert "lies 1.4 mm outside the 192.9 × 256.4 mm" in error


def test_cricut_refuses_a_deck_larger_than_its_print_then_cut_area(tmp_path, capsys):
    target = tmp_path / "targ.pdf"
    with pytest.raises(SystemExit) as exc:
        main(["build", "targ", "--lang", "en", "--registration", "cricut", "-o", str(target)])
    assert exc.value.code == 1 and not target.exists()
    error = capsys.readouterr().err
    assert (
        "kits/targ.yaml:" in error
        and "--registration cricut: on page 1 of 'cards', card 1 ('berries') lies 9.1 mm" in error
    )
    assert "outside the 171.4 × 234.9 mm" in error and "Traceback" not in error


def test_cricut_frames_the_tokens_of_latarnie(tmp_path):
    marks = marksets.find("cricut")
    pdf, manifest, _ = build(tmp_path, "latarnie", "--registration", "cricut")
    number, pieces = next(iter(sheets(manifest).items()))
    page = manifest["pages"][number - 1]
    area = marks.readable(page["width"], page["height"])
    assert (round(area.w, 2), round(area.h, 2)) == (171.45, 234.95)
    assert all(area.contains(piece) for piece in pieces)
    with pdfplumber.open(pdf) as document:
        found = printed_marks(document.pages[number - 1])
    expected = [(b.x, b.y, b.w, b.h) for b in marks.rects(page["width"], page["height"])]
    assert all(any(near([f], [e]) for f in found) for e in expected)


def test_an_unknown_mark_set_names_the_known_ones():
    with pytest.raises(PrintkitError, match="known: cricut, silhouette"):
        marksets.find("brother")
    with pytest.raises(PrintkitError, match="did you mean silhouette"):
        marksets.find("silhuette")


def test_a_users_mark_set_file_is_checked_field_by_field(tmp_path, monkeypatch):
    (tmp_path / "registration.json").write_text(
        '{"marks": {"mine": {"inset": 10, "thickness": 0.5, "marks": [{"shape": "star"}]}}}'
    )
    monkeypatch.setenv("PRINTKIT_CONFIG_DIR", str(tmp_path))
    with pytest.raises(PrintkitError, match=r"registration.json:1: marks\.mine\.marks\[0\]\.shape"):
        marksets.find("mine")


def test_a_sheet_to_fold_is_planned_folded(tmp_path):
    """plateau folded: the faces stand left of the fold (the page's middle); the plan frees them
    from that half, which is what lies on the trimmer once the sheet is folded and glued."""
    pdf, manifest, _ = build(tmp_path, "plateau", "--two-sided", "fold", "--cut-plan")
    with pdfplumber.open(pdf) as document:
        for number, pieces in sheets(manifest).items():
            page = manifest["pages"][number - 1]
            assert page["side"] == "fold"
            half = Box(0, 0, page["width"] / 2, page["height"])
            assert all(half.contains(piece) for piece in pieces)
            cuts = freed(half, pieces)
            assert all(cut.position <= half.right for cut in cuts if cut.axis == "x")
            assert f"from 1 to {len(cuts)}," in document.pages[number - 1].extract_text()


@settings(max_examples=150, deadline=None)
@given(
    cols=st.integers(1, 6),
    rows=st.integers(1, 6),
    short=st.integers(0, 5),
    size=st.tuples(st.floats(10, 40), st.floats(10, 40)),
    gutter=st.sampled_from([0.0, 3.0, 4.5]),
)
def test_any_grid_is_freed_with_one_cut_per_edge(cols, rows, short, size, gutter):
    """A block of pieces (a last row maybe shorter) on an A4 sheet: the plan frees every piece at
    its size, cuts through none, and needs one cut per distinct edge (the floor)."""
    w, h = size
    pieces = [Box(12 + c * (w + gutter), 20 + r * (h + gutter), w, h) for r in range(rows) for c in range(cols)]
    pieces = pieces[: max(1, len(pieces) - min(short, cols - 1))]
    sheet = Box(0, 0, 12 + cols * (w + gutter) + 12, 20 + rows * (h + gutter) + 20)
    cuts = freed(sheet, pieces)
    assert len(cuts) == cutplan.least_cuts(sheet, pieces)


@pytest.mark.parametrize("kit", KITS)
def test_no_word_of_a_marked_sheet_touches_a_mark(tmp_path, kit):
    """The footer rises over Silhouette's bottom-left L; headings keep the marks' margin (kpn's
    box in Polish once pushed its title out of its box beside the L)."""
    marks = marksets.find("silhouette")
    for extra in ((), ("--boxes",)) if kit == "kpn" else ((),):
        pdf, manifest, _ = build(tmp_path, kit, "--registration", "silhouette", "--cut-plan", *extra)
        with pdfplumber.open(pdf) as document:
            for number in sheets(manifest):
                page = manifest["pages"][number - 1]
                keep_out = marks.keep_out(page["width"], page["height"])
                for word in document.pages[number - 1].extract_words():
                    ink = (word["x0"] * MM, word["top"] * MM, word["x1"] * MM, word["bottom"] * MM)
                    for box in keep_out:
                        x0, y0, x1, y1 = box.x + 0.05, box.y + 0.05, box.right - 0.05, box.bottom - 0.05
                        apart = ink[2] <= x0 or x1 <= ink[0] or ink[3] <= y0 or y1 <= ink[1]
                        assert apart, f"page {number}: '{word['text']}' on a mark"


def test_a_reprint_carries_the_marks_and_its_cut_plan(tmp_path):
    """--changed-since: every reprinted sheet is of pieces, marked and planned as in a full build."""
    import json

    _, manifest, _ = build(tmp_path, "latarnie")
    for row in manifest["pieces"]:
        if row.get("hash"):
            row["hash"] = "0" * len(row["hash"])  # every piece drawn differently before
    old = tmp_path / "old.json"
    old.write_text(json.dumps(manifest), encoding="utf-8")
    pdf, reprint, _ = build(
        tmp_path, "latarnie", "--changed-since", str(old), "--registration", "silhouette", "--cut-plan"
    )
    marks = marksets.find("silhouette")
    with pdfplumber.open(pdf) as document:
        for number, pieces in sheets(reprint).items():
            page = reprint["pages"][number - 1]
            expected = [(b.x, b.y, b.w, b.h) for b in marks.rects(page["width"], page["height"])]
            found = [r for r in printed_marks(document.pages[number - 1]) if r[2] < 25 and r[3] < 25]
            assert near([f for f in found if any(near([f], [e]) for e in expected)], expected)
            cuts = freed(Box(0, 0, page["width"], page["height"]), pieces)
            assert f"from 1 to {len(cuts)}," in document.pages[number - 1].extract_text()


def test_a_users_own_mark_set_is_printed_where_it_says(tmp_path, monkeypatch):
    config = tmp_path / "config"
    config.mkdir()
    (config / "registration.json").write_text(
        '{"marks": {"mine": {"title": "CAMEO at 12 mm", "inset": 12, "thickness": 0.5, "clear": 1,'
        ' "marks": [{"shape": "square", "corner": "top-left", "size": 5},'
        ' {"shape": "corner", "corner": "bottom-right", "size": 15}]}}}',
        encoding="utf-8",
    )
    monkeypatch.setenv("PRINTKIT_CONFIG_DIR", str(config))
    pdf, manifest, svg = build(tmp_path, "latarnie", "--registration", "mine")
    number = min(sheets(manifest))
    with pdfplumber.open(pdf) as document:
        found = printed_marks(document.pages[number - 1])
    assert near([f for f in found if f[0] == pytest.approx(12, abs=TENTH)][:1], [(12.0, 12.0, 5.0, 5.0)])
    right = (210 - 12 - 15, 297 - 12 - 0.5, 15.0, 0.5)  # the L's arm along the bottom edge
    assert any(near([f], [right]) for f in found)


def test_a_landscape_sheet_is_refused_marks_with_the_remedy(tmp_path, capsys):
    """A machine reads its marks on the sheet fed portrait; a page turned landscape would put
    them at other corners once printed."""
    from test_cut_svg import LANDSCAPE_DECK

    kit = tmp_path / "wide.yaml"
    kit.write_text(LANDSCAPE_DECK, encoding="utf-8")
    target = tmp_path / "wide.pdf"
    with pytest.raises(SystemExit) as exc:
        main(["build", str(kit), "-o", str(target), "--registration", "silhouette"])
    assert exc.value.code == 1 and not target.exists()
    error = capsys.readouterr().err
    assert "--registration silhouette: page 1 of" in error and "is landscape" in error
    assert "give the component orientation: portrait" in error
