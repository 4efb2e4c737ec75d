"""The build's progress bar: on stderr once a build has run for a second, only on a terminal."""

from __future__ import annotations

import io
import itertools

from printkit.base import progress
from printkit.cli import main


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def build(tmp_path, monkeypatch, stderr=None) -> None:
    """Build targ; with ``stderr``, that is the process's stderr (set here, after pytest's capture)."""
    monkeypatch.chdir(tmp_path)
    if stderr is not None:
        monkeypatch.setattr("sys.stderr", stderr)
    main(["build", "targ", "-o", str(tmp_path / "targ.pdf")])


def test_a_slow_build_on_a_terminal_shows_a_bar_then_wipes_it(tmp_path, monkeypatch, capsys):
    ticks = itertools.count()
    monkeypatch.setattr(progress, "clock", lambda: next(ticks) * 0.4)  # every look at the clock: 0.4 s later
    terminal = Terminal()
    build(tmp_path, monkeypatch, terminal)
    shown = terminal.getvalue()
    assert "laying out and checking (pl)" not in shown  # the first second shows nothing
    assert "\rdrawing pages [###############...............] 3/6" in shown  # targ: 4 pages, 2 of optional backs
    assert f"\rdrawing pages [{'#' * progress.WIDTH}] 6/6" in shown
    assert "\rwriting the PDF [" in shown
    last = shown.rsplit("\r", 2)
    assert last[-1] == "" and last[-2].strip() == ""  # wiped: the line left is blank
    assert "targ.pdf (6 pages)" in capsys.readouterr().out


def test_a_quick_build_shows_nothing_even_on_a_terminal(tmp_path, monkeypatch):
    monkeypatch.setattr(progress, "clock", lambda: 100.0)
    terminal = Terminal()
    build(tmp_path, monkeypatch, terminal)
    assert terminal.getvalue() == ""


def test_a_slow_build_whose_stderr_is_not_a_terminal_prints_nothing_more(tmp_path, monkeypatch, capsys):
    ticks = itertools.count()
    monkeypatch.setattr(progress, "clock", lambda: next(ticks) * 0.4)
    build(tmp_path, monkeypatch)
    captured = capsys.readouterr()
    assert captured.err == ""
    assert captured.out.splitlines()[0].endswith("targ.pdf (6 pages)")  # then the files beside it
