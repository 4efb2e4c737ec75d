"""The kit JSON Schema: generated from the models, committed as schema/kit.schema.json, true to them.

It accepts every shipped kit, and what it rejects printkit rejects too. When a model changes,
`python schema/regenerate.py` rewrites the schema; review and commit it (the docs site generates the
field reference from the same models).
"""

from __future__ import annotations

import copy
import json

import jsonschema
import pytest
import yaml

from conftest import REPO
from printkit.base.errors import KitError
from printkit.commands.schema import kit_schema, reference_markdown, schema_text
from printkit.kinds import load_kinds
from printkit.kit.file import KitSource, shipped_kit_names
from printkit.kit.model import parse_kit
from printkit.validate.kit import check_kit

SCHEMA_FILE = REPO / "schema" / "kit.schema.json"
MODELINE = "# yaml-language-server: $schema=../schema/kit.schema.json"
REGENERATE = "the models changed: run `python schema/regenerate.py`, review the diff and commit it"


@pytest.fixture(scope="module")
def validator():
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def shipped(name: str) -> dict:
    return yaml.safe_load((REPO / "kits" / f"{name}.yaml").read_text(encoding="utf-8"))


def test_the_committed_schema_is_what_the_models_generate():
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text(), REGENERATE


def test_every_field_has_a_description():
    schema = kit_schema()
    models = {"Kit": schema, **schema["$defs"]}
    undescribed = [
        f"{name}.{field}"
        for name, model in models.items()
        for field, spec in model.get("properties", {}).items()
        if not spec.get("description")
    ]
    assert undescribed == []
    assert [name for name, model in models.items() if not model.get("description")] == []


def test_the_cli_prints_and_writes_the_schema(run, tmp_path):
    printed = run("schema")
    assert printed.code == 0 and printed.out == schema_text()
    target = tmp_path / "kit.schema.json"
    written = run("schema", "-o", str(target))
    assert written.code == 0 and target.read_text(encoding="utf-8") == schema_text()
    assert run("schema", "--markdown").out == reference_markdown()


@pytest.mark.parametrize("name", shipped_kit_names())
def test_every_shipped_kit_validates_against_the_schema(validator, name):
    errors = [f"{list(e.absolute_path)}: {e.message[:200]}" for e in validator.iter_errors(shipped(name))]
    assert errors == []


def test_the_template_of_printkit_new_validates_against_the_schema(validator):
    template = yaml.safe_load((REPO / "src" / "printkit" / "templates" / "new.yaml").read_text(encoding="utf-8"))
    assert [e.message for e in validator.iter_errors(template)] == []


@pytest.mark.parametrize("name", shipped_kit_names())
def test_every_shipped_kit_names_the_schema_on_its_first_line(name):
    first = (REPO / "kits" / f"{name}.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first == MODELINE
    assert (REPO / "kits" / first.split("$schema=")[1]).resolve() == SCHEMA_FILE


def test_lengths_accept_a_number_or_a_unit(validator):
    for cell in (20, 20.5, "20mm", "2cm", "0.8in", "57pt", " 20 mm "):
        kit = shipped("ogrod")
        kit["components"][0]["rows"][0][0]["cell"] = cell
        assert list(validator.iter_errors(kit)) == [], cell


def broken(change) -> dict:
    kit = copy.deepcopy(shipped("ogrod"))
    change(kit)
    return kit


BROKEN = {
    "unknown key": lambda kit: kit["kit"].update(autor="X"),
    "missing rules": lambda kit: kit.pop("rules"),
    "unknown kind": lambda kit: kit["components"][0].update(kind="dice"),
    "unknown part type": lambda kit: kit["components"][0]["rows"][0][0].update(type="circle"),
    "length without a known unit": lambda kit: kit["components"][0]["rows"][0][0].update(cell="20 furlongs"),
    "zero length": lambda kit: kit["components"][0]["rows"][0][0].update(cell=0),
    "zero count": lambda kit: kit["components"][0]["rows"][1][0].update(count=0),
    "text that is not a mapping of languages": lambda kit: kit["kit"].update(title="Ogród"),
    "language code of three letters": lambda kit: kit["kit"]["title"].update(pol="Ogród"),
    "bad colour": lambda kit: kit["components"].append(
        {
            "id": "t",
            "kind": "tokens",
            "size": 20,
            "sets": [{"owner": "A", "shape": "circle", "count": 1, "color": "red"}],
        }
    ),
    "bad id": lambda kit: kit["needs"][0].update(id="Dice"),
}


@pytest.mark.parametrize("what", BROKEN)
def test_the_schema_rejects_a_broken_kit_and_so_does_printkit(validator, what, tmp_path):
    kit = broken(BROKEN[what])
    assert list(validator.iter_errors(kit)), f"the schema accepted a kit with a {what}"
    assert refused_by_printkit(kit, tmp_path), f"printkit accepted a kit with a {what}"


def refused_by_printkit(kit: dict, tmp_path) -> bool:
    source = KitSource(tmp_path / "broken.yaml", kit)
    try:
        parsed = parse_kit(source, load_kinds())
    except KitError:
        return True
    return any(problem.severity == "error" for problem in check_kit(source, parsed))
