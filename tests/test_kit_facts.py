"""Facts a rulebook states that are not plain counts: texts (shapes, letters), each type's own
count through a pattern, table columns, special cells of an icon; each kind names them, the
invariant language compares them, and a kit that breaks one is refused on the right line."""

from __future__ import annotations

import pytest

from printkit import pipeline as build
from printkit.facts.evaluation import Evaluator
from printkit.facts.invariants import InvariantError, parse
from printkit.layout.document import kit_numbers

LATARNIE = kit_numbers(build.load("latarnie").kit)
TARG = kit_numbers(build.load("targ").kit)
KPN = kit_numbers(build.load("kpn").kit)


def holds(text: str, numbers: dict) -> bool:
    return all(link.holds for link in Evaluator(numbers).links(parse(text)))


@pytest.mark.parametrize(
    ("text", "numbers", "expected"),
    [
        ("tokens.A.shape == 'circle' and tokens.B.shape == \"triangle\"", LATARNIE, True),
        ("tokens.A.shape != tokens.B.shape and tokens.A.letter != tokens.B.letter", LATARNIE, True),
        ("tokens.guards_a.shape == 'triangle'", LATARNIE, False),
        ("tokens.guards_a.letter == 'A' and tokens.guards_b.pattern == 'none'", LATARNIE, True),
        ("board.specials.lighthouse == board.specials == 9", LATARNIE, True),
        ("board.cell - tokens.size >= 5", LATARNIE, True),
        ("board.cell - tokens.size >= 6", LATARNIE, False),
        # each type's own count: the pattern reads the three types and nothing else
        ("tiles.*.count == 5 and count(tiles.*.count) == 3", KPN, True),
        ("tiles.*.icon == ['rock', 'paper', 'scissors'] and distinct(tiles.*.icon) == 3", KPN, True),
        ("tiles.*.icon == ['rock', 'scissors', 'paper']", KPN, False),
        ("distinct(tokens.A.shape, tokens.B.shape) == 2 and board.specials.length == 9", LATARNIE, True),
        ("cards.types.length == cards.types == 3", TARG, True),
        ("count(tiles.*.count) == tiles.types", KPN, True),
        ("tiles.rock.icon == 'rock'", KPN, True),
    ],
)
def test_facts_that_are_not_counts(text, numbers, expected):
    assert holds(text, numbers) is expected


def test_a_pattern_ending_in_a_star_reads_one_part_of_a_name():
    numbers = {"pair_1": 2, "pair_2": 2, "pair_12": 2, "pair_1.extra": 7}
    assert holds("pair_* == 2 and count(pair_*) == 3", numbers)
    assert not holds("pair_* == [2, 2]", numbers)  # three values, not two


def test_a_table_counts_its_columns():
    # targ's market panel "sets" has a category column and a points column, no player column, and
    # its four set categories as rows (the good of the day's bonus is a rules section of its own)
    assert (TARG["sets.columns"], TARG["sets.player_columns"], TARG["sets.rows"]) == (2, 0, 4)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("tokens.A.shape < 'square'", "'<' compares numbers; a text compares with == or != only (column 18)"),
        ("tokens.A.shape == 3", "a text ('circle') is compared with a number (column 19)"),
        ("tokens.A.shape + 1 == 2", "tokens.A.shape = 'circle' is a text; only == and != compare texts (column 1)"),
    ],
)
def test_texts_compare_only_as_equal_or_not(text, message):
    with pytest.raises(InvariantError) as caught:
        Evaluator(LATARNIE).links(parse(text))
    assert str(caught.value) == message
