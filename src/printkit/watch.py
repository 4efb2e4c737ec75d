"""`printkit build KIT --watch`: rebuild whenever the kit file or its art folder changes.

Polling, not file-system events: every ``interval`` seconds the size and modification time of the
kit file and of every file under its folder (kits/NAME/) are compared with the last look. That
needs no extra package, works on every system and costs nothing for a kit's handful of files.
A failed build prints its errors and the watch goes on; Ctrl-C ends it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import click

from printkit.errors import PrintkitError, report_internal_error

INTERVAL = 0.5  # seconds between looks
Snapshot = dict[str, tuple[int, int]]


def snapshot(kit: Path) -> Snapshot:
    """Size and modification time of the kit file and of every file in its art folder."""
    seen: Snapshot = {}
    folder = kit.parent / kit.stem
    paths = [kit] + (sorted(p for p in folder.rglob("*") if p.is_file()) if folder.is_dir() else [])
    for path in paths:
        try:
            stat = path.stat()
        except OSError:  # removed between listing and looking, or saved by rename just now
            continue
        seen[str(path)] = (stat.st_mtime_ns, stat.st_size)
    return seen


def changed(before: Snapshot, after: Snapshot) -> list[str]:
    return sorted(path for path in before.keys() | after.keys() if before.get(path) != after.get(path))


def watch(kit: Path, build: Callable[[], None], stop: threading.Event | None = None, interval: float = INTERVAL) -> int:
    """Build now and after every change until ``stop`` is set or Ctrl-C; returns how many builds ran."""
    stop = stop or threading.Event()
    folder = kit.parent / kit.stem
    click.echo(f"watching {kit} and {folder}/ (every {interval:g} s; Ctrl-C stops)")
    seen = snapshot(kit)
    builds = 0
    try:
        attempt(build)
        builds += 1
        while not stop.wait(interval):
            now = snapshot(kit)
            paths = changed(seen, now)
            if paths:
                seen = now
                click.echo(f"{clock()} changed: {', '.join(paths)}")
                attempt(build)
                builds += 1
    except KeyboardInterrupt:
        click.echo("stopped watching")
    return builds


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
