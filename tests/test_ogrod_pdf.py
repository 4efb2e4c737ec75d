"""The ogrod kit measured from its PDF: paper, fonts, text, the grid, the round track, determinism."""

from __future__ import annotations

import pdfplumber
import pytest
from pypdf import PdfReader

from conftest import mm
from piece_pdf import unhyphenated

A4 = (210.0, 297.0)
CELL = 22.0  # the kit's 20 mm grown (cell_most) into the A4 page's spare height, as far as the legend beside allows


def sheet_page(path):
    return pdfplumber.open(path).pages[1]


@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_two_a4_pages(built, lang):
    reader = PdfReader(built("ogrod", lang))
    assert len(reader.pages) == 2
    for page in reader.pages:
        assert mm(float(page.mediabox.width)) == pytest.approx(A4[0], abs=0.01)
        assert mm(float(page.mediabox.height)) == pytest.approx(A4[1], abs=0.01)


def test_pdf_header_metadata_and_print_scaling(built):
    path = built("ogrod", "cs")
    assert path.read_bytes().startswith(b"%PDF-1.7")
    reader = PdfReader(path)
    root = reader.trailer["/Root"]
    assert root["/ViewerPreferences"]["/PrintScaling"] == "/None"
    assert root["/Lang"] == "cs"
    assert reader.metadata.title == "Zahrada z kostek"
    assert reader.metadata.author.startswith("KiG / Codex")


def test_every_font_is_embedded_and_no_standard_font_appears(built):
    path = built("ogrod")
    reader = PdfReader(path)
    seen = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            seen.add(str(font["/BaseFont"]))
            descriptor = font["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor, f"{font['/BaseFont']} is not embedded"
            assert "+" in str(font["/BaseFont"]), "fonts are subset"
    assert {name.split("+")[-1] for name in seen} == {
        "AtkinsonHyperlegible-Regular",
        "AtkinsonHyperlegible-Bold",
        "NotoSerif-Regular",
        "NotoSerif-Bold",
    }
    assert b"Helvetica" not in path.read_bytes()


@pytest.mark.parametrize(
    "lang, phrases",
    [
        (
            "pl",
            [
                "Ogród z kostek",
                "największą",
                "Punktacja po rundzie 18",
                "1 na gracza",
                "jednostronnie",
                "skreśl",
            ],
        ),
        ("cs", ["Zahrada z kostek", "Bodování po 18. kole", "1 na hráče", "jednostranně", "úhlopříčky"]),
        ("en", ["Dice Garden", "Scoring after round 18", "1 per player", "one-sided"]),
    ],
)
def test_diacritics_round_trip_through_text_extraction(built, lang, phrases):
    with pdfplumber.open(built("ogrod", lang)) as pdf:
        halves = [  # the rules' two columns read one after the other
            page.crop((x0, 0, x1, page.height))
            for page in pdf.pages
            for x0, x1 in ((0, page.width / 2), (page.width / 2, page.width))
        ]
        text = " ".join(unhyphenated(half.extract_text()) for half in halves)
    text = " ".join(text.split())
    for phrase in phrases:
        assert phrase in text


def test_garden_grid_cells_are_equal_squares_of_the_kit_size(built):
    page = sheet_page(built("ogrod"))
    frame = max(page.rects, key=lambda r: r["width"] * r["height"])
    width, height = mm(frame["width"]), mm(frame["height"])
    assert width == pytest.approx(6 * CELL, abs=0.05)
    assert height == pytest.approx(6 * CELL, abs=0.05)
    inside = lambda v, lo, hi: lo - 0.5 < v < hi + 0.5  # noqa: E731
    verticals = sorted(
        mm(line["x0"])
        for line in page.lines
        if abs(line["x0"] - line["x1"]) < 0.01
        and inside(line["x0"], frame["x0"], frame["x1"])
        and mm(line["bottom"] - line["top"]) == pytest.approx(6 * CELL, abs=0.05)
    )
    horizontals = sorted(
        mm(line["top"])
        for line in page.lines
        if abs(line["top"] - line["bottom"]) < 0.01
        and inside(line["top"], frame["top"], frame["bottom"])
        and mm(line["x1"] - line["x0"]) == pytest.approx(6 * CELL, abs=0.05)
    )
    xs = [mm(frame["x0"])] + verticals + [mm(frame["x1"])]
    ys = [mm(frame["top"])] + horizontals + [mm(frame["bottom"])]
    assert len(xs) == 7 and len(ys) == 7
    for a, b in zip(xs, xs[1:], strict=False):
        assert b - a == pytest.approx(CELL, abs=0.05)
    for a, b in zip(ys, ys[1:], strict=False):
        assert b - a == pytest.approx(CELL, abs=0.05)


def test_all_eighteen_rounds_are_printed_in_boxes(built):
    page = sheet_page(built("ogrod"))
    boxes = [
        r
        for r in page.rects
        if mm(r["width"]) == pytest.approx(9.0, abs=0.05) and mm(r["height"]) == pytest.approx(9.0, abs=0.05)
    ]
    assert len(boxes) == 18
    words = page.extract_words()
    for number, box in zip(range(1, 19), sorted(boxes, key=lambda r: r["x0"]), strict=True):
        inside = [
            w["text"]
            for w in words
            if box["x0"] <= w["x0"] and w["x1"] <= box["x1"] and box["top"] <= w["top"] and w["bottom"] <= box["bottom"]
        ]
        assert inside == [str(number)]


def test_three_batteries_and_die_legend(built):
    page = sheet_page(built("ogrod", "en"))
    battery_boxes = [
        r
        for r in page.curves
        if mm(r["width"]) == pytest.approx(12.0, abs=0.05) and mm(r["height"]) == pytest.approx(12.0, abs=0.05)
    ]
    assert len(battery_boxes) == 3
    text = page.extract_text()
    for line in ("1–2 L leaf", "3–4 F flower", "5–6 B berry"):
        assert line in text


PLANT_LETTERS = {
    "pl": ("1–2 L liść", "3–4 K kwiat", "5–6 O owoc"),
    "cs": ("1–2 L list", "3–4 K květ", "5–6 O ovoce"),
    "en": ("1–2 L leaf", "3–4 F flower", "5–6 B berry"),
}
RULES_LETTERS = {
    "pl": ("1–2: L, liść", "3–4: K, kwiat", "5–6: O, owoc", "każdy K stykający się z L i z O"),
    "cs": ("1–2: L, list", "3–4: K, květ", "5–6: O, ovoce", "každé K sousedící s L i s O"),
    "en": ("1–2: L, leaf", "3–4: F, flower", "5–6: B, berry", "each F touching L and B"),
}


@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_plant_letters_follow_the_language_on_the_sheet_and_in_the_rules(built, lang):
    """Players write the letter of a plant's name: K for kwiat and květ, F for flower (issue 16)."""
    reader = PdfReader(built("ogrod", lang))
    rules, sheet = (" ".join(unhyphenated(page.extract_text()).split()) for page in reader.pages)
    for line in PLANT_LETTERS[lang]:
        assert line in sheet_page(built("ogrod", lang)).extract_text()
    for words in RULES_LETTERS[lang][:3]:
        assert words in rules
    assert RULES_LETTERS[lang][3] in sheet  # the scoring box names the letters too
    if lang == "en":
        assert " K " not in f" {rules} {sheet} "  # no K for flower left in English


def test_same_input_gives_the_same_bytes(tmp_path, run):
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert run("build", "ogrod", "-o", str(first)).code == 0
    assert run("build", "ogrod", "-o", str(second)).code == 0
    assert first.read_bytes() == second.read_bytes()
