"""The user's config files (printers.json, presets.json), read and written as hostile input.

A config file is read only when it is a regular file (never a link, a device such as /dev/zero, or
a FIFO that would hang the read), under a size cap, and JSON parses it only after its nesting depth
was counted and with hooks that refuse NaN, Infinity and numbers longer than any setting needs
(a 5,000-digit integer would otherwise stop Python's int() with a traceback). A UTF-8 BOM, as some
editors write, is accepted. Every fault is one line naming the file, and the line where JSON knows
it. Writers hold a lock file around their read-modify-write, so two `printer add` commands run at
once both keep their profile.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import itertools
import json
import math
import os
import re
import stat
import time
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import platformdirs

from printkit.base.errors import kit_error

# A printer's, a stock's or a preset's name; \Z: "$" would let a final newline through.
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}\Z")
MAX_DEPTH = 16  # a config file nests four levels deep (printers > name > stocks > stock > list)
MAX_NUMBER_CHARS = 24  # "-1234.5678901234567e-10": more digits than a double holds is a damaged file
MAX_TEXT = 200  # characters of a name or title read from a config file
# A string (to the end of the text when it is never closed, so that no match is retried: linear
# time on any text) or a bracket.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.DOTALL)
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def read_json(path: Path, max_bytes: int, what: str) -> tuple[str, object] | None:
    """The text and data of the config file ``path`` (``what`` it holds, for the messages), or
    None when there is no such file."""
    raw = _read_regular(path, max_bytes, what)
    if raw is None:
        return None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise kit_error(path, None, "", f"not UTF-8 text; remove the file and add the {what} again") from None
    _check_depth(path, text)
    try:
        data = json.loads(text, parse_int=_whole, parse_float=_decimal, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise kit_error(path, exc.lineno, "", f"not valid JSON, column {exc.colno}: {exc.msg}") from None
    except _Refused as exc:
        raise kit_error(path, None, "", str(exc)) from None
    return text, data


def _read_regular(path: Path, max_bytes: int, what: str) -> bytes | None:
    """The bytes of ``path`` when it is a regular file of at most ``max_bytes``; it is opened
    without following a link and without blocking (a FIFO), and checked by its open handle."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise kit_error(path, None, "", f"is a link; the {what} must be a regular file there") from None
        raise kit_error(path, None, "", f"cannot read the {what} ({exc.strerror})") from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise kit_error(path, None, "", f"not a regular file; the {what} must be one")
        if info.st_size > max_bytes:
            raise kit_error(path, None, "", f"the file is {info.st_size:,} bytes; the {what} take a few hundred")
        raw = os.read(handle, max_bytes + 1)
    except OSError as exc:
        raise kit_error(path, None, "", f"cannot read the {what} ({exc.strerror})") from None
    finally:
        os.close(handle)
    if len(raw) > max_bytes:  # it grew after fstat
        raise kit_error(path, None, "", f"the file is over {max_bytes:,} bytes; the {what} take a few hundred")
    return raw


def _check_depth(path: Path, text: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH before json's recursive parser meets it; brackets
    inside strings do not count."""
    steps = (_DEPTH_STEP.get(token, 0) for token in _TOKEN.findall(text))
    deepest = max(itertools.accumulate(steps, initial=0))
    if deepest > MAX_DEPTH:
        raise kit_error(path, None, "", f"nested {deepest:,} levels deep; a config file nests at most {MAX_DEPTH}")


class _Refused(ValueError):
    """A JSON value no config file holds (NaN, Infinity, a number of hundreds of digits)."""


def _whole(digits: str) -> int:
    if len(digits) > MAX_NUMBER_CHARS:
        raise _Refused(f"a number of {len(digits):,} characters; a setting has at most {MAX_NUMBER_CHARS}")
    return int(digits)


def _decimal(digits: str) -> float:
    if len(digits) > MAX_NUMBER_CHARS:
        raise _Refused(f"a number of {len(digits):,} characters; a setting has at most {MAX_NUMBER_CHARS}")
    value = float(digits)
    if not math.isfinite(value):
        raise _Refused(f"{digits} is beyond any setting's range")
    return value


def _constant(name: str) -> float:
    raise _Refused(f"{name} is not a number a setting holds")


def text_problem(value: object) -> str | None:
    """Why ``value`` cannot be a name or title shown on a line of printkit's output, or None: it
    must be a text of at most MAX_TEXT characters with no control, format (bidi overrides) or
    line-breaking character, which could forge or hide a line."""
    if not isinstance(value, str):
        return f"expected a text, got {json.dumps(value)[:40]}"
    if len(value) > MAX_TEXT:
        return f"{len(value):,} characters; at most {MAX_TEXT}"
    for char in value:
        if unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"):
            return f"holds the control character U+{ord(char):04X}; use printable characters only"
    return None


def shown(name: str) -> str:
    """``name`` as a message may show it: itself when printable, else escaped and shortened."""
    return name if text_problem(name) is None else ascii(name)[:60]


LOCK_WAIT_SECONDS = 10.0


def wait_for_lock(handle: int, lock: Path) -> None:
    """Take the exclusive lock, waiting at most LOCK_WAIT_SECONDS for another printkit to let it go:
    a command stopped while it held the lock (or anything else holding it) never hangs the next one."""
    deadline = time.monotonic() + LOCK_WAIT_SECONDS
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() > deadline:
                raise kit_error(
                    lock, None, "", f"another program has held this lock for {LOCK_WAIT_SECONDS:g} s; try again"
                ) from None
            time.sleep(0.05)


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path``'s lock file (``NAME.lock`` beside it) for the block: the
    read-modify-write of one command finishes before another's starts."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lock = path.with_name(path.name + ".lock")
    try:
        handle = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, 0o600)
    except OSError as exc:
        raise kit_error(lock, None, "", f"cannot lock the file ({exc.strerror}); remove it and try again") from None
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise kit_error(lock, None, "", "not a regular file; remove it and try again")
        wait_for_lock(handle, lock)
        yield
    finally:
        os.close(handle)  # closing releases the lock


def config_folder() -> Path:
    """The user's config folder: ``PRINTKIT_CONFIG_DIR``, else platformdirs' (``$XDG_CONFIG_HOME/printkit``
    on Linux)."""
    folder = os.environ.get("PRINTKIT_CONFIG_DIR")
    return Path(folder or platformdirs.user_config_dir("printkit", appauthor=False))


def line_of(text: str, key: str) -> int | None:
    """The first line holding ``"key":`` (JSON keeps no positions; a name is unique enough here)."""
    needle = json.dumps(key) + ":"
    for number, line in enumerate(text.splitlines(), start=1):
        if needle in line.replace('": ', '":'):
            return number
    return None
