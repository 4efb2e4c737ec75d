"""Figures of the rules: a position on a board, a part of a sheet filled in, a row or grid of pieces.

Each is drawn by the code that draws the component itself (a board's cells, shading and
specials, a token's, stone's, card's or tile's own art) at its printed size, then placed as one
group scaled to fit its column. Labels and the caption are set outside that group at the rules'
own type sizes, so they never shrink with the drawing. Pieces are drawn without the cut lines of
their sheets, except a piece light at its cut line, which gets its sheet's grey line as its outline
(figure_pieces.py): it would have no edge on a light cell. A text of a piece that would print under
MIN_PT is left out, unless it has a box it still fits at MIN_PT: then it prints at MIN_PT in the
middle of its box (kpn's owner name on a tile's back, whose white box was left empty).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, TypeGuard

from msgspec import Struct

from printkit import fonts
from printkit.base.errors import Loc
from printkit.base.records import replace
from printkit.kit.parts import CheckboxesPart, GridPart
from printkit.kit.shared import Figure
from printkit.layout import board as board_layout
from printkit.layout import figure_marks, figure_notes, figure_setup, paragraph, sheet
from printkit.layout.context import Context
from printkit.layout.figure_grid import (  # noqa: F401  (LABEL_PT, BADGE_R, SPOT_GAP: the figures' own, read here)
    BADGE_IN,
    BADGE_INSET,
    BADGE_R,
    LABEL_PT,
    LEGEND_GAP,
    LEGEND_H,
    MARK_BAND,
    SPOT_GAP,
    Drawing,
    badge_items,
    legend_items,
    pieces_drawing,
    touching_labels,
)
from printkit.layout.figure_pieces import (
    Stacked,
    move_arrow,
    piece_counts,
    pieces_used,
    place_arrows,
    stack_items,
)
from printkit.layout.primitives import Box, Group, Item, Line, Piece, Rect, RichText, Stroke, Text
from printkit.words.typography import to_markup, typeset

if TYPE_CHECKING:
    from printkit.kinds.board.model import BoardComponent
    from printkit.kinds.sheet.model import SheetComponent
    from printkit.kit.model import Kit

FIGURE_HEIGHT = 40.0  # mm the drawing may take in a column when the figure sets no height
LARGEST = 0.9  # the largest scale of a figure: drawn as large as it prints, a piece reads as one to cut out
CAPTION_PT, CAPTION_LEADING = 8.0, 10.0
CAPTION_GAP = 1.6  # between the drawing (or its labels) and the caption
CAPTION_STEP = 0.5  # mm: how finely a caption's measure is narrowed to balance its lines
MIN_PT = 7.0  # the smallest text a figure prints (the rules' own smallest)
MARK_PT = 7.0  # a board's coordinates around a figure
LABEL_GAP = 0.8  # mm between a piece and the label under it
PENCIL = "#24478f"  # what a player writes on a sheet
TICK = Stroke(color=PENCIL, width=0.5)


FIGURE_KEY = "figure"  # the first item of a figure drawing's group key


def is_figure(group: Group) -> bool:
    return group.key[:1] == (FIGURE_KEY,)


def is_board(component: object) -> TypeGuard[BoardComponent]:
    """A square board (``kind: board``): what a figure's ``board:`` names and draws. Told by its
    kind, not its model's class, which layout does not import."""
    return getattr(component, "kind", None) == "board"


def is_sheet(component: object) -> TypeGuard[SheetComponent]:
    """A sheet (``kind: sheet``): what a figure's ``sheet:`` names."""
    return getattr(component, "kind", None) == "sheet"


def window_of(window: str | None, rows: int, cols: int) -> tuple[range, range]:
    """The rows and columns (from 0) an 'A1:C3' window shows; the whole grid without one."""
    if window is None:
        return range(rows), range(cols)
    (r0, c0), (r1, c1) = (board_layout.cell_of(at) for at in window.split(":"))
    return range(min(r0, r1), max(r0, r1) + 1), range(min(c0, c1), max(c0, c1) + 1)


def sheet_part(component: SheetComponent, part_id: str) -> Any:
    return next((p for p in sheet.iter_parts(component) if p.id == part_id), None)


