"""The one back printkit draws for a deck that has none, shared by the shop export (`printkit
export`) and the Tabletop Simulator export (`printkit export-tts`), so a deck looks the same from
both: a grey frame whose ink keeps the 3 mm safe zone, and the deck's name in the middle.
"""

from __future__ import annotations

from printkit import fonts
from printkit.layout.primitives import Item, Rect, Stroke, Text

FRAME = Stroke(color="#7f7f7f", width=0.6)
SAFE_ZONE = 3.0  # mm from the cut to the frame's ink (validate/safezone.py)
TITLE_PT = 12.0


def default_back(width: float, height: float, title: str, x: float = 0.0, y: float = 0.0) -> tuple[Item, ...]:
    """The default back of a ``width`` × ``height`` mm piece whose cut corner is at (x, y)."""
    inset = max(SAFE_ZONE + FRAME.width / 2, min(width, height) * 0.06)
    room = width - 2 * inset - 2 * FRAME.width - 2.0
    size = fonts.fit_size(title, room, TITLE_PT, bold=True, smallest=4.0)
    frame = Rect(x + inset, y + inset, width - 2 * inset, height - 2 * inset, FRAME, None, min(inset, 3.0))
    words = Text(
        x + width / 2, y + height / 2 + fonts.cap_height(size) / 2, title, size, True, "center", "#555555", room
    )
    return (frame, words)
