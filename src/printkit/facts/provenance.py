"""Which values in a kit file a derived number comes from, found by nudging them.

Component kinds derive their numbers in plain Python (``numbers(component, paper)``), so printkit cannot
read the arithmetic; it can watch it. Raising one whole number of the file by one and seeing which
derived numbers move tells where each derived number comes from. A broken invariant is then
blamed on the line of the one number whose change would make every rule hold again.

Whole numbers are not the only values a number comes from: a length ("35mm") is nudged by a
millimetre, a list by dropping an item (``specials`` feeds ``board.specials``), and a plain text
(a token's ``shape``) by putting in a text the invariants compare with. ``Provenance.leaves`` are the
whole numbers; ``Provenance.values`` are all of them, each with its kind.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from typing import Any

from printkit.base.units import LENGTH_PATTERN

NumbersOf = Callable[[object, tuple], "dict[str, Any] | None"]
"""Plain kit data in which the whole number at the given path (``()`` for none) was changed -> its
derived numbers, or None when the data is not a valid kit. The path lets the caller count again
only what that number can change."""

ROOTS = (("kit", "players"), ("needs",), ("components",))
SEARCH_SPAN = 20
_LENGTH = re.compile(LENGTH_PATTERN)
_TEXT_KEYS_SKIPPED = ("id", "kind", "type", "color", "image", "fits", "at")  # names, not facts an invariant states


def value_kind(value: object) -> str | None:
    """'whole', 'length', 'list' or 'text': how a value of the kit file is nudged; None for others."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return "whole"
    if isinstance(value, float) or (isinstance(value, str) and _LENGTH.match(value) and not value.strip().isdigit()):
        return "length"
    if isinstance(value, list):
        return "list"
    if isinstance(value, str):
        return "text"
    return None


def all_values(data: object, loc: tuple = (), languages: tuple[str, ...] = ()) -> Iterator[tuple[tuple, str]]:
    """Every value of the parts that define numbers with its kind: whole numbers, lengths, lists and
    plain texts (not a translation but a symbol's, not an id or a colour), in file order."""
    if not loc:
        for root in ROOTS:
            node = _at(data, root)
            if node is not None:
                yield from all_values(node, root, languages)
        return
    kind = value_kind(data)
    named = loc[-1] in _TEXT_KEYS_SKIPPED and loc[-2:-1] != ("values",)  # a type's value may be called 'type'
    if kind == "text" and (named or (loc[-1] in languages and loc[-2:-1] != ("symbol",))):
        kind = None  # (a symbol per language, ogrod's K or F, is a fact the rules state, not prose)
    if kind == "list" and loc in ROOTS:
        kind = None  # the list of components itself: dropping a component is no changed value
    if kind is not None:
        yield loc, kind
    if isinstance(data, dict):
        for key, value in data.items():
            yield from all_values(value, loc + (key,), languages)
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from all_values(value, loc + (index,), languages)


def nudges(value: object, kind: str) -> list[object]:
    """The changed values that tell what a value feeds: the first one the kit accepts is used."""
    if kind == "whole":
        assert isinstance(value, int)
        return [value + 1, value - 1]
    if kind == "length":
        return [_length_plus(value, 1), _length_plus(value, -1)]
    if kind == "list":
        assert isinstance(value, list)
        return [value[:-1], value + [_fresh_copy(value, value[-1])]] if value else []
    return []  # a text: fed by the texts invariants compare with (Provenance.texts)


# The keys whose value names an item's numbers: deck.ID, board.C3, tokens.A, market.used.2
ITEM_NAMES = ("id", "at", "owner", "players")


