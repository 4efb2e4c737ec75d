"""The methods ``@dataclass`` writes, compiled once and kept in the user's cache folder like bytecode.

For every class it decorates, dataclasses writes the source of ``__init__``, ``__repr__``,
``__eq__``, ``__hash__`` (and ``__setattr__``, ``__delattr__`` when frozen) and compiles it with
``exec`` at every start: about 0.5 ms a class on a 2-core machine, 60 ms of a 0.4 s build of kpn
for the ~130 dataclasses it defines (printkit's values and its libraries'). Python keeps no
bytecode of that source; this module does.

The contract:

- ``installed()`` is the console entry's (``start.py``) and lasts the process: while it holds,
  dataclasses' ``exec(source, globals, namespace)`` finds ``run`` here (dataclasses looks the name
  ``exec`` up in its module globals before the builtins). ``run`` compiles each distinct source
  once, as ``exec`` would (no future flags: dataclasses.py has none), and executes the code. The
  same source compiles to the same code, so every class is exactly what dataclasses makes without
  it; ``tests/test_dataclass_code.py`` compares the two, function by function.
- The code objects are kept (marshal, the format of .pyc files) in one file per Python version
  under the user's cache folder, by the rules of ``usercache.py``: never in the installed package,
  atomically, not at all under ``-B``/``PYTHONDONTWRITEBYTECODE``, neither read nor written when
  ``PRINTKIT_NO_SCHEMA_CACHE`` is set. A file that does not load costs the compiles, nothing else.
  It is written only by a start that compiled something new, and holds at most ``MOST`` sources
  (more: only those this start used).
- Only on the Pythons whose dataclasses.py was read for this (``PYTHONS``: 3.10 to 3.14 all call
  ``exec`` with the source text); on another, ``installed()`` changes nothing. The test fails when
  the running Python's dataclasses stops calling ``exec`` so, and the bound is raised only after
  reading the new dataclasses.py.
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import marshal
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from printkit import usercache

PREFIX = "dataclass-code-"
PYTHONS = ((3, 10), (3, 14))  # the first and last minor version whose dataclasses.py was read
# Sources a kept file may hold: 2.5 times the 613 a build of kpn uses, so the commands that use
# others (export, tables) add theirs, while what an older printkit left goes when the file is full
# (it then starts again from what one start used). A full file loads in about 5 ms.
MOST = 1500


class Compiled:
    """The code of every source compiled so far: those read from the cache file and those new."""

    def __init__(self, kept: dict[str, types.CodeType]) -> None:
        self.codes = kept
        self.used: set[str] = set()
        self.new = 0

    def run(self, source: Any, globals: Any = None, locals: Any = None) -> None:
        """``exec`` for dataclasses: the source's code from the store, compiled on first sight."""
        if not isinstance(source, str):
            return builtins.exec(source, globals, locals)
        code = self.codes.get(source)
        if code is None:
            code = self.codes[source] = compile(source, "<string>", "exec", dont_inherit=True)
            self.new += 1
        self.used.add(source)
        return builtins.exec(code, globals, locals)

    def kept(self) -> dict[str, types.CodeType]:
        """What the next start reads: everything, or only what this start used when that is too much."""
        if len(self.codes) <= MOST:
            return self.codes
        return {source: self.codes[source] for source in self.used}


def supported(version: tuple[int, int] | None = None) -> bool:
    first, last = PYTHONS
    return first <= (version or sys.version_info[:2]) <= last


def cache_file() -> Path:
    return usercache.folder() / usercache.file_name(PREFIX, b"", suffix=".marshal")


def _read(path: Path) -> dict[str, types.CodeType]:
    codes = usercache.read(path, loads=marshal.loads)
    if not isinstance(codes, dict):
        return {}
    return {s: c for s, c in codes.items() if isinstance(s, str) and isinstance(c, types.CodeType)}


@contextlib.contextmanager
def installed() -> Iterator[Compiled | None]:
    """Within the block, dataclasses compile through the store (None: not on this Python, or the
    user cache is off); after it, the store is written when it gained a source."""
    if not supported() or not usercache.enabled() or hasattr(dataclasses, "exec"):
        yield None
        return
    path = cache_file()
    compiled = Compiled(_read(path))
    dataclasses.exec = compiled.run  # type: ignore[attr-defined]
    try:
        yield compiled
    finally:
        del dataclasses.exec  # type: ignore[attr-defined]
        if compiled.new:
            usercache.write(path, compiled.kept(), PREFIX, dumps=marshal.dumps)
