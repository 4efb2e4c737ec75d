"""Files printkit keeps in the user's cache folder, like bytecode: work a start would repeat.

What they hold (``schema_cache.py``: the kit models' core schemas; ``layout/hyphenation.py``: a
language's parsed hyphenation patterns) is named by everything it is made from, so a file made
from other sources is never read, only replaced. The rules every such file follows:

- It lives under the user's cache folder (``platformdirs.user_cache_dir("printkit")``, so
  ``$XDG_CACHE_HOME/printkit`` on Linux), never in the installed package.
- It is written atomically, and not at all when Python writes no bytecode (``-B``,
  ``PYTHONDONTWRITEBYTECODE``) or when ``PRINTKIT_NO_SCHEMA_CACHE`` is set (then none is read
  either). A folder that cannot be written costs the work again, nothing else.
- A file that is missing, unreadable or damaged reads as None: the caller does the work again.
- A file made from other sources goes only when no start has read it for ``UNUSED_DAYS``: it may
  belong to another printkit installed beside this one (a second venv), and removing it at once
  made two installed versions remove each other's file at every start. Reading a file marks it
  used (its modification time), so a file either version still reads stays.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

# What unpickling a damaged or foreign file may raise; anything else is a bug and is not hidden.
UNUSED_DAYS = 30

UNREADABLE = (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, ValueError, TypeError, KeyError)


def folder() -> Path:
    import platformdirs

    return Path(platformdirs.user_cache_dir("printkit", appauthor=False))


def enabled() -> bool:
    return not os.environ.get("PRINTKIT_NO_SCHEMA_CACHE")


def file_name(prefix: str, made_from: bytes, suffix: str = ".pickle") -> str:
    """The name of the file made from ``made_from`` (with the Python version that pickles it)."""
    return f"{prefix}{hashlib.sha256(made_from + sys.version.encode()).hexdigest()[:16]}{suffix}"


def read(path: Path, loads: Callable[[bytes], Any] = pickle.loads) -> Any:
    """What the file holds, or None when there is none that loads; one that loads is marked used.
    ``loads``: how its bytes become the value (pickle's, or marshal's for code objects)."""
    try:
        value = loads(path.read_bytes())
    except UNREADABLE:
        return None
    if not sys.dont_write_bytecode:
        with contextlib.suppress(OSError):
            os.utime(path)
    return value


def write(path: Path, value: Any, prefix: str, dumps: Callable[[Any], bytes] = pickle.dumps) -> None:
    """Keep ``value`` in ``path`` for the next start, and remove the files of ``prefix`` made from
    other sources that no start has read for ``UNUSED_DAYS``. Nothing when Python writes no bytecode
    or ``value`` does not pickle (``dumps``: pickle's, or marshal's)."""
    if sys.dont_write_bytecode:
        return
    try:
        data = dumps(value)
    except (pickle.PicklingError, AttributeError, TypeError, ValueError):  # e.g. a local function inside
        return
    partial = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial.write_bytes(data)
        partial.replace(path)
        remove_unused(path, prefix)
    except OSError:  # a cache folder we may not write to: the next start does the work again
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)


def remove_unused(kept: Path, prefix: str) -> None:
    """Remove the files of ``prefix`` beside ``kept`` that no start has read for ``UNUSED_DAYS``."""
    oldest = time.time() - UNUSED_DAYS * 86400
    for other in kept.parent.glob(f"{prefix}*{kept.suffix}"):
        with contextlib.suppress(OSError):  # another start may remove it first
            if other != kept and other.stat().st_mtime < oldest:
                other.unlink()
