"""printkit calibrate: a two-sided sheet, measured in the PDF (the back's grid exactly behind the
front's cross for each flip, a millimetre grid, the ruler and its 100 % line, the print settings,
the safe edge, the instructions in three languages) and as layout data (the reading it teaches is
the --back-offset that cancels the printer's error)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from pypdf import PdfReader

from conftest import PAPERS, mm
from print_measure import (
    TOLERANCE,
    assert_qpdf_clean,
    embedded_fonts,
    fifty_mm_rulers,
    ink_margins,
    lines_and_words,
    scale_note_beside,
)
from printkit import pipeline
from printkit.layout import bounds, calibration, imposition
from printkit.layout.context import SAFE_EDGE, Context, Options, paper
from printkit.layout.primitives import Box
from printkit.words.locale import Localizer
from printkit.words.messages import LANGUAGES, message

FLIPS = ("long", "short")


@pytest.fixture(scope="session")
def sheets(tmp_path_factory):
    """calibrate run once per (lang, paper, flip): the PDF's path."""
    from printkit.cli import main

    cache = {}
    folder = tmp_path_factory.mktemp("calibration")

    def get(lang: str, paper_name: str, flip: str = "long"):
        key = (lang, paper_name, flip)
        if key not in cache:
            target = folder / f"calibration-{lang}-{paper_name}-{flip}.pdf"
            try:
                main(["calibrate", "--lang", lang, "--paper", paper_name, "--flip", flip, "-o", str(target)])
            except SystemExit as exc:
                assert not exc.code
            cache[key] = target
        return cache[key]

    return get


def cross_centre(lines) -> tuple[float, float]:
    """The front's cross: the one vertical line 2 x CROSS_ARM long, and the horizontal one through its middle."""
    arm = 2 * calibration.CROSS_ARM
    vertical = [line for line in lines if line.w <= TOLERANCE and abs(line.h - arm) <= TOLERANCE]
    assert len(vertical) == 1
    cx, cy = vertical[0].x, vertical[0].y + arm / 2
    assert any(
        line.h <= TOLERANCE
        and abs(line.y - cy) <= TOLERANCE
        and abs(line.x + arm / 2 - cx) <= TOLERANCE
        and abs(line.w - arm) <= TOLERANCE
        for line in lines
    )
    return cx, cy


def grid_lines(lines) -> tuple[list[float], list[float]]:
    """The x of every vertical and the y of every horizontal line of the back's grid."""
    span = 2 * calibration.GRID_RANGE
    xs = sorted(line.x for line in lines if line.w <= TOLERANCE and abs(line.h - span) <= TOLERANCE)
    ys = sorted(line.y for line in lines if line.h <= TOLERANCE and abs(line.w - span) <= TOLERANCE)
    return xs, ys


