"""A hex board's layout: hexes true to scale, flat-top or pointy-top, rows × columns or a hexagon of a radius.

A board larger than the paper is split into sheets of whole hexes with the square boards' plan
(``layout.sheetplan``): runs of columns and rows, the next sheet's first hexes repeated faintly as
the glue strip. Every hex is kept in axial coordinates (q, r); its centre follows from them and the
orientation, its printed coordinates (``0101`` or ``A1``, column then row) from the offset layout
(odd-q, even-q, odd-r, even-r).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from msgspec import Struct

from printkit import fonts
from printkit.base.errors import LayoutProblem
from printkit.base.records import replace
from printkit.kinds.hexboard.ground import hex_ground, hex_legend_height, hex_legend_items
from printkit.kinds.hexboard.model import HexBoardComponent, SpecialHex, Terrain
from printkit.kinds.hexboard.words import MESSAGES
from printkit.layout import sheetplan
from printkit.layout.board import (
    GAP,
    legend_page,
    legend_sheet,
    orientations,
    special_label,
)
from printkit.layout.context import Context, Paper
from printkit.layout.cutpath import CutPath, Point
from printkit.layout.icon_drawing import draw_named
from printkit.layout.marks import HEADER_HEIGHT, RULER_HEIGHT, piece_page_header, ruler_at, ruler_at_bottom
from printkit.layout.primitives import BLACK, CUT, Box, Item, Page, Path, Piece, Text

if TYPE_CHECKING:
    pass

COORD_PT = 5.5
COORD_COLOUR = "#666666"
NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))  # axial steps to the six neighbours


class Hex(Struct, frozen=True):
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


class Placed(Struct, frozen=True):
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


def perimeter(board: HexBoardComponent) -> set[tuple[int, int]]:
    """(col, row) of the hexes with fewer than six neighbours: the board's edge."""
    cells = hexes(board)
    axial = {(c.q, c.r) for c in cells}
    return {(c.col, c.row) for c in cells if any((c.q + dq, c.r + dr) not in axial for dq, dr in NEIGHBOURS)}


def marked_hexes(board: HexBoardComponent) -> set[tuple[int, int]]:
    """(col, row) of the shaded hexes: the listed ones, or those with fewer than six neighbours."""
    if board.marked == "perimeter":
        return perimeter(board)
    return {parse_at(at) for at in board.marked or []}


def terrain_hexes(board: HexBoardComponent, terrain: Terrain) -> set[tuple[int, int]]:
    """(col, row) of one terrain's hexes."""
    if terrain.at == "perimeter":
        return perimeter(board)
    return {parse_at(at) for at in terrain.at}


def terrain_map(board: HexBoardComponent) -> dict[tuple[int, int], Terrain]:
    """Each hex of a terrain and its terrain (the first that names it; the kit's check refuses two)."""
    found: dict[tuple[int, int], Terrain] = {}
    for terrain in board.terrain:
        for where in sorted(terrain_hexes(board, terrain)):
            found.setdefault(where, terrain)
    return found


def numbers(board: HexBoardComponent, paper: Paper) -> dict[str, float]:
    """{board.hexes}, {board.size}, {board.rows}, {board.cols}, {board.specials}, {board.free},
    {board.special_points}, {board.marked}, each special hex's value as {board.0304}, the
    special hexes with each icon as {board.specials.forest} and each terrain's hexes as
    {board.terrain.hills}."""
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
    for terrain in board.terrain:
        values[f"{p}.terrain.{terrain.id}"] = len(terrain_hexes(board, terrain))
    for special in board.specials:
        key = f"{p}.specials.{special.icon}"
        values[key] = values.get(key, 0) + 1
        if special.value is not None:
            values[f"{p}.{special.at}"] = special.value
    return values


def extra_height(board: HexBoardComponent, ctx: Context) -> float:
    """The page's height that is not hexes: title, legend and ruler, as a square board's."""
    return HEADER_HEIGHT + GAP + hex_legend_height(board, ctx) + GAP + RULER_HEIGHT


