"""Typesetting the rules' running text in its language, after the placeholders are filled.

A Polish or Czech reader expects a one-letter word (pl: a i o u w z; cs: a i k o s u v z) never
to end a line, a number to stay with what it counts or measures ("100 %", "2 pkt", "18 rund",
"120 g/m²"), a label's number with its label ("runda 4", "Round 4", "strana 2"), a range to stay
whole ("1 až 4", "1–4") and take an en dash ("15–20"), and alternatives joined by a slash to stay
on one line ("ABC / CBA"). A no-break space does all of the joining: the paragraph engine never
breaks a line at one. And a kit's markup (``**bold**``) becomes the paragraph engine's,
everything else escaped.

A number binds one way only, so the joined runs stay short (a number bound both ways chained
"stoi 5 żetonów A i 3 żetony B" into one 60 mm word): after a label word, or ending its phrase
("w rzędzie 5."), it stays with the word before it; anywhere else with the word after it.
"""

from __future__ import annotations

import html
import re

NBSP = "\xa0"
ONE_LETTER_WORDS = {"pl": "aiouwz", "cs": "aikosuvz", "en": "aI"}
# Words a short number names a thing after ("runda 4", "Round 4", "kolo 4", "strona 2", "page 2",
# "w rzędzie 5"): the number stays with its label and carries no word after it (a review found
# "Round | 4 has no good", and "w rzędzie 5 nie ma" must not bind "5 nie").
LABEL_WORDS = {
    "pl": (
        r"rund[aąęyi]?|rundzie|stron[aęyi]?|stronach|stronie|rząd|rzęd(?:u|zie|y|ów|ach)|kolumn[aęyi]?|kolumnie|"
        r"parti[aię]?|krok(?:u|i)?|przykład(?:zie|u|y)?|obieg(?:u|i|ach)?|wersj[aię]?|tur[aęy]|turze|etap(?:ie|u)?"
    ),
    "cs": (
        r"kol[oaeu]|kolech|stran[auěy]?|stranách|stránk[auyě]|řad[aěuy]|řadách|řádek|řádku|sloupec|sloupci|"
        r"hr[auy]|hře|krok(?:u)?|příklad(?:u|ě)?|obrát(?:ka|ce|ku|ky|kách)|verze|tah(?:u)?|etap[aěuy]"
    ),
    "en": r"rounds?|pages?|rows?|columns?|games?|steps?|examples?|pass(?:es)?|versions?|turns?|parts?|stages?",
}
RANGE_WORDS = {"pl": "do", "cs": "až|do", "en": "to"}  # "od 1 do 4", "1 až 4 hráče", "1 to 4 players"
_SIGN = re.compile(r" ([×=+]) (?=\S)")  # "4 × 4", "1–2 = L": the sign stays with both sides
_SLASH = re.compile(r"(?<=\S) / (?=\S)")  # "ABC / CBA", "red / blue": alternatives read as one token
_DASH = re.compile(r" – ")  # a dash between clauses never starts a line
_LABEL_NUMBER = re.compile(r"(?<=\w) (\d{1,3}):")  # "Example 1:", "Krok 2:": a label's number stays with it
# "w rzędzie 5.", "row 2)", "token A": a short number ending its phrase, or a capital letter naming
# something, stays with the word it follows (a review found "row | 2" and "tokens | A" at line ends)
_NAMED_BY = re.compile(r"(?<=[^\W\d]) (\d{1,3}(?=[\n.,;:)!?]|$)|[A-Z](?=[ \n.,;:)!?]|$))")
# any other number goes with the word after it: "18 rund", "100 %", "i 12 słoików", "(od 120 g/m²)"
_NUMBER = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)?) (?=([^\s(\d]\S*))")
_ORDINAL = re.compile(r"(?<![\w.,])(\d{1,3})\. (?=(\w))")  # pl, cs: "ve 2. kole", "w 3. rundzie" (not "… 3. Then")
_RANGE = re.compile(r"(?<![\w.,])(\d+)-(\d+)(?![\w.,-])")  # "15-20" → "15–20"
_BOLD = re.compile(r"\*\*(.+?)\*\*")


def to_markup(text: str) -> str:
    """Kit markup (``**bold**``) to the paragraph engine's markup, with everything else escaped."""
    return _BOLD.sub(r"<b>\1</b>", html.escape(text, quote=False))


class _Rules:
    """One language's patterns, compiled once."""

    def __init__(self, lang: str):
        letters = ONE_LETTER_WORDS.get(lang, "")
        # a capital one-letter word joins the next word unless it names something after a word
        # ("żetonów A i 3": the label A, not the conjunction, which would chain the two phrases)
        self.one_letter = (
            re.compile(rf"(?<!\w)(?:[{letters}]|(?<![^\W\d][ {NBSP}])[{letters.upper()}]) (?=\S)") if letters else None
        )
        self.letters = frozenset(letters + letters.upper())
        labels = LABEL_WORDS.get(lang)
        self.label = re.compile(rf"(?i)(?<!\w)({labels}) (\d{{1,3}})(?!\w)") if labels else None
        self.after_label = re.compile(rf"(?i)(?<!\w)(?:{labels}){NBSP}\Z") if labels else None
        ranges = RANGE_WORDS.get(lang)
        self.range = re.compile(rf"(?<![\w.,])(\d+) ({ranges}) (?=\d)") if ranges else None
        self.ordinal = lang in ("pl", "cs")

    def number(self, found: re.Match[str]) -> str:
        """A number and the space after it, joined to the next word or not."""
        before = found.string[max(found.start() - 24, 0) : found.start()]
        if self.after_label is not None and self.after_label.search(before):
            return found.group(0)  # "runda 4 nie ma": the number is the label's
        following = found.group(2).rstrip(".,;:!?)")
        if before.endswith(f"×{NBSP}") and following in self.letters:
            return found.group(0)  # "6 × 6 i 3 baterie": the product carries no conjunction
        return found.group(1) + NBSP


_RULES: dict[str, _Rules] = {}


def typeset(text: str, lang: str) -> str:
    """``text`` with the no-break spaces and dashes of ``lang``'s typography."""
    rules = _RULES.get(lang) or _RULES.setdefault(lang, _Rules(lang))
    text = _RANGE.sub("\\1\u2013\\2", text)
    if rules.range is not None:
        text = rules.range.sub(f"\\1{NBSP}\\2{NBSP}", text)
    text = _SIGN.sub(NBSP + "\\1" + NBSP, text)
    text = _SLASH.sub(NBSP + "/" + NBSP, text)
    text = _DASH.sub(NBSP + "– ", text)
    text = _LABEL_NUMBER.sub(NBSP + "\\1:", text)
    if rules.label is not None:
        text = rules.label.sub(f"\\1{NBSP}\\2", text)
    text = _NAMED_BY.sub(NBSP + "\\1", text)
    text = _NUMBER.sub(rules.number, text)
    if rules.ordinal:
        text = _ORDINAL.sub(_ordinal, text)
    return rules.one_letter.sub(_joined, text) if rules.one_letter else text


def _ordinal(found: re.Match[str]) -> str:
    """An ordinal ("2.") joined to the lower-case word it numbers; a sentence's last number not."""
    return found.group(1) + "." + (NBSP if found.group(2).islower() else " ")


def _joined(found: re.Match[str]) -> str:
    return found.group(0)[:-1] + NBSP


def number_range(low: int, high: int) -> str:
    """'2–4' (one number when both are equal), with an en dash."""
    return str(low) if low == high else f"{low}\u2013{high}"
