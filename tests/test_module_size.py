"""No module of printkit over MOST_LINES lines (issue 27): a longer one is split along its seams into
modules named after what they hold. The modules over it today are named, with their size, in
OVER_TODAY; the list only shrinks: a module on it that comes under the limit fails the test until
it leaves the list, and none may grow."""

from __future__ import annotations

from pathlib import Path

from conftest import REPO

PACKAGE = REPO / "src" / "printkit"
MOST_LINES = 600
# Today's modules over MOST_LINES, each at most its lines of today; their owners split them.
OVER_TODAY: dict[str, int] = {}  # none since issue 27: keep it so


def lines_of(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def module_lines() -> dict[str, int]:
    """Every module of the package by its path under src/printkit, with its lines."""
    return {path.relative_to(PACKAGE).as_posix(): lines_of(path) for path in sorted(PACKAGE.rglob("*.py"))}


def test_the_package_has_its_modules():
    found = module_lines()
    assert len(found) > 100 and "facts/invariants.py" in found and "pipeline.py" in found


def test_no_module_is_over_the_limit_but_those_listed_today():
    over = {name: lines for name, lines in module_lines().items() if lines > MOST_LINES}
    unlisted = {name: lines for name, lines in over.items() if name not in OVER_TODAY}
    assert not unlisted, f"split these along their seams (at most {MOST_LINES} lines a module): {unlisted}"


def test_the_list_of_modules_over_the_limit_only_shrinks():
    found = module_lines()
    gone = sorted(name for name in OVER_TODAY if found.get(name, 0) <= MOST_LINES)
    assert not gone, f"no longer over {MOST_LINES} lines (or moved): take them off OVER_TODAY: {gone}"
    grown = {name: found[name] for name, most in OVER_TODAY.items() if found[name] > most}
    assert not grown, f"grown past their lines of today: {grown}"


def test_lines_are_counted_as_an_editor_shows_them(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("a = 1\n\nb = 2\n", encoding="utf-8")
    assert lines_of(module) == 3