LEGIBLE_GROWTH = 1.2  # a figure grows past its height at most this much to keep its pieces' texts; else they go
# (kpn's tile names asked 1.5 times its height of the turn's figure, and the rules took two pages)


class Laid(Struct, frozen=True):
    """A figure fitted into a column ``width`` mm wide: the scale and the height it takes."""

    drawing: Drawing
    caption: str  # markup
    width: float
    max_h: float
    key: tuple[object, ...]
    most: float = LARGEST  # the largest scale: the smallest of the figures showing the same board or sheet part
    side_room: float = 0.0  # mm: the widest ``side`` (a tally) among them, kept beside each so they align

    @property
    def subject(self) -> tuple[str, ...]:
        """What it shows: figures of one board or one sheet's part are drawn at one scale."""
        return self.drawing.subject

    @property
    def scale(self) -> float:
        band, drawing = self.drawing.band, self.drawing
        tall = (self.max_h - band) / drawing.h
        if drawing.legible <= tall * LEGIBLE_GROWTH:  # its pieces' texts kept when a little larger does it
            tall = max(tall, drawing.legible)
        return min(self.most, (self.width - band - drawing.side) / drawing.w, tall)

    @property
    def drawn_h(self) -> float:
        """The drawing with its coordinates."""
        return self.drawing.band + self.drawing.h * self.scale

    @property
    def widest_drawn(self) -> float:
        """``drawn_h`` of the drawing as large as its column's width (and its printed size) allow."""
        band = self.drawing.band
        return band + self.drawing.h * min(self.most, (self.width - band - self.drawing.side) / self.drawing.w)

    def drawn_for_piece(self, piece_mm: float) -> float:
        """``drawn_h`` of the drawing at the scale that prints its smallest piece ``piece_mm`` across
        (0 for a figure of no pieces)."""
        if not self.drawing.piece:
            return 0.0
        return self.drawing.band + self.drawing.h * piece_mm / self.drawing.piece

    @property
    def caption_h(self) -> float:
        return caption_wrap(self.caption, self.caption_w).height

    @property
    def caption_w(self) -> float:
        """The caption's measure: the narrowest (to CAPTION_STEP mm) that sets it in as few lines
        as the column's width does, so its centred lines are as long as each other and the last
        is never one word alone."""
        return balanced_width(self.caption, self.width)

    @property
    def labels_h(self) -> float:
        """The labels under the bottom row reach below the drawing, and a legend line under it."""
        if not self.drawing.labels:
            return self.drawing.legend_h(self.scale, self.width)
        bottom = max(y for _, y, _ in self.drawing.labels)  # under the band of coordinates, as drawn
        return max(0.0, self.drawing.band + bottom * self.scale + label_depth() - self.drawn_h)

    @property
    def height(self) -> float:
        rings_h = figure_marks.legend_height(self.drawing.rings, self.width)
        tally_h = self.drawing.tally.height if self.drawing.tally else 0.0
        return max(self.drawn_h + self.labels_h, tally_h) + rings_h + CAPTION_GAP + self.caption_h

    @property
    def piece_mm(self) -> float:
        """The smallest piece as the figure prints it (0 for a figure of no pieces)."""
        return self.drawing.piece * self.scale

    def items(self, x: float, y: float, lang: str | None) -> list[Item]:
        """The figure's items with its top-left corner at (x, y): the drawing scaled as one group,
        centred in the column, its labels and the caption under it."""
        scale = self.scale
        band = self.drawing.band
        # one subject's figures share a left edge: one with no tally stands where one with it does
        # (ogrod's second garden was centred, the first flush left beside its tally)
        side = max(self.drawing.side, self.side_room)
        left = x + (self.width - band - self.drawing.w * scale - side) / 2 + band
        top = y + band
        shown = legible(self.drawing.items, scale)
        group = Group(self.key, left, top, self.drawing.w, self.drawing.h, shown, scale=scale)
        items: list[Item] = [group, *mark_items(self.drawing.marks, left, top, scale)]
        for box in self.drawing.outlines:
            at = (left + box.x * scale, top + box.y * scale, box.w * scale, box.h * scale)
            items.append(Rect(*at, figure_marks.OUTLINE))
        for number, box in enumerate(self.drawing.areas):
            ring = Box(left + box.x * scale, top + box.y * scale, box.w * scale, box.h * scale)
            items += figure_marks.area_items(ring, number)
        for arrow in self.drawing.arrows:
            items += figure_marks.arrow_items(arrow.placed(left, top, scale))
        for ax, ay, text in self.drawing.labels:
            items += label_items(left + ax * scale, top + ay * scale, text)
        items += self.notes(left, top)
        for box in self.drawing.picked:
            picked = Box(left + box.x * scale, top + box.y * scale, box.w * scale, box.h * scale)
            items += figure_marks.picked_items(picked)
        inset = BADGE_R + BADGE_IN if self.drawing.badges_inside else BADGE_INSET
        for ax, ay, text in self.drawing.badges:
            items += badge_items(left + ax * scale + inset, top + ay * scale + inset, text)
        for ax, ay, text in self.drawing.counts:
            items += badge_items(left + ax * scale, top + ay * scale, text)
        if self.drawing.legend_inside(scale, self.width):
            cx, middle = self.drawing.legend_at(left, top, scale)
            items += legend_items(self.drawing.legend, cx, middle - LEGEND_H / 2)
            items += self.drawing.leader_items(left, top, scale)
        elif self.drawing.legend:
            items += legend_items(self.drawing.legend, x + self.width / 2, y + self.drawn_h + LEGEND_GAP)
        items += figure_marks.legend_items(self.drawing.rings, x, y + self.drawn_h + self.labels_h, self.width)
        caption_y = y + self.height - self.caption_h
        measure = self.caption_w
        items.append(
            RichText(
                x + (self.width - measure) / 2,
                caption_y,
                measure,
                self.caption_h,
                self.caption,
                CAPTION_PT,
                CAPTION_LEADING,
                align="center",
                color="#333333",
                face="body",
                lang=None,
            )
        )  # fmt: skip  (lang None: a caption is never hyphenated)
        return items

    def notes(self, left: float, top: float) -> list[Item]:
        """A sheet figure's marks set on the page (figure_notes): its cells' ticks and crosses,
        its rows' ticks right of the grid and the tally beside it, centred on the drawing."""
        scale, drawing = self.scale, self.drawing
        items: list[Item] = []
        for kind, cx, cy, side in drawing.corner_marks:
            items += figure_notes.corner_items(kind, left + cx * scale, top + cy * scale, side * scale)
        right = left + drawing.w * scale
        for middle in drawing.row_ticks:
            mark, gutter = figure_notes.MARK, figure_notes.ROW_GUTTER
            items += figure_notes.mark_items("tick", right + (gutter + mark) / 2, top + middle * scale - mark / 2)
        if drawing.tally:
            x = right + drawing.side - drawing.tally.width
            items += drawing.tally.items(x, top + (drawing.h * scale - drawing.tally.height) / 2)
        return items

    def row(self, group: Group) -> Piece:
        """The manifest's row of the figure whose drawing is ``group``: its box from the drawing's
        top to the caption's foot, the components it shows and its scale."""
        extra = (
            ("components", list(self.drawing.components)),
            ("scale", round(self.scale, 4)),
            ("piece_mm", round(self.piece_mm, 2)),
            ("label_pt", LABEL_PT if self.drawing.labels else None),
        )
        band = self.drawing.band
        box = (group.x - band, group.y - band, group.shown_w + band, self.height)
        shows = self.drawing.components[0] if self.drawing.components else ""  # an order shows no component
        return Piece("figure", shows, 1, *box, extra=extra)


