"""The kit's version in 7 pt type on every cut piece (its back if it has one, else its face), so
printed generations do not mix; measured on the PDF's words against the manifest's boxes."""

from __future__ import annotations

import json

import pdfplumber

from conftest import mm
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


SHIPPED = ("latarnie", "ogrod", "plateau", "targ", "kpn")


def test_the_shipped_kits_print_no_version_on_any_page(tmp_path):
    """They set version: "1.0" for their credits but not version_mark: the pieces carry only the game."""
    for kit in SHIPPED:
        pdf, manifest = build(kit, tmp_path)
        assert pieces(manifest), kit
        with pdfplumber.open(pdf) as document:
            words = [w["text"] for page in document.pages for w in page.extract_words()]
        assert LABEL not in words, kit


def test_asked_for_it_goes_on_every_back_inside_the_safe_zone_and_never_on_a_face(tmp_path):
    kit = KIT.replace("VERSION", 'version: "1.0"\n  version_mark: true').replace("BACK", BACK)
    pdf, manifest = build_text(kit, tmp_path, "backed")
    faces, backs = pieces(manifest, kind="card", side="face"), pieces(manifest, kind="card", side="back")
    assert len(faces) == len(backs) == 2
    for row in faces:
        assert not any(inside(m, row) for m in marks(pdf, row["page"]))
    for row in backs:
        [mark] = [m for m in marks(pdf, row["page"]) if inside(m, row)]
        assert mark["pt"] == 7.0
        assert abs(mark["x"] - (row["x"] + row["width"] / 2)) < 0.05
        with pdfplumber.open(pdf) as document:
            [word] = [
                w for w in document.pages[row["page"] - 1].extract_words() if w["text"] == LABEL and inside(mark, row)
            ][:1]
        # the type's foot at least the 3 mm safe zone above the cut line
        assert row["y"] + row["height"] - mm(word["bottom"]) >= 3.0


def test_a_piece_without_a_back_goes_without_even_when_asked(tmp_path):
    kit = KIT.replace("VERSION", 'version: "1.0"\n  version_mark: true').replace("BACK", "")
    pdf, manifest = build_text(kit, tmp_path, "faces")
    assert len(pieces(manifest, kind="card", side="face")) == 2
    with pdfplumber.open(pdf) as document:
        assert not any(w["text"] == LABEL for p in document.pages for w in p.extract_words())


BACK = """
    back:
      - {type: fill, color: "#dddddd"}
      - {type: text, box: [5, 40, 53, 10], text: {en: "Back"}}"""

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
      - {type: name, box: [5, 5, 53, 10]}BACK
rules:
  - heading: {en: "Rules"}
    body: {en: "Play."}
invariants:
  - {id: cards, check: "deck.card == 2", rule: {en: "2 cards"}}
"""


def test_a_kit_that_sets_no_version_prints_none(tmp_path):
    pdf, _ = build_text(KIT.replace("VERSION", "").replace("BACK", BACK), tmp_path, "plain")
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
    marked = KIT.replace("BACK", BACK).replace("VERSION", 'version: "1.0"\n  version_mark: true')
    first, _ = build_text(marked, tmp_path, "first")
    old = first.with_suffix(".json")  # the manifest beside the PDF
    bumped = marked.replace('version: "1.0"', 'version: "1.1"')
    pdf, manifest = reprint(tmp_path, "same", bumped, old)
    assert "nothing to reprint" in capsys.readouterr().out and not pdf.exists() and manifest is None
    pdf, manifest = reprint(tmp_path, "edited", bumped.replace('{en: "Card"}', '{en: "Carte"}'), old)
    assert manifest is not None and len(pieces(manifest, kind="card", side="back")) == 2
    with pdfplumber.open(pdf) as document:
        assert [w["text"] for p in document.pages for w in p.extract_words()].count("v1.1") == 2


def test_a_back_text_under_the_mark_is_found_on_the_height(run, tmp_path):
    """The mark sits at the back's foot, so a card 12 mm shorter puts it on the back's text: the
    finding is on the height's line (the value that moved it) and names the text's line."""
    kit = KIT.replace("BACK", BACK).replace("VERSION", 'version: "1.0"\n  version_mark: true')
    source = kit.replace("height: 88mm", "height: 52mm")
    path = tmp_path / "short.yaml"
    path.write_text(source, encoding="utf-8")
    height_line = source.splitlines().index("    height: 52mm") + 1
    text_line = next(n for n, line in enumerate(source.splitlines(), 1) if 'text: {en: "Back"}' in line)
    checked = run("validate", str(path))
    assert checked.code == 1
    findings = [line for line in checked.err.splitlines()[:-1] if "version mark" in line]
    assert findings and all(f.startswith(f"{path}:{height_line}: components[0].height: ") for f in findings)
    assert f"the version mark '{LABEL}' on each 52 mm tall piece overlaps the text 'Back'" in findings[0]
    fix = f"so make the piece bigger or move the text (line {text_line}) away from the edge (in en)"
    assert findings[0].endswith(fix)
