"""A parsed check (``invariants.py``) evaluated over a kit's named numbers and texts, and a broken
one described by the values that broke it.

Arithmetic is exact (fractions), so 36 / 2 == 18 holds and 0.1 + 0.2 == 0.3 does too.
``name[expr]`` reads the number named ``name.<value of expr>``, e.g. ``aid.hand[players]``.
Several values (a pattern's, in the order the kit defines them, or a list's) compared with one
value hold when each of them does (``deck.*.count == 2``); compared with several, when there are as
many and each holds with its partner (``stones.*.value == [21, 15, 10]``). ``count(X == v)`` counts
the values of X that hold the comparison (``count(deck.*.kind == 'hunter')``), ``distinct(...)`` counts
the different values, texts too (``distinct(tokens.*.shape) == 2``: the players' shapes differ).
A pattern's ``*`` stands for one part of a name, never a dot: ``deck.*.count`` reads each type's
count and not ``deck.yellow.rock.count``; ``pair_*`` matches ``pair_1`` and ``pair_12``. A name may
hold a text (a token's shape, a type's letter): texts compare with ``==`` and ``!=``.
"""

from __future__ import annotations

import difflib
import functools
import re
from fractions import Fraction
from typing import Any

from msgspec import Struct

from printkit.facts.invariants import (
    Arith,
    Call,
    Check,
    Compare,
    InvariantError,
    ListOf,
    Name,
    Negate,
    Node,
    Num,
    Pattern,
    Str,
    several_values,
)

Scalar = Fraction | str  # what a name or an expression stands for: an exact number or a text


class Many(Struct, frozen=True):
    """Several values (a pattern's or a list's), each with the name it was read from (None for a
    value written out), so that a finding names the one that broke."""

    names: tuple[str | None, ...]
    values: tuple[Scalar, ...]


Value = Scalar | Many


