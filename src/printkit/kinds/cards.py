"""Cards: a deck printed face up, as many to a page as fit (or as the kit promises)."""

from printkit.kinds.base import Kind, PieceKind
from printkit.layout import cards
from printkit.model import DeckComponent

KIND = Kind(
    "cards",
    DeckComponent,
    cards.layout,
    cards.numbers,
    pieces=(PieceKind("card", scale_critical=True, cut=True, exported=True),),
)
