"""The invariant language: a game's facts as comparisons over the kit's derived numbers.

A kit states what its rulebook promises, for example::

    check: "board.cells - board.special == board.free == tokens.total == 16"
    check: "4 * players <= cards.total"            # with for_players: true
    check: "sum(stones_*.points) == 2 * 76"
    check: "pairs.*.count == 2"                                  # every type exactly twice
    check: "stones.*.value == [21, 15, 10, 8, 5, 4, 1]"          # each type's value, in the kit's order
    check: "guards.A.shape == 'circle' and distinct(guards.*.shape) == 2"

Grammar (printkit's own tokenizer and recursive-descent parser; nothing is handed to Python's
eval)::

    invariant  := conjunct ("and" conjunct)*
    conjunct   := sum (compare sum)*           compare: == != <= >= < >   (chains like a == b == 16)
    sum        := product (("+" | "-") product)*
    product    := unary (("*" | "/") unary)*
    unary      := "-" unary | atom
    compared   := sum | PATTERN | LIST         several values, compared one by one
    atom       := NUMBER | TEXT | NAME ("[" sum "]")? | FUNC "(" arg ("," arg)* ")" | "(" sum ")"
    arg        := sum | PATTERN | LIST         PATTERN: a name with "*", e.g. guards_*.count
    LIST       := "[" sum ("," sum)* "]"       e.g. [21, 15, 10] or [tiles.yellow, tiles.pink]
    FUNC       := sum | min | max | count | distinct
    TEXT       := '...' or "..."               compared with == and != only

(``conjunct`` compares ``compared`` operands: ``sum (compare compared)*`` with a pattern or a list
allowed on either side.)

Arithmetic is exact (fractions), so 36 / 2 == 18 holds and 0.1 + 0.2 == 0.3 does too.
``name[expr]`` reads the number named ``name.<value of expr>``, e.g. ``aid.hand[players]``.
Several values (a pattern's, in the order the kit defines them, or a list's) compared with one
value hold when each of them does (``deck.*.count == 2``); compared with several, when there are as
many and each holds with its partner (``stones.*.value == [21, 15, 10]``). ``distinct(...)`` counts
the different values, texts too (``distinct(tokens.*.shape) == 2``: the players' shapes differ).
A pattern's ``*`` stands for one part of a name, never a dot: ``deck.*.count`` reads each type's
count and not ``deck.yellow.rock.count``; ``pair_*`` matches ``pair_1`` and ``pair_12``. A name may
hold a text (a token's shape, a type's letter): texts compare with ``==`` and ``!=``.
"""

from __future__ import annotations

import difflib
import functools
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

FUNCTIONS = ("sum", "min", "max", "count", "distinct")
COMPARISONS = ("==", "!=", "<=", ">=", "<", ">")
_TWO_CHAR = ("==", "!=", "<=", ">=")
_ONE_CHAR = "<>+-*/()[],"
_LOOKALIKES = {"≤": "<=", "≥": ">=", "≠": "!=", "×": "*", "·": "*", "÷": "/", "−": "-", "–": "-"}
MAX_LENGTH = 500
MAX_DEPTH = 40


class InvariantError(Exception):
    """A check that cannot be read or evaluated; ``column`` counts from 1."""

    def __init__(self, message: str, column: int | None = None):
        super().__init__(message)
        self.message = message
        self.column = column

    def __str__(self) -> str:
        return f"{self.message} (column {self.column})" if self.column else self.message


# --- tokens ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Token:
    """A token of a check: its kind, its text and where it starts."""

    kind: str  # number | name | pattern | op | and | end
    text: str
    start: int  # index into the check


def tokenize(text: str) -> list[Token]:
    if len(text) > MAX_LENGTH:
        raise InvariantError(f"the check is {len(text)} characters long; the limit is {MAX_LENGTH}")
    tokens: list[Token] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char.isspace():
            i += 1
        elif char.isdigit():
            i = _number(text, i, tokens)
        elif char in "'\"":
            i = _text(text, i, tokens)
        elif char.isalpha() or char == "_":
            i = _name(text, i, tokens)
        elif text[i : i + 2] in _TWO_CHAR:
            tokens.append(Token("op", text[i : i + 2], i))
            i += 2
        elif char in _ONE_CHAR:
            tokens.append(Token("op", char, i))
            i += 1
        else:
            raise InvariantError(_bad_character(char), i + 1)
    tokens.append(Token("end", "", len(text)))
    return tokens


