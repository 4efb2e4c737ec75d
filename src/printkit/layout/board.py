"""Boards: a square grid true to scale, special cells with an icon and a label, shaded cells,
optional coordinates, a legend and the calibration ruler. Landscape when only landscape fits.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from msgspec import Struct

from printkit import fonts
from printkit.base.errors import LayoutProblem
from printkit.base.records import replace
from printkit.kit.kinds import PieceKind
from printkit.layout import paragraph
from printkit.layout.context import Context, Paper
from printkit.layout.icon_drawing import draw_named
from printkit.layout.marks import HEADER_HEIGHT, RULER_HEIGHT, piece_page_header, ruler_at, tinted
from printkit.layout.patterns import clipped_lines, diagonals, wave_items
from printkit.layout.primitives import BLACK, Box, Group, Image, Item, Line, Page, Piece, Rect, RichText, Stroke, Text
from printkit.pictures.limits import PRINT_DPI

# The pieces of a board split over sheets, square or hex: both kinds declare them, so that a kit with
# either one alone (whose build loads only the kinds it names) cuts its sheets out.
SPLIT_PIECES = (
    PieceKind("board_sheet", scale_critical=True, cut=True),  # a sheet of a split board, cut out
    PieceKind("join", scale_critical=True),  # a split board's glue strip
)

if TYPE_CHECKING:
    from printkit.kinds.board.model import BoardComponent

GRID_LINE = Stroke(width=0.35)
FRAME = Stroke(width=0.9)
MARK_FILL = "#e2e2e2"
MARK_TINT = 0.22  # a dressed board's shaded cells: a wash of the theme's accent
MARK_HATCH = Stroke(color="#9a9a9a", width=0.2)
MARK_HATCH_STEP = 2.4  # mm across, between a shaded cell's diagonals
COORD_BAND = 6.0
COORD_PT = 9.0
COORD_PAD = 1.4  # mm of the coordinate band free on its outer side (a dressed board's frame may take it)
LEGEND_LINE = 6.5
GAP = 4.0
TITLE_BAND = 11.0  # mm under a dressed board's grid for the game's title
BOARD_TITLE_PT = 14.0
FRAME_LINE = {"line": 0.6, "double": 0.6, "band": 2.5}  # mm: the frame's (outer) line
FRAME_ROOM = {"line": 1.4, "double": 2.6, "band": 3.4}  # mm inside the edge the frame takes, text kept clear
DRESS_EDGE = 8.0  # mm: the nearest a dressed board's ground and frame come to the paper's edge
DOUBLE_GAP = 1.2  # mm from the double frame's outer line to its inner one
CORNER_EXTRA = 1.2  # mm a frame's corner square reaches past the room the frame takes
SPECIAL_TINT = 0.16  # a dressed board's special cells: a wash of the theme's accent under the icon


def coordinate(row: int, col: int) -> str:
    """'C3' for row 2, column 2 (both from 0): column letter, then row number from the top."""
    return f"{chr(ord('A') + col)}{row + 1}"


def cell_of(at: str) -> tuple[int, int]:
    """(row, col) from 0 for a coordinate such as 'C3'."""
    return int(at[1:]) - 1, ord(at[0]) - ord("A")


def marked_cells(board: BoardComponent) -> list[tuple[int, int]]:
    if board.marked == "perimeter":
        return [
            (r, c)
            for r in range(board.rows)
            for c in range(board.cols)
            if r in (0, board.rows - 1) or c in (0, board.cols - 1)
        ]
    return [cell_of(at) for at in board.marked or []]


def numbers(board: BoardComponent, paper: Paper) -> dict[str, float]:
    """{board.rows}, {board.cols}, {board.cells}, {board.cell}, {board.specials}, {board.free},
    {board.special_points}, {board.marked}, each special cell's value as {board.C3}, the
    special cells with each icon as {board.specials.lighthouse}, and the board's outer
    {board.width} and {board.height} in mm (its grid and the track around it)."""
    p = board.id
    cells = board.rows * board.cols
    values: dict[str, float] = {
        f"{p}.rows": board.rows,
        f"{p}.cols": board.cols,
        f"{p}.cells": cells,
        f"{p}.cell": board.cell_w,
        f"{p}.cell_height": board.cell_h,
        f"{p}.specials": len(board.specials),
        f"{p}.free": cells - len({s.at for s in board.specials}),
        f"{p}.special_points": sum(s.value or 0 for s in board.specials),
        f"{p}.marked": len(set(marked_cells(board))),
    }
    values[f"{p}.width"], values[f"{p}.height"] = board.outer_size  # its grid and the track around it
    for special in board.specials:
        key = f"{p}.specials.{special.icon}"
        values[key] = values.get(key, 0) + 1
        if special.value is not None:
            values[f"{p}.{special.at}"] = special.value
    return values


class Extent(Struct, frozen=True):
    """How much room the board page's content needs, and how much of it is not the grid."""

    width: float
    height: float
    extra_w: float
    extra_h: float


