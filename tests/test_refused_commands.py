"""Every command line in tests/bad_kits/commands.txt fails with exactly its message and exit 1,
and leaves the folder it ran in as it was: an output never replaces the kit, its art, another
output of the same command, printkit's own files or a device."""

from __future__ import annotations

import os
import shlex
import shutil
from pathlib import Path

import pytest

from conftest import REPO, cli_runner
from printkit import fonts

COMMANDS = REPO / "tests" / "bad_kits" / "commands.txt"


def cases() -> list[tuple[str, list[str]]]:
    """(command line, expected lines) in the file's order."""
    found: list[tuple[str, list[str]]] = []
    for line in COMMANDS.read_text(encoding="utf-8").splitlines():
        if line.startswith("$ printkit "):
            found.append((line.removeprefix("$ printkit "), []))
        elif found and not line.startswith("#"):
            found[-1][1].append(line)
    return found


def folder_state(folder: Path) -> dict[str, object]:
    """Every entry under ``folder``: a link's target, a file's bytes, a folder's mark."""
    state: dict[str, object] = {}
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        if path.is_symlink():
            state[name] = ("link", os.readlink(path))
        elif path.is_dir():
            state[name] = "folder"
        else:
            state[name] = path.read_bytes()
    return state


@pytest.fixture
def kit_folder(tmp_path, monkeypatch):
    (tmp_path / "mine.yaml").write_bytes((REPO / "tests" / "kits" / "mini.yaml").read_bytes())
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "sun.png").write_bytes(b"not really a picture")
    (tmp_path / "link.yaml").symlink_to("mine.yaml")
    os.link(tmp_path / "mine.yaml", tmp_path / "hard.yaml")
    (tmp_path / "gone.yaml").symlink_to("nowhere/gone.yaml")
    shutil.copytree(REPO / "tests" / "bad_kits" / "manifests", tmp_path / "old")  # for build --changed-since
    monkeypatch.setenv("PRINTKIT_CONFIG_DIR", str(tmp_path / "no-config"))  # printkit's presets alone
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_file_holds_a_case_for_every_command_that_writes():
    commands = {line.split()[0] for line, _ in cases()}
    assert commands == {"build", "sheets", "calibrate", "schema", "preview", "export-tts", "export", "new"}
    assert all(expected for _, expected in cases())


@pytest.mark.parametrize(("line", "expected"), cases(), ids=[line for line, _ in cases()])
def test_a_refused_command_says_why_and_changes_nothing(kit_folder, capsys, line, expected):
    before = folder_state(kit_folder)
    result = cli_runner(capsys)(*shlex.split(line))
    assert (result.code, result.err.splitlines()) == (1, expected)
    assert folder_state(kit_folder) == before


@pytest.mark.parametrize(
    "args",
    [
        ["calibrate", "-o"],
        ["schema", "-o"],
        ["build", "ogrod", "-o", "{tmp}/x.pdf", "--manifest"],
    ],
)
def test_printkits_own_files_are_never_an_output(run, tmp_path, args):
    font = next(fonts.fonts_dir().glob("*.ttf"))
    shown = os.path.relpath(font, REPO)
    before = font.read_bytes()
    result = run(*[arg.replace("{tmp}", str(tmp_path)) for arg in args], shown)
    assert (result.code, result.err) == (
        1,
        f"{shown}: this is one of printkit's own files, which printkit reads; it never writes over it "
        "(give another output path)\n",
    )
    assert font.read_bytes() == before


def test_the_docs_quote_the_refused_commands_as_they_are():
    errors_page = (REPO / "docs" / "errors.md").read_text(encoding="utf-8").splitlines()
    quoted = 0
    for line, expected in cases():
        if f"$ printkit {line}" in errors_page:
            start = errors_page.index(f"$ printkit {line}") + 1
            assert errors_page[start : start + len(expected)] == expected
            quoted += 1
    assert quoted >= 3
