"""Figures that teach (issue 28): a piece at least 12 mm across, labels at least 7 pt, examples
numbered in the rules' language, moves drawn as arrows, stacks drawn as stacks, and a text that
names a cell only on a board that prints its coordinates. Measured as layout data and on the PDF."""

from __future__ import annotations

import html
import math
import re

import pdfplumber
import pytest

from conftest import REPO
from printkit import pipeline as build
from printkit.base import records
from printkit.kinds.stones.layout import DISC
from printkit.layout import bounds, figure_marks, figure_pieces, figures, rules
from printkit.layout.context import Context, paper
from printkit.layout.document import layout_kit
from printkit.layout.primitives import Circle, Group, Path, Rect, RichText, Text
from printkit.validate.kit import CELL_NAME, check_kit
from printkit.validate.pages import check_layout
from printkit.words.locale import Localizer
from printkit.words.typography import to_markup

SEEDS = ["latarnie", "ogrod", "targ", "kpn", "plateau"]
PT = 25.4 / 72
EXAMPLE = {"pl": "Przykład {n}", "cs": "Příklad {n}", "en": "Example {n}"}


def rules_of(kit: str, lang: str, paper_name: str = "a4", cut: float = 0.0):
    """The kit and its rules pages; ``cut`` mm less paper height takes that much room off every page."""
    loaded = build.load(kit)
    sheet = paper(paper_name)
    ctx = Context(paper=records.replace(sheet, height=sheet.height - cut), tr=Localizer(lang))
    return loaded.kit, [page for page in layout_kit(loaded.kit, ctx).pages if page.role == "rules"]


def figure_rows(pages):
    return [(page, dict(row.extra)) for page in pages for row in page.pieces if row.kind == "figure"]


def section_figures(pages):
    return [(page, extra) for page, extra in figure_rows(pages) if not extra.get("contents")]


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
@pytest.mark.parametrize("kit", SEEDS)
def test_every_piece_in_a_figure_prints_at_least_12_mm_and_every_label_at_least_7_pt(kit, lang, paper_name):
    loaded, pages = rules_of(kit, lang, paper_name)
    shown = section_figures(pages)
    assert len(shown) == sum(1 for section in loaded.rules if section.figure)
    with_pieces = [extra for _, extra in shown if extra["piece_mm"]]
    # ogrod's one figure is its sheet filled in, targ's the market's set-up and the picking order
    # (schematic places and seats, figure_setup.py); the others show pieces
    assert bool(with_pieces) == (kit not in ("ogrod", "targ"))
    for extra in with_pieces:
        assert extra["piece_mm"] >= figure_marks.MIN_PIECE, extra
    texts = [
        placed
        for page in pages
        for item in page.items
        if isinstance(item, Group) and figures.is_figure(item) and item.key[1] != "contents"
        for placed in bounds.flatten((item,))
        if isinstance(placed.item, Text)
    ]
    assert all(abs(placed.sign) * placed.item.size_pt >= figures.MIN_PT - 1e-6 for placed in texts)
    labels = [item for page in pages for item in page.items if isinstance(item, Text) and item.bold]
    assert all(label.size_pt >= 7.0 for label in labels)


@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_kpn_numbers_its_examples_on_the_tiles_they_are(lang):
    """In the grid of places an example's number is a badge inside its tile's top-left corner (a label
    under the second row pushed the third down: gaps of 1.3 and 6.2 mm), and the caption names the
    examples; the grid is touching, so every row and column is one tile (34 mm printed) apart."""
    kit, pages = rules_of("kpn", lang)
    (page,) = pages
    figure = next(section.figure for section in kit.rules if section.figure)
    group = [i for i in page.items if isinstance(i, Group) and figures.is_figure(i) and i.key[1] != "contents"][0]
    marks = [i for i in page.items if isinstance(i, (Text, Circle))]
    inside = [i for i in marks if group.y <= (i.y if isinstance(i, Text) else i.cy) <= group.y + group.shown_h]
    badges = {i.text: i for i in inside if isinstance(i, Text) and i.text in ("1", "2") and i.color == "#ffffff"}
    discs = [i for i in inside if isinstance(i, Circle) and i.r == figures.BADGE_R]
    assert sorted(badges) == ["1", "2"] and len(discs) == 3, "a badge on each example, one more by its label"
    assert all(badge.size_pt == figures.LABEL_PT >= 7.0 and badge.bold for badge in badges.values())
    assert not [i for i in page.items if isinstance(i, Text) and i.text.startswith(EXAMPLE[lang][:4])]
    placed = (p.item for p in bounds.flatten(page.items))
    captions = [i.markup.replace("\xa0", " ") for i in placed if isinstance(i, RichText)]
    caption = next(markup for markup in captions if EXAMPLE[lang].format(n=2) in markup)
    assert EXAMPLE[lang].format(n=1) in caption
    pitch = 34.0 * group.scale
    for number in (1, 2):
        index = next(n for n, spot in enumerate(figure.places) if spot.example == number)
        row, column = divmod(index, figure.columns)
        on_top = figure_pieces.COVER_STEP * pitch * (len(figure.places[index].stack) - 1)  # the piece on top
        inset = on_top + figures.BADGE_R + figures.BADGE_IN  # inside its corner, never on a shared one
        disc = next(d for d in discs if abs(d.cx - (group.x + column * pitch + inset)) < 0.01)
        assert disc.cy == pytest.approx(group.y + row * pitch + inset, abs=0.01)


