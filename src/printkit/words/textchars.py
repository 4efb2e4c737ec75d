"""The characters of a kit's texts: one rule for what is checked and what is drawn.

Every text a kit brings (its YAML and its tables' cells) is normalised once, as it is loaded and
before the model, the checks and the layout see it (``normalise``): a tab is a space, any line
break (CR LF, CR, U+2028, U+2029, NEL) is ``\\n``, and the line breaks a YAML block leaves at the
end of a text are dropped. What is left means one thing everywhere:

- ``\\n`` breaks a line where the text is a paragraph (rules, a card's text); in a text printed on
  one line (a name, a title) it is a finding of the page checks, never a black box;
- a soft hyphen (U+00AD) is a place the paragraph engine may break a word, printing a hyphen
  there; anywhere else it takes no room and prints nothing (fonts.py measures it so, render.py
  draws it so);
- a straight apostrophe between two letters ("plant's") is the typographic one ("plant’s"), as a
  book sets it (a review found "plant's" in Noto Serif beside typographic quotes and dashes);
- any other control character (C0, C1), bidi override or isolate, zero-width or other invisible
  format character is a finding (``hidden_character``) naming the file, line or row and column,
  and field: it would print as a black box, as nothing, or reorder the text.
"""

from __future__ import annotations

import re
import unicodedata

SOFT_HYPHEN = "\u00ad"
_LINE_BREAKS = re.compile("\r\n?|[\u2028\u2029\x85]")
# Cc and Cf of Unicode 14 (Python 3.11's unicodedata), but tab, line feed and the soft hyphen, and
# lone surrogates: tests/test_text_characters.py proves the class against unicodedata.
_HIDDEN = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f"
    "\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U00013438"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f\ud800-\udfff]"
)
_NOT_ONE_LINE = re.compile(f"[\n{_HIDDEN.pattern[1:-1]}]")  # what a line of text may not hold
_APOSTROPHE = re.compile(r"(?<=[^\W\d_])'(?=[^\W\d_])")  # "plant's", "don't": a letter on each side
_DIRECTION = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def normalised(text: str) -> str:
    """``text`` as every check and layout sees it: tabs as spaces, line breaks as ``\\n``, none at the
    end, an apostrophe between letters typographic."""
    if "\t" in text:
        text = text.replace("\t", " ")
    if "\r" in text or not text.isascii():
        text = _LINE_BREAKS.sub("\n", text)
    if "'" in text:
        text = _APOSTROPHE.sub("\u2019", text)
    return text.rstrip("\n") if text.endswith("\n") else text


def normalise(data: object) -> object:
    """Every text in plain kit data (mappings, lists, strings) normalised in place; the data itself
    when it is a text."""
    if isinstance(data, str):
        return normalised(data)
    if isinstance(data, dict):
        for key, value in data.items():
            data[key] = normalise(value)
    elif isinstance(data, list):
        for index, value in enumerate(data):
            data[index] = normalise(value)
    return data


def hidden_character(text: str) -> str | None:
    """What is wrong with the first character of ``text`` that is not printed as typed, or None:
    'the control character U+0007 at character 4, which prints as ...; remove it'."""
    found = _HIDDEN.search(text)
    if found is None:
        return None
    char = found.group()
    return (
        f"{described(char)} at character {found.start() + 1}, which prints as a black box, as nothing, or with the "
        "text around it in another order; remove it"
    )


def described(char: str) -> str:
    """'the control character U+0007', 'the direction control U+202E (RIGHT-TO-LEFT OVERRIDE)'."""
    code = f"U+{ord(char):04X}"
    if unicodedata.category(char) == "Cc":
        return f"the control character {code}"
    name = unicodedata.name(char, "")
    named = f"{code} ({name})" if name else code
    if char in _DIRECTION:
        return f"the direction control {named}"
    return f"the invisible character {named}"


LINE_BREAK = (
    "holds a line break but prints on one line; write it on one line (only a paragraph, such as a card's text, "
    "breaks lines)"
)


def prints_as_one_line(text: str) -> bool:
    """True when ``text`` holds nothing a line of text cannot print as typed (the fast yes of
    ``unprintable(text, one_line=True)``, asked of every line of a 10,000-card deck)."""
    return _NOT_ONE_LINE.search(text) is None


def unprintable(text: str, one_line: bool = False) -> str | None:
    """The first reason ``text`` (normalised) is not printed as typed: a line break in a text
    printed ``one_line``, or a hidden character (a phrase that follows the text it is about)."""
    if one_line and "\n" in text:
        return LINE_BREAK
    hidden = hidden_character(text)
    return f"holds {hidden}" if hidden else None
