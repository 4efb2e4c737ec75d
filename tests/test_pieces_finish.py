"""The pieces' pages as the last review asked for them, measured on layout data and on the PDF:
tokens grouped by type under a heading at the top, cut guides across the gutters of bled tiles,
a board's shaded cells that survive the ink saver, plateau's sheet carrying the players' names,
no table text under 7 pt on targ's board, paper weight advice in plateau's recipe, a box front
with its title band.
"""

from __future__ import annotations

import pdfplumber
import pytest

from piece_pdf import page_text, recipe_text
from printkit import fonts, pipeline
from printkit.layout.board import MARK_HATCH
from printkit.layout.context import CROP_MARKS, Options
from printkit.layout.document import layout_kit
from printkit.layout.inksaver import ink_saver
from printkit.layout.marks import HEADER_HEIGHT, RULER_HEIGHT, TICK, tinted
from printkit.layout.pieces import BAND_GAP
from printkit.layout.primitives import Group, Line, Page, Rect, Text
from printkit.words.locale import Localizer


def pages_of(kit: str, lang: str = "pl", paper: str = "a4", options: Options | None = None) -> list[Page]:
    loaded = pipeline.load(kit)
    ctx = pipeline.context(loaded, lang, paper, options or Options())
    return list(layout_kit(loaded.kit, ctx).pages)


def flat(items):
    """Every item with groups opened, in page coordinates for an unscaled, unturned group."""
    for item in items:
        if isinstance(item, Group):
            for inner in flat(item.items):
                yield shifted(inner, item.x, item.y)
        else:
            yield item


def shifted(item, dx: float, dy: float):
    if isinstance(item, Line):
        return Line(item.x1 + dx, item.y1 + dy, item.x2 + dx, item.y2 + dy, item.stroke)
    if isinstance(item, Rect):
        return Rect(item.x + dx, item.y + dy, item.w, item.h, item.stroke, item.fill, item.radius)
    return item


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_latarnie_tokens_stand_in_the_middle_under_a_heading_at_the_top_one_type_to_a_row(paper):
    """The heading at the top margin (it once started 86 mm down with the centred block) and the
    16 tokens and 4 spares, which fill only 120 mm of the page, with their ruler just under them,
    in the middle of the room between the heading and the footer: hung from the heading, they
    left the lower 60 % of a card sheet blank and the ruler floating mid-page (review 10)."""
    loaded = pipeline.load("latarnie")
    ctx = pipeline.context(loaded, "pl", paper, Options())
    (page,) = [p for p in layout_kit(loaded.kit, ctx).pages if p.component == "tokens"]
    tokens = [p for p in page.pieces if p.kind == "token"]
    rows: dict[float, set[object]] = {}
    for token in tokens:
        rows.setdefault(round(token.y, 3), set()).add(dict(token.extra)["owner"])
    assert len(tokens) == 20 and sum(1 for t in tokens if dict(t.extra).get("spare")) == 4
    assert [owners for _, owners in sorted(rows.items())] == [{"A"}, {"A"}, {"B"}, {"B"}]
    title = next(i for i in page.items if isinstance(i, Text) and i.bold)
    assert title.text == "Żetony strażników" and abs(title.y - title.size_pt * 0.25 - ctx.margin) < 3.0
    block_top, block_bottom = min(t.y for t in tokens), max(t.y + t.height for t in tokens)
    ruler = min(i.y1 for i in page.items if isinstance(i, Line) and i.stroke == TICK and abs(i.y2 - i.y1 - 4.0) < 1e-6)
    above = block_top - CROP_MARKS.room - (ctx.margin + HEADER_HEIGHT)  # the marked block under the heading's band
    below = ctx.bottom - RULER_HEIGHT - ruler
    # the ruler stays with the tokens, under their crop marks (a guillotine's: review 7)
    assert ruler - block_bottom == pytest.approx(CROP_MARKS.room + BAND_GAP), "the ruler stays with the tokens"
    assert abs(above - below) < 0.5 and above > 40.0, (above, below)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("pl", "Drukuj na kartonie; w drukarce ustaw papier gruby / karton"),
        ("cs", "Tiskněte na karton; v tiskárně nastavte silný papír / karton"),
        ("en", "Print on card stock; set the printer to heavy paper / card"),
    ],
)
def test_a_piece_page_printed_on_card_says_so_beside_its_title(lang, words):
    """latarnie's recipe prints the tokens on card: the token page says it too, in bold on the
    title's line, right-aligned to the text area; so do kpn's tiles, which its recipe prints on card."""
    loaded = pipeline.load("latarnie")
    ctx = pipeline.context(loaded, lang, "a4", Options())
    (page,) = [p for p in layout_kit(loaded.kit, ctx).pages if p.component == "tokens"]
    title = next(i for i in page.items if isinstance(i, Text) and i.bold)
    (note,) = [i for i in page.items if isinstance(i, Text) and i.text == words]
    assert note.bold and note.align == "right" and note.y == title.y and note.size_pt >= 8.5
    assert note.x == pytest.approx(ctx.margin + ctx.content_width)
    kpn = [i for p in pages_of("kpn", lang) if p.component == "tiles" for i in p.items if isinstance(i, Text)]
    assert any(t.text == words for t in kpn)