def legible(items: tuple[Item, ...], scale: float, boxed: bool = True) -> tuple[Item, ...]:
    """The items without the texts that would print smaller than MIN_PT at ``scale`` (a card's
    small print, a tile's owner): no rules text is below 7 pt, and a figure shows the drawing.
    A line of text with a box (``max_w``) is kept at MIN_PT, in the middle of where it was, when
    it and every line like it in the drawing (figure_marks.boxed_kinds) fit their boxes at MIN_PT,
    so a name's box is not left empty and no tile shows its name while the next one does not
    (not with ``boxed`` False: the contents strip's miniatures, where a board's 7 pt numbers would
    cover its cells). A group that changes gets a key of its own, so it is a PDF form of its own."""
    return shown(items, scale, figure_marks.boxed_kinds(items, scale, MIN_PT) if boxed else frozenset())


def shown(items: tuple[Item, ...], scale: float, kept_kinds: frozenset[tuple[object, ...]]) -> tuple[Item, ...]:
    kept: list[Item] = []
    for item in items:
        if isinstance(item, (Text, RichText)) and item.size_pt * scale < MIN_PT - 1e-6:
            if not isinstance(item, Text) or figure_marks.line_kind(item, scale) not in kept_kinds:
                continue
            item = figure_marks.kept_text(item, MIN_PT / scale)
        if isinstance(item, Group):
            inner = shown(item.items, scale * item.scale, kept_kinds)
            if inner != item.items:
                item = replace(item, key=(*item.key, "legible", MIN_PT / (scale * item.scale)), items=inner)
        kept.append(item)
    return tuple(kept)


