"""The registry of component kinds: every kind a kit may use, listed once, in one place.

A new kind is a module in this package that defines ``KIND`` (see ``base.Kind``) plus one line in
``KINDS`` below; CONTRIBUTING.md says how. Layout, validation, the cut file and the Tabletop
Simulator export read every fact about a kind or its pieces from here.
"""

from __future__ import annotations

from typing import Any

from printkit.kinds import board, box, cards, hexboard, mat, sheet, stones, tiles, tokens, track, tuckbox
from printkit.kinds.base import Kind, PieceKind
from printkit.model import Component

KINDS: tuple[Kind[Any], ...] = (
    sheet.KIND,
    board.KIND,
    hexboard.KIND,
    track.KIND,
    tokens.KIND,
    stones.KIND,
    cards.KIND,
    mat.KIND,
    tiles.KIND,
    tuckbox.KIND,
    box.KIND,
)
BY_NAME: dict[str, Kind[Any]] = {kind.name: kind for kind in KINDS}
KIND_CHECKS = tuple(dict.fromkeys(check for kind in KINDS for check in kind.checks))  # once each, in order
PIECES: dict[str, PieceKind] = {piece.name: piece for kind in KINDS for piece in kind.pieces}


def kind_of(component: Component) -> Kind[Any]:
    """The registered kind of a validated component (its ``kind:`` names it)."""
    return BY_NAME[component.kind]


def derived_numbers(component: Component, numbers: dict[str, Any]) -> dict[str, Any]:
    """The numbers ``component`` makes from the other components' ``numbers`` (``Kind.derived``:
    a tuck box's depth from its deck's count), if its kind makes any."""
    derived = kind_of(component).derived
    return derived(component, numbers) if derived is not None else {}


def scale_critical(piece_kind: str) -> bool:
    """A piece that must keep its printed size (its page says "print at 100 %")."""
    return piece_kind in PIECES and PIECES[piece_kind].scale_critical


def cut(piece_kind: str) -> bool:
    """A piece cut out on its face side: its outline goes into the cut file."""
    return piece_kind in PIECES and PIECES[piece_kind].cut


def exported(piece_kind: str) -> bool:
    """A deck piece the Tabletop Simulator export cuts out of the rendered pages."""
    return piece_kind in PIECES and PIECES[piece_kind].exported


def shop(piece_kind: str) -> bool:
    """A piece `printkit export` writes for a print shop, one side to a file or page."""
    return piece_kind in PIECES and PIECES[piece_kind].shop
