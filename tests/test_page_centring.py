"""A board page and a sheet of pieces the pieces half fill stand in the middle of the room between
the heading and the footer (review 10 of latarnie: the token block filled the top 40 % of a card
sheet, the ruler floating mid-page; the board sat low, 25 mm over it and 30 mm under the ruler).
Measured on the PDF: the ink between the heading's last line and the footer's first."""

from __future__ import annotations

import pdfplumber
import pytest

from conftest import mm
from piece_pdf import build


def gaps(pdf_path, number: int) -> tuple[float, float]:
    """The blank mm over the page's body (under its heading) and under it (over its footer)."""
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[number - 1]
        height = mm(page.height)
        words = [(mm(w["top"]), mm(w["bottom"])) for w in page.extract_words()]
        head = max(bottom for top, bottom in words if top < 30)
        foot = min(top for top, bottom in words if top > height - 15)
        tops = [top for top, _ in words if head < top < foot]
        bottoms = [bottom for top, bottom in words if head < top < foot]
        for shape in page.rects + page.lines:
            if mm(shape["top"]) > head + 1 and mm(shape["bottom"]) < foot - 1:
                tops.append(mm(shape["top"]))
                bottoms.append(mm(shape["bottom"]))
        return min(tops) - head, foot - max(bottoms)


@pytest.mark.parametrize(("lang", "paper"), [("pl", "a4"), ("en", "letter"), ("cs", "a4")])
def test_latarnies_board_and_tokens_stand_in_the_middle(tmp_path, lang, paper):
    pdf, _ = build("latarnie", tmp_path, "--lang", lang, "--paper", paper)
    for number in (2, 3):
        above, below = gaps(pdf, number)
        assert abs(above - below) <= 2.0, (number, above, below)
        assert below < 65.0, (number, below)  # the tokens' half-empty sheet: 58 mm, was 130 under the ruler
