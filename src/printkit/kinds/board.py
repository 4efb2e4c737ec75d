"""Boards: a square grid true to scale; tokens and stones may promise to fit its cells."""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.errors import Loc
from printkit.kinds.base import Kind, PieceKind
from printkit.kinds.board_model import BoardComponent
from printkit.layout import board, boardtiles
from printkit.layout.board import cell_of

if TYPE_CHECKING:
    from printkit.kit import Kit
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


def _check_on_board(board: BoardComponent, at: str, loc: Loc, found: Findings) -> None:
    row, col = cell_of(at)
    if row >= board.rows or col >= board.cols:
        last = f"{chr(ord('A') + min(board.cols, 26) - 1)}{board.rows}"
        found.add(loc, f"cell {at} is not on the {board.rows} × {board.cols} board '{board.id}' (A1 to {last})")


KIND = Kind(
    "board",
    BoardComponent,
    boardtiles.layout_board,
    board.numbers,
    pieces=(
        PieceKind("board", scale_critical=True),
        PieceKind("cell", scale_critical=True),
        PieceKind("board_sheet", scale_critical=True, cut=True),  # a sheet of a split board, cut out
        PieceKind("join", scale_critical=True),  # a split board's glue strip
    ),
    checks=(check_board_cells,),
    cell=lambda component: component.cell,
    room=boardtiles.room,
)