def oriented(board: HexBoardComponent, ctx: Context, grid: Placed) -> Context:
    """Portrait when the board fits there, else landscape, else a one-line refusal."""
    need_h = grid.height + extra_height(board, ctx)
    options = orientations(ctx)
    for option in options:
        if fits(board, option, grid):
            return option
    raise LayoutProblem(
        ("size",),
        f"hex board '{board.id}' does not fit on {ctx.paper.name}: its {len(grid.cells)} hexes of {board.size:g} mm "
        f"need {grid.width:.1f} × {need_h:.1f} mm with title and ruler ({ctx.content_width:.1f} × "
        f"{ctx.room_height:.1f} mm inside the margins, either way up); hexes of at most "
        f"{largest_size(board, grid, options):g} mm fit",
    )


def largest_size(board: HexBoardComponent, grid: Placed, options: list[Context]) -> float:
    """The largest hexes, to half a millimetre, with which the board fits one page either way up."""
    largest = max(
        board.size * min(o.content_width / grid.width, (o.room_height - extra_height(board, o)) / grid.height)
        for o in options
    )
    return math.floor(largest * 2) / 2


def room(board: HexBoardComponent, ctx: Context) -> str | None:
    """What ``validate`` says about a hex board split into sheets: how many and why (nothing about
    one that fits a page)."""
    grid = placed(board)
    if any(fits(board, option, grid) for option in orientations(ctx)):
        return None
    plan = plan_sheets(board, ctx, grid)
    side = "portrait" if plan.ctx.paper.width < plan.ctx.paper.height else "landscape"
    across, down = capacity(board, plan.ctx)
    return (
        f"hex board '{board.id}' takes {plan.sheets} sheets of {ctx.paper.name} ({len(plan.cols)} across × "
        f"{len(plan.rows)} down, {side}): its {len(grid.cells)} hexes of {board.size:g} mm need {grid.width:.1f} × "
        f"{grid.height + extra_height(board, ctx):.1f} mm with title and ruler and a page holds "
        f"{ctx.content_width:.1f} × {ctx.room_height:.1f} mm inside the margins, so a sheet takes at most "
        f"{across} columns × {down} rows of hexes and one more of each as its glue strip; hexes of at most "
        f"{largest_size(board, grid, orientations(ctx)):g} mm fit on one page"
    )


def fits(board: HexBoardComponent, ctx: Context, grid: Placed) -> bool:
    need_h = grid.height + extra_height(board, ctx)
    return grid.width <= ctx.content_width + 1e-6 and need_h <= ctx.room_height + 1e-6


def layout(board: HexBoardComponent, ctx: Context) -> list[Page]:
    """One page when the board fits (upright or turned), else sheets glued together along the hexes."""
    grid = placed(board)
    if not any(fits(board, option, grid) for option in orientations(ctx)):
        return split_pages(board, ctx, grid)
    ctx = oriented(board, ctx, grid)
    block_h = grid.height + extra_height(board, ctx)  # title, hexes, legend, ruler: one block, centred
    block_top = ctx.margin  # the heading where every page's stands (one page grid), the block under it
    left = ctx.margin + (ctx.content_width - grid.width) / 2
    top = block_top + HEADER_HEIGHT + GAP
    items: list[Item] = piece_page_header(
        ctx,
        ctx.tr(board.title) or board.id,
        ctx.tr.own(MESSAGES["hexboard_instruction"], size=f"{board.size:g}"),
        top=block_top,
    )
    shaded, terrains = marked_hexes(board), terrain_map(board)
    specials = {parse_at(s.at): s for s in board.specials}
    outline = corners(board)
    w, h = hex_box(board)
    pieces: list[Piece] = [Piece("hexboard", board.id, 1, left, top, grid.width, grid.height)]
    for cell, x, y in grid.cells:
        cx, cy = left + x + w / 2, top + y + h / 2
        points = tuple((cx + dx, cy + dy) for dx, dy in outline)
        items += hex_ground(points, (cell.col, cell.row) in shaded, terrains.get((cell.col, cell.row)))
        items += hex_contents(board, cell, cx, cy, specials.get((cell.col, cell.row)), ctx)
        pieces.append(hex_piece(board, cell, left + x, top + y, specials, shaded, terrains, ctx))
    items += hex_legend_items(board, left, top + grid.height + GAP, ctx)
    items += ruler_at(ctx, ctx.paper.width, block_top + block_h - RULER_HEIGHT)
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
        items.append(draw_named(special.icon, ctx.tr.icons, cx - icon / 2, cy - icon * 0.55, icon, BLACK, ctx.dpi))
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
    terrains: dict[tuple[int, int], Terrain],
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
    if (cell.col, cell.row) in terrains:
        extra.append(("terrain", terrains[(cell.col, cell.row)].id))
    return Piece("hex", board.id, 1, x, y, w, h, extra=tuple(extra), cut=CutPath("polygon", outline))


