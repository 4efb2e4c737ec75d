"""What a user of any command-line tool expects: help with no arguments, --version, and a traceback
for a bug report only when asked for (--debug or PRINTKIT_DEBUG=1)."""

from __future__ import annotations

from importlib import metadata

import pytest

from printkit import pipeline as build
from printkit.base import errors


def test_no_arguments_prints_the_help_and_exits_0(run):
    result = run()
    assert result.code == 0
    assert result.out.startswith("Usage: printkit [OPTIONS] COMMAND [ARGS]...")
    for command in ("build", "calibrate", "export-tts", "list", "new", "preview", "schema", "sheets", "validate"):
        assert f"\n  {command} " in result.out


def test_version_is_the_installed_distributions(run):
    result = run("--version")
    assert result.code == 0 and result.out.strip() == f"printkit, version {metadata.version('printkit')}"


@pytest.fixture
def broken_load(monkeypatch):
    """A bug inside the pipeline: loading any kit raises an exception printkit does not expect."""

    def load(*args, **kwargs):
        raise RuntimeError("the bug")

    monkeypatch.setattr(build, "load", load)
    monkeypatch.setattr(errors, "debug", False)
    monkeypatch.delenv("PRINTKIT_DEBUG", raising=False)


def test_an_internal_error_is_one_line_without_a_traceback(run, broken_load):
    result = run("build", "ogrod", "-o", "/nonexistent-folder-never-written/x.pdf")
    assert result.code == 2
    assert result.err == "internal error: RuntimeError: the bug (please report this)\n"


@pytest.mark.parametrize("how", ["flag", "environment"])
def test_debug_adds_the_traceback_of_an_internal_error(run, broken_load, monkeypatch, how):
    if how == "environment":
        monkeypatch.setenv("PRINTKIT_DEBUG", "1")
        result = run("build", "ogrod", "-o", "/nonexistent-folder-never-written/x.pdf")
    else:
        result = run("--debug", "build", "ogrod", "-o", "/nonexistent-folder-never-written/x.pdf")
    assert result.code == 2
    lines = result.err.splitlines()
    assert lines[0] == "Traceback (most recent call last):"
    assert any("in load" in line for line in lines) and lines[-2] == "RuntimeError: the bug"
    assert lines[-1] == "internal error: RuntimeError: the bug (please report this)"


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["build", "ogrod", "--paper", "A7"],
            "printkit build: invalid value for '--paper': 'A7' is not a paper: give its name (a5, a4, letter, "
            "legal, a3, tabloid) or its size as WIDTHxHEIGHT in mm or inches, e.g. 210x297 or 8.5x11in"
            " (see 'printkit build --help')",
        ),
        (
            ["export", "ogrod", "--for", "jpg"],
            "printkit export: invalid value for '--for': 'jpg' is not one of 'png', 'pdf'"
            " (see 'printkit export --help')",
        ),
        (["build"], "printkit build: missing argument 'KIT' (see 'printkit build --help')"),
        (["bild", "ogrod"], "printkit: no such command 'bild'; did you mean 'build'? (see 'printkit --help')"),
        (["xyz"], "printkit: no such command 'xyz' (see 'printkit --help')"),
        (
            ["build", "ogrod", "--papr", "a4"],
            "printkit build: no such option '--papr'; did you mean '--paper'? (see 'printkit build --help')",
        ),
        (
            ["validate", "ogrod", "one", "two"],
            "printkit validate: got unexpected extra arguments (one two) (see 'printkit validate --help')",
        ),
        (
            ["sheets", "ogrod", "--players", "x"],
            "printkit sheets: invalid value for '--players': 'x' is not a valid integer (see 'printkit sheets --help')",
        ),
    ],
)
def test_a_command_line_it_cannot_run_is_one_line_and_exit_1(run, args, line):
    result = run(*args)
    assert (result.code, result.out, result.err) == (1, "", line + "\n")
