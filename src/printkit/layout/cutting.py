"""The aids to cutting a sheet of pieces that the user asked for, added to the laid-out pages: a
cutting machine's registration marks (--registration, ``registration``) and the numbered
guillotine cuts (--cut-plan, ``cutplan``).

Both go on a sheet that has pieces to cut (a page of faces, or of faces to fold over), never on
a page of duplex backs: the machine reads the face, and the trimmer cuts it face up. The marks are
refused, with the reason, when a piece or anything else printed lies outside the area they leave.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.base.errors import LayoutProblem
from printkit.base.records import replace
from printkit.layout import bounds, cutplan
from printkit.layout.cardgrid import MARK_EDGE
from printkit.layout.context import SAFE_EDGE, Context
from printkit.layout.primitives import Box, Item, Page, Piece
from printkit.layout.registration import MarkSet
from printkit.words.typography import typeset

if TYPE_CHECKING:
    from printkit.kit.kinds import Registry
    from printkit.kit.model import Kit


def pieces_ctx(ctx: Context) -> Context:
    """The context the components are laid out in: with registration marks, a margin that keeps
    every heading, piece and ruler clear of them (the rules' pages keep theirs)."""
    marks = ctx.options.registration
    if marks is None:
        return ctx
    return replace(ctx, margin=max(ctx.margin, marks.margin(ctx.paper.width, ctx.paper.height)))


def cut_pieces(page: Page, kinds: Registry) -> list[Piece]:
    """The pieces cut out of ``page`` face up: none on a page of backs."""
    if page.side == "back":
        return []
    return [piece for piece in page.pieces if kinds.cut(piece.kind) and piece.side == "face"]


def with_cutting_aids(pages: list[Page], ctx: Context, kit: Kit) -> list[Page]:
    """``pages`` with the registration marks and the cut plan ctx's options ask for on every sheet
    of pieces; LayoutProblem when a sheet breaks the marks' readable area."""
    options = ctx.options
    if options.registration is None and not options.cut_plan:
        return pages
    out = []
    sheets: dict[str | None, int] = {}  # each component's pages so far, to name the one refused
    for page in pages:
        number = sheets[page.component] = sheets.get(page.component, 0) + 1
        pieces = cut_pieces(page, kit.kinds)
        added: list[Item] = []
        if pieces and options.registration is not None:
            check_readable(page, number, pieces, options.registration, kit)
            added += options.registration.items(page.width, page.height)
        if pieces and options.cut_plan:
            added += plan_items(page, pieces, ctx)
        out.append(replace(page, items=page.items + tuple(added)) if added else page)
    return out


PLAN_EDGE = MARK_EDGE  # mm: the cut numbers' distance from the paper's edge, as far in as crop marks stop
# (SAFE_EDGE's 5 mm is where nothing may print; at 5.0-5.6 mm, then at 6, reviews found numbers printers clip)


def plan_items(page: Page, pieces: list[Piece], ctx: Context) -> list[Item]:
    """The numbers of the sheet's cuts in its margin; none for pieces no guillotine frees (a
    honeycomb of hexagons: a machine or scissors cut those). A sheet of faces to fold over is cut
    folded: its plan frees the faces from the half left of the fold (pieces.fold_pages)."""
    # a sheet to fold over is folded and glued first: its faces' half is what is cut
    width = page.width / 2 if page.side == "fold" else page.width
    try:
        cuts = cutplan.plan(Box(0.0, 0.0, width, page.height), piece_boxes(pieces))
    except cutplan.NoGuillotinePlan:
        return []
    legend = typeset(ctx.tr.msg("cut_plan", n=len(cuts)), ctx.lang)
    edge = SAFE_EDGE if ctx.options.registration is not None else PLAN_EDGE  # marks lie 10 mm in
    return cutplan.plan_items(cuts, page.width, page.height, edge, legend)


def piece_boxes(pieces: list[Piece]) -> list[Box]:
    return [Box(piece.x, piece.y, piece.width, piece.height) for piece in pieces]


def check_readable(page: Page, number: int, pieces: list[Piece], marks: MarkSet, kit: Kit) -> None:
    """Every piece inside the marks' readable area and clear of every mark, and nothing printed on
    a mark; else LayoutProblem naming the component's page (``number``, from 1), what lies where,
    and how far off."""
    if page.width > page.height:
        raise problem(
            kit,
            page,
            f"--registration {marks.name}: page {number} of '{page.component}' is landscape, and a cutting machine "
            "reads its marks on the sheet fed portrait; give the component orientation: portrait",
        )
    area = marks.readable(page.width, page.height)
    for piece in pieces:
        past = outside(Box(piece.x, piece.y, piece.width, piece.height), area)
        if past > 0.05:
            raise problem(
                kit,
                page,
                f"--registration {marks.name}: on page {number} of '{page.component}', {named(piece, page)} "
                f"lies {past:.1f} mm outside the {area.w:.1f} × {area.h:.1f} mm that {marks.title} reads between "
                f"its marks; put fewer pieces on a page (per_page, orientation) or print it without --registration",
            )
    keep_out = marks.keep_out(page.width, page.height)
    for placed in bounds.flatten(page.items):
        ink = bounds.ink_box(placed)
        if ink is None:
            continue
        for box in keep_out:
            across, down = bounds.overlap(ink, (box.x, box.y, box.right, box.bottom))
            if across > 0.05 and down > 0.05:
                raise problem(
                    kit,
                    page,
                    f"--registration {marks.name}: on page {number} of '{page.component}', what it prints at "
                    f"{ink[0]:.1f}, {ink[1]:.1f} mm reaches onto a registration mark at {box.x + marks.clear:.1f}, "
                    f"{box.y + marks.clear:.1f} mm (kept {marks.clear:g} mm clear); print it without --registration",
                )


def named(piece: Piece, page: Page) -> str:
    """A piece as the kit names it: "card 3", or "card 3 ('berries')" for a type of the page's component."""
    own = f" ('{piece.component}')" if piece.component != page.component else ""
    return f"{piece.kind} {piece.copy}{own}"


def outside(box: Box, area: Box) -> float:
    """How far ``box`` reaches past ``area`` on its worst side (0 or less: inside)."""
    return max(area.x - box.x, area.y - box.y, box.right - area.right, box.bottom - area.bottom)


def problem(kit: Kit, page: Page, message: str) -> LayoutProblem:
    """The problem blamed on the page's component in the kit."""
    ids = [component.id for component in kit.components]
    loc: tuple[object, ...] = ("components", ids.index(page.component)) if page.component in ids else ()
    return LayoutProblem(loc, message)
