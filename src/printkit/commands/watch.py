"""`printkit build KIT --watch`: rebuild whenever the kit file or its art folder changes.

Polling, not file-system events: every ``interval`` seconds the size and modification time of the
kit file and of every entry under its folder (kits/NAME/) are compared with the last look. That
needs no extra package, works on every system and costs nothing for a kit's handful of files.
A failed build prints its errors and the watch goes on; Ctrl-C ends it.

The folder is walked by the kit's path policy (kitpaths.py): a folder that is a link
is not walked at all (the build refuses it), a link inside is looked at as a link and never
followed, an entry that cannot be looked at is skipped, and a look stops after MAX_ENTRIES
entries: past them the watch says so once and watches the kit file only.
"""

from __future__ import annotations

import gc
import os
import stat
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import click

from printkit.base.errors import PrintkitError, report_internal_error
from printkit.commands import build
from printkit.kit import file as kitfile
from printkit.kit.paths import KitFolder

INTERVAL = 0.5  # seconds between looks
MAX_ENTRIES = 10_000  # files, folders and links under the kit's folder one look walks (a kit has tens)
Snapshot = dict[str, tuple[int, int]]


def run(options: build.BuildOptions) -> None:
    """The build command's own run, again after each change of the kit file or its art."""
    gc.enable()  # a session of many builds: its garbage is collected as usual
    once = replace(options, watch=False)
    watch(kitfile.find_kit(options.kit), lambda: build.run(once))


class TooMany(Exception):
    """The kit's folder holds over MAX_ENTRIES entries."""


def snapshot(kit: Path, with_folder: bool = True, budget: int = MAX_ENTRIES) -> Snapshot:
    """Size and modification time of the kit file and, ``with_folder``, of every entry under its
    folder, as the path policy finds it at this look. TooMany past ``budget`` entries."""
    seen: Snapshot = {}
    look(kit, seen)
    folder = KitFolder.of(kit) if with_folder else None
    if folder is not None and folder.refused is None:
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


def changed(before: Snapshot, after: Snapshot) -> list[str]:
    return sorted(path for path in before.keys() | after.keys() if before.get(path) != after.get(path))


def watch(kit: Path, build: Callable[[], None], stop: threading.Event | None = None, interval: float = INTERVAL) -> int:
    """Build now and after every change until ``stop`` is set or Ctrl-C; returns how many builds ran."""
    stop = stop or threading.Event()
    click.echo(f"watching {kit} and {KitFolder.of(kit)}/ (every {interval:g} s; Ctrl-C stops)")
    seen, with_folder = first_look(kit)
    builds = 0
    try:
        attempt(build)
        builds += 1
        while not stop.wait(interval):
            now, with_folder = first_look(kit) if with_folder else (snapshot(kit, False), False)
            paths = changed(seen, now)
            if paths:
                seen = now
                click.echo(f"{clock()} changed: {', '.join(paths)}")
                attempt(build)
                builds += 1
    except KeyboardInterrupt:
        click.echo("stopped watching")
    return builds


def first_look(kit: Path) -> tuple[Snapshot, bool]:
    """A look at the kit and its folder, and whether to look at the folder from now on: not,
    after one warning line, once it holds over MAX_ENTRIES entries."""
    try:
        return snapshot(kit), True
    except TooMany:
        click.echo(
            f"warning: {KitFolder.of(kit)}/ holds over {MAX_ENTRIES:,} files and folders; watching only {kit} "
            "from now on (save it to rebuild)",
            err=True,
        )
        return snapshot(kit, False), False


def attempt(build: Callable[[], None]) -> None:
    """One build, timed; its errors are printed, never raised, so the watch goes on."""
    started = time.perf_counter()
    try:
        build()
    except PrintkitError as exc:
        click.echo(str(exc), err=True)
        click.echo(
            f"{clock()} build failed after {time.perf_counter() - started:.2f} s; fix the kit and save it again",
            err=True,
        )
        return
    except Exception as exc:  # a bug in printkit: reported like the CLI does, and the watch goes on
        report_internal_error(exc)
        return
    click.echo(f"{clock()} built in {time.perf_counter() - started:.2f} s")


def clock() -> str:
    return time.strftime("%H:%M:%S")
