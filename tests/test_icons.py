"""Icons inside text (:coin:): measured in the PDF in rules, on cards and on sheets; the token shapes
as a card's icon without a picture file; one unbreakable word to the line breaker and the measure."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import mm
from piece_pdf import build_text, page_shapes, page_words
from printkit import fonts
from printkit.base.units import MM_PER_POINT
from printkit.layout import paragraph
from printkit.layout.symbols import symbol_names
from printkit.words import icons
from printkit.words.locale import Localizer

GOLD = (0.831, 0.627, 0.09)  # #d4a017
RED = (0.753, 0.224, 0.169)  # #c0392b

KIT = """kit:
  title: {pl: "Kupcy", cs: "Kupci"}
  players: {min: 1, max: 4}
  languages: [pl, cs]
  default_lang: pl
  author: "printkit tests"
icons:
  - {id: coin, shape: circle, color: "#d4a017"}
  - {id: heart, shape: diamond, color: "#c0392b"}
  - {id: food, symbol: berries}
components:
  - id: sheet
    kind: sheet
    title: {pl: "Arkusz", cs: "List"}
    rows:
      - - {type: note, text: {pl: "Skarbiec :heart: gracza", cs: "Pokladnice :heart: hráče"}}
  - id: cards
    kind: cards
    title: {pl: "Karty", cs: "Karty"}
    width: 63mm
    height: 88mm
    types:
      - {id: kupiec, count: 9, name: {pl: "Kupiec", cs: "Kupec"}, icon: hexagon,
         text: {pl: "Zapłać 2 :coin: żółtych", cs: "Zaplať 2 :coin: žluté"}}
    face:
      - {type: name, box: [5, 6, 53, 10]}
      - {type: symbol, box: [20, 20, 23, 23], color: "#2a7ab0"}
      - {type: text, box: [5, 48, 53, 35], size_pt: 10}
rules:
  - heading: {pl: "Zasady", cs: "Pravidla"}
    body: {pl: "Każdy bierze 3 :coin: zł i :food: owoc.", cs: "Každý vezme 3 :coin: zl a :food: ovoce."}
    figure:
      pieces: [cards.kupiec]
      caption: {pl: "Kupiec, warty 5 :heart: serc", cs: "Kupec za 5 :heart: srdcí"}
invariants:
  - {id: deck, check: "cards.total == 9", rule: {pl: "9 kart", cs: "9 karet"}}
"""


@pytest.fixture(scope="module")
def kupcy(tmp_path_factory):
    folder = tmp_path_factory.mktemp("icons")
    return {lang: build_text(KIT, folder, f"kupcy_{lang}", "--lang", lang)[0] for lang in ("pl", "cs")}


def filled(shapes: dict, color: tuple[float, float, float]) -> list:
    return [
        s
        for kind in ("rects", "curves")
        for s in shapes[kind]
        if s.fill and len(s.fill) == 3 and all(abs(a - b) < 0.01 for a, b in zip(s.fill, color, strict=True))
    ]


def word(words: list[dict], text: str) -> dict:
    return next(w for w in words if w["text"] == text)


@pytest.mark.parametrize("lang, before, after", [("pl", "3", "zł"), ("cs", "3", "zl")])
def test_an_icon_in_the_rules_sits_on_the_baseline_between_its_words(kupcy, lang, before, after):
    words = page_words(kupcy[lang], 1)
    coins = filled(page_shapes(kupcy[lang], 1), GOLD)
    right = word(words, after)
    left = next(w for w in words if w["text"] == before and w["top"] == right["top"])
    coin = next(c for c in coins if abs(c.y - left["y"]) < 5)
    size_pt = float(left["height"])  # pdfplumber's word box is one font size high
    size_mm = size_pt * MM_PER_POINT
    assert coin.w == pytest.approx(icons.SIDE_EM * size_mm, abs=0.05)
    assert left["x"] + left["w"] < coin.x < coin.x + coin.w < right["x"]
    baseline = mm(float(left["bottom"])) - fonts.vertical_extent(size_pt)[1]  # pdfplumber's box ends at the descent
    assert coin.y + coin.h == pytest.approx(baseline + icons.DROP_EM * size_mm, abs=0.15)


def test_an_icon_on_every_card_text_and_a_shape_as_the_card_s_symbol(kupcy):
    shapes = page_shapes(kupcy["pl"], 3)
    coins = filled(shapes, GOLD)
    assert len(coins) == 9  # one in each card's text
    blue = filled(shapes, (0.165, 0.478, 0.69))
    hexagons = [s for s in blue if s.w == pytest.approx(23 * 0.866, abs=0.1) and s.h == pytest.approx(23, abs=0.1)]
    assert len(hexagons) == 9  # the token shape 'hexagon' as the type's icon, no SVG file needed


def test_an_icon_in_a_sheet_s_note(kupcy):
    hearts = filled(page_shapes(kupcy["cs"], 2), RED)
    words = page_words(kupcy["cs"], 2)
    left, right = word(words, "Pokladnice"), word(words, "hráče")
    assert len(hearts) == 1
    assert left["x"] + left["w"] < hearts[0].x < hearts[0].x + hearts[0].w < right["x"]


@pytest.mark.parametrize("lang, after", [("pl", "serc"), ("cs", "srdcí")])
def test_an_icon_in_a_figure_s_caption(kupcy, lang, after):
    """The fourth place a text prints: a rules figure's caption, set at the rules' size."""
    words = page_words(kupcy[lang], 1)
    right = word(words, after)
    left = next(w for w in words if w["text"] == "5" and w["top"] == right["top"])
    hearts = [h for h in filled(page_shapes(kupcy[lang], 1), RED) if abs(h.y - left["y"]) < 5]
    assert len(hearts) == 1
    assert left["x"] + left["w"] < hearts[0].x < hearts[0].x + hearts[0].w < right["x"]
    assert hearts[0].w == pytest.approx(icons.SIDE_EM * float(left["height"]) * MM_PER_POINT, abs=0.05)


def test_the_pdf_text_holds_no_private_use_character_and_no_colon_name(kupcy):
    for pdf in kupcy.values():
        for number in (1, 2, 3):
            text = " ".join(w["text"] for w in page_words(pdf, number))
            assert ":coin:" not in text and ":heart:" not in text
            assert not icons.holds_icons(text)


def test_an_icon_is_one_letter_icon_em_wide_to_the_measure():
    chars = icons.table({"coin": icons.Icon(shape="circle")})
    coin = Localizer("pl", icons=chars)("2 :coin:")
    assert fonts.text_width(coin, 10) == pytest.approx(fonts.text_width("2 ", 10) + icons.ICON_EM * 10 * MM_PER_POINT)
    assert fonts.missing_characters(coin) == []


def test_the_line_breaker_never_parts_a_number_from_its_icon():
    chars = icons.table({})
    text = Localizer("pl", icons=chars)(" ".join(["Zapłać 12:star:"] * 30))
    star = chars["star"]
    for width in (20.0, 23.5, 31.0, 47.0):
        wrapped = paragraph.wrap(text, width, 10, 12)
        lines = ["".join(run.text for run in line.runs).strip() for line in wrapped.lines]
        assert len(lines) > 3
        for line in lines:
            assert all(part.endswith(star) for part in line.split() if part.startswith("12")), line
            assert not line.startswith(star)


def test_an_unknown_colon_word_is_left_as_typed():
    chars = icons.table({})
    assert Localizer("pl", icons=chars)("o 10:30 i :nic: tu") == "o 10:30 i :nic: tu"


BOARD_AND_SHEET = """kit:
  title: {en: "Shapes"}
  players: {min: 1, max: 2}
  languages: [en]
  default_lang: en
  author: "printkit tests"
