"""Boards larger than the paper: split along cell boundaries into sheets that are glued together.

A sheet holds whole cells only (never part of a cell, so never part of an icon or a label) and keeps
the whole board's coordinates. A sheet with a neighbour to its right or below carries a glue strip
(``board.glue`` wide) that repeats, faintly, the neighbour's first cells; the neighbour is cut along
its grid edge and laid on the strip, so its grid continues the strip's exactly. Joins are lettered
A, B, ... with a triangle on each side meeting at the seam, and every sheet shows where it goes in a
small map of the sheets. Each sheet's cut-out (its part, its coordinate bands and its strips) is a
``board_sheet`` piece with a cut outline; its part of the grid is the ``board`` piece, whose
``board_x``/``board_y`` say where the part lies in the whole board.
"""

from __future__ import annotations

import math

from msgspec import Struct

from printkit import fonts
from printkit.base.errors import LayoutProblem
from printkit.base.records import replace
from printkit.kinds.board import edgetrack
from printkit.kinds.board.model import BoardComponent
from printkit.kinds.board.words import MESSAGES
from printkit.layout.board import (
    COORD_BAND,
    FRAME,
    GAP,
    GRID_LINE,
    background_items,
    cell_pieces,
    coordinate_items,
    dressing,
    extent,
    fitting,
    largest_cell,
    legend_height,
    legend_items,
    legend_page,
    legend_sheet,
    marked_cells,
    marked_items,
    orientations,
    ring_depths,
    special_items,
)
from printkit.layout.board import layout as one_page
from printkit.layout.context import Context
from printkit.layout.marks import HEADER_HEIGHT, piece_page_header, ruler_at_bottom
from printkit.layout.primitives import CUT, Box, Item, Line, Page, Path, Piece, Rect, Text
from printkit.layout.sheetplan import (
    FAINT_LINE,
    FAINT_MARK,
    GLUE_FILL,
    MAP_CELL_W,
    MAP_MAX_W,
    SEAM_MARK,
    STRIP_LETTER_PT,
    Join,
    Limits,
    Plan,
    check_sheet_count,
    ended,
    join_phrases,
    map_items,
    plan_joins,
)

TRIANGLE = 3.5  # mm from the triangle's base to its tip, at the seam
JOIN_LETTER_PT = 8.0


def layout_board(board: BoardComponent, ctx: Context) -> list[Page]:
    """One page when the board fits (portrait or landscape), else glue-together sheets, unless
    the kit says ``split: false`` (then the one-page layout refuses it, saying by how much)."""
    if fitting(board, ctx) is not None or not board.split:
        return [with_ring(board, page, ctx) for page in one_page(board, ctx)]
    plan = plan_sheets(board, ctx)
    check_sheet_count(board.id, plan)
    joins = plan_joins(plan)
    places = [(band, column) for band in range(len(plan.rows)) for column in range(len(plan.cols))]
    bottoms = [place_sheet(board, plan, band, column).outline.bottom for band, column in places]
    height = legend_height(board, plan.ctx)
    legend_at = legend_sheet(bottoms, height, plan.ctx)
    pages = [
        sheet_page(board, plan, joins, band, column, legend_at == number)
        for number, (band, column) in enumerate(places, 1)
    ]
    if height and legend_at is None:
        title = plan.ctx.tr(board.title) or board.id
        pages.append(
            legend_page(title, plan.ctx, lambda top: legend_items(board, plan.ctx.margin, top, plan.ctx), board.id)
        )
    return pages


def with_ring(board: BoardComponent, page: Page, ctx: Context) -> Page:
    """A one-page board's page with the track around its edge, if it has one (its ``board`` row
    says where the grid's corner is)."""
    if board.track is None:
        return page
    grid = next(piece for piece in page.pieces if piece.kind == "board")
    spaces = edgetrack.ring(board)
    drawn = edgetrack.items(board, spaces, (grid.x, grid.y), ctx)
    rows = edgetrack.pieces(board, spaces, (grid.x, grid.y))
    return replace(page, items=page.items + tuple(drawn), pieces=page.pieces + tuple(rows))


