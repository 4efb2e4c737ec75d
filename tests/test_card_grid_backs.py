"""A deck with a back on the card grid (imposition: grid): 9 poker cards a page with crop marks, each
page of faces followed by its backs at the mirror image for the printer's flip; a line of each
card's own (an index element's text) and a filled frame, measured in the PDF.
"""

from __future__ import annotations

import pytest

from conftest import REPO
from piece_pdf import TOLERANCE, build_text, page_shapes, page_words, pieces, rgb
from printkit.layout.cardgrid import MARK_LEAST, MARK_LENGTH

A4_W, A4_H = 210.0, 297.0
BACK_FILL = "#dbe7f3"

KIT = """kit:
  title: {pl: Talia, cs: Balíček, en: Deck}
  players: {min: 1, max: 4}
  languages: [pl, cs, en]
  default_lang: pl
  author: test
components:
  - id: deck
    kind: cards
    title: {pl: Karty, cs: Karty, en: Cards}
    print: {cut: true}
    width: 63mm
    height: 88mm
    imposition: grid
    types:
      - id: card
        count: 12
        name: {pl: Łódź, cs: Člun, en: Boat}
    face:
      - {type: frame, color: ink}
      - {type: name, box: [6, 8, 51, 10], size_pt: 16}
      - type: index
        box: [6, 40, 51, 6]
        size_pt: 9
        text: {pl: "Karta nr {index} z {count}", cs: "Karta č. {index} z {count}", en: "Card {index} of {count}"}
    back:
      - {type: frame, color: "#1f4e79", fill: "BACK_FILL", inset: 5mm, width: 0.8mm, radius: 4mm}
rules:
  - heading: {pl: Zasady, cs: Pravidla, en: Rules}
    body:
      pl: "{deck.total} kart, {deck.per_page} na stronie."
      cs: "{deck.total} karet, {deck.per_page} na stránce."
      en: "{deck.total} cards, {deck.per_page} a page."
invariants:
  - {id: cards, check: "deck.total == 12 and deck.per_page == 9 and deck.pages == 2", rule: "12 cards, 9 a page"}
""".replace("BACK_FILL", BACK_FILL)  # the YAML's braces would all need doubling for str.format


@pytest.fixture(scope="module")
def decks(tmp_path_factory):
    folder = tmp_path_factory.mktemp("grid_backs")
    return {flip: build_text(KIT, folder, f"grid_{flip}", "--flip", flip) for flip in ("long", "short")}


def test_nine_cards_a_page_each_page_of_faces_followed_by_its_backs(decks):
    _, manifest = decks["long"]
    faces = pieces(manifest, kind="card", side="face")
    backs = pieces(manifest, kind="card", side="back")
    face_pages = sorted({p["page"] for p in faces})
    assert [len(pieces(manifest, kind="card", side="face", page=page)) for page in face_pages] == [9, 3]
    assert sorted({p["page"] for p in backs}) == [page + 1 for page in face_pages]
    assert all(page % 2 == 1 for page in face_pages)


@pytest.mark.parametrize("flip", ["long", "short"])
def test_every_back_is_drawn_at_the_mirror_image_of_its_face(decks, flip):
    pdf, manifest = decks[flip]
    for face in pieces(manifest, kind="card", side="face"):
        x, y, w, h = face["x"], face["y"], face["width"], face["height"]
        mirrored = (A4_W - x - w, y) if flip == "long" else (x, A4_H - y - h)
        (back,) = pieces(manifest, kind="card", side="back", copy=face["copy"])
        assert back["page"] == face["page"] + 1
        assert (back["x"], back["y"]) == pytest.approx(mirrored, abs=TOLERANCE)
    for page in sorted({p["page"] for p in pieces(manifest, side="back")}):
        fills = [c for c in page_shapes(pdf, page)["curves"] if c.fill == rgb(BACK_FILL)]
        for back in pieces(manifest, side="back", page=page):
            assert any(c.at(back["x"] + 5, back["y"] + 5, back["width"] - 10, back["height"] - 10, 0.5) for c in fills)


def test_the_faces_have_crop_marks_and_the_backs_none(decks):
    pdf, manifest = decks["long"]
    cards = pieces(manifest, kind="card", side="face", page=3)
    top = min(c["y"] for c in cards)
    face_marks = [
        line
        for line in page_shapes(pdf, 3)["lines"]
        if MARK_LEAST - TOLERANCE <= max(line.w, line.h) <= MARK_LENGTH + TOLERANCE and line.y + line.h < top
    ]  # shortened to stop 7 mm from the paper's edge (cardgrid.off_edges), never under MARK_LEAST
    assert sorted(round(line.x, 2) for line in face_marks) == sorted(
        {round(c["x"], 2) for c in cards} | {round(c["x"] + c["width"], 2) for c in cards}
    )
    assert not [line for line in page_shapes(pdf, 4)["lines"] if abs(max(line.w, line.h) - MARK_LENGTH) <= TOLERANCE]