def test_kpn_rules_keep_to_one_page_with_8_mm_less_room_in_every_language_and_paper():
    """The fold-over plan prints the player aid on page 2: the rules must stay on page 1, with
    room to spare for a taller footer (a home printer's bottom margin): 8 mm over the content's
    bottom, of which the clear band above the footer (rules.FOOT_BAND) now takes its share."""
    for lang in ("pl", "cs", "en"):
        for paper_name in ("a4", "letter"):
            ctx = Context(paper=paper(paper_name), tr=Localizer(lang))
            _, pages = rules_of("kpn", lang, paper_name, cut=8.0 - (ctx.bottom - rules.text_bottom(ctx)))
            assert len(pages) == 1, (lang, paper_name)


def plateau_figure(lang: str, number: int):
    kit, pages = rules_of("plateau", lang)
    drawn = [
        (page, item)
        for page in pages
        for item in page.items
        if isinstance(item, Group) and figures.is_figure(item) and item.key[1] != "contents"
    ]
    return kit, drawn[number]


CAPTURE = 6  # plateau's figures: goal, start, sides, twister, turning over, stacks, capture, exchange


def test_plateau_capture_is_an_arrow_from_a2s_centre_to_b2s_stone_over_the_stones():
    """A review: the arrow ran 3 mm from the red stone's own east arrowhead to the white stone's
    edge and merged with the printed arrow; a later one: its head merged with the white stone's
    own black arrows. Now it runs from A2's centre to ARROW_GAP before the white stone's edge, set on the page after the
    drawing (over the stones) on a white halo, thicker than the stones' own arrows and not their
    black, and at least 10 mm long."""
    kit, (page, group) = plateau_figure("en", CAPTURE)
    board = kit.component("board")
    figure = [section.figure for section in kit.rules if section.figure][CAPTURE]
    assert figure.moves == ["A2-B2"]
    rows, cols = figures.window_of(figure.window, board.rows, board.cols)
    cell = board.cell * group.scale

    def centre(at: str) -> tuple[float, float]:
        row, col = figures.board_layout.cell_of(at)
        return group.x + (col - cols.start + 0.5) * cell, group.y + (row - rows.start + 0.5) * cell

    def inside(x: float, y: float) -> bool:
        return group.x <= x <= group.x + group.shown_w and group.y <= y <= group.y + group.shown_h

    heads = [
        i
        for i in page.items
        if isinstance(i, Path) and i.fill == figure_marks.ARROW_INK and i.stroke is None and inside(*i.points[0])
    ]
    dots = [i for i in page.items if isinstance(i, Circle) and i.fill == figure_marks.ARROW_INK and inside(i.cx, i.cy)]
    shafts = [
        i
        for i in page.items
        if isinstance(i, Path) and not i.closed and i.stroke.color == figure_marks.ARROW_INK and inside(*i.points[0])
    ]
    halos = [
        i
        for i in page.items
        if isinstance(i, Path) and not i.closed and i.stroke.color == figure_marks.ARROW_HALO and inside(*i.points[0])
    ]
    assert len(heads) == len(dots) == len(shafts) == len(halos) == 1
    (start,), (tip,) = dots, [heads[0].points[0]]
    assert (start.cx, start.cy) == pytest.approx(centre("A2")), "from A2's centre"
    white = [i for i in group.items if isinstance(i, Group) and i.key[:3] == ("stone", "stones", "white")]
    (edge,) = [group.x + (w.x + kit.component("stones").bleed * w.scale) * group.scale for w in white]
    assert tip[1] == pytest.approx(centre("B2")[1]), "straight towards B2's centre"
    assert tip[0] == pytest.approx(edge - figure_marks.ARROW_GAP * group.scale), "its head stops before the stone"
    assert math.dist((start.cx, start.cy), tip) >= 10.0, "at least 10 mm long on the page"
    at = page.items.index(group)
    assert page.items[at].key  # the drawing is one group
    assert all(page.items.index(part) > at for part in (*heads, *dots, *shafts, *halos)), "over the stones"
    assert halos[0].stroke.width >= shafts[0].stroke.width + 1.0 and page.items.index(halos[0]) < page.items.index(
        shafts[0]
    ), "a white halo under the line, 0.5 mm or more either side"
    base_w = math.dist(heads[0].points[1], heads[0].points[2])
    assert base_w == pytest.approx(figure_marks.HEAD_W)
    printed = [
        (placed.item.stroke.width * abs(placed.sign), placed.item.stroke.color)
        for placed in bounds.flatten((group,))
        if isinstance(placed.item, Path) and placed.item.stroke is not None and not placed.item.closed
    ]
    assert printed, "the stones' own arrows"
    assert all(width < figure_marks.ARROW_W and colour != figure_marks.ARROW_INK for width, colour in printed)