class Ring(Struct, frozen=True):
    """How far a track around the board reaches out of the grid on each side, in mm (0 without one)."""

    top: float = 0.0
    right: float = 0.0
    bottom: float = 0.0
    left: float = 0.0


def ring_depths(board: BoardComponent) -> Ring:
    """The track's depth on each side (kinds.board.edgetrack): its ``depth``, else ``space`` all round."""
    return Ring(*board.ring_sides)


def extent(board: BoardComponent, ctx: Context) -> Extent:
    coords = COORD_BAND if board.coordinates else 0.0
    _, top, _, bottom = dressing(board, ctx)
    legend = legend_height(board, ctx)
    ring = ring_depths(board)
    extra_w = coords + ring.left + ring.right  # a dressed board's side bands may reach into the margins
    extra_h = HEADER_HEIGHT + GAP + top + bottom + legend + GAP + RULER_HEIGHT
    return Extent(board.cols * board.cell_w + extra_w, board.rows * board.cell_h + extra_h, extra_w, extra_h)


def dressed(ctx: Context) -> bool:
    """True when the kit's theme dresses its boards: a ground, a frame of its own or a title."""
    look = ctx.theme.board
    return look.ground is not None or look.picture is not None or look.frame != "line" or look.title


def ground_bleed(board: BoardComponent, ctx: Context) -> float:
    """How far a dressed board's ground runs past its frame: the theme's bleed on a board that is cut
    out; none on one played on its sheet (a review found a tinted halo past a board marked "do not cut")."""
    look = ctx.theme.board
    has_ground = look.ground is not None or look.picture is not None
    return look.bleed if has_ground and (board.print.cut or board.id in ctx.cut) else 0.0


def dressing(board: BoardComponent, ctx: Context) -> tuple[float, float, float, float]:
    """How far the board reaches past its grid (left, top, right, bottom, in mm): the coordinate
    bands and the track around it; on a dressed board (``dressed``) the same band on every side,
    the title's band under the grid and the ground's bleed past the frame."""
    coords = COORD_BAND if board.coordinates else 0.0
    ring = ring_depths(board)
    # a board's own picture bleeds (image_bleed, at most 3 mm) into the 12 mm margins, as a dressed one's bands do
    if not dressed(ctx):
        return coords + ring.left, coords + ring.top, ring.right, ring.bottom
    look = ctx.theme.board
    # the coordinates keep clear of the frame: their band inside its line and its inner line or band
    band = coords + FRAME_ROOM[look.frame] - COORD_PAD if coords else FRAME_ROOM[look.frame]
    under = TITLE_BAND if look.title and ctx.game is not None else band
    bleed = ground_bleed(board, ctx)
    return band + ring.left + bleed, band + ring.top + bleed, band + ring.right + bleed, under + ring.bottom + bleed


def background_items(
    board: BoardComponent, ctx: Context, corner: tuple[float, float], shown: Box | None = None
) -> list[Item]:
    """The board's picture (``image``) over its outer box, whose top-left corner is at page
    ``corner``, grown by its bleed and cropped to fill it; only the part inside ``shown`` when
    given (page mm: a split board's sheet prints its own part)."""
    if board.image is None:
        return []
    found = ctx.pictures.get(board.image, board.image_mm, PRINT_DPI)
    if found is None:  # a refused picture: the kit's check said why
        return []
    width, height, bleed = *board.outer_size, board.image_bleed
    whole = Box(corner[0] - bleed, corner[1] - bleed, width + 2 * bleed, height + 2 * bleed)
    w = max(whole.w, whole.h * found.aspect)
    h = w / found.aspect
    x, y = whole.x + (whole.w - w) / 2, whole.y + (whole.h - h) / 2
    shown = shown or whole
    left, top = max(shown.x, whole.x), max(shown.y, whole.y)
    right, bottom = min(shown.right, whole.right), min(shown.bottom, whole.bottom)
    clip = (left, top, right - left, bottom - top)
    return [Image(x, y, w, h, str(found.path), board.image_mm, PRINT_DPI, clip=clip)]


