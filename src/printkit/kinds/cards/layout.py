"""Cards: a deck printed face up, as many to a page as fit (or as the kit promises).

The grid comes from ``cardgrid`` (pure arithmetic), each face from ``deck`` (drawn once per type
and reused); this module puts them on pages with their cut lines, crop marks and trim boxes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from printkit.base.errors import LayoutProblem
from printkit.kinds.cards import deck
from printkit.kinds.cards.model import DeckComponent
from printkit.layout import cardgrid, hextiles, imposition, pieces
from printkit.layout.cardgrid import CardGrid, GridSpec
from printkit.layout.context import Context, Options, Paper
from printkit.layout.cutpath import CutPath
from printkit.layout.imposition import DoesNotFit
from printkit.layout.marks import CUT_ON_LIGHT, cut_line_items, cut_stroke_on, segment_line
from printkit.layout.primitives import Box, Item, Page, PageSide, Piece, Rect, Side
from printkit.words.locale import Localizer

ROLE, PIECE = "cards", "card"
HEXAGON = CutPath("hexagon")


def spec(component: DeckComponent) -> GridSpec:
    return GridSpec(
        component.width, component.height, component.print_gutter, component.print_bleed, component.print_crop_marks
    )


def grid(component: DeckComponent, paper: Paper) -> CardGrid:
    try:
        return cardgrid.choose_grid(paper, spec(component), component.per_page, component.orientation)
    except DoesNotFit as exc:
        raise LayoutProblem(
            ("per_page",) if component.per_page else ("width",),
            f"{exc} (make the pieces smaller or the per_page lower)",
        ) from None


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
        chosen = cardgrid.choose_grid(ctx.paper, spec(component), None, component.orientation).capacity
        without = cardgrid.choose_grid(ctx.paper, bare, None, component.orientation).capacity
    except DoesNotFit:
        return None
    if chosen >= without:
        return None
    return (
        f"{component.kind} '{component.id}': bleed {component.print_bleed:g} mm: {chosen} {component.kind} per "
        f"{ctx.paper.name} sheet instead of {without} (the bleed and its {component.print_gutter:g} mm gutter "
        f"between pieces take the room; bleed: 0 and gutter: 0 put {without} on a sheet)"
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
    if component.back and ctx.options.two_sided == "fold":
        raise LayoutProblem(
            ("imposition",),
            "a deck on the card grid prints its backs on the following page; build it with --two-sided duplex, or "
            "give it imposition: pieces to fold the backs over",
        )
    page_grid = grid(component, ctx.paper)
    items = deck.deck_pieces(component)
    step = component.per_page or page_grid.capacity
    side: PageSide | None = "face" if component.back else None
    designs = deck.Designs(component, ctx)
    frames: dict[int, Frame] = {}
    pages = []
    for i in range(0, len(items), step):
        chunk = items[i : i + step]
        if len(chunk) not in frames:
            frames[len(chunk)] = frame(component, page_grid, len(chunk), ctx.options)
        pages.append(face_page(designs, frames[len(chunk)], chunk, role, kind, side))
        if component.back:
            pages.append(back_page(designs, frames[len(chunk)], chunk, role, kind))
    return pages


@dataclass(frozen=True)
class Frame:
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


def frame(component: DeckComponent, page_grid: CardGrid, count: int, options: Options) -> Frame:
    faces = page_grid.slots(count)
    cutting = tuple(crop_mark_items(component, faces)) if options.cut_guides else ()
    face = Frame(page_grid.page_w, page_grid.page_h, tuple(faces), cutting, page_boxes(component, faces))
    if not component.back:
        return face
    w, h = page_grid.page_w, page_grid.page_h
    backs = [imposition.back_box(box, w, h, options.flip, options.back_offset) for box in faces]
    outline = not component.print_bleed  # a bled back needs no registration line, which shows when it is off
    outlines = tuple(Rect(box.x, box.y, box.w, box.h, pieces.BACK_OUTLINE) for box in backs if outline)
    return replace(face, backs=tuple(backs), outlines=outlines, back_boxes=page_boxes(component, backs))


def piece_run(component: DeckComponent, ctx: Context, role: str, kind: str) -> pieces.PieceRun:
    """The deck as two-sided pieces: each face and its owner's back, drawn once and reused.

    One group for the whole deck, owner after owner: a group per owner would start each owner on
    a new row, and when an owner's count is odd the imposition then falls back to one column."""
    arts = []
    designs = deck.Designs(component, ctx)
    for piece in deck.deck_pieces(component):
        back = designs.back(piece.owner, 0.0, 0.0) if component.back else None
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
        (len(arts),),
        ("size",) if hextiles.is_hexagonal(component) else ("width",),
        component.print_bleed,
        nested=hextiles.is_hexagonal(component),
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
            found = imposition.grid_slots([count], component.width, component.height, area, gutter=gutter)
    except DoesNotFit:
        return 1
    return sum(1 for slot in found if slot.sheet == 0)


def face_page(
    designs: deck.Designs, frame: Frame, chunk: list[deck.DeckPiece], role: str, kind: str, side: PageSide | None = None
) -> Page:
    """One page of faces: designs, per-piece details, then cut lines and crop marks on top."""
    component = designs.deck
    items: list[Item] = []
    for piece, box in zip(chunk, frame.faces, strict=True):
        items.append(designs.face(piece, box.x, box.y))
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
    for piece, box in zip(chunk, frame.backs, strict=True):
        items.append(designs.back(piece.owner, box.x, box.y))
        rows.append(manifest_row(kind, piece, box, "back", component))
    items += frame.outlines
    trim, bleed = frame.back_boxes
    return Page(frame.width, frame.height, role, component.id, tuple(items), tuple(rows), "back", trim, bleed)


def cut_line_items_for(component: DeckComponent, boxes: list[Box], edges: list[str | None]) -> list[Item]:
    """Cut lines on the trim (one for two touching pieces) in a colour that shows on each piece's
    colour at its edge (``edges``); none on a deck that bleeds: its crop marks show the cuts, and a
    hairline on the trim would show as a sliver on a piece cut a little off it."""
    if component.print_bleed:
        return []
    return cut_line_items(boxes, cut_stroke_on(edges[0] if len(set(edges)) == 1 else None))


def crop_mark_items(component: DeckComponent, boxes: list[Box]) -> list[Item]:
    """Black crop marks on the paper outside the block and its bleed, in line with every cut."""
    if not component.print_crop_marks:
        return []
    return [segment_line(s, CUT_ON_LIGHT) for s in cardgrid.crop_marks(boxes, component.print_bleed)]


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
