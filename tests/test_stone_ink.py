"""Black stones that look black: dark all over with a plain rim around a finely hatched field, and
still told from white under ``--ink-saver``, whose light tints keep the hatch (measured on renders
of plateau's stone pages). They had a light grey field, which read as a third colour, and under
the ink saver black and white stones were the same pale grey."""

from __future__ import annotations

import json

import pytest

from conftest import PAPERS

DPI = 150
DARK = 80  # a grey level (0-255) this dark or darker is near-black ink
LEAST_DARK = 0.35  # of a black stone's face is near-black: the body around the disc (the grey field: 0.2)


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


def stone_pages(run, tmp_path, paper, *extra):
    pdf, manifest = tmp_path / "plateau.pdf", tmp_path / "plateau.json"
    result = run("build", "plateau", "--paper", paper, "-o", str(pdf), "--manifest", str(manifest), *extra)
    assert result.code == 0, result.err
    stones = [p for p in json.loads(manifest.read_text("utf-8"))["pieces"] if p["kind"] == "stone"]
    return grey_pages(pdf, {p["page"] for p in stones}), stones


def field_corner(page, piece):
    """The field's top-right corner, inside the rim: no value, no disc, only the body (and its hatch)."""
    inner = crop(page, piece, inset=2.5)
    return inner.crop((inner.width - round(2 * DPI / 25.4), 0, inner.width, round(2 * DPI / 25.4)))


@pytest.mark.parametrize("paper", PAPERS)
def test_black_stones_are_dark_with_a_rim_and_white_ones_white(run, tmp_path, paper):
    pages, stones = stone_pages(run, tmp_path, paper)
    black = [p for p in stones if p["owner"] == "black"]
    white = [p for p in stones if p["owner"] == "white"]
    assert len(black) == len(white) == 2 * 12 and {p["side"] for p in black} == {"face", "back"}
    for piece in black:
        face = crop(pages[piece["page"]], piece)
        assert dark_share(face) >= LEAST_DARK, (piece["page"], piece["copy"], piece["side"], dark_share(face))
        rim = crop(pages[piece["page"]], piece, inset=0.3)  # just inside the cut: the plain rim
        band = rim.crop((0, 0, rim.width, round(1.0 * DPI / 25.4)))  # its top millimetre
        assert mean(band) < 60, "a black stone's edge is black"
        field = mean(field_corner(pages[piece["page"]], piece))
        assert mean(band) + 4 < field < 110, "the hatched field is dark, a shade lighter than the plain rim"
    for piece in white:
        rim = crop(pages[piece["page"]], piece, inset=0.3)
        band = rim.crop((round(4 * DPI / 25.4), 0, round(10 * DPI / 25.4), round(1.0 * DPI / 25.4)))
        assert mean(band) > 235, "a white stone's edge is white"


def test_under_the_ink_saver_black_stones_stay_apart_from_white_ones(run, tmp_path):
    pages, stones = stone_pages(run, tmp_path, "a4", "--ink-saver")
    black = [mean(field_corner(pages[p["page"]], p)) for p in stones if p["owner"] == "black"]
    white = [mean(field_corner(pages[p["page"]], p)) for p in stones if p["owner"] == "white"]
    assert max(black) < 215, "the hatch on a light tint: a grey stone"
    assert min(white) > 245, "a plain white stone"
