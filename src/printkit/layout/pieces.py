"""Pages of cut-out pieces, one- or two-sided, for every piece kind (tokens, stones, cards, tiles).

A kind's layout draws each piece's face (and back) once as a ``Group`` in its own coordinates and
hands the pieces here; imposition decides where they go, this module turns that into pages:
the heading, the pieces, shared cut lines, the fold line, the ruler and the manifest rows.
"""

from __future__ import annotations

from collections.abc import Callable

from msgspec import Struct

from printkit.base.errors import LayoutProblem, Loc
from printkit.base.records import replace
from printkit.layout import hextiles, imposition
from printkit.layout.cardgrid import (
    bounds,
    clipped,
    corner_ticks,
    crop_marks,
    grown,
    gutter_marks,
    off_edges,
    shared_clip,
)
from printkit.layout.context import CROP_MARKS, Context, CropMarks
from printkit.layout.cutpath import RECTANGLE, CutPath
from printkit.layout.imposition import Slot
from printkit.layout.marks import (
    CUT_ON_LIGHT,
    HEADER_HEIGHT,
    RULER_HEIGHT,
    cut_line_items,
    cut_stroke_on,
    fold_line,
    on_paper,
    piece_cut_items,
    piece_page_header,
    ruler_at,
    segment_line,
    tick_stroke,
)
from printkit.layout.primitives import CUT, Align, Box, Group, Item, Page, Path, Piece, Rect, Side, Stroke

BAND_GAP = 4.0
RULER_FOOT_GAP = 2.0  # mm the ruler's numbers stay above the footer's band when the block lets them
RULER_CLEAR = 1.0  # mm between a block (its crop marks) and the ruler under it, at the least
FOLD_GUTTER = 8.0
EDGE_NEAR = 0.01  # mm: a tick's middle this near a piece lies on its trim
BACK_OUTLINE = Stroke(color="#b3b3b3", width=0.15)


class PieceArt(Struct, frozen=True):
    """One piece: who it is in the manifest and its drawings, each a Group at (0, 0)."""

    kind: str  # token | stone | card | tile
    component: str
    copy: int
    face: Group
    back: Group | None = None
    extra: tuple[tuple[str, object], ...] = ()
    face_extra: tuple[tuple[str, object], ...] = ()  # manifest fields of the face row only
    back_extra: tuple[tuple[str, object], ...] = ()  # and of the back row only
    edge: str | None = None  # the face's colour at its cut line (None: the paper), for a cut line that shows
    cut: CutPath = RECTANGLE  # the outline the knife follows, inside ``cut_box``
    cut_box: Box | None = None  # the cut outline's box from the frame's corner; None: the frame itself


class PieceRun(Struct, frozen=True):
    """All the pieces of one component, the same size, printed in ``groups`` (each starts a new row)."""

    component: str
    role: str
    title: str
    width: float
    height: float
    pieces: tuple[PieceArt, ...]
    groups: tuple[int, ...]  # each starts a new row (one type to a row); with ``packed``, when that costs no sheet
    size_field: Loc = ("size",)  # the kit field to blame when a piece does not fit the page
    bleed: float = 0.0  # how far each drawing runs past its cut line; the pieces then stand 2 bleeds apart
    packed: bool = False  # the fewest pages: in reading order across groups when their own rows take more sheets
    nested: bool = False  # hexagons nested in offset rows (layout.hextiles), in reading order
    shared: bool = False  # touching pieces that bleed share their cuts: the bleed runs round the block only
    stock: str = "paper"  # what the kit prints the pieces on (PrintPlan.stock): card is said on the sheet

    @property
    def gutter(self) -> float:
        return 0.0 if self.shared else 2 * self.bleed

    def shown(self, drawing: Group, box: Box, boxes: list[Box]) -> Group:
        """A piece's drawing placed at ``box``; in a block sharing its cuts, cut to its trim and the
        bleed on the block's outer sides (a bleed between two pieces would print over the
        neighbour)."""
        drawing = placed(drawing, box)
        return clipped(drawing, shared_clip(box, boxes, self.bleed)) if self.shared else drawing


def piece_pages(run: PieceRun, ctx: Context) -> list[Page]:
    """The run's pages: one-sided, or two-sided as the user asked (duplex or fold)."""
    if not any(piece.back for piece in run.pieces):
        return one_sided_pages(run, ctx)
    if ctx.options.two_sided == "fold":
        return fold_pages(run, ctx)
    return duplex_pages(run, ctx)


