"""The kit's version in 7 pt type on every cut piece (its back if it has one, else its face), so
printed generations do not mix; measured on the PDF's words against the manifest's boxes."""

from __future__ import annotations

import json

import pdfplumber

from conftest import REPO, mm
from piece_pdf import build, build_text, pieces
from printkit.cli import main

LABEL = "v1.0"  # the shipped kits set version: "1.0"


def marks(pdf, page: int) -> list[dict]:
    """The version labels on a page: their centre and size in mm from the top-left corner."""
    with pdfplumber.open(pdf) as document:
        found = []
        for word in document.pages[page - 1].extract_words(extra_attrs=["size"]):
            if word["text"] == LABEL:
                x, y = mm((word["x0"] + word["x1"]) / 2), mm((word["top"] + word["bottom"]) / 2)
                found.append({"x": x, "y": y, "pt": round(word["size"], 2)})
        return found


def inside(mark: dict, row: dict) -> bool:
    return row["x"] < mark["x"] < row["x"] + row["width"] and row["y"] < mark["y"] < row["y"] + row["height"]


def test_every_targ_card_carries_the_version_on_its_face(tmp_path):
    pdf, manifest = build("targ", tmp_path)
    for page in (3, 4):
        cards = pieces(manifest, kind="card", page=page)
        found = marks(pdf, page)
        assert len(found) == len(cards) == 18
        assert {mark["pt"] for mark in found} == {7.0}
        for card in cards:  # one label each, on the bottom edge's centre
            [mark] = [m for m in found if inside(m, card)]
            assert abs(mark["x"] - (card["x"] + card["width"] / 2)) < 0.05
            assert card["y"] + card["height"] - 4.0 < mark["y"] < card["y"] + card["height"] - 1.2


def test_two_sided_tiles_carry_it_on_their_backs_only(tmp_path):
    pdf, manifest = build("kpn", tmp_path)
    face_pages = {row["page"] for row in pieces(manifest, kind="tile", side="face")}
    back_pages = {row["page"] for row in pieces(manifest, kind="tile", side="back")}
    assert all(
        not any(inside(m, row) for m in marks(pdf, row["page"])) for row in pieces(manifest, side="face", kind="tile")
    )
    total = sum(len(marks(pdf, page)) for page in back_pages)
    assert total == len(pieces(manifest, kind="tile", side="back")) == 60
    assert face_pages.isdisjoint(back_pages)


KIT = """
kit:
  title: {en: "Versions"}
  players: {min: 1, max: 2}
  languages: [en]
  default_lang: en
  author: "printkit tests"
  VERSION
components:
  - id: deck
    kind: cards
    title: {en: "Cards"}
    width: 63mm
    height: 88mm
    types:
      - {id: card, count: 2, name: {en: "Card"}}
    face:
      - {type: name, box: [5, 5, 53, 10]}
rules:
  - heading: {en: "Rules"}
    body: {en: "Play."}
invariants:
  - {id: cards, check: "deck.card == 2", rule: {en: "2 cards"}}
"""


def test_a_kit_that_sets_no_version_prints_none(tmp_path):
    pdf, _ = build_text(KIT.replace("VERSION", ""), tmp_path, "plain")
    with pdfplumber.open(pdf) as document:
        assert not any(w["text"].startswith("v1") for p in document.pages for w in p.extract_words())


def reprint(folder, name: str, kit_text: str, old) -> tuple:
    """Build --changed-since ``old``: the PDF's path and the manifest (None when nothing was written)."""
    kit = folder / f"{name}.yaml"
    kit.write_text(kit_text, encoding="utf-8")
    pdf, manifest = folder / f"{name}.pdf", folder / f"{name}.json"
    main(["build", str(kit), "-o", str(pdf), "--manifest", str(manifest), "--changed-since", str(old)])
    return pdf, json.loads(manifest.read_text(encoding="utf-8")) if manifest.exists() else None


def test_a_new_version_alone_is_nothing_to_reprint_and_a_reprint_carries_it(tmp_path, capsys):
    build_text(KIT.replace("VERSION", 'version: "1.0"'), tmp_path, "first")
    old = tmp_path / "first.json"
    bumped = KIT.replace("VERSION", 'version: "1.1"')
    pdf, manifest = reprint(tmp_path, "same", bumped, old)
    assert "nothing to reprint" in capsys.readouterr().out and not pdf.exists() and manifest is None
    pdf, manifest = reprint(tmp_path, "edited", bumped.replace('{en: "Card"}', '{en: "Carte"}'), old)
    assert manifest is not None and len(pieces(manifest, kind="card", side="face")) == 2
    with pdfplumber.open(pdf) as document:
        assert [w["text"] for w in document.pages[0].extract_words()].count("v1.1") == 2


def test_a_card_too_short_for_its_mark_is_found_on_its_height(run, tmp_path):
    """The mark sits at the card's foot, so a card 4 mm shorter puts it on the name: the finding
    is on the height's line (the value that moved it) and names the text's line as the other fix."""
    source = (REPO / "kits" / "targ.yaml").read_text(encoding="utf-8")
    assert source.count("\n    height: 40mm\n") == 1
    path = tmp_path / "targ.yaml"
    path.write_text(source.replace("\n    height: 40mm\n", "\n    height: 36mm\n"), encoding="utf-8")
    height_line = source.splitlines().index("    height: 40mm") + 1
    name_line = source.splitlines().index('        name: {pl: "Jagody", cs: "Bobule", en: "Berries"}') + 1
    checked = run("validate", str(path))
    assert checked.code == 1
    findings = checked.err.splitlines()[:-1]
    assert findings and all(f.startswith(f"{path}:{height_line}: components[1].height: ") for f in findings)
    assert (
        f"the version mark '{LABEL}' on each 36 mm tall piece overlaps the text 'Jagody' on page 3 (cards)"
        in findings[0]
    )
    assert findings[0].endswith(
        f"so make the piece bigger or move the text (line {name_line}) away from the edge (in pl)"
    )