# --- a hex board larger than the paper: sheets glued together along the hexes -------------------


def capacity(board: HexBoardComponent, ctx: Context) -> tuple[int, int]:
    """How many columns and rows of hexes a sheet holds with one more of each (the glue strip the
    next sheet is laid on): k flat-top columns are (1.5 k + 0.5) R wide, m rows m + 0.5 hexes tall."""
    s, big = board.size, circumradius(board)
    # the legend is printed once, where a sheet has room (legend_sheet): no sheet keeps room for it
    wide, tall = ctx.content_width, ctx.room_height - extra_height(board, ctx) + hex_legend_height(board, ctx)
    if board.orientation == "flat":
        return math.floor((wide / big - 0.5) / 1.5 - 1 + 1e-6), math.floor(tall / s - 1.5 + 1e-6)
    return math.floor(wide / s - 1.5 + 1e-6), math.floor((tall / big - 0.5) / 1.5 - 1 + 1e-6)


def plan_sheets(board: HexBoardComponent, ctx: Context, grid: Placed) -> sheetplan.Plan:
    """The fewest sheets of whole hexes, upright before turned when they tie (as a square board's)."""
    cols = max(cell.col for cell, _, _ in grid.cells) + 1
    rows = max(cell.row for cell, _, _ in grid.cells) + 1
    plans = []
    for option in orientations(ctx):
        across, down = capacity(board, option)
        if across >= 1 and down >= 1:
            plans.append(sheetplan.Plan(option, sheetplan.balanced(rows, down), sheetplan.balanced(cols, across)))
    if not plans:
        raise LayoutProblem(
            ("size",),
            f"hex board '{board.id}': two hexes of {board.size:g} mm do not fit on a sheet of {ctx.paper.name} "
            f"({ctx.content_width:.1f} × {ctx.room_height:.1f} mm inside the margins); make the hexes smaller",
        )
    best = min(plans, key=lambda plan: plan.sheets)
    sheetplan.check_sheet_count(board.id, best)
    return best


def split_pages(board: HexBoardComponent, ctx: Context, grid: Placed) -> list[Page]:
    plan = plan_sheets(board, ctx, grid)
    joins = sheetplan.plan_joins(plan)
    places = [(band, column) for band in range(len(plan.rows)) for column in range(len(plan.cols))]
    top = plan.ctx.margin + HEADER_HEIGHT + GAP
    bottoms = [top + sheet_size(board, *sheet_hexes(grid, plan, band, column))[1] for band, column in places]
    height = hex_legend_height(board, plan.ctx)
    legend_at = legend_sheet(bottoms, height, plan.ctx)
    pages = [
        hex_sheet_page(board, grid, plan, joins, band, column, legend_at == number)
        for number, (band, column) in enumerate(places, 1)
    ]
    if height and legend_at is None:
        title = plan.ctx.tr(board.title) or board.id
        pages.append(
            legend_page(title, plan.ctx, lambda y: hex_legend_items(board, plan.ctx.margin, y, plan.ctx), board.id)
        )
    return pages


def sheet_size(
    board: HexBoardComponent, own: list[tuple[Hex, float, float]], strip: list[tuple[Hex, float, float]]
) -> tuple[float, float]:
    """The width and height of a sheet's hexes with its glue strip's."""
    w, h = hex_box(board)
    every = own + strip
    x0, y0 = min(x for _, x, _ in every), min(y for _, _, y in every)
    return max(x for _, x, _ in every) + w - x0, max(y for _, _, y in every) + h - y0


def sheet_hexes(
    grid: Placed, plan: sheetplan.Plan, band: int, column: int
) -> tuple[list[tuple[Hex, float, float]], list[tuple[Hex, float, float]]]:
    """The sheet's own hexes and those of the next column and row it carries as its glue strip."""
    rows, cols = plan.rows[band], plan.cols[column]
    more_cols = cols.stop + (1 if column + 1 < len(plan.cols) else 0)
    more_rows = rows.stop + (1 if band + 1 < len(plan.rows) else 0)
    own, strip = [], []
    for cell, x, y in grid.cells:
        if cell.col in cols and cell.row in rows:
            own.append((cell, x, y))
        elif cols.start <= cell.col < more_cols and rows.start <= cell.row < more_rows:
            strip.append((cell, x, y))
    return own, strip


