"""`build --backs none`: two-sided cards and tiles printed faces only (to be sleeved), packed on the
card grid without the back pages, the bands and the blank backs that registering a back needs, and
a print recipe that says so in every language. Measured on the PDFs and their manifests."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from conftest import mm
from piece_pdf import build, build_text, recipe_text
from printkit.words.messages import message


@pytest.fixture(scope="module")
def kpn(tmp_path_factory):
    """kpn (two-sided player aids and tiles) built both ways, in English."""
    folder = tmp_path_factory.mktemp("backs")
    return build("kpn", folder, "--lang", "en"), build("kpn", folder, "--lang", "en", "--backs", "none")


def pieces_of(manifest: dict, kind: str, side: str | None = None) -> list[dict]:
    return [p for p in manifest["pieces"] if p["kind"] == kind and (side is None or p["side"] == side)]


def test_faces_only_prints_every_face_and_no_back(kpn):
    (_, both), (_, faces) = kpn
    assert len(pieces_of(faces, "tile", "face")) == len(pieces_of(both, "tile", "face")) == 60
    assert pieces_of(faces, "tile", "back") == [] and len(pieces_of(both, "tile", "back")) == 60

    def placed(manifest: dict) -> list[dict]:
        return [{k: v for k, v in p.items() if k != "page"} for p in pieces_of(manifest, "card")]

    assert placed(faces) == placed(both) != []  # the one-sided player aids stay where they were
    assert faces["duplex"] is None and all(page.get("side") in (None, "face") for page in faces["pages"])


def test_faces_only_packs_the_tiles_on_the_card_grid_in_fewer_pages(kpn):
    (both_pdf, both), (faces_pdf, faces) = kpn

    def per_page(manifest: dict) -> list[int]:
        tiles = pieces_of(manifest, "tile", "face")
        return [sum(1 for p in tiles if p["page"] == n) for n in sorted({p["page"] for p in tiles})]

    # 5 × 6 sharing their cuts inside the bands a back turned over either edge needs, two colours a sheet
    assert per_page(both) == [30, 30]
    assert per_page(faces) == [40, 20]  # 5 × 8 on the card grid, sharing their cuts
    assert len(PdfReader(faces_pdf).pages) == 4 < len(PdfReader(both_pdf).pages) == 8  # no backs, no blank backs
    sizes = {page["number"]: (page["width"], page["height"]) for page in faces["pages"]}
    for tile in pieces_of(faces, "tile"):  # 34 mm tiles, every one inside the safe edge of A4 (landscape here)
        width, height = sizes[tile["page"]]
        assert (tile["width"], tile["height"]) == (34.0, 34.0)
        assert 5.0 <= tile["x"] and tile["x"] + 34.0 <= width - 5.0
        assert 5.0 <= tile["y"] and tile["y"] + 34.0 <= height - 14.2


@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_the_recipe_says_faces_only_in_each_language(tmp_path, lang):
    pdf, _ = build("kpn", tmp_path, "--lang", lang, "--backs", "none")
    text = recipe_text(pdf)
    assert message(lang, "recipe_faces_only") in text
    note = message(lang, "recipe_faces_note", Pages=message(lang, "dialog_pages", pages="3–4").capitalize())
    assert note.split(";")[0] in text.replace("\u00a0", " ")  # 'Pages 3–4: faces only, no backs' (then wrapped)
    assert message(lang, "dialog_one_sided") in text and message(lang, "recipe_two_sided") not in text


def test_without_backs_a_deck_with_its_backs_after_its_faces_loses_those_pages_only(tmp_path):
    """targ's cards have their backs on pages 5-6 (back_pages: after): --backs none leaves out those
    two pages and the recipe's note on them; the faces' pages stay as they were."""
    plain, _ = build("targ", tmp_path, "--lang", "en")
    faces, manifest = build("targ", tmp_path, "--lang", "en", "--backs", "none")
    with_backs, without = PdfReader(plain).pages, PdfReader(faces).pages
    assert len(with_backs) == 6 and len(without) == len(manifest["pages"]) == 4
    assert [page.extract_text().replace(" of 6", " of 4") for page in with_backs[1:4]] == [
        page.extract_text() for page in without[1:]
    ]
    assert "Optional backs" in with_backs[0].extract_text() and "Optional backs" not in without[0].extract_text()


DECK = """\
kit:
  title: {en: "Sleeved deck"}
  players: {min: 1, max: 2}
  languages: [en]
  default_lang: en
  author: "printkit tests"
components:
  - id: deck
    kind: cards
    title: {en: "Cards"}
    width: 63mm
    height: 88mm
    imposition: grid
    types:
      - {id: card, count: 18, name: {en: "Card"}}
    face:
      - {type: name, box: [5, 5, 53, 10]}
    back:
      - {type: fill, color: "#2a5d8a"}
rules:
  - heading: {en: "Rules"}
    body: {en: "Print {deck.pages} pages of {deck.per_page} cards."}
invariants:
  - {id: cards, check: "deck.card == 18", rule: {en: "18 cards"}}
page_plan:
  - {page: 1, role: rules}
  - {page: 3, role: cards, component: deck, two_sided: duplex}
  - {page: 2, role: cards, component: deck, two_sided: none}
