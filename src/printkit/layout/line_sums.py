"""A paragraph's parts of words measured once for the paragraph engine's total fit
(``paragraph._Breaker.total_fit``): any run of them is measured as a line by a few subtractions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from printkit import fonts


class Part(Protocol):
    """A part of a word as the paragraph engine cuts it: its text in fonts and widths in points."""

    pieces: list[tuple[str, bool, float]]

    @property
    def width(self) -> float: ...

    @property
    def trailing_space(self) -> float: ...


class PartSums:
    """A paragraph's parts of words measured once, so that any run of them is measured as a line
    by a few subtractions: the ragged-right total fit asks for thousands of runs (plateau's
    rules: a build three times as slow when each run was joined and measured anew)."""

    def __init__(self, parts: Sequence[tuple[Part, str]], face: str):
        self.widths = [0.0]
        self.spaces = [0.0]  # the space after each part that ends a word
        self.word_ends = [0]
        self.hyphens: list[float] = []  # the hyphen a line ending in the part would add
        for part, how in parts:
            self.widths.append(self.widths[-1] + part.width)
            ends_word = how == "word"
            self.spaces.append(self.spaces[-1] + (part.trailing_space if ends_word else 0.0))
            self.word_ends.append(self.word_ends[-1] + ends_word)
            _, bold, size = part.pieces[-1]
            self.hyphens.append(fonts.width_pt("-", size, bold, face))
        # whether a line ending after the part ends on a clause mark, where an early break reads as forced
        self.clause = [how == "word" and part.pieces[-1][0][-1:] in ";:," for part, how in parts]
        self.word_end = [len(parts)] * (len(parts) + 1)  # by where a line ends: where the next word ends
        for at in range(len(parts) - 1, -1, -1):
            self.word_end[at] = at + 1 if parts[at][1] == "word" else self.word_end[at + 1]

    def line(self, start: int, end: int, cut: bool) -> tuple[float, float, int]:
        """parts[start:end] as one line: its natural width, the width of its spaces and how many
        words it holds (a word cut at its end counts)."""
        spaces = self.spaces[end - 1] - self.spaces[start]
        natural = self.widths[end] - self.widths[start] + spaces + (self.hyphens[end - 1] if cut else 0.0)
        return natural, spaces, self.word_ends[end - 1] - self.word_ends[start] + 1
