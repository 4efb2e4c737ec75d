"""The registry of component kinds: every kind a kit may use, listed once, in one place.

A new kind is a module in this package that defines its model and ``KIND`` (see ``base.Kind``),
plus one line in ``registered`` below; CONTRIBUTING.md says how. The kit model
(``printkit.kit``) builds its ``Component`` union from these kinds' models; layout, validation,
the cut file and the Tabletop Simulator export read every fact about a kind or its pieces from
here.

The registry is loaded when one of ``KINDS``, ``BY_NAME``, ``KIND_CHECKS`` or ``PIECES`` is first
read, not with this package: a layout module imports its kind's model from this package, and the
kind modules import the layout modules, so loading them with the package would leave one of them
half-loaded whichever is imported first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from printkit.kinds.base import Kind, PieceKind

if TYPE_CHECKING:
    from collections.abc import Callable

    from printkit.kit import Component

    KINDS: tuple[Kind[Any], ...]
    BY_NAME: dict[str, Kind[Any]]
    KIND_CHECKS: tuple[Callable[..., None], ...]
    PIECES: dict[str, PieceKind]

_LOADED = ("KINDS", "BY_NAME", "KIND_CHECKS", "PIECES")


def registered() -> tuple[Kind[Any], ...]:
    """Every kind a kit may use, in the order of the kit schema's ``kind:`` choices."""
    from printkit.kinds import board, box, cards, hexboard, mat, sheet, stones, tiles, tokens, track, tuckbox

    return (
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


def __getattr__(name: str) -> Any:
    """``KINDS`` (``registered()``, unless set before) and what is read from it, loaded once."""
    if name not in _LOADED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    kinds: tuple[Kind[Any], ...] = globals().get("KINDS") or registered()
    loaded = {
        "KINDS": kinds,
        "BY_NAME": {kind.name: kind for kind in kinds},
        "KIND_CHECKS": tuple(dict.fromkeys(check for kind in kinds for check in kind.checks)),  # once each
        "PIECES": {piece.name: piece for kind in kinds for piece in kind.pieces},
    }
    for key, value in loaded.items():
        globals().setdefault(key, value)
    return globals()[name]


def _piece(piece_kind: str) -> PieceKind | None:
    # This module's own functions read the registry as globals (a module's __getattr__ serves only
    # reads from outside it): a NameError until it is loaded. Per piece, so a plain lookup.
    try:
        pieces = PIECES
    except NameError:
        pieces = __getattr__("PIECES")
    return pieces.get(piece_kind)


class HasKind(Protocol):
    """A component model of any kind: each names its kind in ``kind`` (a Literal of its own)."""

    @property
    def kind(self) -> str: ...


def kind_of(component: HasKind) -> Kind[Any]:
    """The registered kind of a validated component (its ``kind:`` names it)."""
    try:
        by_name = BY_NAME
    except NameError:  # not loaded yet (see _piece)
        by_name = __getattr__("BY_NAME")
    return by_name[component.kind]


def derived_numbers(component: Component, numbers: dict[str, Any]) -> dict[str, Any]:
    """The numbers ``component`` makes from the other components' ``numbers`` (``Kind.derived``:
    a tuck box's depth from its deck's count), if its kind makes any."""
    derived = kind_of(component).derived
    return derived(component, numbers) if derived is not None else {}


def scale_critical(piece_kind: str) -> bool:
    """A piece that must keep its printed size (its page says "print at 100 %")."""
    piece = _piece(piece_kind)
    return piece is not None and piece.scale_critical


def cut(piece_kind: str) -> bool:
    """A piece cut out on its face side: its outline goes into the cut file."""
    piece = _piece(piece_kind)
    return piece is not None and piece.cut


def exported(piece_kind: str) -> bool:
    """A deck piece the Tabletop Simulator export cuts out of the rendered pages."""
    piece = _piece(piece_kind)
    return piece is not None and piece.exported
