"""SIGTERM and SIGHUP stop a build as Ctrl-C does; what kill -9 leaves, the next write removes.

Each case is a real `printkit build` process and a real signal, sent while the build writes its
PDF: the child's fsync waits (it is the only way to be sure the signal lands in the write step),
after touching a marker file that says the temporary file exists.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import REPO
from printkit.output.files import STALE_AFTER, write_atomic, write_folder

OLD_PDF = b"%PDF-1.4\n% the kit printed last week\n%%EOF\n"
MINI = REPO / "tests" / "kits" / "mini.yaml"
POKER = REPO / "tests" / "kits" / "poker.yaml"
SLOW_WRITE = """
import os, sys, time
from printkit import cli
marker, *args = sys.argv[1:]
real_fsync = os.fsync
def fsync_after_a_pause(fd):
    open(marker, "w").close()
    time.sleep(60)
    real_fsync(fd)
os.fsync = fsync_after_a_pause
sys.argv = ["printkit", *args]
cli.main()
"""


def build_stopped_in_the_write_step(folder: Path, signum: int) -> subprocess.CompletedProcess:
    """A build of the mini kit into folder/kit.pdf (an old PDF there), sent ``signum`` mid-write;
    its ``args`` end with the process id."""
    target = folder / "kit.pdf"
    target.write_bytes(OLD_PDF)
    return stopped_in_the_write_step(folder, signum, ["build", str(MINI), "-o", str(target)])


def stopped_in_the_write_step(folder: Path, signum: int, args: list[str]) -> subprocess.CompletedProcess:
    """printkit ``args`` run in a child and sent ``signum`` while it writes into ``folder``."""
    marker = folder.parent / f"{folder.name}.writing"
    process = subprocess.Popen(
        [sys.executable, "-c", SLOW_WRITE, str(marker), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while not marker.exists() and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert marker.exists(), process.communicate()[1]
        process.send_signal(signum)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    return subprocess.CompletedProcess([*process.args, process.pid], process.returncode, out, err)


@pytest.mark.parametrize(("signum", "code"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129), (signal.SIGQUIT, 131)])
def test_sigterm_and_sighup_in_the_write_step_keep_the_old_pdf_and_leave_nothing(tmp_path, signum, code):
    folder = tmp_path / "out"
    folder.mkdir()
    result = build_stopped_in_the_write_step(folder, signum)
    assert (result.returncode, result.stderr.splitlines(), result.stdout) == (
        code,
        ["interrupted; no file was left half-written"],
        "",
    )
    assert (folder / "kit.pdf").read_bytes() == OLD_PDF
    assert sorted(p.name for p in folder.iterdir()) == ["kit.pdf"]


def test_what_kill_9_leaves_the_next_build_removes_once_stale(tmp_path, run):
    folder = tmp_path / "out"
    folder.mkdir()
    result = build_stopped_in_the_write_step(folder, signal.SIGKILL)
    assert result.returncode == -signal.SIGKILL
    leftovers = [p for p in folder.iterdir() if p.name != "kit.pdf"]
    assert len(leftovers) == 1
    assert re.fullmatch(rf"\.kit\.pdf\.{result.args[-1]}\.[a-z0-9_]{{8}}\.tmp", leftovers[0].name)
    assert (folder / "kit.pdf").read_bytes() == OLD_PDF
    long_ago = time.time() - STALE_AFTER - 5
    os.utime(leftovers[0], (long_ago, long_ago))
    assert run("build", "tests/kits/mini.yaml", "-o", str(folder / "kit.pdf")).code == 0
    assert sorted(p.name for p in folder.iterdir()) == ["kit.pdf"]
    assert (folder / "kit.pdf").read_bytes().startswith(b"%PDF-1.7")


def test_only_stale_files_of_printkits_own_pattern_whose_process_is_gone_are_removed(tmp_path):
    dead = dead_pid()
    long_ago = time.time() - STALE_AFTER - 5
    kept = {
        f".kit.pdf.{os.getppid()}.abcd1234.tmp": long_ago,  # its process (pytest's parent) still runs
        f".kit.pdf.{dead}.abcd1234.tmp": time.time(),  # a minute has not passed
        f".kit.pdf.{dead}.abcd12345.tmp": long_ago,  # not printkit's pattern (nine characters)
        f".other.pdf.{dead}.abcd1234.tmp": long_ago,  # another output's
        f"kit.pdf.{dead}.abcd1234.tmp": long_ago,  # not hidden: not printkit's
    }
    stale = f".kit.pdf.{dead}.zz_99xyz.tmp"
    for name, when in {**kept, stale: long_ago}.items():
        (tmp_path / name).write_bytes(b"half a PDF")
        os.utime(tmp_path / name, (when, when))
    write_atomic(tmp_path / "kit.pdf", b"%PDF")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*kept, "kit.pdf"])


def dead_pid() -> int:
    """The id of a process that has just ended (and so is running no build)."""
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


# --- an export's temporary folder -----------------------------------------------------------------------------


def export_stopped_in_the_write_step(tmp_path: Path, signum: int) -> tuple[subprocess.CompletedProcess, dict]:
    """An export of the poker kit over an earlier one in tmp_path/out, sent ``signum`` while the
    new folder is written beside it; the result and the earlier export's files."""
    target = tmp_path / "out"
    args = ["export", str(POKER), "--for", "pdf", "-o", str(target)]
    assert subprocess.run([sys.executable, "-m", "printkit", *args]).returncode == 0
    before = {p.name: p.read_bytes() for p in target.iterdir()}
    return stopped_in_the_write_step(target, signum, args), before


