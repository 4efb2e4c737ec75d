"""A language's hyphenation patterns kept in the user's cache folder (usercache.py): a start that
reads them cuts every word where one that parses pyphen's dictionary cuts it."""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

import pyphen
import pytest

from conftest import REPO
from printkit import usercache
from printkit.layout import hyphenation

LANGS = sorted(hyphenation.PATTERNS)


def dictionary_file(lang: str) -> Path:
    return pyphen.LANGUAGES[pyphen.language_fallback(hyphenation.PATTERNS[lang])]


def kit_words() -> list[str]:
    """Every word of six letters or more in the shipped kits, in any of their languages."""
    text = " ".join(path.read_text(encoding="utf-8") for path in sorted((REPO / "kits").glob("*.yaml")))
    return sorted(set(re.findall(r"[^\W\d_]{6,}", text)))


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setattr(usercache, "folder", lambda: tmp_path / "cache")
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.delenv("PRINTKIT_NO_SCHEMA_CACHE", raising=False)
    return tmp_path / "cache"


@pytest.mark.parametrize("lang", LANGS)
def test_cached_patterns_cut_every_word_as_pyphens_own(cache, lang):
    parsed = hyphenation.parsed_patterns(lang, dictionary_file(lang))  # none kept yet: parses, keeps
    [kept] = cache.glob(f"hyphenation-{lang}-*.pickle")
    read = hyphenation.parsed_patterns(lang, dictionary_file(lang))
    assert read is not parsed and isinstance(read, pyphen.HyphDict)
    own = pyphen.HyphDict(dictionary_file(lang))
    assert (read.patterns, read.maxlen) == (own.patterns, own.maxlen)
    words = kit_words()
    assert len(words) > 1000
    assert [read.positions(word) for word in words] == [own.positions(word) for word in words]


def test_a_damaged_file_is_parsed_again_and_replaced(cache):
    hyphenation.parsed_patterns("pl", dictionary_file("pl"))
    [kept] = cache.glob("hyphenation-pl-*.pickle")
    kept.write_bytes(b"not a pickle")
    again = hyphenation.parsed_patterns("pl", dictionary_file("pl"))
    assert again.patterns == pyphen.HyphDict(dictionary_file("pl")).patterns
    assert usercache.read(kept).patterns == again.patterns
    assert [p.name for p in cache.glob("hyphenation-pl-*.pickle")] == [kept.name]


def unused_for(path: Path, days: float) -> None:
    """Make ``path`` look as if no start had read it for ``days``."""
    then = time.time() - days * 86400
    os.utime(path, (then, then))


def test_an_unused_older_file_of_the_language_goes_and_the_others_stay(cache):
    cache.mkdir()
    older, other = cache / "hyphenation-pl-0123456789abcdef.pickle", cache / "hyphenation-cs-0123456789abcdef.pickle"
    older.write_bytes(b"made from an older pyphen")
    other.write_bytes(b"Czech")
    unused_for(older, usercache.UNUSED_DAYS + 1)
    unused_for(other, usercache.UNUSED_DAYS + 1)
    hyphenation.parsed_patterns("pl", dictionary_file("pl"))
    assert not older.exists() and other.exists()


def test_two_installed_versions_keep_each_others_file(cache):
    """Another printkit beside this one (its file made from another pyphen) read it 29 days ago: it stays."""
    cache.mkdir()
    theirs = cache / "hyphenation-pl-0123456789abcdef.pickle"
    theirs.write_bytes(b"made from another pyphen")
    unused_for(theirs, usercache.UNUSED_DAYS - 1)
    hyphenation.parsed_patterns("pl", dictionary_file("pl"))
    assert theirs.read_bytes() == b"made from another pyphen"
    assert len(list(cache.glob("hyphenation-pl-*.pickle"))) == 2


def test_a_file_read_is_marked_used_and_outlives_the_unused_days(cache):
    hyphenation.parsed_patterns("cs", dictionary_file("cs"))
    [ours] = cache.glob("hyphenation-cs-*.pickle")
    unused_for(ours, usercache.UNUSED_DAYS + 1)
    assert usercache.read(ours) is not None
    assert time.time() - ours.stat().st_mtime < 3600
    newer = cache / "hyphenation-cs-fedcba9876543210.pickle"
    usercache.write(newer, {"made by": "a newer pyphen"}, "hyphenation-cs-")
    assert ours.exists() and newer.exists()


def test_nothing_is_kept_when_python_writes_no_bytecode_or_the_cache_is_off(cache, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert hyphenation.parsed_patterns("cs", dictionary_file("cs")).patterns
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setenv("PRINTKIT_NO_SCHEMA_CACHE", "1")
    assert hyphenation.parsed_patterns("cs", dictionary_file("cs")).patterns
    assert not cache.exists()
