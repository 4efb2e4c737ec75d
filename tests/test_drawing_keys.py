"""Two drawings never share a PDF form or a cached drawing: every key holds every input.

Form names used to be the group's key with each non-ASCII-alphanumeric character turned into
'_', so "Sůl" printed on the "Sál" card and owners b_c/b with types d/c_d swapped designs; the
symbol drawing's key left out its line width.
"""

from __future__ import annotations

import io

import pdfplumber

from conftest import mm
from piece_pdf import build, pieces
from printkit.layout.primitives import Document, Page
from printkit.layout.symbols import draw_symbol
from printkit.render.pdf import render

KIT = "tests/kits/lookalike_keys.yaml"


def words_in(pdf, piece: dict) -> str:
    """The words printed inside one piece's box, as the PDF holds them."""
    with pdfplumber.open(pdf) as document:
        page = document.pages[piece["page"] - 1]
        found = [
            w["text"]
            for w in page.extract_words()
            if piece["x"] <= mm(w["x0"]) <= piece["x"] + piece["width"]
            and piece["y"] <= mm(w["top"]) <= piece["y"] + piece["height"]
        ]
    return " ".join(found)


def test_names_that_differ_only_in_an_accent_print_each_on_its_own_card(tmp_path):
    pdf, manifest = build(KIT, tmp_path)
    printed = {p["component"]: words_in(pdf, p) for p in pieces(manifest, deck="deck", side="face")}
    # the name is printed upside down (rotate: 180), so its letters come out reversed
    assert printed == {"sul": "lůS", "sal": "láS"}


def test_owner_and_type_ids_that_join_alike_keep_their_own_designs(tmp_path):
    pdf, manifest = build(KIT, tmp_path)
    printed = {(p["owner"], p["component"]): words_in(pdf, p) for p in pieces(manifest, deck="owned", side="face")}
    assert printed == {
        ("b_c", "d"): "Dé Bé cé",
        ("b_c", "c_d"): "Cé dé Bé cé",
        ("b", "d"): "Dé Bé",
        ("b", "c_d"): "Cé dé Bé",
    }


def test_a_symbol_drawn_with_another_line_width_is_another_drawing():
    """The battery's frame is 1.5 line widths: 0.3 mm on the left symbol, 1.8 mm on the right one."""
    thin = draw_symbol("battery", 20.0, 20.0, 30.0, line=0.2)
    thick = draw_symbol("battery", 120.0, 20.0, 30.0, line=1.2)
    page = Page(210.0, 297.0, "test", None, (thin, thick))
    pdf = render(Document((page,), "keys", "printkit tests", "en"))
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        drawn = document.pages[0].rects + document.pages[0].curves + document.pages[0].lines
        widest = {
            side: max(round(mm(s["linewidth"]), 2) for s in drawn if (mm(s["x0"]) < 100) == (side == "left"))
            for side in ("left", "right")
        }
    assert widest == {"left": 0.3, "right": 1.8}
