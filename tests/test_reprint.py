"""build --changed-since: only the pieces whose drawing changed, measured on the reprint's PDF and
manifest against an earlier build's manifest."""

from __future__ import annotations

import json

import pytest

from piece_pdf import page_text, pieces
from printkit.cli import main
from printkit.layout.imposition import back_box
from printkit.layout.primitives import Box
from printkit.output.reprint import MAX_MANIFEST_BYTES

NAMES = ("Apple", "Bread", "Cheese", "Dates", "Eggs", "Figs")
KIT = """
kit:
  title: {{en: "Reprint test"}}
  players: {{min: 1, max: 2}}
  languages: [en]
  default_lang: en
  author: "printkit tests"
components:
  - id: deck
    kind: cards
    title: {{en: "Cards"}}
    width: 63mm
    height: 88mm
    owners:
      - {{id: red, name: {{en: "Red"}}, color: "#b03030", pattern: dots}}
    types:
{types}
    face:
      - {{type: fill, tint: 0.2}}
      - {{type: name, box: [5, 5, 53, 10]}}
    back:
      - {{type: fill}}
      - {{type: owner, box: [5, 40, 53, 10]}}
rules:
  - heading: {{en: "Rules"}}
    body: {{en: "Play."}}
invariants:
  - {{id: cards, check: "deck.total == 6", rule: {{en: "6 cards"}}}}
"""


def kit_text(names: tuple[str, ...]) -> str:
    """Six one-off cards; a name "id=Name" keeps its own id, else the id is the card's place (t0 ...)."""
    pairs = [name.split("=") if "=" in name else (f"t{n}", name) for n, name in enumerate(names)]
    types = "\n".join(f'      - {{id: {ident}, count: 1, name: {{en: "{name}"}}}}' for ident, name in pairs)
    return KIT.format(types=types)


def build(folder, name: str, names: tuple[str, ...], *options: str) -> tuple[int, dict | None]:
    kit = folder / f"{name}.yaml"
    kit.write_text(kit_text(names), encoding="utf-8")
    manifest = folder / f"{name}.json"
    try:
        main(["build", str(kit), "-o", str(folder / f"{name}.pdf"), "--manifest", str(manifest), *options])
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    return code, json.loads(manifest.read_text(encoding="utf-8")) if manifest.exists() else None


@pytest.fixture
def old(tmp_path):
    """The first print's manifest: six one-off cards."""
    code, manifest = build(tmp_path, "old", NAMES)
    assert code == 0 and manifest is not None
    assert all(len(row["hash"]) == 16 for row in manifest["pieces"] if row["kind"] != "figure")  # figures are not cut
    return tmp_path / "old.json"


def test_a_reprint_holds_exactly_the_two_changed_cards_and_their_backs(tmp_path, old, capsys):
    edited = ("Apple", "Brioche", "Cheese", "Dates", "Eggplant", "Figs")
    code, manifest = build(tmp_path, "new", edited, "--changed-since", str(old))
    assert code == 0 and manifest is not None
    out = capsys.readouterr().out
    assert "reprint of 2 changed pieces: card t1 #1, card t4 #1" in out
    faces = pieces(manifest, side="face")
    backs = pieces(manifest, side="back")
    assert sorted(row["component"] for row in faces) == sorted(row["component"] for row in backs) == ["t1", "t4"]
    pdf = tmp_path / "new.pdf"
    words = page_text(pdf, 1)
    assert "Brioche" in words and "Eggplant" in words
    assert not any(name in words for name in ("Apple", "Cheese", "Dates", "Figs", "Bread"))
    assert page_text(pdf, 2).count("Red") == 2  # both backs, on the page behind
    paper = manifest["paper"]
    for face in faces:  # each back lies where the long-edge flip puts its face
        [back] = [row for row in backs if row["component"] == face["component"]]
        box = Box(face["x"], face["y"], face["width"], face["height"])
        mirrored = back_box(box, paper["width"], paper["height"], "long", (0.0, 0.0))
        assert (back["x"], back["y"]) == (pytest.approx(mirrored.x), pytest.approx(mirrored.y))
    assert {row["page"] for row in faces} == {1} and {row["page"] for row in backs} == {2}
    assert len(manifest["pages"]) == 2  # one sheet: as few as the pieces need


def test_a_card_moved_by_a_removed_one_is_not_reprinted(tmp_path, old, capsys):
    code, manifest = build(tmp_path, "fewer", NAMES[1:], "--changed-since", str(old))
    assert code == 1  # the kit's own invariant (6 cards) refuses it: count as the rulebook says
    ids = [f"t{n}={name}" for n, name in enumerate(NAMES)]
    inserted = (ids[0], "new=Avocado", *ids[1:5])  # t1 .. t4 each one place on, t5 (Figs) out
    code, manifest = build(tmp_path, "moved", inserted, "--changed-since", str(old))
    assert code == 0 and manifest is not None
    assert "reprint of 1 changed piece: card new #1" in capsys.readouterr().out  # the moved ones drawn alike


def test_an_unchanged_kit_writes_nothing(tmp_path, old, capsys):
    kit = tmp_path / "same.yaml"
    kit.write_text(kit_text(NAMES), encoding="utf-8")
    main(["build", str(kit), "-o", str(tmp_path / "same.pdf"), "--changed-since", str(old), "--two-sided", "fold"])
    assert "nothing to reprint" in capsys.readouterr().out
    assert not (tmp_path / "same.pdf").exists()


def test_a_manifest_over_the_size_limit_is_refused_unread(tmp_path, capsys):
    huge = tmp_path / "huge.json"
    with huge.open("wb") as file:
        file.truncate(MAX_MANIFEST_BYTES + 1)  # sparse: nothing is written
    code, _ = build(tmp_path, "k", NAMES, "--changed-since", str(huge))
    assert code == 1
    assert capsys.readouterr().err.strip() == (
        f"{huge}: the manifest is {MAX_MANIFEST_BYTES + 1:,} bytes; the limit is {MAX_MANIFEST_BYTES:,} bytes"
    )
    assert not (tmp_path / "k.pdf").exists()
