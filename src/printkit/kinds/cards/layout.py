"""Cards: a deck printed face up, as many to a page as fit (or as the kit promises).

The grid comes from ``cardgrid`` (pure arithmetic), each face from ``deck`` (drawn once per type
and reused); this module puts them on pages with their cut lines, crop marks and trim boxes.
"""

from __future__ import annotations

import math

from msgspec import Struct

from printkit.base.errors import LayoutProblem
from printkit.base.records import replace
from printkit.kinds.cards import deck
from printkit.kinds.cards.model import DeckComponent
from printkit.kinds.cards.values import EDGE_BAND
from printkit.layout import cardgrid, hextiles, imposition, pieces
from printkit.layout.cardgrid import CardGrid, GridSpec, clipped
from printkit.layout.context import CROP_MARKS, Context, CropMarks, Options, Paper
from printkit.layout.cutpath import CutPath
from printkit.layout.imposition import DoesNotFit
from printkit.layout.marks import CUT_ON_LIGHT, cut_line_items, cut_stroke_on, on_paper, segment_line
from printkit.layout.primitives import CUT, Box, Item, Page, PageSide, Piece, Rect, Side
from printkit.words.locale import Localizer

ROLE, PIECE = "cards", "card"
HEXAGON = CutPath("hexagon")


def spec(component: DeckComponent, crop: CropMarks = CROP_MARKS) -> GridSpec:
    return GridSpec(
        component.width,
        component.height,
        component.print_gutter,
        component.print_bleed,
        component.print_crop_marks,
        crop.room,
    )


SHORT_MARKS = (2.0, 0.5)  # mm: the shortest crop marks (length, offset) a bled grid falls back to


def grid(component: DeckComponent, paper: Paper, crop: CropMarks = CROP_MARKS) -> CardGrid:
    """The deck's grid on ``paper``, room kept for crop marks as ``marks_for`` draws them."""
    return grid_marked(component, paper, marks_for(component, paper, crop))


def grid_marked(component: DeckComponent, paper: Paper, marks: CropMarks) -> CardGrid:
    """The deck's grid on ``paper`` with room for the crop marks ``marks`` (chosen by marks_for)."""
    try:
        return cardgrid.choose_grid(paper, spec(component, marks), component.per_page, component.orientation)
    except DoesNotFit as exc:
        raise LayoutProblem(
            ("per_page",) if component.per_page else ("width",),
            f"{exc} (make the pieces smaller or the per_page lower)",
        ) from None


def marks_for(component: DeckComponent, paper: Paper, crop: CropMarks = CROP_MARKS) -> CropMarks:
    """The crop marks as ``crop`` asks, or shortened to SHORT_MARKS when that prints the deck on
    fewer sheets: 9 poker cards that share their cuts with a 2 mm bleed fit A4 with 2.5 mm of
    marks, 6 with the usual 5 mm."""
    if not component.print_crop_marks or component.per_page:
        return crop
    short = replace(crop, length=min(crop.length, SHORT_MARKS[0]), offset=min(crop.offset, SHORT_MARKS[1]))
    try:
        usual = cardgrid.choose_grid(paper, spec(component, crop), None, component.orientation).capacity
    except DoesNotFit:
        usual = 0
    try:
        shorter = cardgrid.choose_grid(paper, spec(component, short), None, component.orientation).capacity
    except DoesNotFit:
        return crop
    if shorter <= usual:  # the usual case: the deck is not counted
        return crop
    total = len(deck.deck_pieces(component))
    return short if not usual or math.ceil(total / shorter) < math.ceil(total / usual) else crop


def per_page(component: DeckComponent, paper: Paper) -> int:
    """The kit's promise, else how many fit on ``paper``."""
    if component.per_page:
        return component.per_page
    try:
        return grid(component, paper).capacity
    except LayoutProblem:
        return 1


def bleed_cost(component: DeckComponent, ctx: Context) -> str | None:
    """What ``validate`` says about a deck on the card grid whose bleed (and the gutter it needs)
    puts fewer pieces on a sheet than the same pieces without bleed: what the bleed costs."""
    if not component.on_grid or component.per_page or component.print_bleed <= 0:
        return None
    bare = GridSpec(component.width, component.height, 0.0, 0.0, component.print_crop_marks)
    try:
        marks = marks_for(component, ctx.paper)
        chosen = cardgrid.choose_grid(ctx.paper, spec(component, marks), None, component.orientation).capacity
        without = cardgrid.choose_grid(ctx.paper, bare, None, component.orientation).capacity
    except DoesNotFit:
        return None
    if chosen >= without:
        return None
    shared = "" if component.shares_cuts else "; gutter: 0 lets the pieces share their cuts, the bleed round the block"
    return (
        f"{component.kind} '{component.id}': bleed {component.print_bleed:g} mm: {chosen} {component.kind} per "
        f"{ctx.paper.name} sheet instead of {without} (the bleed and its {component.print_gutter:g} mm gutter "
        f"between pieces take the room; bleed: 0 and gutter: 0 put {without} on a sheet{shared})"
    )