def union_outline(centres: list[tuple[float, float]], outline: tuple[tuple[float, float], ...]) -> list[Point]:
    """The outline around touching hexes (centres in page mm): every hex side that no neighbour
    shares, chained into one loop, clockwise on the page like each hex's own corners."""
    sides: dict[tuple[tuple[float, float], tuple[float, float]], tuple[Point, Point]] = {}
    for cx, cy in centres:
        points = [(cx + dx, cy + dy) for dx, dy in outline]
        for a, b in zip(points, points[1:] + points[:1], strict=True):
            key_a, key_b = _key(a), _key(b)
            if (key_b, key_a) in sides:
                del sides[(key_b, key_a)]
            else:
                sides[(key_a, key_b)] = (a, b)
    following = {start: (end, point) for (start, end), (point, _) in sides.items()}
    loops: list[list[Point]] = []
    while following:
        start = next(iter(following))
        loop, at = [], start
        while at in following:
            at_next, point = following.pop(at)
            loop.append(point)
            at = at_next
        loops.append(loop)
    return max(loops, key=len) if loops else []


def _key(point: Point) -> tuple[float, float]:
    return round(point[0], 4), round(point[1], 4)


def hex_sheet_page(
    board: HexBoardComponent,
    grid: Placed,
    plan: sheetplan.Plan,
    joins: list[sheetplan.Join],
    band: int,
    column: int,
    legend: bool,
) -> Page:
    """A sheet of the split hex board; with ``legend``, the board's legend under its hexes."""
    ctx, number = plan.ctx, plan.number(band, column)
    own, strip = sheet_hexes(grid, plan, band, column)
    w, h = hex_box(board)
    every = own + strip
    x0, y0 = min(x for _, x, _ in every), min(y for _, _, y in every)
    x1, y1 = max(x for _, x, _ in every) + w, max(y for _, _, y in every) + h
    left = ctx.margin + (ctx.content_width - (x1 - x0)) / 2
    top = ctx.margin + HEADER_HEIGHT + GAP
    dx, dy = left - x0, top - y0  # board mm to page mm
    map_w = min(sheetplan.MAP_MAX_W, len(plan.cols) * sheetplan.MAP_CELL_W)
    title = ctx.tr.msg("board_sheet_title", title=ctx.tr(board.title) or board.id, n=number, total=plan.sheets)
    phrases = sheetplan.join_phrases(plan, joins, band, column, ctx)
    instruction = ctx.tr.own(MESSAGES["hex_sheet_instruction"], joins="; ".join(phrases), size=f"{board.size:g}")
    items: list[Item] = piece_page_header(ctx, title, instruction, ctx.content_width - map_w - 4.0)
    items += sheetplan.map_items(plan, band, column, ctx.margin + ctx.content_width - map_w, ctx.margin, map_w)
    shaded, terrains = marked_hexes(board), terrain_map(board)
    specials = {parse_at(s.at): s for s in board.specials}
    outline = corners(board)
    for cell, x, y in strip:
        cx, cy = x + dx + w / 2, y + dy + h / 2
        fill = sheetplan.FAINT_MARK if (cell.col, cell.row) in shaded else sheetplan.GLUE_FILL
        items.append(Path(tuple((cx + ox, cy + oy) for ox, oy in outline), sheetplan.FAINT_LINE, fill))
    pieces: list[Piece] = []
    for cell, x, y in own:
        cx, cy = x + dx + w / 2, y + dy + h / 2
        points = tuple((cx + ox, cy + oy) for ox, oy in outline)
        items += hex_ground(points, (cell.col, cell.row) in shaded, terrains.get((cell.col, cell.row)))
        items += hex_contents(board, cell, cx, cy, specials.get((cell.col, cell.row)), ctx)
        row = hex_piece(board, cell, x + dx, y + dy, specials, shaded, terrains, ctx)
        pieces.append(replace(row, copy=number, extra=row.extra + (("sheet", number),)))
    cut = union_outline([(x + dx + w / 2, y + dy + h / 2) for _, x, y in every], outline)
    items.append(Path(tuple(cut), CUT))
    items += hex_join_letters(board, grid, plan, joins, band, column, (dx, dy))
    if legend:
        items += hex_legend_items(board, left, top + (y1 - y0) + GAP, ctx)
    items += ruler_at_bottom(ctx, ctx.paper.width, ctx.paper.height)
    sheet_box = Box(left, top, x1 - x0, y1 - y0)
    relative = tuple((px - sheet_box.x, py - sheet_box.y) for px, py in cut)
    head = [
        Piece(
            "board_sheet",
            board.id,
            number,
            sheet_box.x,
            sheet_box.y,
            sheet_box.w,
            sheet_box.h,
            extra=(("sheet", number), ("sheets", plan.sheets), ("across", column + 1), ("down", band + 1)),
            cut=CutPath("polygon", relative) if len(relative) >= 3 else CutPath(),
        ),
        Piece(
            "hexboard",
            board.id,
            number,
            sheet_box.x,
            sheet_box.y,
            sheet_box.w,
            sheet_box.h,
            extra=(("sheet", number), ("board_x", x0), ("board_y", y0)),  # the sheet's place in the board
        ),
    ]
    head += hex_join_pieces(board, plan, joins, band, column, strip, (dx, dy))
    return Page(ctx.paper.width, ctx.paper.height, "board", board.id, tuple(items), tuple(head + pieces))