class Legended(Protocol):
    """A board whose page has a legend under it: the shaded cells' meaning and a note (any board kind)."""

    @property
    def marked_label(self) -> dict[str, str] | None: ...

    @property
    def note(self) -> dict[str, str] | None: ...


def legend_height(board: Legended, ctx: Context) -> float:
    height = LEGEND_LINE if board.marked_label else 0.0
    if board.note:
        height += note_height(board, ctx) + 1.0
    return height + (GAP if height else 0.0)


def note_height(board: Legended, ctx: Context) -> float:
    return paragraph.height(_escape(ctx.tr(board.note)), ctx.content_width, 9.0, 11.0)


def _escape(text: str) -> str:
    return html.escape(text, quote=False)


def oriented(board: BoardComponent, ctx: Context) -> Context:
    """The context with a portrait page when the board fits there, else landscape, else an error."""
    fit = fitting(board, ctx)
    if fit is None:
        raise LayoutProblem(("cell",), too_big_message(board, extent(board, ctx), orientations(ctx)))
    return fit


def orientations(ctx: Context) -> list[Context]:
    """The paper upright, then turned: the order a board tries them in."""
    return [ctx, replace(ctx, paper=ctx.paper.landscape())]


def fitting(board: BoardComponent, ctx: Context) -> Context | None:
    """The context with a portrait page when the whole board fits there, else landscape, else None."""
    need = extent(board, ctx)
    for option in orientations(ctx):
        if need.width <= option.content_width + 1e-6 and need.height <= option.room_height + 1e-6:
            return option
    return None


def too_big_message(board: BoardComponent, need: Extent, options: list[Context]) -> str:
    def excess(option: Context) -> tuple[float, float]:
        return max(0.0, need.width - option.content_width), max(0.0, need.height - option.room_height)

    closest = min(options, key=lambda o: sum(excess(o)))
    wide, tall = excess(closest)
    over = " and ".join(
        text
        for text in (f"{wide:.1f} mm too wide" if wide > 1e-6 else "", f"{tall:.1f} mm too tall" if tall > 1e-6 else "")
        if text
    )
    largest = largest_cell(board, need, options)
    orientation = "landscape" if closest is options[1] else "portrait"
    return (
        f"board '{board.id}' does not fit on {closest.paper.name}: {board.rows} × {board.cols} cells of "
        f"{board.cell_size} mm "
        f"need {need.width:.1f} × {need.height:.1f} mm with title and ruler, {over} in {orientation}, the closer fit "
        f"({closest.content_width:.1f} × {closest.room_height:.1f} mm inside the margins); cells of at most "
        f"{largest:g} mm fit"
    )


def largest_cell(board: BoardComponent, need: Extent, options: list[Context]) -> float:
    """The largest cell (its width, the height in proportion), in half millimetres, with which the
    whole board fits one page of ``options``."""
    ratio = board.cell_h / board.cell_w
    largest = max(
        min((o.content_width - need.extra_w) / board.cols, (o.room_height - need.extra_h) / (board.rows * ratio))
        for o in options
    )
    return math.floor(largest * 2) / 2


