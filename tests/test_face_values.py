"""Issue 29's language pieces, as data: a type's values on its face (number formats, arithmetic that
starts with a number, escaped braces), count() of a comparison, when: per type, colours and icons
from a type's values, and the findings about them (each on its own line)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from printkit.facts.evaluation import Evaluator, broken_items
from printkit.facts.invariants import InvariantError, parse
from printkit.facts.provenance import item_loc
from printkit.kinds.cards.model import DeckType
from printkit.kinds.cards.values import holds, type_facts
from printkit.words.locale import Localizer
from printkit.words.placeholders import read

NUMBERS = {"cost": 3, "gain": -2, "ratio": Fraction(3, 2), "zero": 0, "kind": "hunter"}


@pytest.mark.parametrize(
    "text, printed",
    [
        ("{cost:02}", "03"),
        ("{cost:03}", "003"),
        ("{gain:02}", "-02"),
        ("{gain:+}", "-2"),
        ("{zero:+}", "+0"),
        ("{cost:+}", "+3"),
        ("{ratio:.1}", "1.5"),
        ("{cost:.2}", "3.00"),
        ("{2 * cost}", "6"),
        ("{10 - cost:+}", "+7"),
        ("{kind:02}", "hunter"),  # a text prints as it is
        ("{{cost}} {cost}", "{cost} 3"),  # an escaped brace stays one
        ("{cost|round|rounds}", "3 rounds"),  # word forms are still what ':' or '|' and words say
        ("{cost:round|rounds}", "rounds"),
    ],
)
def test_a_value_prints_in_its_format(text, printed):
    assert Localizer("en", NUMBERS)({"en": text}) == printed


def test_a_format_is_read_apart_from_word_forms():
    assert read("cost:02").number_format == "02" and read("cost:02").forms == ()
    assert read("cost:runda|rundy|rund").number_format == "" and len(read("cost:runda|rundy|rund").forms) == 3


DECK = {
    "d.a.kind": "hunter",
    "d.b.kind": "grazer",
    "d.c.kind": "hunter",
    "d.a.cost": 2,
    "d.b.cost": 7,
    "d.c.cost": 0,
}


@pytest.mark.parametrize(
    "check, holding",
    [
        ("count(d.*.kind == 'hunter') == 2", True),
        ("count(d.*.kind != 'hunter') == 1", True),
        ("count(d.*.cost >= 2) == 2", True),
        ("count(d.*.kind == 'hunter', d.*.cost == 0) == 3", True),  # each comparison's values counted
        ("count(d.*.kind == 'start') == 0", True),
        ("count(d.*.kind == 'hunter') == 3", False),
    ],
)
def test_count_counts_the_values_that_hold_a_comparison(check, holding):
    links = Evaluator(DECK).links(parse(check))
    assert all(link.holds for link in links) is holding


def test_a_comparison_outside_count_is_still_refused():
    with pytest.raises(InvariantError, match="expected"):
        parse("sum(d.*.cost > 2) == 1")


def test_the_values_that_broke_a_rule_are_named_one_by_one():
    links = Evaluator(DECK).links(parse("d.*.cost <= 5 and d.*.kind != 'grazer'"))
    assert broken_items(links) == ["d.b.cost", "d.b.kind"]


def test_a_name_finds_the_value_it_came_from():
    data = {
        "components": [
            {"id": "other", "types": [{"id": "b", "values": {"cost": 7}}]},
            {"id": "d", "types": [{"id": "a", "values": {"cost": 2}}, {"id": "b", "values": {"cost": 7}}]},
        ]
    }
    assert item_loc(data, "d.b.cost", 7) == ("components", 1, "types", 1, "values", "cost")
    assert item_loc(data, "d.b.cost", 8) is None  # the value must be the one the name holds
    assert item_loc(data, "nowhere.b.cost", 7) is None


def test_when_reads_the_types_values_in_the_language_printed():
    kind = DeckType(id="wolf", count=2, values={"cost": 3, "kind": "hunter", "motto": {"pl": "wilk", "en": "wolf"}})
    assert type_facts(kind, "pl") == {
        "id": "wolf",
        "count": 2,
        "letter": "",
        "cost": 3,
        "kind": "hunter",
        "motto": "wilk",
    }
    assert holds("kind == 'hunter' and cost >= 3", type_facts(kind, "en"))
    assert not holds("motto == 'wilk'", type_facts(kind, "en"))
    with pytest.raises(InvariantError, match="did you mean 'cost'"):
        holds("cots == 3", type_facts(kind, "en"))


def test_a_value_cannot_take_the_name_of_the_types_own():
    with pytest.raises(ValueError, match="cannot be called count"):
        DeckType(id="wolf", count=1, values={"count": 3})


KIT = """kit:
  title: {en: "Faces"}
  players: {min: 1, max: 2}
  languages: [en]
  default_lang: en
  author: "printkit tests"
