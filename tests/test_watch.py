"""`printkit build --watch`: one rebuild per change of the kit or its art, errors printed, Ctrl-C ends it.

The watch runs in a thread, told of changes by the operating system (watchfiles); every wait is
bounded and ends as soon as the build it waits for has happened.
"""

from __future__ import annotations

import os
import threading
import time

import pdfplumber
import pytest

from printkit import pipeline
from printkit.commands import watch
from printkit.commands.new import new_kit

INTERVAL = 0.05
PATIENCE = 30.0  # seconds: a bound for a slow shared machine, never waited out when all is well


class Builds:
    """A build function that counts its runs and lets a test wait for the n-th."""

    def __init__(self, kit, pdf):
        self.kit, self.pdf = kit, pdf
        self.count = 0
        self.ran = threading.Condition()

    def __call__(self) -> None:
        try:
            loaded = pipeline.load(str(self.kit))
            pipeline.write(pipeline.lay_out(loaded, pipeline.context(loaded, None)), self.pdf)
        finally:
            with self.ran:
                self.count += 1
                self.ran.notify_all()

    def wait_for(self, count: int) -> None:
        with self.ran:
            assert self.ran.wait_for(lambda: self.count >= count, timeout=PATIENCE), f"build {count} never came"


@pytest.fixture
def watched(tmp_path):
    """A kit from the template, watched in a thread; yields (kit, builds) and stops the watch after."""
    kit = new_kit("hunt", None, tmp_path)
    builds = Builds(kit, tmp_path / "hunt.pdf")
    stop = threading.Event()
    thread = threading.Thread(target=watch.watch, args=(kit, builds, stop, INTERVAL), daemon=True)
    thread.start()
    builds.wait_for(1)
    yield kit, builds
    stop.set()
    thread.join(PATIENCE)
    assert not thread.is_alive()


def edit(path, old: str, new: str) -> None:
    """Change the file and move its modification time on, as a save in an editor does."""
    stat = path.stat()
    path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))


def settle() -> None:
    """Long enough for several batches of notifications: a second rebuild would have started by now."""
    time.sleep(INTERVAL * 8)


def test_a_change_rebuilds_once(watched, tmp_path):
    kit, builds = watched
    edit(kit, 'en: "Treasure Hunt"}', 'en: "Treasure Hunt II"}')
    builds.wait_for(2)
    settle()
    assert builds.count == 2
    with pdfplumber.open(tmp_path / "hunt.pdf") as pdf:
        assert "Treasure Hunt II" in pdf.pages[0].extract_text()


def test_a_save_by_rename_is_seen_and_other_files_beside_the_kit_are_not(watched, tmp_path):
    """An editor that writes a new file and renames it over the kit is seen by the OS watch of the
    kit file's folder; a file beside the kit that is not its own changes nothing."""
    kit, builds = watched
    (tmp_path / "notes.txt").write_text("not the kit", encoding="utf-8")
    settle()
    assert builds.count == 1
    fresh = tmp_path / ".hunt.yaml.swp-new"
    fresh.write_text(
        kit.read_text(encoding="utf-8").replace('en: "Treasure Hunt"}', 'en: "Treasure Hunt III"}', 1), encoding="utf-8"
    )
    os.replace(fresh, kit)
    builds.wait_for(2)
    settle()
    assert builds.count == 2
    with pdfplumber.open(tmp_path / "hunt.pdf") as pdf:
        assert "Treasure Hunt III" in pdf.pages[0].extract_text()


def test_an_error_is_printed_and_the_watch_goes_on(watched, capsys):
    kit, builds = watched
    edit(kit, "cell: 25mm", "cell: 0")
    builds.wait_for(2)
    edit(kit, "cell: 0", "cell: 25mm")
    builds.wait_for(3)
    settle()
    assert builds.count == 3
    out, err = capsys.readouterr()
    assert "hunt.yaml:35: components[0].cell: 0.0 is out of range" in err and "build failed after" in err
    assert out.count(" built in ") == 1  # the repaired build (the first one ran before the test)


def test_a_change_in_the_art_folder_rebuilds(watched):
    kit, builds = watched
    (kit.parent / "hunt").mkdir()
    (kit.parent / "hunt" / "star.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>", encoding="utf-8")
    builds.wait_for(2)
    settle()
    assert builds.count == 2