def layout(board: BoardComponent, ctx: Context) -> list[Page]:
    ctx = oriented(board, ctx)
    need = extent(board, ctx)
    before, above, after, below = dressing(board, ctx)
    grid_w, grid_h = board.cols * board.cell_w, board.rows * board.cell_h
    # the grid centred on the paper, as long as its bands stay inside the margins
    centred = (ctx.paper.width - grid_w) / 2
    if dressed(ctx):  # its bands may reach into the margins, to DRESS_EDGE from the paper's edge
        least, most = DRESS_EDGE + before, ctx.paper.width - DRESS_EDGE - after - grid_w
        if least > most + 1e-6:
            raise LayoutProblem(
                ("cell",),
                f"the theme's board frame ('{ctx.theme.board.frame}') and bleed need {before:g} mm beside the "
                f"{grid_w:g} mm grid on each side, {(ctx.paper.width - grid_w) / 2 - DRESS_EDGE:.1f} mm are left on "
                f"{ctx.paper.name}; use theme.board frame: line, a smaller bleed, or smaller cells",
            )
    else:
        least, most = ctx.margin + before, ctx.paper.width - ctx.margin - after - grid_w
    left = min(max(centred, least), most)
    block_top = ctx.margin  # the heading where every page's stands: a page grid, the board under it
    # the board, its legend and ruler in the middle of the room between the heading and the footer
    # (latarnie's A4 board hung from it over a 50 mm empty band): the gap over the board (GAP and the
    # shift) as wide as the one under the ruler
    shift = max(0.0, ctx.bottom - (block_top + need.height) - GAP) / 2
    top = block_top + HEADER_HEIGHT + GAP + above + shift
    items: list[Item] = piece_page_header(
        ctx, ctx.tr(board.title) or board.id, ctx.tr.msg("board_instruction", cell=board.cell_size), top=block_top
    )
    if dressed(ctx):
        # the side bands reach into the margins, never nearer than DRESS_EDGE to the paper's edge
        x0, x1 = max(DRESS_EDGE, left - before), min(ctx.paper.width - DRESS_EDGE, left + grid_w + after)
        whole = Box(x0, top - above, x1 - x0, grid_h + above + below)
        items += dress_items(ctx, whole, ground_bleed(board, ctx), Box(left, top, grid_w, grid_h))
    ring = ring_depths(board)
    items += background_items(board, ctx, (left - ring.left, top - ring.top))
    items += marked_items(board, left, top, fill=marked_fill(ctx))
    items += special_items(board, left, top, ctx)
    items += grid_items(board, left, top)
    if board.coordinates:
        items += coordinate_items(board, left, top)
    items += legend_items(board, left - ring_depths(board).left, top + grid_h + below + GAP, ctx)
    items += ruler_at(ctx, ctx.paper.width, block_top + need.height - RULER_HEIGHT + shift)
    pieces = (Piece("board", board.id, 1, left, top, grid_w, grid_h),) + cell_pieces(board, left, top, ctx)
    return [Page(ctx.paper.width, ctx.paper.height, "board", board.id, tuple(items), pieces)]


def dress_items(ctx: Context, whole: Box, bleed: float, grid: Box) -> list[Item]:
    """A dressed board's ground (a colour or a picture to the ``bleed``) and its texture round the
    ``grid``, its cells' own colour, its frame around the coordinate bands and the game's title in
    the band under the grid (``whole`` is the board with its bands and bleed, in page mm)."""
    look, palette = ctx.theme.board, ctx.theme.palette
    edge = Box(whole.x + bleed, whole.y + bleed, whole.w - 2 * bleed, whole.h - 2 * bleed)
    items: list[Item] = []
    if look.ground is not None:
        items.append(Rect(whole.x, whole.y, whole.w, whole.h, None, look.ground))
        if look.texture == "waves":  # a shade darker than the ground: a sea round the cells, low ink
            items += wave_items(whole, grid, darker(look.ground, WAVE_SHADE))
    if look.cells is not None:
        items.append(Rect(grid.x, grid.y, grid.w, grid.h, None, look.cells))
    found = ctx.pictures.get(look.picture) if look.picture is not None else None
    if look.picture is not None and found is not None:  # a refused picture: the kit's check said why
        # cover the ground: the picture in proportion, as large as it takes to fill it, cropped to it
        w = max(whole.w, whole.h * found.aspect)
        h = w / found.aspect
        x, y = whole.x + (whole.w - w) / 2, whole.y + (whole.h - h) / 2
        clip = (whole.x, whole.y, whole.w, whole.h)
        items.append(Image(x, y, w, h, str(found.path), clip=clip))
    frame = Stroke(color=palette.accent, width=FRAME_LINE[look.frame])
    inset = FRAME_LINE[look.frame] / 2
    items.append(Rect(edge.x + inset, edge.y + inset, edge.w - 2 * inset, edge.h - 2 * inset, frame))
    if look.frame == "double":
        inner = inset + DOUBLE_GAP
        thin = Stroke(color=palette.accent, width=0.25)
        items.append(Rect(edge.x + inner, edge.y + inner, edge.w - 2 * inner, edge.h - 2 * inner, thin))
    items += corner_blocks(edge, palette.accent, FRAME_ROOM[look.frame])
    if look.title and ctx.game is not None:
        title = ctx.tr(ctx.game.title)
        width = edge.w - 2 * FRAME_ROOM[look.frame]
        size = fonts.fit_size(title, width, BOARD_TITLE_PT, bold=True, smallest=7.0, face="headings")
        baseline = (
            edge.bottom - FRAME_ROOM[look.frame] - (TITLE_BAND - FRAME_ROOM[look.frame] - fonts.cap_height(size)) / 2
        )
        items.append(
            Text(edge.x + edge.w / 2, baseline, title, size, True, "center", palette.accent, width, face="headings")
        )
    return items


