"""The cards kind's own checks, then its ``KIND``: what the registry reads about it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.base.errors import Loc
from printkit.kinds.cards import deck, layout
from printkit.kinds.cards.faces import check_faces
from printkit.kinds.cards.model import DECK_NUMBERS, DeckComponent, Element
from printkit.kit.kinds import Kind, PieceKind
from printkit.kit.shared import walk
from printkit.layout import hextiles
from printkit.layout.patterns import pattern_names
from printkit.layout.primitives import EPSILON

if TYPE_CHECKING:
    from printkit.kit.model import Kit
    from printkit.validate.findings import Findings


def check_decks(kit: Kit, index: int, deck: DeckComponent, found: Findings) -> None:
    """Cards and tiles: known patterns, owners and types told apart without colour (their pictures
    are proved for the whole kit at once: validate.kit.check_pictures)."""
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
    check_deck_ids(index, deck, found)
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


def check_deck_ids(index: int, deck: DeckComponent, found: Findings) -> None:
    """Type and owner ids differ from the deck's own numbers (a repeated id is check_ids' finding,
    on the second of the two)."""
    named: list[tuple[Loc, str]] = [(("types", n), kind.id) for n, kind in enumerate(deck.types)]
    named += [(("owners", n), owner.id) for n, owner in enumerate(deck.owners or [])]
    for where, ident in named:
        if ident in DECK_NUMBERS:
            found.add(
                ("components", index, *where, "id"),
                f"'{ident}' is one of the deck's own numbers ({', '.join(DECK_NUMBERS)}); give the type another id",
            )


def hashable(value: object) -> object:
    """A type's looks as a dictionary key: a per-language name {pl: .., cs: ..} as its sorted items."""
    if isinstance(value, dict):
        return tuple(sorted((key, hashable(item)) for key, item in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(hashable(item) for item in value)
    return value


def check_hexagon(kit: Kit, index: int, deck: DeckComponent, found: Findings) -> None:
    """A hexagonal deck gives its size and only its size (its box follows), nests its tiles (not the
    card grid), and keeps every element's box inside the hexagon."""
    loc: Loc = ("components", index)
    if not hextiles.is_hexagonal(deck):
        if deck.size is not None or "top" in deck.model_fields_set:
            found.add(
                loc + ("size" if deck.size is not None else "top",), "size and top are a hexagon's: add shape: hexagon"
            )
        return
    assert deck.size is not None, "the model refuses a hexagon without a size"
    width, height = hextiles.box_of(deck.size, deck.top)
    for name, given, follows in (("width", deck.width, width), ("height", deck.height, height)):
        if name in deck.model_fields_set and abs(given - follows) > EPSILON:
            found.add(
                loc + (name,),
                f"a hexagon is sized by its size ({deck.size:g} mm flat to flat, a {width:.1f} × {height:.1f} mm "
                f"box); leave out its {name}",
            )
            return
    if deck.imposition == "grid":
        found.add(
            loc + ("imposition",),
            "hexagons nest in offset rows as pieces (imposition: pieces or auto); the card grid is for rectangles",
        )
        return
    check_hexagon_boxes(index, deck, found)


def check_hexagon_boxes(index: int, deck: DeckComponent, found: Findings) -> None:
    """Every element given a box keeps it inside the hexagon: a corner past a slanted side would
    be cut off (the safe zone is the hexagon, not its box)."""
    for side in ("face", "back"):
        elements: list[Element] = list(getattr(deck, side) or [])
        for number, element in enumerate(elements):
            if element.box is None:
                continue
            x, y, w, h = element.box
            corners = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
            if not all(hextiles.inside(corner, deck.width, deck.height) for corner in corners):
                found.add(
                    ("components", index, side, number, "box"),
                    f"the box {x:g}, {y:g}, {w:g} × {h:g} mm reaches past the hexagon's sides ({deck.width:.1f} × "
                    f"{deck.height:.1f} mm box, {hextiles.across(deck.width, deck.height):g} mm flat to flat): it "
                    "would be cut off; keep the box inside the hexagon",
                )


KIND = Kind(
    "cards",
    DeckComponent,
    layout.layout,
    layout.numbers,
    order=70,
    page_role="cards",
    pieces=(PieceKind("card", scale_critical=True, cut=True, exported=True, shop=True),),
    checks=(check_decks, check_hexagon, check_faces),
    room=layout.bleed_cost,
    figure_piece=deck.figure_piece,
    first_piece=deck.first_piece,
    strip_pieces=deck.strip_pieces,
    faces_only=DeckComponent.faces_only,
    value_names=DeckComponent.value_names,
)
