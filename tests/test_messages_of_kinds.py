"""A kind's own printed words live in its folder (kinds/NAME/words.py, MESSAGES), and are held to
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
def test_a_kinds_words_are_said_by_its_own_folder(kind, key, words):
    folder = Path(printkit.kinds.__file__).parent / kind
    code = "".join(path.read_text(encoding="utf-8") for path in folder.glob("*.py") if path.name != "words.py")
    assert f'MESSAGES["{key}"]' in code


def test_a_localizer_says_a_kinds_own_words_in_its_language():
    words = KINDS.messages["tuckbox_title"]
    assert Localizer("cs").own(words, label="Karty") == "Krabička: Karty"
    assert Localizer("pl").own(words, label="Karty") == "Pudełko: Karty"
