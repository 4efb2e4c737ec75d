"""Mutation tests for every kind of value, not only `count:`: a whole number, a length, a list
and a text that an invariant of a shipped kit reads are changed one at a time, and the finding must
name the changed value's line.

The sites are found from the kit (every value whose change moves a number some invariant reads),
so a new kit or a new rule is covered without touching this file. A value is changed the first way
that breaks a rule (a length by one unit, then by a tenth; a list by dropping its last item, then its
first, a list of one by a copy of it; a text into each text the invariants compare with); a value no
change of which breaks a rule is not pinned by the rulebook and is left out, and each kit must still
have a site of each kind its rules read. Lists of lists (a sheet's bands, a table's rows) are where
things go, not values, and are left out. When a rule's broken link reads two values that either
could repair (a stone no bigger than a cell: the stone grew, or the cell shrank), the finding names
the rule and must list the changed value's line among the lines its numbers come from.
"""

from __future__ import annotations

import copy
import re
import shutil
from pathlib import Path

import pytest
import yaml

from printkit import pipeline as build
from printkit.facts import invariants
from printkit.facts.provenance import Provenance, nudges, replaced
from printkit.kit.file import load_kit_source, shipped_kit_names, shipped_kits_dir
from printkit.layout.document import kit_numbers
from printkit.validate import proofs

KINDS = ("whole", "length", "list", "text")


def read_by_rules(name: str) -> tuple[Provenance, set[str]]:
    """The kit's provenance and every name its layout-free invariants read."""
    loaded = build.load(name)
    kit = loaded.kit
    numbers = kit_numbers(kit)
    checks = [invariants.parse(rule.check) for rule in kit.invariants]
    read: set[str] = set()
    for rule, check in zip(kit.invariants, checks, strict=True):
        if not proofs.is_about_pages(check):
            proofs.evaluate(rule, check, numbers, read)
    if "players" in read:
        read |= {"players.min", "players.max"}
    texts = proofs.compared_texts(checks)
    tracer = Provenance(loaded.source.data, proofs.KitNumbers(kit, numbers), numbers, texts, tuple(kit.kit.languages))
    return tracer, read


def sites() -> list[tuple[str, tuple, str]]:
    """(kit, path, kind) of each value an invariant reads, but for the `count:`s test_mutations.py changes."""
    found = []
    for name in shipped_kit_names():
        tracer, read = read_by_rules(name)
        for loc, kind in tracer.values.items():
            if (
                not (kind == "whole" and loc[-1] == "count")
                and not proofs.layout_list(tracer, loc)
                and tracer.fed(loc, both_ways=True) & read
            ):
                found.append((name, loc, kind))
    return found


SITES = sites()


def changes(tracer: Provenance, loc: tuple, kind: str) -> list[object]:
    value = tracer.data
    for part in loc:
        value = value[part]  # type: ignore[index]
    if kind == "length":
        return nudges(value, kind) + [_scaled(value, 0.9), _scaled(value, 1.1)]
    if kind == "list":
        assert isinstance(value, list)
        if len(value) > 1:
            return [value[:-1], value[1:]]
        # an emptied list leaves no item to name: one item is copied instead, under an id of its own
        item = value[0]
        copy = {**item, "id": f"{item['id']}_2"} if isinstance(item, dict) and "id" in item else item
        return [value + [copy]]
    if kind == "text" and str(value).strip().isdigit():
        return [str(int(value) + 1), str(int(value) - 1)]  # a table's number, typed as a text
    if kind == "text":
        return [text for text in tracer.texts if text != value]
    assert isinstance(value, int)
    return [value + 1, value - 1]


def _scaled(value: object, factor: float) -> object:
    if isinstance(value, (int, float)):
        return value * factor
    number, unit = re.match(r"\s*([0-9.]+)\s*([a-z]*)", str(value)).groups()  # type: ignore[union-attr]
    return f"{float(number) * factor:g}{unit}"


def write_mutant(folder: Path, name: str, data: object) -> Path:
    folder.mkdir()
    if (shipped_kits_dir() / name).is_dir():
        shutil.copytree(shipped_kits_dir() / name, folder / name)
    path = folder / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1000), encoding="utf-8")
    return path