WAVE_SHADE = 0.12  # how much darker than the ground its waves are


def darker(colour: str, share: float) -> str:
    """``colour`` ``share`` of the way to black."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(v * (1 - share)):02x}" for v in (r, g, b))


def corner_blocks(edge: Box, colour: str, room: float) -> list[Item]:
    """A small square of the accent in each corner of the frame, over its lines: the finish of a
    printed board's border, kept inside the room the frame takes (no text comes there)."""
    side = room + CORNER_EXTRA
    corners = (
        (edge.x, edge.y),
        (edge.right - side, edge.y),
        (edge.x, edge.bottom - side),
        (edge.right - side, edge.bottom - side),
    )
    return [Rect(x, y, side, side, None, colour) for x, y in corners]


def grid_items(board: BoardComponent, left: float, top: float) -> list[Item]:
    """Inner lines across the whole grid, one per row and column boundary, and a heavier frame."""
    cw, ch = board.cell_w, board.cell_h
    right, bottom = left + board.cols * cw, top + board.rows * ch
    items: list[Item] = [Line(left, top + r * ch, right, top + r * ch, GRID_LINE) for r in range(1, board.rows)]
    items += [Line(left + c * cw, top, left + c * cw, bottom, GRID_LINE) for c in range(1, board.cols)]
    items.append(Rect(left, top, right - left, bottom - top, FRAME))
    return items


Window = tuple[range, range]  # the rows and the columns of a part of a board (a sheet of a split board)


def _inside(row: int, col: int, window: Window | None) -> bool:
    return window is None or (row in window[0] and col in window[1])


def marked_fill(ctx: Context) -> str:
    """The shaded cells' fill: a wash of the theme's accent on a dressed board, else grey."""
    return tinted(ctx.theme.palette.accent, MARK_TINT) if dressed(ctx) else MARK_FILL


def marked_items(
    board: BoardComponent, left: float, top: float, window: Window | None = None, fill: str = MARK_FILL
) -> list[Item]:
    """The shaded cells (of ``window`` only, when given); (left, top) is where cell A1 is or would be."""
    items: list[Item] = []
    cw, ch = board.cell_w, board.cell_h  # a grey cell, no inner outline: nothing on a board looks like a cut line
    for row, col in sorted(set(marked_cells(board))):
        if not _inside(row, col, window):
            continue
        items += marked_cell(left + col * cw, top + row * ch, cw, ch, fill)
    return items


def marked_cell(x: float, y: float, w: float, h: float, fill: str) -> list[Item]:
    """A shaded cell: its fill and a fine grey hatch, which the ink saver keeps when it turns the
    fill into a wash too light to see (plateau's perimeter vanished under ``--ink-saver``)."""
    lines = clipped_lines(diagonals(w, h, MARK_HATCH_STEP, True), w, h, MARK_HATCH)
    hatch = Group(key=("marked hatch", w, h), x=x, y=y, w=w, h=h, items=tuple(lines))
    return [Rect(x, y, w, h, None, fill), hatch]


class Labelled(Protocol):
    """A special cell of any board kind: its label, else its value, is printed in it."""

    @property
    def label(self) -> dict[str, str] | str | None: ...

    @property
    def value(self) -> int | None: ...


def special_label(special: Labelled, ctx: Context) -> str:
    if special.label is not None:
        return ctx.tr(special.label)
    return "" if special.value is None else str(special.value)


def special_items(
    board: BoardComponent, left: float, top: float, ctx: Context, window: Window | None = None
) -> list[Item]:
    """The icon in the upper part of the cell, the label (the points) large beneath it."""
    items: list[Item] = []
    cw, ch = board.cell_w, board.cell_h
    cell = min(cw, ch)  # icon and label sized by the shorter side, centred across
    icon = cell * 0.58
    for special in board.specials:
        row, col = cell_of(special.at)
        if not _inside(row, col, window):
            continue
        cx, cy = left + col * cw, top + row * ch
        x, y = cx + (cw - cell) / 2, cy + (ch - cell) / 2
        if dressed(ctx):
            items.append(Rect(cx, cy, cw, ch, None, tinted(ctx.theme.palette.accent, SPECIAL_TINT)))
        items.append(
            draw_named(special.icon, ctx.tr.icons, x + (cell - icon) / 2, y + cell * 0.05, icon, BLACK, ctx.dpi)
        )
        label = special_label(special, ctx)
        if label:
            size = fonts.fit_size(label, cell * 0.8, cell * 0.62, bold=True, smallest=6)
            items.append(Text(x + cell / 2, y + cell * 0.92, label, size, bold=True, align="center", max_w=cell * 0.8))
    return items


