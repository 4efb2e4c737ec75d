"""A deck that names its sleeve (`sleeve: {width, height}`): the tuck box holding it is sized to the
sleeved cards, a mat whose places promise to hold the deck (`fits: DECK`) is checked against the
sleeved size, and a sleeve smaller than the card is refused. Measured on the manifest and the PDF."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from conftest import mm
from piece_pdf import build_text
from printkit.kinds.tuckbox.layout import GLUE, TUCK

KIT = """\
kit:
  title: {en: "Sleeved"}
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
SLEEVE
    types:
      - {id: card, count: 20, name: {en: "Card"}}
    face:
      - {type: name, box: [5, 5, 53, 10]}
  - id: box
    kind: tuckbox
    holds: deck
    label: {en: "Sleeved"}
    thickness: 0.5mm
    allowance: 1mm
  - id: mat
    kind: mat
    title: {en: "Mat"}
    place_width: PLACE_W
    place_height: PLACE_H
    columns: 1
    fits: deck
    places:
      - {count: 2, players: 1}
rules:
  - heading: {en: "Rules"}
    body: {en: "Sleeves of {deck.sleeve_width} × {deck.sleeve_height} mm; the box is {box.width} × {box.height} mm."}
invariants:
  - {id: cards, check: "deck.card == 20", rule: {en: "20 cards"}}
  - {id: places, check: "mat.places == 2", rule: {en: "2 places"}}
"""
SLEEVED = "    sleeve: {width: 66mm, height: 91mm}"


def kit_text(sleeve: str = SLEEVED, place: tuple[str, str] = ("68mm", "93mm")) -> str:
    return (
        KIT.replace("SLEEVE\n", sleeve + "\n" if sleeve else "")
        .replace("PLACE_W", place[0])
        .replace("PLACE_H", place[1])
    )


def box_piece(manifest: dict) -> dict:
    return next(p for p in manifest["pieces"] if p["kind"] == "tuckbox")


@pytest.mark.parametrize(("sleeve", "inside"), [(SLEEVED, (67.0, 92.0)), ("", (64.0, 89.0))])
def test_the_tuck_box_is_sized_to_the_sleeved_cards(tmp_path, sleeve, inside):
    text = kit_text(sleeve)
    if not sleeve:  # an unsleeved deck has no {deck.sleeve_width} to quote
        text = text.replace("Sleeves of {deck.sleeve_width} × {deck.sleeve_height} mm; the", "The")
    pdf, manifest = build_text(text, tmp_path, "sleeved" if sleeve else "bare", "--boxes")
    box = box_piece(manifest)
    depth = 20 * 0.5 + 1.0
    assert box["inside"] == [*inside, depth]
    width, height = inside
    # the net: back, side, front, side, glue tab across; tuck, lid, body, lid, tuck down (tuckbox/layout.py)
    assert box["width"] == pytest.approx(2 * width + 2 * depth + GLUE)
    assert box["height"] == pytest.approx(2 * TUCK + 2 * depth + height)
    page = PdfReader(pdf).pages[0]
    assert sorted((mm(float(page.mediabox.width)), mm(float(page.mediabox.height)))) == pytest.approx(
        [210.0, 297.0], abs=0.01
    )


def test_the_rules_quote_the_sleeve_and_the_box_sized_to_it(tmp_path):
    pdf, _ = build_text(kit_text(), tmp_path, "quoted")
    text = " ".join(PdfReader(pdf).pages[0].extract_text().split())
    assert "Sleeves of 66 × 91 mm; the box is 67 × 92 mm." in text


def test_a_mat_that_fits_the_deck_is_checked_against_the_sleeved_size(run, tmp_path):
    kit = tmp_path / "mat.yaml"
    kit.write_text(kit_text(place=("64mm", "89mm")), encoding="utf-8")  # holds a bare card, not a sleeved one
    result = run("validate", str(kit))
    assert result.code == 1
    assert result.err.splitlines()[0] == (
        f"{kit}:27: components[2].place_width: a place of 64 × 89 mm does not hold a 63 × 88 mm card in its "
        "66 × 91 mm sleeve of deck 'deck' with 1 mm round it (a hand-cut piece covers a tighter place's border); "
        "make the places at least 68 × 93 mm"
    )
    kit.write_text(kit_text(place=("92mm", "67mm")), encoding="utf-8")  # flush: the place's border hidden
    assert run("validate", str(kit)).code == 1
    kit.write_text(kit_text(place=("93mm", "68mm")), encoding="utf-8")  # the sleeved card laid across, 1 mm round
    assert run("validate", str(kit)).code == 0


def test_a_sleeve_smaller_than_the_card_is_refused(run, tmp_path):
    kit = tmp_path / "small.yaml"
    kit.write_text(kit_text("    sleeve: {width: 60mm, height: 91mm}"), encoding="utf-8")
    result = run("validate", str(kit))
    assert result.code == 1 and (
        f"{kit}:8: components[0]: a 63 × 88 mm piece does not go into a 60 × 91 mm sleeve; give the sleeve's "
        "outer size, at least the piece's" in result.err
    )


def test_a_box_may_not_add_a_sleeve_to_a_deck_that_names_its_own(run, tmp_path):
    kit = tmp_path / "twice.yaml"
    kit.write_text(
        kit_text().replace("    allowance: 1mm\n", "    allowance: 1mm\n    sleeve: 3mm\n"), encoding="utf-8"
    )
    result = run("validate", str(kit))
    assert result.code == 1
    assert (
        f"{kit}:24: components[1].sleeve: deck 'deck' names its sleeve (66 × 91 mm), which sizes the box; leave "
        "out the box's sleeve:" in result.err
    )
