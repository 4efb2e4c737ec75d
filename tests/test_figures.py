"""Figures of the rules: drawn by the components' own layout, scaled into their column, listed in
the manifest, never cut or exported; measured as layout data and on the PDF."""

from __future__ import annotations

import json

import pdfplumber
import pytest

from printkit import pipeline as build
from printkit.cli import main
from printkit.layout import bounds, figures, rules
from printkit.layout.context import Context, paper
from printkit.layout.document import kit_numbers, layout_kit
from printkit.layout.primitives import Group, Text
from printkit.layout.strip import STRIP_H
from printkit.words.locale import Localizer

SEEDS = ["latarnie", "ogrod", "targ", "kpn", "plateau"]


def rules_pages(kit: str, lang: str = "pl", paper_name: str = "a4"):
    loaded = build.load(kit)
    ctx = Context(paper=paper(paper_name), tr=Localizer(lang))
    document = layout_kit(loaded.kit, ctx)
    return loaded.kit, ctx, [page for page in document.pages if page.role == "rules"]


def figure_groups(page) -> list[Group]:
    """The page's figures of rules sections (not "what is in the kit")."""
    return [
        item for item in page.items if isinstance(item, Group) and figures.is_figure(item) and item.key[1] != "contents"
    ]


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("kit", SEEDS)
def test_every_figure_lies_in_a_column_scaled_down_and_listed(kit, paper_name):
    loaded, ctx, pages = rules_pages(kit, "pl", paper_name)
    col_w = (ctx.content_width - rules.COLUMN_GAP) / 2
    lefts = [ctx.margin, ctx.margin + col_w + rules.COLUMN_GAP]
    drawn = [(page, group) for page in pages for group in figure_groups(page)]
    assert len(drawn) == sum(1 for section in loaded.rules if section.figure)
    for page, group in drawn:
        column = max(x for x in lefts if x <= group.x + 1e-6)
        assert column - 1e-6 <= group.x and group.x + group.shown_w <= column + col_w + 1e-6
        assert 0 < group.scale < 1, "a figure of printed pieces is shown smaller than they print"
        assert group.y + group.shown_h <= ctx.paper.height - ctx.margin
        row = next(  # the row of this figure: two may stand level at the tops of the two columns
            p
            for p in page.pieces
            if p.kind == "figure" and abs(p.y - group.y) < figures.MARK_BAND + 1e-6 and p.x <= group.x <= p.x + p.width
        )
        assert row.width >= group.shown_w - 1e-6 and row.height > group.shown_h


def test_latarnie_tokens_sit_on_the_cells_they_are_put_on():
    loaded, ctx, pages = rules_pages("latarnie")
    (group,) = figure_groups(pages[0])
    board = loaded.component("board")
    figure = next(s.figure for s in loaded.rules if s.figure)
    window_rows, window_cols = figures.window_of(figure.window, board.rows, board.cols)
    assert group.shown_w == pytest.approx(len(window_cols) * board.cell * group.scale)
    centres = []
    for placed in bounds.flatten((group,)):
        if isinstance(placed.item, Text) and placed.item.text in ("A", "B") and placed.item.size_pt > 20:
            centres.append((placed.item.text, placed.tx + placed.sign * placed.item.x))
    tokens = [c for c in figure.cells]
    assert len(centres) == len(tokens) == 12
    wanted = sorted(
        (cell.stack[0].endswith("_a") and "A" or "B", group.x + (ord(cell.at[0]) - 65 + 0.5) * board.cell * group.scale)
        for cell in tokens
    )
    assert [c[0] for c in sorted(centres)] == [w[0] for w in wanted]
    for (letter, x), (want_letter, want_x) in zip(sorted(centres), wanted, strict=True):
        assert (letter, x) == (want_letter, pytest.approx(want_x, abs=0.01))


def test_figure_scale_is_the_largest_that_fits_width_and_height():
    _, _, pages = rules_pages("targ")
    groups = figure_groups(pages[0])
    loaded = build.load("targ").kit
    shown = [s.figure for s in loaded.rules if s.figure]
    assert len(groups) == len(shown) == 2  # the market's set-up and the picking order
    col_w = (Context(paper("a4"), Localizer("pl")).content_width - rules.COLUMN_GAP) / 2
    for group, figure in zip(sorted(groups, key=lambda g: g.key[2]), shown, strict=True):
        assert group.shown_h == pytest.approx(figure.height, abs=0.01) or group.shown_w == pytest.approx(
            col_w, abs=0.01
        )


@pytest.mark.parametrize(
    ("lang", "caption"),
    [
        ("pl", "Środek C3: 5 A i 3 B – gracz A bierze 3 pkt."),
        ("cs", "Střed C3: 5 A a 3 B – hráč A získá 3 body."),
        ("en", "Centre C3: 5 A and 3 B, so player A takes 3 points."),
    ],
)
def test_captions_print_in_every_language_with_their_placeholders_filled(built, lang, caption):
    pdf = pdfplumber.open(built("latarnie", lang))
    text = " ".join((pdf.pages[0].extract_text() or "").split())
    assert caption.replace("\u00a0", " ") in text.replace("\u00a0", " ")
    first = caption.split()[0]
    sizes = {round(c["size"], 1) for c in pdf.pages[0].chars if c["text"] == first[0]}
    assert figures.CAPTION_PT in sizes and figures.CAPTION_PT >= 7.0


