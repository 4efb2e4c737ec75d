"""A kind's own printed words live in its folder (kinds/NAME/kind.py, MESSAGES), and are held to
the rules of printkit's shared words (words/messages.py): every language, the same placeholders in
each, one key one meaning, used by the kind that owns it."""

from __future__ import annotations

import string
from pathlib import Path

import pytest

import printkit.kinds
from printkit.kinds import load_kinds
from printkit.words.locale import Localizer
from printkit.words.messages import CATALOG, LANGUAGES

KINDS = load_kinds()
OWN = [(kind.name, key, words) for kind in KINDS.kinds for key, words in kind.messages.items()]


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_kinds_own_words_moved_out_of_the_shared_table():
    assert {kind for kind, _, _ in OWN} >= {"mat", "tuckbox", "box", "hexboard", "track", "board"}
    assert not set(KINDS.messages) & set(CATALOG), "a key means one thing: the kind's or the shared one"


@pytest.mark.parametrize(("kind", "key", "words"), OWN, ids=[key for _, key, _ in OWN])
def test_a_kinds_words_are_in_every_language_with_the_same_placeholders(kind, key, words):
    assert set(words) == set(LANGUAGES)
    assert len({frozenset(placeholders(text)) for text in words.values()}) == 1, words


@pytest.mark.parametrize(("kind", "key", "words"), OWN, ids=[key for _, key, _ in OWN])
def test_a_kinds_words_are_used_by_its_own_folder(kind, key, words):
    folder = Path(printkit.kinds.__file__).parent / kind
    code = "".join(path.read_text(encoding="utf-8") for path in folder.glob("*.py") if path.name != "kind.py")
    assert f'"{key}"' in code


def test_a_localizer_says_a_kinds_words_in_its_language():
    tr = Localizer("cs", kind_words=KINDS.messages)
    assert tr.msg("tuckbox_title", label="Karty") == "Krabička: Karty"
    assert tr.msg("print_heading") == Localizer("cs").msg("print_heading")  # the shared words as before