def _bad_character(char: str) -> str:
    if char == "=":
        return "a single '=' is not a comparison; use '=='"
    if char in _LOOKALIKES:
        return f"unexpected character '{char}'; write '{_LOOKALIKES[char]}'"
    if char == "{":
        return "write names without braces: board.free, not {board.free}"
    return f"unexpected character '{char}'"


def _number(text: str, i: int, tokens: list[Token]) -> int:
    start = i
    while i < len(text) and text[i].isdigit():
        i += 1
    if i + 1 < len(text) and text[i] == "." and text[i + 1].isdigit():
        i += 1
        while i < len(text) and text[i].isdigit():
            i += 1
    if i < len(text) and (text[i].isalpha() or text[i] == "_"):
        raise InvariantError(f"a number runs into a name: '{text[start : i + 1]}'", start + 1)
    tokens.append(Token("number", text[start:i], start))
    return i


def _text(text: str, i: int, tokens: list[Token]) -> int:
    """A quoted text: 'circle' or "circle"; no escapes, so it ends at the next same quote."""
    end = text.find(text[i], i + 1)
    if end < 0:
        raise InvariantError(f"a text opened with {text[i]} is never closed", i + 1)
    tokens.append(Token("text", text[i : end + 1], i))
    return end + 1


def _name(text: str, i: int, tokens: list[Token]) -> int:
    """A dotted name; '*' belongs to it beside a dot (``tiles.*``, ``guards_*.count``) or when
    nothing could follow it as a multiplication (``pair_*)``, ``pair_*,``)."""
    start = i
    while i < len(text):
        char = text[i]
        if char.isalnum() or char == "_":
            i += 1
        elif char == "." and i + 1 < len(text) and (text[i + 1].isalnum() or text[i + 1] in "_*"):
            i += 1
        elif char == "*" and (text[i - 1] == "." or _ends_a_pattern(text, i + 1)):
            i += 1
        else:
            break
    word = text[start:i]
    if word == "and":
        tokens.append(Token("and", word, start))
    else:
        tokens.append(Token("pattern" if "*" in word else "name", word, start))
    return i


def _ends_a_pattern(text: str, i: int) -> bool:
    """Whether a '*' just before index i ends a name (``pair_* == 2``, ``sum(pair_*)``) rather than
    multiplies: what follows it, past spaces, is a dot, a closing bracket, a comparison or nothing."""
    rest = text[i:].lstrip()
    return text[i : i + 1] == "." or rest[:1] in ("", ")", ",", "]") or rest[:2] in _TWO_CHAR or rest[:1] in "<>"


# --- syntax tree ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Node:
    """A node of a parsed check: where in the check its text starts and ends."""

    start: int
    end: int


@dataclass(frozen=True)
class Num(Node):
    """A number, exact."""

    value: Fraction


@dataclass(frozen=True)
class Str(Node):
    """A quoted text."""

    value: str


@dataclass(frozen=True)
class Name(Node):
    """A kit number by its name, or one entry of it (``index``)."""

    name: str
    index: Node | None = None


@dataclass(frozen=True)
class Pattern(Node):
    """A name with wildcards: every kit number it matches."""

    pattern: str


@dataclass(frozen=True)
class ListOf(Node):
    """``[a, b, c]``: several values written out."""

    items: tuple[Node, ...]


@dataclass(frozen=True)
class Call(Node):
    """A function applied to its arguments."""

    func: str
    args: tuple[Node, ...]


@dataclass(frozen=True)
class Negate(Node):
    """Minus its operand."""

    operand: Node


@dataclass(frozen=True)
class Arith(Node):
    """``left op right``, one of + - * /."""

    op: str
    left: Node
    right: Node


@dataclass(frozen=True)
class Compare(Node):
    """``a op1 b op2 c``: holds when every link holds."""

    operands: tuple[Node, ...]
    ops: tuple[str, ...]


@dataclass(frozen=True)
class All(Node):
    """Comparisons joined by ``and``: holds when each holds."""

    terms: tuple[Compare, ...]