def test_kpn_bled_tiles_have_cut_guides_across_every_gutter():
    face = next(p for p in pages_of("kpn") if p.component == "tiles" and p.side == "face")
    tiles = [p for p in face.pieces if p.kind == "tile"]
    lines = [i for i in flat(face.items) if isinstance(i, Line)]
    gap = 4.0  # kpn's tiles bleed 2 mm: 4 mm between two trims
    for tile in tiles:
        right = [t for t in tiles if abs(t.y - tile.y) < 1e-6 and abs(t.x - (tile.x + tile.width + gap)) < 1e-6]
        if not right:
            continue
        for y in (tile.y, tile.y + tile.height):
            guide = [
                line
                for line in lines
                if abs(line.y1 - y) < 1e-6
                and abs(line.y2 - y) < 1e-6
                and abs(min(line.x1, line.x2) - (tile.x + tile.width)) < 1e-6
                and abs(max(line.x1, line.x2) - right[0].x) < 1e-6
            ]
            assert guide, f"no cut guide across the gutter right of the tile at {tile.x:.1f}, {tile.y:.1f}"
    on_trim = [
        line
        for line in lines
        for tile in tiles
        if abs(line.x1 - line.x2) < 1e-6
        and tile.x < line.x1 < tile.x + tile.width
        and tile.y - 1e-6 <= min(line.y1, line.y2) < max(line.y1, line.y2) <= tile.y + tile.height + 1e-6
    ]
    assert not on_trim, "a guide never crosses a tile"


def test_plateau_perimeter_keeps_its_hatch_under_the_ink_saver():
    loaded = pipeline.load("plateau")
    document = layout_kit(loaded.kit, pipeline.context(loaded, "cs", "a4", Options()))
    (board,) = [p for p in ink_saver(document).pages if p.component == "board"]
    marked = [p for p in board.pieces if p.kind == "cell" and dict(p.extra).get("marked")]
    hatch = [i for i in flat(board.items) if isinstance(i, Line) and i.stroke == MARK_HATCH]
    assert len(marked) == 12
    for cell in marked:
        inside = [
            line
            for line in hatch
            if cell.x - 1e-6 <= min(line.x1, line.x2)
            and max(line.x1, line.x2) <= cell.x + cell.width + 1e-6
            and cell.y - 1e-6 <= min(line.y1, line.y2)
            and max(line.y1, line.y2) <= cell.y + cell.height + 1e-6
        ]
        assert len(inside) >= 10, f"cell {dict(cell.extra)['at']}: {len(inside)} hatch lines"
    middle = [p for p in board.pieces if p.kind == "cell" and not dict(p.extra).get("marked")]
    for cell in middle:
        assert not any(
            cell.x + 1 < (line.x1 + line.x2) / 2 < cell.x + cell.width - 1
            and cell.y + 1 < (line.y1 + line.y2) / 2 < cell.y + cell.height - 1
            for line in hatch
        )


