"""A language's hyphenation patterns kept in the user's cache folder (usercache.py) as JSON: a start
that reads them cuts every word where pyphen's own hyphenation cuts it, and a file that is not
exactly that shape is parsed again and replaced."""

from __future__ import annotations

import json
import os
import re
import sys
import time
from pathlib import Path

import pyphen
import pytest

from conftest import REPO
from printkit.base.startup import hyphenation_patterns, usercache
from printkit.layout import hyphenation

LANGS = sorted(hyphenation.PATTERNS)


def dictionary_file(lang: str) -> Path:
    return pyphen.LANGUAGES[pyphen.language_fallback(hyphenation.PATTERNS[lang])]


def kit_words() -> list[str]:
    """Every word the hyphenator may cut (hyphenation.MIN_WORD letters or more) in the shipped kits,
    in any of their languages."""
    text = " ".join(path.read_text(encoding="utf-8") for path in sorted((REPO / "kits").glob("*.yaml")))
    return sorted(set(re.findall(rf"[^\W\d_]{{{hyphenation.MIN_WORD},}}", text)))


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setattr(usercache, "folder", lambda: tmp_path / "cache")
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.delenv(usercache.SWITCH, raising=False)
    return tmp_path / "cache"


def kept_file(cache: Path, lang: str) -> Path:
    [kept] = cache.glob(f"hyphenation-{lang}-*.json")
    return kept


@pytest.mark.parametrize("lang", LANGS)
def test_cached_patterns_cut_every_word_as_pyphens_own(cache, lang):
    parsed = hyphenation_patterns.parsed_patterns(lang, dictionary_file(lang))  # none kept yet: parses, keeps
    kept_file(cache, lang)
    read = hyphenation_patterns.parsed_patterns(lang, dictionary_file(lang))
    assert read is not parsed and isinstance(read, pyphen.HyphDict)
    own = pyphen.HyphDict(dictionary_file(lang))
    # what pyphen's __init__ leaves, and nothing else: fails when a pyphen keeps more
    assert vars(read).keys() == vars(own).keys() == {"patterns", "cache", "maxlen"}
    assert (read.patterns, read.maxlen) == (own.patterns, own.maxlen)
    words = kit_words()
    assert len(words) > 500
    theirs = pyphen.Pyphen(lang=hyphenation.PATTERNS[lang], left=hyphenation.LEFT, right=hyphenation.RIGHT)
    hyphenator = hyphenation.Hyphenator(lang)
    assert hyphenator._dictionary.patterns == own.patterns  # read from the file kept above
    assert [hyphenator.points(word) for word in words] == [tuple(theirs.positions(word)) for word in words]


def test_the_file_is_plain_json_of_the_patterns(cache):
    hyphenation_patterns.parsed_patterns("pl", dictionary_file("pl"))
    kept = json.loads(kept_file(cache, "pl").read_bytes())
    own = pyphen.HyphDict(dictionary_file("pl")).patterns
    assert kept == {key: [start, "".join(map(str, values))] for key, (start, values) in own.items()}
    assert all(all(0 <= digit <= 9 for digit in values) for _, values in own.values())


def test_patterns_with_more_than_digits_are_not_kept():
    """pyphen's values of a non-standard hyphenation (``AlternativeParser``) are ints with data."""

    class Carrying(int):
        data = ("ff=f", 1, 1)

    assert hyphenation_patterns.as_data({"abc": (0, (1, Carrying(2)))}) is None
    assert hyphenation_patterns.as_data({"abc": (0, (1, 12))}) is None
    assert hyphenation_patterns.as_data({"abc": (1, (1, 2))}) == {"abc": [1, "12"]}


def with_one_pattern(good: dict, value: object) -> dict:
    return {**good, next(iter(good)): value}


SHAPES = {
    "a list": lambda good: list(good.items()),
    "no patterns": lambda good: {},
    "a number for a pattern": lambda good: with_one_pattern(good, 7),
    "a list of digits": lambda good: with_one_pattern(good, [0, [1]]),
    "a letter among the digits": lambda good: with_one_pattern(good, [0, "1a"]),
    "a non-ASCII digit": lambda good: with_one_pattern(good, [0, "\u0661"]),
    "no digits": lambda good: with_one_pattern(good, [0, ""]),
    "a negative start": lambda good: with_one_pattern(good, [-1, "1"]),
    "a true for the start": lambda good: with_one_pattern(good, [True, "1"]),
    "more values than the pattern has gaps": lambda good: with_one_pattern(good, [0, "1" * 40]),
    "three items": lambda good: with_one_pattern(good, [0, "1", 2]),
    "a pattern of 65 letters": lambda good: {**good, "a" * 65: [0, "1"]},
    "too many patterns": lambda good: {f"x{n}": [0, "1"] for n in range(hyphenation_patterns.MOST_PATTERNS + 1)},
}


