"""Boards: a square grid true to scale; tokens and stones may promise to fit its cells."""

from printkit.kinds.base import Kind, PieceKind
from printkit.layout import board
from printkit.model import BoardComponent

KIND = Kind(
    "board",
    BoardComponent,
    board.layout,
    board.numbers,
    pieces=(PieceKind("board", scale_critical=True), PieceKind("cell", scale_critical=True)),
    cell=lambda component: component.cell,
)
