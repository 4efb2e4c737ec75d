"""Pieces that promise to fit the cells of another component (``fits: BOARD``): tokens and stones.

A piece fits when its real outline lies inside the cell's, both centred: a token cut along its
square frame is that square, one cut along its shape (``cut: outline``) is that shape; a cell is a
square (a board's, a track's space), a hexagon (a hex board's) or whatever outline its kind gives
(``Kind.cell_outline``). Both outlines are convex, so the largest piece that fits is the piece
scaled by the smallest ratio, over the cell's sides and the piece's corners, of the side's distance
from the centre to the corner's reach towards it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from printkit.layout.cutpath import Point

if TYPE_CHECKING:
    from printkit.kit.model import Kit
    from printkit.validate.findings import Findings


def square(side: float) -> tuple[Point, ...]:
    """A square of ``side`` around the origin, clockwise on the page."""
    half = side / 2
    return ((-half, -half), (half, -half), (half, half), (-half, half))


Outlines = Callable[[Any], dict[str, tuple[Point, ...]]]  # a component's cut outlines by what they are
Check = Callable[["Kit", int, Any, "Findings"], None]


def square_frame(component: Any) -> dict[str, tuple[Point, ...]]:
    """A piece cut along its square frame (a stone, a token cut by frames): its one outline."""
    return {"frame": square(component.size)}


def scale_to_fit(piece: tuple[Point, ...], cell: tuple[Point, ...]) -> float:
    """The largest factor by which ``piece`` (around its centre) still lies in the convex ``cell``
    (around its centre, its corners in order, either way round)."""
    best = math.inf
    centre_x = sum(x for x, _ in cell) / len(cell)
    centre_y = sum(y for _, y in cell) / len(cell)
    for (ax, ay), (bx, by) in zip(cell, cell[1:] + cell[:1], strict=True):
        nx, ny = by - ay, ax - bx  # a normal of the side; turned to point away from the centre
        if nx * (centre_x - ax) + ny * (centre_y - ay) > 0:
            nx, ny = -nx, -ny
        reach = nx * ax + ny * ay
        for px, py in piece:
            towards = nx * px + ny * py
            if towards > 1e-12:
                best = min(best, reach / towards)
    return best


def fits_check(piece_outlines: Outlines) -> Check:
    """The check of a kind whose pieces may promise ``fits: BOARD``, its pieces' outlines around
    their centres, by what they are, given by ``piece_outlines`` (the kind's own: a stone's square,
    each token shape's outline when tokens are cut along it)."""

    def check_fits(kit: Kit, index: int, component: Any, found: Findings) -> None:
        fits_board(kit, index, component, piece_outlines(component), found)

    return check_fits


def fits_board(kit: Kit, index: int, component: Any, outlines: dict[str, tuple[Point, ...]], found: Findings) -> None:
    """A piece with ``fits: BOARD`` lies, outline inside outline (``outlines``), in that board's
    cells (a board is any component whose kind has cells: ``Kind.cell``)."""
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
    kind = kit.kinds.kind_of(board)
    assert kind.cell is not None, "boards holds only kinds with cells"
    cell = kind.cell(board)
    cell_outline = kind.cell_outline(board) if kind.cell_outline is not None else square(cell)
    cell_name = "hex" if kind.name == "hexboard" else "cell"
    cell_text = getattr(board, "cell_size", f"{cell:g}")  # a board's '40 × 30' for cells that are not square
    noun = kit.kinds.kind_of(component).pieces[0].name
    for shape, outline in outlines.items():
        ratio = scale_to_fit(outline, cell_outline)
        if ratio >= 1 - 1e-9:
            continue
        largest = math.floor(component.size * ratio * 10) / 10
        what = "its square cut frame" if shape == "frame" else f"cut along its {shape}"
        found.add(
            loc + ("size",),
            f"a {noun} of {component.size:g} mm ({what}) does not fit inside a {cell_text} mm {cell_name} of board "
            f"'{target}': its outline reaches {(1 / ratio - 1) * 100:.0f} % past the {cell_name}'s edge; make it "
            f"at most {largest:g} mm",
        )
        return