def names_line(err: str, path: Path, line: int) -> bool:
    """A finding on the line, or a rule's finding that lists the line among its numbers' lines."""
    for finding in err.splitlines():
        if finding.startswith(f"{path}:{line}: "):
            return True
        listed = re.search(r"\(its numbers come from lines ([0-9, ]+)\)$", finding)
        if listed and str(line) in listed.group(1).split(", "):
            return True
    return False


def value_lines(source, loc: tuple) -> set[int]:
    """Every line the value at ``loc`` of a kit file takes: its own and those of all it holds."""
    value = source.data
    for part in loc:
        value = value[part]
    found = {source.line_of(loc)}
    children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, _ in children:
        found |= value_lines(source, (*loc, key))
    return {line for line in found if line}


def site_kind(loc: tuple, kind: str) -> str:
    """The kind of value a site is, an icon (a text that names a drawing) told from other texts."""
    return "icon" if kind == "text" and loc[-1] == "icon" else kind


# The kinds of value each shipped kit's rules pin (counts are test_mutations.py's): every kind the
# kit holds a fact of. ogrod's rulebook states no size (its 20 mm cells are a choice the rulebook
# leaves open) and plateau's stones carry no icon and no text its rules name, so they have none.
KINDS_PINNED = {
    "kpn": {"whole", "length", "list", "text", "icon"},
    "latarnie": {"whole", "length", "list", "text", "icon"},
    "ogrod": {"whole", "list", "text", "icon"},
    "plateau": {"whole", "length", "list"},
    "targ": {"whole", "length", "list", "text", "icon"},
}


def test_every_kind_of_value_a_rule_reads_has_sites_in_every_kit():
    assert set(KINDS_PINNED) == set(shipped_kit_names())
    for name, pinned in KINDS_PINNED.items():
        assert {site_kind(loc, kind) for kit, loc, kind in SITES if kit == name} == pinned, name
    assert set().union(*KINDS_PINNED.values()) == set(KINDS) | {"icon"}


@pytest.mark.parametrize("name, loc, kind", SITES, ids=[f"{n}:{'.'.join(map(str, loc))}:{k}" for n, loc, k in SITES])
def test_a_changed_value_is_caught_at_its_line(run, tmp_path, name, loc, kind):
    tracer, _ = read_by_rules(name)
    caught = []
    for number, change in enumerate(changes(tracer, loc, kind)):
        data = replaced(copy.deepcopy(tracer.data), loc, change)
        path = write_mutant(tmp_path / f"m{number}", name, data)
        checked = run("validate", str(path))
        if checked.code == 0:
            continue
        source = load_kit_source(path)
        line = source.line_of(loc)
        # a list grown by a copy of its item: a finding on a line of the copy names the change too
        added = value_lines(source, (*loc, len(change) - 1)) if kind == "list" and len(change) > 1 else set()
        at = line and (names_line(checked.err, path, line) or any(names_line(checked.err, path, n) for n in added))
        assert at, f"{kind} {loc} -> {change!r}: line {line}\n{checked.err}"
        caught.append(change)
        break
    if not caught:
        pytest.skip(f"no change of {loc} breaks a rule: the rulebook does not pin it")


def page_sites() -> list[tuple[str, tuple, int]]:
    """(kit, path, value) of every page number a shipped kit states: its page_count and the page of
    each planned page."""
    found = []
    for name in shipped_kit_names():
        data = load_kit_source(shipped_kits_dir() / f"{name}.yaml").data
        if "page_count" in data:
            found.append((name, ("page_count",), data["page_count"]))
        for index, planned in enumerate(data.get("page_plan") or []):
            found.append((name, ("page_plan", index, "page"), planned["page"]))
    return found


PAGE_SITES = page_sites()


def test_every_kit_with_a_page_plan_has_page_numbers_to_change():
    planned = {
        name for name in shipped_kit_names() if "page_plan" in load_kit_source(shipped_kits_dir() / f"{name}.yaml").data
    }
    assert planned and {name for name, _, _ in PAGE_SITES} == planned


