"""What every check reports into: findings with their kit line, and how they name the pages."""

from __future__ import annotations

import time
from typing import Any

from printkit.base.errors import Loc, Problem, group_of
from printkit.base.records import replace
from printkit.kit.file import KitSource
from printkit.layout.primitives import Page


class Findings:
    """The findings of one kind of check; ``group`` (see errors.GROUPS) is theirs unless a finding
    says otherwise, else each finding's is the part of the kit it is in."""

    def __init__(self, source: KitSource, group: str | None = None):
        self.source = source
        self.group = group
        self.problems: list[Problem] = []
        self.repeats: dict[tuple[object, ...], list[int]] = {}  # what repeats -> [its problem's index, more places]
        self.once: set[tuple[object, ...]] = set()  # what add_once found already
        self.started = time.process_time()  # the CPU clock when the checks began (blame's budget)

    def add(
        self, loc: Loc, message: str, severity: str = "error", group: str | None = None, within: str | None = None
    ) -> None:
        """A finding on the field at loc (in the kit file, or a table's row and column); its group
        defaults to the part of the kit it is in; in a text over several lines, it names the line
        that holds ``within`` (the placeholder, icon or character it is about)."""
        group = group or self.group or group_of(loc)
        self.problems.append(Problem(*self.source.where(loc, within), message, severity, group))

    def add_repeated(self, loc: Loc, message: str, same: tuple[object, ...]) -> None:
        """A finding on every copy of one text (a deck's too-long name on 1,000 cards) is one line:
        the first place, then how many more (settle_repeats)."""
        if same in self.repeats:
            self.repeats[same][1] += 1
            return
        self.repeats[same] = [len(self.problems), 0]
        self.add(loc, message)

    def add_once(self, loc: Loc, message: str, same: tuple[object, ...]) -> None:
        """A finding made at the first place only, however often what it is about (``same``) is
        printed: a card's name on 1,000 cards."""
        if same not in self.once:
            self.once.add(same)
            self.add(loc, message)

    def settle_repeats(self) -> None:
        for index, more in self.repeats.values():
            if more:
                problem = self.problems[index]
                copies = (
                    "1 more copy of this text overflows" if more == 1 else f"{more:,} more copies of this text overflow"
                )
                self.problems[index] = replace(problem, message=f"{problem.message}; {copies} the same way")


def by_language(found: dict[str, list[Problem]]) -> list[Problem]:
    """One finding per problem, naming the languages it happens in: '... (in pl, cs)'."""
    languages: dict[Problem, list[str]] = {}
    for lang, problems in found.items():
        for problem in problems:
            seen = languages.setdefault(problem, [])
            if lang not in seen:
                seen.append(lang)
    return [replace(p, message=f"{p.message} (in {', '.join(langs)})") for p, langs in languages.items()]


def page_roles(pages: tuple[Page, ...]) -> str:
    """'rules on pages 1–2, sheet on page 3'."""
    runs: list[list[Any]] = []  # [what, first page, last page]
    for number, page in enumerate(pages, start=1):
        what = page.component or page.role
        if runs and runs[-1][0] == what:
            runs[-1][2] = number
        else:
            runs.append([what, number, number])
    return ", ".join(f"{what} on page {a}" if a == b else f"{what} on pages {a}–{b}" for what, a, b in runs)
