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
    count(compared COMPARE compared)           how many values hold it: count(deck.*.kind == 'hunter')
    TEXT       := '...' or "..."               compared with == and != only

(``conjunct`` compares ``compared`` operands: ``sum (compare compared)*`` with a pattern or a list
allowed on either side.)

How a parsed check is evaluated over a kit's numbers, and how a broken one is described, is
``evaluation.py``.
"""

from __future__ import annotations

import difflib
from fractions import Fraction

from msgspec import Struct

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


class Token(Struct, frozen=True):
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


class Node(Struct, frozen=True):
    """A node of a parsed check: where in the check its text starts and ends."""

    start: int
    end: int


class Num(Node, frozen=True):
    """A number, exact."""

    value: Fraction


class Str(Node, frozen=True):
    """A quoted text."""

    value: str


class Name(Node, frozen=True):
    """A kit number by its name, or one entry of it (``index``)."""

    name: str
    index: Node | None = None


class Pattern(Node, frozen=True):
    """A name with wildcards: every kit number it matches."""

    pattern: str


class ListOf(Node, frozen=True):
    """``[a, b, c]``: several values written out."""

    items: tuple[Node, ...]


class Call(Node, frozen=True):
    """A function applied to its arguments."""

    func: str
    args: tuple[Node, ...]


class Negate(Node, frozen=True):
    """Minus its operand."""

    operand: Node


class Arith(Node, frozen=True):
    """``left op right``, one of + - * /."""

    op: str
    left: Node
    right: Node


class Compare(Node, frozen=True):
    """``a op1 b op2 c``: holds when every link holds."""

    operands: tuple[Node, ...]
    ops: tuple[str, ...]


class All(Node, frozen=True):
    """Comparisons joined by ``and``: holds when each holds."""

    terms: tuple[Compare, ...]


class Check(Struct, frozen=True):
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
            raise InvariantError(several_values(token.text), token.start + 1)
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
            raise InvariantError(several_values(self.text[start : self.end_of()]), start + 1)
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
            raise InvariantError(several_values(shown), token.start + 1)
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
        args = [self.argument(token.text)]
        while self.at(","):
            self.take()
            args.append(self.argument(token.text))
        self.expect(")", "',' or ')'")
        return Call(token.start, self.end_of(), token.text, tuple(args))

    def argument(self, func: str) -> Node:
        """A value, a pattern or a list; in count() also a comparison, which counts the values
        that hold it: ``count(beasts.*.kind == 'hunter')``."""
        node = self.compared()
        if func != "count" or not self.at(*COMPARISONS):
            return node
        op = self.take().text
        right = self.compared()
        return Compare(node.start, right.end, (node, right), (op,))


def several_values(shown: str) -> str:
    """What is wrong where a pattern or a list stands for one value: the parser's and the evaluator's word."""
    return (
        f"'{shown}' names several values; compare it with a value or a list, or use it inside "
        "sum(), min(), max(), count() or distinct()"
    )


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
