"""A sheet alone on its page gives the page's spare height to its grid's cells (``cell_most``),
then to its scoring rows (``row_most``), and only what is left to the gaps between its bands
(review 10 of ogrod: two 19.5 mm empty bands and a hole under "Solo record"). Measured on the
laid-out page (the garden's frame, the score boxes) and on the PDF (the empty bands)."""

from __future__ import annotations

import pdfplumber
import pytest

from conftest import REPO, mm
from printkit import pipeline
from printkit.cli import main
from printkit.layout.primitives import Rect


def sheet_page(lang: str, paper: str):
    loaded = pipeline.load("ogrod")
    ctx = pipeline.context(loaded, lang, paper)
    return pipeline.laid_out(loaded, ctx).pages[1], ctx


def empty_bands(pdf_path, number: int) -> list[float]:
    """The heights of the page's bands, across its width, with no ink, from the top to the footer."""
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[number - 1]
        spans = [(mm(s["top"]), mm(s["bottom"])) for s in page.rects + page.lines + page.curves]
        spans += [(mm(w["top"]), mm(w["bottom"])) for w in page.extract_words()]
    spans.sort()
    gaps, end = [], spans[0][1]
    for top, bottom in spans[1:]:
        if top > end:
            gaps.append(top - end)
        end = max(end, bottom)
    return gaps[:-1]  # the last: the footer's clearance


@pytest.mark.parametrize(("paper", "cell", "box"), [("a4", 22.0, 13.5), ("letter", 21.0, 11.0)])
@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_ogrods_garden_and_score_boxes_take_the_spare_height(lang, paper, cell, box):
    page, ctx = sheet_page(lang, paper)
    frames = [i for i in page.items if isinstance(i, Rect) and i.w == i.h and i.w > 100]
    assert len(frames) == 1 and frames[0].w == pytest.approx(6 * cell), frames
    boxes = [i for i in page.items if isinstance(i, Rect) and abs(i.w - 20.0) < 1e-6]
    score = {round(i.h, 2) for i in boxes if i.stroke is not None and i.stroke.width < 0.8}  # not the total's
    assert score == {box}, score
    # the column beside the garden keeps its 40 mm at the least
    assert ctx.paper.width - ctx.margin - (frames[0].x + frames[0].w) - 6.0 >= 40.0


@pytest.mark.parametrize(("lang", "paper"), [("pl", "a4"), ("cs", "letter"), ("en", "a4")])
def test_no_band_of_ogrods_sheet_is_empty_over_9_mm(tmp_path, lang, paper):
    out = tmp_path / "sheets.pdf"
    try:
        main(
            [
                "sheets",
                "ogrod",
                "--players",
                "3",
                "--names",
                "Ala,Olek,Żaneta",
                "--lang",
                lang,
                "--paper",
                paper,
                "-o",
                str(out),
            ]
        )
    except SystemExit as exc:
        assert not exc.code
    for number in (1, 3):
        gaps = empty_bands(out, number)
        assert gaps and max(gaps) <= 9.0, (number, [round(g, 1) for g in gaps])


def test_without_cell_most_and_row_most_a_sheet_keeps_its_sizes(tmp_path):
    text = (REPO / "kits" / "ogrod.yaml").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if "cell_most:" not in line and "row_most:" not in line]
    kit = tmp_path / "ogrod.yaml"
    kit.write_text("\n".join(lines) + "\n", encoding="utf-8")
    loaded = pipeline.load(kit)
    page = pipeline.laid_out(loaded, pipeline.context(loaded, "pl", "a4")).pages[1]
    frames = [i for i in page.items if isinstance(i, Rect) and i.w == i.h and i.w > 100]
    assert [frame.w for frame in frames] == [120.0]
    boxes = [i for i in page.items if isinstance(i, Rect) and abs(i.w - 20.0) < 1e-6]
    assert {round(i.h, 2) for i in boxes if i.stroke is not None and i.stroke.width < 0.8} == {11.0}