def mark_items(marks: tuple[tuple[str, float, str], ...], left: float, top: float, scale: float) -> list[Item]:
    """A board's column letters above a figure and row numbers left of it, in the rules' type."""
    cap = fonts.cap_height(MARK_PT)
    items: list[Item] = []
    for axis, centre, text in marks:
        if axis == "col":
            items.append(Text(left + centre * scale, top - 1.0, text, MARK_PT, True, "center", "#555555"))
        else:
            items.append(
                Text(left - MARK_BAND / 2, top + centre * scale + cap / 2, text, MARK_PT, True, "center", "#555555")
            )
    return items


def caption_wrap(markup: str, width: float) -> paragraph.Wrapped:
    """A caption's lines: never hyphenated (no language), as a caption is short and centred."""
    return paragraph.wrap(markup, width, CAPTION_PT, CAPTION_LEADING, False, "body", None, justify=False)


@functools.lru_cache(maxsize=1024)
def balanced_width(markup: str, width: float) -> float:
    """The narrowest measure, CAPTION_STEP mm at a time down to half of ``width``, at which
    ``markup`` takes no more lines than at ``width`` (found by bisection: fewer lines never come
    back as the measure narrows). No measure under the lines' widths shared out among as many
    lines holds them: the search starts under it, not at half the width (4 wraps a caption, not 8)."""
    wrapped = caption_wrap(markup, width)
    lines = len(wrapped.lines)
    if lines <= 1:
        return width
    shared_out = sum(line.width for line in wrapped.lines) / lines  # mm
    low, high = 0, int(width / 2 / CAPTION_STEP)  # steps taken off ``width``: low keeps the lines
    high = min(high, int((width - shared_out) / CAPTION_STEP) + 2)  # a step spare: a bold space is wider
    while high - low > 1:
        middle = (low + high) // 2
        if len(caption_wrap(markup, width - middle * CAPTION_STEP).lines) <= lines:
            low = middle
        else:
            high = middle
    return width - low * CAPTION_STEP


def label_depth() -> float:
    return fonts.cap_height(LABEL_PT, "body") + 1.6


def label_items(cx: float, top: float, text: str) -> list[Item]:
    """A label centred under (cx, top): a white badge holding the text, so it reads over a drawing."""
    width = fonts.text_width(text, LABEL_PT, True, "body") + 1.6
    cap = fonts.cap_height(LABEL_PT, "body")
    # LABEL_GAP below what it labels (0.2 mm read as touching the stones), inside the band's 4.2 mm
    badge = Rect(cx - width / 2, top + LABEL_GAP, width, cap + 1.4, Stroke(color="#666666", width=0.2), "#ffffff", 0.6)
    return [badge, Text(cx, top + LABEL_GAP + 0.7 + cap, text, LABEL_PT, bold=True, align="center", face="body")]


def draw(figure: Figure, kit: Kit, ctx: Context) -> Drawing:
    """The figure at its printed size (the kit was checked: every reference names pieces)."""
    if figure.sheet:
        return sheet_drawing(figure, kit.component(figure.sheet), ctx)
    if figure.mat:
        return figure_setup.mat_drawing(figure, kit, ctx)
    if figure.order:
        return figure_setup.order_drawing(figure, kit, ctx)
    drawn = board_drawing(figure, kit.component(figure.board), kit, ctx) if figure.board else None
    drawn = drawn or pieces_drawing(figure, kit, ctx)
    return replace(drawn, legible=figure_marks.legible_scale(drawn.items, MIN_PT))


