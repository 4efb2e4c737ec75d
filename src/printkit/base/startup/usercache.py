"""Files printkit keeps in the user's cache folder: plain data a start would otherwise work out again.

What they hold (today ``hyphenation_patterns.py``'s parsed hyphenation patterns) is JSON: reading one
runs nothing, whatever it holds. A file is named by everything it is made from, so a file made from
other sources is never read, only replaced. The rules every such file follows:

- It lives in one folder, the user's cache folder (``platformdirs.user_cache_dir("printkit")``, so
  ``$XDG_CACHE_HOME/printkit`` on Linux), never in the installed package. printkit creates the
  folder 0700 and its files 0600, whatever the umask.
- It is trusted as ssh trusts ``~/.ssh``: read only when the folder and the file belong to the
  user and neither is writable by group or others, only when the file is a regular file (no link,
  FIFO or device; checked on the path and again on the opened descriptor) of at most ``MOST_BYTES``,
  read with a bounded read. Any fault (missing, damaged, foreign, too large, not JSON) reads as
  None, "not cached": the caller does the work again. Never an error, a wait or more memory.
- It is written atomically, and not at all when Python writes no bytecode (``-B``,
  ``PYTHONDONTWRITEBYTECODE``). ``PRINTKIT_NO_CACHE`` set to anything turns the cache off: nothing
  is read or written. A folder that cannot be written costs the work again, nothing else.
- A file made from other sources goes only when no start has read it for ``UNUSED_DAYS``: it may
  belong to another printkit installed beside this one (a second venv), and removing it at once
  made two installed versions remove each other's file at every start. Reading a file marks it
  used (its modification time), so a file either version still reads stays.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import sys
import time
from pathlib import Path
from typing import Any

SWITCH = "PRINTKIT_NO_CACHE"
FORMAT = b"printkit-usercache-json-1"  # part of every file's name: a new format never reads an old file
MOST_BYTES = 1 << 20  # the largest file read: English hyphenation patterns take 250 KB
FOLDER_MODE, FILE_MODE = 0o700, 0o600
UNUSED_DAYS = 30
# How a cache file is opened: never through a link, never waiting on a FIFO's writer.
OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
CREATE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def folder() -> Path:
    import platformdirs  # when a cache file is first asked for: it costs a start that needs none 1 ms and up

    return Path(platformdirs.user_cache_dir("printkit", appauthor=False))


def enabled() -> bool:
    return not os.environ.get(SWITCH)


def file_name(prefix: str, made_from: bytes) -> str:
    """The name of the file made from ``made_from`` (and this module's format)."""
    return f"{prefix}{hashlib.sha256(made_from + FORMAT).hexdigest()[:16]}.json"


def trusted(info: os.stat_result, kind: int) -> bool:
    """Whether ``info`` is of ``kind`` (stat.S_IFDIR, stat.S_IFREG), the user's own and writable
    by nobody else: what another user could have planted or changed is never read."""
    owner = getattr(os, "geteuid", None)
    return (
        stat.S_IFMT(info.st_mode) == kind
        and (owner is None or info.st_uid == owner())
        and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    )


def read(path: Path) -> Any:
    """The JSON value the file holds, or None when it is not there or not to be trusted; a file
    read is marked used."""
    data = read_bytes(path) if enabled() else None
    if data is None:
        return None
    try:
        return json.loads(data)
    except (ValueError, RecursionError):  # not JSON (or not UTF-8), a 5,000-digit number, deep nesting
        return None


def read_bytes(path: Path) -> bytes | None:
    """The bytes of ``path`` when the folder and the file are trusted and the file is a regular
    file of at most MOST_BYTES; else None. Checked on the path first, so that no FIFO or device is
    ever opened, and again on the descriptor, so that nothing swapped in between is read."""
    try:
        if not trusted(os.lstat(path.parent), stat.S_IFDIR):
            return None
        seen = os.lstat(path)
        if not trusted(seen, stat.S_IFREG) or seen.st_size > MOST_BYTES:
            return None
        descriptor = os.open(path, OPEN_FLAGS)
    except OSError:
        return None
    try:
        opened = os.fstat(descriptor)
        if (opened.st_dev, opened.st_ino) != (seen.st_dev, seen.st_ino) or not trusted(opened, stat.S_IFREG):
            return None
        data = bounded_read(descriptor, MOST_BYTES)
        if data is not None and not sys.dont_write_bytecode and os.utime in os.supports_fd:
            os.utime(descriptor)
        return data
    except OSError:
        return None
    finally:
        os.close(descriptor)


def bounded_read(descriptor: int, most: int) -> bytes | None:
    """At most ``most`` bytes from ``descriptor``; None when it holds more (it grew meanwhile)."""
    chunks: list[bytes] = []
    size = 0
    while size <= most:
        chunk = os.read(descriptor, most + 1 - size)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
    return None


def write(path: Path, value: Any, prefix: str) -> None:
    """Keep ``value`` (plain JSON data) in ``path`` for the next start, and remove the files of
    ``prefix`` made from other sources that no start has read for ``UNUSED_DAYS``. Nothing when the
    cache is off, Python writes no bytecode, the value would be larger than MOST_BYTES or the folder
    cannot be made the user's own."""
    if sys.dont_write_bytecode or not enabled():
        return
    data = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()
    if len(data) > MOST_BYTES or not own_folder(path.parent):
        return
    partial = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        descriptor = os.open(partial, CREATE_FLAGS, FILE_MODE)
    except OSError:  # a folder we may not write to, or a leftover of a killed start of this pid
        return
    try:
        with os.fdopen(descriptor, "wb") as out:
            os.fchmod(out.fileno(), FILE_MODE)  # whatever the umask
            out.write(data)
        os.replace(partial, path)
        remove_unused(path, prefix)
    except OSError:  # a full disk: the next start does the work again
        with contextlib.suppress(OSError):
            partial.unlink()


def own_folder(path: Path) -> bool:
    """Make ``path`` a folder of the user's alone (0700, whatever the umask) unless it is one; False
    when it cannot be: it is a link or not a folder, or it belongs to someone else."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileExistsError):
            os.mkdir(path, FOLDER_MODE)
        info = os.lstat(path)
        if trusted(info, stat.S_IFDIR) and stat.S_IMODE(info.st_mode) == FOLDER_MODE:
            return True
        if stat.S_ISDIR(info.st_mode) and (not hasattr(os, "geteuid") or info.st_uid == os.geteuid()):
            os.chmod(path, FOLDER_MODE)  # ours, made under umask 000 by an older printkit: ours alone now
            return True
    except OSError:
        pass
    return False


def remove_unused(kept: Path, prefix: str) -> None:
    """Remove the files of ``prefix`` beside ``kept`` (this format's, and an older printkit's) that
    no start has read for ``UNUSED_DAYS``."""
    oldest = time.time() - UNUSED_DAYS * 86400
    for other in kept.parent.glob(f"{prefix}*"):
        with contextlib.suppress(OSError):  # another start may remove it first
            if other != kept and other.lstat().st_mtime < oldest:
                other.unlink()