TWISTER = 3


def test_a_move_to_an_empty_cell_ends_on_a_ring_there():
    """plateau's twister goes A2, B2, C1, where no stone stands: a ring (solid: a rules page draws
    no dash) marks C1 and the
    arrow's head touches it (a review: "the twister's end cell unmarked")."""
    kit, (page, group) = plateau_figure("en", TWISTER)
    board = kit.component("board")
    figure = [section.figure for section in kit.rules if section.figure][TWISTER]
    assert figure.moves == ["A2-B2", "B2-C1"]
    rows, cols = figures.window_of(figure.window, board.rows, board.cols)
    cell = board.cell * group.scale
    row, col = figures.board_layout.cell_of("C1")
    cx, cy = group.x + (col - cols.start + 0.5) * cell, group.y + (row - rows.start + 0.5) * cell
    (ring,) = [
        i
        for i in page.items
        if isinstance(i, Circle) and i.fill is None and i.stroke is not None and i.stroke.width == figure_marks.TARGET_W
    ]
    assert (ring.cx, ring.cy, ring.r) == pytest.approx((cx, cy, figure_marks.TARGET * cell))
    (head,) = [
        i
        for i in page.items
        if isinstance(i, Path) and i.fill == figure_marks.ARROW_INK and i.stroke is None and i.closed
        if group.x <= i.points[0][0] <= group.x + group.shown_w and group.y <= i.points[0][1] <= group.y + group.shown_h
    ]
    assert math.dist(head.points[0], (cx, cy)) == pytest.approx(ring.r)


@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
@pytest.mark.parametrize("number", [1, 5])  # the opening stacks of two, the moved stack of three
def test_plateau_stacks_are_offset_piles_inside_their_cells_with_a_margin(number, lang):
    """A review: a top view of a stone over edge bars filled the 40 mm cell with no margin. Each
    stone of a stack is drawn (the top one with its face, each under it with its own face where the
    one above leaves it), a step right of and above the one under, the pile inside its cell with
    PILE_MARGIN of it to spare, and each stone under showing an L at least 1.5 mm wide on the page."""
    kit, (_, group) = plateau_figure(lang, number)
    figure = [section.figure for section in kit.rules if section.figure][number]
    board = kit.component("board")
    rows, cols = figures.window_of(figure.window, board.rows, board.cols)
    stones = [i for i in group.items if isinstance(i, Group) and i.key[0] == "stone"]
    assert len(stones) == sum(len(cell.stack) for cell in figure.cells), "every stone of every stack drawn"
    at = 0
    for cell in figure.cells:
        pile = stones[at : at + len(cell.stack)]
        at += len(cell.stack)
        owners = [ref.split(".")[1] for ref in cell.stack]
        assert [stone.key[2] for stone in pile] == owners, "bottom first, each its owner's"
        assert all(stone.key[-1] == "under" for stone in pile[:-1]) and pile[-1].key[-1] != "under"
        row, col = figures.board_layout.cell_of(cell.at)
        x0, y0 = (col - cols.start) * board.cell, (row - rows.start) * board.cell
        margin = figure_marks.PILE_MARGIN * board.cell
        size = kit.component("stones").size
        bleed = kit.component("stones").bleed
        corners = [(s.x + bleed * s.scale, s.y + bleed * s.scale) for s in pile]
        drawn = size * pile[0].scale
        assert all(s.scale == pile[0].scale for s in pile)
        assert min(x for x, _ in corners) >= x0 + margin - 1e-6 and min(y for _, y in corners) >= y0 + margin - 1e-6
        assert max(x for x, _ in corners) + drawn <= x0 + board.cell - margin + 1e-6
        assert max(y for _, y in corners) + drawn <= y0 + board.cell - margin + 1e-6
        for (ax, ay), (bx, by) in zip(corners, corners[1:], strict=False):
            assert bx - ax == pytest.approx(ay - by), "each a step right of and above the one under"
            assert (bx - ax) * group.scale >= 1.5, "an L at least 1.5 mm wide on the page"
        assert drawn * group.scale >= figure_marks.MIN_PIECE


