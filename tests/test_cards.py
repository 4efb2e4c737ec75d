"""Cards measured in the PDF: the targ kit (4 pages, the market board, 36 cards 18 a page), cut
lines and crop marks where the manifest puts the cards, trim and bleed boxes, the file's size."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from conftest import mm
from piece_pdf import TOLERANCE, build, horizontal_at, page_shapes, page_words, pieces, vertical_at
from printkit.cli import main
from printkit.layout.cardgrid import MARK_EDGE, MARK_GAP, MARK_LENGTH
from printkit.layout.context import FOOTER_CLEAR
from printkit.layout.primitives import CUT

GOODS = {"berries": "Jagody", "crystals": "Kryształy", "honey": "Miód"}
CARD = (50.0, 40.0)


@pytest.fixture(scope="module")
def targ(tmp_path_factory):
    return build("targ", tmp_path_factory.mktemp("targ"))


@pytest.fixture(scope="module")
def targ_letter(tmp_path_factory):
    return build("targ", tmp_path_factory.mktemp("targ_letter"), "--paper", "letter")


def cards_on(manifest: dict, page: int) -> list[dict]:
    return pieces(manifest, kind="card", page=page)


def card_pages(manifest: dict) -> list[int]:
    """The pages of faces (the optional backs after them left out)."""
    return [
        page["number"] for page in manifest["pages"] if page.get("component") == "cards" and not page.get("optional")
    ]


def test_four_pages_rules_board_then_cards_as_the_rulebook_says_then_the_optional_backs(targ):
    pdf, manifest = targ
    assert [(p["number"], p["role"], p.get("component"), p.get("optional", False)) for p in manifest["pages"]] == [
        (1, "rules", None, False),
        (2, "board", "market", False),
        (3, "cards", "cards", False),
        (4, "cards", "cards", False),
        (5, "cards", "cards", True),  # the backs of page 3's cards, printed behind it or not at all
        (6, "cards", "cards", True),
    ]
    assert len(PdfReader(pdf).pages) == 6
    assert not any(p.get("side") for p in manifest["pages"]), "the faces print one-sided"
    for faces, backs in ((3, 5), (4, 6)):  # each back mirrored behind its face for a long-edge flip
        front = {(c["component"], c["copy"]): c for c in pieces(manifest, kind="card", page=faces)}
        behind = pieces(manifest, kind="card", page=backs)
        assert len(behind) == len(front) == 18 and all(c["side"] == "back" for c in behind)
        for back in behind:
            face = front[back["component"], back["copy"]]
            assert back["y"] == pytest.approx(face["y"]) and back["x"] == pytest.approx(210.0 - face["x"] - 50.0)


@pytest.mark.parametrize("which, per_page", [("targ", [18, 18]), ("targ_letter", [18, 18])])
def test_eighteen_cards_on_each_of_pages_3_and_4_and_twelve_of_each_good(request, which, per_page):
    """18 a page on A4 and on Letter: the cards touch (no bleed), so Letter holds 18 above its 10 mm
    footer too."""
    pdf, manifest = request.getfixturevalue(which)
    pages = card_pages(manifest)
    assert [len(cards_on(manifest, page)) for page in pages] == per_page
    assert Counter(card["component"] for card in pieces(manifest, kind="card") if card["side"] == "face") == {
        "berries": 12,
        "crystals": 12,
        "honey": 12,
    }
    printed = Counter()
    for page, count in zip(pages, per_page, strict=True):
        words = Counter(w["text"] for w in page_words(pdf, page))
        assert sum(words[name] for name in GOODS.values()) == count
        printed.update({good: words[name] for good, name in GOODS.items()})
    assert printed == {"berries": 12, "crystals": 12, "honey": 12}


def test_each_card_shows_its_letter_name_and_number_where_the_manifest_puts_it(targ):
    pdf, manifest = targ
    letters = {"berries": "J", "crystals": "K", "honey": "M"}
    for page in (3, 4):
        words = page_words(pdf, page)
        for card in cards_on(manifest, page):
            inside = [w["text"] for w in words_in(words, card)]
            assert GOODS[card["component"]] in inside
            assert letters[card["component"]] in inside
            assert f"{card['index']}/12" in inside


def words_in(words: list[dict], piece: dict) -> list[dict]:
    """The words drawn wholly inside a manifest row's box, top to bottom."""
    x, y, w, h = piece["x"], piece["y"], piece["width"], piece["height"]
    return [
        word
        for word in words
        if x <= word["x"] and word["x"] + word["w"] <= x + w and y <= word["y"] and word["y"] + word["h"] <= y + h
    ]