@pytest.mark.parametrize("shape", SHAPES)
def test_a_file_of_another_shape_is_parsed_again_and_replaced(cache, shape):
    hyphenation_patterns.parsed_patterns("cs", dictionary_file("cs"))
    kept = kept_file(cache, "cs")
    good = json.loads(kept.read_bytes())
    kept.write_text(json.dumps(SHAPES[shape](good)))
    assert hyphenation_patterns.patterns_from(usercache.read(kept)) is None
    again = hyphenation_patterns.parsed_patterns("cs", dictionary_file("cs"))
    assert again.patterns == pyphen.HyphDict(dictionary_file("cs")).patterns
    assert json.loads(kept.read_bytes()) == good  # replaced by the good one


def test_a_damaged_file_is_parsed_again_and_replaced(cache):
    hyphenation_patterns.parsed_patterns("pl", dictionary_file("pl"))
    kept = kept_file(cache, "pl")
    whole = kept.read_bytes()
    kept.write_bytes(whole[:5])
    again = hyphenation_patterns.parsed_patterns("pl", dictionary_file("pl"))
    assert again.patterns == pyphen.HyphDict(dictionary_file("pl")).patterns
    assert kept.read_bytes() == whole
    assert [p.name for p in cache.glob("hyphenation-pl-*")] == [kept.name]


def unused_for(path: Path, days: float) -> None:
    """Make ``path`` look as if no start had read it for ``days``."""
    then = time.time() - days * 86400
    os.utime(path, (then, then))


def test_an_unused_older_file_of_the_language_goes_and_the_others_stay(cache):
    cache.mkdir(mode=0o700)
    older, other = cache / "hyphenation-pl-0123456789abcdef.json", cache / "hyphenation-cs-0123456789abcdef.json"
    pickled = cache / "hyphenation-pl-0123456789abcdef.pickle"  # an older printkit's
    for path in (older, other, pickled):
        path.write_bytes(b"made from an older pyphen")
        unused_for(path, usercache.UNUSED_DAYS + 1)
    hyphenation_patterns.parsed_patterns("pl", dictionary_file("pl"))
    assert not older.exists() and not pickled.exists() and other.exists()


def test_two_installed_versions_keep_each_others_file(cache):
    """Another printkit beside this one (its file made from another pyphen) read it 29 days ago: it stays."""
    cache.mkdir(mode=0o700)
    theirs = cache / "hyphenation-pl-0123456789abcdef.json"
    theirs.write_bytes(b"made from another pyphen")
    unused_for(theirs, usercache.UNUSED_DAYS - 1)
    hyphenation_patterns.parsed_patterns("pl", dictionary_file("pl"))
    assert theirs.read_bytes() == b"made from another pyphen"
    assert len(list(cache.glob("hyphenation-pl-*.json"))) == 2


def test_a_file_read_is_marked_used_and_outlives_the_unused_days(cache):
    hyphenation_patterns.parsed_patterns("cs", dictionary_file("cs"))
    ours = kept_file(cache, "cs")
    unused_for(ours, usercache.UNUSED_DAYS + 1)
    assert usercache.read(ours) is not None
    assert time.time() - ours.stat().st_mtime < 3600
    newer = cache / "hyphenation-cs-fedcba9876543210.json"
    usercache.write(newer, {"made by": "a newer pyphen"}, "hyphenation-cs-")
    assert ours.exists() and newer.exists()


def test_nothing_is_kept_when_python_writes_no_bytecode_or_the_cache_is_off(cache, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert hyphenation_patterns.parsed_patterns("cs", dictionary_file("cs")).patterns
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setenv(usercache.SWITCH, "1")
    assert hyphenation_patterns.parsed_patterns("cs", dictionary_file("cs")).patterns
    assert not cache.exists()


def test_the_switch_also_stops_reading(cache, monkeypatch):
    hyphenation_patterns.parsed_patterns("cs", dictionary_file("cs"))
    kept = kept_file(cache, "cs")
    assert usercache.read(kept) is not None
    monkeypatch.setenv(usercache.SWITCH, "1")
    assert usercache.read(kept) is None
