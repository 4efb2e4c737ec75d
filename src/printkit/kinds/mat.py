"""Play mats: places for pieces in rows, marked by player count, and info panels below."""

from printkit.kinds.base import Kind, PieceKind
from printkit.kinds.mat_model import MatComponent
from printkit.layout import mat

KIND = Kind("mat", MatComponent, mat.layout, mat.numbers, pieces=(PieceKind("place", scale_critical=True),))
