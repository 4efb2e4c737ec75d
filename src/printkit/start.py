"""The console entry point (``printkit``, ``python -m printkit``): what a start does before
printkit's modules load, then the command (``cli.main``).

The collector is off while the modules load: loading makes tens of thousands of objects
(classes, functions, models) and frees none, and the 100 passes the collector made over them
found nothing (12 ms of a 0.4 s build of kpn). What loaded is then frozen (``gc.freeze``), so
``--watch``'s long session never walks it either. Both are documented CPython API and last only
as long as this process; nothing else is changed in a library, and nothing is read from a cache.

Tests call ``cli.main`` in-process and get neither. ``collector_paused`` lives in
base/collector.py, where cli.py finds it too: cli never imports this module, so the one import
below, inside ``main``, is no cycle.
"""

from __future__ import annotations

from printkit.base.collector import collector_paused


def main() -> None:
    with collector_paused(ending=True):  # through loading; cli.main pauses it again for its command
        # Inside the pause on purpose: cli and the modules it loads are imported with the collector off.
        from printkit.cli import main as command
    command()
