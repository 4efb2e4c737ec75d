"""Sheets: score sheets and player aids to write on, once per player or shared."""

from printkit.kinds.base import Kind, PieceKind, lazy
from printkit.kinds.sheet_model import SheetComponent

KIND = Kind(
    "sheet",
    SheetComponent,
    lazy("printkit.layout.sheet", "layout"),
    lazy("printkit.layout.sheet", "numbers"),
    pieces=(PieceKind("sheet", scale_critical=False),),
    personalised=True,
)
