"""The zero is the same in the body and in the headings, titles and pieces: Atkinson Hyperlegible's
slashed zero ("1ØØ %" beside the body's "100 %") is shipped unslashed (tools/unslashed_zero.py).
Tested from the PDF: the text is the digit zero, and the glyph drawn for it has an empty counter
where the slash crossed it."""

from __future__ import annotations

import pdfplumber
import pytest

DPI = 600


def zeros(pdf, number: int) -> list[dict]:
    with pdfplumber.open(pdf) as document:
        return [char for char in document.pages[number - 1].chars if char["text"] == "0"]


def drawn(pdf, number: int):
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        return document[number - 1].render(scale=DPI / 72).to_pil().convert("L")
    finally:
        document.close()


def centre_and_sides(image, char) -> tuple[float, float]:
    """The grey level at the zero's centre (its counter, crossed by a slash) and the darkest level
    across its middle row (its sides): the glyph's box from the font's advance and the text's
    baseline, the zero's height being the digits' height."""
    px = DPI / 72
    x0, x1 = char["x0"] * px, char["x1"] * px
    height = char["size"] * 0.68 * px  # a digit's height, of the size (Atkinson and Noto Serif alike)
    base = char["bottom"] * px - char["size"] * 0.24 * px  # the baseline: the box runs 0.24 em below it
    middle = base - height / 2
    cx = (x0 + x1) / 2
    dot = image.crop(
        (round(cx - px * 0.25), round(middle - px * 0.25), round(cx + px * 0.25), round(middle + px * 0.25))
    )
    row = image.crop((round(x0), round(middle), round(x1), round(middle) + 1))
    side = min(level for level, count in enumerate(row.histogram()) if count)
    centre = sum(dot.histogram()[level] * level for level in range(256)) / (dot.width * dot.height)
    return centre, float(side)


@pytest.mark.parametrize(("kit", "page"), [("kpn", 3), ("kpn", 5), ("plateau", 1), ("plateau", 5), ("targ", 1)])
def test_every_zero_is_open_in_every_face(built, kit, page):
    pdf = built(kit, "pl")
    found = zeros(pdf, page)
    faces = {char["fontname"].split("+")[-1] for char in found}
    assert any(face.startswith("AtkinsonHyperlegible") for face in faces), faces  # the heading and piece face
    image = drawn(pdf, page)
    for char in found:
        if char["size"] < 6:  # a ruler's 5.5 pt figures: too few pixels across the counter to judge
            continue
        if not (char["upright"] and char["matrix"][0] > 0):  # a stone's value turned for the far side
            continue
        if min(char["non_stroking_color"] or (0,)) > 0.5:  # white on a dark stone, its counter hatched
            continue
        centre, side = centre_and_sides(image, char)
        assert side < 110, f"{char['fontname']} {char['size']:.1f} pt at {char['x0']:.0f}: no zero drawn there"
        assert centre > 200, f"{char['fontname']} {char['size']:.1f} pt at {char['x0']:.0f}: a slash through the zero"
