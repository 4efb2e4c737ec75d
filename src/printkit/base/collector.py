"""The cyclic garbage collector paused while modules load or a command runs (documented CPython API).

It lives in base, not in start.py: the console entry (start.py) pauses it before cli.py loads,
and cli.py pauses it again for its command, so both import it and neither imports the other's
module for it (start imports cli; cli never imports start).
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


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