def test_a_stone_under_another_in_a_pile_shows_its_colour_disc():
    """The blue stone second from the top of the goal's six showed nothing of its blue (a review):
    the step reaches past the rim of the disc, 0.09 of the side in from the edge."""
    from_edge = 0.5 - DISC
    assert figure_marks.PILE_STEP - from_edge >= 0.075, "0.075 of the side of the disc shows"
    kit, (_, group) = plateau_figure("en", 0)
    blues = [i for i in group.items if isinstance(i, Group) and i.key[:4] == ("stone", "stones", "black", "blue")]
    assert len(blues) == 1 and blues[0].key[-1] == "under"
    discs = [p for p in bounds.flatten(blues) if isinstance(p.item, Circle) and p.item.fill == "#3f78c8"]
    assert discs and not [p for p in bounds.flatten(blues) if isinstance(p.item, Text)], "its disc, and no value"


def test_a_tall_pile_stays_in_its_cell_shows_every_piece_and_is_counted():
    layers = figure_marks.stack_layers(6, 40.0, 40.0, 32.0, 32.0, margin=2.4)
    assert [layer.top for layer in layers] == [False] * 5 + [True]
    side = 32.0 * layers[0].scale
    assert layers[0].scale >= figure_marks.PILE_LEAST - 1e-9
    xs, ys = [layer.x for layer in layers], [layer.y for layer in layers]
    assert xs == sorted(xs) and ys == sorted(ys, reverse=True)
    assert min(xs) >= 2.4 - 1e-9 and max(xs) + side <= 40.0 - 2.4 + 1e-9
    assert min(ys) >= 2.4 - 1e-9 and max(ys) + side <= 40.0 - 2.4 + 1e-9
    assert all(b - a > 1.5 for a, b in zip(xs, xs[1:], strict=False))
    cx, cy = figure_marks.pile_count_at(layers, 32.0, 32.0)
    covered = [layer for layer in layers if layer.x <= cx <= layer.x + side and layer.y <= cy <= layer.y + side]
    assert not covered, "the count stands where no stone lies"
    assert figure_marks.stack_layers(1, 40.0, 40.0, 32.0, 32.0, margin=2.4)[0].scale == 1.0, "a stone alone as printed"


def test_the_goals_pile_of_six_carries_a_badge_with_its_count():
    _, (page, group) = plateau_figure("cs", 0)
    badges = [i for i in page.items if isinstance(i, Text) and i.text == "6" and i.color == "#ffffff"]
    (badge,) = badges
    assert badge.size_pt >= 7.0 and badge.bold
    assert group.x < badge.x < group.x + group.shown_w and group.y < badge.y < group.y + group.shown_h + 1.0


def rules_page_count(kit: str, lang: str) -> int:
    """How many rules pages the kit's A4 build has in ``lang`` (the layout says; the rules may take
    one page or two as their fitting decides)."""
    loaded = build.load(kit)
    pages = layout_kit(loaded.kit, Context(paper=paper("a4"), tr=Localizer(lang))).pages
    return sum(1 for page in pages if page.role == "rules")


