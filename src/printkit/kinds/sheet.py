"""Sheets: score sheets and player aids to write on, once per player or shared."""

from printkit.kinds.base import Kind, PieceKind
from printkit.kinds.sheet_model import SheetComponent
from printkit.layout import sheet

KIND = Kind(
    "sheet",
    SheetComponent,
    sheet.layout,
    sheet.numbers,
    pieces=(PieceKind("sheet", scale_critical=False),),
    personalised=True,
)