def number(value: object) -> Fraction | None:
    """A kit number as an exact fraction (floats by their shortest decimal); None for non-numbers."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
        return None
    if isinstance(value, float):
        return Fraction(repr(value))
    return Fraction(value)


def show(value: Value) -> str:
    if isinstance(value, Many):
        return "[" + ", ".join(show(item) for item in value.values) + "]"
    if isinstance(value, str):
        return repr(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.3f}".rstrip("0").rstrip(".")


class Link(Struct, frozen=True):
    """One comparison of a chain, evaluated: ``left op right`` and whether it holds."""

    left: Node
    op: str
    right: Node
    left_value: Value
    right_value: Value
    holds: bool


class Evaluator:
    """Evaluates parsed checks over a table of named numbers and texts; records which names it read."""

    def __init__(self, values: dict[str, Any], explain: bool = True):
        self.values: dict[str, Scalar] = scalars(values)
        self.read: list[str] = []
        self.unknown: str | None = None  # the name a lookup did not find, when one did not
        self.explain = explain  # False: an unknown name is not looked up among the known ones

    @classmethod
    def over(cls, values: dict[str, Scalar], explain: bool = True) -> Evaluator:
        """An evaluator of values already made scalars: a search that evaluates every rule for
        hundreds of trial kits converts the kit's numbers once per trial, not once per rule."""
        evaluator = cls({}, explain)
        evaluator.values = values
        return evaluator

    def links(self, check: Check) -> list[Link]:
        """Every comparison link of the check, evaluated."""
        out: list[Link] = []
        for term in check.tree.terms:
            values = [self.value(operand) for operand in term.operands]
            for i, op in enumerate(term.ops):
                left, right = values[i], values[i + 1]
                holds = _compare(left, op, right, term.operands[i + 1])
                out.append(Link(term.operands[i], op, term.operands[i + 1], left, right, holds))
        return out

    def value(self, node: Node) -> Value:
        if isinstance(node, (Num, Str)):
            return node.value
        if isinstance(node, Name):
            return self.lookup(node)
        if isinstance(node, Negate):
            return -self.number(node.operand)
        if isinstance(node, Arith):
            return self.arith(node)
        if isinstance(node, Call):
            return self.call(node)
        if isinstance(node, Pattern):
            names = self.matching(node)
            return Many(tuple(names), tuple(self.values[name] for name in names))
        if isinstance(node, ListOf):
            return self.list_of(node)
        raise InvariantError("this cannot stand alone here", node.start + 1)

    def list_of(self, node: ListOf) -> Many:
        values = [self.value(item) for item in node.items]
        if any(isinstance(value, Many) for value in values):
            raise InvariantError("a list holds single values, not other lists", node.start + 1)
        names = tuple(item.name if isinstance(item, Name) and item.index is None else None for item in node.items)
        return Many(names, tuple(value for value in values if not isinstance(value, Many)))

    def number(self, node: Node) -> Fraction:
        """A value arithmetic, an index or a function reads: a text there is an error."""
        value = self.value(node)
        if isinstance(value, Many):
            raise InvariantError(several_values(node.pattern if isinstance(node, Pattern) else "[...]"), node.start + 1)
        if isinstance(value, str):
            raise InvariantError(f"{_described(node, value)} is a text; only == and != compare texts", node.start + 1)
        return value

    def lookup(self, node: Name) -> Value:
        name = node.name
        if node.index is not None:
            index = self.number(node.index)
            name = f"{name}.{show(index)}"
        if name not in self.values:
            self.unknown = name
            message = unknown_name(name, self.values) if self.explain else f"unknown name '{name}'"
            raise InvariantError(message, node.start + 1)
        self.read.append(name)
        return self.values[name]

    def arith(self, node: Arith) -> Fraction:
        left, right = self.number(node.left), self.number(node.right)
        if node.op == "+":
            return left + right
        if node.op == "-":
            return left - right
        if node.op == "*":
            return left * right
        if right == 0:
            raise InvariantError(f"division by zero: {show(left)} / 0", node.right.start + 1)
        return left / right

    def call(self, node: Call) -> Fraction:
        if node.func == "count" and any(isinstance(arg, Compare) for arg in node.args):
            return Fraction(sum(self.holding(arg) if isinstance(arg, Compare) else 0 for arg in node.args))
        if node.func == "distinct":
            return Fraction(len(set(self.arguments(node))))
        values: list[Fraction] = []
        for arg in node.args:
            if isinstance(arg, Pattern):
                values.extend(self.matches(arg))
                continue
            for value in self.arguments(Call(arg.start, arg.end, node.func, (arg,))):
                if isinstance(value, str):
                    raise InvariantError(f"{node.func}() adds up numbers; {show(value)} is a text", arg.start + 1)
                values.append(value)
        if node.func == "count":
            return Fraction(len(values))
        if node.func == "sum":
            return sum(values, Fraction(0))
        return min(values) if node.func == "min" else max(values)

    def holding(self, node: Compare) -> int:
        """How many of the values on a comparison's left hold it with their partners on its right
        (``count(deck.*.kind == 'hunter')``: the hunters)."""
        left, right = (self.value(operand) for operand in node.operands)
        pairs = _partners(left, right)
        if pairs is None:
            raise InvariantError("the two sides of the comparison hold different numbers of values", node.start + 1)
        return sum(1 for a, b in pairs if _compare_one(a, node.ops[0], b, node.operands[1]))

    def arguments(self, node: Call) -> list[Scalar]:
        """Every value the call's arguments give, a pattern's and a list's one by one (texts too)."""
        out: list[Scalar] = []
        for arg in node.args:
            value = self.value(arg)
            out.extend(value.values if isinstance(value, Many) else [value])
        return out

    def matching(self, node: Pattern) -> list[str]:
        """The names a pattern matches, numbers and texts, in the order the kit defines them."""
        wanted = pattern_regex(node.pattern)
        names = [n for n in self.values if wanted.fullmatch(n)]
        if not names:
            raise InvariantError(f"the pattern '{node.pattern}' matches no value", node.start + 1)
        self.read.extend(names)
        return names

    def matches(self, node: Pattern) -> list[Fraction]:
        wanted = pattern_regex(node.pattern)
        names = sorted(n for n, v in self.values.items() if wanted.fullmatch(n) and not isinstance(v, str))
        if not names:
            raise InvariantError(f"the pattern '{node.pattern}' matches no number", node.start + 1)
        self.read.extend(names)
        return [value for value in (self.values[n] for n in names) if not isinstance(value, str)]