@pytest.mark.parametrize("lang", ["cs", "pl", "en"])
def test_plateau_prints_the_coordinates_its_captions_name(built, lang):
    pdf = pdfplumber.open(built("plateau", lang))
    rules = pdf.pages[: rules_page_count("plateau", lang)]
    words = [w for page in rules for w in page.extract_words()]
    captions = " ".join(w["text"] for w in words)
    assert "A2" in captions and "B2" in captions
    small = [c for page in rules for c in page.chars if round(c["size"], 1) == figures.MARK_PT]
    assert {"A", "B", "C"} <= {c["text"] for c in small} and {"1", "2", "3"} <= {c["text"] for c in small}
    board = pdf.pages[len(rules)]
    assert {"A", "B", "C", "D", "1", "2", "3", "4"} <= {w["text"] for w in board.extract_words()}


def test_plateau_arrow_is_drawn_on_the_pdf(built):
    pdf = pdfplumber.open(built("plateau", "en"))
    rules = pdf.pages[: rules_page_count("plateau", "en")]
    ink = tuple(round(int(figure_marks.ARROW_INK[i : i + 2], 16) / 255, 2) for i in (1, 3, 5))
    dark = [
        c
        for page in rules
        for c in page.lines + page.curves
        if c.get("stroking_color") and tuple(round(v, 2) for v in c["stroking_color"]) == ink
    ]
    widths = [round(c.get("linewidth", 0) * PT, 2) for c in dark]
    assert any(w == pytest.approx(figure_marks.ARROW_W, abs=0.02) for w in widths), widths


@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_kpn_examples_print_with_their_diacritics_at_label_size(built, lang):
    page = pdfplumber.open(built("kpn", lang)).pages[0]
    text = " ".join(w["text"] for w in page.extract_words())
    for number in (1, 2):
        assert EXAMPLE[lang].format(n=number) in text, "the caption names each example"
    first = EXAMPLE[lang][0]
    assert {round(c["size"], 1) for c in page.chars if c["text"] == first}, "the caption's word prints"
    white = [c for c in page.chars if c["non_stroking_color"] in ((1, 1, 1), [1, 1, 1], (1,), [1])]
    badges = [c for c in white if c["text"] in "12" and round(c["size"], 1) == figures.LABEL_PT]
    # the turn's two examples and the label's copy of 2, the win's one example
    assert sorted(c["text"] for c in badges) == ["1", "1", "2", "2"], "a badge on each example's tile"


def test_cell_name_pattern_reads_cells_not_paper_or_codes():
    found = [m.group(0) for m in CELL_NAME.finditer("Print on A4-size card, x/A2, B2B; move A2 to B2, then C3.")]
    assert found == ["A2", "B2", "C3"]


def test_a_caption_naming_a_cell_on_a_board_without_coordinates_is_a_finding_on_its_line():
    loaded = build.load("plateau")
    kit = loaded.kit
    board = kit.component("board").model_copy(update={"coordinates": False})
    bare = kit.model_copy(update={"components": [board if c.id == "board" else c for c in kit.components]})
    problems = check_kit(loaded.source, bare)
    named = [p for p in problems if "prints no coordinates" in p.message]
    assert [(p.field[: len("rules[4].figure.caption.")], p.message.split(" but")[0]) for p in named] == [
        ("rules[5].figure.caption.", "names the cell A2"),
        ("rules[7].figure.caption.", "names the cell A3"),
        ("rules[8].figure.caption.", "names the cell A2"),
    ], "once a text: the twister's, the stack's and the capture's captions"
    problem = named[0]
    lines = loaded.source.path.read_text(encoding="utf-8").splitlines()
    assert problem.line is not None and "A2" in lines[problem.line - 1]
    assert not [p for p in check_kit(loaded.source, kit) if "prints no coordinates" in p.message]


