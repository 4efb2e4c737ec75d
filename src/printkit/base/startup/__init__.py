"""What printkit does to start faster, all of it here but the collector pause, behind one switch.

- The collector pause (``printkit/start.py``): the console entry loads printkit's modules with the
  cyclic collector off and freezes what loaded (``gc.disable``, ``gc.freeze``: documented CPython
  API, for this process only). It stays in start.py because it must run before anything loads.
- The user cache (``usercache.py``): plain JSON files in the user's cache folder, never code or
  pickles, read only when trusted. What it holds today is a language's parsed hyphenation
  patterns (``hyphenation_patterns.py``), the only place printkit reaches into a library's object
  (pyphen's ``HyphDict``), which ``tests/test_hyphenation_cache.py`` checks against pyphen's own.

``PRINTKIT_NO_CACHE`` set to anything (``usercache.SWITCH``) turns off every cache printkit keeps:
nothing is read from or written to the user's cache folder, and a start parses the patterns again.
No other start-up measure reaches into a library: pydantic builds the kit models' schemas when the
first kit is validated (``defer_build``, its documented setting), and the kind registry is the
kinds' own.
"""
