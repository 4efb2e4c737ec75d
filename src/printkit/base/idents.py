"""Identifiers made from a person's words: a table's "Wilk leśny" as the id ``wilk_lesny``.

A kit names its parts with lower-case ASCII letters, digits and ``_`` (placeholders read them:
``{cards.wilk_lesny}``); a spreadsheet's first column or a header says what a designer typed.
"""

from __future__ import annotations

import re
import unicodedata

IDENTIFIER = re.compile(r"[a-z][a-z0-9_]*\Z")
LONGEST = 40  # characters of an identifier made from words


def identifier_from(words: str, prefix: str = "t") -> str:
    """``words`` folded to an identifier: lower case, diacritics dropped (ł as l), every run of
    other characters one ``_``; ``prefix`` and ``_`` before one that would not start with a letter;
    empty when no letter or digit is left."""
    plain = unicodedata.normalize("NFKD", words.lower().replace("ł", "l"))
    ascii_only = "".join(ch for ch in plain if ch.isascii())
    name = re.sub(r"[^a-z0-9]+", "_", ascii_only).strip("_")[:LONGEST].rstrip("_")
    if name and not name[0].isalpha():
        name = f"{prefix}_{name}"
    return name
