"""Typesetting the rules' running text in its language, after the placeholders are filled.

A Polish or Czech reader expects a one-letter word (pl: a i o u w z; cs: a i k o s u v z) never
to end a line, a number to stay with what it counts or measures ("100 %", "2 pkt", "18 rund",
"4 × 4"), alternatives joined by a slash to stay on one line ("ABC / CBA") and a range to take
an en dash ("15–20"). A no-break space does all of the joining: the
paragraph engine never breaks a line at one. And a kit's markup (``**bold**``) becomes the
paragraph engine's, everything else escaped.
"""

from __future__ import annotations

import html
import re

NBSP = "\xa0"
ONE_LETTER_WORDS = {"pl": "aiouwz", "cs": "aikosuvz", "en": "aI"}
# "18 rund", "100 %"; not the number ending a product ("6 × 6 i 3 baterie"): the product stays
# whole without carrying the next words, which made one unbreakable 30 mm run in ogród's rules
# A number already tied to what comes before it does not carry the next word too (chains grew to
# 38 mm, "stoi 5 żetonów A i 3 żetony"), except a sum's result, which keeps its unit ("= 9 pkt").
_NUMBER_BEFORE = re.compile(r"(?<![\w.,])(?:(?<!\xa0)|(?<==\xa0))(\d+(?:[.,]\d+)?) (?=\S)")
_SIGN = re.compile(r" ([×=+]) (?=\S)")  # "4 × 4", "1–2 = L": the sign stays with both sides
_SLASH = re.compile(r"(?<=\S) / (?=\S)")  # "ABC / CBA", "red / blue": alternatives read as one token
_DASH = re.compile(r" – ")  # a dash between clauses never starts a line
_LABEL_NUMBER = re.compile(r"(?<=\w) (\d{1,3}):")  # "Example 1:", "Krok 2:": a label's number stays with it
# "w rzędzie 5", "row 2)", "token A": a short number or a capital letter naming something stays with
# the word it follows when it ends its phrase (a review found "row | 2" and "tokens | A" at line ends).
# In English a number a word follows goes with that word instead ("stand 5 A tokens", "scores 3
# points" broke as "5 | A tokens" and "3 | points"); Polish and Czech, whose one-letter words join
# the next word too, keep the number with the word before it, or the chains grow across a line
# ("stoi 5 żetonów A i 3 żetony B" would be one 60 mm word).
_NAMED_BY = re.compile(r"(?<=[^\W\d]) (\d{1,3}|[A-Z])(?=[ \n.,;:)!?]|$)")
_NAMED_BY_EN = re.compile(r"(?<=[^\W\d]) (\d{1,3}(?=[\n.,;:)!?]|$)|[A-Z](?=[ \n.,;:)!?]|$))")
_RANGE = re.compile(r"(?<![\w.,])(\d+)-(\d+)(?![\w.,-])")  # "15-20" → "15–20"
_BOLD = re.compile(r"\*\*(.+?)\*\*")


def to_markup(text: str) -> str:
    """Kit markup (``**bold**``) to the paragraph engine's markup, with everything else escaped."""
    return _BOLD.sub(r"<b>\1</b>", html.escape(text, quote=False))


def _one_letter(lang: str) -> re.Pattern[str] | None:
    letters = ONE_LETTER_WORDS.get(lang)
    if not letters:
        return None
    return re.compile(rf"(?<!\w)([{letters}{letters.upper()}]) (?=\S)")


_ONE_LETTER = {lang: _one_letter(lang) for lang in ONE_LETTER_WORDS}


def typeset(text: str, lang: str) -> str:
    """``text`` with the no-break spaces and dashes of ``lang``'s typography."""
    text = _RANGE.sub("\\1\u2013\\2", text)
    text = _SIGN.sub(NBSP + "\\1" + NBSP, text)
    text = _SLASH.sub(NBSP + "/" + NBSP, text)
    text = _DASH.sub(NBSP + "– ", text)
    text = _LABEL_NUMBER.sub(NBSP + "\\1:", text)
    text = (_NAMED_BY_EN if lang == "en" else _NAMED_BY).sub(NBSP + "\\1", text)
    text = _NUMBER_BEFORE.sub("\\1" + NBSP, text)
    one_letter = _ONE_LETTER.get(lang)
    return one_letter.sub("\\1" + NBSP, text) if one_letter else text


def number_range(low: int, high: int) -> str:
    """'2–4' (one number when both are equal), with an en dash."""
    return str(low) if low == high else f"{low}\u2013{high}"
