"""`python -m printkit` run in a kit's folder imports no module from it (issue 26, item 19).

With ``-m`` Python puts the current folder first on sys.path; __main__.py takes it off before
anything of printkit loads. The test plants a module in the kit's folder for every top-level
module the commands import once printkit runs (found by ``-X importtime``, so a library printkit
comes to import lazily later is covered too), each writing a marker when imported, and runs the
commands there: no marker, every command as it should be."""

from __future__ import annotations

import _imp
import contextlib
import os
import subprocess
import sys
from pathlib import Path

from test_kit_paths import documents, game

COMMANDS = (["--version"], ["list"], ["validate", "game.yaml"], ["build", "game.yaml", "-o", "out.pdf"])
TRIED = ("reportlab_settings", "reportlab_mods")  # reportlab tries them and goes on when missing: not in importtime


def run_module(folder: Path, *args: str, importtime: bool = False) -> subprocess.CompletedProcess:
    flags = ["-X", "importtime"] if importtime else []
    return subprocess.run(
        [sys.executable, *flags, "-m", "printkit", *args], cwd=folder, capture_output=True, text=True, timeout=300
    )


def imported_once_printkit_runs(importtime: str) -> set[str]:
    """The top-level modules first imported after the package printkit, which a file of the
    current folder could stand in for (not built into Python nor frozen in it). A submodule of a
    package imported before (importlib.metadata) is found through its package."""
    names, started = set(), False
    for line in importtime.splitlines():
        name = line.rsplit("|", 1)[-1].strip()
        if not line.startswith("import time:") or " " in name:
            continue
        started = started or name == "printkit"
        if started and "." not in name:
            names.add(name)
    return {name for name in names - {"printkit"} if name not in sys.builtin_module_names and not _imp.is_frozen(name)}


def kit_folder(root: Path) -> Path:
    kit = game(root / "game.yaml")
    documents(root / "game")
    return kit.parent


def test_python_m_printkit_in_a_kits_folder_imports_nothing_from_it(tmp_path):
    clean = kit_folder(tmp_path / "clean")
    names = set(TRIED)
    for command in COMMANDS:
        result = run_module(clean, *command, importtime=True)
        assert result.returncode == 0, result.stderr[-2000:]
        names |= imported_once_printkit_runs(result.stderr)
    assert {"yaml", "click", "pydantic", "reportlab", "PIL", "platformdirs", "__future__"} <= names
    planted = kit_folder(tmp_path / "planted")
    for name in names:
        (planted / f"{name}.py").write_text("open(__file__ + '.ran', 'w').close()\n", encoding="utf-8")
    for command in COMMANDS:
        result = run_module(planted, *command)
        assert result.returncode == 0, result.stderr[-2000:]
    assert sorted(path.name for path in planted.glob("*.ran")) == []
    assert (planted / "out.pdf").stat().st_size > 0


def test_the_console_entry_turns_pydantic_plugin_search_off_unless_the_user_set_it(monkeypatch):
    """start.main sets pydantic's documented PYDANTIC_DISABLE_PLUGINS for its process (printkit
    uses no plugin, and the search reads every installed distribution's metadata) and keeps the
    user's own value."""
    import printkit.cli
    import printkit.start

    seen: list[str | None] = []
    monkeypatch.setattr(printkit.start, "collector_paused", lambda ending: contextlib.nullcontext())  # no gc.freeze
    monkeypatch.setattr(printkit.cli, "main", lambda: seen.append(os.environ.get("PYDANTIC_DISABLE_PLUGINS")))
    monkeypatch.delenv("PYDANTIC_DISABLE_PLUGINS", raising=False)
    printkit.start.main()
    monkeypatch.setenv("PYDANTIC_DISABLE_PLUGINS", "logfire")
    printkit.start.main()
    assert seen == ["__all__", "logfire"]
