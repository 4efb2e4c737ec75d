"""Hex boards: hexes true to scale, flat-top or pointy-top, rows × columns or a hexagon of a radius.

The first kind added as one module and one registration line (CONTRIBUTING.md): its model
(``HexBoardComponent``) is in model.py, everything else is here. Every hex is kept in axial
coordinates (q, r); its centre follows from them and the orientation, its printed coordinates
(``0101`` or ``A1``, column then row) from the offset layout (odd-q, even-q, odd-r, even-r).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from printkit import fonts
from printkit.errors import LayoutProblem, Loc
from printkit.kinds.base import Kind, PieceKind
from printkit.layout.board import GAP, MARK_FILL, legend_height, legend_items, special_label
from printkit.layout.context import Context, Paper
from printkit.layout.cutpath import CutPath
from printkit.layout.marks import HEADER_HEIGHT, RULER_HEIGHT, piece_page_header, ruler_at_bottom
from printkit.layout.primitives import Item, Page, Path, Piece, Stroke, Text
from printkit.layout.symbols import draw_symbol
from printkit.model import HexBoardComponent, SpecialHex

if TYPE_CHECKING:
    from printkit.model import Kit
    from printkit.validate.findings import Findings

HEX_LINE = Stroke(width=0.35)
COORD_PT = 5.5
COORD_COLOUR = "#666666"
NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))  # axial steps to the six neighbours


@dataclass(frozen=True)
class Hex:
    q: int  # axial coordinates
    r: int
    col: int  # offset coordinates from 0, as printed (column then row, from 1)
    row: int


def offset_of(board: HexBoardComponent) -> str:
    """The offset layout: the kit's, else odd-q for flat tops and odd-r for pointy ones."""
    return board.offset or ("odd-q" if board.orientation == "flat" else "odd-r")


def to_offset(q: int, r: int, offset: str) -> tuple[int, int]:
    """(col, row) of the axial hex (q, r) in the offset layout (red blob games' conversions)."""
    if offset == "odd-q":
        return q, r + (q - (q & 1)) // 2
    if offset == "even-q":
        return q, r + (q + (q & 1)) // 2
    if offset == "odd-r":
        return q + (r - (r & 1)) // 2, r
    return q + (r + (r & 1)) // 2, r


def to_axial(col: int, row: int, offset: str) -> tuple[int, int]:
    if offset == "odd-q":
        return col, row - (col - (col & 1)) // 2
    if offset == "even-q":
        return col, row - (col + (col & 1)) // 2
    if offset == "odd-r":
        return col - (row - (row & 1)) // 2, row
    return col - (row + (row & 1)) // 2, row


def hexes(board: HexBoardComponent) -> list[Hex]:
    """Every hex of the board, row by row, its offset coordinates counted from 0 at the top-left."""
    offset = offset_of(board)
    if board.shape == "hexagon":
        n = board.radius or 0
        axial = [(q, r) for q in range(-n, n + 1) for r in range(-n, n + 1) if abs(q + r) <= n]
    else:
        axial = [to_axial(c, r, offset) for r in range(board.rows or 1) for c in range(board.cols or 1)]
    placed = [(q, r, *to_offset(q, r, offset)) for q, r in axial]
    first_col, first_row = min(p[2] for p in placed), min(p[3] for p in placed)
    cells = [Hex(q, r, col - first_col, row - first_row) for q, r, col, row in placed]
    return sorted(cells, key=lambda h: (h.row, h.col))


def label(board: HexBoardComponent, cell: Hex) -> str:
    """The hex's coordinate in the board's style: '0304' (number, also when none is printed) or 'C4'."""
    if board.coordinates == "letter":
        return f"{chr(ord('A') + cell.col)}{cell.row + 1}"
    return f"{cell.col + 1:02d}{cell.row + 1:02d}"


def parse_at(at: str) -> tuple[int, int]:
    """(col, row) from 0 of '0304' or 'C4', whichever style a kit writes."""
    if at.isdigit():
        return int(at[:2]) - 1, int(at[2:]) - 1
    return ord(at[0]) - ord("A"), int(at[1:]) - 1


def circumradius(board: HexBoardComponent) -> float:
    return board.size / math.sqrt(3)


def centre(board: HexBoardComponent, cell: Hex) -> tuple[float, float]:
    """The hex's centre in mm from the centre of hex (0, 0)."""
    s, big = board.size, circumradius(board)
    if board.orientation == "flat":
        return 1.5 * big * cell.q, s * (cell.r + cell.q / 2)
    return s * (cell.q + cell.r / 2), 1.5 * big * cell.r


def corners(board: HexBoardComponent) -> tuple[tuple[float, float], ...]:
    """A hex's corners around its centre, clockwise on the page from the right (flat) or the top (pointy)."""
    big = circumradius(board)
    start = 0.0 if board.orientation == "flat" else -90.0
    return tuple(
        (big * math.cos(math.radians(start + 60 * k)), big * math.sin(math.radians(start + 60 * k))) for k in range(6)
    )