icons:
  - {id: heart, shape: diamond, color: "#c0392b"}
components:
  - id: board
    kind: board
    title: {en: "Board"}
    rows: 3
    cols: 3
    cell: 30mm
    specials:
      - {at: B2, icon: heart, value: 2}
    note: {en: "A :heart: is worth 2."}
  - id: sheet
    kind: sheet
    title: {en: "Sheet"}
    rows:
      - - {type: legend, entries: [{key: "1", text: {en: "Take a :heart:"}, icon: heart}]}
      - - {type: checkboxes, count: 3, box: 8mm, icon: heart}
rules:
  - heading: {en: "Rules"}
    body: {en: "Collect :heart: hearts."}
"""


def test_a_declared_icon_is_an_icon_field_s_value_on_boards_legends_and_checkboxes(tmp_path):
    pdf = build_text(BOARD_AND_SHEET, tmp_path, "shapes")[0]
    on_board = filled(page_shapes(pdf, 2), RED)
    assert [round(s.h, 1) for s in on_board] == [round(30 * 0.58, 1), round(9.0 * MM_PER_POINT * icons.SIDE_EM, 1)]
    hearts = filled(page_shapes(pdf, 3), RED)  # a declared icon keeps its own colour everywhere
    in_boxes = [s for s in hearts if s.h == pytest.approx(8 * 0.7, abs=0.01)]
    assert len(hearts) == 5 and len(in_boxes) == 3  # the legend's text and its icon, and 3 checkboxes


def test_a_message_about_a_text_shows_its_icons_as_typed(tmp_path, monkeypatch, run):
    monkeypatch.chdir(tmp_path)
    small = KIT.replace(
        "{type: text, box: [5, 48, 53, 35], size_pt: 10}", "{type: text, box: [5, 48, 53, 3], size_pt: 10}"
    )
    (tmp_path / "kupcy.yaml").write_text(small, encoding="utf-8")
    result = run("validate", "kupcy.yaml")
    assert result.err.splitlines()[0] == (
        "kupcy.yaml:24: components[1].types[0].text.pl: a text needs 4.3 mm but its box is 3.0 mm high: 'Zapłać 2 "
        ":coin: żółtych' (the box of face[2]) (in pl)"
    )


def test_the_symbols_words_names_are_those_layout_draws():
    """words/icons.py names the built-in symbols without importing layout; layout/symbols.py draws them."""
    assert sorted(icons.SYMBOLS) == symbol_names()
    assert {name for name, icon in icons.builtin().items() if icon.symbol} == set(icons.SYMBOLS)


def test_the_words_of_icons_load_no_layout_module():
    code = "import sys, printkit.words.icons; print(sorted(m for m in sys.modules if m.startswith('printkit.')))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = done.stdout.strip()
    assert "printkit.words.icons" in loaded
    assert not [name for name in ("printkit.layout", "printkit.pictures", "printkit.fonts") if name in loaded]