def cuts(plan: Plan, board: BoardComponent) -> tuple[list[float], list[float]]:
    """Where the sheets meet, in board mm across and down: no space of a track may straddle them."""
    return [run.start * board.cell_w for run in plan.cols[1:]], [run.start * board.cell_h for run in plan.rows[1:]]


def run_limits(room: float, before: float, after: float, glue: float, cell: float) -> Limits:
    """How many cells a run of sheets holds in ``room`` mm by its place: the outer sheets carry the
    board's band before (coordinates, the track's side) or after it, every sheet but the last a
    glue strip."""

    def most(length: float) -> int:
        return max(0, math.floor(length / cell + 1e-6))

    return Limits(most(room - before - after), most(room - before - glue), most(room - glue), most(room - after))


def limits_on(board: BoardComponent, ctx: Context) -> tuple[Limits, Limits]:
    """How many cells the runs of sheets hold across and down on ``ctx``'s paper."""
    need = extent(board, ctx)
    before, above, after, below = dressing(board, ctx)
    fixed_h = need.extra_h - legend_height(board, ctx) - above - below  # title, ruler: on every sheet
    across = run_limits(ctx.content_width, before, after, board.glue, board.cell_w)
    return across, run_limits(ctx.room_height - fixed_h, above, below, board.glue, board.cell_h)


def plan_on(board: BoardComponent, ctx: Context) -> Plan | None:
    """The split on ``ctx``'s paper: the fewest runs across and down, each sheet holding as many
    cells as its own bands leave room for (a sheet inside the board carries no track), or None."""
    across, down = limits_on(board, ctx)
    cols, rows = ended(board.cols, across), ended(board.rows, down)
    return Plan(ctx, rows, cols) if cols is not None and rows is not None else None


def plan_sheets(board: BoardComponent, ctx: Context) -> Plan:
    """The split with the fewest sheets, portrait before landscape when they tie."""
    plans = [plan for plan in (plan_on(board, option) for option in orientations(ctx)) if plan is not None]
    if not plans:
        raise LayoutProblem(
            ("cell",),
            f"board '{board.id}': one cell of {board.cell_size} mm with its {board.glue:g} mm glue strip does not "
            f"fit on a sheet of {ctx.paper.name} ({ctx.content_width:.1f} × {ctx.room_height:.1f} mm inside the "
            "margins, less the title and the ruler); make the cells smaller",
        )
    return min(plans, key=lambda plan: plan.sheets)


def room(board: BoardComponent, ctx: Context) -> str | None:
    """What ``validate`` says about a board split into sheets: how many and why (nothing about a
    board that fits one page; one too big with ``split: false`` is refused before this is asked)."""
    need = extent(board, ctx)
    if fitting(board, ctx) is not None or not board.split:
        return None
    plan = plan_sheets(board, ctx)
    side = "portrait" if plan.ctx.paper.width < plan.ctx.paper.height else "landscape"
    across, down = (limits.first for limits in limits_on(board, plan.ctx))
    return (
        f"board '{board.id}' takes {plan.sheets} sheets of {ctx.paper.name} ({len(plan.cols)} across × "
        f"{len(plan.rows)} down, {side}): it needs {need.width:.1f} × {need.height:.1f} mm and a page holds "
        f"{ctx.content_width:.1f} × {ctx.room_height:.1f} mm inside the margins, so the first sheet takes at most "
        f"{across} × {down} cells of {board.cell_size} mm with a {board.glue:g} mm glue strip; cells of at most "
        f"{largest_cell(board, need, orientations(ctx)):g} mm fit on one page"
    )


