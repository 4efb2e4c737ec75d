"""The rebuild engine of `printkit build KIT --watch` and `printkit serve KIT`: build, then build
again whenever the kit file, its art, its tables or its fonts change. Both commands run this one
engine (``Rebuilds``) with their own build: --watch writes the PDF, serve keeps it for the browser.

Changes come from the operating system's file notifications (watchfiles: inotify, FSEvents,
ReadDirectoryChangesW), not from looking at the files again and again: a save is seen within
``step`` seconds, and an idle watch costs nothing. Two watchers feed one queue: one on the folder
that holds the kit file, not recursive, keeping only the kit file and the kit's folder's own name
(an editor that saves by writing a new file and renaming it is seen; a folder of other kits is not
walked), and one on the kit's folder, recursive, restarted when that folder appears or goes.
A failed build prints its errors and the watch goes on; Ctrl-C ends it.

The kit's folder is watched only when the kit's path policy (kitpaths.py) would read it: a folder
that is a link is not watched at all (the build refuses it). Before it is watched its entries are
counted, walked as the policy walks (a link inside looked at, never followed, an entry that cannot
be looked at skipped), and the count stops at MAX_ENTRIES: past it the watch says so once and
watches the kit file only, so a folder of a million files costs neither a million notifications
nor a long walk.
"""

from __future__ import annotations

import gc
import os
import queue
import stat
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path

import click
import watchfiles

from printkit.base.errors import PrintkitError, report_internal_error
from printkit.base.records import replace
from printkit.commands import build
from printkit.kit import file as kitfile
from printkit.kit.paths import KitFolder

STEP = 0.02  # seconds a watcher waits after a change for more of the same save before it reports
LOOK = 0.1  # seconds between checks of the stop event while nothing changes
MAX_ENTRIES = 10_000  # files, folders and links under the kit's folder that may be watched (a kit has tens)
Snapshot = dict[str, tuple[int, int]]


def run(options: build.BuildOptions) -> None:
    """The build command's own run, again after each change of the kit file or its art."""
    gc.enable()  # a session of many builds: its garbage is collected as usual
    once = replace(options, watch=False)
    watch(kitfile.find_kit(options.kit), lambda: build.run(once))


def watch(kit: Path, build: Callable[[], None], stop: threading.Event | None = None, step: float = STEP) -> int:
    """Build now and after every change until ``stop`` is set or Ctrl-C; returns how many builds ran."""
    return Rebuilds(kit, build, step).follow(stop or threading.Event())


class Rebuilds:
    """One kit's builds: ``now`` builds at once (serve's switch of language or paper), ``follow``
    builds after every change of the kit's files. A lock keeps two builds from overlapping."""

    def __init__(self, kit: Path, build: Callable[[], None], step: float = STEP):
        self.kit, self.build, self.step = kit, build, step
        self.lock = threading.Lock()
        self.count = 0

    def now(self) -> bool:
        """One build, its errors printed; whether it succeeded."""
        with self.lock:
            succeeded = attempt(self.build)
            self.count += 1
            return succeeded

    def follow(self, stop: threading.Event) -> int:
        """Build now and after every change until ``stop`` is set or Ctrl-C; the builds run so far."""
        click.echo(f"watching {self.kit} and {KitFolder.of(self.kit)}/ (Ctrl-C stops)")
        changes = Changes(self.kit, stop, self.step)
        try:
            changes.start()
            self.now()
            while not stop.is_set():
                paths = changes.next()
                if paths:
                    click.echo(f"{clock()} changed: {', '.join(paths)}")
                    self.now()
        except KeyboardInterrupt:
            click.echo("stopped watching")
        finally:
            changes.close()
        return self.count


class Either:
    """Set when either event is: watchfiles' stop event for a watcher that stops with the watch
    or when it is to be restarted."""

    def __init__(self, first: threading.Event | Either, second: threading.Event):
        self.first, self.second = first, second

    def is_set(self) -> bool:
        return self.first.is_set() or self.second.is_set()