def test_each_card_prints_its_own_line(decks):
    pdf, manifest = decks["long"]
    words = page_words(pdf, 3)
    lines = {" ".join(w["text"] for w in words if abs(w["y"] - y) < 0.5) for y in {round(w["y"], 1) for w in words}}
    for number in range(1, 10):
        assert any(f"Karta nr {number} z 12" in line for line in lines)
    assert "Łódź" in {w["text"] for w in words}


def test_the_czech_build_fills_the_czech_line(tmp_path):
    pdf, _ = build_text(KIT, tmp_path, "grid_cs", "--lang", "cs")
    text = " ".join(w["text"] for w in page_words(pdf, 5))
    assert "Karta č. 10 z 12" in text and "Člun" in text


def test_fold_over_is_refused_with_the_kit_line(tmp_path, run):
    kit = tmp_path / "grid.yaml"
    kit.write_text(KIT, encoding="utf-8")
    result = run("build", str(kit), "--two-sided", "fold", "-o", str(tmp_path / "x.pdf"))
    assert result.code == 1
    line = KIT.splitlines().index("    imposition: grid") + 1
    assert (
        f"grid.yaml:{line}: components[0].imposition: a deck on the card grid prints its backs on the following "
        "page; build it with --two-sided duplex, or give it imposition: pieces to fold the backs over" in result.err
    )
    assert not (tmp_path / "x.pdf").exists()


def refusal(tmp_path, run, kit_text: str) -> str:
    """What ``printkit validate`` says about a kit it refuses."""
    kit = tmp_path / "kit.yaml"
    kit.write_text(kit_text, encoding="utf-8")
    result = run("validate", str(kit))
    assert result.code == 1
    return result.err


def test_a_gutter_on_a_deck_of_touching_pieces_says_how_to_use_the_grid(tmp_path, run):
    err = refusal(tmp_path, run, KIT.replace("    imposition: grid\n", "    gutter: 4mm\n"))
    assert (
        "components[0]: this deck prints as pieces under a heading (a deck with a back, unless it says "
        "imposition: grid); gutter, per_page and orientation are for the card grid (imposition: grid)" in err
    )


def test_the_piece_placeholders_are_known_only_where_a_piece_fills_them(tmp_path, run):
    err = refusal(
        tmp_path,
        run,
        KIT.replace(
            "name: {pl: Łódź, cs: Člun, en: Boat}", 'name: {pl: "Łódź {index}", cs: "Člun {index}", en: "Boat {index}"}'
        ),
    )
    assert "components[0].types[0].name.pl: unknown placeholder {index} (in pl, cs, en)" in err
    assert "face" not in err  # the index element's {index} and {count} are known


def test_the_benchmark_deck_validates_and_its_10000_card_twin_differs_only_in_the_count(run):
    kits = REPO / "benchmarks" / "kits"
    result = run("validate", "--strict", str(kits / "deck1000.yaml"))
    assert result.code == 0, result.err
    small = (kits / "deck1000.yaml").read_text(encoding="utf-8")
    large = (kits / "deck10000.yaml").read_text(encoding="utf-8")
    assert large == benchmark_twin(small)


def benchmark_twin(text: str) -> str:
    """deck10000.yaml as deck1000.yaml with ten times the cards (its header says so)."""
    head, _, body = text.partition("\nkit:")
    return head.replace("1,000 poker-size", "10,000 poker-size") + "\nkit:" + body.replace("1000", "10000")


def test_backs_after_the_faces_follow_all_the_faces_one_sided(tmp_path):
    """back_pages: after: pages 2-3 hold the faces (9 and 3), pages 4-5 their backs, each at the
    mirror image of its face; no page is a duplex side, and the backs' pages are optional."""
    _, manifest = build_text(
        KIT.replace("    imposition: grid\n", "    imposition: grid\n    back_pages: after\n"), tmp_path, "after"
    )
    faces = pieces(manifest, kind="card", side="face")
    backs = pieces(manifest, kind="card", side="back")
    assert [len([p for p in faces if p["page"] == n]) for n in (2, 3)] == [9, 3]
    assert [len([p for p in backs if p["page"] == n]) for n in (4, 5)] == [9, 3]
    assert [p.get("optional", False) for p in manifest["pages"]] == [False, False, False, True, True]
    assert manifest["duplex"] is None and not any(p.get("side") for p in manifest["pages"])
    for back in backs:
        face = next(f for f in faces if f["copy"] == back["copy"] and f["page"] == back["page"] - 2)
        assert back["y"] == pytest.approx(face["y"]) and back["x"] == pytest.approx(A4_W - face["x"] - face["width"])


def test_backs_after_the_faces_need_a_back_on_the_grid(tmp_path, run):
    err = refusal(tmp_path, run, KIT.replace("    imposition: grid\n", "    back_pages: after\n"))
    assert "back_pages: after puts a deck's pages of backs after its faces on the card grid: it needs a back" in err
