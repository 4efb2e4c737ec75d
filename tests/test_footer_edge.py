"""The footer (the game, the page number and the compact 50 mm ruler, the only scale check on a
page of pieces) stays at least 10 mm from every paper edge, where a home printer with a 6-12.7 mm
bottom margin still prints it, and nothing else on the page reaches into it. Measured on the PDFs of
every kit, A4 and Letter, with pdfplumber (which applies /Rotate, so a landscape page is measured as
it is shown)."""

from __future__ import annotations

import pdfplumber
import pytest

from piece_pdf import build
from printkit import pipeline
from printkit.base.units import MM_PER_POINT
from printkit.layout.context import FOOTER_CLEAR
from printkit.layout.marks import RULER_HEIGHT
from printkit.layout.pieces import RULER_CLEAR, RULER_FOOT_GAP
from printkit.layout.primitives import Text
from printkit.words.messages import message

KITS = ["latarnie", "ogrod", "plateau", "targ", "kpn"]
EDGE = 10.0
FOOTER_RULERS = {"targ", "kpn"}  # the kits with pages of pieces whose footer holds the compact ruler


def mm(points: float) -> float:
    return points * MM_PER_POINT


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("kit", KITS)
def test_the_footer_and_its_ruler_stay_10_mm_from_every_edge(tmp_path, kit, paper):
    pdf, manifest = build(kit, tmp_path, "--paper", paper, "--lang", "en")
    rulers = 0
    with pdfplumber.open(pdf) as doc:
        for number, (page, planned) in enumerate(zip(doc.pages, manifest["pages"], strict=True), start=1):
            if planned.get("side") == "back":
                continue  # a back has no footer
            width, height = mm(page.width), mm(page.height)
            band = height - FOOTER_CLEAR
            shapes = page.lines + page.rects + page.curves
            footer = [o for o in page.chars + shapes if mm(o["top"]) >= band - 1e-6]
            text = "".join(c["text"] for c in sorted(footer, key=lambda o: o["x0"]) if "text" in c).replace(" ", "")
            assert message("en", "page_of", n=number, total=len(doc.pages)).replace(" ", "") in text, number
            rulers += "50mm" in text
            for o in footer:
                assert mm(o["bottom"]) <= height - EDGE + 1e-6, f"page {number}: {o.get('text', 'a line')} too low"
                assert mm(o["x0"]) >= EDGE - 1e-6 and mm(o["x1"]) <= width - EDGE + 1e-6, f"page {number}"
            footer_top = min(mm(o["top"]) for o in footer)
            for o in page.chars + shapes + page.images:
                if o not in footer:  # everything else ends above the footer
                    assert mm(o["bottom"]) <= footer_top + 1e-6, f"page {number}: {o.get('text', o['object_type'])}"
    assert (rulers > 0) == (kit in FOOTER_RULERS)  # the compact ruler was among what was measured


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("kit", KITS)
def test_a_piece_pages_ruler_keeps_its_numbers_clear_of_the_footer(kit, paper):
    """The 50 mm ruler under a sheet of pieces ends at least RULER_FOOT_GAP above the footer's band
    when its block leaves the room (plateau's Letter stones: 1.6 mm from the footer's words), and
    never on the block: it stays RULER_CLEAR under its crop marks."""
    loaded = pipeline.load(kit)
    ctx = pipeline.context(loaded, "en", paper)
    for page in pipeline.lay_out(loaded, ctx).pages:
        numbers = [item.y for item in page.items if isinstance(item, Text) and item.text == "50"]
        if not page.pieces or not numbers:
            continue
        (baseline,) = numbers
        lowest_piece = max(p.y + p.height for p in page.pieces)
        assert baseline <= ctx.bottom - RULER_FOOT_GAP + 1e-6, (page.component, baseline)
        assert baseline - RULER_HEIGHT >= lowest_piece + RULER_CLEAR - 1e-6
