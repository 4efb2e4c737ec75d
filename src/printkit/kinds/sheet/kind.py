"""The sheet kind's own checks, then its ``KIND``: what the registry reads about it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from printkit.base.errors import Loc
from printkit.kinds.sheet import layout
from printkit.kinds.sheet.model import SheetComponent
from printkit.kit.kinds import Kind, PieceKind
from printkit.kit.parts import LegendPart

if TYPE_CHECKING:
    from printkit.kit.model import Kit
    from printkit.validate.findings import Findings

LONGEST_SYMBOL = 3  # characters: a symbol is a letter or a short mark written in a cell


def located_parts(bands: Sequence[Sequence[Any]], loc: Loc) -> Iterator[tuple[Loc, Any]]:
    """Every part of the bands with its place in the kit (a column's parts one by one)."""
    for row, band in enumerate(bands):
        for column, cell in enumerate(band):
            if isinstance(cell, list):
                yield from (((*loc, row, column, n), part) for n, part in enumerate(cell))
            else:
                yield (*loc, row, column), cell


def check_legend_symbols(bands: Sequence[Sequence[Any]], loc: Loc, languages: Sequence[str], found: Findings) -> None:
    """A legend's symbols are what players write, so in every language each is a short printable
    mark, and no two entries share one (an English sheet with K for flower and K for king)."""
    for where, part in located_parts(bands, loc):
        if not isinstance(part, LegendPart):
            continue
        for lang in languages:
            seen: dict[str, int] = {}
            for number, entry in enumerate(part.entries):
                if entry.symbol is None:
                    continue
                symbol = entry.symbol if isinstance(entry.symbol, str) else entry.symbol.get(lang)
                at = (*where, "entries", number, "symbol")
                if symbol is None:
                    continue  # a missing translation is reported with every text's
                problem = symbol_problem(symbol)
                if problem:
                    found.add(at, f"the symbol {symbol!r} ({lang}) {problem}")
                elif symbol in seen:
                    found.add(
                        at,
                        f"the symbol {symbol!r} ({lang}) is also entry {seen[symbol] + 1}'s; players write the "
                        "symbols, so each entry needs its own in every language",
                    )
                seen.setdefault(symbol, number)


def symbol_problem(symbol: str) -> str | None:
    """Why ``symbol`` cannot be written in a cell and read back, or None."""
    if not symbol.strip():
        return "is blank; give a letter or a short mark"
    if any(char.isspace() or not char.isprintable() for char in symbol):
        return "holds a space or a control character; give a letter or a short mark"
    if len(symbol) > LONGEST_SYMBOL:
        return f"is {len(symbol)} characters long; a symbol is at most {LONGEST_SYMBOL}, written in one cell"
    return None


def check_sheet_symbols(kit: Kit, index: int, component: SheetComponent, found: Findings) -> None:
    check_legend_symbols(component.rows, ("components", index, "rows"), kit.kit.languages, found)


KIND = Kind(
    "sheet",
    SheetComponent,
    layout.layout,
    layout.numbers,
    order=10,
    page_role="sheet",
    pieces=(PieceKind("sheet", scale_critical=False),),
    checks=(check_sheet_symbols,),
    personalised=True,
)
