"""What a type's values are to its face: the facts an element's ``when:`` reads, whether it holds,
and the colour an element's colour names (its own, the piece's, or a value's ``{NAME}``).

The face's texts fill the values as placeholders (deck.type_values); the kind's checks
(faces.py) prove every type holds what its elements read.
"""

from __future__ import annotations

import functools
from typing import Any

from printkit.facts import evaluation, invariants
from printkit.kinds.cards.model import DeckComponent, DeckOwner, DeckType, FillElement
from printkit.kit.shared import VALUE_REF
from printkit.layout.marks import dark_shade, light_tint
from printkit.layout.primitives import BLACK

WHITE = "#ffffff"


def type_facts(kind: DeckType, lang: str) -> dict[str, Any]:
    """What an element's ``when:`` reads of a type: its id, count, letter and values, a text per
    language in ``lang``."""
    letter = kind.letter.get(lang, "") if isinstance(kind.letter, dict) else kind.letter or ""
    facts: dict[str, Any] = {"id": kind.id, "count": kind.count, "letter": letter}
    for name, value in kind.values.items():
        facts[name] = value.get(lang, "") if isinstance(value, dict) else value
    return facts


@functools.lru_cache(maxsize=256)
def parsed_condition(text: str) -> invariants.Check:
    """A ``when:`` read once (an InvariantError says why it cannot be; the kind's checks report it)."""
    return invariants.parse(text)


def holds(condition: str, facts: dict[str, Any]) -> bool:
    """Whether ``condition`` holds over ``facts`` (InvariantError for a name it does not know)."""
    return all(link.holds for link in evaluation.Evaluator(facts).links(parsed_condition(condition)))


# --- colours -------------------------------------------------------------------------------------


def resolve_color(ref: str, piece_type: DeckType | None, owner: DeckOwner | None) -> str:
    """'ink', 'white', 'piece' (the owner's colour, else the type's; 'piece dark' a dark shade of it,
    'piece light' a light tint, each as dark or light for every colour), '{NAME}' (the colour the type's
    value NAME holds; the kind's checks proved each type has one) or a colour as given."""
    named = VALUE_REF.match(ref)
    if named is not None:
        held = piece_type.values.get(named[1]) if piece_type is not None else None
        return held if isinstance(held, str) else BLACK
    if ref == "ink":
        return BLACK
    if ref == "white":
        return WHITE
    if ref.startswith("piece"):
        own = owner.color if owner is not None else piece_type.color if piece_type is not None else None
        if not own:
            return BLACK
        return dark_shade(own) if ref == "piece dark" else light_tint(own) if ref == "piece light" else own
    return ref


EDGE_BAND = 1.2  # mm of paper a butted piece's full fill keeps inside its trim when its neighbours differ


def edge_band(deck: DeckComponent) -> float:
    """How far a face's fill that runs to the edge stops inside the trim: EDGE_BAND for pieces that
    touch with no bleed and no gutter (one cut between two) whose faces' fills differ in colour, as
    a cut 0.5 mm off would leave a sliver of the neighbour's colour on the piece (targ's berries
    beside its crystals); 0 where the pieces bleed, stand apart or are all one colour."""
    if deck.print_bleed > 0 or deck.print_gutter > 0:
        return 0.0
    fills = [e for e in deck.face if isinstance(e, FillElement) and e.box is None]
    if not fills:
        return 0.0
    owners: list[DeckOwner | None] = [*deck.owners] if deck.owners else [None]
    edges = {resolve_color(fills[-1].color, kind, owner) for kind in deck.types for owner in owners}
    return EDGE_BAND if len(edges) > 1 else 0.0
