"""A language's parsed hyphenation patterns kept in the user's cache folder (``usercache.py``) as
plain JSON, and pyphen's ``HyphDict`` made again from them: parsing the Polish TeX patterns costs
25 ms of a start (the English ones 65 ms), reading them back a fifth of that.

The ``HyphDict`` is made without its ``__init__``, with the attributes that ``__init__`` leaves
(``patterns``, ``cache``, ``maxlen``): ``tests/test_hyphenation_cache.py`` fails when a pyphen keeps
anything else, and pyphen is bounded below 1 in pyproject.toml.
"""

from __future__ import annotations

from typing import Any

from printkit.base.startup import usercache

# The most a cached language may hold: pyphen's English has 13,932 patterns, the longest of 19 letters.
MOST_PATTERNS, LONGEST_PATTERN = 50_000, 64


def parsed_patterns(lang: str, path: Any) -> Any:
    """pyphen's parsed patterns (a ``pyphen.HyphDict``) of the dictionary file ``path``: from the
    user's cache folder when a start kept them from the same file with the same pyphen, else parsed
    and kept there."""
    import pyphen  # type: ignore[import-untyped]  # when the first word is to be cut, not at import

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
