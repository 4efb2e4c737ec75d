"""Cards: a deck printed face up, as many to a page as fit (or as the kit promises); tiles share its checks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.kinds.base import Kind, PieceKind, lazy
from printkit.kinds.cards_model import DeckComponent
from printkit.validate.findings import walk

if TYPE_CHECKING:
    from printkit.kit.model import Kit
    from printkit.validate.findings import Findings


def check_decks(kit: Kit, index: int, deck: DeckComponent, found: Findings) -> None:
    """Cards and tiles: known patterns, owners and types told apart without colour (their pictures
    are proved for the whole kit at once: validate.kit.check_pictures)."""
    from printkit.layout.patterns import pattern_names

    known = pattern_names()
    at = ("components", index)
    for loc, value in walk(deck, at):
        if loc[-1] == "pattern" and isinstance(value, str) and value not in known:
            found.add(loc, f"unknown pattern '{value}'; printkit draws: {', '.join(known)}")
    owners = deck.owners or []
    patterns = [owner.pattern for owner in owners]
    for number, owner in enumerate(owners):
        if patterns.index(owner.pattern) != number:
            found.add(
                at + ("owners", number, "pattern"),
                f"'{owner.id}' has the same pattern as '{owners[patterns.index(owner.pattern)].id}'; in "
                "black and white their pieces would look alike",
            )
    shown = {element.type for element in deck.face}
    looks = [
        tuple(
            getattr(t, f) if f in shown or (f in ("icon", "image") and "symbol" in shown) else None
            for f in ("letter", "icon", "image", "name", "pattern")
        )
        for t in deck.types
    ]
    first_with: dict[object, int] = {}  # a dict, not looks.index: a 10,000-row table took 23 s
    for number, kind in enumerate(deck.types):
        first = first_with.setdefault(hashable(looks[number]), number)
        if first != number:
            other = deck.types[first].id
            found.add(
                at + ("types", number),
                f"'{kind.id}' and '{other}' differ only by colour on their faces; give each its own letter, icon "
                "or name on the face",
            )


def hashable(value: object) -> object:
    """A type's looks as a dictionary key: a per-language name {pl: .., cs: ..} as its sorted items."""
    if isinstance(value, dict):
        return tuple(sorted((key, hashable(item)) for key, item in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(hashable(item) for item in value)
    return value


KIND = Kind(
    "cards",
    DeckComponent,
    lazy("printkit.layout.cards", "layout"),
    lazy("printkit.layout.cards", "numbers"),
    pieces=(PieceKind("card", scale_critical=True, cut=True, exported=True, shop=True),),
    checks=(check_decks, lazy("printkit.layout.hextiles", "check_hexagon")),
    figure_piece=lazy("printkit.layout.deck", "figure_piece"),
    first_piece=lazy("printkit.layout.deck", "first_piece"),
)