"""


def test_a_deck_on_the_grid_with_a_back_loses_its_back_pages_and_the_page_plan_says_so(tmp_path):
    pdf, manifest = build_text(DECK, tmp_path, "grid", "--backs", "none")
    pages = PdfReader(pdf).pages
    assert [p["role"] for p in manifest["pages"]] == ["rules", "cards", "cards"]
    assert [sum(1 for c in pieces_of(manifest, "card") if c["page"] == n) for n in (2, 3)] == [9, 9]
    for page in pages:
        assert sorted((mm(float(page.mediabox.width)), mm(float(page.mediabox.height)))) == pytest.approx(
            [210.0, 297.0], abs=0.01
        )
    assert "Print 2 pages of 9 cards." in " ".join(pages[0].extract_text().split())
    # the back's fill bleeds 2 mm: 8 cards a page, A4 turned, the crop marks shortened to save 2 sheets
    duplex, _ = build_text(DECK, tmp_path, "both")
    assert len(PdfReader(duplex).pages) == 8  # rules, its blank back, then faces and backs 3 times
    assert "Print 3 pages of 8 cards." in " ".join(PdfReader(duplex).pages[0].extract_text().split())


def test_a_page_plan_entry_for_faces_only_is_checked_in_a_faces_only_build(run, tmp_path):
    kit = tmp_path / "moved.yaml"
    kit.write_text(
        DECK.replace(
            "{page: 2, role: cards, component: deck, two_sided: none}",
            "{page: 4, role: cards, component: deck, two_sided: none}",
        ),
        encoding="utf-8",
    )
    refused = run("build", str(kit), "--backs", "none", "-o", str(tmp_path / "x.pdf"))
    assert refused.code == 1 and not (tmp_path / "x.pdf").exists()
    assert refused.err.startswith(
        f"{kit}:28: page_plan[2]: the rules state the deck is on page 4, but the layout gives only 3 pages"
    )
    assert run("build", str(kit), "-o", str(tmp_path / "y.pdf")).code == 0  # a duplex build skips that entry
    validated = run("validate", str(kit), "--backs", "none")  # validate proves the faces-only layout too
    assert validated.code == 1 and validated.err.startswith(refused.err.split(" (in en)")[0])
    assert run("validate", str(kit)).code == 0


def test_validate_says_it_proved_the_faces_only_layout(run):
    result = run("validate", "kpn", "--backs", "none", "--paper", "letter")
    assert result.code == 0 and " on Letter faces only, in pl, cs, en" in result.out
    assert " on A4, in " in run("validate", "latarnie", "--backs", "none").out  # nothing two-sided to leave out


def test_preview_shows_the_faces_only_pages(run, tmp_path):
    result = run("preview", "kpn", "--backs", "none", "--lang", "en", "--dpi", "20", "-o", str(tmp_path))
    assert result.code == 0 and result.out.startswith(f"{tmp_path}: 4 PNG files")
    assert sorted(path.name for path in tmp_path.glob("*.png")) == [f"kpn-en-{n}.png" for n in range(1, 5)]


NO_BACKS = "note: --backs none has no effect on plateau: it leaves out the backs of two-sided cards and tiles"


def test_an_option_without_effect_on_the_kit_says_so_on_one_line(run, tmp_path):
    """plateau's stones have two faces, no back to leave out: `--backs none` wrote a PDF
    byte-identical to the plain build and said nothing. Now one line on stderr says why."""
    plain, faces = tmp_path / "plain.pdf", tmp_path / "faces.pdf"
    assert run("build", "plateau", "-o", str(plain)).code == 0
    result = run("build", "plateau", "--backs", "none", "-o", str(faces))
    assert result.code == 0 and faces.read_bytes() == plain.read_bytes()
    notes = [line for line in result.err.splitlines() if line.startswith("note:")]
    assert len(notes) == 1 and notes[0].startswith(NO_BACKS), result.err
    assert NO_BACKS not in result.out


@pytest.mark.parametrize(
    ("kit", "options", "note"),
    [
        ("kpn", ("--backs", "none"), None),  # its tiles' backs are left out
        ("plateau", ("--flip", "short"), None),  # its stones' backs turn over the short edge
        ("ogrod", ("--flip", "short", "--back-offset", "1,0"), "note: --flip, --back-offset has no effect on ogrod"),
        ("plateau", ("--two-sided", "fold", "--flip", "short"), "note: --flip has no effect with --two-sided fold"),
        # targ's optional card backs turn over the short edge, but are laid out alike in any mode (a review
        # found both options said to change nothing)
        ("targ", ("--flip", "short"), None),
        ("targ", ("--two-sided", "fold"), "note: --two-sided has no effect on targ: its cards are on a grid, which"),
    ],
)
def test_a_note_only_where_the_option_changes_nothing(run, tmp_path, kit, options, note):
    result = run("build", kit, *options, "-o", str(tmp_path / f"{kit}.pdf"))
    assert result.code == 0, result.err
    notes = [line for line in result.err.splitlines() if line.startswith("note:")]
    if note is None:
        assert notes == [], result.err
    else:
        assert len(notes) == 1 and notes[0].startswith(note), result.err
