"""Play mats: places for pieces in rows, marked by player count, and info panels below."""

from printkit.kinds.base import Kind, PieceKind, lazy
from printkit.kinds.mat_model import MatComponent

KIND = Kind(
    "mat",
    MatComponent,
    lazy("printkit.layout.mat", "layout"),
    lazy("printkit.layout.mat", "numbers"),
    pieces=(PieceKind("place", scale_critical=True),),
)
