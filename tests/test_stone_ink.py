"""Dark stones printed with little ink: a dark rim and a light field, not a solid block, and still
black against white in a black-and-white print (measured on a render of plateau's stone pages)."""

from __future__ import annotations

import json

import pytest

from conftest import PAPERS

DPI = 150
DARK = 80  # a grey level (0-255) this dark or darker is near-black ink
MOST_DARK = 0.3  # of a black stone's face may be near-black (it was 0.74: a solid body around the disc)


def grey_pages(pdf, numbers):
    """The pages drawn in grey levels, as a black-and-white printer sees them."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        return {n: document[n - 1].render(scale=DPI / 72).to_pil().convert("L") for n in numbers}
    finally:
        document.close()


def crop(image, piece, inset: float = 0.0):
    px = DPI / 25.4
    x, y, w, h = piece["x"] + inset, piece["y"] + inset, piece["width"] - 2 * inset, piece["height"] - 2 * inset
    return image.crop((round(x * px), round(y * px), round((x + w) * px), round((y + h) * px)))


def dark_share(image) -> float:
    histogram = image.histogram()
    return sum(histogram[: DARK + 1]) / (image.width * image.height)


def mean(image) -> float:
    histogram = image.histogram()
    return sum(level * count for level, count in enumerate(histogram)) / (image.width * image.height)


@pytest.mark.parametrize("paper", PAPERS)
def test_black_stones_are_a_rim_and_a_light_field_and_still_tell_apart(run, tmp_path, paper):
    pdf, manifest = tmp_path / "plateau.pdf", tmp_path / "plateau.json"
    result = run("build", "plateau", "--paper", paper, "-o", str(pdf), "--manifest", str(manifest))
    assert result.code == 0, result.err
    stones = [p for p in json.loads(manifest.read_text("utf-8"))["pieces"] if p["kind"] == "stone"]
    pages = grey_pages(pdf, {p["page"] for p in stones})
    black = [p for p in stones if p["owner"] == "black"]
    white = [p for p in stones if p["owner"] == "white"]
    assert len(black) == len(white) == 2 * 12 and {p["side"] for p in black} == {"face", "back"}
    for piece in black:
        face = crop(pages[piece["page"]], piece)
        assert dark_share(face) <= MOST_DARK, (piece["page"], piece["copy"], piece["side"], dark_share(face))
        rim = crop(pages[piece["page"]], piece, inset=0.3)  # just inside the cut: the rim
        band = rim.crop((0, 0, rim.width, round(1.0 * DPI / 25.4)))  # its top millimetre
        assert mean(band) < 90, "a black stone's edge stays dark: it reads as black in grey"
        inner = crop(pages[piece["page"]], piece, inset=2.5)  # the top-right corner: no value, no disc
        field = inner.crop((inner.width - round(2 * DPI / 25.4), 0, inner.width, round(2 * DPI / 25.4)))
        assert 150 < mean(field) < 235, "the field inside the rim is a light grey, not white, not black"
    for piece in white:
        rim = crop(pages[piece["page"]], piece, inset=0.3)
        band = rim.crop((round(4 * DPI / 25.4), 0, round(10 * DPI / 25.4), round(1.0 * DPI / 25.4)))
        assert mean(band) > 235, "a white stone's edge is white"