def candidates(value: object, kind: str, texts: tuple[str, ...] = (), missing: tuple[str, ...] = ()) -> list[object]:
    """The changed values a repair is looked for among: whole numbers and lengths within
    SEARCH_SPAN (millimetres), a list without one of its items or with one more (a copy of its
    last item named as a name the rules read but the kit lacks, its texts that held the old name
    too: the item someone removed), or a
    text the invariants name (a text that is a whole number, a table's "3", also the numbers near it)."""
    if kind == "whole":
        assert isinstance(value, int)
        return [v for v in range(value - SEARCH_SPAN, value + SEARCH_SPAN + 1) if v != value]
    if kind == "length":
        return [_length_plus(value, step) for step in range(-SEARCH_SPAN, SEARCH_SPAN + 1) if step]
    if kind == "list":
        assert isinstance(value, list)
        shorter: list[object] = [value[:i] + value[i + 1 :] for i in range(len(value))]
        last = value[-1] if value else None
        renamed: list[object] = [
            value + [_fresh_copy(value, _renamed_copy(last, key, _as_like(last[key], name)))]
            for key in ITEM_NAMES
            if isinstance(last, dict) and key in last
            for name in missing
            if _as_like(last[key], name) is not None
        ]
        numbers = [item for item in value if isinstance(item, int) and not isinstance(item, bool)]
        widened: list[object] = [value + [max(numbers) + 1], value + [min(numbers) - 1]] if numbers else []
        return shorter + [value + [_fresh_copy(value, last)]] + renamed + widened if value else []
    digits: list[object] = [str(n) for n in _near_numbers(value)]
    return digits + [text for text in texts if text != value]


def _near_numbers(value: object) -> list[int]:
    """A text that is a whole number ("3" in a table's cell) as the numbers within SEARCH_SPAN of it."""
    if not (isinstance(value, str) and value.strip().isdigit()):
        return []
    number = int(value)
    return [n for n in range(max(0, number - SEARCH_SPAN), number + SEARCH_SPAN + 1) if n != number]


def _renamed_copy(item: dict[str, Any], key: str, name: object) -> dict[str, Any]:
    """A copy of a list's item named ``name`` at ``key``, and so at every text that held its old
    name (a tile type 'paper' whose icon is 'paper' copied as 'scissors' with the icon 'scissors')."""
    old = item[key]
    return {k: name if k == key or (isinstance(v, str) and v == old) else v for k, v in item.items()}


def _fresh_copy(items: list[object], item: object) -> object:
    """``item`` to be added to ``items``, with an id none of them has when it is named by one
    ('guards_a' copied as 'guards_a_2'): a list that repeats an id is no kit, so a nudge that made
    one would prove nothing."""
    if not (isinstance(item, dict) and isinstance(item.get("id"), str)):
        return item
    taken = {other.get("id") for other in items if isinstance(other, dict)}
    if item["id"] not in taken:
        return item
    number = 2
    while f"{item['id']}_{number}" in taken:
        number += 1
    return {**item, "id": f"{item['id']}_{number}"}


def _as_like(current: object, name: str) -> object:
    """A name part as the kind of value an item is named by: a text, or a whole number ('2')."""
    if isinstance(current, str):
        return name
    if isinstance(current, int) and not isinstance(current, bool) and name.isdigit():
        return int(name)
    return None


def _length_plus(value: object, step: float) -> object:
    """A length ``step`` of its own unit longer, written as the kit wrote it ("35mm" -> "36mm")."""
    if isinstance(value, (int, float)):
        return value + step
    assert isinstance(value, str)
    match = _LENGTH.match(value)
    assert match is not None, "a length matches the length pattern"
    number, unit = match.groups()
    return f"{float(number) + step:g}{unit or ''}"


def item_loc(data: object, name: str, value: object) -> tuple | None:
    """Where in plain kit data the value of a derived name that is one item's own lies
    (``beasts.wolf_2.cost``: the component whose id is beasts, its list item whose id is wolf_2, and
    in it the key cost, through plain mappings such as a type's values); None when no value there
    holds ``value``. Read from the names, not by nudging: a deck of 90 rows is searched at once."""
    first, *rest = name.split(".")
    for root in ("components", "needs"):
        items = data.get(root) if isinstance(data, dict) else None
        for index, item in enumerate(items if isinstance(items, list) else []):
            if isinstance(item, dict) and item.get("id") == first:
                return _item_value(item, (root, index), tuple(rest), value)
    return None


