"""Plural forms: which word form a whole number takes in each language printkit speaks.

Polish says 1 runda, 2 rundy, 5 rund, 22 rundy; Czech 1 kolo, 2 kola, 5 kol, 22 kol; English
1 round, 2 rounds. The rules are CLDR's, as babel ships them (``babel.localedata``); ``RULES``
holds them for printkit's languages, and ``tests/test_plurals.py`` proves they equal babel's and
that ``category`` agrees with babel's own evaluator. They live here rather than being loaded from
babel at run time because importing babel and reading a language's locale data costs about
0.1 s of a 0.25 s build; evaluating a rule here costs microseconds.

A rule is read by printkit's own small reader (nothing is handed to Python's eval): CLDR's
grammar for whole numbers, where the operands n and i are the number and v, w, f, t, c, e are 0.
"""

from __future__ import annotations

import functools
import math

# CLDR's plural rules for whole and decimal numbers, by category (babel's ``plural_form.rules``);
# "other" is the category of every number no rule names.
RULES: dict[str, dict[str, str]] = {
    "pl": {
        "few": "v in 0 and i mod 10 in 2..4 and i mod 100 not in 12..14",
        "many": "v in 0 and i not in 1 and i mod 10 in 0..1 or v in 0 and i mod 10 in 5..9 or v in 0 and "
        "i mod 100 in 12..14",
        "one": "i in 1 and v in 0",
    },
    "cs": {"few": "i in 2..4 and v in 0", "many": "v not in 0", "one": "i in 1 and v in 0"},
    "en": {"one": "i in 1 and v in 0"},
}
CATEGORY_ORDER = ("zero", "one", "two", "few", "many", "other")  # the order a kit lists word forms in


def category(lang: str, count: int) -> str:
    """CLDR's plural category of a whole number in a language: 'one', 'few', 'many' or 'other'."""
    for name, rule in RULES[lang].items():
        if _holds(_parse(rule), abs(count)):
            return name
    return "other"


@functools.cache
def categories(lang: str) -> tuple[str, ...]:
    """The categories whole numbers fall into, in CLDR's order: the word forms a text must give
    (Polish: one, few, many; Czech: one, few, other; English: one, other)."""
    found = {category(lang, n) for n in _sample(lang)}
    return tuple(name for name in CATEGORY_ORDER if name in found)


@functools.cache
def examples(lang: str) -> tuple[int, ...]:
    """The smallest count of each category, in the order of ``categories`` (pl: 1, 2, 5)."""
    first: dict[str, int] = {}
    for n in _sample(lang):
        first.setdefault(category(lang, n), n)
    first.update({category(lang, n): n for n in reversed(range(1, 100))})  # 5 rather than 0 for pl
    return tuple(first[name] for name in categories(lang))


def form(lang: str, count: int, forms: tuple[str, ...]) -> str:
    """The word form of ``forms`` (one per category, in ``categories`` order) a count takes."""
    return forms[categories(lang).index(category(lang, count))]


@functools.cache
def _sample(lang: str) -> range:
    """Whole numbers that meet every category the language's rules give any whole number.

    A relation compares the number, or its remainder by a modulus, with ranges. Above the highest
    bound of every range, the plain comparisons no longer change and the remainders repeat with
    the least common multiple of the moduli: so 0 to that bound plus that multiple meet every
    case (115 numbers for Polish, 6 for Czech, where 1,000 were sampled at every start)."""
    relations = [relation for rule in RULES[lang].values() for conjunct in _parse(rule) for relation in conjunct]
    highest = max((high for _, _, _, ranges in relations for _, high in ranges), default=0)
    period = math.lcm(*(mod for _, mod, _, _ in relations if mod is not None))
    return range(highest + period + 1)


# --- CLDR rule reader (whole numbers) -------------------------------------------------------------

Relation = tuple[str, int | None, bool, tuple[tuple[int, int], ...]]  # operand, mod, negated, ranges
Condition = tuple[tuple[Relation, ...], ...]  # or of ands


@functools.cache
def _parse(rule: str) -> Condition:
    return tuple(tuple(_relation(part) for part in conjunct.split(" and ")) for conjunct in rule.split(" or "))


def _relation(text: str) -> Relation:
    words = text.replace("!=", " not in ").replace("=", " in ").replace("%", " mod ").split()
    operand, rest = words[0], words[1:]
    mod = None
    if rest[0] == "mod":
        mod, rest = int(rest[1]), rest[2:]
    negated = rest[0] == "not"
    if negated:
        rest = rest[1:]
    if rest[0] not in ("in", "within", "is"):
        raise ValueError(f"cannot read the plural rule relation {text!r}")
    ranges = tuple(_range(part) for part in "".join(rest[1:]).split(","))
    return operand, mod, negated, ranges


def _range(text: str) -> tuple[int, int]:
    low, _, high = text.partition("..")
    return int(low), int(high or low)


def _holds(condition: Condition, count: int) -> bool:
    return any(all(_relation_holds(relation, count) for relation in conjunct) for conjunct in condition)


def _relation_holds(relation: Relation, count: int) -> bool:
    operand, mod, negated, ranges = relation
    value = count if operand in ("n", "i") else 0  # a whole number has no visible fraction digits
    if mod is not None:
        value %= mod
    inside = any(low <= value <= high for low, high in ranges)
    return inside != negated
