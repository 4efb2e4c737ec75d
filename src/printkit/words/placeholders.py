"""What a text's {placeholder} says: a number the components define, or arithmetic over them, and
the word that follows it in the form its number takes.

::

    {rounds.count}                      18
    {board.rows * board.cols}           25          (the invariant language's arithmetic)
    {rounds.count|runda|rundy|rund}     18 rund     (the number, then its word form)
    {rounds.count:runda|rundy|rund}     rund        (the word form alone)
    {cost:02}                           03          (a number format: at least 2 digits)
    {ratio:.1}                          1.5         (one decimal)
    {bonus:+}                           +2          (a sign on numbers from 0 up)

Word forms come one per plural category of the text's language, in CLDR's order (see
plurals.py): Polish one|few|many (1 runda, 2 rundy, 5 rund), Czech one|few|other (1 kolo,
2 kola, 5 kol), English one|other (1 round, 2 rounds). A form may hold several words
("dwustronny kamień|dwustronne kamienie|dwustronnych kamieni").
"""

from __future__ import annotations

import functools
import re
from fractions import Fraction
from typing import Any

from msgspec import Struct

from printkit.facts import evaluation, invariants
from printkit.words import plurals

SIMPLE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*")
# After ':', a number format rather than a word: an optional '+', '0' and a width, '.' and decimals
NUMBER_FORMAT = re.compile(r"(?P<sign>\+)?(?:0(?P<width>[1-9]))?(?:\.(?P<decimals>[0-9]))?")


class Placeholder(Struct, frozen=True):
    """One placeholder, read: its expression, the names it reads and the word forms it chooses from."""

    inside: str  # the text between the braces
    expression: str
    forms: tuple[str, ...]  # one word form per plural category; () for a number alone
    shows_number: bool  # '|': "18 rund"; ':': "rund"
    tree: invariants.Node | None  # None for a plain name (filled without arithmetic)
    number_format: str = ""  # after ':', e.g. '02', '.1', '+' (NUMBER_FORMAT); '' for none

    @property
    def names(self) -> tuple[str, ...]:
        """The names the placeholder reads, in order."""
        if self.tree is None:
            return (self.expression,)
        return tuple(invariants.names_under(self.tree))

    @property
    def shown(self) -> str:
        return "{" + self.inside + "}"


@functools.lru_cache(maxsize=4096)
def read(inside: str) -> Placeholder:
    """Read the text between a placeholder's braces; an InvariantError says what cannot be read."""
    cut = min((i for i in (inside.find("|"), inside.find(":")) if i >= 0), default=-1)
    expression = (inside if cut < 0 else inside[:cut]).strip()
    forms = () if cut < 0 else tuple(word.strip() for word in inside[cut + 1 :].split("|"))
    if cut >= 0 and not all(forms):
        raise invariants.InvariantError(
            "a word form is empty; write one form per plural category, e.g. runda|rundy|rund"
        )
    tree = None if SIMPLE_NAME.fullmatch(expression) else invariants.parse_expression(expression)
    if cut >= 0 and inside[cut] == ":" and len(forms) == 1 and NUMBER_FORMAT.fullmatch(forms[0]):
        return Placeholder(inside, expression, (), True, tree, forms[0])
    return Placeholder(inside, expression, forms, cut < 0 or inside[cut] == "|", tree)


def value_of(placeholder: Placeholder, numbers: dict[str, Any], extra: dict[str, Any] | None = None) -> object:
    """The placeholder's value: a plain name's value as the kit holds it, arithmetic as a fraction.
    ``extra`` (a piece's own {name}, {count}, ...) comes before the kit's numbers."""
    extra = extra or {}
    if placeholder.tree is None:
        name = placeholder.expression
        if name in extra:
            return extra[name]
        if name not in numbers:
            raise invariants.InvariantError(f"unknown name '{name}'")
        return numbers[name]
    return evaluation.Evaluator(numbers | extra if extra else numbers).value(placeholder.tree)


def format_number(value: object) -> str:
    """A number as a text prints it: whole numbers without a decimal point, exact fractions shortly."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, Fraction):
        return evaluation.show(value)
    return str(value)


def formatted(value: object, spec: str) -> str:
    """A number in a format NUMBER_FORMAT reads: '02' at least two digits (3 as 03), '.1' one
    decimal (1.5), '+' a sign on numbers from 0 up (+2); a text prints as it is."""
    exact = evaluation.number(value)
    if exact is None:
        return str(value)
    parts = NUMBER_FORMAT.fullmatch(spec)
    assert parts is not None, "read() keeps only the formats NUMBER_FORMAT reads"
    decimals = parts["decimals"]
    digits = f"{float(abs(exact)):.{decimals}f}" if decimals else format_number(abs(exact))
    if parts["width"]:
        whole, dot, rest = digits.partition(".")
        digits = whole.zfill(int(parts["width"])) + dot + rest
    sign = "-" if exact < 0 else "+" if parts["sign"] else ""
    return sign + digits


def fill(placeholder: Placeholder, value: object, lang: str) -> str:
    """What the placeholder prints in a language, given its value; a value with a text per
    language (a legend's symbol: {pl: K, en: F}) prints that language's."""
    if isinstance(value, dict):
        if lang not in value:
            raise invariants.InvariantError(f"{placeholder.shown} has no '{lang}' version")
        return str(value[lang])
    number = formatted(value, placeholder.number_format) if placeholder.number_format else format_number(value)
    if not placeholder.forms:
        return number
    word = word_form(placeholder, value, lang)
    return f"{number} {word}" if placeholder.shows_number else word


def word_form(placeholder: Placeholder, value: object, lang: str) -> str:
    """The form the value takes; a number that is not whole takes the last form (CLDR's 'other'
    or, in Polish and Czech, the form for decimals)."""
    exact = evaluation.number(value)
    if exact is None or exact.denominator != 1:
        return placeholder.forms[-1]
    return plurals.form(lang, int(exact), placeholder.forms)


def forms_problem(placeholder: Placeholder, lang: str) -> str | None:
    """Why a placeholder's word forms do not suit a language's plural rule, or None."""
    if not placeholder.forms or lang not in plurals.RULES:
        return None
    needed = plurals.categories(lang)
    if len(placeholder.forms) == len(needed):
        return None
    counts = ", ".join(map(str, plurals.examples(lang)))
    return (
        f"{placeholder.shown} gives {len(placeholder.forms)} word form{'s' if len(placeholder.forms) != 1 else ''}; "
        f"'{lang}' needs {len(needed)}, one each for {counts} ({'|'.join(needed)})"
    )
