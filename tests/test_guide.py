"""docs/kit-format.md cannot drift: its field reference is what the models generate, every example
is a valid piece of a kit, every kind, part and element has one, and the walk-through's kit builds."""

from __future__ import annotations

import importlib.util
import re

import jsonschema
import pdfplumber
import pytest
import yaml

from conftest import REPO, cli_runner
from printkit.commands.schema import kit_schema, reference_markdown
from printkit.kinds import load_kinds

GUIDE = REPO / "docs" / "kit-format.md"
REGENERATE = "the models changed: run `python schema/regenerate.py`, review the diff and commit it"
WALKTHROUGH = "<!-- walk-through: the complete kit -->"


def guide() -> str:
    return GUIDE.read_text(encoding="utf-8")


def prose() -> str:
    """The hand-written part, before the generated field reference."""
    return guide().split("## Field reference")[0]


def yaml_blocks(text: str) -> list[str]:
    return re.findall(r"```yaml\n(.*?)```", text, re.DOTALL)


def walkthrough_kit() -> str:
    return yaml_blocks(guide().split(WALKTHROUGH, 1)[1])[0]


def test_the_guide_holds_the_reference_the_models_generate():
    spec = importlib.util.spec_from_file_location("regenerate", REPO / "schema" / "regenerate.py")
    regenerate = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(regenerate)
    assert regenerate.spliced(guide(), reference_markdown()) == guide(), REGENERATE


def test_every_kind_part_and_element_has_an_example():
    schema = kit_schema()
    tags = {
        name: model["properties"]["type"]["const"]
        for name, model in schema["$defs"].items()
        if "const" in model.get("properties", {}).get("type", {})
    }
    examples = "\n".join(yaml_blocks(prose()))
    missing = [f"kind: {kind}" for kind in load_kinds().by_name if not re.search(rf"\bkind: {kind}\b", examples)]
    missing += [f"{name} (type: {tag})" for name, tag in tags.items() if not re.search(rf"\btype: {tag}\b", examples)]
    assert missing == []


def test_every_example_is_a_valid_part_of_a_kit():
    """Each example, put into the walk-through's kit in place of what it describes, passes the schema."""
    validator = jsonschema.Draft202012Validator(kit_schema())
    base = yaml.safe_load(walkthrough_kit())
    checked = 0
    for block in yaml_blocks(prose()):
        data = yaml.safe_load(block)
        if isinstance(data, list) and all(isinstance(item, dict) and "kind" in item for item in data):
            kit = {**base, "components": data}
        elif isinstance(data, dict) and set(data) <= set(kit_schema()["properties"]):
            kit = {**base, **data}
        else:
            continue
        errors = [f"{list(e.absolute_path)}: {e.message[:150]}" for e in validator.iter_errors(kit)]
        assert errors == [], block[:200]
        checked += 1
    assert checked >= 15


def test_the_walkthrough_kit_validates_strictly_and_builds(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    run = cli_runner(capsys)
    (tmp_path / "harvest.yaml").write_text(walkthrough_kit(), encoding="utf-8")
    assert (
        run("validate", "harvest.yaml", "--strict").out
        == "harvest.yaml: ok: 4 invariants proved, on A4, in pl, cs, en\n"
    )
    built = run("build", "harvest.yaml")
    assert built.out == "output/harvest.pdf (3 pages)\n", built.err
    with pdfplumber.open(tmp_path / "output" / "harvest.pdf") as pdf:
        assert "The game lasts 10 rounds" in " ".join(pdf.pages[0].extract_text().split())


@pytest.mark.parametrize("step", [1])
def test_the_first_step_builds_a_page_of_rules(tmp_path, monkeypatch, capsys, step):
    monkeypatch.chdir(tmp_path)
    first = next(block for block in yaml_blocks(prose()) if "components: []\nrules:" in block)
    (tmp_path / "harvest.yaml").write_text(first, encoding="utf-8")
    assert cli_runner(capsys)("build", "harvest.yaml").out == "output/harvest.pdf (1 page)\n"
