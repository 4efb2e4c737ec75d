"""Pieces that promise to fit the cells of another component (``fits: BOARD``): tokens and stones."""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.kinds.stones.model import StonesComponent
from printkit.kinds.tokens.model import TokensComponent

if TYPE_CHECKING:
    from printkit.kit.model import Kit
    from printkit.validate.findings import Findings


def check_fits(kit: Kit, index: int, component: TokensComponent | StonesComponent, found: Findings) -> None:
    """A piece with ``fits: BOARD`` is no bigger than that board's cells (a board is any component
    whose kind has cells: ``Kind.cell``)."""
    if component.fits is None:
        return
    boards = {c.id: c for c in kit.components if kit.kinds.kind_of(c).cell is not None}
    target = component.fits
    loc = ("components", index)
    if target not in boards:
        known = ", ".join(sorted(boards)) or "none"
        found.add(loc + ("fits",), f"'{target}' is not a board of this kit (boards: {known})")
        return
    board = boards[target]
    cell_size = kit.kinds.kind_of(board).cell
    assert cell_size is not None, "boards holds only kinds with cells"
    cell = cell_size(board)
    if component.size > cell + 1e-9:
        noun = kit.kinds.kind_of(component).pieces[0].name
        found.add(
            loc + ("size",),
            f"a {noun} of {component.size:g} mm does not fit inside a {cell:g} mm cell of board "
            f"'{target}'; make it at most {cell:g} mm",
        )
