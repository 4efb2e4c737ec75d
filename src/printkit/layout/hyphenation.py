"""Where a word may be hyphenated, by the language's TeX patterns (pyphen ships pl, cs and en).

A cut keeps at least two letters before it and three after it, and words holding digits, a
hyphen or a slash are never cut ("18–20", "ABC/CBA", "czarno-biały" stay whole).
"""

from __future__ import annotations

import functools
import re
from typing import Any

from printkit.base import usercache

PATTERNS = {"pl": "pl_PL", "cs": "cs_CZ", "en": "en_GB"}
_LETTERS = re.compile(r"^([^\w]*)(\w+)([^\w]*)$")
LEFT, RIGHT = 2, 3  # the fewest letters a cut leaves before and after it
MIN_WORD = 6  # letters; a shorter word is never cut
# The most a cached language may hold: pyphen's English has 13,932 patterns, the longest of 19 letters.
MOST_PATTERNS, LONGEST_PATTERN = 50_000, 64


class Hyphenator:
    """A language's hyphenation. Its patterns are read when the first word asks to be cut, not
    when a paragraph is wrapped: most paragraphs (every card of a deck) fit without a cut, and
    parsing the Polish patterns costs 25 ms (the English ones 65 ms), so once parsed they are
    kept in the user's cache folder (``usercache.py``) as JSON, which later starts read in a
    fifth of that."""

    def __init__(self, lang: str):
        self.lang = lang

    @functools.cached_property
    def _dictionary(self) -> Any:
        import pyphen  # type: ignore[import-untyped]

        return parsed_patterns(self.lang, pyphen.LANGUAGES[pyphen.language_fallback(PATTERNS[self.lang])])

    def points(self, word: str) -> tuple[int, ...]:
        """The positions in ``word`` (counted in characters) where it may be cut, first to last."""
        return _points(self, word)


def parsed_patterns(lang: str, path: Any) -> Any:
    """pyphen's parsed patterns (a ``pyphen.HyphDict``) of the dictionary file ``path``: from the
    user's cache folder when a start kept them from the same file with the same pyphen, else parsed
    and kept there."""
    import pyphen

    if not usercache.enabled():
        return pyphen.HyphDict(path)
    prefix = f"hyphenation-{lang}-"
    made_from = path.read_bytes() + str(getattr(pyphen, "__version__", "")).encode()
    cached = usercache.folder() / usercache.file_name(prefix, made_from)
    patterns = patterns_from(usercache.read(cached))
    if patterns is not None:
        return dictionary(pyphen.HyphDict, patterns)
    parsed = pyphen.HyphDict(path)
    data = as_data(parsed.patterns)
    if data is not None:
        usercache.write(cached, data, prefix)
    return parsed


def dictionary(kind: Any, patterns: dict[str, tuple[int, tuple[int, ...]]]) -> Any:
    """A ``pyphen.HyphDict`` (``kind``) of patterns parsed before: what its ``__init__`` leaves once it
    parsed them (``tests/test_hyphenation_cache.py`` fails when a pyphen keeps anything else)."""
    made = kind.__new__(kind)
    made.patterns = patterns
    made.cache = {}
    made.maxlen = max(len(key) for key in patterns)
    return made


def patterns_from(value: Any) -> dict[str, tuple[int, tuple[int, ...]]] | None:
    """The patterns a cache file holds (``as_data``'s), as pyphen keeps them: for each letter
    sequence, where its values start and the values (digits of TeX's patterns); None when ``value``
    is not exactly that shape. The few distinct value tuples are made once each."""
    if not isinstance(value, dict) or not 0 < len(value) <= MOST_PATTERNS:
        return None
    patterns: dict[str, tuple[int, tuple[int, ...]]] = {}
    made: dict[str, tuple[int, ...]] = {}
    for key, item in value.items():
        if type(item) is not list or len(item) != 2 or len(key) > LONGEST_PATTERN:
            return None
        start, digits = item
        if type(start) is not int or type(digits) is not str or not (digits.isascii() and digits.isdigit()):
            return None
        if not 0 <= start <= len(key) + 1 - len(digits):  # a value sits before, between or after letters
            return None
        values = made.get(digits)
        if values is None:
            values = made[digits] = tuple(map(int, digits))
        patterns[key] = (start, values)
    return patterns


def as_data(patterns: dict[str, tuple[int, tuple[Any, ...]]]) -> dict[str, list[Any]] | None:
    """pyphen's parsed patterns as plain JSON data, ``{"letters": [start, "digits"]}``; None when a
    value is not a plain digit (pyphen's values of a non-standard hyphenation carry more: not kept)."""
    if not all(type(value) is int and 0 <= value <= 9 for _, values in patterns.values() for value in values):
        return None
    return {key: [start, "".join(map(str, values))] for key, (start, values) in patterns.items()}


@functools.lru_cache(maxsize=8192)
def _points(hyphenator: Hyphenator, word: str) -> tuple[int, ...]:
    match = _LETTERS.match(word)
    if match is None or len(match.group(2)) < MIN_WORD or any(ch.isdigit() for ch in word):
        return ()
    lead = len(match.group(1))
    letters = match.group(2)
    cuts = hyphenator._dictionary.positions(letters)
    return tuple(lead + point for point in cuts if LEFT <= point <= len(letters) - RIGHT)


@functools.cache
def hyphenator(lang: str | None) -> Hyphenator | None:
    """The language's hyphenator, or None for no hyphenation (or a language without patterns)."""
    return Hyphenator(lang) if lang in PATTERNS else None