@functools.lru_cache(maxsize=256)
def pattern_regex(pattern: str) -> re.Pattern[str]:
    """A pattern's names: each ``*`` stands for any characters of one part of a name (no dot)."""
    return re.compile("[^.]*".join(re.escape(part) for part in pattern.split("*")))


def scalars(values: dict[str, Any]) -> dict[str, Scalar]:
    """The kit's numbers and texts as an evaluator reads them (exact fractions), others left out."""
    return {name: v for name, v in ((n, _value(v)) for n, v in values.items()) if v is not None}


def _value(value: object) -> Scalar | None:
    return value if isinstance(value, str) else number(value)


def _described(node: Node, value: Value) -> str:
    if isinstance(node, Str):
        return show(value)
    if isinstance(node, Name):
        return f"{node.name} = {show(value)}"
    return show(value)


def _compare(left: Value, op: str, right: Value, right_node: Node) -> bool:
    """One link; several values hold when each holds with its partner (one value partners all)."""
    pairs = _partners(left, right)
    return pairs is not None and all(_compare_one(a, op, b, right_node) for a, b in pairs)


def _partners(left: Value, right: Value) -> list[tuple[Scalar, Scalar]] | None:
    """The values a link compares, pair by pair; None when two lists differ in length."""
    if isinstance(left, Many) and isinstance(right, Many):
        if len(left.values) != len(right.values):
            return None
        return list(zip(left.values, right.values, strict=True))
    if isinstance(left, Many):
        assert not isinstance(right, Many)
        return [(value, right) for value in left.values]
    if isinstance(right, Many):
        return [(left, value) for value in right.values]
    return [(left, right)]


def _compare_one(left: Scalar, op: str, right: Scalar, right_node: Node) -> bool:
    texts = isinstance(left, str), isinstance(right, str)
    if any(texts) and op not in ("==", "!="):
        raise InvariantError(f"'{op}' compares numbers; a text compares with == or != only", right_node.start + 1)
    if texts[0] != texts[1]:
        shown = show(left) if texts[0] else show(right)
        raise InvariantError(f"a text ({shown}) is compared with a number", right_node.start + 1)
    if isinstance(left, str) or isinstance(right, str):
        return (left == right) == (op == "==")
    return {
        "==": left == right,
        "!=": left != right,
        "<=": left <= right,
        ">=": left >= right,
        "<": left < right,
        ">": left > right,
    }[op]


def unknown_name(name: str, known: dict[str, Any]) -> str:
    if name == "players":
        return "unknown name 'players'; set 'for_players: true' to check the rule for every player count"
    per_language = sorted(n for n in known if re.fullmatch(rf"{re.escape(name)}\.[a-z]{{2}}", n))
    if per_language:
        return f"unknown name '{name}'; it is a text per language: {', '.join(per_language)}"
    listed = listed_like(name, known)
    if listed:
        return f"unknown name '{name}'; a list's items are named by their place in the list: {listed}"
    hint = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.6)
    if hint:
        return f"unknown name '{name}'; did you mean '{hint[0]}'?"
    prefix = name.split(".")[0] + "."
    family = sorted(n for n in known if n.startswith(prefix))
    if family:
        shown = ", ".join(family[:8]) + (" …" if len(family) > 8 else "")
        return f"unknown name '{name}'; '{prefix[:-1]}' gives {shown}"
    return f"unknown name '{name}'; names are a component's or need's id and a number, e.g. {_examples(known)}"