def piece_area(ctx: Context) -> Box:
    """The page's content area less a band at the top (heading) and an equal one at the bottom (ruler).

    The bands are equal so the area is its own mirror image: backs turned over either edge stay in it.
    """
    band = max(HEADER_HEIGHT, RULER_HEIGHT) + BAND_GAP
    return Box(ctx.margin, ctx.margin + band, ctx.content_width, ctx.content_height - 2 * band)


def slots(run: PieceRun, area: Box, ctx: Context, align: Align = "center") -> list[Slot]:
    if not any(p.cut_box for p in run.pieces):  # room for the crop marks around the block
        # across: the marks' whole length, but none right of folded faces (aligned right, against the fold);
        # down: the bands above and below hold BAND_GAP of them (the heading and the ruler hug the marks)
        m = ctx.options.crop.room
        down = max(0.0, m - BAND_GAP)
        area = Box(area.x + m, area.y + down, area.w - (m if align == "right" else 2 * m), area.h - 2 * down)
    try:
        if run.nested:
            return hextiles.honeycomb_slots(len(run.pieces), run.width, run.height, area, align, run.gutter)
        grouped = imposition.grid_slots(run.groups, run.width, run.height, area, align, run.gutter, "top")
        if run.shared and len(run.groups) > 1:
            grouped = groups_apart(run, grouped, area)
        if run.packed:
            packed = imposition.packed_slots(len(run.pieces), run.width, run.height, area, align, run.gutter, "top")
            grouped = grouped if sheet_count(grouped) <= sheet_count(packed) else packed
        return centred_down(run, grouped, area, ctx)
    except imposition.DoesNotFit:
        raise LayoutProblem(
            run.size_field,
            f"a {run.width:g} × {run.height:g} mm piece of '{run.component}' does not fit the {area.w:.1f} × "
            f"{area.h:.1f} mm that {ctx.paper.name} leaves for pieces",
        ) from None


def groups_apart(run: PieceRun, found: list[Slot], area: Box) -> list[Slot]:
    """Pieces that share their cuts, each group (an owner's colour) moved a gutter of twice the
    bleed below the group above it on its sheet, where the sheet has the room: two colours that
    met on one cut left a sliver of the other player's colour on a tile cut a little off (kpn's
    yellow and pink). A sheet without the room keeps its groups touching."""
    group_of: list[int] = []
    for number, size in enumerate(run.groups):
        group_of += [number] * size
    gap = 2 * run.bleed
    settled: list[Slot] = []
    for sheet in sheets_of(found):
        order = list(dict.fromkeys(group_of[slot.index] for slot in sheet))
        moved = [replace(slot, box=slot.box.shifted(0.0, gap * order.index(group_of[slot.index]))) for slot in sheet]
        fits = bounds([slot.box for slot in moved]).bottom + run.bleed <= area.bottom + 1e-6
        settled += moved if fits else sheet
    return settled


def centred_down(run: PieceRun, found: list[Slot], area: Box, ctx: Context) -> list[Slot]:
    """Each sheet's block moved down, as far as the area lets it, so that the block and the ruler
    under it stand in the middle of the page between the heading at the top margin and the footer:
    a sheet the pieces half fill (latarnie's 16 tokens, 131 mm of A4's 273) has its spare paper
    shared above and below (set from the top, it left 40 % of a card sheet filled and the ruler
    floating mid-page, review 10). A sheet they fill hangs from its heading."""
    settled: list[Slot] = []
    for sheet in sheets_of(found):
        boxes = [slot.box for slot in sheet]
        block = block_of(run, boxes)
        top = ctx.margin + HEADER_HEIGHT  # the heading's band: the room is from its foot to the footer's
        unit = block.h + BAND_GAP + RULER_HEIGHT  # the block and the ruler under it
        room = area.bottom - (bounds(boxes).bottom + run.bleed)
        middle = top + max(BAND_GAP, (ctx.bottom - top - unit) / 2)
        shift = max(0.0, min(middle - block.y, room))
        settled += [replace(slot, box=slot.box.shifted(0.0, shift)) for slot in sheet]
    return settled


def lowest_ruler(ctx: Context) -> float:
    """The lowest top a piece page's ruler may have: its numbers RULER_FOOT_GAP above the footer's
    band (plateau's Letter stones: they were 1.6 mm from the footer's words)."""
    return ctx.bottom - RULER_HEIGHT - RULER_FOOT_GAP


