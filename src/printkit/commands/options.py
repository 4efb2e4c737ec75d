"""What the commands' options share: the values some options take and the --back-offset parser.

Each command's options value (``BuildOptions``, ...) lives in its own module in commands/: cli.py
imports that module when the command runs, makes the value from click's parameters (a field per
parameter, named as click names it) and hands it over; the command checks what only makes sense
together and runs. A command loads only its own options class (a frozen dataclass costs about 1 ms
to create at import, 12 ms for the eleven).
"""

from __future__ import annotations

from typing import Literal

from printkit.base.errors import PrintkitError
from printkit.base.units import parse_offset

Cut = Literal["frames", "outline"]
Format = Literal["png", "pdf"]  # printkit export --for
Backs = Literal["interleaved", "separate"]  # printkit export --backs
Sides = Literal["print", "none"]  # printkit build --backs: none prints two-sided decks' faces only


def back_offset(text: str) -> tuple[float, float]:
    """--back-offset X,Y in mm (of `build` and of `printer add`), or one line saying what is wrong."""
    try:
        return parse_offset(text)
    except ValueError as exc:
        raise PrintkitError(f"--back-offset: {exc}") from None
