"""Measuring printed pages for the print-fidelity tests: where the ink is, the 50 mm rulers and the
words beside them (in millimetres from the page's top-left corner), the embedded fonts, qpdf --check."""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass

import pdfplumber
import pypdfium2
import pytest
from pypdf import PdfReader

from conftest import mm
from printkit.base.units import MM_PER_INCH
from printkit.layout.marks import FOOTER_TICK, LABEL_GAP
from printkit.words.messages import message

TOLERANCE = 0.05  # mm
INK_DPI = 100  # a pixel is 0.254 mm; the distance read is a lower bound, never more than a pixel short
WHITE = 250  # grey levels above this are paper (anti-aliasing dust, not ink)
BLACK = (0.0, 0.0, 0.0)


def ink_margins(pdf_path, dpi: int = INK_DPI) -> list[tuple[float, float, float, float]]:
    """Per page, how far the ink stays from the left, top, right and bottom edges, in mm.

    A non-white pixel holds ink somewhere inside it, so each distance is measured to the pixel's
    outer side: the figure can be up to one pixel too small, never too large. A page with no ink
    keeps the whole paper from every edge.
    """
    pixel = MM_PER_INCH / dpi
    margins = []
    document = pypdfium2.PdfDocument(pdf_path)
    try:
        for page in document:
            width, height = (mm(v) for v in page.get_size())
            grey = page.render(scale=dpi / 72).to_pil().convert("L")
            ink = grey.point(lambda level: 255 if level <= WHITE else 0)
            found = ink.getbbox()  # the first inked column and row, and one past the last ones
            if found is None:  # an empty back (its note left out where the front leaves no room)
                margins.append((width, height, width, height))
                continue
            left, top, right, bottom = found
            margins.append((left * pixel, top * pixel, width - right * pixel, height - bottom * pixel))
    finally:
        document.close()
    return margins


def lines_and_words(pdf_path, numbers: list[int]) -> list[tuple[list[Line], list[dict]]]:
    """The straight lines and the words of each page in ``numbers``, in mm from the top-left corner,
    each page parsed once."""
    found = []
    with pdfplumber.open(pdf_path) as document:
        for number in numbers:
            page = document.pages[number - 1]
            lines = [
                Line(
                    mm(o["x0"]),
                    mm(o["top"]),
                    mm(o["x1"] - o["x0"]),
                    mm(o["bottom"] - o["top"]),
                    colour(o.get("stroking_color")),
                )
                for o in page.lines
            ]
            words = [{"text": w["text"], "x": mm(w["x0"]), "y": mm(w["top"])} for w in page.extract_words()]
            found.append((lines, words))
    return found


@dataclass(frozen=True)
class Line:
    x: float
    y: float
    w: float
    h: float
    stroke: tuple


def colour(value) -> tuple:
    values = tuple(round(float(v), 3) for v in (value if isinstance(value, (tuple, list)) else [value or 0]))
    return values * 3 if len(values) == 1 else values


def fifty_mm_rulers(lines: list[Line]) -> list[tuple[Line, Line]]:
    """(left, right) end ticks of every 50 mm ruler: black vertical ticks of 4 mm (the full ruler) or
    2.5 mm (the compact one in a footer), level and exactly 50 mm apart, with the scale's ticks
    between them (black crop marks 50 mm apart have none)."""
    ticks = [
        line
        for line in lines
        if line.w <= TOLERANCE
        and line.stroke == BLACK
        and any(abs(line.h - length) <= TOLERANCE for length in (FOOTER_TICK, 4.0))
    ]
    return [
        (a, b)
        for a in ticks
        for b in ticks
        if abs(a.h - b.h) <= TOLERANCE
        and abs(a.y - b.y) <= TOLERANCE
        and abs(b.x - a.x - 50.0) <= TOLERANCE
        and scale_ticks_between(lines, a, b) >= 9
    ]


