"""The board kind's own checks, then its ``KIND``: what the registry reads about it."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from printkit.base.errors import Loc
from printkit.kinds.board import edgetrack, layout
from printkit.kinds.board.model import BoardComponent
from printkit.kinds.board.words import MESSAGES
from printkit.kinds.track.kind import check_specials
from printkit.kinds.track.layout import numbers as track_numbers
from printkit.kit.kinds import Kind, PieceKind
from printkit.layout import board as grid

if TYPE_CHECKING:
    from printkit.kit.model import Kit
    from printkit.layout.context import Paper
    from printkit.validate.findings import Findings


def check_board_cells(kit: Kit, index: int, board: BoardComponent, found: Findings) -> None:
    """Special and marked cells lie on their board, a cell is special once, coordinates have letters."""
    loc = ("components", index)
    if board.coordinates and board.cols > 26:
        found.add(loc + ("cols",), f"a board with coordinates has at most 26 columns (A–Z); this one has {board.cols}")
    seen: dict[str, int] = {}
    for number, special in enumerate(board.specials):
        _check_on_board(board, special.at, loc + ("specials", number, "at"), found)
        if special.at in seen:
            found.add(
                loc + ("specials", number, "at"),
                f"cell {special.at} is already special (specials[{seen[special.at]}])",
            )
        seen.setdefault(special.at, number)
    if isinstance(board.marked, list):
        for number, at in enumerate(board.marked):
            _check_on_board(board, at, loc + ("marked", number), found)
    if board.track is not None:
        check_edge_track(board, loc + ("track",), found)


def check_edge_track(board: BoardComponent, loc: Loc, found: Findings) -> None:
    """The track around the board has its four corners at least, its spaces along the sides no
    shorter than a number needs, no coordinates in its way, and its specials on it, once each."""
    edge = board.track
    assert edge is not None
    if board.coordinates:
        found.add(loc, "a board with a track around it prints no coordinates (the track takes their place)")
        return
    if edgetrack.count(edge) < 4:
        found.add(
            loc + ("end",),
            f"a track around a board has a space in each corner: at least 4, not {edgetrack.count(edge)}",
        )
        return
    shortest = edgetrack.shortest(board)
    if shortest < edgetrack.SMALLEST_SPACE - 1e-6:
        width, height = board.cols * board.cell_w, board.rows * board.cell_h
        most = 4 + math.floor(2 * (width + height) / edgetrack.SMALLEST_SPACE)
        found.add(
            loc + ("end",),
            f"{edgetrack.count(edge)} spaces around a {width:g} × {height:g} mm board are {shortest:.1f} mm long; "
            f"a space needs {edgetrack.SMALLEST_SPACE:g} mm for its number: at most {most} spaces fit",
        )
        return
    check_specials(edge, loc, found)


def _check_on_board(board: BoardComponent, at: str, loc: Loc, found: Findings) -> None:
    row, col = grid.cell_of(at)
    if row >= board.rows or col >= board.cols:
        last = f"{chr(ord('A') + min(board.cols, 26) - 1)}{board.rows}"
        found.add(loc, f"cell {at} is not on the {board.rows} × {board.cols} board '{board.id}' (A1 to {last})")


def cell_outline(board: BoardComponent) -> tuple[tuple[float, float], ...]:
    """A cell's corners around its centre (a rectangle when ``cell_height`` is given)."""
    w, h = board.cell_w / 2, board.cell_h / 2
    return ((-w, -h), (w, -h), (w, h), (-w, h))


def numbers(component: BoardComponent, paper: Paper) -> dict[str, Any]:
    """The board's numbers and, with a track around it, the track's under its own id ({score.spaces})."""
    values: dict[str, Any] = dict(grid.numbers(component, paper))
    if component.track is not None:
        values.update(track_numbers(component.track, paper))
    return values


KIND = Kind(
    "board",
    BoardComponent,
    layout.layout_board,
    numbers,
    order=20,
    page_role="board",
    pieces=(
        PieceKind("board", scale_critical=True),
        PieceKind("cell", scale_critical=True),
        *grid.SPLIT_PIECES,
    ),
    checks=(check_board_cells,),
    cell=lambda component: component.cell,
    cell_outline=cell_outline,
    room=layout.room,
    messages=MESSAGES,
)