def test_a_figure_whose_pieces_print_under_12_mm_is_a_warning_on_its_height():
    """latarnie's tokens: kpn's tiles keep their names at 7 pt, which holds their figure at 12.5 mm
    or more whatever its height (figure_marks.legible_scale)."""
    loaded = build.load("latarnie")
    kit = loaded.kit
    number, section = next((n, s) for n, s in enumerate(kit.rules) if s.figure)
    ctx = Context(paper=paper("letter"), tr=Localizer("pl"))
    assert not [p for p in check_layout(loaded.source, kit, layout_kit(kit, ctx)) if "mm a reader" in p.message]
    rules_list = list(kit.rules)
    low = section.figure.model_copy(update={"height": 30.0})  # its legend takes part of 40 mm
    rules_list[number] = section.model_copy(update={"figure": low})
    small = kit.model_copy(update={"rules": rules_list})
    problems = [p for p in check_layout(loaded.source, small, layout_kit(small, ctx)) if "mm a reader" in p.message]
    (problem,) = problems
    assert problem.severity == "warning" and problem.field == f"rules[{number}].figure.height"
    pages = layout_kit(small, ctx).pages
    groups = (i for page in pages for i in page.items if isinstance(i, Group) and figures.is_figure(i))
    group = next(g for g in groups if g.key[1] != "contents")
    shown = 30.0 * group.scale  # the kit's tokens are 30 mm across
    assert shown < 12.0
    assert f"smallest piece {shown:.1f} mm across" in problem.message and problem.line is not None


def test_latarnie_rings_the_cells_its_two_examples_count_and_an_area_off_the_board_is_a_finding(run, tmp_path):
    """areas: a ring a block of cells, each its own colour; B2, counted by C3 and by A1, in both."""
    kit, pages = rules_of("latarnie", "en")
    figure = next(section.figure for section in kit.rules if section.figure and section.figure.board)
    assert figure.area_windows == ["B2:D4", "A1:B2"]
    rings = [
        i
        for page in pages
        for i in page.items
        if isinstance(i, Rect) and i.stroke and i.stroke.color in figure_marks.AREA_INKS
    ][:2]  # the legend's samples follow
    assert [r.stroke.color for r in rings] == list(figure_marks.AREA_INKS[:2])
    assert rings[1].x < rings[0].x < rings[1].x + rings[1].w, "the rings overlap on B2"
    folder = tmp_path / "bad"
    folder.mkdir()
    text = (REPO / "kits" / "latarnie.yaml").read_text(encoding="utf-8").replace('at: "A1:B2"', 'at: "A1:F9"')
    (folder / "latarnie.yaml").write_text(text, encoding="utf-8")
    checked = run("validate", str(folder / "latarnie.yaml"))
    assert checked.code == 1 and "figure.areas[1]: the area A1:F9 leaves the figure: F9 is not on" in checked.err


def plain(markup: str) -> str:
    text = re.sub(r"<[^>]*>", "", html.unescape(markup)).replace("\xa0", " ").replace("\xad", "")
    return " ".join(text.replace("**", "").split())


LEGEND = {
    "pl": ["pola liczone przy C3", "pola liczone przy A1"],
    "cs": ["pole počítaná u C3", "pole počítaná u A1"],
    "en": ["cells counted for C3", "cells counted for A1"],
}


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_every_plateau_figure_is_on_the_page_of_its_sections_text_and_next_to_it(lang, paper_name):
    """A review: the twister's heading and text closed page 1's right column and its figure opened
    page 2. Each figure now has the end of its own section's text right above it in its column or,
    when it opens the right column, at the foot of the left one beside it; and the rules keep their
    two pages."""
    loaded = build.load("plateau")
    ctx = Context(paper=paper(paper_name), tr=Localizer(lang))
    pages = [page for page in layout_kit(loaded.kit, ctx).pages if page.role == "rules"]
    assert len(pages) == 2
    sections = [section for section in loaded.kit.rules if section.figure]
    drawn = [
        (page, item)
        for page in pages
        for item in page.items
        if isinstance(item, Group) and figures.is_figure(item) and item.key[1] != "contents"
    ]
    assert len(drawn) == len(sections)
    for section, (page, group) in zip(sections, drawn, strict=True):
        right = group.x >= page.width / 2
        texts = [item for item in page.items if isinstance(item, RichText) and item.lang is not None]
        above = [item for item in texts if (item.x >= page.width / 2) == right and item.y + item.h <= group.y + 1e-6]
        if not above:
            assert right, f"{ctx.tr(section.heading)}: its figure opens the page"
            above = [item for item in texts if item.x < page.width / 2]  # beside it, at the left column's foot
        text = max(above, key=lambda item: item.y)
        words = plain(text.markup).split()
        body = plain(to_markup(ctx.tr(section.body)))
        assert " ".join(words[-4:]) in body or (text.lines and " ".join(words[:4]) in body), ctx.tr(section.heading)


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_latarnie_rings_differ_without_colour_and_a_legend_names_each(lang, paper_name):
    """A reviewer could not tell which ring was A1's, and in black and white the blue and the orange
    ring printed the same grey: the second ring is dotted (no dash over 1 mm: not a cut line), and a
    legend under the drawing, above the caption, shows each ring's line with what it marks, at 7.2 pt."""
    _, pages = rules_of("latarnie", lang, paper_name)
    (page,) = [p for p in pages if p.role == "rules"]
    rects = [i for i in page.items if isinstance(i, Rect) and i.stroke and i.stroke.color in figure_marks.AREA_INKS]
    rings, samples = rects[:2], rects[2:]
    (row,) = [r for r in page.pieces if r.kind == "figure" and r.y < rings[0].y < r.y + r.height]
    assert rings[0].stroke.dash == () and rings[1].stroke.dash, "solid and dotted: they differ in grey"
    assert max(rings[1].stroke.dash[0::2]) <= 1.0
    assert [s.stroke for s in samples] == [r.stroke for r in rings], "each sample drawn in its ring's line"
    texts = {t.text: t for t in page.items if isinstance(t, Text)}
    drawing_bottom = max(r.y + r.h for r in rings)
    below = [i for i in page.items if isinstance(i, RichText) and i.align == "center" and i.y > drawing_bottom]
    caption = min(below, key=lambda i: i.y)
    for sample, words in zip(samples, LEGEND[lang], strict=True):
        label = texts[words]
        assert label.size_pt >= 7.0
        assert sample.x + sample.w < label.x < sample.x + sample.w + 3.0, "the words follow their sample"
        assert sample.y < label.y < sample.y + sample.h + 1.5, "on the sample's line"
        assert drawing_bottom < sample.y and label.y < caption.y, "between the drawing and the caption"
        assert label.y <= row.y + row.height, "inside the figure's box"