def coordinate_items(
    board: BoardComponent, left: float, top: float, cols: range | None = None, rows: range | None = None
) -> list[Item]:
    """Column letters above the grid and row numbers left of it (of the given ones only, when given)."""
    cw, ch, cap = board.cell_w, board.cell_h, fonts.cap_height(COORD_PT)
    items: list[Item] = []
    for col in range(board.cols) if cols is None else cols:
        items.append(
            Text(
                left + (col + 0.5) * cw,
                top - (COORD_BAND - cap) / 2,
                chr(ord("A") + col),
                COORD_PT,
                bold=True,
                align="center",
                color="#555555",
            )
        )
    for row in range(board.rows) if rows is None else rows:
        items.append(
            Text(
                left - COORD_BAND / 2,
                top + (row + 0.5) * ch + cap / 2,
                str(row + 1),
                COORD_PT,
                bold=True,
                align="center",
                color="#555555",
            )
        )
    return items


def legend_items(board: Legended, left: float, y: float, ctx: Context) -> list[Item]:
    items: list[Item] = []
    if board.marked_label:
        swatch = 4.5
        items += marked_cell(left, y, swatch, swatch, marked_fill(ctx))
        items.append(Rect(left, y, swatch, swatch, Stroke(color="#8a8a8a", width=0.25)))
        items.append(Text(left + swatch + 2.0, y + swatch - 0.6, ctx.tr(board.marked_label), 9.0))
        y += LEGEND_LINE
    if board.note:
        height = note_height(board, ctx)
        items.append(RichText(ctx.margin, y, ctx.content_width, height, _escape(ctx.tr(board.note)), 9.0, 11.0))
    return items


def legend_room(ctx: Context) -> float:
    """Where a split board's sheet may end its content: above the gap over the ruler at the page's foot."""
    return ctx.bottom - RULER_HEIGHT - GAP


def legend_sheet(bottoms: list[float], height: float, ctx: Context) -> int | None:
    """The first sheet (numbered from 1) of a split board with room for the legend under its part
    (``bottoms``: each sheet's lowest point, page mm), or None when none has: the legend then gets
    a page of its own rather than taking its height from every sheet."""
    if height <= 0:
        return None
    for number, bottom in enumerate(bottoms, 1):
        if bottom + height <= legend_room(ctx) + 1e-6:  # the height counts the gap above the legend
            return number
    return None


def legend_page(title: str, ctx: Context, legend: Callable[[float], list[Item]], component: str) -> Page:
    """A split board's legend on a page of its own: the board's title, a line saying what the page
    is, the legend (``legend(top)`` draws it from ``top``)."""
    items = piece_page_header(ctx, title, ctx.tr.msg("board_legend_instruction"))
    items += legend(ctx.margin + HEADER_HEIGHT + GAP)
    return Page(ctx.paper.width, ctx.paper.height, "board", component, tuple(items), ())


def cell_pieces(
    board: BoardComponent, left: float, top: float, ctx: Context, window: Window | None = None, sheet: int = 0
) -> tuple[Piece, ...]:
    """One manifest row per cell (of ``window``): row and col from 1, its coordinate, what is special
    about it and, on a split board, the ``sheet`` it is on."""
    specials = {cell_of(s.at): s for s in board.specials}
    marked = set(marked_cells(board))
    rows = []
    row_span, col_span = window or (range(board.rows), range(board.cols))
    for row in row_span:
        for col in col_span:
            extra: list[tuple[str, object]] = [("row", row + 1), ("col", col + 1), ("at", coordinate(row, col))]
            if sheet:
                extra.append(("sheet", sheet))
            if (row, col) in specials:
                special = specials[(row, col)]
                extra += [("special", special.icon), ("label", special_label(special, ctx))]
                if special.value is not None:
                    extra.append(("value", special.value))
            if (row, col) in marked:
                extra.append(("marked", True))
            rows.append(
                Piece(
                    "cell",
                    board.id,
                    1,
                    left + col * board.cell_w,
                    top + row * board.cell_h,
                    board.cell_w,
                    board.cell_h,
                    extra=tuple(extra),
                )
            )
    return tuple(rows)