def test_plateau_sheet_names_the_players_given(run, tmp_path):
    target = tmp_path / "prisoners.pdf"
    result = run("sheets", "plateau", "--players", "2", "--names", "Ala,Żaneta", "--lang", "pl", "-o", str(target))
    assert result.code == 0, result.err
    text = page_text(target, 1)
    assert "Czarny zdobył – Ala" in text and "Biały zdobył – Żaneta" in text
    unnamed = tmp_path / "blank.pdf"
    assert run("sheets", "plateau", "--players", "2", "--lang", "pl", "-o", str(unnamed)).code == 0
    blank = page_text(unnamed, 1)
    assert "Czarny zdobył" in blank and "Gracz 1" not in blank and "–  Gracz" not in blank


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_targ_board_prints_nothing_under_seven_points(built, lang, paper):
    extra = ("--paper", paper) if paper != "a4" else ()
    with pdfplumber.open(built("targ", lang, *extra)) as pdf:
        sizes = {round(char["size"], 2) for char in pdf.pages[1].chars}
    assert min(sizes) >= 7.0 - 0.01, sorted(sizes)[:3]


@pytest.mark.parametrize("lang, unit", [("cs", "g/m²"), ("pl", "g/m²"), ("en", "g/m²")])
def test_plateau_recipe_advises_paper_weight_for_board_and_stones(built, lang, unit):
    text = recipe_text(built("plateau", lang))
    assert text.count(unit) >= 2
    assert "160–250" in text and "160–200" not in text, "one paper weight for the board and the stones (a review)"


