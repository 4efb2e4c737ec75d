"""The registry of component kinds: every kind a kit may use, listed once, in one place.

A new kind is a module in this package that defines its model and ``KIND`` (see ``base.Kind``),
plus one line in ``registered`` below; CONTRIBUTING.md says how. The kit model
(``printkit.kit.model``) builds its ``Component`` union from these kinds' models; layout, validation,
the cut file and the Tabletop Simulator export read every fact about a kind or its pieces from
here.

The registry is loaded when one of ``KINDS``, ``BY_NAME``, ``KIND_CHECKS`` or ``PIECES`` is first
read, not with this package: a layout module imports its kind's model from this package, and the
kind modules import the layout modules, so loading them with the package would leave one of them
half-loaded whichever is imported first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from pydantic import BaseModel

from printkit.kinds.base import Kind, PieceKind

if TYPE_CHECKING:
    from collections.abc import Callable

    from printkit.kit.model import Component
    from printkit.layout.context import Paper

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


def component_numbers(component: Component, paper: Paper) -> dict[str, Any]:
    """The numbers a component defines on ``paper``: its kind's, then the length of each of its
    lists and of its sheet parts' lists, and their items' texts (``list_lengths``)."""
    own = kind_of(component).numbers(component, paper)
    return own | {name: n for name, n in list_lengths(component).items() if name not in own}


def list_lengths(component: Component) -> dict[str, Any]:
    """``ID.FIELD.length`` for every list field of the component (``board.specials.length``,
    ``board.marked.length``, ``cards.types.length``) and of each sheet or mat part with an id
    (``lighthouses.rows.length``): a rulebook's "12 marked cells" needs no number of its own."""
    from printkit.layout.sheet import band_parts  # the layout modules import this package

    lengths: dict[str, Any] = {}
    owners: list[tuple[str, BaseModel]] = [(component.id, component)]
    for field in ("rows", "panels"):
        bands = getattr(component, field, None)
        if isinstance(bands, list) and all(isinstance(band, list) for band in bands):
            owners += [(part.id, part) for part in band_parts(bands) if getattr(part, "id", None)]
    for prefix, owner in owners:
        for field in type(owner).model_fields:
            value = getattr(owner, field)
            if isinstance(value, list):
                lengths[f"{prefix}.{field}.length"] = len(value)
                lengths.update(listed_items(f"{prefix}.{field}", value))
    return lengths


NOT_FACTS = ("id", "color", "ink", "image")  # an item's name and looks, not what a rulebook states


def listed_items(prefix: str, items: list[Any]) -> dict[str, Any]:
    """``LIST.N.FIELD`` (N from 1) for each text field of the Nth item of a list of parts, and
    ``LIST.N.FIELD.length`` for each of its lists: a legend's entries as ``die.entries.*.symbol``,
    a stone face's moves as ``stones.faces.*.moves.length``, compared in order with a list; a text
    given per language is ``LIST.N.FIELD.LANG`` (``die.entries.*.symbol.en``). Numbers
    are left out: an item's numbers are its kind's to name (``stones.ace.value``)."""
    values: dict[str, Any] = {}
    for number, item in enumerate(items, start=1):
        if not isinstance(item, BaseModel):
            continue
        for field in type(item).model_fields:
            value = getattr(item, field)
            if isinstance(value, str) and field not in NOT_FACTS:
                values[f"{prefix}.{number}.{field}"] = value
            elif is_text(value) and field not in NOT_FACTS:  # one per language: ``die.entries.*.symbol.en``
                values.update({f"{prefix}.{number}.{field}.{lang}": text for lang, text in value.items()})
            elif isinstance(value, list):
                values[f"{prefix}.{number}.{field}.length"] = len(value)
    return values


def is_text(value: object) -> bool:
    """A text given per language (``{pl: K, en: F}``), as ``model.Text`` holds it."""
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())


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


def shop(piece_kind: str) -> bool:
    """A piece `printkit export` writes for a print shop, one side to a file or page."""
    piece = _piece(piece_kind)
    return piece is not None and piece.shop
