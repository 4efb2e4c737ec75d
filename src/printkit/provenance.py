"""Which whole numbers in a kit file a derived number comes from, found by nudging them.

Component kinds derive their numbers in plain Python (``numbers(component, paper)``), so printkit cannot
read the arithmetic; it can watch it. Raising one whole number of the file by one and seeing which
derived numbers move tells where each derived number comes from. A broken invariant is then
blamed on the line of the one number whose change would make every rule hold again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

NumbersOf = Callable[[object, tuple], "dict[str, Any] | None"]
"""Plain kit data in which the whole number at the given path (``()`` for none) was changed -> its
derived numbers, or None when the data is not a valid kit. The path lets the caller count again
only what that number can change."""

ROOTS = (("kit", "players"), ("needs",), ("components",))
SEARCH_SPAN = 20


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


class Provenance:
    """Derived numbers traced back to the whole numbers of the kit file."""

    def __init__(self, data: object, numbers_of: NumbersOf, base: dict[str, Any] | None = None):
        self.data = data
        self.numbers_of = numbers_of
        self.base = (numbers_of(data, ()) or {}) if base is None else base  # the numbers of data as it is
        self.leaves = dict(whole_numbers(data))
        self._fed: dict[tuple, set[str]] = {}
        self._repairs: dict[tuple, list[int]] = {}

    def numbers_with(self, loc: tuple, value: int) -> dict[str, Any] | None:
        return self.numbers_of(replaced(self.data, loc, value), loc)

    def fed(self, loc: tuple) -> set[str]:
        """The derived numbers that move when the number at loc moves by one."""
        if loc not in self._fed:
            moved: set[str] = set()
            original = self.leaves[loc]
            for value in (original + 1, original - 1):
                nudged = self.numbers_with(loc, value)
                if nudged is not None:
                    moved = {name for name in set(nudged) | set(self.base) if nudged.get(name) != self.base.get(name)}
                    break
            self._fed[loc] = moved
        return self._fed[loc]

    def sources(self, names: set[str]) -> list[tuple]:
        """The whole numbers of the file that any of ``names`` depends on, in file order."""
        return [loc for loc in self.leaves if self.fed(loc) & names]

    def repairs(self, loc: tuple, all_hold: Callable[[dict[str, Any]], bool]) -> list[int]:
        """The values within SEARCH_SPAN of the current one that, put at loc, would make every rule
        hold. Cached by loc: one Provenance serves one kit and one set of rules."""
        if loc not in self._repairs:
            original = self.leaves[loc]
            candidates = (v for v in range(original - SEARCH_SPAN, original + SEARCH_SPAN + 1) if v != original)
            self._repairs[loc] = [
                v for v in candidates if (nudged := self.numbers_with(loc, v)) is not None and all_hold(nudged)
            ]
        return self._repairs[loc]
