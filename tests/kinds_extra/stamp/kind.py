"""The stamp kind: its KIND, found by ``printkit.kinds.load_kinds`` in a folder of kinds."""

from __future__ import annotations

from printkit.kit.kinds import Kind, PieceKind

from . import layout
from .model import StampComponent

KIND = Kind(
    "stamp",
    StampComponent,
    layout.layout,
    layout.numbers,
    order=1000,  # after printkit's own kinds
    page_role="stamp",  # a page plan may name its page
    pieces=(PieceKind("stamp", scale_critical=False),),
    figure_piece=layout.figure_piece,
    first_piece=layout.first_piece,
)