STACKS = 5


@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_plateau_stack_move_stops_before_the_pile_it_points_to(lang):
    """A review: the stack's arrowhead sat on its top stone's red face. The head stops ARROW_GAP
    (printed mm) before the nearest stone of C3's pile, on the line through the cells' centres,
    and no part of the arrow's head lies on a stone."""
    kit, (page, group) = plateau_figure(lang, STACKS)
    bleed = kit.component("stones").bleed
    size = kit.component("stones").size
    stones = [i for i in group.items if isinstance(i, Group) and i.key[0] == "stone"]
    assert len(stones) == 3
    boxes = [
        (group.x + (s.x + bleed * s.scale) * group.scale, group.y + (s.y + bleed * s.scale) * group.scale)
        for s in stones
    ]
    side = size * stones[0].scale * group.scale

    def inside(x: float, y: float) -> bool:
        return group.x <= x <= group.x + group.shown_w and group.y <= y <= group.y + group.shown_h

    (head,) = [
        i
        for i in page.items
        if isinstance(i, Path) and i.fill == figure_marks.ARROW_INK and i.stroke is None and inside(*i.points[0])
    ]
    tip = head.points[0]
    nearest = min(x for x, y in boxes if y <= tip[1] <= y + side)
    assert tip[0] == pytest.approx(nearest - figure_marks.ARROW_GAP * group.scale)
    for x, y in head.points:
        assert not any(bx < x < bx + side and by < y < by + side for bx, by in boxes), "the head is off the stones"


def test_plateau_pile_edges_are_as_the_sheet_prints_them():
    """A review: a thick grey rim round every stone in a figure, where the printed white stone has
    a thin dark cut line. Each stone of a pile is edged PILE_EDGE mm: a white stone in the cut
    line's dark grey, a black one in the light keyline its sheet prints between two black stones."""
    _, (_, group) = plateau_figure("en", 1)  # the opening: a black pile and a white pile
    edges = [
        i for i in group.items if isinstance(i, Rect) and i.fill is None and i.stroke.width == figure_marks.PILE_EDGE
    ]
    colours = sorted(edge.stroke.color for edge in edges)
    assert colours == sorted([figure_marks.PARTING] * 2 + [figure_marks.OUTLINE.color] * 2)
    assert figure_marks.PILE_EDGE * group.scale <= 0.35, "no thicker on the page than a light piece's outline"
    assert not [i for i in group.items if isinstance(i, Rect) and i.stroke and i.stroke.color == "#9a9a9a"]