@pytest.mark.parametrize(
    "name, loc, value", PAGE_SITES, ids=[f"{n}:{'.'.join(map(str, loc))}" for n, loc, _ in PAGE_SITES]
)
def test_a_changed_page_number_is_caught_at_its_line(run, tmp_path, name, loc, value):
    """A page moved one way may still hold (targ's cards fill pages 3 and 4), so the first change
    that breaks the plan is the one checked; a planned page of a two-sided build is checked by that
    build (validate lays out one-sided pages)."""
    data = load_kit_source(shipped_kits_dir() / f"{name}.yaml").data
    mode = data["page_plan"][loc[1]].get("two_sided") if loc[0] == "page_plan" else None
    for number, change in enumerate(v for v in (value + 1, value - 1) if v >= 1):
        path = write_mutant(tmp_path / f"m{number}", name, replaced(copy.deepcopy(data), loc, change))
        target = ["build", str(path), "-o", str(tmp_path / "kit.pdf"), "--two-sided", mode] if mode else []
        checked = run(*(target or ["validate", str(path)]))
        if checked.code == 0:
            continue
        line = load_kit_source(path).line_of(loc)
        assert names_line(checked.err, path, line), f"{loc} -> {change}: line {line}\n{checked.err}"
        return
    pytest.fail(f"{name}: neither {value + 1} nor {value - 1} at {loc} breaks the page plan")


def block_sites() -> list[tuple[str, tuple, int, str]]:
    """(kit, path, line, mistake) for the first block texts ('pl: |') of each shipped kit: the last
    line of the block with text on it, and a mistake to type there (an unknown placeholder or icon),
    so a finding must name that line, not the block's key a few lines above."""
    found = []
    for name in shipped_kit_names():
        source = load_kit_source(shipped_kits_dir() / f"{name}.yaml")
        blocks = [
            (loc, span)
            for loc, span in source.spans.items()
            if source.text_lines[span[0] - 1].rstrip().endswith(("|", "|-"))
        ]
        for number, (loc, (first, last)) in enumerate(blocks[:BLOCKS_A_KIT]):
            line = max(n for n in range(first + 1, last + 1) if source.text_lines[n - 1].strip())
            found.append((name, loc, line, BLOCK_MISTAKES[number % len(BLOCK_MISTAKES)]))
    return found


BLOCKS_A_KIT = 2
BLOCK_MISTAKES = (" {nowhere.count}", " :nowhere:")  # what validate says: unknown placeholder, unknown icon
BLOCK_SITES = block_sites()


@pytest.mark.parametrize(
    "name, loc, line, mistake",
    BLOCK_SITES,
    ids=[f"{n}:{'.'.join(map(str, loc))}:{line}" for n, loc, line, _ in BLOCK_SITES],
)
def test_a_mistake_inside_a_block_text_is_reported_at_its_line(run, tmp_path, name, loc, line, mistake):
    assert line > load_kit_source(shipped_kits_dir() / f"{name}.yaml").line_of(loc)  # below the key of the block
    folder = tmp_path / "kits"
    folder.mkdir()
    if (shipped_kits_dir() / name).is_dir():
        shutil.copytree(shipped_kits_dir() / name, folder / name)
    lines = (shipped_kits_dir() / f"{name}.yaml").read_text(encoding="utf-8").splitlines(keepends=True)
    lines[line - 1] = lines[line - 1].rstrip("\n") + mistake + "\n"
    path = folder / f"{name}.yaml"
    path.write_text("".join(lines), encoding="utf-8")
    checked = run("validate", str(path))
    assert checked.code == 1
    said = "unknown placeholder {nowhere.count}" if "{" in mistake else "unknown icon ':nowhere:'"
    assert any(f.startswith(f"{path}:{line}: ") and said in f for f in checked.err.splitlines()), checked.err


def test_every_shipped_kit_has_block_texts_to_mutate():
    assert {name for name, _, _, _ in BLOCK_SITES} == set(shipped_kit_names())
