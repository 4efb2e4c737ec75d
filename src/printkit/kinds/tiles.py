"""Tiles: a deck of playing tiles, usually two-sided; the same machinery as cards."""

from printkit.kinds.base import Kind, PieceKind
from printkit.kinds.cards import check_decks
from printkit.kinds.cards_model import DeckComponent
from printkit.layout import tiles

KIND = Kind(
    "tiles",
    DeckComponent,
    tiles.layout,
    tiles.numbers,
    pieces=(PieceKind("tile", scale_critical=True, cut=True, exported=True),),
    checks=(check_decks,),
)
