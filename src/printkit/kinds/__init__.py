"""The registry of component kinds: every kind a kit may use, listed once, in one place.

A new kind is a module in this package that defines ``KIND`` (see ``base.Kind``) plus one line in
``KINDS`` below; CONTRIBUTING.md says how. Layout, validation, the cut file and the Tabletop
Simulator export read every fact about a kind or its pieces from here.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from printkit.kinds import board, box, cards, hexboard, mat, sheet, stones, tiles, tokens, track, tuckbox
from printkit.kinds.base import Kind, PieceKind
from printkit.layout.context import Paper
from printkit.layout.sheet import band_parts
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


def component_numbers(component: Component, paper: Paper) -> dict[str, Any]:
    """The numbers a component defines on ``paper``: its kind's, then the length of each of its
    lists and of its sheet parts' lists, and their items' texts (``list_lengths``)."""
    own = kind_of(component).numbers(component, paper)
    return own | {name: n for name, n in list_lengths(component).items() if name not in own}


def list_lengths(component: Component) -> dict[str, Any]:
    """``ID.FIELD.length`` for every list field of the component (``board.specials.length``,
    ``board.marked.length``, ``cards.types.length``) and of each sheet or mat part with an id
    (``lighthouses.rows.length``): a rulebook's "12 marked cells" needs no number of its own."""
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
    a stone face's moves as ``stones.faces.*.moves.length``, compared in order with a list. Numbers
    are left out: an item's numbers are its kind's to name (``stones.ace.value``)."""
    values: dict[str, Any] = {}
    for number, item in enumerate(items, start=1):
        if not isinstance(item, BaseModel):
            continue
        for field in type(item).model_fields:
            value = getattr(item, field)
            if isinstance(value, str) and field not in NOT_FACTS:
                values[f"{prefix}.{number}.{field}"] = value
            elif isinstance(value, list):
                values[f"{prefix}.{number}.{field}.length"] = len(value)
    return values


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
