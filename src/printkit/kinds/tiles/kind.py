"""The tiles kind's own checks, then its ``KIND``: what the registry reads about it."""

from printkit.kinds.cards import deck as cards_deck
from printkit.kinds.cards.kind import check_decks, check_hexagon
from printkit.kinds.cards.layout import bleed_cost
from printkit.kinds.cards.model import DeckComponent
from printkit.kinds.tiles import layout
from printkit.kit.kinds import Kind, PieceKind

KIND = Kind(
    "tiles",
    DeckComponent,
    layout.layout,
    layout.numbers,
    order=90,
    page_role="tiles",
    pieces=(PieceKind("tile", scale_critical=True, cut=True, exported=True, shop=True),),
    checks=(check_decks, check_hexagon),
    room=bleed_cost,
    figure_piece=cards_deck.figure_piece,
    first_piece=cards_deck.first_piece,
    strip_pieces=cards_deck.strip_pieces,
)