@dataclass(frozen=True)
class Check:
    """A parsed invariant: its text and its tree."""

    text: str
    tree: All

    def source(self, node: Node) -> str:
        return self.text[node.start : node.end].strip()


def parse(text: str) -> Check:
    """Parse an invariant's check; an InvariantError says what is wrong and at which column."""
    if not text.strip():
        raise InvariantError("the check is empty; write a comparison such as 'rounds.count == 18'")
    parser = _Parser(text, tokenize(text))
    tree = parser.invariant()
    parser.expect_end()
    return Check(text, tree)


def parse_expression(text: str) -> Node:
    """Parse arithmetic alone (a text placeholder such as ``board.rows * board.cols``)."""
    if not text.strip():
        raise InvariantError("the placeholder is empty; write a name such as rounds.count")
    parser = _Parser(text, tokenize(text))
    tree = parser.sum()
    parser.expect_end()
    return tree


class _Parser:
    def __init__(self, text: str, tokens: list[Token]):
        self.text = text
        self.tokens = tokens
        self.pos = 0
        self.depth = 0

    @property
    def token(self) -> Token:
        return self.tokens[self.pos]

    def take(self) -> Token:
        token = self.tokens[self.pos]
        self.pos += 1
        return token

    def at(self, *texts: str) -> bool:
        return self.token.kind == "op" and self.token.text in texts

    def fail(self, wanted: str) -> InvariantError:
        token = self.token
        got = "the end of the check" if token.kind == "end" else f"'{token.text}'"
        after = self.tokens[self.pos - 1].text if self.pos else ""
        where = f" after '{after}'" if after else ""
        return InvariantError(f"expected {wanted}{where}, got {got}", token.start + 1)

    def expect(self, text: str, wanted: str) -> Token:
        if not self.at(text):
            raise self.fail(wanted)
        return self.take()

    def expect_end(self) -> None:
        if self.token.kind != "end":
            raise self.fail("'and', a comparison or an operator")

    def end_of(self) -> int:
        return self.tokens[self.pos - 1].start + len(self.tokens[self.pos - 1].text)

    def invariant(self) -> All:
        start = self.token.start
        terms = [self.conjunct()]
        while self.token.kind == "and":
            self.take()
            terms.append(self.conjunct())
        return All(start, self.end_of(), tuple(terms))

    def conjunct(self) -> Compare:
        start = self.token.start
        operands = [self.compared()]
        ops: list[str] = []
        while self.at(*COMPARISONS):
            ops.append(self.take().text)
            operands.append(self.compared())
        if not ops:
            shown = self.text[start : self.end_of()].strip()
            raise InvariantError(f"'{shown}' states no fact; compare it, e.g. '{shown} == 16'", start + 1)
        return Compare(start, self.end_of(), tuple(operands), tuple(ops))

    def compared(self) -> Node:
        """A comparison's operand: arithmetic, or several values (a pattern, a list)."""
        if self.token.kind == "pattern":
            return self.pattern()
        if self.at("["):
            return self.list_of()
        return self.sum()

    def pattern(self) -> Pattern:
        token = self.take()
        if self.at(*"+-*/["):
            raise InvariantError(_several(token.text), token.start + 1)
        return Pattern(token.start, self.end_of(), token.text)

    def list_of(self) -> ListOf:
        start = self.take().start
        if self.at("]"):
            raise InvariantError("an empty list states nothing; write its values, e.g. [1, 2]", start + 1)
        items = [self.sum()]
        while self.at(","):
            self.take()
            items.append(self.sum())
        self.expect("]", "',' or ']'")
        if self.at(*"+-*/"):
            raise InvariantError(_several(self.text[start : self.end_of()]), start + 1)
        return ListOf(start, self.end_of(), tuple(items))

    def sum(self) -> Node:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise InvariantError(f"the check nests deeper than {MAX_DEPTH} levels", self.token.start + 1)
        node = self.product()
        while self.at("+", "-"):
            op = self.take().text
            right = self.product()
            node = Arith(node.start, right.end, op, node, right)
        self.depth -= 1
        return node

    def product(self) -> Node:
        node = self.unary()
        while self.at("*", "/"):
            op = self.take().text
            right = self.unary()
            node = Arith(node.start, right.end, op, node, right)
        return node

    def unary(self) -> Node:
        if self.at("-"):
            start = self.take().start
            operand = self.unary()
            return Negate(start, operand.end, operand)
        return self.atom()

    def atom(self) -> Node:
        token = self.token
        if token.kind == "number":
            self.take()
            return Num(token.start, self.end_of(), Fraction(token.text))
        if token.kind == "text":
            self.take()
            return Str(token.start, self.end_of(), token.text[1:-1])
        if token.kind == "name" and self.tokens[self.pos + 1].text == "(":
            return self.call()
        if token.kind == "name":
            self.take()
            if self.at("["):
                self.take()
                index = self.sum()
                self.expect("]", "']'")
                return Name(token.start, self.end_of(), token.text, index)
            return Name(token.start, self.end_of(), token.text)
        if token.kind == "pattern" or self.at("["):
            shown = token.text if token.kind == "pattern" else "[...]"
            raise InvariantError(_several(shown), token.start + 1)
        if self.at("("):
            self.take()
            node = self.sum()
            self.expect(")", "')'")
            return node
        raise self.fail("a number, a name or '('")

    def call(self) -> Call:
        token = self.take()
        if token.text not in FUNCTIONS:
            hint = difflib.get_close_matches(token.text, FUNCTIONS, n=1)
            dym = f"; did you mean {hint[0]}()?" if hint else ""
            raise InvariantError(
                f"unknown function {token.text}(){dym} (printkit knows {', '.join(f + '()' for f in FUNCTIONS)})",
                token.start + 1,
            )
        self.take()
        args = [self.argument()]
        while self.at(","):
            self.take()
            args.append(self.argument())
        self.expect(")", "',' or ')'")
        return Call(token.start, self.end_of(), token.text, tuple(args))

    def argument(self) -> Node:
        return self.compared()