def sheet_count(found: list[Slot]) -> int:
    return max((slot.sheet for slot in found), default=-1) + 1


def placed(group: Group, box: Box) -> Group:
    """A drawing made at the piece's cut corner (0, 0), so at (-bleed, -bleed) with a bleed, put in ``box``."""
    return replace(group, x=box.x + group.x, y=box.y + group.y)


def manifest_row(piece: PieceArt, box: Box, side: Side) -> Piece:
    extra = piece.extra + (piece.back_extra if side == "back" else piece.face_extra)
    cut = cut_box(piece, box)
    return Piece(piece.kind, piece.component, piece.copy, cut.x, cut.y, cut.w, cut.h, side, extra, piece.cut)


def cut_box(piece: PieceArt, frame: Box) -> Box:
    """The box of the piece's cut outline on the page, its frame placed at ``frame``."""
    if piece.cut_box is None:
        return frame
    return piece.cut_box.shifted(frame.x, frame.y)


def sheets_of(found: list[Slot]) -> list[list[Slot]]:
    return [[slot for slot in found if slot.sheet == sheet] for sheet in range(sheet_count(found))]


def face_items(
    run: PieceRun, sheet: list[Slot], ctx: Context, fold_x: float | None = None
) -> tuple[list[Item], list[Piece]]:
    """The faces of one sheet with their cut lines or crop marks (none in screen images)."""
    boxes = [s.box for s in sheet]
    items: list[Item] = [run.shown(run.pieces[s.index].face, s.box, boxes) for s in sheet]
    if ctx.options.cut_guides:
        items += cut_items(run, sheet, fold_x, ctx.options.crop, (ctx.paper.width, ctx.paper.height))
    rows = [manifest_row(run.pieces[s.index], s.box, "face") for s in sheet]
    return items, rows


def cut_items(
    run: PieceRun,
    sheet: list[Slot],
    fold_x: float | None = None,
    crop: CropMarks = CROP_MARKS,
    page: tuple[float, float] = (float("inf"), float("inf")),
) -> list[Item]:
    """The cutting convention (docs/printing.md, "How pieces are cut"): a piece cut along its shape
    gets its outline; a piece that bleeds gets nothing on its trim (a hairline there shows as a
    sliver when the cut strays) but crop marks on the paper outside the block and its bleed, in
    line with every cut, and inside a block of pieces that share their cuts a small cross at each
    corner where pieces meet (``shared_ticks``); pieces that do not bleed get one grey line on each
    shared trim, and the same crop marks outside the block."""
    if any(run.pieces[s.index].cut_box is not None for s in sheet):
        outlines: list[Item] = []
        for s in sheet:
            piece = run.pieces[s.index]
            box = cut_box(piece, s.box)
            outlines.append(Path(piece.cut.outline(box.x, box.y, box.w, box.h), cut_stroke_on(piece.edge)))
        return outlines
    boxes = [s.box for s in sheet]
    # crop marks outside the block in line with every cut, for a guillotine, which sees no line inside
    # it; folded, the marks right of the faces would cross the fold onto the backs: the left ones suffice
    keep = bounds(boxes).right if fold_x is not None else float("inf")
    stroke = replace(CUT_ON_LIGHT, color=crop.colour)
    cropped = off_edges(crop_marks(boxes, run.bleed, crop), *page)
    marks: list[Item] = [segment_line(m, stroke) for m in cropped if min(m.x1, m.x2) <= keep]
    edges = {run.pieces[s.index].edge for s in sheet}
    guide = cut_stroke_on(edges.pop() if len(edges) == 1 else None)
    if not run.bleed:  # and one line on each shared trim (latarnie's tokens)
        return cut_line_items(boxes, guide) + marks
    if run.shared:  # touching pieces have no gutters: ticks where they meet, no line on a trim
        return marks + shared_ticks(boxes, [run.pieces[s.index].edge for s in sheet])
    marks += [segment_line(m, guide) for m in gutter_marks(boxes)]
    # a piece whose bleed is the paper's white shows no edge to cut along, and a stray cut leaves
    # no sliver there: standing apart from the others, it gets its grey line on the trim too
    light = [s.box for s in sheet if on_paper(run.pieces[s.index].edge)]
    return marks + [item for box in light for item in piece_cut_items(box, CUT)]


