"""Tiles: a deck of playing tiles, usually two-sided; the same machinery as cards."""

from printkit.kinds.base import Kind, PieceKind, lazy
from printkit.kinds.cards import check_decks
from printkit.kinds.cards_model import DeckComponent

KIND = Kind(
    "tiles",
    DeckComponent,
    lazy("printkit.layout.tiles", "layout"),
    lazy("printkit.layout.tiles", "numbers"),
    pieces=(PieceKind("tile", scale_critical=True, cut=True, exported=True, shop=True),),
    checks=(check_decks, lazy("printkit.layout.hextiles", "check_hexagon")),
    figure_piece=lazy("printkit.layout.deck", "figure_piece"),
    first_piece=lazy("printkit.layout.deck", "first_piece"),
)
