"""The mat kind's own checks, then its ``KIND``: what the registry reads about it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.kinds.cards.model import DeckComponent
from printkit.kinds.mat import layout
from printkit.kinds.mat.model import MatComponent
from printkit.kinds.mat.words import MESSAGES
from printkit.kinds.sheet.kind import check_legend_symbols
from printkit.kit.kinds import Kind, PieceKind

if TYPE_CHECKING:
    from printkit.kit.model import Kit
    from printkit.validate.findings import Findings


def check_panel_symbols(kit: Kit, index: int, component: MatComponent, found: Findings) -> None:
    check_legend_symbols(component.panels, ("components", index, "panels"), kit.kit.languages, found)


PLACE_ROOM = 1.0  # mm a place keeps round the piece it holds on every side, so its border still shows


def check_places_fit(kit: Kit, index: int, mat: MatComponent, found: Findings) -> None:
    """A mat whose places promise to hold a deck's pieces (``fits: DECK``) has places no smaller than
    one of them with PLACE_ROOM round it, in its sleeve when the deck names one, laid either way round."""
    if mat.fits is None:
        return
    at = ("components", index)
    decks: dict[str, DeckComponent] = {}
    for component in kit.components:
        if isinstance(component, DeckComponent):
            decks[component.id] = component
    deck = decks.get(mat.fits)
    if deck is None:
        known = ", ".join(sorted(decks)) or "none"
        found.add(at + ("fits",), f"'{mat.fits}' is not a deck of this kit (decks: {known})")
        return
    held = (deck.sleeve.width, deck.sleeve.height) if deck.sleeve else (deck.width, deck.height)
    needed = (held[0] + 2 * PLACE_ROOM, held[1] + 2 * PLACE_ROOM)
    place = (mat.place_width, mat.place_height)
    if any(w <= place[0] + 1e-9 and h <= place[1] + 1e-9 for w, h in (needed, needed[::-1])):
        return
    noun = kit.kinds.kind_of(deck).pieces[0].name
    what = f"a {deck.width:g} × {deck.height:g} mm {noun}"
    if deck.sleeve:
        what += f" in its {held[0]:g} × {held[1]:g} mm sleeve"
    found.add(
        at + ("place_width",),
        f"a place of {place[0]:g} × {place[1]:g} mm does not hold {what} of deck '{deck.id}' with "
        f"{PLACE_ROOM:g} mm round it (a hand-cut piece covers a tighter place's border); make the places at "
        f"least {needed[0]:g} × {needed[1]:g} mm",
    )


KIND = Kind(
    "mat",
    MatComponent,
    layout.layout,
    layout.numbers,
    order=80,
    page_role="board",
    pieces=(PieceKind("place", scale_critical=True),),
    checks=(check_panel_symbols, check_places_fit),
    messages=MESSAGES,
)