def _several(shown: str) -> str:
    return (
        f"'{shown}' names several values; compare it with a value or a list, or use it inside "
        "sum(), min(), max(), count() or distinct()"
    )


# --- evaluation -----------------------------------------------------------------------------------


Scalar = Fraction | str  # what a name or an expression stands for: an exact number or a text


@dataclass(frozen=True)
class Many:
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


@dataclass(frozen=True)
class Link:
    """One comparison of a chain, evaluated: ``left op right`` and whether it holds."""

    left: Node
    op: str
    right: Node
    left_value: Value
    right_value: Value
    holds: bool


class Evaluator:
    """Evaluates parsed checks over a table of named numbers and texts; records which names it read."""

    def __init__(self, values: dict[str, Any]):
        self.values: dict[str, Scalar] = {
            name: v for name, v in ((n, _value(v)) for n, v in values.items()) if v is not None
        }
        self.read: list[str] = []
        self.unknown: str | None = None  # the name a lookup did not find, when one did not

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
            raise InvariantError(_several(node.pattern if isinstance(node, Pattern) else "[...]"), node.start + 1)
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
            raise InvariantError(unknown_name(name, self.values), node.start + 1)
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


def names_in(check: Check) -> list[str]:
    """The plain names a check reads (patterns and indexed names excluded), in order."""
    return names_under(check.tree)


def names_under(tree: Node) -> list[str]:
    """The plain names a (part of a) check reads, in order."""
    found: list[str] = []

    def visit(node: Node) -> None:
        if isinstance(node, Name) and node.index is None:
            found.append(node.name)
        for child in _children(node):
            visit(child)

    visit(tree)
    return found


def texts_in(check: Check) -> list[str]:
    """The quoted texts a check compares with ('circle' in ``tokens.A.shape == 'circle'``)."""
    found: list[str] = []

    def visit(node: Node) -> None:
        if isinstance(node, Str):
            found.append(node.value)
        for child in _children(node):
            visit(child)

    visit(check.tree)
    return found


def _children(node: Node) -> tuple[Node, ...]:
    if isinstance(node, All):
        return node.terms
    if isinstance(node, Compare):
        return node.operands
    if isinstance(node, Arith):
        return (node.left, node.right)
    if isinstance(node, Negate):
        return (node.operand,)
    if isinstance(node, Call):
        return node.args
    if isinstance(node, ListOf):
        return node.items
    if isinstance(node, Name) and node.index is not None:
        return (node.index,)
    return ()


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