class Sheet(Struct, frozen=True):
    """One sheet of a split board on its page: where its part of the grid lies, and its strips."""

    board: BoardComponent
    rows: range
    cols: range
    left: float  # page mm of the part's top-left corner
    top: float
    band_left: float  # the coordinate bands kept on the board's outer edges
    band_top: float
    strip_right: float  # the glue strips for the neighbours to the right and below
    strip_below: float
    ring_right: float = 0.0  # a track around the board: its right and bottom sides on the outer sheets
    ring_bottom: float = 0.0

    @property
    def part(self) -> Box:
        return Box(self.left, self.top, len(self.cols) * self.board.cell_w, len(self.rows) * self.board.cell_h)

    @property
    def outline(self) -> Box:
        """What is cut out: the part, its coordinate bands and its glue strips."""
        part = self.part
        return Box(
            part.x - self.band_left,
            part.y - self.band_top,
            self.band_left + part.w + self.ring_right + self.strip_right,
            self.band_top + part.h + self.ring_bottom + self.strip_below,
        )

    @property
    def region(self) -> tuple[float, float, float, float]:
        """The sheet's own part of the board with the track's sides it carries, in board mm."""
        cw, ch, ring = self.board.cell_w, self.board.cell_h, ring_depths(self.board)
        x0 = self.cols.start * cw - (ring.left if self.band_left else 0.0)
        y0 = self.rows.start * ch - (ring.top if self.band_top else 0.0)
        return x0, y0, self.cols.stop * cw + self.ring_right, self.rows.stop * ch + self.ring_bottom

    def page_x(self, board_x: float) -> float:
        """The page position of a point ``board_x`` mm from the whole board's left edge."""
        return self.left + board_x - self.cols.start * self.board.cell_w

    def page_y(self, board_y: float) -> float:
        return self.top + board_y - self.rows.start * self.board.cell_h


def place_sheet(board: BoardComponent, plan: Plan, band: int, column: int) -> Sheet:
    ctx = plan.ctx
    rows, cols = plan.rows[band], plan.cols[column]
    coords, ring = (COORD_BAND if board.coordinates else 0.0), ring_depths(board)
    band_left, band_top = (coords + ring.left if column == 0 else 0.0), (coords + ring.top if band == 0 else 0.0)
    strip_right = board.glue if column + 1 < len(plan.cols) else 0.0
    strip_below = board.glue if band + 1 < len(plan.rows) else 0.0
    ring_right = ring.right if column + 1 == len(plan.cols) else 0.0
    ring_bottom = ring.bottom if band + 1 == len(plan.rows) else 0.0
    width = band_left + len(cols) * board.cell_w + ring_right + strip_right
    left = ctx.margin + (ctx.content_width - width) / 2 + band_left
    top = ctx.margin + HEADER_HEIGHT + GAP + band_top
    return Sheet(board, rows, cols, left, top, band_left, band_top, strip_right, strip_below, ring_right, ring_bottom)


def sheet_page(board: BoardComponent, plan: Plan, joins: list[Join], band: int, column: int, legend: bool) -> Page:
    """A sheet of the split board; with ``legend``, the board's legend under its part."""
    ctx, number = plan.ctx, plan.number(band, column)
    sheet = place_sheet(board, plan, band, column)
    part, outline = sheet.part, sheet.outline
    origin_x, origin_y = sheet.page_x(0.0), sheet.page_y(0.0)  # where cell A1's corner is, on or off the page
    ring = ring_depths(board)
    window = (sheet.rows, sheet.cols)
    map_w = min(MAP_MAX_W, len(plan.cols) * MAP_CELL_W)
    title = ctx.tr.msg("board_sheet_title", title=ctx.tr(board.title) or board.id, n=number, total=plan.sheets)
    instruction = ctx.tr.own(
        MESSAGES["board_sheet_instruction"],
        joins="; ".join(join_phrases(plan, joins, band, column, ctx)),
        cell=board.cell_size,
    )
    items: list[Item] = piece_page_header(ctx, title, instruction, ctx.content_width - map_w - 4.0)
    items += map_items(plan, band, column, ctx.margin + ctx.content_width - map_w, ctx.margin, map_w)
    items += background_items(board, ctx, (origin_x - ring.left, origin_y - ring.top), sheet_picture(sheet))
    items += strip_items(sheet)
    spaces = edgetrack.ring(board, *cuts(plan, board))
    items += strip_ring_items(sheet, spaces)
    if spaces:
        items += edgetrack.items(board, spaces, (origin_x, origin_y), ctx, sheet.region)
    items += marked_items(board, origin_x, origin_y, window)
    items += special_items(board, origin_x, origin_y, ctx, window)
    items += part_grid(sheet, band, column, plan)
    if board.coordinates:
        items += coordinate_items(
            board, origin_x, origin_y, sheet.cols if band == 0 else range(0), sheet.rows if column == 0 else range(0)
        )
    items += seam_marks(plan, joins, band, column, sheet)
    items.append(Rect(outline.x, outline.y, outline.w, outline.h, CUT))
    if legend:
        items += legend_items(board, part.x, outline.bottom + GAP, ctx)
    items += ruler_at_bottom(ctx, ctx.paper.width, ctx.paper.height)
    pieces = (
        Piece(
            "board_sheet",
            board.id,
            number,
            outline.x,
            outline.y,
            outline.w,
            outline.h,
            extra=(("sheet", number), ("sheets", plan.sheets), ("across", column + 1), ("down", band + 1)),
        ),
        Piece(
            "board",
            board.id,
            number,
            part.x,
            part.y,
            part.w,
            part.h,
            extra=(
                ("sheet", number),
                ("board_x", sheet.cols.start * board.cell_w),
                ("board_y", sheet.rows.start * board.cell_h),
            ),
        ),
        *join_pieces(plan, joins, band, column, sheet),
        *cell_pieces(board, origin_x, origin_y, ctx, window, sheet=number),
        *(edgetrack.pieces(board, spaces, (origin_x, origin_y), sheet.region, number) if spaces else ()),
    )
    return Page(ctx.paper.width, ctx.paper.height, "board", board.id, tuple(items), pieces)