def shared_ticks(boxes: list[Box], edges: list[str | None]) -> list[Item]:
    """The corner ticks of a block of pieces that share their cuts (cardgrid.corner_ticks), each
    in the grey that shows on the pieces whose corner it marks (``edges``, one a box): on the
    faces only, as a back lands a little off its face and its ticks would miss the corners."""
    items: list[Item] = []
    for tick in corner_ticks(boxes):
        x, y = (tick.x1 + tick.x2) / 2, (tick.y1 + tick.y2) / 2
        middle = Box(x, y, 0.0, 0.0)
        near = [edge for box, edge in zip(boxes, edges, strict=True) if grown(box, EDGE_NEAR).contains(middle)]
        items.append(segment_line(tick, tick_stroke(near)))
    return items


def back_items(run: PieceRun, sheet: list[Slot], where: Callable[[Box], Box]) -> tuple[list[Item], list[Piece]]:
    """The backs of one sheet, each at ``where(face_box)``, outlined faintly to show registration."""
    items: list[Item] = []
    rows: list[Piece] = []
    boxes = [where(s.box) for s in sheet]
    for s, box in zip(sheet, boxes, strict=True):
        piece = run.pieces[s.index]
        if piece.back is not None:
            items.append(run.shown(piece.back, box, boxes))
            if not run.bleed:  # a bled back needs no registration line, which would show when it is off
                items.append(back_outline(piece, box))
            rows.append(manifest_row(piece, box, "back"))
    return items, rows


def back_outline(piece: PieceArt, frame: Box) -> Item:
    """The faint line around a back where its face's cut runs: the cut outline, or the frame."""
    if piece.cut_box is None:
        return Rect(frame.x, frame.y, frame.w, frame.h, BACK_OUTLINE)
    box = cut_box(piece, frame)
    return Path(piece.cut.outline(box.x, box.y, box.w, box.h), BACK_OUTLINE)


def cut_instruction(run: PieceRun) -> str:
    """The message that says how this run's pieces are cut."""
    if run.nested:
        return "cut_hexagons"
    if any(piece.cut_box is not None for piece in run.pieces):
        return "cut_outline"
    if run.shared:
        return "cut_shared"
    return "cut_apart" if run.bleed else "cut_here"


def strip_between(run: PieceRun, sheet: list[Slot]) -> bool:
    """Whether a sheet of pieces that share their cuts has a strip between two of its rows (groups
    apart: kpn's colours 4 mm apart), which takes two cuts more than the crop marks suggest."""
    tops = sorted({round(slot.box.y, 6) for slot in sheet})
    steps = [below - above for above, below in zip(tops[:-1], tops[1:], strict=True)]
    return run.shared and any(step > run.height + 1e-6 for step in steps)


def block_of(run: PieceRun, boxes: list[Box], marked: bool = True, crop: CropMarks = CROP_MARKS) -> Box:
    """What a sheet's pieces cover, their bleed and (``marked``) their crop marks included: the
    block the heading and ruler hug."""
    marks = crop.room if marked and not any(p.cut_box for p in run.pieces) else 0.0
    return grown(bounds(boxes), run.bleed + marks)


def framing(ctx: Context, block: Box, title: str, note: str, with_ruler: bool = True, stock: str = "") -> list[Item]:
    """The page's title and note at the top margin and the ruler just under the block; ``stock``
    is the paper the page prints on, said beside the title. A sheet of backs has its heading at
    the top margin too (a review: hugging its block, plateau's "Stones – backs" stood 20 mm lower
    than the faces' heading, and the two sheets looked unrelated).

    The pieces stand in the middle of the page (``centred_down``), the ruler with them, so a
    half-full sheet has no ruler at the foot, its spare paper shared above and below.
    """
    items = piece_page_header(ctx, title, note, stock=stock)
    if with_ruler:
        low = lowest_ruler(ctx)
        items += ruler_at(ctx, ctx.paper.width, max(block.bottom + RULER_CLEAR, min(block.bottom + BAND_GAP, low)))
    return items


def stock_note(run: PieceRun, ctx: Context, folded: bool = False) -> str:
    """ "Print on card stock" for pieces the recipe prints on card: the sheet itself says it, for
    whoever prints the page alone (a reviewer missed it on latarnie's token page); "" on paper."""
    if run.stock != "card":
        return ""
    # folded over, a card part prints on lighter paper, doubled by the fold (recipe.stock_of)
    return ctx.tr.msg("piece_stock_folded" if folded else "piece_stock_card")


def with_spares_key(note: str, shown: list[PieceArt], ctx: Context) -> str:
    """The sheet's note, with what the plus in a piece's corner means when the sheet holds spares
    (a review: latarnie's token page left it to the rules)."""
    if any(dict(piece.extra).get("spare") for piece in shown):
        return f"{note} {ctx.tr.msg('piece_spares_key')}"
    return note


