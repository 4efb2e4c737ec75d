"""A sheet keeps clear of its footer (review of ogrod, Letter: the Total box ended 1.7 mm above the
footer's words): on every shipped sheet, A4 and Letter, the sheet's last element ends at least
SHEET_CLEAR mm above the footer's top. Measured on the PDFs with pdfplumber, the kit's own sheet
pages and the score sheets printed apart (KIT-sheets.pdf)."""

from __future__ import annotations

import pdfplumber
import pytest

from piece_pdf import build
from printkit.base.units import MM_PER_POINT
from printkit.layout.context import FOOTER_CLEAR

KITS = ["latarnie", "ogrod", "plateau", "targ", "kpn"]
SHEET_CLEAR = 6.0  # mm


def mm(points: float) -> float:
    return points * MM_PER_POINT


def sheet_gaps(pdf, numbers=None) -> list[float]:
    """For each page (of ``numbers``, else all), the mm between the lowest thing above the footer and
    the footer's top."""
    gaps = []
    with pdfplumber.open(pdf) as doc:
        for number, page in enumerate(doc.pages, start=1):
            if numbers is not None and number not in numbers:
                continue
            band = mm(page.height) - FOOTER_CLEAR
            shapes = page.chars + page.lines + page.rects + page.curves
            footer = [o for o in shapes if mm(o["top"]) >= band - 1e-6]
            above = [o for o in shapes + page.images if o not in footer]
            gaps.append(min(mm(o["top"]) for o in footer) - max(mm(o["bottom"]) for o in above))
    return gaps


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("kit", KITS)
def test_every_sheet_ends_clear_of_its_footer(tmp_path, kit, paper):
    pdf, manifest = build(kit, tmp_path, "--paper", paper, "--lang", "en")
    in_kit = {n for n, page in enumerate(manifest["pages"], start=1) if page.get("role") == "sheet"}
    gaps = sheet_gaps(pdf, in_kit) if in_kit else []
    for apart in pdf.parent.glob(f"{kit}-sheets-*.pdf"):  # the score sheets printed apart
        gaps += sheet_gaps(apart)
    assert gaps, "every shipped kit has a sheet"
    assert min(gaps) >= SHEET_CLEAR, gaps