def sheet_picture(sheet: Sheet) -> Box:
    """Where a sheet prints its part of the board's picture (page mm): its own part with the track's
    sides it carries, and the bleed past the board's outer edges it has (none at a join)."""
    x0, y0, x1, y1 = sheet.region
    bleed = sheet.board.image_bleed
    x0 -= bleed if sheet.band_left else 0.0
    y0 -= bleed if sheet.band_top else 0.0
    x1 += bleed if not sheet.strip_right else 0.0
    y1 += bleed if not sheet.strip_below else 0.0
    return Box(sheet.page_x(x0), sheet.page_y(y0), x1 - x0, y1 - y0)


def strip_items(sheet: Sheet) -> list[Item]:
    """Each glue strip (and the corner both strips share): a light fill under a faint copy of the
    neighbour's grid lines and shaded cells there."""
    cw, ch = sheet.board.cell_w, sheet.board.cell_h
    x0, x1 = sheet.cols.start * cw, sheet.cols.stop * cw
    y0, y1 = sheet.rows.start * ch, sheet.rows.stop * ch
    regions = []
    if sheet.strip_right:
        regions.append((x1, y0, x1 + sheet.strip_right, y1 + sheet.strip_below))
    if sheet.strip_below:
        regions.append((x0, y1, x1, y1 + sheet.strip_below))
    items: list[Item] = []
    for bx0, by0, bx1, by1 in regions:
        items.append(Rect(sheet.page_x(bx0), sheet.page_y(by0), bx1 - bx0, by1 - by0, None, GLUE_FILL))
        items += faint_marks(sheet, (bx0, by0, bx1, by1))
        items += faint_lines(sheet, (bx0, by0, bx1, by1))
    return items


def strip_regions(sheet: Sheet) -> list[tuple[float, float, float, float]]:
    """Each glue strip's region in board mm, reaching over the track's sides the sheet carries."""
    x0, y0, x1, y1 = sheet.region
    right, bottom = sheet.cols.stop * sheet.board.cell_w, sheet.rows.stop * sheet.board.cell_h
    regions = []
    if sheet.strip_right:
        regions.append((right, y0, right + sheet.strip_right, y1 + sheet.strip_below))
    if sheet.strip_below:
        regions.append((x0, bottom, x1, bottom + sheet.strip_below))
    return regions


def strip_ring_items(sheet: Sheet, spaces: list[edgetrack.RingSpace]) -> list[Item]:
    """On a board with a track, the glue strips' part over the ring: a light fill under a faint
    copy of the next sheet's spaces."""
    if not spaces:
        return []
    origin = (sheet.page_x(0.0), sheet.page_y(0.0))
    items: list[Item] = []
    for px0, py0, px1, py1 in over_ring(sheet):
        items.append(Rect(origin[0] + px0, origin[1] + py0, px1 - px0, py1 - py0, None, GLUE_FILL))
    for region in strip_regions(sheet):
        items += edgetrack.faint_items(spaces, origin, region)
    return items


