"""A rule section's heading keeps at least HEADING_LINES lines of its text in its column, and the
text of a section that ends with a figure is not split over two columns when the section and its
figure fit one (its figure may open the next column, beside it) (a review of
plateau in Polish: 'Twister' and 2½ lines ended page 1, its text and figure went on on page 2;
'Branie do niewoli' and two lines ended page 2's left column). Measured on the laid-out rules
pages of every kit, language and paper."""

from __future__ import annotations

import html

import pytest

from printkit import pipeline as build
from printkit.base import records
from printkit.layout import figures
from printkit.layout.context import Context, paper
from printkit.layout.document import kit_numbers, layout_kit
from printkit.layout.primitives import Group, RichText
from printkit.layout.rule_columns import HEADING_LINES
from printkit.words.locale import Localizer

KITS = ["latarnie", "ogrod", "targ", "kpn", "plateau"]
PT = 25.4 / 72


def plain(markup: str) -> str:
    return " ".join(html.unescape(markup.replace("<b>", "").replace("</b>", "")).replace("\xa0", " ").split())


def laid(kit: str, lang: str, paper_name: str):
    loaded = build.load(kit)
    ctx = Context(paper=paper(paper_name), tr=Localizer(lang))
    pages = [page for page in layout_kit(loaded.kit, ctx).pages if page.role == "rules"]
    return loaded.kit, ctx, pages


def column(page, x: float) -> int:
    return int(x // (page.width / 2))


def flow_of(pages):
    """The rules' text and figures in reading order: (page, column, top, bottom, item)."""
    placed = []
    for number, page in enumerate(pages):
        for item in page.items:
            if isinstance(item, RichText) and item.color != "#333333":  # not a figure's caption
                placed.append((number, column(page, item.x), item.y, item.y + item.h, item))
            elif isinstance(item, Group) and figures.is_figure(item) and item.key[1] != "contents":
                rows = [r for r in page.pieces if r.kind == "figure" and abs(r.y + r.height / 2 - item.y) < r.height]
                row = min(rows, key=lambda r: abs(r.x - item.x) + abs(r.y - item.y))
                placed.append((number, column(page, item.x), row.y, row.y + row.height, item))
    return sorted(placed, key=lambda p: p[:3])


def is_heading(item: object) -> bool:
    return isinstance(item, RichText) and item.bold and item.face == "headings"


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
@pytest.mark.parametrize("kit", KITS)
def test_a_heading_keeps_three_lines_and_a_section_its_figure(kit, lang, paper_name):
    loaded, ctx, pages = laid(kit, lang, paper_name)
    flow = flow_of(pages)
    for at, (page, col, _, _, item) in enumerate(flow):
        if not is_heading(item):
            continue
        following = flow[at + 1] if at + 1 < len(flow) else None
        assert following is not None and following[:2] == (page, col), "no heading ends a column"
        text = following[4]
        if isinstance(text, RichText) and text.lines is not None and text.lines[0] == 0:
            assert text.lines[1] - text.lines[0] >= HEADING_LINES, plain(item.markup)
    tr = records.replace(ctx.tr, numbers=kit_numbers(loaded, ctx.paper))
    headings = {plain(tr(section.heading)): number for number, section in enumerate(loaded.rules) if section.figure}
    checked = 0
    for at, (page, col, _, _, item) in enumerate(flow):
        if not is_heading(item) or plain(item.markup) not in headings:
            continue
        number = headings[plain(item.markup)]
        end = next(n for n in range(at, len(flow)) if isinstance(flow[n][4], Group) and flow[n][4].key[2] == number)
        parts = flow[at : end + 1]
        checked += 1
        if all(part[:2] == (page, col) for part in parts[:-1]):
            continue  # the text whole in one column, its figure there or opening the next one beside it
        height = sum(bottom - start for _, _, start, bottom, _ in parts)  # each part as tall as it prints
        column_top = min(p[2] for p in flow if p[:2] == (page, col))
        room = ctx.bottom - column_top
        assert height > room - 1.0, f"{plain(item.markup)}: {height:.1f} mm would fit the column's {room:.1f} mm"
    assert checked == len(headings), "every section with a figure is checked"


def test_plateau_polish_twister_and_capture_each_open_a_column_with_their_figures():
    loaded, ctx, pages = laid("plateau", "pl", "a4")
    flow = flow_of(pages)
    for name in ("Twister", "Branie do niewoli"):
        at = next(n for n, p in enumerate(flow) if is_heading(p[4]) and plain(p[4].markup) == name)
        page, col, top, _, _ = flow[at]
        assert top == min(p[2] for p in flow if p[:2] == (page, col)), f"{name} opens its column"
        figure = next(p for p in flow[at:] if isinstance(p[4], Group))
        assert figure[:2] == (page, col), f"{name}'s figure in the same column"
