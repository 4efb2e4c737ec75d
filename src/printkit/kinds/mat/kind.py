"""The mat kind's own checks, then its ``KIND``: what the registry reads about it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.kinds.mat import layout
from printkit.kinds.mat.model import MatComponent
from printkit.kinds.mat.words import MESSAGES
from printkit.kinds.sheet.kind import check_legend_symbols
from printkit.kit.kinds import Kind, PieceKind

if TYPE_CHECKING:
    from printkit.kit.model import Kit
    from printkit.validate.findings import Findings


def check_panel_symbols(kit: Kit, index: int, component: MatComponent, found: Findings) -> None:
    check_legend_symbols(component.panels, ("components", index, "panels"), kit.kit.languages, found)


KIND = Kind(
    "mat",
    MatComponent,
    layout.layout,
    layout.numbers,
    order=80,
    page_role="board",
    pieces=(PieceKind("place", scale_critical=True),),
    checks=(check_panel_symbols,),
    messages=MESSAGES,
)
