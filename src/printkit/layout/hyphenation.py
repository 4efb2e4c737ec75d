"""Where a word may be hyphenated, by the language's TeX patterns (pyphen ships pl, cs and en).

A cut keeps at least two letters before it and three after it, a word of seven letters or fewer
is never cut ("do-staje", "wy-biera" read as a stumble in a short word, for a line that gains
little), and words holding digits, a hyphen or a slash are never cut ("18–20", "ABC/CBA",
"czarno-biały" stay whole).
"""

from __future__ import annotations

import functools
import re
from typing import Any

from printkit.base.startup.hyphenation_patterns import parsed_patterns

PATTERNS = {"pl": "pl_PL", "cs": "cs_CZ", "en": "en_GB"}
_LETTERS = re.compile(r"^([^\w]*)(\w+)([^\w]*)$")
LEFT, RIGHT = 2, 3  # the fewest letters a cut leaves before and after it
MIN_WORD = 8  # letters; a shorter word is never cut


class Hyphenator:
    """A language's hyphenation. Its patterns are read when the first word asks to be cut, not
    when a paragraph is wrapped: most paragraphs (every card of a deck) fit without a cut, and
    parsing the Polish patterns costs 25 ms (the English ones 65 ms), so once parsed they are
    kept in the user's cache folder as JSON (``base/startup/``), which later starts read in a
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