@pytest.mark.parametrize("which", ["targ", "targ_letter"])
def test_the_bled_cards_share_their_cuts_with_crop_marks_outside(request, which):
    """targ's light tint runs 2 mm past every cut (bleed: 2mm, gutter: 0): 18 cards a page, no line
    on a trim inside the block, only a cross where four cards meet (test_corner_ticks), black crop marks
    MARK_GAP outside the block and its bleed in line with every cut, on A4 and Letter (each
    stopping MARK_EDGE from the paper's edge: Letter's top marks are shortened), and the tint
    under every card and its bleed."""
    pdf, manifest = request.getfixturevalue(which)
    bleed = 2.0
    for page in card_pages(manifest):
        cards = cards_on(manifest, page)
        assert len(cards) == 18
        shapes = page_shapes(pdf, page)
        lines = shapes["lines"]
        marks = [line for line in lines if 1.5 - TOLERANCE <= max(line.w, line.h) <= MARK_LENGTH + TOLERANCE]
        top, left = min(c["y"] for c in cards), min(c["x"] for c in cards)
        right = max(c["x"] + c["width"] for c in cards)
        for card in cards:
            x, y, w, h = card["x"], card["y"], card["width"], card["height"]
            assert not vertical_at(lines, x, y, y + h) and not horizontal_at(lines, y, x, x + w)
            for edge in (x, x + w):
                reach = max(top - bleed - MARK_GAP - MARK_LENGTH, MARK_EDGE)
                assert vertical_at(marks, edge, reach, top - bleed - MARK_GAP)
            for edge in (y, y + h):
                assert horizontal_at(marks, edge, left - bleed - MARK_GAP - MARK_LENGTH, left - bleed - MARK_GAP)
                assert horizontal_at(marks, edge, right + bleed + MARK_GAP, right + bleed + MARK_GAP + MARK_LENGTH)
            assert any(r.fill and r.at(x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed) for r in shapes["rects"])


def test_the_cards_page_trim_box_is_the_block_of_cards(targ):
    pdf, manifest = targ
    reader = PdfReader(pdf)
    for page in (3, 4):
        cards = cards_on(manifest, page)
        height = mm(float(reader.pages[page - 1].mediabox.height))
        trim = [mm(float(v)) for v in reader.pages[page - 1].trimbox]
        left, right = min(c["x"] for c in cards), max(c["x"] + c["width"] for c in cards)
        top, bottom = min(c["y"] for c in cards), max(c["y"] + c["height"] for c in cards)
        assert trim == pytest.approx([left, height - bottom, right, height - top], abs=TOLERANCE)


@pytest.mark.parametrize("which", ["targ", "targ_letter"])
def test_nothing_is_printed_within_5_mm_of_the_paper_edge(request, which):
    pdf, _ = request.getfixturevalue(which)
    for number, (x0, top, x1, bottom, width, height) in enumerate(ink_boxes(pdf), start=1):
        assert x0 >= 5.0 - TOLERANCE and top >= 5.0 - TOLERANCE, f"page {number}"
        assert x1 <= width - 5.0 + TOLERANCE and bottom <= height - 5.0 + TOLERANCE, f"page {number}"


def ink_boxes(pdf: Path):
    """Per page: the extent in mm of every character, line, rectangle and curve (strokes included)."""
    with pdfplumber.open(pdf) as document:
        for page in document.pages:
            objects = page.chars + page.lines + page.rects + page.curves
            half = [o.get("linewidth", 0) / 2 if o.get("stroke", True) else 0 for o in objects]
            yield (
                mm(min(o["x0"] - s for o, s in zip(objects, half, strict=True))),
                mm(min(o["top"] - s for o, s in zip(objects, half, strict=True))),
                mm(max(o["x1"] + s for o, s in zip(objects, half, strict=True))),
                mm(max(o["bottom"] + s for o, s in zip(objects, half, strict=True))),
                mm(page.width),
                mm(page.height),
            )


