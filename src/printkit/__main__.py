"""``python -m printkit``: the console entry (start.py), with the current folder off sys.path.

With ``-m`` Python puts the current folder first on sys.path, and printkit is run in a kit's
folder: a ``yaml.py``, ``reportlab.py`` or ``reportlab_settings.py`` there (or a ``__future__.py``,
which start.py's first line imports) would be imported, and run, in place of the library. So
before anything else of printkit loads, every entry naming the current folder, and every
relative entry (it names a folder inside the current one), is taken off; printkit's own modules
are found through its package, and every later import, lazy ones included, through the rest.

What Python itself imports from there before this runs cannot be helped here: ``python -m`` in
a folder holding ``printkit.py`` runs that file instead of printkit, and one holding
``contextlib.py`` (or another module runpy needs) runs it first. The ``printkit`` command, or
``python -P -m printkit`` (Python 3.11), never looks in the current folder. This module imports
only ``os`` and ``sys``, both loaded before any folder is searched.
"""

import os
import sys


def without_current_folder(path: list[str]) -> list[str]:
    """``path`` without the current folder: '' or a relative entry, or one that is the current folder."""
    try:
        here = os.path.realpath(os.getcwd())
    except OSError:  # the current folder was removed: only its relative spellings can name it
        here = None
    return [entry for entry in path if os.path.isabs(entry) and os.path.realpath(entry) != here]


sys.path[:] = without_current_folder(sys.path)

from printkit.start import main  # noqa: E402  (after sys.path is cleaned, on purpose)

main()
