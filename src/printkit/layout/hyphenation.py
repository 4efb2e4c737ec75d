"""Where a word may be hyphenated, by the language's TeX patterns (pyphen ships pl, cs and en).

A cut keeps at least two letters before it and three after it, and words holding digits, a
hyphen or a slash are never cut ("18–20", "ABC/CBA", "czarno-biały" stay whole).
"""

from __future__ import annotations

import functools
import re
from typing import Any

PATTERNS = {"pl": "pl_PL", "cs": "cs_CZ", "en": "en_GB"}
_LETTERS = re.compile(r"^([^\w]*)(\w+)([^\w]*)$")
MIN_WORD = 6  # letters; a shorter word is never cut


class Hyphenator:
    """A language's hyphenation. Its patterns are read when the first word asks to be cut, not
    when a paragraph is wrapped: most paragraphs (every card of a deck) fit without a cut, and
    parsing the Polish patterns costs 25 ms (the English ones 65 ms), so once parsed they are
    kept in the user's cache folder (``usercache.py``), which later starts read in 2 ms."""

    def __init__(self, lang: str):
        self.lang = lang

    @functools.cached_property
    def _dictionary(self) -> Any:
        import pyphen  # type: ignore[import-untyped]

        path = pyphen.LANGUAGES[pyphen.language_fallback(PATTERNS[self.lang])]
        if path not in pyphen.hdcache:
            pyphen.hdcache[path] = parsed_patterns(self.lang, path)
        return pyphen.Pyphen(lang=PATTERNS[self.lang], left=2, right=3)

    def points(self, word: str) -> tuple[int, ...]:
        """The positions in ``word`` (counted in characters) where it may be cut, first to last."""
        return _points(self, word)


def parsed_patterns(lang: str, path: Any) -> Any:
    """pyphen's parsed patterns of the dictionary file ``path`` (a ``pyphen.HyphDict``): from the
    user's cache folder when a start made them from the same file with the same pyphen, else
    parsed and kept there."""
    import pyphen

    from printkit import usercache

    if not usercache.enabled():
        return pyphen.HyphDict(path)
    prefix = f"hyphenation-{lang}-"
    made_from = path.read_bytes() + str(getattr(pyphen, "__version__", "")).encode()
    cached = usercache.folder() / usercache.file_name(prefix, made_from)
    patterns = usercache.read(cached)
    if not isinstance(patterns, pyphen.HyphDict):
        patterns = pyphen.HyphDict(path)
        usercache.write(cached, patterns, prefix)  # before any word fills its cache of answers
    return patterns


@functools.lru_cache(maxsize=8192)
def _points(hyphenator: Hyphenator, word: str) -> tuple[int, ...]:
    match = _LETTERS.match(word)
    if match is None or len(match.group(2)) < MIN_WORD or any(ch.isdigit() for ch in word):
        return ()
    lead = len(match.group(1))
    return tuple(lead + point for point in hyphenator._dictionary.positions(match.group(2)))


@functools.cache
def hyphenator(lang: str | None) -> Hyphenator | None:
    """The language's hyphenator, or None for no hyphenation (or a language without patterns)."""
    return Hyphenator(lang) if lang in PATTERNS else None