def listed_like(name: str, known: dict[str, Any]) -> str:
    """For 'die.flower.symbol' (an item named by its id, as texts' placeholders do): how the
    invariants name that field of a list's items, ``die.entries.N.symbol.LANG (N from 1 to 3;
    LANG cs, en or pl), all of them die.entries.*.symbol.LANG``; '' when no list of the component
    has the field. A close match by spelling would point at an item by chance (die.entries.3 for
    flower, the 2nd)."""
    component, _, rest = name.partition(".")
    _, _, field = rest.partition(".")
    if not field:
        return ""
    shape = re.compile(rf"{re.escape(component)}\.([a-z][a-z0-9_.]*?)\.(\d+)\.{re.escape(field)}(?:\.([a-z]{{2}}))?")
    items_of: dict[str, list[tuple[int, str]]] = {}  # a list's name: (item number, language or '')
    for known_name in known:
        found = shape.fullmatch(known_name)
        if found:
            items_of.setdefault(found[1], []).append((int(found[2]), found[3] or ""))
    shown = []
    for list_name, items in sorted(items_of.items()):
        langs = sorted({lang for _, lang in items if lang})
        plain = sorted(number for number, lang in items if not lang)  # one text for every language
        suffix = f".{langs[0]}" if len(langs) == 1 else ".LANG" if langs else ""
        said = f"; LANG {', '.join(langs[:-1])} or {langs[-1]}" if len(langs) > 1 else ""
        if langs and plain:
            said += f"; without it for item {', '.join(map(str, plain))}, one text for all"
        named = f"{component}.{list_name}.N.{field}{suffix} (N from 1 to {max(n for n, _ in items)}{said})"
        shown.append(f"{named}, all of them {component}.{list_name}.*.{field}{suffix}")
    return "; ".join(shown)


def _examples(known: dict[str, Any]) -> str:
    names = sorted(n for n in known if "." in n)[:4]
    return ", ".join(names) if names else "rounds.count"


def describe_failure(check: Check, links: list[Link]) -> str:
    """'board.free = 16, tokens.total = 17': each side of each broken link that is not a literal;
    of several values, those that broke ('stones.mutes.value = 2'), or how many each side has."""
    parts: list[str] = []
    for link in links:
        if link.holds:
            continue
        for part in _link_parts(check, link):
            if part not in parts:
                parts.append(part)
    return ", ".join(parts) or " and ".join(
        f"{show(link.left_value)} {link.op} {show(link.right_value)} is false" for link in links if not link.holds
    )


def _link_parts(check: Check, link: Link) -> list[str]:
    sides = ((link.left, link.left_value), (link.right, link.right_value))
    if not any(isinstance(value, Many) for _, value in sides):
        return [f"{check.source(node)} = {show(value)}" for node, value in sides if not isinstance(node, (Num, Str))]
    pairs = _partners(link.left_value, link.right_value)
    if pairs is None:
        return [_counted(check, node, value) for node, value in sides]
    parts: list[str] = []
    for index, (a, b) in enumerate(pairs):
        if not _compare_one(a, link.op, b, link.right):
            named = [_item(check, node, value, index) for node, value in sides]
            shown = [part for part in named if part]
            if len(shown) == 1 and not all(named):
                literal = b if named[0] else a
                shown = [f"{shown[0]} where the rule has {show(literal)}"]
            parts.extend(shown)
    return parts


def broken_items(links: list[Link]) -> list[str]:
    """The names of the single values that broke a link of several values (``beasts.*.cost <= 5``:
    ``beasts.wolf_2.cost``, 7), in the kit's order: each of them is a value to fix."""
    names: list[str] = []
    for link in links:
        pairs = None if link.holds else _partners(link.left_value, link.right_value)
        for index, (a, b) in enumerate(pairs or []):
            if _compare_one(a, link.op, b, link.right):
                continue
            for value in (link.left_value, link.right_value):
                name = value.names[index] if isinstance(value, Many) else None
                if name and name not in names:
                    names.append(name)
    return names


def _item(check: Check, node: Node, value: Value, index: int) -> str | None:
    """'stones.mutes.value = 2' for a named value of a link's side; None for a value written out."""
    if isinstance(value, Many):
        name = value.names[index]
        return f"{name} = {show(value.values[index])}" if name else None
    return None if isinstance(node, (Num, Str)) else f"{check.source(node)} = {show(value)}"


def _counted(check: Check, node: Node, value: Value) -> str:
    if isinstance(node, ListOf) and all(isinstance(item, (Num, Str)) for item in node.items):
        return f"{check.source(node)} has {_values(value)}"
    return f"{check.source(node)} = {show(value)} ({_values(value)})"


def _values(value: Value) -> str:
    count = len(value.values) if isinstance(value, Many) else 1
    return f"{count} value{'s' if count != 1 else ''}"