def scale_ticks_between(lines: list[Line], a: Line, b: Line) -> int:
    """How many vertical ticks stand between two end ticks, level with them: a ruler has its mm or
    5 mm ticks there; two black crop marks 50 mm apart (the cut of a 50 mm card) have none."""
    return sum(
        1
        for line in lines
        if line.w <= TOLERANCE and a.x + TOLERANCE < line.x < b.x - TOLERANCE and abs(line.y - a.y) <= a.h + TOLERANCE
    )


def scale_note_beside(lines: list[Line], words: list[dict], lang: str) -> str:
    """The words that follow the one 50 mm ruler's right end on its line (LABEL_GAP to its right, 3 mm
    for the footer's compact ruler, level with its ticks); an empty string when there is no such
    ruler or nothing beside it."""
    rulers = fifty_mm_rulers(lines)
    if len(rulers) != 1:
        return ""
    right = rulers[0][1]
    first_word = message(lang, "scale_only").split()[0]
    start = [
        w
        for w in words
        if w["text"] == first_word
        and min(abs(w["x"] - (right.x + gap)) for gap in (3.0, LABEL_GAP)) <= 0.5
        and right.y - 1.0 <= w["y"] <= right.y + right.h
    ]
    if not start:
        return ""
    return " ".join(w["text"] for w in words if abs(w["y"] - start[0]["y"]) <= 0.3 and w["x"] >= start[0]["x"])


def embedded_fonts(pdf_path) -> dict[str, bool]:
    """Every font the PDF uses (inside forms too) and whether its program is embedded in the file."""
    found = {}
    for page in PdfReader(pdf_path).pages:
        for font in fonts_of(page["/Resources"]):
            holder = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            descriptor = holder.get("/FontDescriptor")
            found[str(font["/BaseFont"])] = descriptor is not None and any(
                key in descriptor.get_object() for key in ("/FontFile", "/FontFile2", "/FontFile3")
            )
    return found


def fonts_of(resources) -> list:
    """Every font in a resource dictionary, forms (XObjects) included."""
    resources = resources.get_object()
    found = [f.get_object() for f in resources["/Font"].get_object().values()] if "/Font" in resources else []
    for xobject in resources["/XObject"].get_object().values() if "/XObject" in resources else []:
        xobject = xobject.get_object()
        if "/Resources" in xobject:
            found += fonts_of(xobject["/Resources"])
    return found


def assert_qpdf_clean(pdf_path) -> None:
    """`qpdf --check` finds nothing; skipped without qpdf, except where PRINTKIT_REQUIRE_QPDF is set (CI)."""
    qpdf = shutil.which("qpdf")
    if qpdf is None:
        if os.environ.get("PRINTKIT_REQUIRE_QPDF"):
            pytest.fail("qpdf is not installed but PRINTKIT_REQUIRE_QPDF is set (see .ci/run)")
        pytest.skip("qpdf is not installed (apt-get install qpdf); .ci/run installs it")
    result = subprocess.run([qpdf, "--check", str(pdf_path)], check=False, capture_output=True, text=True)
    assert result.returncode == 0 and "No syntax or stream encoding errors" in result.stdout, (
        result.stdout + result.stderr
    )


def rules_pages(path) -> list:
    """The PDF's pages that hold the rules: the first, and those after it set in the rules' serif
    (a page that continues the rules may start mid-paragraph, without a heading)."""
    pdf = pdfplumber.open(path)
    pages = [pdf.pages[0]]
    for page in pdf.pages[1:]:
        if not any("NotoSerif" in c["fontname"] for c in page.chars):
            break
        pages.append(page)
    return pages


def credits_chars(page) -> list[dict]:
    """The letters of the credits on a rules page: 7.5 pt in their dark grey (#333333), told
    from the print recipe's table, which may be set at 7.5 pt too but in black."""
    return [
        c
        for c in page.chars
        if abs(c["size"] - 7.5) < 0.01 and tuple(round(v, 2) for v in c["non_stroking_color"] or ()) == (0.2,) * 3
    ]
