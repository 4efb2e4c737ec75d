"""The stamp's numbers and page: the square at the page's top-left margin."""

from __future__ import annotations

from printkit.layout.context import Context, Paper
from printkit.layout.placeable import Placeable
from printkit.layout.primitives import Group, Page, Piece, Rect, Side

from .model import StampComponent


def numbers(stamp: StampComponent, paper: Paper) -> dict[str, float]:
    return {f"{stamp.id}.side": stamp.side}


def layout(stamp: StampComponent, ctx: Context) -> list[Page]:
    x = y = ctx.margin
    square = Rect(x, y, stamp.side, stamp.side)
    piece = Piece("stamp", stamp.id, 0, x, y, stamp.side, stamp.side)
    return [Page(ctx.paper.width, ctx.paper.height, "stamp", stamp.id, (square,), (piece,))]


def figure_piece(stamp: StampComponent, parts: list[str]) -> Placeable | str:
    if parts != ["face"]:
        return f"a stamp is '{stamp.id}.face'"

    def draw(ctx: Context, side: Side) -> Group:
        return Group(("stamp", stamp.id), 0.0, 0.0, stamp.side, stamp.side, (Rect(0.0, 0.0, stamp.side, stamp.side),))

    return Placeable(stamp.id, (stamp.id,), 1, False, draw, (stamp.side, stamp.side))


def first_piece(stamp: StampComponent) -> list[str]:
    return ["face"]
