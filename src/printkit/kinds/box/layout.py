"""A two-part box: a tray and a lid, each a net of a base, four walls and four corner glue tabs.

The deck lies flat in the tray. Each net is a cross: the base in the middle, a wall on each side,
and on the side walls' ends the tabs that are glued inside the end walls. The lid's base carries
the label and the picture (it is the box's top); the knife follows each net's outline.
"""

from __future__ import annotations

from typing import Any

from msgspec import Struct

from printkit import fonts
from printkit.base.errors import LayoutProblem
from printkit.base.records import replace
from printkit.kinds.box.model import TrayBoxComponent
from printkit.kinds.box.words import MESSAGES
from printkit.kinds.tuckbox.finish import BLEED, GLUE_CLEAR, GlueTab, net_drawing, readable_ink
from printkit.kinds.tuckbox.layout import (
    SMALL_PT,
    TITLE_PT,
    box_extra,
    facts_items,
    front_art,
    making_steps,
    net_and_steps_top,
    orientation_on,
    room_on,
    steps_block,
    too_big,
)
from printkit.kinds.tuckbox.layout import numbers as tuck_box_numbers
from printkit.kinds.tuckbox.room import Inside, inside
from printkit.kinds.tuckbox.words import MESSAGES as BOX_WORDS
from printkit.layout.context import Context, Paper
from printkit.layout.cutpath import CutPath, Point
from printkit.layout.marks import piece_page_header
from printkit.layout.primitives import Item, Page, Piece
from printkit.layout.text import fit_text

TAB_TAPER = 2.0  # mm: a glue tab's free edge is this much shorter at each end
TAB_SHORT = 1.0  # a tab is this much lower than its wall, so it does not show above it
GAP = 6.0 + 2 * BLEED  # between the lid's and the tray's nets on one page: 6 mm between their bleeds


class TrayNet(Struct, frozen=True):
    """A base of ``w`` x ``h`` with walls ``d`` high, in mm from its bounding box's corner."""

    w: float
    h: float
    d: float

    @property
    def width(self) -> float:
        return self.w + 2 * self.d

    @property
    def height(self) -> float:
        return self.h + 2 * self.d

    def outline(self) -> tuple[Point, ...]:
        """Clockwise from the top wall's top-left corner; the side walls' tabs fill the corners."""
        w, h, d = self.w, self.h, self.d
        tab, taper = max(d - TAB_SHORT, d / 2), min(TAB_TAPER, d / 4)
        right, bottom = d + w, d + h
        return (
            (d, 0.0),
            (right, 0.0),
            (right, d),
            (right + taper, d - tab),
            (right + d - taper, d - tab),
            (right + d, d),
            (right + d, bottom),
            (right + d - taper, bottom + tab),
            (right + taper, bottom + tab),
            (right, bottom),
            (right, bottom + d),
            (d, bottom + d),
            (d, bottom),
            (d - taper, bottom + tab),
            (taper, bottom + tab),
            (0.0, bottom),
            (0.0, d),
            (taper, d - tab),
            (d - taper, d - tab),
            (d, d),
        )

    def folds(self) -> tuple[tuple[Point, Point], ...]:
        """The base's four edges and the tabs' folds, on the side walls' ends."""
        w, h, d = self.w, self.h, self.d
        right, bottom = d + w, d + h
        return (
            ((d, d), (right, d)),
            ((d, bottom), (right, bottom)),
            ((d, d), (d, bottom)),
            ((right, d), (right, bottom)),
            ((0.0, d), (d, d)),
            ((0.0, bottom), (d, bottom)),
            ((right, d), (right + d, d)),
            ((right, bottom), (right + d, bottom)),
        )

    def glue_tabs(self) -> tuple[GlueTab, ...]:
        """The four tabs on the side walls' ends, bare from GLUE_CLEAR off their folds out past
        their bleed, but for the BLEED beside the end wall they tuck behind (its edge keeps its bleed)."""
        w, h, d = self.w, self.h, self.d
        tab = max(d - TAB_SHORT, d / 2)
        right, bottom = d + w, d + h
        tabs = []
        for x0, x1 in ((-BLEED, d - BLEED), (right + BLEED, right + d + BLEED)):
            for fold, away in ((d, -1.0), (bottom, 1.0)):
                near, far = fold + away * GLUE_CLEAR, fold + away * (tab + BLEED)
                clear = ((x0, near), (x1, near), (x1, far), (x0, far))
                centre = ((x0 + x1) / 2, fold + away * (GLUE_CLEAR + tab) / 2)
                tabs.append(GlueTab(clear, centre, d - BLEED - TAB_TAPER - 0.6))
        return tuple(tabs)


def nets(box: TrayBoxComponent, room: Inside) -> tuple[TrayNet, TrayNet]:
    """The lid's net and the tray's."""
    tray = TrayNet(room.width, room.height, room.depth)
    return TrayNet(room.width + box.lid_room, room.height + box.lid_room, room.depth), tray


def numbers(box: TrayBoxComponent, paper: Paper) -> dict[str, Any]:
    """The box's own settings, named as a tuck box's; its sizes come from the deck it holds (``derived``)."""
    return tuck_box_numbers(box, paper)