class Changes:
    """The paths of the kit's files the operating system reports changed, from two watchers in
    threads of their own (see the module's docstring); ``next`` returns what changed since."""

    def __init__(self, kit: Path, stop: threading.Event, step: float):
        self.given, self.kit = kit, Path(os.path.realpath(kit))
        self.folder = KitFolder.of(kit)
        self.stop, self.step_ms = stop, max(1, round(step * 1000))
        self.closed, self.restart = threading.Event(), threading.Event()
        self.found: queue.Queue[set[str]] = queue.Queue()
        self.threads = [
            threading.Thread(target=self.follow_kit_file, name="printkit-watch-kit", daemon=True),
            threading.Thread(target=self.follow_folder, name="printkit-watch-folder", daemon=True),
        ]
        self.warned = False

    def start(self) -> None:
        for thread in self.threads:
            thread.start()

    def close(self) -> None:
        self.closed.set()
        for thread in self.threads:
            if thread.is_alive():
                thread.join(5.0)

    def next(self) -> list[str]:
        """What changed, in order, once at least one change came (several saves that came close
        together are one change); [] after LOOK seconds without one."""
        try:
            paths = self.found.get(timeout=LOOK)
        except queue.Empty:
            return []
        while not self.found.empty():
            paths |= self.found.get_nowait()
        return sorted(paths)

    def ended(self) -> Either:
        return Either(self.stop, self.closed)

    def follow_kit_file(self) -> None:
        """The kit file's folder, not recursive: the kit file, and the kit's folder made or removed."""
        own_folder = str(self.kit.parent / self.kit.stem)
        wanted = {str(self.kit), own_folder}
        for batch in self.watched([self.kit.parent], False, lambda change, path: path in wanted, self.ended()):
            if own_folder in batch:
                self.restart.set()
            self.found.put(batch)

    def follow_folder(self) -> None:
        """The kit's folder, recursive, watched anew each time it is made or removed."""
        while not self.ended().is_set():
            self.restart.clear()
            folder = self.watchable_folder()
            if folder is None:
                self.restart.wait(LOOK)
                continue
            for batch in self.watched([folder], True, watchfiles.DefaultFilter(), Either(self.ended(), self.restart)):
                self.found.put(batch)

    def watched(
        self, paths: list[Path], recursive: bool, wanted: Callable[[watchfiles.Change, str], bool], stop: Either
    ) -> Iterable[set[str]]:
        """The batches of changed paths watchfiles reports under ``paths`` until ``stop``; nothing
        when a path cannot be watched (gone, not ours to read)."""
        try:
            for batch in watchfiles.watch(
                *paths,
                watch_filter=wanted,
                step=self.step_ms,
                stop_event=stop,
                rust_timeout=round(LOOK * 1000),
                recursive=recursive,
                raise_interrupt=False,
                ignore_permission_denied=True,
            ):
                yield {path for _, path in batch}
        except (OSError, RuntimeError):  # the folder went while it was being watched: watched anew
            return

    def watchable_folder(self) -> Path | None:
        """The kit's folder as the path policy reads it, when it is there and holds at most
        MAX_ENTRIES entries (else one warning, and None from then on)."""
        folder = self.folder
        if folder.refused is not None or not folder.real.is_dir() or self.warned:
            return None
        try:
            snapshot(self.kit)
        except TooMany:
            self.warned = True
            click.echo(
                f"warning: {folder}/ holds over {MAX_ENTRIES:,} files and folders; watching only {self.given} "
                "from now on (save it to rebuild)",
                err=True,
            )
            return None
        return folder.real


class TooMany(Exception):
    """The kit's folder holds over MAX_ENTRIES entries."""


def snapshot(kit: Path, budget: int = MAX_ENTRIES) -> Snapshot:
    """Size and modification time of the kit file and of every entry under its folder, as the
    path policy finds it at this look. TooMany past ``budget`` entries."""
    seen: Snapshot = {}
    look(kit, seen)
    folder = KitFolder.of(kit)
    if folder.refused is None:
        walk(folder.real, seen, budget)
    return seen


def look(path: Path | str, seen: Snapshot, follow: bool = True) -> os.stat_result | None:
    """``path``'s modification time and size into ``seen``, and its stat; nothing when it cannot
    be looked at (removed between listing and looking, saved by rename just now, not ours to stat)."""
    try:
        found = os.stat(path, follow_symlinks=follow)
    except (OSError, ValueError):
        return None
    seen[str(path)] = (found.st_mtime_ns, found.st_size)
    return found


def walk(top: Path, seen: Snapshot, budget: int) -> None:
    """Every entry under ``top`` into ``seen``, folders walked but never through a link; TooMany
    past ``budget`` entries. A folder that cannot be listed is skipped."""
    folders, count = [str(top)], 0
    while folders:
        try:
            with os.scandir(folders.pop()) as entries:
                for entry in entries:
                    count += 1
                    if count > budget:
                        raise TooMany
                    found = look(entry.path, seen, follow=False)
                    if found is not None and stat.S_ISDIR(found.st_mode):
                        folders.append(entry.path)
        except OSError:
            continue


def attempt(build: Callable[[], None]) -> bool:
    """One build, timed; its errors are printed, never raised, so the watch goes on. Whether it
    succeeded."""
    started = time.perf_counter()
    try:
        build()
    except PrintkitError as exc:
        click.echo(str(exc), err=True)
        click.echo(
            f"{clock()} build failed after {time.perf_counter() - started:.2f} s; fix the kit and save it again",
            err=True,
        )
        return False
    except Exception as exc:  # a bug in printkit: reported like the CLI does, and the watch goes on
        report_internal_error(exc)
        return False
    click.echo(f"{clock()} built in {time.perf_counter() - started:.2f} s")
    return True


def clock() -> str:
    return time.strftime("%H:%M:%S")