def numbers(component: DeckComponent, paper: Paper) -> dict[str, float | str]:
    placed = per_page(component, paper) if component.on_grid else two_sided_per_page(component, paper)
    return deck.numbers(component, placed)


def layout(component: DeckComponent, ctx: Context) -> list[Page]:
    return deck_pages(component, ctx, ROLE, PIECE)


def deck_pages(component: DeckComponent, ctx: Context, role: str, kind: str) -> list[Page]:
    """A deck's pages: on the card grid (each page of faces followed by its backs when the deck
    has a back), or as touching pieces through ``pieces`` (see the deck's ``imposition``)."""
    if not component.on_grid:
        return pieces.piece_pages(piece_run(component, ctx, role, kind), ctx)
    backs = backs_printed(component, ctx)
    if backs and ctx.options.two_sided == "fold" and component.back_pages != "after":
        raise LayoutProblem(
            ("imposition",),
            "a deck on the card grid prints its backs on the following page; build it with --two-sided duplex, or "
            "give it imposition: pieces to fold the backs over",
        )
    crop = marks_for(component, ctx.paper, ctx.options.crop)
    page_grid = grid_marked(component, ctx.paper, crop)
    items = deck.deck_pieces(component)
    step = component.per_page or page_grid.capacity
    after = backs and component.back_pages == "after"  # the backs' pages follow the faces, optional
    side: PageSide | None = "face" if backs and not after else None
    designs = deck.Designs(component, ctx)
    frames: dict[tuple[str | None, ...], Frame] = {}
    pages: list[Page] = []
    later: list[Page] = []
    for i in range(0, len(items), step):
        chunk = items[i : i + step]
        edges = tuple(deck.edge_colour(designs.design(piece.type, piece.owner)) for piece in chunk)
        if edges not in frames:
            frames[edges] = frame(component, page_grid, list(edges), replace(ctx.options, crop=crop), backs)
        pages.append(face_page(designs, frames[edges], chunk, role, kind, side))
        if after:
            later.append(replace(back_page(designs, frames[edges], chunk, role, kind), side=None, optional=True))
        elif backs:
            pages.append(back_page(designs, frames[edges], chunk, role, kind))
    return pages + later


class Frame(Struct, frozen=True):
    """What every page of faces holding the same number of pieces shares with the others, and its
    page of backs too, made once: the pieces' boxes, the cut lines and crop marks, the backs'
    outlines, and the pages' trim and bleed boxes."""

    width: float
    height: float
    faces: tuple[Box, ...]
    cutting: tuple[Item, ...]
    face_boxes: PageBoxes
    backs: tuple[Box, ...] = ()  # where the printer's flip (and the back offset) puts each back
    outlines: tuple[Rect, ...] = ()
    back_boxes: PageBoxes = ((0.0, 0.0, 0.0, 0.0), None)
    # a block that shares its cuts: what each face and back prints of its bleed (none: all of it)
    face_clips: tuple[Box, ...] = ()
    back_clips: tuple[Box, ...] = ()


def backs_printed(component: DeckComponent, ctx: Context) -> bool:
    """The deck has a back and this build prints it (not ``build --backs none``)."""
    return bool(component.back) and component.id not in ctx.options.faces_only


def frame(
    component: DeckComponent, page_grid: CardGrid, edges: list[str | None], options: Options, with_backs: bool
) -> Frame:
    """The frame of a page of pieces whose colours at their cuts are ``edges``: a deck that shares
    its cuts opens a gap between rows of two colours (cardgrid.opened), each bleeding into its half."""
    faces = page_grid.slots(len(edges))
    if component.shares_cuts:
        faces = cardgrid.opened(page_grid, faces, list(edges), 2 * component.print_bleed)
    page = (page_grid.page_w, page_grid.page_h)
    cutting = tuple(crop_mark_items(component, faces, options.crop, page)) if options.cut_guides else ()
    face = Frame(
        page_grid.page_w,
        page_grid.page_h,
        tuple(faces),
        cutting,
        page_boxes(component, faces),
        face_clips=clips(component, faces, edges),
    )
    if not with_backs:
        return face
    w, h = page_grid.page_w, page_grid.page_h
    backs = [imposition.back_box(box, w, h, options.flip, options.back_offset) for box in faces]
    outline = not component.print_bleed  # a bled back needs no registration line, which shows when it is off
    outlines = tuple(Rect(box.x, box.y, box.w, box.h, pieces.BACK_OUTLINE) for box in backs if outline)
    framed = replace(face, backs=tuple(backs), outlines=outlines, back_boxes=page_boxes(component, backs))
    return replace(framed, back_clips=clips(component, backs))


