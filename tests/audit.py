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
from printkit import fonts
from printkit.kit import file as kitfile

EVENTS = ("open", "os.listdir", "os.scandir")


class Opened:
    """Every path the process opens (``opened``) or lists (``listed``) while recording, this
    thread only, as real paths."""

    opened: list[str] | None = None
    listed: list[str] = []
    thread: int | None = None

    @classmethod
    def hook(cls, event: str, args: tuple) -> None:
        if event not in EVENTS or cls.opened is None or threading.get_ident() != cls.thread:
            return
        path = args[0] if args else None
        if path is None and event != "open":  # os.listdir() and os.scandir() list the current folder
            path = "."
        if isinstance(path, os.PathLike):
            path = os.fspath(path)
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        if isinstance(path, str):
            (cls.opened if event == "open" else cls.listed).append(os.path.realpath(path))


sys.addaudithook(Opened.hook)


def reads_while(action: Callable[[], object]) -> tuple[list[str], list[str]]:
    """The real paths ``action`` opened, and those it listed, each in order."""
    Opened.opened, Opened.listed, Opened.thread = [], [], threading.get_ident()
    try:
        action()
    finally:
        opened, Opened.opened = Opened.opened, None
    return opened, Opened.listed


def opened_while(action: Callable[[], object]) -> list[str]:
    """The real paths ``action`` opened, in order."""
    return reads_while(action)[0]


def allowed_roots(*extra: Path) -> list[Path]:
    """printkit, its fonts, its user cache and config folders, Python's library (the standard one
    and the installed packages) and ``extra``."""
    roots = [Path(printkit.__file__).parent, fonts.fonts_dir()]
    roots += [Path(sysconfig.get_paths()[key]) for key in ("stdlib", "platstdlib", "purelib", "platlib")]
    roots += [
        Path(platformdirs.user_cache_dir("printkit", appauthor=False)),
        Path(platformdirs.user_config_dir("printkit", appauthor=False)),
    ]
    return [root.resolve() for root in roots + list(extra)]


def printkit_roots() -> list[Path]:
    """What any command of printkit may read besides a kit's own files: allowed_roots and
    printkit's package data but the shipped kits (the schema, the presets)."""
    return allowed_roots(*(path for path in kitfile.data_dir().iterdir() if path.name != "kits"))


def libraries_own() -> tuple[list[Path], list[Path]]:
    """What Python and the libraries read by themselves when they load, whatever the kit: the
    files and folders on sys.path (the import system opens a zip there and lists each folder,
    importlib.metadata lists them too) and reportlab's settings in the home folder
    (``~/.reportlab_settings``, ``~/.reportlab_mods``), which its rl_config reads; and the
    folders it only lists: the system's font folders, which reportlab's rl_settings walks."""
    home = Path.home()
    opened = [Path(entry or ".").resolve() for entry in sys.path]
    opened += [(home / name).resolve() for name in (".reportlab_settings", ".reportlab_mods")]
    walked = ["/usr/share/fonts/type1", "/usr/share/fonts/Type1", "/usr/share/fonts/truetype", "/usr/share/fonts/TTF"]
    return opened, [Path(folder).resolve() for folder in walked]


def outside(paths: list[str], roots: list[Path], exact: list[Path] | None = None) -> list[str]:
    """The paths neither under one of ``roots`` nor one of ``exact`` (by default the files Python
    and its libraries open by themselves, libraries_own)."""
    exact = libraries_own()[0] if exact is None else exact
    return sorted(
        {p for p in paths if not any(Path(p).is_relative_to(root) for root in roots) and Path(p) not in exact}
    )


def read_outside(action: Callable[[], object], roots: list[Path]) -> list[str]:
    """What ``action`` opened outside ``roots``, or listed outside them and the folders Python and
    its libraries list by themselves (libraries_own)."""
    opened, listed = reads_while(action)
    library_files, library_folders = libraries_own()
    return sorted(
        set(outside(opened, roots, library_files)) | set(outside(listed, roots + library_folders, library_files))
    )