def test_box_front_has_its_title_on_a_band_and_a_border():
    loaded = pipeline.load("kpn")
    ctx = pipeline.context(loaded, "en", "a4", Options())
    document = pipeline.boxes_document(loaded, ctx)
    (page,) = document.pages
    (net,) = page.pieces
    colour = next(c for c in loaded.kit.components if c.kind == "tuckbox").color
    title = Localizer("en")(next(c for c in loaded.kit.components if c.kind == "tuckbox").label)
    texts = [i for i in page.items if isinstance(i, Text) and i.text in title and i.color == colour]
    assert " ".join(t.text for t in texts) == title, "the front's title is printed in the box's colour, on its band"
    bands = [i for i in page.items if isinstance(i, Rect) and i.fill == "#ffffff" and i.stroke is None]
    assert any(band.x <= texts[0].x <= band.x + band.w and band.y <= texts[0].y <= band.y + band.h for band in bands)
    borders = [i for i in page.items if isinstance(i, Rect) and i.fill is None and i.stroke is not None]
    assert len(borders) == 4, "front and back each get a double border"
    assert all(net.x < b.x and b.x + b.w < net.x + net.width for b in borders)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_targ_side_tables_keep_their_words_off_the_borders_at_one_size(lang, paper):
    """targ's Letter board (reviewer): the side tables squeezed to 23/26 mm columns, "+1 pkt za
    kartę" touching its cell's right border, "Tylko jedna kategoria" on two lines, "para + 2 różne"
    smaller than the rows above. Now the column of tables stands 4 mm from the places where it is
    narrow, fixed columns with words in every row give up the room they do not use, every word
    keeps 1.5 mm off its cell's sides, a column's rows share one size and a table's headers one."""
    page = next(p for p in pages_of("targ", lang, paper) if p.component == "market")
    places_right = max(p.x + p.width for p in page.pieces if p.kind == "place")
    cells = [i for i in page.items if isinstance(i, Rect) and i.stroke and i.x > places_right and i.w < 60]
    words = [
        i
        for i in page.items
        if isinstance(i, Text) and any(c.x < i.x < c.x + c.w and c.y < i.y < c.y + c.h for c in cells)
    ]
    assert len(words) >= 34  # 4 tables (the day's good, sets, the order, an example): headers and rows
    assert min(c.x for c in cells) - places_right <= (4.0 if paper == "letter" else 7.0) + 1e-6
    columns: dict[tuple[float, float], set[float]] = {}
    headers: dict[float, set[float]] = {}
    for word in words:
        width = fonts.text_width(word.text, word.size_pt, word.bold, word.face)
        left = {"center": word.x - width / 2, "right": word.x - width}.get(word.align, word.x)
        (cell,) = [c for c in cells if c.x < word.x < c.x + c.w and c.y < word.y < c.y + c.h]
        assert left - cell.x >= 1.5 - 1e-6 and cell.x + cell.w - (left + width) >= 1.5 - 1e-6, word.text
        if cell.fill:  # a header band's cell
            headers.setdefault(round(cell.y, 2), set()).add(round(word.size_pt, 2))
        else:
            table = max(c.y for c in cells if c.fill and c.y < cell.y)
            columns.setdefault((round(table, 2), round(cell.x, 2)), set()).add(round(word.size_pt, 2))
    assert len(headers) == 4 and all(len(sizes) == 1 for sizes in headers.values()), headers
    assert len(columns) >= 8 and all(len(sizes) == 1 for sizes in columns.values()), columns
    assert min(size for sizes in headers.values() for size in sizes) >= 7.0  # Czech Letter: 7.25 pt


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_touching_tokens_get_crop_marks_outside_their_block_in_line_with_every_cut(paper):
    """latarnie's tokens share their cuts without bleed: grey lines inside the block, which a
    guillotine cannot see (review 7). Crop marks now stand outside the block, as a bleeding block's
    do: two at each end of every cut, across and down, never on a token."""
    loaded = pipeline.load("latarnie")
    ctx = pipeline.context(loaded, "pl", paper, Options())
    (page,) = [p for p in layout_kit(loaded.kit, ctx).pages if p.component == "tokens"]
    tokens = [p for p in page.pieces if p.kind == "token"]
    left, right = min(t.x for t in tokens), max(t.x + t.width for t in tokens)
    top, bottom = min(t.y for t in tokens), max(t.y + t.height for t in tokens)
    cuts_x = sorted({round(t.x, 6) for t in tokens} | {round(right, 6)})
    cuts_y = sorted({round(t.y, 6) for t in tokens} | {round(bottom, 6)})
    marks = [i for i in page.items if isinstance(i, Line) and i.stroke.color == CROP_MARKS.colour]
    room = CROP_MARKS.room + 1e-6  # the marks stand within it, outside the block (the ruler's ticks further)

    def outside(low: float, high: float, start: float, end: float) -> bool:
        return start - room <= low and high < start or end < low and high <= end + room

    down = [m for m in marks if m.x1 == m.x2 and outside(min(m.y1, m.y2), max(m.y1, m.y2), top, bottom)]
    across = [m for m in marks if m.y1 == m.y2 and outside(min(m.x1, m.x2), max(m.x1, m.x2), left, right)]
    assert sorted({round(m.x1, 6) for m in down}) == cuts_x and len(down) == 2 * len(cuts_x)
    assert sorted({round(m.y1, 6) for m in across}) == cuts_y and len(across) == 2 * len(cuts_y)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_targ_side_tables_are_ruled_lightly_in_the_theme_and_their_headers_never_shrink(lang, paper):
    """The reviewer: heavy black 1-pt rules read as a spreadsheet beside the soft plum board, and on
    Letter 'Tylko jedna kategoria' shrank to 7.8 pt. Every cell border is now 0.15 mm (0.43 pt) in
    a tone of the accent (#7a2760 at 60 %), the total row's aside, and every header is set at 8.5 pt
    or more, on two lines where one would not hold it."""
    page = next(p for p in pages_of("targ", lang, paper) if p.component == "market")
    places_right = max(p.x + p.width for p in page.pieces if p.kind == "place")
    cells = [i for i in page.items if isinstance(i, Rect) and i.stroke and i.x > places_right and i.w < 60]
    assert len(cells) >= 30  # 4 tables: a header band each and their rows
    assert {c.stroke.width for c in cells} == {0.15} and {c.stroke.color for c in cells} == {tinted("#7a2760", 0.6)}
    dividers = [i for i in page.items if isinstance(i, Line) and i.x1 > places_right and i.x1 == i.x2]
    assert len(dividers) >= 3 and all(d.stroke.width == 0.15 for d in dividers)
    bands = [c for c in cells if c.fill]
    headers = [
        i
        for i in page.items
        if isinstance(i, Text) and any(b.x < i.x < b.x + b.w and b.y < i.y < b.y + b.h for b in bands)
    ]
    # a table keeps one size (test_targ_board): Letter's narrow panel sets them at 7.25-7.75 pt
    assert len(headers) >= 8 and min(h.size_pt for h in headers) >= (7.0 if paper == "letter" else 8.5)