def hex_box(board: HexBoardComponent) -> tuple[float, float]:
    """The width and height of one hex's bounding box."""
    big = circumradius(board)
    return (2 * big, board.size) if board.orientation == "flat" else (board.size, 2 * big)


@dataclass(frozen=True)
class Placed:
    """The board's hexes placed: each hex's box corner, from the board's top-left corner."""

    cells: tuple[tuple[Hex, float, float], ...]
    width: float
    height: float


def placed(board: HexBoardComponent) -> Placed:
    w, h = hex_box(board)
    centres = [(cell, *centre(board, cell)) for cell in hexes(board)]
    left = min(x for _, x, _ in centres) - w / 2
    top = min(y for _, _, y in centres) - h / 2
    cells = tuple((cell, x - w / 2 - left, y - h / 2 - top) for cell, x, y in centres)
    return Placed(cells, max(x for _, x, _ in cells) + w, max(y for _, _, y in cells) + h)


def marked_hexes(board: HexBoardComponent) -> set[tuple[int, int]]:
    """(col, row) of the shaded hexes: the listed ones, or those with fewer than six neighbours."""
    cells = hexes(board)
    if board.marked == "perimeter":
        axial = {(c.q, c.r) for c in cells}
        return {(c.col, c.row) for c in cells if any((c.q + dq, c.r + dr) not in axial for dq, dr in NEIGHBOURS)}
    return {parse_at(at) for at in board.marked or []}


def numbers(board: HexBoardComponent, paper: Paper) -> dict[str, float]:
    """{board.hexes}, {board.size}, {board.rows}, {board.cols}, {board.specials}, {board.free},
    {board.special_points}, {board.marked}, and each special hex's value as {board.0304}."""
    p, cells = board.id, hexes(board)
    values: dict[str, float] = {
        f"{p}.hexes": len(cells),
        f"{p}.size": board.size,
        f"{p}.rows": max(c.row for c in cells) + 1,
        f"{p}.cols": max(c.col for c in cells) + 1,
        f"{p}.specials": len(board.specials),
        f"{p}.free": len(cells) - len({parse_at(s.at) for s in board.specials}),
        f"{p}.special_points": sum(s.value or 0 for s in board.specials),
        f"{p}.marked": len(marked_hexes(board)),
    }
    for special in board.specials:
        if special.value is not None:
            values[f"{p}.{special.at}"] = special.value
    return values


def check_hexes(kit: Kit, index: int, board: HexBoardComponent, found: Findings) -> None:
    """The shape has its sizes, the offset suits the orientation, special and marked hexes are on the board."""
    loc = ("components", index)
    if board.shape == "rectangle" and (board.rows is None or board.cols is None):
        found.add(loc + ("rows" if board.rows is None else "cols",), "a rectangle of hexes needs rows and cols")
        return
    if board.shape == "hexagon" and board.radius is None:
        found.add(loc + ("shape",), "a hexagon of hexes needs a radius (rings around the centre hex)")
        return
    wanted = "q" if board.orientation == "flat" else "r"
    if board.offset is not None and not board.offset.endswith(wanted):
        found.add(
            loc + ("offset",),
            f"'{board.offset}' offsets {'rows' if wanted == 'q' else 'columns'}, but {board.orientation}-top hexes "
            f"stand in {'columns' if wanted == 'q' else 'rows'}: use odd-{wanted} or even-{wanted}",
        )
        return
    cells = hexes(board)
    if board.coordinates == "letter" and max(c.col for c in cells) >= 26:
        found.add(loc + ("coordinates",), "letter coordinates name at most 26 columns (A–Z); use 'number'")
    on_board = {(c.col, c.row) for c in cells}
    seen: dict[tuple[int, int], int] = {}
    for number, special in enumerate(board.specials):
        where = parse_at(special.at)
        _check_on_board(board, special.at, on_board, loc + ("specials", number, "at"), found)
        if where in seen:
            found.add(
                loc + ("specials", number, "at"), f"hex {special.at} is already special (specials[{seen[where]}])"
            )
        seen.setdefault(where, number)
    if isinstance(board.marked, list):
        for number, at in enumerate(board.marked):
            _check_on_board(board, at, on_board, loc + ("marked", number), found)


def _check_on_board(
    board: HexBoardComponent, at: str, on_board: set[tuple[int, int]], loc: Loc, found: Findings
) -> None:
    if parse_at(at) not in on_board:
        found.add(loc, f"hex {at} is not on hex board '{board.id}' ({_range(board)})")


def _range(board: HexBoardComponent) -> str:
    """Where the hexes are: the columns and rows they take, and for a hexagon that its corners are missing."""
    cells = hexes(board)
    cols, rows = max(c.col for c in cells) + 1, max(c.row for c in cells) + 1
    first, last = Hex(0, 0, 0, 0), Hex(0, 0, cols - 1, rows - 1)
    where = f"{len(cells)} hexes from {label(board, first)} to {label(board, last)}"
    if board.shape == "hexagon":
        where += "; a hexagon leaves out the corners of that rectangle"
    return where