@pytest.mark.parametrize(("which", "paper_h", "gap"), [("targ", 210.0, 1.5), ("targ_letter", 215.9, 0.8)])
def test_the_market_has_16_places_at_least_card_sized_marked_for_2_3_and_4_players(request, which, paper_h, gap):
    """Letter is narrower: the places keep their size and the gap between them gives (1.5 -> 0.8 mm)."""
    pdf, manifest = request.getfixturevalue(which)
    places = pieces(manifest, kind="place")
    assert {p["page"] for p in places} == {2}
    assert Counter(p["players"] for p in places) == {2: 8, 3: 4, 4: 4}
    # 2 mm round a card beside it, 1 mm above and below: a hand-cut card leaves the place's rule seen
    assert all(p["width"] == pytest.approx(CARD[0] + 4) and p["height"] == pytest.approx(CARD[1] + 2) for p in places)
    height = max(p["y"] + p["height"] for p in places)
    assert height <= paper_h - FOOTER_CLEAR, "the places stay off the footer"
    xs = sorted({p["x"] for p in places})
    assert xs[1] - xs[0] - CARD[0] - 4 == pytest.approx(gap, abs=0.01)
    curves = page_shapes(pdf, 2)["curves"]
    for place in places:
        assert any(c.at(place["x"], place["y"], place["width"], place["height"]) for c in curves), place
    words = page_words(pdf, 2)
    for players, mark in ((2, "2+"), (3, "3+"), (4, "4")):
        for place in (p for p in places if p["players"] == players):
            assert any(
                w["text"] == mark
                and place["x"] < w["x"] < place["x"] + place["width"]
                and place["y"] < w["y"] < place["y"] + place["height"]
                for w in words
            )


@pytest.mark.parametrize(
    "lang, phrases",
    [
        (
            "pl",
            [
                "Towar dnia",
                "J jagody",
                "K kryształy",
                "M miód",
                "4 jednakowe 9",
                "2 pary 7",
                "para + 2 różne 5",
                "1 A B C D",
                "2 D C B A",
                "J J K K 7 + 2 = 9",  # the worked example, beside the picking order
            ],
        ),
        ("cs", ["Zboží dne", "B bobule", "4 stejné 9", "pár + 2 různé 5", "1 H1 H2 H3 H4", "4 H4 H3 H2 H1"]),
        ("en", ["Good of the day", "C crystals", "4 alike 9", "2 pairs 7", "3 alike + 1 6", "2 P4 P3 P2 P1"]),
    ],
)
def test_the_market_shows_the_goods_of_the_day_the_set_scores_and_the_picking_order(tmp_path_factory, lang, phrases):
    pdf, _ = build("targ", tmp_path_factory.mktemp(f"targ_{lang}"), "--lang", lang)
    with pdfplumber.open(pdf) as document:
        text = " ".join(document.pages[1].extract_text().split())
    for phrase in phrases:
        assert phrase in text


@pytest.mark.parametrize(
    "lang, phrases",
    [
        (
            "pl",
            [
                "Karty towarów 3–4 1 jednostronnie tak",
                "36 kart",
                "(strona 2)",
                "8 kart",
                "12 kart",
                "16 kart",
                "Wybieranie w 4 obiegach",
            ],
        ),
        ("cs", ["Karty zboží 3–4 1 jednostranně ano", "všech 36 karet", "Výběr ve 4 obrátkách", "přesně 4 karty"]),
        ("en", ["Goods cards 3–4 1 one-sided yes", "all 36 cards", "Picking in 4 passes", "exactly 4 cards"]),
    ],
)
def test_the_rules_fit_page_1_and_their_numbers_come_from_the_components(tmp_path_factory, lang, phrases):
    pdf, manifest = build("targ", tmp_path_factory.mktemp(f"targ_rules_{lang}"), "--lang", lang)
    assert [p["role"] for p in manifest["pages"]] == ["rules", "board", "cards", "cards", "cards", "cards"]
    text = " ".join(PdfReader(pdf).pages[0].extract_text().split())
    for phrase in phrases:
        assert phrase in text


