"""Tiles: a deck of playing tiles, usually two-sided (a back showing only its owner).

The same machinery as cards (``kinds.cards.layout.deck_pages``): one-sided tiles go on the card grid, tiles
with a back through the shared two-sided imposition (duplex or fold), backs behind their faces.
"""

from __future__ import annotations

from typing import Any

from printkit.kinds.cards.layout import deck_pages
from printkit.kinds.cards.layout import numbers as deck_numbers
from printkit.kinds.cards.model import DeckComponent
from printkit.layout.context import Context, Paper
from printkit.layout.primitives import Page

ROLE, PIECE = "tiles", "tile"


def layout(component: DeckComponent, ctx: Context) -> list[Page]:
    return deck_pages(component, ctx, ROLE, PIECE)


def numbers(component: DeckComponent, paper: Paper) -> dict[str, Any]:
    """A deck of tiles' numbers, named as a deck of cards' ({tiles.total}, {tiles.width}, ...)."""
    return deck_numbers(component, paper)