def over_ring(sheet: Sheet) -> list[tuple[float, float, float, float]]:
    """Where the glue strips reach over the track's sides beyond the grid (board mm): the right
    strip above and below the grid, the bottom strip left and right of it."""
    x0, y0, x1, y1 = sheet.region
    cw, ch = sheet.board.cell_w, sheet.board.cell_h
    gx0, gy0, gx1, gy1 = sheet.cols.start * cw, sheet.rows.start * ch, sheet.cols.stop * cw, sheet.rows.stop * ch
    parts = []
    if sheet.strip_right:
        if y0 < gy0:
            parts.append((gx1, y0, gx1 + sheet.strip_right, gy0))
        if sheet.ring_bottom:
            parts.append((gx1, gy1, gx1 + sheet.strip_right, y1))
    if sheet.strip_below:
        if x0 < gx0:
            parts.append((x0, gy1, gx0, gy1 + sheet.strip_below))
        if sheet.ring_right:
            parts.append((gx1, gy1, x1, gy1 + sheet.strip_below))
    return parts


def faint_marks(sheet: Sheet, region: tuple[float, float, float, float]) -> list[Item]:
    """The part of each shaded cell inside ``region`` (board mm), faintly."""
    cw, ch, (bx0, by0, bx1, by1) = sheet.board.cell_w, sheet.board.cell_h, region
    items: list[Item] = []
    for row, col in sorted(set(marked_cells(sheet.board))):
        left, top = max(bx0, col * cw), max(by0, row * ch)
        right, bottom = min(bx1, (col + 1) * cw), min(by1, (row + 1) * ch)
        if right - left > 1e-6 and bottom - top > 1e-6:
            items.append(Rect(sheet.page_x(left), sheet.page_y(top), right - left, bottom - top, None, FAINT_MARK))
    return items


def faint_lines(sheet: Sheet, region: tuple[float, float, float, float]) -> list[Item]:
    """The whole board's grid lines (its frame included) inside ``region`` (board mm), faintly; those
    on the seam lie under the part's own line."""
    board, (bx0, by0, bx1, by1) = sheet.board, region
    cw, ch = board.cell_w, board.cell_h
    items: list[Item] = []
    for row in range(board.rows + 1):
        if by0 - 1e-6 <= row * ch <= by1 + 1e-6:
            y = sheet.page_y(row * ch)
            items.append(Line(sheet.page_x(bx0), y, sheet.page_x(bx1), y, FAINT_LINE))
    for col in range(board.cols + 1):
        if bx0 - 1e-6 <= col * cw <= bx1 + 1e-6:
            x = sheet.page_x(col * cw)
            items.append(Line(x, sheet.page_y(by0), x, sheet.page_y(by1), FAINT_LINE))
    return items


def part_grid(sheet: Sheet, band: int, column: int, plan: Plan) -> list[Item]:
    """The grid lines of the sheet's part: inner lines thin, the edges the whole board's frame is
    made of heavy, and the seams thin (a grid line where the next sheet's grid continues)."""
    part, cw, ch = sheet.part, sheet.board.cell_w, sheet.board.cell_h
    items: list[Item] = [
        Line(part.x, part.y + r * ch, part.right, part.y + r * ch, GRID_LINE) for r in range(1, len(sheet.rows))
    ]
    items += [Line(part.x + c * cw, part.y, part.x + c * cw, part.bottom, GRID_LINE) for c in range(1, len(sheet.cols))]
    edges = (
        (part.x, part.y, part.right, part.y, band == 0),
        (part.x, part.bottom, part.right, part.bottom, band + 1 == len(plan.rows)),
        (part.x, part.y, part.x, part.bottom, column == 0),
        (part.right, part.y, part.right, part.bottom, column + 1 == len(plan.cols)),
    )
    items += [Line(x1, y1, x2, y2, FRAME if outer else GRID_LINE) for x1, y1, x2, y2, outer in edges]
    return items


