"""The console entry point (``printkit``, ``python -m printkit``): what a start does before
printkit's modules load, then the command (``cli.main``).

Two things make loading cheaper, and both last only as long as this process:

- The collector is off while the modules load: loading makes tens of thousands of objects
  (classes, functions, models) and frees none, and the 100 passes the collector made over them
  found nothing (12 ms of a 0.4 s build of kpn). What loaded is then frozen (``gc.freeze``), so
  ``--watch``'s long session never walks it either.
- dataclasses' methods compile through ``dataclass_code.py`` (60 ms of the same build).

Tests call ``cli.main`` in-process and get neither.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


def main() -> None:
    with contextlib.ExitStack() as stack:
        with collector_off():
            from printkit import dataclass_code

            stack.enter_context(dataclass_code.installed())
            from printkit.cli import main as command
        command()


@contextlib.contextmanager
def collector_off() -> Iterator[None]:
    """No collector pass while modules load; what they made is frozen, then the collector is back."""
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.enable()
