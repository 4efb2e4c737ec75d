"""The whole PDF printed with the print dialog's defaults, simulated on every shipped kit.

The PDF asks the dialog for two-sided printing (flipping on an edge) or for single-sided. A duplex
printer puts page 2k behind page 2k-1, mirrored over the flip edge; here the pages are paired into
sheets that way and nothing drawn on a back may land behind what is drawn on its front, unless the
back holds the front's own backs or both are pages of the rules (a rulebook printed like a book).
"""

from __future__ import annotations

import pdfplumber
import pytest
from pypdf import PdfReader

from conftest import first_language_cases, mm

CASES = [(kit, lang, paper, how) for kit, lang, paper in first_language_cases() for how in ("duplex", "fold")]
Box = tuple[float, float, float, float]  # left, top, right, bottom in mm


def drawn_boxes(page) -> list[Box]:
    """Everything printed on a page: letters, rectangles, lines, curves and pictures, in mm."""
    objects = page.chars + page.rects + page.lines + page.curves + page.images
    return [(mm(o["x0"]), mm(o["top"]), mm(o["x1"]), mm(o["bottom"])) for o in objects]


def behind(box: Box, width: float, height: float, flip: str) -> Box:
    """Where a box on a back page lands as seen on the front of the sheet."""
    left, top, right, bottom = box
    if flip == "long":
        return width - right, top, width - left, bottom
    return left, height - bottom, right, height - top


def meet(a: Box, b: Box, by: float = 0.1) -> bool:
    return a[0] < b[2] - by and b[0] < a[2] - by and a[1] < b[3] - by and b[1] < a[3] - by


def duplex_flip(pdf) -> str | None:
    preference = str(PdfReader(pdf).trailer["/Root"]["/ViewerPreferences"]["/Duplex"])
    return {"/DuplexFlipLongEdge": "long", "/DuplexFlipShortEdge": "short", "/Simplex": None}[preference]


@pytest.mark.parametrize("kit, lang, paper, how", CASES, ids=lambda v: str(v))
def test_the_whole_pdf_printed_with_the_dialog_defaults_backs_nothing_wrongly(kit_outputs, kit, lang, paper, how):
    outputs = kit_outputs(kit, lang, paper, "--two-sided", how)
    pages = outputs.manifest["pages"]
    flip = duplex_flip(outputs.pdf)
    has_backs = any(page.get("side") == "back" and page["role"] != "blank" for page in pages)
    assert (flip is not None) == has_backs
    if flip is None:
        assert not any(page["role"] == "blank" for page in pages)  # single-sided: one page, one sheet
        return
    checked = 0
    with pdfplumber.open(outputs.pdf) as document:
        for index in range(0, len(pages) - 1, 2):
            front, back = pages[index], pages[index + 1]
            assert front.get("side") != "back", f"page {index + 1} is a back printed on a sheet's front"
            if back.get("side") == "back" and back["role"] != "blank":
                assert front.get("side") == "face" and front.get("component") == back.get("component")
                continue
            if front["role"] == back["role"] == "rules":
                continue
            assert back["role"] == "blank", f"page {index + 2} ({back['role']}) is printed behind page {index + 1}"
            width, height = front["width"], front["height"]
            front_boxes = drawn_boxes(document.pages[index])
            for box in drawn_boxes(document.pages[index + 1]):
                landed = behind(box, width, height, flip)
                assert not any(meet(landed, other) for other in front_boxes), f"sheet of page {index + 1}"
            checked += 1
        # a face page after an odd count of pages would be printed behind the page before it
        assert all(number % 2 == 1 for number, page in enumerate(pages, 1) if page.get("side") == "face")
    assert checked or not any(page["role"] == "blank" for page in pages)


def test_a_blank_back_says_why_and_keeps_clear_of_the_content(kit_outputs):
    outputs = kit_outputs("kpn", "en", "a4")
    roles = [(page["role"], page.get("side")) for page in outputs.manifest["pages"]]
    assert roles[:5] == [("rules", None), ("blank", "back"), ("cards", None), ("blank", "back"), ("tiles", "face")]
    with pdfplumber.open(outputs.pdf) as document:
        words = document.pages[1].extract_words()
    assert " ".join(w["text"] for w in words).startswith("The back of the previous page, intentionally blank")
    assert all(mm(w["bottom"]) < 12.0 for w in words)  # in the top margin, where no page prints anything
