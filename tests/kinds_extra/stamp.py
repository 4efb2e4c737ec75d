"""A kind that exists only for tests/test_kinds.py: one module, its model beside its KIND, as
CONTRIBUTING.md asks of every kind. A stamp is a square of a given side, one to a page; the
rules' figures may place it (``stamp.face``)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from printkit.kinds.base import Kind, PieceKind
from printkit.kit.shared import ComponentBase, Length
from printkit.layout.context import Context, Paper
from printkit.layout.placeable import Placeable
from printkit.layout.primitives import Group, Page, Piece, Rect, Side


class StampComponent(ComponentBase):
    """A square stamp, for the registry's test: its side is its only field.

    Numbers: {id.side} (mm).
    """

    kind: Literal["stamp"] = Field(description="The component's kind: 'stamp', a square of a given side.")
    side: Length = Field(description="The stamp's side.")


def numbers(stamp: StampComponent, paper: Paper) -> dict[str, float]:
    return {f"{stamp.id}.side": stamp.side}


def layout(stamp: StampComponent, ctx: Context) -> list[Page]:
    x = y = ctx.margin
    square = Rect(x, y, stamp.side, stamp.side)
    piece = Piece("stamp", stamp.id, 0, x, y, stamp.side, stamp.side)
    return [Page(ctx.paper.width, ctx.paper.height, "board", stamp.id, (square,), (piece,))]


def figure_piece(stamp: StampComponent, parts: list[str]) -> Placeable | str:
    if parts != ["face"]:
        return f"a stamp is '{stamp.id}.face'"

    def draw(ctx: Context, side: Side) -> Group:
        return Group(("stamp", stamp.id), 0.0, 0.0, stamp.side, stamp.side, (Rect(0.0, 0.0, stamp.side, stamp.side),))

    return Placeable(stamp.id, (stamp.id,), 1, False, draw, (stamp.side, stamp.side))


def first_piece(stamp: StampComponent) -> list[str]:
    return ["face"]


KIND = Kind(
    "stamp",
    StampComponent,
    layout,
    numbers,
    pieces=(PieceKind("stamp", scale_critical=False),),
    figure_piece=figure_piece,
    first_piece=first_piece,
)