def _item_value(node: object, loc: tuple, parts: tuple[str, ...], value: object) -> tuple | None:
    if not parts:
        return loc if _same(node, value) else None
    if isinstance(node, list):
        for index, item in enumerate(node):
            if isinstance(item, dict) and any(item.get(key) == parts[0] for key in ITEM_NAMES):
                found = _item_value(item, loc + (index,), parts[1:], value)
                if found is not None:
                    return found
        return None
    if not isinstance(node, dict):
        return None
    if parts[0] in node:
        found = _item_value(node[parts[0]], loc + (parts[0],), parts[1:], value)
        if found is not None:
            return found
    for key, child in node.items():  # a part the name leaves out: a type's 'types', its 'values'
        if isinstance(child, (dict, list)) and key != parts[0]:
            found = _item_value(child, loc + (key,), parts, value)
            if found is not None:
                return found
    return None


def _same(held: object, value: object) -> bool:
    """Whether a value of the file is the derived value (3 and 3.0 alike; texts as they are)."""
    if isinstance(held, bool) or isinstance(value, bool):
        return False
    if isinstance(held, (int, float)) and isinstance(value, (int, float)):
        return float(held) == float(value)
    return isinstance(held, str) and held == value


def whole_numbers(data: object, loc: tuple = ()) -> Iterator[tuple[tuple, int]]:
    """Every integer (not boolean) in the parts of the kit that define numbers, with its path."""
    if not loc:
        for root in ROOTS:
            node = _at(data, root)
            if node is not None:
                yield from whole_numbers(node, root)
        return
    if isinstance(data, bool):
        return
    if isinstance(data, int):
        yield loc, data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from whole_numbers(value, loc + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from whole_numbers(value, loc + (index,))


def _at(data: object, loc: tuple) -> object:
    for part in loc:
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and isinstance(part, int) and part < len(data):
            data = data[part]
        else:
            return None
    return data


def replaced(data: object, loc: tuple, value: object) -> object:
    """A copy of data with the value at loc replaced; only the containers on the path are copied."""
    if not loc:
        return value
    head, rest = loc[0], loc[1:]
    if isinstance(data, dict):
        return {**data, head: replaced(data[head], rest, value)}
    assert isinstance(data, list), "a location's containers are dicts and lists"
    copy = list(data)
    copy[head] = replaced(copy[head], rest, value)
    return copy


# The CPU seconds tracing may take for one kit's invariants. Each nudge computes the kit's numbers
# again, so the work grows with the values times the kit's size: a 2,000-row table deck with a broken
# rule took 119 s (the fuzzer's case), while a shipped kit's mutant takes up to about 5 s
# (tests/test_value_mutations.py). Past it, a finding names the rule instead of the value.
MAX_TRACE_SECONDS = 6.0
HOPELESS = 3.0  # a trace whose projected time is this many times the time left is given up at once
HOPELESS_AFTER = 3  # values traced before the pace counts (the first is the slowest: caches are cold)


class TraceOverBudget(Exception):
    """Tracing the kit's numbers went past MAX_TRACE_SECONDS from the start of the kit's checks."""


class Provenance:
    """Derived numbers traced back to the whole numbers of the kit file."""

    def __init__(
        self,
        data: object,
        numbers_of: NumbersOf,
        base: dict[str, Any] | None = None,
        texts: tuple[str, ...] = (),
        languages: tuple[str, ...] = (),
        missing: tuple[str, ...] = (),
        checks_started: float | None = None,
    ):
        self.data = data
        self.numbers_of = numbers_of
        self.base = (numbers_of(data, ()) or {}) if base is None else base  # the numbers of data as it is
        self.leaves = dict(whole_numbers(data))
        self.languages = languages
        self._values: dict[tuple, str] | None = None
        self.texts = texts  # the texts invariants compare with: what a text value is tried as
        self.missing = missing  # the last parts of names the rules read that the kit lacks
        self._fed: dict[tuple[tuple, bool], set[str]] = {}
        self._repairs: dict[tuple, list[object]] = {}
        # the checks of the kit and the trace share the budget: on a 10,000-row table the checks
        # before the trace take seconds of their own, and the whole command must stay within 10 s
        started = time.process_time() if checks_started is None else checks_started
        self.deadline = started + MAX_TRACE_SECONDS

    @property
    def values(self) -> dict[tuple, str]:
        """loc -> kind of every value that may feed a number; walked only when a rule is broken."""
        if self._values is None:
            self._values = dict(all_values(self.data, (), self.languages))
        return self._values

    def numbers_with(self, loc: tuple, value: object) -> dict[str, Any] | None:
        """The kit's numbers with ``value`` at ``loc``; TraceOverBudget once the budget is spent."""
        if time.process_time() > self.deadline:
            raise TraceOverBudget
        return self.numbers_of(replaced(self.data, loc, value), loc)

    def fed(self, loc: tuple, both_ways: bool = False) -> set[str]:
        """The derived numbers that move when the value at loc changes: those the first nudge the
        kit accepts moves, or with ``both_ways`` those either nudge moves (a die face raised onto a
        face the die already has moves nothing; lowered, it does), and for a text those any text
        the invariants name moves (an icon changed from 'lighthouse' to 'circle' moves the circles'
        count; only put back as 'lighthouse' does it move the lighthouses'). Blame asks both ways;
        telling whether a count feeds anything needs one."""
        key = (loc, both_ways)
        if key not in self._fed:
            moved: set[str] = set()
            kind = "whole" if loc in self.leaves else self.values.get(loc, "whole")
            original = _at(self.data, loc)
            tries = nudges(original, kind) if kind != "text" else candidates(original, kind, self.texts)
            for value in tries:
                nudged = self.numbers_with(loc, value)
                if nudged is not None:
                    moved |= {name for name in set(nudged) | set(self.base) if nudged.get(name) != self.base.get(name)}
                    if not both_ways:
                        break  # one other value the kit accepts tells what this one feeds
            self._fed[key] = moved
        return self._fed[key]

    def sources(self, names: set[str], kinds: tuple[str, ...] = ("whole",)) -> list[tuple]:
        """The values of the given kinds that any of ``names`` depends on, in file order.

        A trace that could not end within the budget is not begun in earnest: once the values
        traced so far show the rest would take over HOPELESS times the time left (a 10,000-row
        deck: each nudge validates the deck again, 0.3 s, for 20,000 cells), TraceOverBudget at
        once, rather than after the budget's seconds are spent."""
        tried = [loc for loc, kind in self.values.items() if kind in kinds]
        found: list[tuple] = []
        started = time.process_time()
        for done, loc in enumerate(tried):
            if self.fed(loc, both_ways=True) & names:
                found.append(loc)
            self.check_hopeless(started, done + 1, len(tried) - done - 1)
        return found

    def check_hopeless(self, started: float, done: int, left: int) -> None:
        """TraceOverBudget when ``left`` more values at the pace of the ``done`` ones (from ``started``)
        would take over HOPELESS times what is left of the budget."""
        if done < HOPELESS_AFTER or not left:
            return
        now = time.process_time()
        if (now - started) / done * left > HOPELESS * (self.deadline - now):
            raise TraceOverBudget

    def restores(self, loc: tuple, defines: Callable[[dict[str, Any]], bool]) -> bool:
        """Whether one of the changed values ``candidates`` gives for loc makes ``defines`` hold of
        its numbers (an item added back defines the names that vanished with it). Not cached."""
        kind = self.values.get(loc, "whole")
        return any(
            (nudged := self.numbers_with(loc, v)) is not None and defines(nudged)
            for v in candidates(_at(self.data, loc), kind, self.texts, self.missing)
        )

    def repairs(self, loc: tuple, all_hold: Callable[[dict[str, Any]], bool]) -> list[object]:
        """The values near the current one (see ``candidates``) that, put at loc, would make every
        rule hold. Cached by loc: one Provenance serves one kit and one set of rules."""
        if loc not in self._repairs:
            kind = self.values.get(loc, "whole")
            tries = candidates(_at(self.data, loc), kind, self.texts, self.missing)
            self._repairs[loc] = [
                v for v in tries if (nudged := self.numbers_with(loc, v)) is not None and all_hold(nudged)
            ]
        return self._repairs[loc]