def derived(box: TrayBoxComponent, values: dict[str, Any]) -> dict[str, Any]:
    """{box.width}, {box.height}, {box.depth} (the tray's inside, mm), {box.cards}, {box.lid_width},
    {box.lid_height}."""
    room = inside(box, values)
    if room is None:
        return {}
    lid, _ = nets(box, room)
    sizes = {"width": room.width, "height": room.height, "depth": room.depth, "lid_width": lid.w, "lid_height": lid.h}
    return {f"{box.id}.{name}": round(value, 3) for name, value in sizes.items()} | {f"{box.id}.cards": room.cards}


class Together(Struct, frozen=True):
    """Both nets' bounding box when they share a page, side by side or one above the other."""

    width: float
    height: float
    across: bool


def together(lid: TrayNet, tray: TrayNet, paper: Paper) -> Together | None:
    """How both nets fit one portrait page, if they do."""
    free_w, free_h = room_on(paper)
    beside = Together(lid.width + GAP + tray.width, max(lid.height, tray.height), True)
    above = Together(max(lid.width, tray.width), lid.height + GAP + tray.height, False)
    for option in (beside, above):
        if option.width <= free_w + 1e-9 and option.height <= free_h + 1e-9:
            return option
    return None


def layout(box: TrayBoxComponent, ctx: Context) -> list[Page]:
    room = inside(box, ctx.tr.numbers)
    if room is None:
        raise LayoutProblem(("holds",), f"'{box.holds}' is not a deck of this kit")
    lid, tray = nets(box, room)
    for net, what in ((lid, "the box's lid net"), (tray, "the box's tray net")):
        if orientation_on(net, ctx.paper) is None:
            raise LayoutProblem(("holds",), too_big(net, (ctx.paper,), what))
    title = ctx.tr(box.title) or ctx.tr.own(MESSAGES["traybox_title"], label=ctx.tr(box.label))
    instruction = ctx.tr.own(MESSAGES["traybox_instruction"])
    steps = making_steps(ctx, ctx.tr.own(MESSAGES["traybox_step_glue"]), ctx.tr.own(MESSAGES["traybox_step_close"]))
    shared = together(lid, tray, ctx.paper)
    if shared is not None:
        y, steps_top = net_and_steps_top(shared.height, ctx.paper, steps)
        x = (ctx.paper.width - shared.width) / 2
        spots = [(lid, 1, x, y)]
        spots.append((tray, 2, x + lid.width + GAP, y) if shared.across else (tray, 2, x, y + lid.height + GAP))
        page = net_page(box, room, ctx, ctx.paper, title, instruction, spots)
        return [with_steps(page, ctx, ctx.paper, steps_top, steps)]
    pages = []
    for net, copy in ((lid, 1), (tray, 2)):
        paper = orientation_on(net, ctx.paper)
        assert paper is not None, "checked above"
        y, steps_top = net_and_steps_top(net.height, paper, steps)
        spot = (net, copy, (paper.width - net.width) / 2, y)
        page = net_page(box, room, replace(ctx, paper=paper), paper, title, instruction, [spot])
        pages.append(with_steps(page, ctx, paper, steps_top, steps))
    return pages


def with_steps(page: Page, ctx: Context, paper: Paper, top: float | None, steps: list[str]) -> Page:
    """``page`` with the steps of making the box under its nets, when they found room (``top``)."""
    if top is None:
        return page
    return replace(page, items=page.items + tuple(steps_block(ctx, paper, top, steps)))


def net_page(
    box: TrayBoxComponent,
    room: Inside,
    ctx: Context,
    paper: Paper,
    title: str,
    instruction: str,
    spots: list[tuple[TrayNet, int, float, float]],
) -> Page:
    """A page of nets: copy 1 is the lid (with the label and picture on its base), copy 2 the tray."""
    items: list[Item] = piece_page_header(ctx, title, instruction)
    pieces = []
    for net, copy, x, y in spots:
        items += net_drawing(net, box.color, x, y, ctx.tr.own(BOX_WORDS["box_glue"]))
        if copy == 1:
            items += lid_face(box, net, room, ctx, x, y)
        part = ("part", "lid" if copy == 1 else "tray")
        cut = CutPath("polygon", net.outline())
        pieces.append(
            Piece("box", box.id, copy, x, y, net.width, net.height, extra=box_extra(box, room) + (part,), cut=cut)
        )
    return Page(paper.width, paper.height, "box", box.id, tuple(items), tuple(pieces))


def lid_face(box: TrayBoxComponent, net: TrayNet, room: Inside, ctx: Context, x: float, y: float) -> list[Item]:
    """The lid's base: the label at the top, the picture, what the box holds at the bottom."""
    ink = readable_ink(box.color)
    left, top, inner = x + net.d, y + net.d, net.w - 6.0
    centre = left + net.w / 2
    title_y = top + 4.0 + fonts.cap_height(TITLE_PT)
    items: list[Item] = [
        fit_text(
            centre, title_y, ctx.tr(box.label), inner, TITLE_PT, smallest=SMALL_PT, bold=True, align="center", color=ink
        )
    ]
    facts, title_y = facts_items(ctx, centre, title_y, inner, ink)
    items += facts
    holds = ctx.tr(box.contents) or ctx.tr.msg("tuckbox_holds", count=room.cards)
    holds_y = top + net.h - 4.0
    items.append(fit_text(centre, holds_y, holds, inner, 9.0, smallest=SMALL_PT, align="center", color=ink))
    picture_top = title_y + 4.0
    picture_h = holds_y - fonts.cap_height(9.0) - 4.0 - picture_top
    look = (box.color, readable_ink(box.color))
    items += front_art(box.image, box.color, look, ctx, left + 3.0, picture_top, inner, picture_h)
    return items
