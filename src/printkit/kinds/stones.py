"""Stones: two-sided playing pieces with their moves drawn on each face."""

from printkit.kinds.base import Kind, PieceKind
from printkit.layout import stones
from printkit.model import StonesComponent

KIND = Kind(
    "stones",
    StonesComponent,
    stones.layout,
    stones.numbers,
    pieces=(PieceKind("stone", scale_critical=True, cut=True),),
)
