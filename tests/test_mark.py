"""The kit's mark (``theme.mark``), measured on the PDFs: a roundel in the theme's accent at the
rules' top-left corner with the title beside it, at the left end of a sheet's title band, and in
the box's ink on a box's back (and its front where there is room); each shipped kit has one."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
import yaml

from conftest import mm
from printkit import fonts, pipeline
from printkit.layout.context import MARGIN
from printkit.layout.document import layout_kit
from printkit.layout.emblem import RING
from printkit.layout.figures import FIGURE_KEY
from printkit.layout.primitives import Group, Line, Text
from printkit.layout.rules import MARK_BELOW, MARK_GAP

KITS = Path(__file__).parent.parent / "kits"
SHIPPED = ("latarnie", "ogrod", "plateau", "targ", "kpn")


def theme_of(kit: str) -> dict:
    return yaml.safe_load((KITS / f"{kit}.yaml").read_text(encoding="utf-8"))["theme"]


def colour(hex_colour: str) -> tuple[float, ...]:
    return tuple(round(int(hex_colour[i : i + 2], 16) / 255, 3) for i in (1, 3, 5))


def rings(page, stroke: tuple[float, ...], least_mm: float = 8.0) -> list[dict]:
    """The page's round outlines at least ``least_mm`` across stroked in ``stroke``: a mark's ring
    (its width the share RING of its diameter)."""
    found = []
    for curve in page.curves:
        width, height = mm(curve["width"]), mm(curve["height"])
        drawn = tuple(round(float(c), 3) for c in curve["stroking_color"] or ())
        if width >= least_mm and abs(width - height) < 0.05 and drawn == stroke:
            diameter = width + mm(curve["linewidth"])  # the ring's outer edge
            if mm(curve["linewidth"]) != pytest.approx(diameter * RING, rel=0.02):
                continue  # another circle in the colour (a piece of a figure)
            found.append(
                {
                    "x": mm(curve["x0"]) - mm(curve["linewidth"]) / 2,
                    "top": mm(curve["top"]) - mm(curve["linewidth"]) / 2,
                    "d": diameter,
                }
            )
    return found


@pytest.mark.parametrize("kit", SHIPPED)
def test_every_shipped_kit_has_a_mark_of_one_to_three_icons(kit):
    assert 1 <= len(theme_of(kit)["mark"]) <= 3


@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
@pytest.mark.parametrize("kit", SHIPPED)
def test_the_rules_title_stands_beside_the_mark(built, kit, lang):
    """The roundel fills the title block's height from the top margin to MARK_BELOW above its
    rule, at the left margin; every word of the title block starts MARK_GAP past it."""
    page = pdfplumber.open(built(kit, lang)).pages[0]
    accent = colour(theme_of(kit)["palette"]["accent"])
    (ring,) = rings(page, accent)
    assert ring["x"] == pytest.approx(MARGIN, abs=0.05) and ring["top"] == pytest.approx(MARGIN, abs=0.05)
    rule = min(
        (
            line
            for line in page.lines
            if tuple(round(float(c), 3) for c in line["stroking_color"]) == accent
            and mm(line["width"]) == pytest.approx(mm(page.width) - 2 * MARGIN, abs=0.1)
        ),
        key=lambda line: line["top"],
    )
    assert mm(rule["top"]) - (ring["top"] + ring["d"]) == pytest.approx(MARK_BELOW, abs=0.1)
    beside = [w for w in page.extract_words() if mm(w["bottom"]) < mm(rule["top"])]
    assert beside, "the title block's words"
    assert min(mm(w["x0"]) for w in beside) >= ring["x"] + ring["d"] + MARK_GAP - 0.5


@pytest.mark.parametrize("kit", ["ogrod", "plateau"])
def test_a_sheet_title_band_opens_with_the_mark(built, kit):
    pdf = pdfplumber.open(built(kit, "en"))
    accent = colour(theme_of(kit)["palette"]["accent"])
    sheets = [page for page in pdf.pages[1:] if rings(page, accent)]
    assert sheets, "a sheet page with the mark"
    for page in sheets:
        found = sorted(rings(page, accent), key=lambda ring: ring["top"])  # a ring for each game on the page
        assert found[0]["top"] == pytest.approx(MARGIN, abs=0.05)
        for ring in found:
            assert ring["x"] == pytest.approx(MARGIN, abs=0.05)
            band = (ring["top"], ring["top"] + ring["d"])
            title = [w for w in page.extract_words() if band[0] <= mm(w["top"]) < band[1]]
            assert title and min(mm(w["x0"]) for w in title) > ring["x"] + ring["d"]


@pytest.mark.parametrize("kit", ["targ"])
def test_a_box_carries_the_mark_in_its_ink(built, kit, tmp_path):
    """The box's back (and front, where it holds one at least 8 mm across) shows the mark in the
    box's ink: white on a solid colour, the colour itself on targ's light ground (kpn's 35 mm box
    has no room left for one 8 mm across)."""
    pdf = built(kit, "en", "--boxes")
    page = pdfplumber.open(pdf).pages[0]
    marks = rings(page, colour("#8a2c6a"))  # targ's box: ground: light, its ink its plum
    assert marks, "the mark on the box"
    assert all(mark["d"] >= 8.0 for mark in marks)


def test_a_mark_names_icons_the_validator_knows(run):
    result = run("validate", "tests/bad_kits/theme_mark_unknown.yaml")
    assert result.code == 1
    assert "theme.mark[1]: unknown icon 'flour'; did you mean 'flower'?" in result.err


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_targ_has_one_masthead_in_every_language(paper_name):
    """targ's masthead changed with the language (a reviewer): Polish and English A4 kept the mark
    with the contents strip under the title, Czech and Letter dropped the mark and set the strip at
    the top right. Now every language on A4 and on Letter: the mark, the strip beside the texts
    above the title block's rule, each text at one size in all three languages (the subtitle set
    smaller where Polish needs it, 9 pt at the least), and the rules still on one page."""
    seen = set()
    for lang in ("pl", "cs", "en"):
        loaded = pipeline.load("targ")
        ctx = pipeline.context(loaded, lang, paper_name)
        rules = [p for p in layout_kit(loaded.kit, ctx).pages if p.role == "rules"]
        assert len(rules) == 1
        items = rules[0].items
        marks = [i for i in items if isinstance(i, Group) and i.x == pytest.approx(ctx.margin) and i.y == ctx.margin]
        rule = next(i for i in items if isinstance(i, Line) and i.x2 - i.x1 == pytest.approx(ctx.content_width))
        strip = next(i for i in items if isinstance(i, Group) and i.key[:2] == (FIGURE_KEY, "contents"))
        texts = [i for i in items if isinstance(i, Text) and i.y < rule.y1]
        assert marks, f"{lang}: the mark at the top-left margin"
        assert strip.y + strip.h <= rule.y1 and strip.x + strip.shown_w <= ctx.paper.width - ctx.margin + 1e-6
        assert all(t.x > marks[0].x + marks[0].w for t in texts), "the texts beside the mark"
        assert all(t.x + fonts.text_width(t.text, t.size_pt, t.bold, t.face) < strip.x for t in texts)
        assert min(t.size_pt for t in texts) >= 9.0
        seen.add(tuple(round(t.size_pt, 2) for t in texts))
    assert len(seen) == 1, f"one set of sizes in every language: {seen}"
