"""The console entry point (``printkit``, ``python -m printkit``): what a start does before
printkit's modules load, then the command (``cli.main``).

The collector is off while the modules load: loading makes tens of thousands of objects
(classes, functions, models) and frees none, and the 100 passes the collector made over them
found nothing (12 ms of a 0.4 s build of kpn). What loaded is then frozen (``gc.freeze``), so
``--watch``'s long session never walks it either. Both are documented CPython API and last only
as long as this process; nothing is changed inside a library, and nothing is read from a cache.

pydantic looks for plugins (the ``pydantic`` entry points of every installed distribution) when it
builds its first schema: printkit uses none, and the search reads each distribution's metadata
(3-8 ms of a build in a venv of 200 packages). ``PYDANTIC_DISABLE_PLUGINS``, pydantic's documented
setting, turns the search off for this process unless the user set it.

Tests call ``cli.main`` in-process and get neither. ``collector_paused`` lives in
base/collector.py, where cli.py finds it too: cli never imports this module, so the one import
below, inside ``main``, is no cycle.
"""

from __future__ import annotations

import os

from printkit.base.collector import collector_paused


def main() -> None:
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")  # printkit uses no pydantic plugin
    with collector_paused(ending=True):  # through loading; cli.main pauses it again for its command
        # Inside the pause on purpose: cli and the modules it loads are imported with the collector off.
        from printkit.cli import main as command
    command()
