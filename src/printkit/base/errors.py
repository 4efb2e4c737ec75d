"""The errors a user sees. Every one is printed as a message, never as a traceback."""

from __future__ import annotations

import bisect
import unicodedata
from pathlib import Path

from msgspec import Struct

Loc = tuple[str | int, ...]  # a field's path in the kit file: ("components", 0, "size")

MAX_QUOTED = 80  # characters of a quoted value a message shows; a longer one ends in "…"
_UNSEEN = frozenset(("Cc", "Cf", "Zl", "Zp"))  # control, format (bidi, zero-width), line separators


def one_line(message: str) -> str:
    """``message`` as printed: every control character, bidi override or isolate, zero-width or
    other invisible format character and line separator written as its escape (``\\x07``,
    ``\\u202e``), so a value from a kit can neither ring the bell, break the line, nor reorder what
    the terminal shows; and every quoted value cut to MAX_QUOTED characters. All printkit's
    messages pass here (Problem, PrintkitError, the command line's errors)."""
    if not message.isprintable():
        message = "".join(_escaped(char) for char in message)
    return _quotes_cut(message) if len(message) > MAX_QUOTED else message


def _escaped(char: str) -> str:
    if char == " " or unicodedata.category(char) not in _UNSEEN:
        return char
    return char.encode("unicode_escape").decode("ascii")


def _quotes_cut(message: str) -> str:
    """Every value ``message`` quotes cut to MAX_QUOTED characters. A value is quoted from a quote
    not preceded by a letter to the next same quote not followed by one ("the kit's folder" holds
    no quote; 'it's' ends at its last quote); found in one pass, each quote's closing one by
    bisection, so a hostile value of thousands of quotes costs no more than its length."""
    closing = {
        mark: [at for at, char in enumerate(message) if char == mark and not _wordy(message, at + 1)] for mark in "'\""
    }
    parts: list[str] = []
    done = at = 0
    while at < len(message):
        mark = message[at]
        if mark in closing and not _wordy(message, at - 1):
            ends = closing[mark]
            found = bisect.bisect_right(ends, at)
            if found < len(ends):
                end = ends[found]
                if end - at - 1 > MAX_QUOTED:
                    parts.append(message[done : at + MAX_QUOTED] + "…" + mark)
                    done = end + 1
                at = end + 1
                continue
        at += 1
    return "".join(parts) + message[done:]


def _wordy(text: str, at: int) -> bool:
    """True when the character at ``at`` is a letter, digit or underscore (False off either end)."""
    return 0 <= at < len(text) and (text[at].isalnum() or text[at] == "_")


class PrintkitError(Exception):
    """A problem the user can fix; the CLI prints it and exits with code 1."""

    def __str__(self) -> str:
        return one_line(super().__str__())


class Problem(Struct, frozen=True):
    """One finding about a kit file: where it is and what is wrong."""

    file: str
    line: int | None
    field: str
    message: str
    severity: str = "error"
    group: str = ""  # what kind of check found it: GROUPS; "" for the file's own reading

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        field = f" {self.field}:" if self.field else ""
        prefix = "warning: " if self.severity == "warning" else ""
        return one_line(f"{where}:{field} {prefix}{self.message}")


class KitError(PrintkitError):
    """One or more problems in a kit file, all reported together."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__(self.render())

    def __str__(self) -> str:
        return self.render()  # a line a finding, each made one line by Problem

    def render(self) -> str:
        """The findings grouped by what kind of check found them (GROUPS' order, each group in the
        order found), and with more than one error a last line that counts them by group."""
        ordered = sorted(self.problems, key=lambda p: GROUPS.index(p.group) if p.group in GROUPS else 0)
        lines = [str(p) for p in ordered]
        errors = [p for p in ordered if p.severity == "error"]
        if len(errors) > 1:
            counts = {
                group: sum(1 for p in errors if p.group == group) for group in dict.fromkeys(p.group for p in errors)
            }
            shown = ", ".join(f"{GROUP_NAMES.get(group, 'schema')}: {count}" for group, count in counts.items())
            lines.append(f"Aborted with {len(errors)} errors ({shown}).")
        return "\n".join(lines)


# The kinds of check a finding comes from, in the order a report lists them.
GROUPS = ("", "kit", "components", "pictures", "texts", "invariants", "pages")
GROUP_NAMES = {
    "": "schema",
    "kit": "kit info",
    "components": "components",
    "pictures": "pictures",
    "texts": "texts",
    "invariants": "invariants",
    "pages": "pages and layout",
}
_ROOT_GROUPS = {"kit": "kit", "components": "components", "needs": "components", "rules": "texts"}


def group_of(loc: Loc) -> str:
    """The group of a finding about the field at loc that is not an invariant's."""
    if not loc:
        return "pages"
    if loc[0] in ("invariants",):
        return "invariants"
    if loc[0] in ("page_plan", "page_count"):
        return "pages"
    return _ROOT_GROUPS.get(str(loc[0]), "components")


def kit_error(file: str | Path, line: int | None, field: str, message: str) -> KitError:
    return KitError([Problem(str(file), line, field, message)])


class LayoutProblem(PrintkitError):
    """A component that cannot be laid out (too big for the page, a text that cannot fit).

    Raised by a layout with ``loc`` relative to its component; the document layout prefixes the
    component's place in the kit, and the build turns it into a KitError with the file and line.
    """

    def __init__(self, loc: tuple, message: str):
        self.loc = tuple(loc)
        self.message = message
        super().__init__(message)

    def within(self, prefix: tuple) -> LayoutProblem:
        return LayoutProblem(tuple(prefix) + self.loc, self.message)


debug = False  # --debug on the command line; PRINTKIT_DEBUG=1 in the environment counts too


def report_internal_error(exc: BaseException) -> None:
    """A bug in printkit, not the user's fault: one line on stderr, and its traceback only when
    asked for with --debug or PRINTKIT_DEBUG=1 (what a bug report needs)."""
    import os
    import sys
    import traceback

    if debug or os.environ.get("PRINTKIT_DEBUG", "") not in ("", "0"):
        traceback.print_exception(exc, file=sys.stderr)
    print(one_line(f"internal error: {type(exc).__name__}: {exc} (please report this)"), file=sys.stderr)
