"""A shared score sheet with ``per_page`` prints that many games on a page, one under another with
a cut line between them (kpn's and targ's score sheets were one table on an empty page: a round-3
review asked for "3-4 games per A4"), measured on the layout data and the PDF `build` writes."""

from __future__ import annotations

import pdfplumber
import pytest
from pypdf import PdfReader

from conftest import mm
from piece_pdf import build_text
from printkit import pipeline
from printkit.kinds.sheet.layout import GAMES_GAP
from printkit.layout.document import layout_sheets
from printkit.layout.sheet import NO_ENTRY

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


def kit_text(per_page: int, per_player: str = "false") -> str:
    return SHEET.replace("PER_PAGE", str(per_page)).replace("PER_PLAYER", per_player)


@pytest.mark.parametrize(("kit", "paper"), [("kpn", "a4"), ("kpn", "letter"), ("targ", "a4"), ("targ", "letter")])
def test_kpn_and_targ_print_two_games_to_a_page(kit, paper):
    loaded = pipeline.load(kit)
    ctx = pipeline.context(loaded, loaded.kit.kit.default_lang, paper)
    (page,) = layout_sheets(loaded.kit, ctx).pages
    first, second = sorted(page.pieces, key=lambda piece: piece.y)
    assert (first.copy, second.copy) == (1, 2)
    assert first.y == pytest.approx(ctx.margin) and second.y == pytest.approx(first.y + first.height + GAMES_GAP)
    assert second.y + second.height <= ctx.bottom + 1e-6


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