components:
  - id: deck
    kind: cards
    width: 63mm
    height: 88mm
    types:
      - {id: wolf, count: 1, name: {en: Wolf}, values: {cost: 3, kind: hunter, ink: "#8a1c1c", mark: star}}
      - {id: deer, count: 1, name: {en: Deer}, values: {cost: 1, kind: grazer, ink: "#1c5a1c", mark: leaf}}
    face:
      - {type: frame, color: "{ink}"}
      - {type: name, box: [5, 5, 53, 10]}
      - {type: symbol, icon: "{mark}", color: "{ink}", box: [16, 20, 30, 30]}
      - {type: text, box: [5, 55, 53, 10], text: {en: "Cost {cost:02}"}}
      - {type: text, when: "kind == 'hunter'", box: [5, 70, 53, 10], text: {en: "HUNTER"}}
rules:
  - heading: {en: "Rules"}
    body: {en: "{count(deck.*.kind == 'hunter')|hunter|hunters}; {2 * deck.wolf.cost} in all."}
invariants:
  - {id: hunters, check: "count(deck.*.kind == 'hunter') == 1 and deck.*.count == 1", rule: {en: "one hunter"}}
  - {id: cost, check: "deck.*.cost <= 3", rule: {en: "costs up to 3"}}
"""


def kit_file(tmp_path: Path, old: str = "", new: str = "") -> Path:
    path = tmp_path / "faces.yaml"
    assert old in KIT
    path.write_text(KIT.replace(old, new, 1), encoding="utf-8")
    return path


def line_of(path: Path, part: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1) if part in line)


def test_a_kit_with_faces_bound_to_values_builds(run, tmp_path):
    import pdfplumber

    path = kit_file(tmp_path)
    checked = run("validate", str(path))
    assert checked.code == 0, checked.err
    built = run("build", str(path), "-o", str(tmp_path / "faces.pdf"))
    assert built.code == 0, built.err
    with pdfplumber.open(tmp_path / "faces.pdf") as document:
        text = " ".join(" ".join((page.extract_text() or "").split()) for page in document.pages)
    assert "1 hunter; 6 in all." in text
    assert "Cost 03" in text and "Cost 01" in text and text.count("HUNTER") == 1


@pytest.mark.parametrize(
    "old, new, at, said",
    [
        ('when: "kind ==', 'when: "knd ==', "when:", "unknown name 'knd'; did you mean 'kind'?"),
        ("Cost {cost:02}", "Cost {cots:02}", "Cost {cots", "unknown placeholder {cots} (in en); did you mean {cost}?"),
        ('ink: "#1c5a1c"', 'ink: "green"', "id: deer", "'green' is not a colour"),
        ("mark: leaf", "mark: lef", "id: deer", "'lef' is not an icon; did you mean 'leaf'?"),
        ("kind: grazer, ", "", "id: deer", "has no value 'kind', which face[4] reads in its when:"),
        ("cost: 1, kind: grazer", "cost: 4, kind: grazer", "id: deer", "deck.deer.cost = 4 where the rule has 3"),
        ('color: "{ink}"}', 'color: "{inc}"}', "type: frame", "no type has a value 'inc'"),
    ],
)
def test_a_mistake_in_a_face_bound_to_values_is_reported_at_its_line(run, tmp_path, old, new, at, said):
    path = kit_file(tmp_path, old, new)
    checked = run("validate", str(path))
    assert checked.code == 1
    line = line_of(path, at)
    assert any(f.startswith(f"{path}:{line}: ") and said in f for f in checked.err.splitlines()), checked.err


def test_a_back_cannot_read_a_types_values(run, tmp_path):
    path = kit_file(tmp_path, "rules:\n", '    back:\n      - {type: fill, color: "{ink}"}\nrules:\n')
    checked = run("validate", str(path))
    assert checked.code == 1 and "a back is the same for every type" in checked.err
