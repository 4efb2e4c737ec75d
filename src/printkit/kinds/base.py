"""What a component kind is: its model, its layout, its numbers, its own checks and its pieces.

Every consumer (the document layout, the validator, the cut file, the Tabletop Simulator export)
reads a kind's facts from its ``Kind`` in the registry (``printkit.kinds``), never from a list of
kind names of its own.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from printkit.kit.shared import ComponentBase

if TYPE_CHECKING:
    from printkit.kit.model import Kit
    from printkit.layout.context import Context, Paper
    from printkit.layout.placeable import Placeable
    from printkit.layout.primitives import Page
    from printkit.validate.findings import Findings

C = TypeVar("C", bound=ComponentBase)


def lazy(module: str, name: str) -> Callable[..., Any]:
    """``module.name``, imported when first called: the registry lists every kind, and importing
    each kind's layout module with it cost a start that builds two kinds the layout of all eleven."""
    found: list[Callable[..., Any]] = []

    def call(*args: Any, **kwargs: Any) -> Any:
        if not found:
            found.append(getattr(importlib.import_module(module), name))
        return found[0](*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__module__ = module
    return call


@dataclass(frozen=True)
class PieceKind:
    """What a piece a kind makes is to the consumers of the placement manifest (its ``kind``)."""

    name: str  # the manifest's kind: board, cell, token, ...
    scale_critical: bool  # must keep its printed size: its page carries a ruler or a scale note
    cut: bool = False  # cut out on its face side: an outline in the cut file
    exported: bool = False  # a deck piece of the Tabletop Simulator export
    shop: bool = False  # a piece `printkit export` writes one side to a file, for a print shop


@dataclass(frozen=True)
class Kind(Generic[C]):
    """One component kind (the kit's ``kind:``), everything about it in one place.

    ``checks`` are the kind's own checks of one component before layout: each gets the kit, the
    component's index in ``components``, the component and the findings to report into.
    ``cell``, for a kind whose cells other components' pieces may promise to fit (``fits: ID``),
    says how big a cell of a component is. ``personalised`` marks the kind ``printkit sheets``
    prints, once per player. ``derived``, for a kind sized from another component (a tuck box
    from the deck it holds), gives the numbers it makes from the other components' numbers; it
    runs after every component's own ``numbers`` and skips what it cannot find (a check says why).
    ``room``, for a kind whose pages depend on the paper (a board split
    into sheets), says in a line what a component takes on the context's paper, or None when there is
    nothing to say; ``validate`` prints it. ``figure_piece``, for a kind whose pieces the rules'
    figures place, gives the pieces a reference names (its parts after the component's id:
    ``tokens.guards_a`` -> ``["guards_a"]``) as a ``layout.placeable.Placeable``, or what is wrong
    with the reference; ``first_piece`` is the reference of the piece the kit strip shows (None:
    the component has none).
    """

    name: str
    model: type[C]
    layout: Callable[[C, Context], list[Page]]
    numbers: Callable[[C, Paper], dict[str, Any]]
    pieces: tuple[PieceKind, ...]
    checks: tuple[Callable[[Kit, int, C, Findings], None], ...] = ()
    cell: Callable[[C], float] | None = None
    personalised: bool = False
    derived: Callable[[C, dict[str, Any]], dict[str, Any]] | None = None
    box: bool = False  # a box for the kit's pieces: `printkit build KIT --boxes` prints it as a PDF of its own
    room: Callable[[C, Context], str | None] | None = None
    figure_piece: Callable[[C, list[str]], Placeable | str] | None = None
    first_piece: Callable[[C], list[str] | None] | None = None