def hex_join_letters(
    board: HexBoardComponent,
    grid: Placed,
    plan: sheetplan.Plan,
    joins: list[sheetplan.Join],
    band: int,
    column: int,
    shift: tuple[float, float],
) -> list[Item]:
    """Each join's letter in the first hex of the next sheet: on the faint copy in this sheet's strip
    and low in the real hex on the sheet laid on it, so the two sheets' letters meet."""
    w, h = hex_box(board)
    items: list[Item] = []
    for join in joins:
        if (band, column) not in (join.under, join.over):
            continue
        over_rows, over_cols = plan.rows[join.over[0]], plan.cols[join.over[1]]
        seam = [(cell, x, y) for cell, x, y in grid.cells if cell.col in over_cols and cell.row in over_rows]
        if join.edge == "right":
            seam = [entry for entry in seam if entry[0].col == over_cols.start]
        else:
            seam = [entry for entry in seam if entry[0].row == over_rows.start]
        if not seam:
            continue
        cell, x, y = seam[len(seam) // 2]
        cx, cy = x + shift[0] + w / 2, y + shift[1] + h / 2
        size = sheetplan.STRIP_LETTER_PT
        items.append(
            Text(cx, cy + board.size * 0.38, join.letter, size, bold=True, align="center", color=sheetplan.SEAM_MARK)
        )
    return items


def hex_join_pieces(
    board: HexBoardComponent,
    plan: sheetplan.Plan,
    joins: list[sheetplan.Join],
    band: int,
    column: int,
    strip: list[tuple[Hex, float, float]],
    shift: tuple[float, float],
) -> list[Piece]:
    """A manifest row per glue strip: the next sheet's hexes this one carries (box and outline)."""
    w, h = hex_box(board)
    rows = []
    for index, join in enumerate(joins):
        if join.under != (band, column):
            continue
        over_rows, over_cols = plan.rows[join.over[0]], plan.cols[join.over[1]]
        cells = [(x, y) for cell, x, y in strip if cell.col in over_cols and cell.row in over_rows]
        if not cells:
            continue
        x0, y0 = min(x for x, _ in cells), min(y for _, y in cells)
        x1, y1 = max(x for x, _ in cells) + w, max(y for _, y in cells) + h
        extra = (
            ("letter", join.letter),
            ("sheet", plan.number(band, column)),
            ("onto", plan.number(*join.over)),
            ("edge", join.edge),
            ("board_x", x0),
            ("board_y", y0),
        )
        # its outline is the strip's hexes', so it does not share paper with the sheet's own hexes
        edge = union_outline([(x - x0 + w / 2, y - y0 + h / 2) for x, y in cells], corners(board))
        cut = CutPath("polygon", tuple(edge))
        rows.append(
            Piece("join", board.id, index + 1, x0 + shift[0], y0 + shift[1], x1 - x0, y1 - y0, extra=extra, cut=cut)
        )
    return rows
