"""Layout geometry as plain data: no PDF involved."""

from __future__ import annotations

import pytest

from printkit import pipeline as build
from printkit.layout.context import Context, paper
from printkit.layout.document import layout_kit, layout_sheets
from printkit.layout.primitives import Group, Line, Rect, RichText, Text
from printkit.layout.rules import body_blocks
from printkit.words.locale import Localizer
from printkit.words.typography import to_markup


@pytest.fixture(scope="module")
def ogrod():
    return build.load("ogrod")


def document(loaded, lang="pl", players=None):
    ctx = Context(paper=paper("a4"), tr=Localizer(lang), players=players)
    return layout_sheets(loaded.kit, ctx) if players else layout_kit(loaded.kit, ctx)


def extent(item):
    if isinstance(item, Group):  # a figure's group is drawn scaled
        return item.x, item.y, item.x + item.shown_w, item.y + item.shown_h
    if isinstance(item, (Rect, RichText)):
        return item.x, item.y, item.x + item.w, item.y + item.h
    if isinstance(item, Line):
        return min(item.x1, item.x2), min(item.y1, item.y2), max(item.x1, item.x2), max(item.y1, item.y2)
    return None


def test_page_plan_is_rules_then_sheet(ogrod):
    pages = document(ogrod).pages
    assert [(p.role, p.component) for p in pages] == [("rules", None), ("sheet", "sheet")]


def test_grid_lines_are_spaced_by_the_cell(ogrod):
    sheet = document(ogrod).pages[1]
    frame = max((i for i in sheet.items if isinstance(i, Rect)), key=lambda r: r.w * r.h)
    # the kit's 20 mm cells grown to 22 into the A4 sheet's spare height (cell_most: tests/test_sheet_growth.py)
    assert (frame.w, frame.h) == pytest.approx((132.0, 132.0))
    verticals = sorted(
        i.x1 for i in sheet.items if isinstance(i, Line) and i.x1 == i.x2 and frame.x < i.x1 < frame.x + frame.w
    )
    assert [round(b - a, 6) for a, b in zip([frame.x] + verticals, verticals + [frame.x + frame.w], strict=True)] == [
        22.0
    ] * 6


def test_round_track_numbers_one_to_eighteen(ogrod):
    sheet = document(ogrod).pages[1]
    numbers = [
        i.text
        for i in sheet.items
        if isinstance(i, Text) and i.text.isdigit() and i.align == "center" and i.size_pt == pytest.approx(11.0)
    ]
    assert [str(n) for n in range(1, 19)] == [n for n in numbers if n in {str(k) for k in range(1, 19)}][-18:]


@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_everything_inside_the_margins(ogrod, lang):
    for page in document(ogrod, lang).pages:
        for item in page.items:
            box = extent(item)
            if box:
                x0, y0, x1, y1 = box
                assert x0 >= 10 - 1e-6 and y0 >= 10 - 1e-6, item
                assert x1 <= page.width - 10 + 1e-6 and y1 <= page.height - 10 + 1e-6, item


def test_rules_text_has_the_numbers_of_the_components(ogrod):
    rules = document(ogrod, "en").pages[0]
    text = " ".join(i.markup for i in rules.items if isinstance(i, RichText)).replace("\xa0", " ")
    assert "Over 18 rounds" in text
    assert "6 × 6 garden and 3 unused batteries" in text
    assert "In the print dialog: page 2, as many copies as players; single-sided; actual size (100%)." in text
    assert "all pages" not in text


def test_personal_sheets_carry_each_name(ogrod):
    pages = document(ogrod, "pl", players=["Ala", "Řehoř", "Żaneta"]).pages
    assert len(pages) == 3
    for page, name in zip(pages, ["Ala", "Řehoř", "Żaneta"], strict=True):
        assert name in [i.text for i in page.items if isinstance(i, Text)]


def test_rules_markup():
    blocks = body_blocks("First line\ncontinues **here**.\n\n- one\n- two <3\n\nLast & done")
    assert [b.kind for b in blocks] == ["paragraph", "item", "item", "paragraph"]
    assert blocks[0].markup == "First line continues <b>here</b>."
    assert blocks[2].markup == "two &lt;3"
    assert to_markup("a & b") == "a &amp; b"


@pytest.mark.parametrize("kit", ["kpn", "plateau", "targ"])
def test_layout_leaves_its_context_as_it_was_and_lays_out_the_same_twice(kit):
    """layout_kit and layout_sheets return what they computed (the settled numbers, which
    components print two-sided) and write none of it into the context they are given."""
    loaded = build.load(kit)
    ctx = Context(paper=paper("letter"), tr=Localizer("cs"), players=["Ala", "Olek"])
    first, sheets = layout_kit(loaded.kit, ctx), layout_sheets(loaded.kit, ctx)
    assert (ctx.tr.numbers, ctx.sides) == ({}, {})
    assert layout_kit(loaded.kit, ctx) == first and layout_sheets(loaded.kit, ctx) == sheets


def groups_of(items, found):
    """Every group among ``items`` and inside their groups, by key: the drawings each key stands for."""
    for item in items:
        if isinstance(item, Group):
            found.setdefault(item.key, set()).add(item.items)
            groups_of(item.items, found)
    return found


@pytest.mark.parametrize("kit", ["latarnie", "ogrod", "plateau", "targ", "kpn"])
def test_one_group_key_stands_for_one_drawing_in_a_whole_document(kit):
    """The renderer draws a keyed group once and reuses it for the key: two drawings under one key
    print the first everywhere (ogrod's sheet once printed its icons with the contents strip's
    thickened lines, 8.4 pt in 7 mm boxes)."""
    loaded = build.load(kit)
    ctx = Context(paper=paper("a4"), tr=Localizer("pl"))
    found: dict = {}
    for page in layout_kit(loaded.kit, ctx).pages:
        groups_of(page.items, found)
    assert found and not [key for key, drawings in found.items() if len(drawings) > 1]
