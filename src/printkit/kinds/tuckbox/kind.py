"""The tuckbox kind's own checks, then its ``KIND``: what the registry reads about it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from printkit.kinds.cards.model import DeckComponent
from printkit.kinds.tuckbox import layout
from printkit.kinds.tuckbox.layout import Flat
from printkit.kinds.tuckbox.model import BoxBase, TuckboxComponent
from printkit.kinds.tuckbox.room import Inside, inside
from printkit.kinds.tuckbox.words import MESSAGES
from printkit.kit.kinds import Kind, PieceKind
from printkit.layout.context import PAPERS

if TYPE_CHECKING:
    from printkit.kit.model import Kit
    from printkit.validate.findings import Findings


def check_tuckbox(kit: Kit, index: int, box: TuckboxComponent, found: Findings) -> None:
    """The box holds a deck of this kit, its picture is usable, and its net fits a paper printkit names."""
    check_box(kit, index, box, found, lambda room: [(layout.net_of(room), "the tuck box's net")])


def check_box(
    kit: Kit,
    index: int,
    box: BoxBase,
    found: Findings,
    nets: Callable[[Inside], list[tuple[Flat, str]]],
) -> None:
    """Any box sized from a deck: it holds a deck of this kit, and each of its ``nets`` (a net
    and what to call it) fits a paper printkit names (on a smaller one, its layout says which paper
    to build it on). Its picture is checked with the kit's others
    (printkit.pictures.prepared)."""
    at = ("components", index)
    decks: dict[str, DeckComponent] = {}
    for component in kit.components:
        if isinstance(component, DeckComponent):
            decks[component.id] = component
    if box.holds not in decks:
        known = ", ".join(sorted(decks)) or "none"
        found.add(at + ("holds",), f"'{box.holds}' is not a deck of this kit (decks: {known})")
        return
    deck = decks[box.holds]
    if deck.sleeve is not None and box.sleeve:
        found.add(
            at + ("sleeve",),
            f"deck '{deck.id}' names its sleeve ({deck.sleeve.width:g} × {deck.sleeve.height:g} mm), which sizes "
            "the box; leave out the box's sleeve:",
        )
    room = inside(box, kit.kinds.kind_of(deck).numbers(deck, PAPERS["a4"]))
    assert room is not None, "a deck's numbers hold its width, height and total"
    for net, what in nets(room):
        if not layout.fits_a_paper(net):
            found.add(at + ("holds",), layout.too_big(net, layout.LARGEST_PAPERS, what))


KIND = Kind(
    "tuckbox",
    TuckboxComponent,
    layout.layout,
    layout.numbers,
    order=100,
    page_role="box",
    pieces=(PieceKind("tuckbox", scale_critical=True, cut=True),),
    checks=(check_tuckbox,),
    derived=layout.derived,
    box=True,
    messages=MESSAGES,
)
