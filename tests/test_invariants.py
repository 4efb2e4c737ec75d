"""The invariant language on its own: parsing, exact arithmetic, errors with columns, no eval."""

from __future__ import annotations

from fractions import Fraction

import pytest

from printkit.invariants import Evaluator, InvariantError, describe_failure, names_in, parse, tokenize

NUMBERS = {
    "board.cells": 25,
    "board.specials": 9,
    "board.free": 16,
    "tokens.total": 16,
    "guards_a.count": 8,
    "guards_b.count": 8,
    "cards.total": 36,
    "card.width": 63.5,
    "board.cell": 30.0,
    "aid.hand.2": 3,
    "aid.hand.3": 2,
}


def holds(text: str, numbers: dict | None = None) -> bool:
    return all(link.holds for link in Evaluator(numbers or NUMBERS).links(parse(text)))


@pytest.mark.parametrize(
    "text",
    [
        "board.cells - board.specials == board.free == tokens.total == 16",
        "guards_a.count + guards_b.count == tokens.total",
        "sum(guards_*.count) == 16 and count(guards_*.count) == 2",
        "max(guards_a.count, guards_b.count) <= min(8, 9)",
        "cards.total == 3 * 12 and cards.total / 2 == 18",
        "0.1 + 0.2 == 0.3",
        "card.width <= board.cell * 3",
        "-(2 - 5) * -1 == -3",
        "aid.hand[2] == 3 and aid.hand[1 + 2] == 2",
        "board.free != 15 and board.free > 15 and board.free >= 16 and board.free < 17",
    ],
)
def test_true_facts_hold(text):
    assert holds(text)


@pytest.mark.parametrize(
    "text",
    ["board.free == 15", "tokens.total == 16 and cards.total == 35", "1 < 2 < 2", "cards.total / 4 == 8"],
)
def test_false_facts_fail(text):
    assert not holds(text)


def test_arithmetic_is_exact():
    values = Evaluator({"a.third": Fraction(1, 3)})
    assert values.value(parse("a.third * 3 == 1").tree.terms[0].operands[0]) == 1


def test_a_chain_reports_each_broken_link_with_its_values():
    check = parse("board.cells - board.specials == board.free == tokens.total == 16")
    numbers = {**NUMBERS, "tokens.total": 17}
    links = Evaluator(numbers).links(check)
    assert [link.holds for link in links] == [True, False, False]
    assert describe_failure(check, links) == "board.free = 16, tokens.total = 17"


def test_compound_sides_are_shown_with_their_value():
    check = parse("4 * players <= cards.total")
    links = Evaluator({**NUMBERS, "players": 10}).links(check)
    assert describe_failure(check, links) == "4 * players = 40, cards.total = 36"


def test_the_evaluator_records_what_it_read():
    evaluator = Evaluator(NUMBERS)
    evaluator.links(parse("sum(guards_*.count) == tokens.total"))
    assert evaluator.read == ["guards_a.count", "guards_b.count", "tokens.total"]
    assert names_in(parse("a.b + sum(c.*) == d.e[1]")) == ["a.b"]


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "the check is empty; write a comparison such as 'rounds.count == 18'"),
        ("board.free = 16", "a single '=' is not a comparison; use '==' (column 12)"),
        ("board.free", "'board.free' states no fact; compare it, e.g. 'board.free == 16' (column 1)"),
        ("board.free ≤ 16", "unexpected character '≤'; write '<=' (column 12)"),
        ("{board.free} == 16", "write names without braces: board.free, not {board.free} (column 1)"),
        ("(board.free + 1", "expected ')' after '1', got the end of the check (column 16)"),
        ("board.free ==", "expected a number, a name or '(' after '==', got the end of the check (column 14)"),
        ("board.free == 16 16", "expected 'and', a comparison or an operator after '16', got '16' (column 18)"),
        (
            "summ(tokens.*) == 16",
            "unknown function summ(); did you mean sum()? (printkit knows sum(), min(), max(), count()) (column 1)",
        ),
        (
            "guards_*.count == 16",
            "a pattern such as 'guards_*.count' names several numbers; use it inside sum(), min(), max() or count() "
            "(column 1)",
        ),
        ("2x == 2", "a number runs into a name: '2x' (column 1)"),
        (
            "__import__('os') == 1",
            "unknown function __import__() (printkit knows sum(), min(), max(), count()) (column 1)",
        ),
        ("tokens.A.shape == 'circle", "a text opened with ' is never closed (column 19)"),
    ],
)
def test_unreadable_checks_say_what_and_where(text, message):
    with pytest.raises(InvariantError) as caught:
        parse(text)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    "text, message",
    [
        ("board.fre == 16", "unknown name 'board.fre'; did you mean 'board.free'? (column 1)"),
        (
            "board.xyzzy == 5",
            "unknown name 'board.xyzzy'; 'board' gives board.cell, board.cells, board.free, board.specials (column 1)",
        ),
        (
            "players <= 4",
            "unknown name 'players'; set 'for_players: true' to check the rule for every player count (column 1)",
        ),
        ("sum(lamps.*) == 1", "the pattern 'lamps.*' matches no number (column 5)"),
        ("cards.total / (board.free - 16) == 1", "division by zero: 36 / 0 (column 16)"),
        ("aid.hand[4] == 1", "unknown name 'aid.hand.4'; did you mean 'aid.hand.3'? (column 1)"),
    ],
)
def test_evaluation_errors_say_what_and_where(text, message):
    with pytest.raises(InvariantError) as caught:
        Evaluator(NUMBERS).links(parse(text))
    assert str(caught.value) == message


def test_python_is_never_evaluated():
    for text in ["__import__('os').system('true') == 0", "().__class__ == 1", "[1][0] == 1", "1 if 1 else 2 == 1"]:
        with pytest.raises(InvariantError):
            Evaluator(NUMBERS).links(parse(text))


def test_long_or_deep_checks_are_refused():
    with pytest.raises(InvariantError, match="the limit is 500"):
        tokenize("1 + " * 200 + "1 == 1")
    with pytest.raises(InvariantError, match="nests deeper than 40 levels"):
        parse("(" * 60 + "1" + ")" * 60 + " == 1")