@pytest.mark.parametrize("flip", FLIPS)
@pytest.mark.parametrize("paper_name", PAPERS)
def test_the_grid_lies_exactly_behind_the_cross(sheets, paper_name, flip):
    sheet = paper(paper_name)
    (front, _), (back, _) = lines_and_words(sheets("en", paper_name, flip), [1, 2])
    cx, cy = cross_centre(front)
    xs, ys = grid_lines(back)
    lines_per_axis = 2 * calibration.GRID_RANGE + 1
    assert len(xs) == len(ys) == lines_per_axis
    assert all(abs(b - a - 1.0) <= TOLERANCE for values in (xs, ys) for a, b in pairwise(values))
    zero = (xs[lines_per_axis // 2], ys[lines_per_axis // 2])
    behind = (sheet.width - cx, cy) if flip == "long" else (cx, sheet.height - cy)
    assert zero == pytest.approx(behind, abs=TOLERANCE)
    assert zero != pytest.approx((cx, cy), abs=1.0)  # off the flip's axis, so a wrong flip shows


@pytest.mark.parametrize("paper_name", PAPERS)
def test_two_pages_of_the_paper_with_print_settings(sheets, paper_name):
    for flip in FLIPS:
        reader = PdfReader(sheets("pl", paper_name, flip))
        sheet = paper(paper_name)
        assert [(mm(float(p.mediabox.width)), mm(float(p.mediabox.height))) for p in reader.pages] == [
            pytest.approx((sheet.width, sheet.height), abs=TOLERANCE)
        ] * 2
        preferences = reader.trailer["/Root"]["/ViewerPreferences"]
        assert preferences["/PrintScaling"] == "/None"
        assert preferences["/Duplex"] == {"long": "/DuplexFlipLongEdge", "short": "/DuplexFlipShortEdge"}[flip]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("paper_name", PAPERS)
def test_the_front_carries_the_ruler_saying_print_at_100_percent(sheets, lang, paper_name):
    ((lines, words),) = lines_and_words(sheets(lang, paper_name), [1])
    assert len(fifty_mm_rulers(lines)) == 1
    assert scale_note_beside(lines, words, lang).startswith(message(lang, "scale_only"))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("paper_name", PAPERS)
def test_no_ink_within_5_mm_of_the_edge(sheets, lang, paper_name):
    for number, margins in enumerate(ink_margins(sheets(lang, paper_name)), start=1):
        assert min(margins) >= SAFE_EDGE, f"page {number}: {margins}"


EXPLAINED = {
    "pl": (
        "Kalibracja drukarki",
        "1. Skala",
        "2. Przesunięcie tyłu",
        "szpilką",
        "3. Użyj odczytu",
        "--back-offset X,Y",
        "środek krzyżyka",
    ),
    "cs": (
        "Kalibrace tiskárny",
        "1. Měřítko",
        "2. Posun rubu",
        "špendlíkem",
        "3. Použijte odečtené hodnoty",
        "--back-offset X,Y",
        "střed křížku",
    ),
    "en": (
        "Printer calibration",
        "1. Scale",
        "2. Back offset",
        "pin",
        "3. Use the reading",
        "--back-offset X,Y",
        "centre of the cross",
    ),
}
BACK = {
    "pl": ("Odwrót: siatka przesunięcia", "--flip short"),
    "cs": ("Rub: mřížka posunu", "--flip short"),
    "en": ("Back: offset grid", "--flip short"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sheet_explains_how_to_read_it_in_its_language(sheets, lang):
    reader = PdfReader(sheets(lang, "a4"))
    front, back = (" ".join(page.extract_text().split()) for page in reader.pages)
    for phrase in EXPLAINED[lang]:
        assert phrase.lower() in front.lower(), phrase
    for phrase in BACK[lang]:
        assert phrase in back, phrase
    assert "\u22125" in back and "+10" in back  # the grid's numbers, with a true minus sign


@pytest.mark.parametrize("flip", FLIPS)
@pytest.mark.parametrize("paper_name", PAPERS)
def test_the_layout_keeps_to_the_safe_area_and_every_text_to_its_box(paper_name, flip):
    document = pipeline.calibration("cs", paper_name, flip)
    for page in document.pages:
        for placed in bounds.flatten(page.items):
            box = bounds.ink_box(placed)
            if box is not None:
                assert SAFE_EDGE - TOLERANCE <= box[0] and box[2] <= page.width - SAFE_EDGE + TOLERANCE
                assert SAFE_EDGE - TOLERANCE <= box[1] and box[3] <= page.height - SAFE_EDGE + TOLERANCE
            item = placed.item
            if getattr(item, "max_w", None) is not None:
                assert bounds.text_width(item) <= item.max_w + TOLERANCE, item.text


@pytest.mark.parametrize("error", [(1.5, -0.5), (-2.0, 3.25), (0.0, 0.0)])
@pytest.mark.parametrize("flip", FLIPS)
def test_the_reading_is_the_back_offset_that_cancels_the_printers_error(flip, error):
    """A printer that shifts the back by ``error`` moves the grid with it; the cross (on the front)
    then sits at -error on the grid. Built with that reading as --back-offset, a back lands exactly
    behind its face once the printer adds its error again."""
    sheet = paper("a4")
    ctx = Context(sheet, Localizer("en"), Options(flip=flip))
    _, cross = calibration.front_page(ctx)
    grid = calibration.back_centre(ctx, cross)
    printed_grid = (grid[0] + error[0], grid[1] + error[1])
    reading = (grid[0] - printed_grid[0], grid[1] - printed_grid[1])  # where the cross falls on the printed grid
    face = Box(30.0, 40.0, 25.0, 25.0)
    intended = imposition.back_box(face, sheet.width, sheet.height, flip)
    corrected = imposition.back_box(face, sheet.width, sheet.height, flip, reading)
    assert (corrected.x + error[0], corrected.y + error[1]) == pytest.approx((intended.x, intended.y))


def test_calibrate_writes_output_calibration_pdf_by_default(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("calibrate", "--lang", "en")
    assert result.code == 0 and result.out.startswith("output/calibration-en.pdf (2 pages")
    assert len(PdfReader(tmp_path / "output" / "calibration-en.pdf").pages) == 2


def test_calibrate_refuses_an_unknown_paper_in_one_line(run, tmp_path):
    result = run("calibrate", "--paper", "b5", "-o", str(tmp_path / "c.pdf"))
    assert result.code == 1 and "'b5' is not a paper: give its name" in result.err and not (tmp_path / "c.pdf").exists()


@pytest.mark.parametrize("paper_name", PAPERS)
def test_the_sheet_is_qpdf_clean_with_its_fonts_embedded(sheets, paper_name):
    pdf = sheets("cs", paper_name)
    fonts = embedded_fonts(pdf)
    assert fonts and all(fonts.values()), fonts
    assert_qpdf_clean(pdf)
