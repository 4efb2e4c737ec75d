"""A shared score sheet with ``per_page`` prints that many games on a page, one under another with
a cut line between them (kpn's and targ's score sheets were one table on an empty page: a round-3
review asked for "3-4 games per A4"), measured on the layout data and the PDF `build` writes."""

from __future__ import annotations

import pdfplumber
import pytest
from pypdf import PdfReader

from conftest import mm
from piece_pdf import build_text, recipe_text
from printkit import fonts, pipeline
from printkit.kinds.sheet.layout import GAMES_GAP, GAMES_GAP_LEAST, SHEET_CLEAR, games_gap_for
from printkit.layout.document import layout_sheets
from printkit.layout.primitives import Line, Rect, Text
from printkit.layout.sheet import NO_ENTRY, RULE_W

SHEET = """kit:
  title: {en: "Pad"}
  players: {min: 2, max: 4}
  languages: [en]
  default_lang: en
  author: "printkit tests"
components:
  - id: scores
    kind: sheet
    title: {en: "Scores"}
    per_player: PER_PLAYER
    per_page: PER_PAGE
    rows:
      - - {type: grid, rows: 4, cols: 4, cell: 10mm}
rules:
  - heading: {en: "Rules"}
    body: {en: "Write the scores down."}
"""


def kit_text(per_page: int | str, per_player: str = "false") -> str:
    return SHEET.replace("PER_PAGE", str(per_page)).replace("PER_PLAYER", per_player)


PADS = [(kit, paper) for kit in ("kpn", "targ", "plateau") for paper in ("a4", "letter")]


@pytest.mark.parametrize(("kit", "paper"), PADS)
def test_the_shipped_score_sheets_print_two_games_to_a_page(kit, paper):
    loaded = pipeline.load(kit)
    ctx = pipeline.context(loaded, loaded.kit.kit.default_lang, paper)
    (page,) = layout_sheets(loaded.kit, ctx).pages
    first, second = sorted(page.pieces, key=lambda piece: piece.y)
    assert (first.copy, second.copy) == (1, 2)
    gap = games_gap_for(2, first.height, ctx)  # narrowed on Letter so the second clears the footer
    assert GAMES_GAP_LEAST <= gap <= GAMES_GAP
    assert first.y == pytest.approx(ctx.margin) and second.y == pytest.approx(first.y + first.height + gap)
    assert second.y + second.height <= ctx.bottom - SHEET_CLEAR + 1e-6


def test_each_game_prints_its_own_title_and_table(tmp_path):
    pdf, manifest = build_text(kit_text(3), tmp_path, "pad")
    (number,) = {piece["page"] for piece in manifest["pieces"] if piece["kind"] == "sheet"}
    assert sorted(piece["copy"] for piece in manifest["pieces"] if piece["kind"] == "sheet") == [1, 2, 3]
    page = pdfplumber.open(pdf).pages[number - 1]
    titles = [w for w in page.extract_words() if w["text"] == "Scores"]
    assert len(titles) == 3
    tops = sorted(mm(w["top"]) for w in titles)
    assert tops[1] - tops[0] == pytest.approx(tops[2] - tops[1], abs=0.01), "the games stand at one pitch"


def test_too_many_games_for_the_page_is_an_error_naming_per_page(tmp_path, run):
    kit = tmp_path / "pad.yaml"
    kit.write_text(kit_text(6), encoding="utf-8")
    result = run("validate", str(kit))
    assert result.code == 1
    assert "components[0].per_page: 6 games do not fit a page of A4" in result.err
    assert "Traceback" not in result.err


def test_games_per_page_are_for_a_shared_sheet(tmp_path, run):
    kit = tmp_path / "pad.yaml"
    kit.write_text(kit_text(2, per_player="true"), encoding="utf-8")
    result = run("validate", str(kit))
    assert result.code == 1 and "per_page prints several games on a page of a shared sheet" in result.err
    assert len(result.err.strip().splitlines()) == 1  # one line: file, line, component


def test_player_columns_without_names_keep_their_numbers(run, tmp_path):
    """`printkit sheets latarnie --players 2`, the command its kit file names, left its players'
    columns without headers (a round-5 review: "nobody knows which column is A and which is B")."""
    target = tmp_path / "scores.pdf"
    assert run("sheets", "latarnie", "--players", "2", "-o", str(target)).code == 0
    text = PdfReader(target).pages[0].extract_text()
    assert "Gracz 1" in text and "Gracz 2" in text
    named = tmp_path / "named.pdf"
    assert run("sheets", "latarnie", "--players", "2", "--names", "Ala", "-o", str(named)).code == 0
    text = PdfReader(named).pages[0].extract_text()
    assert "Ala" in text and "Gracz 2" in text and "Gracz 1" not in text


