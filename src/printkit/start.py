"""The console entry point (``printkit``, ``python -m printkit``): what a start does before
printkit's modules load, then the command (``cli.main``).

The collector is off while the modules load: loading makes tens of thousands of objects
(classes, functions, models) and frees none, and the 100 passes the collector made over them
found nothing (12 ms of a 0.4 s build of kpn). What loaded is then frozen (``gc.freeze``), so
``--watch``'s long session never walks it either. Both are documented CPython API and last only
as long as this process; nothing else is changed in a library, and nothing is read from a cache.

Tests call ``cli.main`` in-process and get neither. ``collector_paused`` lives here, not in
cli.py, because the entry pauses the collector before cli.py (and click) load.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


def main() -> None:
    with collector_paused(ending=True):  # through loading; cli.main pauses it again for its command
        from printkit.cli import main as command
    command()


@contextlib.contextmanager
def collector_paused(ending: bool = False) -> Iterator[None]:
    """No cyclic garbage collection while modules load or a command runs, then the collector as it was.

    A build makes hundreds of thousands of small objects and frees few; the collector's passes
    over them cost a tenth of a build and find nothing, as printkit's data holds no cycles.
    ``--watch`` turns it back on for its long session.

    ``ending``: the command is the process's own and the process ends after it. Its objects are
    then frozen (gc.freeze, made for processes about to fork or end) before the collector comes
    back: else the collector's next pass walks every object the command made, all of them still
    in its youngest generation (15 ms after a build of kpn), and Python's last full collection at
    shutdown walks them again (30 ms). Memory goes back with the process."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if ending:
            gc.freeze()
        if was_on:
            gc.enable()
