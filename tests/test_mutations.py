"""Mutation tests: change any `count:` of any shipped kit by one and the kit must be refused.

The counts are found by walking each shipped kit's YAML, so a new kit or a new component is covered
without touching this file. A mutant must make `validate` exit 1 with a finding on the line of the
changed count that names the broken rule (or, for a count the schema refuses, says why), and make
`build` refuse with the same messages and write nothing.
"""

from __future__ import annotations

import copy
import re
import shutil
from pathlib import Path

import pytest
import yaml

from printkit.facts.provenance import whole_numbers
from printkit.kinds import load_kinds
from printkit.kit.file import load_kit_source, shipped_kit_names, shipped_kits_dir
from printkit.kit.model import parse_kit


def count_sites() -> list[tuple[str, tuple, int]]:
    """(kit, field path, value) of every whole-number `count:` in every shipped kit."""
    sites = []
    for name in shipped_kit_names():
        source = load_kit_source(shipped_kits_dir() / f"{name}.yaml")
        sites.extend((name, loc, value) for loc, value in whole_numbers(source.data) if loc[-1] == "count")
    return sites


SITES = count_sites()
MUTANTS = [(name, loc, value, value + delta) for name, loc, value in SITES for delta in (+1, -1)]


def mutant_kit(tmp_path: Path, name: str, loc: tuple, value: int, new: int) -> tuple[Path, int]:
    """The kit with one count changed on its own line; returns the file and that line."""
    original = shipped_kits_dir() / f"{name}.yaml"
    line = load_kit_source(original).line_of(loc)
    lines = original.read_text(encoding="utf-8").splitlines(keepends=True)
    changed, hits = re.subn(rf"(\bcount:\s*){value}\b", rf"\g<1>{new}", lines[line - 1])
    assert hits == 1, f"{name}:{line}: cannot find a single 'count: {value}' on the line"
    lines[line - 1] = changed
    folder = tmp_path / "kits"
    folder.mkdir()
    if (shipped_kits_dir() / name).is_dir():
        shutil.copytree(shipped_kits_dir() / name, folder / name)
    path = folder / f"{name}.yaml"
    path.write_text("".join(lines), encoding="utf-8")
    return path, line


def invariant_ids(name: str) -> set[str]:
    source = load_kit_source(shipped_kits_dir() / f"{name}.yaml")
    return {rule.id for rule in parse_kit(source, load_kinds()).invariants}


def test_every_shipped_kit_has_counts_to_mutate():
    kits_with_counts = {name for name, _, _ in SITES}
    assert kits_with_counts == set(shipped_kit_names())


@pytest.mark.parametrize(
    "name, loc, value, new",
    MUTANTS,
    ids=[f"{name}:{'.'.join(map(str, loc))}:{value}->{new}" for name, loc, value, new in MUTANTS],
)
def test_a_count_changed_by_one_is_caught_at_its_line(run, tmp_path, name, loc, value, new):
    path, line = mutant_kit(tmp_path, name, loc, value, new)
    checked = run("validate", str(path))
    assert checked.code == 1, f"{name}: count {value} -> {new} on line {line} was not caught"
    at_line = [finding for finding in checked.err.splitlines() if finding.startswith(f"{path}:{line}: ")]
    assert at_line, f"no finding names line {line}:\n{checked.err}"
    broken = {m.group(1) for finding in at_line if (m := re.search(r": ([a-z][a-z0-9_]*): the rules state ", finding))}
    schema_refused = any("out of range" in finding for finding in at_line)
    assert broken & invariant_ids(name) or schema_refused, at_line

    target = tmp_path / "mutant.pdf"
    built = run("build", str(path), "-o", str(target))
    assert built.code == 1
    assert built.err == checked.err
    assert not target.exists()


def duplicate_sites() -> list[tuple[str, tuple]]:
    """(kit, path of a list) for every list of parts with ids in a shipped kit's components (a deck's
    types, a token's sets, the components themselves): its second item is given the first's id."""
    sites = []
    for name in shipped_kit_names():
        data = load_kit_source(shipped_kits_dir() / f"{name}.yaml").data
        if len(data["components"]) > 1:
            sites.append((name, ("components",)))
        for index, component in enumerate(data["components"]):
            for key, value in component.items():
                named = isinstance(value, list) and len(value) > 1
                if named and all(isinstance(item, dict) and "id" in item for item in value[:2]):
                    sites.append((name, ("components", index, key)))
    return sites


DUPLICATES = duplicate_sites()


@pytest.mark.parametrize("name, loc", DUPLICATES, ids=[f"{n}:{'.'.join(map(str, loc))}" for n, loc in DUPLICATES])
def test_a_repeated_id_is_reported_at_the_second_not_the_first(run, tmp_path, name, loc):
    data = copy.deepcopy(load_kit_source(shipped_kits_dir() / f"{name}.yaml").data)
    items = data
    for part in loc:
        items = items[part]
    items[1]["id"] = items[0]["id"]
    folder = tmp_path / "kits"
    folder.mkdir()
    if (shipped_kits_dir() / name).is_dir():
        shutil.copytree(shipped_kits_dir() / name, folder / name)
    path = folder / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1000), encoding="utf-8")
    second = load_kit_source(path).line_of((*loc, 1, "id"))
    checked = run("validate", str(path))
    assert checked.code == 1
    said = f"duplicate id '{items[0]['id']}'"
    at_second = [f for f in checked.err.splitlines() if f.startswith(f"{path}:{second}: ") and said in f]
    assert at_second, f"line {second}:\n{checked.err}"