def test_manifest_lists_each_figure_and_the_cut_file_none(tmp_path, capsys):
    pdf, data, cuts = tmp_path / "kpn.pdf", tmp_path / "kpn.json", tmp_path / "kpn.svg"
    try:
        main(["build", "kpn", "-o", str(pdf), "--manifest", str(data), "--cut-svg", str(cuts)])
    except SystemExit as exc:
        assert not exc.code
    every = [row for row in json.loads(data.read_text())["pieces"] if row["kind"] == "figure"]
    rows = [row for row in every if not row.get("contents")]
    assert [(row["page"], row["components"]) for row in every if row.get("contents")] == [(1, ["aid", "tiles"])]
    assert [(row["page"], row["component"], row["copy"]) for row in rows] == [(1, "tiles", 1), (1, "tiles", 2)]
    assert all(row["components"] == ["tiles"] and 0 < row["scale"] < 1 for row in rows)
    assert all(12.0 <= row["x"] and row["x"] + row["width"] <= 198.0 for row in rows)
    assert 'inkscape:label="page 1 (rules): nothing to cut"' in cuts.read_text()


def strip_of(page):
    return next(
        item for item in page.items if isinstance(item, Group) and item.key[:2] == (figures.FIGURE_KEY, "contents")
    )


@pytest.mark.parametrize("kit", SEEDS)
def test_what_is_in_the_kit_shows_one_of_each_printed_component_with_its_count(kit):
    loaded, ctx, pages = rules_pages(kit)
    if kit == "ogrod":  # its one sheet alone: the print table names and counts it, no strip
        assert not [p for p in pages[0].pieces if p.kind == "figure" and dict(p.extra).get("contents")]
        return
    strip = strip_of(pages[0])
    printed = [c for c in loaded.components if c.in_kit]
    samples = [item for item in strip.items if isinstance(item, Group)]
    counts = [item.text for item in strip.items if isinstance(item, Text)]
    assert list(dict.fromkeys(s.key[2] for s in samples)) == [c.id for c in printed]
    numbers = kit_numbers(loaded, ctx.paper)
    for component in printed:  # one sample a type, each with its own count: together the component's total
        own = [count for sample, count in zip(samples, counts, strict=True) if sample.key[2] == component.id]
        if component.kind == "board":  # one board, named with its size (tests/test_strip_board.py)
            size = f"{component.cols}\xa0×\xa0{component.rows}"
            assert len(own) == 1 and own[0].startswith(size), own
            continue
        shown = sum(int(count.split()[1]) for count in own)
        assert shown == int(numbers.get(f"{component.id}.total", 1)), (component.id, own)
        if component.print.copies == "per_player":
            assert own == [ctx.tr.msg("strip_per_player")]
    assert all(s.shown_h == pytest.approx(STRIP_H) for s in samples)
    assert ctx.margin <= strip.x and strip.x + strip.w <= ctx.paper.width - ctx.margin + 1e-6
    row = next(p for p in pages[0].pieces if p.kind == "figure" and dict(p.extra).get("contents"))
    assert dict(row.extra)["components"] == [c.id for c in printed]


def test_latarnie_strip_counts_each_owners_tokens_beside_the_title():
    _, ctx, pages = rules_pages("latarnie")
    strip = strip_of(pages[0])
    labels = [item.text for item in strip.items if isinstance(item, Text)]
    # the board named with its size, 8 A + 8 B, spares apart
    assert labels == ["5\xa0×\xa05\xa0pól, 175\xa0mm", "× 8 (+ 2 w zapasie)", "× 8 (+ 2 w zapasie)"]
    rule = next(item for item in pages[0].items if type(item).__name__ == "Line")
    assert strip.y + strip.h <= rule.y1, "beside the title, above its rule: the columns lose nothing"


def test_a_kit_may_turn_the_strip_off():
    loaded = build.load("latarnie").kit
    quiet = loaded.model_copy(update={"kit": loaded.kit.model_copy(update={"contents": False})})
    document = layout_kit(quiet, Context(paper=paper("a4"), tr=Localizer("pl")))
    first = document.pages[0]
    assert not any(isinstance(i, Group) and i.key[:2] == (figures.FIGURE_KEY, "contents") for i in first.items)
    assert not any(dict(p.extra).get("contents") for p in first.pieces)


def test_a_cell_label_prints_under_its_cell_at_label_size_with_placeholders_filled():
    loaded = build.load("latarnie").kit
    number, section = next((n, s) for n, s in enumerate(loaded.rules) if s.figure)
    cells = list(section.figure.cells)
    cells[0] = cells[0].model_copy(update={"label": {"pl": "A: {board.C3} pkt", "cs": "A", "en": "A"}})
    figure = section.figure.model_copy(update={"cells": cells})
    rules_list = list(loaded.rules)
    rules_list[number] = section.model_copy(update={"figure": figure})
    kit = loaded.model_copy(update={"rules": rules_list})
    ctx = Context(paper=paper("a4"), tr=Localizer("pl"))
    page = layout_kit(kit, ctx).pages[0]
    (group,) = figure_groups(page)
    (label,) = [i for i in page.items if isinstance(i, Text) and i.text == "A: 3 pkt"]
    assert label.size_pt == figures.LABEL_PT >= 7.0
    board = kit.component("board")
    row, col = figures.board_layout.cell_of(cells[0].at)
    rows, cols = figures.window_of(figure.window, board.rows, board.cols)
    cell_x = group.x + (col - cols.start + 0.5) * board.cell * group.scale
    cell_bottom = group.y + (row - rows.start + 1) * board.cell * group.scale
    assert label.x == pytest.approx(cell_x) and cell_bottom < label.y < cell_bottom + figures.label_depth() + 0.5
