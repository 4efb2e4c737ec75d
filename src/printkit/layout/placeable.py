"""A piece the rules' figures can place: what a kind gives for a reference to one of its pieces.

A kind whose pieces figures place (tokens, stones, cards, tiles) registers ``figure_piece`` and
``first_piece`` on its ``Kind`` (kit/kinds.py); ``layout/figures.py`` asks the registry, so a
new kind's pieces become placeable with its own folder alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from msgspec import Struct

if TYPE_CHECKING:
    from printkit.layout.context import Context
    from printkit.layout.primitives import Group, Side


class Placeable(Struct, frozen=True):
    """What a piece reference (``tokens.guards_a``, ``tiles.pink.rock:back``) names."""

    component: str
    key: tuple[str, ...]  # the pieces a count is kept for
    available: int  # how many of them the kit prints
    has_back: bool
    draw: Callable[[Context, Side], Group]  # the piece's side as its layout draws it, at (0, 0)
    size: tuple[float, float]
    edge: bool = False  # drawn with a faint edge: a card, whose own art may be white to its border
    # its colour at its cut line on a side (None: the paper), as its printed sheet chooses its cut
    # line by; a figure outlines a light one as its sheet does. Not given: its art draws its own edge (a token)
    ground: Callable[[Context, Side], str | None] | None = None
    flat: bool = False  # a card or a tile: one on another lies offset, the one under showing part of its face
