"""A progress bar on stderr for a build that takes more than a second, and nothing otherwise.

The pipeline reports its steps (the layout and its checks, each page drawn); the bar
appears only once a second has passed and only when stderr is a terminal, so a quick build, a
pipe, a log file and the tests see no trace of it.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

DELAY = 1.0  # seconds before the bar appears
REDRAW = 0.1  # seconds between two drawings of the bar
WIDTH = 30  # characters of the bar itself

clock = time.monotonic  # the tests replace it


class Progress:
    """Reports a build's steps to ``stream`` as one line redrawn in place, then wipes it."""

    def __init__(self, stream: TextIO | None):
        self.stream = stream if stream is not None and _is_terminal(stream) else None
        self.start = clock()
        self.drawn_at: float | None = None
        self.shown = 0  # length of the line on screen

    @classmethod
    def on_stderr(cls) -> Progress:
        return cls(sys.stderr)

    def step(self, stage: str, done: int, total: int) -> None:
        """``done`` of ``total`` units of ``stage`` ("drawing pages") are finished."""
        if self.stream is None:
            return
        now = clock()
        if now - self.start < DELAY or (self.drawn_at is not None and now - self.drawn_at < REDRAW and done < total):
            return
        filled = WIDTH * done // max(total, 1)
        line = f"{stage} [{'#' * filled}{'.' * (WIDTH - filled)}] {done}/{total}"
        self.stream.write("\r" + line.ljust(self.shown))
        self.stream.flush()
        self.shown = max(self.shown, len(line))
        self.drawn_at = now

    def close(self) -> None:
        """Wipes the bar, so what the command prints next starts on a clean line."""
        if self.stream is not None and self.shown:
            self.stream.write("\r" + " " * self.shown + "\r")
            self.stream.flush()
            self.shown = 0


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


SILENT = Progress(None)
