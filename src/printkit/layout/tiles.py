"""Tiles: a deck of playing tiles, usually two-sided (a back showing only its owner).

The same machinery as cards (``cards.deck_pages``): one-sided tiles go on the card grid, tiles
with a back through the shared two-sided imposition (duplex or fold), backs behind their faces.
"""

from __future__ import annotations

from printkit.kinds.cards_model import DeckComponent
from printkit.layout.cards import deck_pages, numbers
from printkit.layout.context import Context
from printkit.layout.primitives import Page

ROLE, PIECE = "tiles", "tile"

__all__ = ["layout", "numbers"]


def layout(component: DeckComponent, ctx: Context) -> list[Page]:
    return deck_pages(component, ctx, ROLE, PIECE)