def board_drawing(figure: Figure, board: BoardComponent, kit: Kit, ctx: Context) -> Drawing:
    rows, cols = window_of(figure.window, board.rows, board.cols)
    cw, ch = board.cell_w, board.cell_h
    left, top = -cols.start * cw, -rows.start * ch
    window = (rows, cols)
    items: list[Item] = board_layout.marked_items(board, left, top, window)
    items += board_layout.special_items(board, left, top, ctx, window)
    items += figure_marks.window_grid(left + cols.start * cw, top + rows.start * ch, len(rows), len(cols), cw, ch)
    marks: list[tuple[str, float, str]] = []
    if board.coordinates:  # set at the rules' type size around the drawing, never shrunk with it
        marks += [("col", (n + 0.5) * cw, board_layout.coordinate(0, col)[0]) for n, col in enumerate(cols)]
        marks += [("row", (n + 0.5) * ch, str(row + 1)) for n, row in enumerate(rows)]
    labels = []
    drawn = Stacked(items)
    held: dict[tuple[int, int], list[Box]] = {}
    for figure_cell in figure.cells:
        row, col = board_layout.cell_of(figure_cell.at)
        x, y = left + col * cw, top + row * ch
        drawn_before = len(drawn.boxes)
        stack_items(kit, figure_cell.stack, ctx, x, y, cw, ch, drawn, figure_marks.PILE_MARGIN * min(cw, ch))
        if figure_cell.stack:
            held[(row, col)] = drawn.boxes[drawn_before:]
        if (label := figure_marks.label_of(figure_cell, ctx)) is not None:
            labels.append((x + cw / 2, y + ch, label))
    arrows = [move_arrow(path, held, left, top, cw, ch) for path in figure_marks.move_paths(figure.moves)]
    areas = []
    for area in figure.area_windows:
        area_rows, area_cols = window_of(area, board.rows, board.cols)
        x0, y0 = left + area_cols.start * cw, top + area_rows.start * ch
        areas.append(Box(x0, y0, len(area_cols) * cw, len(area_rows) * ch))
    used = [board.id] + pieces_used(kit, (c.stack for c in figure.cells))
    size = (len(cols) * cw, len(rows) * ch)
    return Drawing(
        tuple(drawn.items),
        *size,
        tuple(labels),
        tuple(used),
        marks=tuple(marks),
        arrows=tuple(arrows),
        piece=drawn.smallest,
        outlines=tuple(drawn.outlines),
        areas=tuple(areas),
        counts=tuple(drawn.counts),
        rings=tuple(ctx.tr(label) if label else "" for label in figure.area_labels),
        subject=("board", board.id),
    )


def sheet_drawing(figure: Figure, component: SheetComponent, ctx: Context) -> Drawing:
    part = sheet_part(component, figure.part or "")
    if isinstance(part, CheckboxesPart):
        return boxes_drawing(figure, component, part, ctx)
    rows, cols = window_of(figure.window, part.rows, part.cols)
    shown = part.model_copy(
        update={
            "label": None,
            "rows": len(rows),
            "cols": len(cols),
            "row_labels": None,  # set as the figure's marks, at the rules' type size, as a board's coordinates
            "col_labels": [part.col_labels[c] for c in cols] if part.col_labels else None,
        }
    )
    items, height = sheet.draw_grid(shown, 0.0, 0.0, 0.0, ctx)
    gy = 5.0 if part.col_labels else 0.0
    marks = (
        tuple(("row", gy + (n + 0.5) * part.cell, part.row_labels[r]) for n, r in enumerate(rows))
        if part.row_labels
        else ()
    )
    cell = part.cell
    point = cell * 0.45 / fonts.cap_height(1.0)
    labels = []
    corner_marks: list[tuple[str, float, float, float]] = []
    for figure_cell in figure.cells:  # shaded first, under every letter written
        if figure_cell.shade:
            row, col = board_layout.cell_of(figure_cell.at)
            items += figure_notes.shade_items((col - cols.start) * cell, gy + (row - rows.start) * cell, cell)
    for figure_cell in figure.cells:
        row, col = board_layout.cell_of(figure_cell.at)
        x, y = (col - cols.start) * cell, gy + (row - rows.start) * cell
        if figure_cell.write:
            baseline = y + (cell + fonts.cap_height(point)) / 2
            written = ctx.tr(figure_cell.write)  # a legend's symbol by its placeholder follows the language
            items.append(Text(x + cell / 2, baseline, written, point, True, "center", PENCIL, cell * 0.9))
        if figure_cell.label is not None:
            labels.append((x + cell / 2, y + cell, ctx.tr(figure_cell.label)))
        if figure_cell.mark:
            corner_marks.append((figure_cell.mark, x, y, cell))
    areas = []  # ringed blocks of cells, as on a board: what a move writes, or may
    for area in figure.area_windows:
        area_rows, area_cols = window_of(area, part.rows, part.cols)
        x0, y0 = (area_cols.start - cols.start) * cell, gy + (area_rows.start - rows.start) * cell
        areas.append(Box(x0, y0, len(area_cols) * cell, len(area_rows) * cell))
    return Drawing(
        tuple(items),
        len(cols) * cell,
        height,
        tuple(labels),
        (component.id,),
        marks=marks,
        areas=tuple(areas),
        rings=tuple(ctx.tr(label) if label else "" for label in figure.area_labels),
        corner_marks=tuple(corner_marks),
        row_ticks=tuple(gy + (row - 0.5) * cell for row in figure.ticked_rows),
        tally=tally_of(figure, ctx),
        subject=("sheet", component.id, part.id),
    )