def test_the_score_sheet_names_who_picks_first_each_round_moving_one_seat_clockwise(tmp_path, run):
    target = tmp_path / "scores.pdf"
    result = run("sheets", "targ", "--players", "3", "--names", "Ala,Olek,Żaneta", "-o", str(target))
    assert result.code == 0, result.err
    rows = text_rows(target)
    assert rows[1][:3] == ["Runda", "Towar", "dnia"] and rows[1][-3:] == ["Ala", "Olek", "Żaneta"]
    assert [row[:4] for row in rows[2:6]] == [
        ["1", "J", "jagody", "Ala"],
        ["2", "K", "kryształy", "Olek"],
        ["3", "M", "miód", "Żaneta"],
        ["4", "brak", "Ala"][:4],
    ]
    assert rows[6] == ["Suma"]


def text_rows(pdf: Path) -> list[list[str]]:
    rows: dict[int, list[tuple[float, str]]] = {}
    for word in page_words(pdf, 1):
        rows.setdefault(round(word["y"]), []).append((word["x"], word["text"]))
    return [[text for _, text in sorted(words)] for _, words in sorted(rows.items())]


def test_the_targ_pdf_stays_small(targ):
    pdf, _ = targ
    # 36 cards, the market, the rules with a figure of 8 cards and the kit strip (a miniature of the
    # market page), the market's dotted and striped places: about 87 kB (68 kB before figures and
    # textures), 102 kB since the rules' pages were filled and their figures redrawn (page 2's
    # stream is 22 kB); each card design is one form wherever it is shown. The two optional pages
    # of backs added 20 kB (123 kB). The market's set-up for 2, 3 and 4 players and the picking
    # order took the place of the figure of 8 cards (131 kB).
    assert pdf.stat().st_size < 135_000


# --- a generated deck: bytes per extra card, bleed with trim and bleed boxes ---------------------

KIT_HEAD = """kit:
  title: {{pl: Talia, cs: Balíček, en: Deck}}
  players: {{min: 1, max: 4}}
  languages: [pl, cs, en]
  default_lang: pl
  author: test
"""
DECK = (
    KIT_HEAD
    + """components:
  - id: deck
    kind: cards
    title: {{pl: Karty, cs: Karty, en: Cards}}
    print: {{cut: true}}
    width: 63mm
    height: 88mm
    gutter: {gutter}
    bleed: {bleed}
    types:
      - {{id: sun, count: {count}, letter: S, icon: star, color: "#c08000", name: {{pl: Słońce, cs: Slunce, en: Sun}}}}
      - {{id: moon, count: {count}, letter: M, icon: crystal, color: "#204080",
         name: {{pl: Księżyc, cs: Měsíc, en: Moon}}}}
    face:
      - {{type: fill, tint: 0.2}}
      - {{type: frame}}
      - {{type: letter, box: [3, 3, 10, 10]}}
      - {{type: symbol, box: [10, 20, 43, 43], color: piece}}
      - {{type: name, box: [5, 70, 53, 8]}}
      - {{type: index, box: [45, 3, 14, 5]}}
rules:
  - heading: {{pl: Zasady, cs: Pravidla, en: Rules}}
    body: {{pl: "{{deck.total}} kart.", cs: "{{deck.total}} karet.", en: "{{deck.total}} cards."}}
"""
)


def deck_build(folder: Path, count: int, gutter: float = 0.0, bleed: float = 0.0) -> tuple[Path, dict]:
    kit = folder / f"deck{count}_{gutter:g}_{bleed:g}.yaml"
    kit.write_text(DECK.format(count=count, gutter=gutter, bleed=bleed), encoding="utf-8")
    return build(str(kit), folder)


def test_a_deck_grows_little_per_extra_card(tmp_path):
    small, _ = deck_build(tmp_path, 18)
    large, manifest = deck_build(tmp_path, 90)
    assert len(pieces(manifest, kind="card")) == 180
    per_card = (large.stat().st_size - small.stat().st_size) / (180 - 36)
    assert per_card < 200  # about 130 bytes: a form reference and the card's index, pages included
    with pdfplumber.open(large) as document:
        assert Counter(w["text"] for w in document.pages[5].extract_words())["Słońce"] == 9


