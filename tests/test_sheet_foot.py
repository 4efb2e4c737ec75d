"""A sheet keeps clear of its footer (review of ogrod, Letter: the Total box ended 1.7 mm above the
footer's words): on every shipped sheet, A4 and Letter, the sheet's last element ends at least
SHEET_CLEAR mm above the footer's top. Measured on the PDFs with pdfplumber, the kit's own sheet
pages and the score sheets printed apart (KIT-sheets.pdf)."""

from __future__ import annotations

import pdfplumber
import pytest

from piece_pdf import build
from printkit import pipeline
from printkit.base.units import MM_PER_POINT
from printkit.cli import main
from printkit.layout.context import FOOTER_CLEAR
from printkit.layout.document import layout_kit
from printkit.layout.primitives import Rect, RichText

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
    for apart in pdf.parent.glob(f"{pdf.stem}-sheets.pdf"):  # the score sheets printed apart
        gaps += sheet_gaps(apart)
    assert gaps, "every shipped kit has a sheet"
    assert min(gaps) >= SHEET_CLEAR, gaps


def test_personalised_sheets_print_no_page_of_pages(tmp_path):
    """`printkit sheets --names` hands each player a sheet of their own: "strona 3 z 3" counted the
    others' (review of ogrod); the game's name stays in the footer."""
    pdf = tmp_path / "named.pdf"
    try:
        main(["sheets", "ogrod", "--players", "3", "--names", "Ala,Olek,Ewa", "-o", str(pdf), "--lang", "pl"])
    except SystemExit as exc:
        assert not exc.code
    with pdfplumber.open(pdf) as doc:
        assert len(doc.pages) == 3
        for page, name in zip(doc.pages, ["Ala", "Olek", "Ewa"], strict=True):
            text = page.extract_text()
            assert name in text and "Ogród z kostek" in text
            assert "strona" not in text.lower(), text[-80:]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_a_scoring_note_sits_under_its_rows_beside_the_total(lang, paper):
    loaded = pipeline.load("ogrod")
    ctx = pipeline.context(loaded, lang, paper)
    (page,) = [p for p in layout_kit(loaded.kit, ctx).pages if p.role == "sheet"]
    note = message_of(loaded.kit, lang)
    (shown,) = [i for i in page.items if isinstance(i, RichText) and note in i.markup]
    total = max((i for i in page.items if isinstance(i, Rect) and i.stroke.width == 0.8), key=lambda r: r.y)
    assert shown.x + shown.w < total.x  # left of the total's box
    assert total.y <= shown.y < total.y + total.h  # in the total's row, under the scoring rows
    assert shown.size_pt >= 7.5


def message_of(kit, lang: str) -> str:
    (part,) = [p for band in kit.component("sheet").rows for cell in band for p in flat(cell) if p.type == "scoring"]
    return part.note[lang].split()[0]  # its first word, before any no-break space typesetting puts in


def flat(cell):
    return cell if isinstance(cell, list) else [cell]
