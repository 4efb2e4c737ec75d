"""The invariant language: a game's facts as comparisons over the kit's derived numbers.

A kit states what its rulebook promises, for example::

    check: "board.cells - board.special == board.free == tokens.total == 16"
    check: "4 * players <= cards.total"            # with for_players: true
    check: "sum(stones_*.points) == 2 * 76"
    check: "min(pairs.*.count) == max(pairs.*.count) == 2"       # every type exactly twice
    check: "guards.A.shape == 'circle' and guards.A.shape != guards.B.shape"

Grammar (printkit's own tokenizer and recursive-descent parser; nothing is handed to Python's
eval)::

    invariant  := conjunct ("and" conjunct)*
    conjunct   := sum (compare sum)*           compare: == != <= >= < >   (chains like a == b == 16)
    sum        := product (("+" | "-") product)*
    product    := unary (("*" | "/") unary)*
    unary      := "-" unary | atom
    atom       := NUMBER | TEXT | NAME ("[" sum "]")? | FUNC "(" arg ("," arg)* ")" | "(" sum ")"
    arg        := sum | PATTERN                PATTERN: a name with "*", e.g. guards_*.count
    FUNC       := sum | min | max | count
    TEXT       := '...' or "..."               compared with == and != only

Arithmetic is exact (fractions), so 36 / 2 == 18 holds and 0.1 + 0.2 == 0.3 does too.
``name[expr]`` reads the number named ``name.<value of expr>``, e.g. ``aid.hand[players]``.
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

FUNCTIONS = ("sum", "min", "max", "count")
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
        elif char == "*" and (text[i - 1] == "." or text[i + 1 : i + 2] in (".", ")", ",", "")):
            i += 1
        else:
            break
    word = text[start:i]
    if word == "and":
        tokens.append(Token("and", word, start))
    else:
        tokens.append(Token("pattern" if "*" in word else "name", word, start))
    return i


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
        operands = [self.sum()]
        ops: list[str] = []
        while self.at(*COMPARISONS):
            ops.append(self.take().text)
            operands.append(self.sum())
        if not ops:
            shown = self.text[start : self.end_of()].strip()
            raise InvariantError(f"'{shown}' states no fact; compare it, e.g. '{shown} == 16'", start + 1)
        return Compare(start, self.end_of(), tuple(operands), tuple(ops))

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
        if token.kind == "pattern":
            raise InvariantError(
                f"a pattern such as '{token.text}' names several numbers; use it inside sum(), min(), max() or count()",
                token.start + 1,
            )
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
        token = self.token
        if token.kind == "pattern":
            self.take()
            return Pattern(token.start, self.end_of(), token.text)
        return self.sum()


# --- evaluation -----------------------------------------------------------------------------------


Value = Fraction | str  # what a name or an expression stands for: an exact number or a text


def number(value: object) -> Fraction | None:
    """A kit number as an exact fraction (floats by their shortest decimal); None for non-numbers."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
        return None
    if isinstance(value, float):
        return Fraction(repr(value))
    return Fraction(value)


def show(value: Value) -> str:
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
        self.values: dict[str, Value] = {
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
        raise InvariantError("a pattern cannot stand alone here", node.start + 1)

    def number(self, node: Node) -> Fraction:
        """A value arithmetic, an index or a function reads: a text there is an error."""
        value = self.value(node)
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
        values: list[Fraction] = []
        for arg in node.args:
            values.extend(self.matches(arg) if isinstance(arg, Pattern) else [self.number(arg)])
        if node.func == "count":
            return Fraction(len(values))
        if node.func == "sum":
            return sum(values, Fraction(0))
        return min(values) if node.func == "min" else max(values)

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


def _value(value: object) -> Value | None:
    return value if isinstance(value, str) else number(value)


def _described(node: Node, value: Value) -> str:
    if isinstance(node, Str):
        return show(value)
    if isinstance(node, Name):
        return f"{node.name} = {show(value)}"
    return show(value)


def _compare(left: Value, op: str, right: Value, right_node: Node) -> bool:
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
    hint = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.6)
    if hint:
        return f"unknown name '{name}'; did you mean '{hint[0]}'?"
    prefix = name.split(".")[0] + "."
    family = sorted(n for n in known if n.startswith(prefix))
    if family:
        shown = ", ".join(family[:8]) + (" …" if len(family) > 8 else "")
        return f"unknown name '{name}'; '{prefix[:-1]}' gives {shown}"
    return f"unknown name '{name}'; names are a component's or need's id and a number, e.g. {_examples(known)}"


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
    if isinstance(node, Name) and node.index is not None:
        return (node.index,)
    return ()


def describe_failure(check: Check, links: list[Link]) -> str:
    """'board.free = 16, tokens.total = 17': each side of each broken link that is not a literal."""
    parts: list[str] = []
    for link in links:
        if link.holds:
            continue
        for node, value in ((link.left, link.left_value), (link.right, link.right_value)):
            if isinstance(node, (Num, Str)):
                continue
            part = f"{check.source(node)} = {show(value)}"
            if part not in parts:
                parts.append(part)
    return ", ".join(parts) or " and ".join(
        f"{show(link.left_value)} {link.op} {show(link.right_value)} is false" for link in links if not link.holds
    )