def seam_position(cells: range, cell: float) -> float:
    """Board mm along a seam where its marks go: a boundary between two cells near the middle (clear
    of the icons and labels in the cells), or the middle of a lone cell."""
    if len(cells) > 1:
        return (cells.start + len(cells) // 2) * cell
    return (cells.start + 0.5) * cell


def seam_marks(plan: Plan, joins: list[Join], band: int, column: int, sheet: Sheet) -> list[Item]:
    """At each seam of this sheet a triangle whose tip touches the seam and the join's letter beside
    it (the sheet on the other side has the mirror one: the two tips meet), and the letter in the
    middle of each glue strip."""
    cw, ch, part = sheet.board.cell_w, sheet.board.cell_h, sheet.part
    items: list[Item] = []
    for join in joins:
        if (band, column) not in (join.under, join.over):
            continue
        under = join.under == (band, column)
        if join.edge == "right":
            y = sheet.page_y(seam_position(sheet.rows, ch))
            x = part.right if under else part.x
            items += seam_triangle(x, y, -1.0 if under else 1.0, 0.0, join.letter)
            if under and sheet.strip_right >= TRIANGLE + 2.0:
                items.append(strip_letter(part.right + sheet.strip_right / 2, part.y + ch / 2, join.letter))
        else:
            x = sheet.page_x(seam_position(sheet.cols, cw))
            y = part.bottom if under else part.y
            items += seam_triangle(x, y, 0.0, -1.0 if under else 1.0, join.letter)
            if under and sheet.strip_below >= TRIANGLE + 2.0:
                items.append(strip_letter(part.x + cw / 2, part.bottom + sheet.strip_below / 2, join.letter))
    return items


def seam_triangle(x: float, y: float, dx: float, dy: float, name: str) -> list[Item]:
    """A triangle with its tip at (x, y) on the seam, lying on the side (dx, dy) points to, on the grid
    line that crosses the seam there, and the join's letter beside it, clear of that line."""
    half = TRIANGLE / 2
    base_x, base_y = x + dx * TRIANGLE, y + dy * TRIANGLE
    points = ((x, y), (base_x - dy * half, base_y + dx * half), (base_x + dy * half, base_y - dx * half))
    cap = fonts.cap_height(JOIN_LETTER_PT)
    if dy == 0:  # a vertical seam: the letter above the horizontal grid line, beside the triangle
        text = Text(x + dx * (TRIANGLE / 2), y - half - 0.8, name, JOIN_LETTER_PT, bold=True, align="center")
    else:  # a horizontal seam: the letter right of the vertical grid line
        text = Text(x + half + 0.8, y + dy * TRIANGLE / 2 + cap / 2, name, JOIN_LETTER_PT, bold=True)
    return [Path(points, None, SEAM_MARK), replace(text, color=SEAM_MARK)]


def strip_letter(x: float, y: float, name: str) -> Text:
    cap = fonts.cap_height(STRIP_LETTER_PT)
    return Text(x, y + cap / 2, name, STRIP_LETTER_PT, bold=True, align="center", color="#9a9a9a")


def join_pieces(plan: Plan, joins: list[Join], band: int, column: int, sheet: Sheet) -> list[Piece]:
    """A manifest row per glue strip on this sheet: its letter, the sheet laid on it and where the
    strip lies in the whole board (its grid is that sheet's, from ``board_x``/``board_y``)."""
    part, cw, ch = sheet.part, sheet.board.cell_w, sheet.board.cell_h
    rows = []
    for index, join in enumerate(joins):
        if join.under != (band, column):
            continue
        if join.edge == "right":
            box = Box(part.right, part.y, sheet.strip_right, part.h)
            board_at = (sheet.cols.stop * cw, sheet.rows.start * ch)
        else:
            box = Box(part.x, part.bottom, part.w, sheet.strip_below)
            board_at = (sheet.cols.start * cw, sheet.rows.stop * ch)
        rows.append(
            Piece(
                "join",
                sheet.board.id,
                index + 1,
                box.x,
                box.y,
                box.w,
                box.h,
                extra=(
                    ("letter", join.letter),
                    ("sheet", plan.number(band, column)),
                    ("onto", plan.number(*join.over)),
                    ("edge", join.edge),
                    ("board_x", board_at[0]),
                    ("board_y", board_at[1]),
                ),
            )
        )
    return rows