def test_ctrl_c_ends_the_watch_cleanly(tmp_path, capsys):
    kit = new_kit("hunt", None, tmp_path)

    def interrupted() -> None:
        raise KeyboardInterrupt

    assert watch.watch(kit, interrupted, threading.Event(), INTERVAL) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "stopped watching"


def test_build_watch_runs_the_build_command_for_the_kit(run, tmp_path, monkeypatch):
    seen = {}

    def once(kit, build, stop=None, step=watch.STEP):
        seen["kit"] = kit
        build()

    monkeypatch.setattr(watch, "watch", once)
    target = tmp_path / "ogrod.pdf"
    result = run("build", "ogrod", "--lang", "en", "-o", str(target), "--watch")
    assert result.code == 0, result.err
    assert seen["kit"].name == "ogrod.yaml"
    assert result.out == f"{target} (2 pages)\n"
    with pdfplumber.open(target) as pdf:
        assert "Dice Garden" in pdf.pages[0].extract_text()


def test_an_entry_that_cannot_be_looked_at_is_skipped(tmp_path, monkeypatch):
    """An entry of the art folder that may not be stat'ed (another user's, a dead mount) was an
    exit 2 of the whole watch; it is left out of the look, and the rest is watched."""
    kit = new_kit("hunt", None, tmp_path)
    (tmp_path / "hunt" / "secret").mkdir(parents=True)
    (tmp_path / "hunt" / "star.svg").write_text("<svg/>", encoding="utf-8")
    forbidden = str(tmp_path / "hunt" / "secret")
    real_stat = os.stat

    def stat(path, *args, **kwargs):
        if os.fspath(path) == forbidden:
            raise PermissionError(13, "Permission denied", forbidden)
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", stat)
    seen = watch.snapshot(kit)
    assert sorted(seen) == [str(kit), str(tmp_path / "hunt" / "star.svg")]


@pytest.mark.parametrize("target", ["/", ".."])
def test_a_folder_that_is_a_link_leading_out_is_not_walked(tmp_path, target):
    """hunt -> / would have walked the whole disk every half second, hunt -> .. everything beside
    the kit; the policy refuses such a folder (the build says why), and the watch looks at the
    kit file only."""
    kit = new_kit("hunt", None, tmp_path)
    (tmp_path / "hunt").symlink_to(target)
    started = time.perf_counter()
    assert list(watch.snapshot(kit)) == [str(kit)]
    assert time.perf_counter() - started < 1.0


def test_a_link_inside_the_folder_is_looked_at_never_followed(tmp_path):
    kit = new_kit("hunt", None, tmp_path)
    (tmp_path / "hunt").mkdir()
    (tmp_path / "hunt" / "root").symlink_to("/")
    assert sorted(watch.snapshot(kit)) == [str(kit), str(tmp_path / "hunt" / "root")]


def test_a_folder_of_too_many_entries_is_watched_no_more_with_one_warning(tmp_path, capsys):
    """Over MAX_ENTRIES entries: one warning line, then the kit file alone is watched (a change
    there rebuilds, one in the folder does not). One look stops at the limit: under a second."""
    kit = new_kit("hunt", None, tmp_path)
    crowded = tmp_path / "hunt" / "crowd"
    crowded.mkdir(parents=True)
    for number in range(watch.MAX_ENTRIES):
        (crowded / f"{number}.txt").touch()
    started = time.perf_counter()
    with pytest.raises(watch.TooMany):
        watch.snapshot(kit)
    assert time.perf_counter() - started < 1.0
    builds = Builds(kit, tmp_path / "hunt.pdf")
    stop = threading.Event()
    thread = threading.Thread(target=watch.watch, args=(kit, builds, stop, INTERVAL), daemon=True)
    thread.start()
    try:
        builds.wait_for(1)
        (tmp_path / "hunt" / "star.svg").write_text("<svg/>", encoding="utf-8")
        settle()
        assert builds.count == 1
        edit(kit, 'en: "Treasure Hunt"}', 'en: "Treasure Hunt II"}')
        builds.wait_for(2)
    finally:
        stop.set()
        thread.join(PATIENCE)
    warnings = [line for line in capsys.readouterr().err.splitlines() if "warning" in line]
    assert warnings == [
        f"warning: {tmp_path / 'hunt'}/ holds over 10,000 files and folders; watching only {kit} from now on (save "
        "it to rebuild)"
    ]
