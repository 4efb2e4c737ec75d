"""A score sheet's bands share one column grid: a column starts at the same x in every band.

ogrod's sheet had its scoring column end 3 mm right of the garden above it and its "solo record"
box start 3 mm right of the die legend above it: a form whose boxes wander looks like a
spreadsheet. Measured as layout data (every language and paper) and on the PDF.
"""

from __future__ import annotations

import pdfplumber
import pytest

from conftest import mm
from printkit import pipeline as build
from printkit.kit.parts import FieldPart, GridPart, LegendPart, ScoringPart
from printkit.kit.shared import band_parts
from printkit.layout.context import Context, paper
from printkit.layout.document import layout_kit
from printkit.layout.primitives import Line, Rect, Text
from printkit.layout.sheet import PART_GAP, aligned_widths
from printkit.words.locale import Localizer


@pytest.fixture(scope="module")
def ogrod():
    return build.load("ogrod")


def sheet_page(loaded, lang, paper_name):
    ctx = Context(paper=paper(paper_name), tr=Localizer(lang))
    return next(p for p in layout_kit(loaded.kit, ctx).pages if p.role == "sheet")


def part_of(loaded, kind):
    sheet = next(c for c in loaded.kit.components if c.kind == "sheet")
    return next(p for p in band_parts(sheet.rows) if isinstance(p, kind))


def label_x(page, text):
    return next(i.x for i in page.items if isinstance(i, Text) and i.text == text)


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_the_right_column_starts_at_one_x_in_every_band(ogrod, lang, paper_name):
    page = sheet_page(ogrod, lang, paper_name)
    tr = Localizer(lang)
    legend = label_x(page, tr(part_of(ogrod, LegendPart).label))
    record = label_x(page, tr(part_of(ogrod, FieldPart).label))
    assert record == pytest.approx(legend, abs=0.01)


@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_the_score_boxes_end_where_the_garden_ends(ogrod, lang):
    page = sheet_page(ogrod, lang, "a4")
    garden = max((i for i in page.items if isinstance(i, Rect)), key=lambda r: r.w * r.h)
    grid = part_of(ogrod, GridPart)
    # the cells stay square, grown in half millimetres between the kit's cell and its cell_most
    cell = garden.w / grid.cols
    assert grid.cell <= cell <= grid.cell_most and (cell * 2) == pytest.approx(round(cell * 2))
    score_boxes = [
        i for i in page.items if isinstance(i, Rect) and i.w == pytest.approx(20.0) and i.y > garden.y + garden.h
    ]
    assert score_boxes, "the scoring boxes are drawn"
    assert {round(r.x + r.w, 2) for r in score_boxes} == {round(garden.x + garden.w, 2)}


def test_the_grid_keeps_its_natural_width_and_the_rest_goes_to_the_free_column(ogrod):
    sheet = next(c for c in ogrod.kit.components if c.kind == "sheet")
    widths = aligned_widths(sheet.rows, 186.0)
    grid = part_of(ogrod, GridPart)
    two_columns = [w for w, band in zip(widths, sheet.rows, strict=True) if len(band) == 2]
    assert len(two_columns) == 2
    assert two_columns[0] == two_columns[1]
    assert two_columns[0][0] == pytest.approx(grid.cols * grid.cell + 7.0)  # the row numbers' column
    assert sum(two_columns[0]) + PART_GAP == pytest.approx(186.0)
    assert part_of(ogrod, ScoringPart).width is None


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_on_the_pdf_the_record_box_and_the_legend_share_a_left_edge(built, ogrod, lang):
    tr = Localizer(lang)
    legend_first = tr(part_of(ogrod, LegendPart).label).split()[0]
    record_first = tr(part_of(ogrod, FieldPart).label).split()[0]
    with pdfplumber.open(built("ogrod", lang)) as pdf:
        words = pdf.pages[1].extract_words()
    legend_word = next(w for w in words if w["text"] == legend_first)
    record_word = next(w for w in words if w["text"] == record_first and w["top"] > legend_word["top"])
    assert mm(record_word["x0"]) == pytest.approx(mm(legend_word["x0"]), abs=0.1)


@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_the_name_field_and_the_title_band_stand_on_the_same_grid(ogrod, lang):
    page = sheet_page(ogrod, lang, "a4")
    tr = Localizer(lang)
    legend = label_x(page, tr(part_of(ogrod, LegendPart).label))
    garden = max((i for i in page.items if isinstance(i, Rect)), key=lambda r: r.w * r.h)
    name_line = next(i for i in page.items if isinstance(i, Line) and i.y1 == i.y2 and i.y1 < garden.y and i.x1 > 100)
    assert name_line.x1 == pytest.approx(legend) and name_line.x2 == pytest.approx(198.0)
    title_band = min((i for i in page.items if isinstance(i, Rect) and i.fill), key=lambda r: r.y)
    assert title_band.x + title_band.w == pytest.approx(garden.x + garden.w)  # the band ends where the garden ends


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_a_sheet_alone_on_its_page_spreads_its_bands_down_the_page(paper_name):
    """ogrod's sheet fits Letter's shorter page and left 36 mm of A4 empty above the footer: the
    gaps between its bands now widen (to SPREAD_MOST at most) so the last band ends near the
    printable bottom, on both papers, and never past it."""
    loaded = build.load("ogrod")
    ctx = Context(paper=paper(paper_name), tr=Localizer("pl"))
    (page,) = [p for p in layout_kit(loaded.kit, ctx).pages if p.component == "sheet"]
    (sheet,) = [p for p in page.pieces if p.kind == "sheet"]
    spare = ctx.bottom - (sheet.y + sheet.height)
    assert -1e-6 <= spare <= 12.0, spare
