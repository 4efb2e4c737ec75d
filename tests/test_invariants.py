"""The invariant language on its own: parsing, exact arithmetic, errors with columns, no eval."""

from __future__ import annotations

from fractions import Fraction

import pytest

from printkit.facts.evaluation import Evaluator, describe_failure
from printkit.facts.invariants import InvariantError, names_in, parse, tokenize

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
            "unknown function summ(); did you mean sum()? (printkit knows sum(), min(), max(), count(), distinct()) "
            "(column 1)",
        ),
        (
            "guards_*.count + 1 == 16",
            "'guards_*.count' names several values; compare it with a value or a list, or use it inside sum(), "
            "min(), max(), count() or distinct() (column 1)",
        ),
        (
            "2 * [1, 2] == [2, 4]",
            "'[...]' names several values; compare it with a value or a list, or use it inside sum(), min(), max(), "
            "count() or distinct() (column 5)",
        ),
        ("guards_*.count == []", "an empty list states nothing; write its values, e.g. [1, 2] (column 19)"),
        ("[1, 2 == 2", "expected ',' or ']' after '2', got '==' (column 7)"),
        ("2x == 2", "a number runs into a name: '2x' (column 1)"),
        (
            "__import__('os') == 1",
            "unknown function __import__() (printkit knows sum(), min(), max(), count(), distinct()) (column 1)",
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


SEVERAL = {
    "stones.ace.value": 21,
    "stones.ace.count": 1,
    "stones.reds.value": 5,
    "stones.reds.count": 2,
    "stones.mutes.value": 1,
    "stones.mutes.count": 4,
    "tokens.A.shape": "circle",
    "tokens.B.shape": "triangle",
    "tiles.yellow": 15,
    "tiles.pink": 15,
}


@pytest.mark.parametrize(
    "text",
    [
        "stones.*.value == [21, 5, 1]",  # in the order the kit defines them, not by name
        "[21, 5, 1] == stones.*.value",
        "stones.*.count <= 4 and stones.*.count >= 1",
        "[tiles.yellow, tiles.pink] == 15",
        "tokens.*.shape == ['circle', 'triangle'] and distinct(tokens.*.shape) == 2",
        "distinct(stones.*.value) == 3 and distinct(tiles.yellow, tiles.pink) == 1",
        "sum(stones.*.count) == 7 and sum([1, 2, 3]) == 6 and max([tiles.yellow, 2]) == 15",
        "stones.*.value != 0",
    ],
)
def test_several_values_compare_one_by_one(text):
    assert holds(text, SEVERAL)


@pytest.mark.parametrize(
    "text, shown",
    [
        ("stones.*.value == [21, 5, 2]", "stones.mutes.value = 1 where the rule has 2"),
        (
            "stones.*.count == 1",
            "stones.reds.count = 2 where the rule has 1, stones.mutes.count = 4 where the rule has 1",
        ),
        ("stones.*.value == [21, 5]", "stones.*.value = [21, 5, 1] (3 values), [21, 5] has 2 values"),
        ("[tiles.yellow, tiles.pink] == [15, 16]", "tiles.pink = 15 where the rule has 16"),
        ("distinct(tokens.*.shape) == 1", "distinct(tokens.*.shape) = 2"),
        ("tokens.*.shape == 'circle'", "tokens.B.shape = 'triangle' where the rule has 'circle'"),
    ],
)
def test_several_values_name_the_one_that_broke(text, shown):
    check = parse(text)
    links = Evaluator(SEVERAL).links(check)
    assert not all(link.holds for link in links)
    assert describe_failure(check, links) == shown


def test_a_pattern_reads_each_name_it_compares():
    evaluator = Evaluator(SEVERAL)
    evaluator.links(parse("stones.*.value == [21, 5, 1]"))
    assert evaluator.read == ["stones.ace.value", "stones.reds.value", "stones.mutes.value"]


def test_sum_of_texts_is_an_error():
    with pytest.raises(InvariantError) as caught:
        Evaluator(SEVERAL).links(parse("sum(['a', 1]) == 1"))
    assert str(caught.value) == "sum() adds up numbers; 'a' is a text (column 5)"


def test_python_is_never_evaluated():
    for text in ["__import__('os').system('true') == 0", "().__class__ == 1", "[1][0] == 1", "1 if 1 else 2 == 1"]:
        with pytest.raises(InvariantError):
            Evaluator(NUMBERS).links(parse(text))


def test_long_or_deep_checks_are_refused():
    with pytest.raises(InvariantError, match="the limit is 500"):
        tokenize("1 + " * 200 + "1 == 1")
    with pytest.raises(InvariantError, match="nests deeper than 40 levels"):
        parse("(" * 60 + "1" + ")" * 60 + " == 1")


def test_tracing_past_its_budget_names_the_rule_instead_of_the_value(run, monkeypatch):
    """Each nudge of blame computes the kit's numbers again: a 2,000-row table deck with a broken
    rule took 119 s (the fuzzer's case). Past MAX_TRACE_SECONDS the finding names the rule's line."""
    from printkit.facts import provenance

    kit = "tests/bad_kits/token_shape_not_the_rules.yaml"
    traced = run("validate", kit)
    assert traced.code == 1 and f"{kit}:14: components[0].sets[0].shape: look:" in traced.err
    monkeypatch.setattr(provenance, "MAX_TRACE_SECONDS", -1.0)
    over = run("validate", kit)
    assert over.code == 1
    assert f"{kit}:21: invariants[1].check: look: the rules state round A guards" in over.err, over.err