def numbered(title: str, number: int, sheets: int) -> str:
    """A sheet's title, numbered when the run takes several ("Tiles 2/3"): printed sheets that all
    said "Tiles" could not be told apart or checked complete."""
    return title if sheets < 2 else f"{title} {number + 1}/{sheets}"


def one_sided_pages(run: PieceRun, ctx: Context) -> list[Page]:
    pages = []
    sheets = sheets_of(slots(run, piece_area(ctx), ctx))
    for number, sheet in enumerate(sheets):
        items, rows = face_items(run, sheet, ctx)
        block = block_of(run, [s.box for s in sheet], crop=ctx.options.crop)
        title = numbered(run.title, number, len(sheets))
        note = with_spares_key(ctx.tr.msg(cut_instruction(run)), [run.pieces[slot.index] for slot in sheet], ctx)
        furniture = framing(ctx, block, title, note, stock=stock_note(run, ctx))
        pages.append(
            Page(ctx.paper.width, ctx.paper.height, run.role, run.component, tuple(furniture + items), tuple(rows))
        )
    return pages


def duplex_pages(run: PieceRun, ctx: Context) -> list[Page]:
    """Each sheet of faces, then its backs mirrored for the printer's flip and shifted by the back offset."""
    width, height = ctx.paper.width, ctx.paper.height
    flip, offset = ctx.options.flip, ctx.options.back_offset
    edge = ctx.tr.msg(f"edge_{flip}")
    pages = []
    sheets = sheets_of(slots(run, piece_area(ctx), ctx))
    for number, sheet in enumerate(sheets):
        items, rows = face_items(run, sheet, ctx)
        block = block_of(run, [s.box for s in sheet], crop=ctx.options.crop)
        title = numbered(run.title, number, len(sheets))
        note = ctx.tr.msg(cut_instruction(run)) + ("\n" + ctx.tr.msg("cut_strip") if strip_between(run, sheet) else "")
        furniture = framing(ctx, block, title, note, stock=stock_note(run, ctx))
        pages.append(Page(width, height, run.role, run.component, tuple(furniture + items), tuple(rows), side="face"))
        backs, back_rows = back_items(run, sheet, lambda box: imposition.back_box(box, width, height, flip, offset))
        back_block = block_of(run, [imposition.back_box(s.box, width, height, flip, offset) for s in sheet], False)
        heading = framing(
            ctx,
            back_block,
            ctx.tr.msg("backs_title", title=title),
            ctx.tr.msg("backs_note", edge=edge),
            with_ruler=False,
        )
        pages.append(
            Page(width, height, run.role, run.component, tuple(heading + backs), tuple(back_rows), side="back")
        )
    return pages


def fold_pages(run: PieceRun, ctx: Context) -> list[Page]:
    """Faces left of the page's vertical centre line, backs mirrored to its right; fold, glue, cut."""
    width, height = ctx.paper.width, ctx.paper.height
    area = piece_area(ctx)
    fold_x = width / 2
    face_area, _ = imposition.fold_areas(area, fold_x, FOLD_GUTTER)
    offset = ctx.options.back_offset
    pages = []
    sheets = sheets_of(slots(run, face_area, ctx, align="right"))
    for number, sheet in enumerate(sheets):
        items, rows = face_items(run, sheet, ctx, fold_x)
        backs, back_rows = back_items(run, sheet, lambda box: imposition.fold_back_box(box, fold_x, offset))
        faces = [s.box for s in sheet]
        block = block_of(
            run, faces + [imposition.fold_back_box(box, fold_x, offset) for box in faces], crop=ctx.options.crop
        )
        note = ctx.tr.msg("fold_shared" if run.shared else "fold_apart" if run.bleed else "fold_here")
        note += "\n" + ctx.tr.msg("cut_strip") if strip_between(run, sheet) else ""
        title = numbered(run.title, number, len(sheets))
        furniture = framing(ctx, block, title, note, stock=stock_note(run, ctx, folded=True))
        furniture += fold_line(fold_x, block.y - BAND_GAP / 2, block.bottom + BAND_GAP / 2, ctx.tr.msg("fold_line"))
        pages.append(
            Page(
                width,
                height,
                run.role,
                run.component,
                tuple(furniture + items + backs),
                tuple(rows + back_rows),
                side="fold",
            )
        )
    return pages
