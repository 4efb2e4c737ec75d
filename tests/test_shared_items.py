"""One item object on many pages: layout reuses the object for what every page of a deck repeats
(cut lines, outlines, a design placed at a slot), and the page checks and the renderer keep what
they found for that object. Each page must still be judged and drawn on its own size.
"""

from __future__ import annotations

import io

import pdfplumber
import pytest

from printkit import pipeline as build
from printkit.base.units import MM_PER_POINT
from printkit.layout.primitives import Document, Group, Line, Page, Piece, Rect
from printkit.render.pdf import render
from printkit.validate.pages import check_printed
from test_validate import BASE, write_kit


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return build.load(write_kit(tmp_path_factory.mktemp("shared"), BASE))


def printed(loaded, *pages: Page) -> list[str]:
    document = Document(pages, "t", "a", "en")
    return [str(p) for p in check_printed(loaded.source, loaded.kit, document)]


def where(loaded) -> str:
    return f"{loaded.source.display}:{loaded.source.line_of(('components', 0))}: components[0]"


@pytest.mark.parametrize(
    ("item", "narrow_first"),
    [
        (Rect(150.0, 20.0, 50.0, 10.0), False),  # clear of A4's edge, 15 mm into a 190 mm page's
        (Group("design", 150.0, 20.0, 50.0, 10.0, (Rect(0.0, 0.0, 50.0, 10.0),)), True),
    ],
    ids=["shape", "placed drawing"],
)
def test_one_item_on_a_wide_page_and_a_narrow_one_is_judged_on_each(mini, item, narrow_first):
    wide = Page(210.0, 297.0, "sheet", "sheet", (item,))
    narrow = Page(190.0, 297.0, "sheet", "sheet", (item,))
    pages = (narrow, wide) if narrow_first else (wide, narrow)
    assert printed(mini, *pages) == [
        f"{where(mini)}: a rect on page {1 if narrow_first else 2} (sheet) reaches 15.0 mm into the 5 mm unprintable "
        "edge of the paper, at x 150.0–200.0, y 20.0–30.0 mm"
    ]


def test_pieces_at_the_same_places_on_two_pages_overlap_on_both(mini):
    def page(first: int) -> Page:
        pieces = (
            Piece("card", "deck", first, 20.0, 20.0, 63.0, 88.0),
            Piece("card", "deck", first + 1, 80.0, 20.0, 63.0, 88.0),
        )
        return Page(210.0, 297.0, "sheet", "sheet", (), pieces)

    assert printed(mini, page(1), page(3)) == [
        f"{where(mini)}: card deck #{a} and card deck #{a + 1} overlap on page {n} (sheet) by 3.0 × 88.0 mm"
        for n, a in ((1, 1), (2, 3))
    ]


def drawn(*pages: Page) -> list[pdfplumber.page.Page]:
    pdf = pdfplumber.open(io.BytesIO(render(Document(pages, "t", "a", "en"))))
    return list(pdf.pages)


def test_a_line_on_pages_of_two_heights_is_drawn_where_each_page_puts_it():
    rule = Line(20.0, 30.0, 120.0, 30.0)
    a4, short = (Page(210.0, height, "sheet", "sheet", (rule,)) for height in (297.0, 200.0))
    for page in drawn(a4, short):
        (line,) = page.lines
        assert line["top"] * MM_PER_POINT == pytest.approx(30.0, abs=0.05)
        assert (line["x0"] * MM_PER_POINT, line["x1"] * MM_PER_POINT) == pytest.approx((20.0, 120.0), abs=0.05)


def test_an_outline_and_a_placed_drawing_on_pages_of_two_heights_are_drawn_where_each_page_puts_them():
    outline = Rect(20.0, 30.0, 40.0, 50.0)
    design = Group("design", 100.0, 60.0, 30.0, 20.0, (Rect(0.0, 0.0, 30.0, 20.0),))
    a4, short = (Page(210.0, height, "sheet", "sheet", (outline, design)) for height in (297.0, 200.0))
    for page in drawn(a4, short):
        boxes = sorted(
            tuple(round(v * MM_PER_POINT, 1) for v in (r["x0"], r["top"], r["x1"], r["bottom"])) for r in page.rects
        )
        assert boxes == [(20.0, 30.0, 60.0, 80.0), (100.0, 60.0, 130.0, 80.0)]