def tally_of(figure: Figure, ctx: Context) -> figure_notes.Tally | None:
    """The figure's tally in the rules' language (None: it has none)."""
    if not figure.tally:
        return None
    lines = tuple((typeset(ctx.tr(line.name), ctx.lang), line.points) for line in figure.tally)
    return figure_notes.Tally(lines, typeset(ctx.tr(figure.tally_total), ctx.lang) if figure.tally_total else "=")


def boxes_drawing(figure: Figure, component: SheetComponent, part: CheckboxesPart, ctx: Context) -> Drawing:
    shown = part.model_copy(update={"label": None})
    width = part.count * (part.box + 2.5) - 2.5
    items, height = sheet.draw_checkboxes(shown, 0.0, 0.0, width, ctx)
    for number in range(figure.ticked or 0):
        x = number * (part.box + 2.5)
        items.append(Line(x + 1.5, 1.5, x + part.box - 1.5, part.box - 1.5, TICK))
        items.append(Line(x + 1.5, part.box - 1.5, x + part.box - 1.5, 1.5, TICK))
    return Drawing(tuple(items), width, height, (), (component.id,))


def one_scale(shown: list[Laid]) -> list[Laid]:
    """The figures with those of one board or sheet part capped at the smallest scale among them,
    so that its cells print one size (ogrod's garden at 8.0 and 7.6 mm on one page read as careless),
    unless that would drop a figure's boxed texts."""
    legible: dict[tuple[str, ...], float] = {}  # the pieces of one deck: each figure keeps the texts the others keep
    for figure in shown:
        if figure.subject[:1] == ("pieces",):
            legible[figure.subject] = max(legible.get(figure.subject, 0.0), figure.drawing.legible)
    shown = [
        replace(figure, drawing=replace(figure.drawing, legible=legible[figure.subject]))
        if figure.subject in legible
        else figure
        for figure in shown
    ]
    least: dict[tuple[str, ...], float] = {}
    sides: dict[tuple[str, ...], float] = {}
    for figure in shown:
        if figure.subject:
            least[figure.subject] = min(least.get(figure.subject, LARGEST), figure.scale)
            sides[figure.subject] = max(sides.get(figure.subject, 0.0), figure.drawing.side)
    # never under the scale that keeps a figure's boxed texts (plateau's stone values): they come first
    return [
        replace(figure, most=max(least[figure.subject], figure.drawing.legible), side_room=sides[figure.subject])
        if figure.subject
        else figure
        for figure in shown
    ]


def laid(figure: Figure, kit: Kit, ctx: Context, width: float, key: tuple[object, ...]) -> Laid:
    caption = typeset(to_markup(ctx.tr(figure.caption)), ctx.lang)
    return Laid(draw(figure, kit, ctx), caption, width, figure.height or FIGURE_HEIGHT, key)


