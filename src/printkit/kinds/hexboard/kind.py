"""The hexboard kind's own checks, then its ``KIND``: what the registry reads about it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.base.errors import Loc
from printkit.kinds.hexboard.layout import (
    Hex,
    corners,
    hexes,
    label,
    layout,
    marked_hexes,
    numbers,
    parse_at,
    room,
    terrain_hexes,
)
from printkit.kinds.hexboard.model import HexBoardComponent
from printkit.kinds.hexboard.words import MESSAGES
from printkit.kit.kinds import Kind, PieceKind
from printkit.layout.board import SPLIT_PIECES
from printkit.layout.patterns import pattern_names

if TYPE_CHECKING:
    from printkit.kit.model import Kit
    from printkit.validate.findings import Findings


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
        check_on_board(board, special.at, on_board, loc + ("specials", number, "at"), found)
        if where in seen:
            found.add(
                loc + ("specials", number, "at"), f"hex {special.at} is already special (specials[{seen[where]}])"
            )
        seen.setdefault(where, number)
    if isinstance(board.marked, list):
        for number, at in enumerate(board.marked):
            check_on_board(board, at, on_board, loc + ("marked", number), found)
    check_terrain(board, on_board, loc, found)


def check_terrain(board: HexBoardComponent, on_board: set[tuple[int, int]], loc: Loc, found: Findings) -> None:
    """Each terrain has its own id and pattern, its hexes lie on the board and a hex has one terrain
    and is not also marked (one ground per hex)."""
    known = pattern_names()
    marked = marked_hexes(board)
    owner: dict[tuple[int, int], str] = {}
    ids: set[str] = set()
    for number, terrain in enumerate(board.terrain):
        here = loc + ("terrain", number)
        if terrain.id in ids:
            found.add(here + ("id",), f"terrain '{terrain.id}' is declared twice")
        ids.add(terrain.id)
        if terrain.pattern is not None and terrain.pattern not in known:
            found.add(here + ("pattern",), f"unknown pattern '{terrain.pattern}'; printkit draws: {', '.join(known)}")
        if terrain.at == "perimeter":
            places = [(here + ("at",), terrain_hexes(board, terrain))]
        else:
            places = [(here + ("at", item), {parse_at(at)}) for item, at in enumerate(terrain.at)]
            for item, at in enumerate(terrain.at):
                check_on_board(board, at, on_board, here + ("at", item), found)
        for where_loc, spots in places:
            for where in sorted(spots & on_board):
                if where in owner:
                    found.add(where_loc, f"hex {hex_name(board, where)} is already '{owner[where]}'")
                elif where in marked:
                    found.add(where_loc, f"hex {hex_name(board, where)} is already marked (a hex has one ground)")
                owner.setdefault(where, terrain.id)


def hex_name(board: HexBoardComponent, where: tuple[int, int]) -> str:
    """The coordinate of the hex at (col, row) in the board's style."""
    return label(board, Hex(0, 0, *where))


def check_on_board(
    board: HexBoardComponent, at: str, on_board: set[tuple[int, int]], loc: Loc, found: Findings
) -> None:
    if parse_at(at) not in on_board:
        found.add(loc, f"hex {at} is not on hex board '{board.id}' ({hex_range(board)})")


def hex_range(board: HexBoardComponent) -> str:
    """Where the hexes are: the columns and rows they take, and for a hexagon that its corners are missing."""
    cells = hexes(board)
    cols, rows = max(c.col for c in cells) + 1, max(c.row for c in cells) + 1
    first, last = Hex(0, 0, 0, 0), Hex(0, 0, cols - 1, rows - 1)
    where = f"{len(cells)} hexes from {label(board, first)} to {label(board, last)}"
    if board.shape == "hexagon":
        where += "; a hexagon leaves out the corners of that rectangle"
    return where


KIND = Kind(
    "hexboard",
    HexBoardComponent,
    layout,
    numbers,
    order=30,
    page_role="board",
    pieces=(PieceKind("hexboard", scale_critical=True), PieceKind("hex", scale_critical=True), *SPLIT_PIECES),
    checks=(check_hexes,),
    cell=lambda component: component.size,
    cell_outline=corners,
    room=room,
    messages=MESSAGES,
)