@pytest.mark.parametrize(("kit", "shaded"), [("kpn", 1), ("targ", 2)])
def test_a_total_row_shades_the_cells_it_does_not_add_up(kit, shaded):
    """Round 5 (kpn): "a meaningless total under the 'Starts' column". A total row's cells under
    the columns it does not add up (who starts, the good of the day) are shaded, in each game."""
    loaded = pipeline.load(kit)
    ctx = pipeline.context(loaded, loaded.kit.kit.default_lang, "a4")
    (page,) = layout_sheets(loaded.kit, ctx).pages
    cells = [item for item in page.items if getattr(item, "fill", None) == NO_ENTRY]
    assert len(cells) == shaded * 2 * 2  # two games a page, each shading its total row and its name row


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_table_header_band_has_a_line_between_its_columns(paper):
    """latarnie's header band was one box with no dividers: each header floated over its column. Now
    a line runs down the 8 mm band at each column border, in line with the rows' cells, as light as
    the cells' own borders (sheet.RULE_W, 0.15 mm)."""
    loaded = pipeline.load("latarnie")
    ctx = pipeline.context(loaded, "pl", paper, players=["", ""])
    (page,) = layout_sheets(loaded.kit, ctx).pages
    bands = [i for i in page.items if isinstance(i, Rect) and i.fill and abs(i.h - 8.0) < 1e-6 and i.w > 100]
    assert len(bands) == 3  # the two games' tables and the comparison
    for band in bands:
        dividers = sorted(
            i.x1
            for i in page.items
            if isinstance(i, Line) and i.x1 == i.x2 and abs(i.y1 - band.y) < 1e-6 and abs(i.y2 - band.y - 8.0) < 1e-6
        )
        # the row under the band: the first rows' cells, or the names' row with its shaded cells
        cells = [i for i in page.items if isinstance(i, Rect) and i.w < band.w and abs(i.y - band.y - 8.0) < 1e-6]
        borders = sorted({round(c.x, 6) for c in cells} - {round(band.x, 6)})
        assert dividers and [round(d, 6) for d in dividers] == borders
        assert all(i.stroke.width == RULE_W for i in page.items if isinstance(i, Line) and i.x1 in dividers)


@pytest.mark.parametrize(("paper", "games"), [("a4", 2), ("letter", 2), ("a5", 1), ("a3", 3)])
def test_plateaus_prisoner_sheet_fills_its_page(paper, games):
    """The prisoner table ended at mid-page, the lower 45 % empty: with ``per_page: fill`` the page
    holds as many games as fit, so the last ends within a game's height (and the gap) of the
    printable bottom, on A5 one game rather than an error."""
    loaded = pipeline.load("plateau")
    assert loaded.kit.component("prisoners").per_page == "fill"
    for lang in ("cs", "pl", "en"):
        ctx = pipeline.context(loaded, lang, paper)
        (page,) = layout_sheets(loaded.kit, ctx).pages
        assert sorted(piece.copy for piece in page.pieces) == list(range(1, games + 1)), (lang, paper)
        last = max(page.pieces, key=lambda piece: piece.y)
        spare = ctx.bottom - (last.y + last.height)
        assert -1e-6 <= spare < last.height + GAMES_GAP, (lang, spare)


def test_fill_on_a_sheet_printed_apart_says_so_in_the_recipe(tmp_path):
    """A shared sheet printed in a file of its own (``in_kit: false``): the recipe cannot count the
    games of every paper, so it says the page is filled."""
    apart = kit_text("fill").replace("    per_player:", "    in_kit: false\n    per_player:")
    pdf, _ = build_text(apart, tmp_path, "fill")
    assert "one copy shared by all players (as many games a page as fit)." in recipe_text(pdf).replace("\n", " ")


@pytest.mark.parametrize("lang", ["cs", "pl", "en"])
def test_a_column_of_numbers_is_right_aligned_and_centred_under_its_header(lang):
    """plateau's values (21, 15, 10, 8, 5, 4, 1) stood at the left edge of their column under a
    centred header: now their right edges line up and the widest stands centred under it."""
    loaded = pipeline.load("plateau")
    ctx = pipeline.context(loaded, lang, "a4")
    (page,) = layout_sheets(loaded.kit, ctx).pages
    header = ctx.tr(loaded.kit.component("prisoners").rows[0][0].columns[1].header)
    texts = [item for item in page.items if isinstance(item, Text)]
    heads = sorted((t for t in texts if t.text == header), key=lambda t: t.y)
    assert len(heads) == 2 and all(t.align == "center" for t in heads)
    for head, following in zip(heads, [*heads[1:], None], strict=True):
        values = [
            t
            for t in texts
            if t.text in {"21", "15", "10", "8", "5", "4", "1"}
            and head.y < t.y < (following.y if following else page.height)
            and abs(t.x - head.x) < 15
        ]
        assert sorted(t.text for t in values) == sorted(["21", "15", "10", "8", "5", "4", "1"])
        assert {t.align for t in values} == {"right"}
        assert max(t.x for t in values) - min(t.x for t in values) < 1e-6, "the right edges line up"
        widest = max(fonts.text_width(t.text, t.size_pt) for t in values)
        assert values[0].x - widest / 2 == pytest.approx(head.x, abs=0.05), "the widest centred under its header"


def test_a_column_of_words_stays_set_from_the_left():
    loaded = pipeline.load("plateau")
    ctx = pipeline.context(loaded, "en", "a4")
    (page,) = layout_sheets(loaded.kit, ctx).pages
    (ace,) = [item for item in page.items if isinstance(item, Text) and item.text == "ace (red / blue)"][:1]
    assert ace.align == "left"