Finding = tuple[Loc, str]


def figure_problems(kit: Kit) -> Iterator[Finding]:
    """What is wrong with the rules' figures before layout: a component that is not there, a cell
    off its board or window, a piece the kit does not print, or more of one than it prints."""
    for number, section in enumerate(kit.rules):
        if section.figure is not None:
            yield from one_figure(kit, section.figure, ("rules", number, "figure"))


def one_figure(kit: Kit, figure: Figure, loc: Loc) -> Iterator[Finding]:
    components = {c.id: c for c in kit.components}
    if figure.board:
        board = components.get(figure.board)
        if not is_board(board):
            boards = [c.id for c in kit.components if is_board(c)]
            yield loc + ("board",), f"'{figure.board}' is not a board of the kit (its boards: {listed(boards)})"
            return
        yield from grid_cells(
            figure, loc, board.rows, board.cols, f"the {board.rows} × {board.cols} board '{board.id}'"
        )
    elif figure.mat or figure.order:
        yield from figure_setup.setup_problems(kit, figure, loc)
        return
    elif figure.sheet:
        found = components.get(figure.sheet)
        if not is_sheet(found):
            sheets = [c.id for c in kit.components if is_sheet(c)]
            yield loc + ("sheet",), f"'{figure.sheet}' is not a sheet of the kit (its sheets: {listed(sheets)})"
            return
        part = sheet_part(found, figure.part or "")
        if not isinstance(part, (GridPart, CheckboxesPart)):
            named = [p.id for p in sheet.iter_parts(found) if isinstance(p, (GridPart, CheckboxesPart)) and p.id]
            yield loc + ("part",), f"'{found.id}' has no grid or checkboxes '{figure.part}' (it has: {listed(named)})"
            return
        if isinstance(part, GridPart):
            yield from grid_cells(figure, loc, part.rows, part.cols, f"the {part.rows} × {part.cols} grid '{part.id}'")
        elif figure.ticked is not None and figure.ticked > part.count:
            yield loc + ("ticked",), f"{figure.ticked} boxes are ticked but '{part.id}' has {part.count}"
        for index, cell in enumerate(figure.cells):
            if cell.stack:
                yield loc + ("cells", index, "put"), "a sheet figure writes in cells ('write'); it places no pieces"
    else:
        yield from place_arrows(figure, loc)
        yield from touching_labels(figure, loc)
    yield from piece_counts(kit, figure, loc)


def listed(names: list[str]) -> str:
    return ", ".join(names) if names else "none"


def grid_cells(figure: Figure, loc: Loc, rows: int, cols: int, what: str) -> Iterator[Finding]:
    last = f"{chr(ord('A') + min(cols, 26) - 1)}{rows}"
    if figure.window:
        shown_rows, shown_cols = window_of(figure.window, rows, cols)
        if shown_rows.stop > rows or shown_cols.stop > cols:
            yield loc + ("window",), f"the window {figure.window} is not on {what} (A1 to {last})"
            return
    else:
        shown_rows, shown_cols = range(rows), range(cols)
    for index, cell in enumerate(figure.cells):
        row, col = board_layout.cell_of(cell.at)
        if row >= rows or col >= cols:
            yield loc + ("cells", index, "at"), f"cell {cell.at} is not on {what} (A1 to {last})"
        elif row not in shown_rows or col not in shown_cols:
            yield loc + ("cells", index, "at"), f"cell {cell.at} is outside the figure's window {figure.window}"
    for index, move in enumerate(figure.moves):
        off = [at for at in move.split("-") if board_layout.cell_of(at)[0] not in shown_rows]
        off += [at for at in move.split("-") if board_layout.cell_of(at)[1] not in shown_cols]
        if off:
            yield loc + ("moves", index), f"the move {move} leaves the figure: {off[0]} is not on {what} or its window"
    for index, area in enumerate(figure.area_windows):
        off = [at for at in area.split(":") if board_layout.cell_of(at)[0] not in shown_rows]
        off += [at for at in area.split(":") if board_layout.cell_of(at)[1] not in shown_cols]
        if off:
            yield loc + ("areas", index), f"the area {area} leaves the figure: {off[0]} is not on {what} or its window"