def clips(component: DeckComponent, boxes: list[Box], edges: list[str | None] | None = None) -> tuple[Box, ...]:
    """For a deck that shares its cuts, what each piece at ``boxes`` prints: its trim and the bleed
    on the block's outer sides only (a bleed between two pieces would print over the neighbour);
    a side it shares with a piece of another colour at its cut (``edges``, one a box) stops
    EDGE_BAND inside its trim, so a cut off the line leaves no sliver of the neighbour's colour."""
    if not component.shares_cuts:
        return ()
    out = []
    for number, box in enumerate(boxes):
        band = (0.0, 0.0, 0.0, 0.0)
        if edges is not None:
            sides = cardgrid.touching(box, boxes)
            band = tuple(EDGE_BAND if any(edges[n] != edges[number] for n in side) else 0.0 for side in sides)  # type: ignore[assignment]
        out.append(cardgrid.shared_clip(box, boxes, component.print_bleed, band))
    return tuple(out)


def piece_groups(component: DeckComponent) -> tuple[int, ...]:
    """The rows' groups of a deck printed as pieces: one group for the whole deck, owner after
    owner, unless the kit asks for a group per owner (``group: owner``), each starting a row."""
    total = len(deck.deck_pieces(component))
    if component.group != "owner" or not component.owners:
        return (total,)
    return (total // len(component.owners),) * len(component.owners)


def piece_run(component: DeckComponent, ctx: Context, role: str, kind: str) -> pieces.PieceRun:
    """The deck as two-sided pieces: each face and its owner's back, drawn once and reused, in
    the groups of ``piece_groups``."""
    arts = []
    designs = deck.Designs(component, ctx)
    backs = backs_printed(component, ctx)
    for piece in deck.deck_pieces(component):
        back = designs.back(piece.owner, 0.0, 0.0) if backs else None
        row = manifest_row(kind, piece, Box(0, 0, component.width, component.height), "face", component)
        edge = deck.edge_colour(designs.design(piece.type, piece.owner))
        face = deck.piece_face(designs, piece)
        art = pieces.PieceArt(kind, row.component, row.copy, face, back, row.extra, edge=edge)
        arts.append(hexagonal(art, component) if hextiles.is_hexagonal(component) else art)
    title = ctx.tr(component.title) or component.id
    return pieces.PieceRun(
        component.id,
        role,
        title,
        component.width,
        component.height,
        tuple(arts),
        piece_groups(component),
        ("size",) if hextiles.is_hexagonal(component) else ("width",),
        component.print_bleed,
        # group: owner keeps its rows only if they cost no sheet, but always where the pieces share their cuts: a
        # colour's boundary on a shared cut left a sliver of another owner on a tile cut off it (kpn folded: 6 sheets)
        packed=not component.shares_cuts,
        nested=hextiles.is_hexagonal(component),
        shared=component.shares_cuts,
        stock=component.print.stock,
    )


def hexagonal(art: pieces.PieceArt, component: DeckComponent) -> pieces.PieceArt:
    """A hexagonal deck's piece: cut along the hexagon in its box, not along the box."""
    return replace(art, cut=HEXAGON, cut_box=Box(0.0, 0.0, component.width, component.height))


def two_sided_per_page(component: DeckComponent, paper: Paper) -> int:
    """How many pieces the two-sided imposition puts on the first sheet of ``paper``."""
    ctx = Context(paper, Localizer("en"))
    count, area, gutter = len(deck.deck_pieces(component)), pieces.piece_area(ctx), 2 * component.print_bleed
    try:
        if hextiles.is_hexagonal(component):
            found = hextiles.honeycomb_slots(count, component.width, component.height, area, gutter=gutter)
        else:
            groups = piece_groups(component)
            found = imposition.grid_slots(groups, component.width, component.height, area, gutter=gutter)
    except DoesNotFit:
        return 1
    return sum(1 for slot in found if slot.sheet == 0)


def face_page(
    designs: deck.Designs, frame: Frame, chunk: list[deck.DeckPiece], role: str, kind: str, side: PageSide | None = None
) -> Page:
    """One page of faces: designs, per-piece details, then cut lines and crop marks on top."""
    component = designs.deck
    items: list[Item] = []
    for number, (piece, box) in enumerate(zip(chunk, frame.faces, strict=True)):
        drawing = designs.face(piece, box.x, box.y)
        items.append(clipped(drawing, frame.face_clips[number]) if frame.face_clips else drawing)
        items.extend(deck.piece_items(designs.design(piece.type, piece.owner), piece, box.x, box.y))
    edges = [deck.edge_colour(designs.design(piece.type, piece.owner)) for piece in chunk]
    if designs.ctx.options.cut_guides:
        items += cut_line_items_for(component, list(frame.faces), edges)
    items += frame.cutting
    slots = zip(chunk, frame.faces, strict=True)
    rows = tuple(manifest_row(kind, piece, box, "face", component) for piece, box in slots)
    trim, bleed = frame.face_boxes
    name = designs.ctx.tr(component.title) or component.id  # the grid fills the page: the footer names it
    return Page(frame.width, frame.height, role, component.id, tuple(items), rows, side, trim, bleed, name)


def back_page(designs: deck.Designs, frame: Frame, chunk: list[deck.DeckPiece], role: str, kind: str) -> Page:
    """The backs of a page of faces, each where the printer's flip (and the back offset) puts it
    behind its face, outlined faintly to show the registration."""
    component = designs.deck
    items: list[Item] = []
    rows = []
    for number, (piece, box) in enumerate(zip(chunk, frame.backs, strict=True)):
        drawing = designs.back(piece.owner, box.x, box.y)
        items.append(clipped(drawing, frame.back_clips[number]) if frame.back_clips else drawing)
        rows.append(manifest_row(kind, piece, box, "back", component))
    items += frame.outlines
    trim, bleed = frame.back_boxes
    return Page(frame.width, frame.height, role, component.id, tuple(items), tuple(rows), "back", trim, bleed)


def cut_line_items_for(component: DeckComponent, boxes: list[Box], edges: list[str | None]) -> list[Item]:
    """Cut lines on the trim (one for two touching pieces) in a colour that shows on each piece's
    colour at its edge (``edges``). A deck that bleeds has them only on pieces whose colour at the
    edge looks like the paper (targ's 10 % tints), where nothing else shows the cut, as on pieces
    printed under a heading; elsewhere its crop marks show the cuts, and a hairline on a dark trim
    would show as a sliver on a piece cut a little off it. A deck whose pieces share their cuts
    gets no line on a trim at all but a tick at each corner where four pieces meet, as every
    block of such pieces (pieces.shared_ticks)."""
    if component.shares_cuts:
        return pieces.shared_ticks(boxes, edges)
    if component.print_bleed:
        light = [(box, edge) for box, edge in zip(boxes, edges, strict=True) if on_paper(edge)]
        return cut_line_items([box for box, _ in light], CUT) if light else []
    return cut_line_items(boxes, cut_stroke_on(edges[0] if len(set(edges)) == 1 else None))


def crop_mark_items(
    component: DeckComponent, boxes: list[Box], crop: CropMarks, page: tuple[float, float]
) -> list[Item]:
    """Crop marks on the paper outside the block and its bleed, in line with every cut, kept
    cardgrid.MARK_EDGE off the ``page``'s edges: black unless ``crop`` says another colour."""
    if not component.print_crop_marks:
        return []
    stroke = replace(CUT_ON_LIGHT, color=crop.colour)
    marks = cardgrid.off_edges(cardgrid.crop_marks(boxes, component.print_bleed, crop), *page)
    return [segment_line(s, stroke) for s in marks]


PageBoxes = tuple[tuple[float, float, float, float], tuple[float, float, float, float] | None]


def page_boxes(component: DeckComponent, boxes: list[Box]) -> PageBoxes:
    """The page's TrimBox (the block of pieces) and, with a bleed, its BleedBox."""
    block = cardgrid.bounds(boxes)
    bleed = cardgrid.grown(block, component.print_bleed) if component.print_bleed else None
    return (block.x, block.y, block.w, block.h), ((bleed.x, bleed.y, bleed.w, bleed.h) if bleed else None)


def manifest_row(kind: str, piece: deck.DeckPiece, box: Box, side: Side, component: DeckComponent) -> Piece:
    """Where the piece landed. Its type is the manifest's component and ``copy`` counts the type's
    pieces across owners (so a back matches its face by component and copy); owner and symbol too."""
    extra: list[tuple[str, object]] = [("deck", component.id)]
    owner_number = 0
    if piece.owner is not None:
        extra.append(("owner", piece.owner.id))
        owner_number = [o.id for o in component.owners or []].index(piece.owner.id)
    extra += [("symbol", piece.type.icon or piece.type.image or ""), ("index", piece.index), ("of", piece.type.count)]
    copy = owner_number * piece.type.count + piece.index
    return Piece(kind, piece.type.id, copy, box.x, box.y, box.w, box.h, side, tuple(extra))
