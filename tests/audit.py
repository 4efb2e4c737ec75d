"""What a command reads, seen through Python's audit hook (``sys.addaudithook``): every file it
opens ('open' events) and every folder it lists ('os.listdir', 'os.scandir'), and the places a
command may read at all.

One hook for the whole test process (a hook cannot be removed): it records only while a test
asks, and only in the asking thread."""

from __future__ import annotations

import os
import sys
import sysconfig
import threading
from collections.abc import Callable
from pathlib import Path

import platformdirs

import printkit
from printkit import fonts, kitfile

EVENTS = ("open", "os.listdir", "os.scandir")


class Opened:
    """Every path the process opens or lists while ``recording``, this thread only, as real paths."""

    recording: list[str] | None = None
    thread: int | None = None

    @classmethod
    def hook(cls, event: str, args: tuple) -> None:
        if event not in EVENTS or cls.recording is None or threading.get_ident() != cls.thread:
            return
        path = args[0] if args else None
        if path is None and event != "open":  # os.listdir() and os.scandir() list the current folder
            path = "."
        if isinstance(path, os.PathLike):
            path = os.fspath(path)
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        if isinstance(path, str):
            cls.recording.append(os.path.realpath(path))


sys.addaudithook(Opened.hook)


def opened_while(action: Callable[[], object]) -> list[str]:
    """The real paths ``action`` opened or listed, in order."""
    Opened.recording, Opened.thread = [], threading.get_ident()
    try:
        action()
    finally:
        found, Opened.recording = Opened.recording, None
    return found


def allowed_roots(*extra: Path) -> list[Path]:
    """printkit, its fonts, Python's library (the standard one and the installed packages) and ``extra``."""
    roots = [Path(printkit.__file__).parent, fonts.fonts_dir()]
    roots += [Path(sysconfig.get_paths()[key]) for key in ("stdlib", "platstdlib", "purelib", "platlib")]
    return [root.resolve() for root in roots + list(extra)]


def printkit_roots() -> list[Path]:
    """What any command of printkit may read besides a kit's own files: printkit's code and its
    package data but the shipped kits (fonts, schema, presets), the user's cache and config
    folders of printkit, and Python's library."""
    data = kitfile.data_dir()
    package = [path for path in data.iterdir() if path.name != "kits"]
    user = [
        Path(platformdirs.user_cache_dir("printkit", appauthor=False)),
        Path(platformdirs.user_config_dir("printkit", appauthor=False)),
    ]
    return allowed_roots(*package, *user)


def outside(paths: list[str], roots: list[Path]) -> list[str]:
    return sorted({p for p in paths if not any(Path(p).is_relative_to(root) for root in roots)})