def extra_height(board: HexBoardComponent, ctx: Context) -> float:
    """The page's height that is not hexes: title, legend and ruler, as a square board's."""
    return HEADER_HEIGHT + GAP + legend_height(board, ctx) + GAP + RULER_HEIGHT


def oriented(board: HexBoardComponent, ctx: Context, grid: Placed) -> Context:
    """Portrait when the board fits there, else landscape, else a one-line refusal."""
    need_h = grid.height + extra_height(board, ctx)
    options = [ctx, replace(ctx, paper=ctx.paper.landscape())]
    for option in options:
        if grid.width <= option.content_width + 1e-6 and need_h <= option.content_height + 1e-6:
            return option
    largest = max(
        board.size * min(o.content_width / grid.width, (o.content_height - extra_height(board, o)) / grid.height)
        for o in options
    )
    raise LayoutProblem(
        ("size",),
        f"hex board '{board.id}' does not fit on {ctx.paper.name}: its {len(grid.cells)} hexes of {board.size:g} mm "
        f"need {grid.width:.1f} × {need_h:.1f} mm with title and ruler ({ctx.content_width:.1f} × "
        f"{ctx.content_height:.1f} mm inside the margins, either way up); hexes of at most "
        f"{math.floor(largest * 2) / 2:g} mm fit (hex boards are not split across sheets)",
    )


def layout(board: HexBoardComponent, ctx: Context) -> list[Page]:
    grid = placed(board)
    ctx = oriented(board, ctx, grid)
    left = ctx.margin + (ctx.content_width - grid.width) / 2
    top = ctx.margin + HEADER_HEIGHT + GAP
    items: list[Item] = piece_page_header(
        ctx, ctx.tr(board.title) or board.id, ctx.tr.msg("hexboard_instruction", size=f"{board.size:g}")
    )
    shaded = marked_hexes(board)
    specials = {parse_at(s.at): s for s in board.specials}
    outline = corners(board)
    w, h = hex_box(board)
    pieces: list[Piece] = [Piece("hexboard", board.id, 1, left, top, grid.width, grid.height)]
    for cell, x, y in grid.cells:
        cx, cy = left + x + w / 2, top + y + h / 2
        points = tuple((cx + dx, cy + dy) for dx, dy in outline)
        items.append(Path(points, HEX_LINE, MARK_FILL if (cell.col, cell.row) in shaded else None))
        items += hex_contents(board, cell, cx, cy, specials.get((cell.col, cell.row)), ctx)
        pieces.append(hex_piece(board, cell, left + x, top + y, specials, shaded, ctx))
    items += legend_items(board, left, top + grid.height + GAP, ctx)
    items += ruler_at_bottom(ctx, ctx.paper.width, ctx.paper.height)
    return [Page(ctx.paper.width, ctx.paper.height, "board", board.id, tuple(items), tuple(pieces))]


def hex_contents(
    board: HexBoardComponent, cell: Hex, cx: float, cy: float, special: SpecialHex | None, ctx: Context
) -> list[Item]:
    """The coordinate near the top of the hex, a special's icon in the middle and its label below."""
    s = board.size
    items: list[Item] = []
    if board.coordinates != "none":
        items.append(
            Text(cx, cy - s * 0.3, label(board, cell), COORD_PT, align="center", color=COORD_COLOUR, max_w=s * 0.5)
        )
    if special is not None:
        icon = s * 0.42
        items.append(draw_symbol(special.icon, cx - icon / 2, cy - icon * 0.55, icon))
        text = special_label(special, ctx)
        if text:
            size = fonts.fit_size(text, s * 0.5, s * 0.5, bold=True, smallest=5)
            items.append(Text(cx, cy + s * 0.4, text, size, bold=True, align="center", max_w=s * 0.5))
    return items


def hex_piece(
    board: HexBoardComponent,
    cell: Hex,
    x: float,
    y: float,
    specials: dict[tuple[int, int], SpecialHex],
    shaded: set[tuple[int, int]],
    ctx: Context,
) -> Piece:
    """The hex's manifest row: its box, its outline, its coordinates (offset and axial) and what is special."""
    w, h = hex_box(board)
    outline = tuple((px + w / 2, py + h / 2) for px, py in corners(board))
    extra: list[tuple[str, object]] = [
        ("col", cell.col + 1),
        ("row", cell.row + 1),
        ("at", label(board, cell)),
        ("q", cell.q),
        ("r", cell.r),
    ]
    special = specials.get((cell.col, cell.row))
    if special is not None:
        extra += [("special", special.icon), ("label", special_label(special, ctx))]
        if special.value is not None:
            extra.append(("value", special.value))
    if (cell.col, cell.row) in shaded:
        extra.append(("marked", True))
    return Piece("hex", board.id, 1, x, y, w, h, extra=tuple(extra), cut=CutPath("polygon", outline))


KIND = Kind(
    "hexboard",
    HexBoardComponent,
    layout,
    numbers,
    pieces=(PieceKind("hexboard", scale_critical=True), PieceKind("hex", scale_critical=True)),
    checks=(check_hexes,),
    cell=lambda component: component.size,
)
