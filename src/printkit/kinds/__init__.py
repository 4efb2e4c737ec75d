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

from typing import TYPE_CHECKING, Any

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


def _pieces() -> dict[str, PieceKind]:
    pieces: dict[str, PieceKind] = __getattr__("PIECES")
    return pieces


def kind_of(component: Component) -> Kind[Any]:
    """The registered kind of a validated component (its ``kind:`` names it)."""
    by_name: dict[str, Kind[Any]] = __getattr__("BY_NAME")
    return by_name[component.kind]


def derived_numbers(component: Component, numbers: dict[str, Any]) -> dict[str, Any]:
    """The numbers ``component`` makes from the other components' ``numbers`` (``Kind.derived``:
    a tuck box's depth from its deck's count), if its kind makes any."""
    derived = kind_of(component).derived
    return derived(component, numbers) if derived is not None else {}


def scale_critical(piece_kind: str) -> bool:
    """A piece that must keep its printed size (its page says "print at 100 %")."""
    return piece_kind in _pieces() and _pieces()[piece_kind].scale_critical


def cut(piece_kind: str) -> bool:
    """A piece cut out on its face side: its outline goes into the cut file."""
    return piece_kind in _pieces() and _pieces()[piece_kind].cut


def exported(piece_kind: str) -> bool:
    """A deck piece the Tabletop Simulator export cuts out of the rendered pages."""
    return piece_kind in _pieces() and _pieces()[piece_kind].exported