def test_sigquit_in_an_exports_write_step_keeps_the_old_folder_and_leaves_nothing(tmp_path):
    result, before = export_stopped_in_the_write_step(tmp_path, signal.SIGQUIT)
    assert (result.returncode, result.stderr.splitlines()) == (131, ["interrupted; no file was left half-written"])
    assert {p.name: p.read_bytes() for p in (tmp_path / "out").iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "out.writing"]


def test_what_kill_9_leaves_of_an_export_the_next_export_removes_once_stale(tmp_path):
    result, before = export_stopped_in_the_write_step(tmp_path, signal.SIGKILL)
    assert {p.name: p.read_bytes() for p in (tmp_path / "out").iterdir()} == before
    assert result.returncode == -signal.SIGKILL
    leftovers = [p for p in tmp_path.iterdir() if p.name not in ("out", "out.writing")]
    assert len(leftovers) == 1 and leftovers[0].is_dir()
    assert re.fullmatch(rf"\.out\.{result.args[-1]}\.[a-z0-9_]{{8}}\.tmp", leftovers[0].name)
    again = [sys.executable, "-m", "printkit", "export", str(POKER), "--for", "pdf", "-o", str(tmp_path / "out")]
    assert subprocess.run(again).returncode == 0
    assert leftovers[0].exists()  # not a minute old yet: perhaps another container's export
    long_ago = time.time() - STALE_AFTER - 5
    os.utime(leftovers[0], (long_ago, long_ago))
    assert subprocess.run(again).returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "out.writing"]


def test_a_stale_folder_of_printkits_pattern_that_is_no_export_is_kept(tmp_path):
    """Only a folder whose marker proves it an export's (or an empty one) is removed as stale."""
    dead = dead_pid()
    long_ago = time.time() - STALE_AFTER - 5
    theirs = tmp_path / f".out.{dead}.abcd1234.tmp"
    theirs.mkdir()
    (theirs / "thesis.pdf").write_bytes(b"%PDF")
    empty = tmp_path / f".out.{dead}.efgh5678.tmp.old"
    empty.mkdir()
    for folder in (theirs, empty):
        os.utime(folder, (long_ago, long_ago))
    write_folder(tmp_path / "out", {"a.txt": b"a"}, "export")
    assert sorted(p.name for p in tmp_path.iterdir()) == [theirs.name, "out"]