def test_a_bleed_runs_the_fill_past_the_cut_and_sets_trim_and_bleed_boxes(tmp_path):
    pdf, manifest = deck_build(tmp_path, 4, gutter=6.0, bleed=3.0)
    cards = pieces(manifest, kind="card", page=2)
    assert len(cards) == 4
    reader = PdfReader(pdf)
    height = mm(float(reader.pages[1].mediabox.height))
    left, right = min(c["x"] for c in cards), max(c["x"] + c["width"] for c in cards)
    top, bottom = min(c["y"] for c in cards), max(c["y"] + c["height"] for c in cards)
    trim = [mm(float(v)) for v in reader.pages[1].trimbox]
    bleed = [mm(float(v)) for v in reader.pages[1].bleedbox]
    assert trim == pytest.approx([left, height - bottom, right, height - top], abs=TOLERANCE)
    assert bleed == pytest.approx([left - 3, height - bottom - 3, right + 3, height - top + 3], abs=TOLERANCE)
    shapes = page_shapes(pdf, 2)
    marks = [line for line in shapes["lines"] if abs(max(line.w, line.h) - MARK_LENGTH) <= TOLERANCE]
    for card in cards:
        x, y, w, h = card["x"], card["y"], card["width"], card["height"]
        assert any(r.fill and r.at(x - 3, y - 3, w + 6, h + 6) for r in shapes["rects"])
        for edge in (x, x + w):
            assert vertical_at(marks, edge, top - 3 - MARK_GAP - MARK_LENGTH, top - 3 - MARK_GAP)
        for edge in (y, y + h):
            assert horizontal_at(marks, edge, right + 3 + MARK_GAP, right + 3 + MARK_GAP + MARK_LENGTH)
    over = [  # any line on the block or its bleed: a cut line on a trim, which a cut a little off shows
        line
        for line in shapes["lines"]
        if line.stroke
        and line.y + line.h > top - 3
        and line.y < bottom + 3
        and line.x + line.w > left - 3
        and line.x < right + 3
        and line not in marks
    ]
    # the 20 % tint looks like the paper: a grey line on each trim shows the cut, nothing else
    assert over and all("#" + "".join(f"{round(c * 255):02x}" for c in line.stroke[:3]) == CUT.color for line in over)
    for line in over:
        assert any(
            vertical_at([line], x, y, y + h)
            or vertical_at([line], x + w, y, y + h)
            or horizontal_at([line], y, x, x + w)
            or horizontal_at([line], y + h, x, x + w)
            for x, y, w, h in ((c["x"], c["y"], c["width"], c["height"]) for c in cards)
        ), "a line off the trims"


def test_a_bleed_without_room_for_it_is_refused_with_the_kit_line(tmp_path, run):
    kit = tmp_path / "tight.yaml"
    kit.write_text(DECK.format(count=2, gutter=2, bleed=3), encoding="utf-8")
    result = run("build", str(kit), "-o", str(tmp_path / "x.pdf"))
    assert result.code == 1
    assert (
        "tight.yaml:8: components[0]: a bleed of 3 mm needs a gutter of at least 6 mm, or it would print over the "
        "neighbouring piece" in result.err
    )
    assert not (tmp_path / "x.pdf").exists()


def test_a_promise_of_more_cards_a_page_than_fit_is_refused(tmp_path, run):
    kit = tmp_path / "many.yaml"
    kit.write_text(
        DECK.format(count=2, gutter=0, bleed=0).replace("    gutter: 0\n", "    gutter: 0\n    per_page: 12\n"),
        encoding="utf-8",
    )
    result = run("build", str(kit), "-o", str(tmp_path / "x.pdf"))
    assert result.code == 1
    assert (
        "many.yaml:15: components[0].per_page: 12 pieces of 63 × 88 mm do not fit on one A4 page; at most 9 do"
        in result.err
    )


def test_the_same_kit_gives_the_same_bytes(tmp_path):
    first, second = tmp_path / "a" / "targ.pdf", tmp_path / "b" / "targ.pdf"  # the recipe names files after it
    for target in (first, second):
        target.parent.mkdir()
        main(["build", "targ", "--lang", "cs", "-o", str(target)])
    assert first.read_bytes() == second.read_bytes()
