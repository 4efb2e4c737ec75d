"""A landscape page prints right on a portrait sheet with any viewer's defaults.

It is written as a portrait sheet (its /MediaBox) with its drawing turned a quarter and /Rotate 90:
a viewer or printer that ignores /Rotate prints the portrait sheet as it is, the drawing filling it
sideways; one that honours /Rotate shows the page upright, landscape, as laid out.
"""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject, NumberObject

from piece_pdf import build
from printkit.base.units import MM_PER_POINT

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_targs_landscape_board_is_a_portrait_sheet_turned_by_rotate(tmp_path, paper):
    pdf, manifest = build("targ", tmp_path, "--paper", paper, "--lang", "en")
    short, long = PAPERS[paper]
    landscape = [page["number"] for page in manifest["pages"] if page["width"] > page["height"]]
    assert landscape == [2]  # the market board
    reader = PdfReader(pdf)
    for number, page in enumerate(reader.pages, start=1):
        box = page.mediabox
        width, height = float(box.width) * MM_PER_POINT, float(box.height) * MM_PER_POINT
        assert (round(width, 1), round(height, 1)) == (short, long), f"page {number} is not a portrait sheet"
        assert page.get("/Rotate", 0) == (90 if number in landscape else 0), number
    with pdfplumber.open(pdf) as doc:  # pdfplumber applies /Rotate: what a viewer shows
        shown = doc.pages[1]
        assert (round(shown.width * MM_PER_POINT, 1), round(shown.height * MM_PER_POINT, 1)) == (long, short)
        title = min(shown.extract_words(), key=lambda word: (round(word["top"]), word["x0"]))
        assert title["text"] == "The" and title["upright"]  # "The market board", reading upright
        assert title["x0"] * MM_PER_POINT < 20 and title["top"] * MM_PER_POINT < 20  # top left, reading upright
        board = next(piece for piece in manifest["pieces"] if piece["page"] == 2 and piece["kind"] == "place")
        # the layout's top-left coordinates land where the viewer shows them
        drawn = [(shape["x0"], shape["top"], shape["width"], shape["height"]) for shape in shown.rects + shown.curves]
        place = (board["x"], board["y"], board["width"], board["height"])
        assert any(all(abs(a * MM_PER_POINT - b) < 0.05 for a, b in zip(box, place, strict=True)) for box in drawn), (
            place
        )


def test_without_rotate_the_board_fills_the_portrait_sheet_sideways(tmp_path):
    """A viewer that ignores /Rotate: the portrait sheet as written, its title running up the left
    edge, nothing off the sheet."""
    pdf, _ = build("targ", tmp_path, "--lang", "en")
    writer = PdfWriter(clone_from=pdf)
    writer.pages[1][NameObject("/Rotate")] = NumberObject(0)
    plain = Path(tmp_path) / "no-rotate.pdf"
    writer.write(plain)
    with pdfplumber.open(plain) as doc:
        page = doc.pages[1]
        assert page.width < page.height
        title = next(c for c in page.chars if c["text"] == "T")  # of "The market board"
        assert not any(c["upright"] for c in page.chars)  # every text runs sideways
        assert title["x0"] * MM_PER_POINT < 20 and title["bottom"] * MM_PER_POINT > page.height * MM_PER_POINT - 30
        for obj in page.chars + page.rects + page.lines:
            assert obj["x0"] >= 0 and obj["top"] >= 0
            assert obj["x1"] <= page.width + 0.01 and obj["bottom"] <= page.height + 0.01
