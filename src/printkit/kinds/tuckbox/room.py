"""A tuck box's inside: the size of the deck it holds (sleeved when the deck names its sleeve),
as deep as its pieces are thick, twice as thick when the build folds them (face and back glued)."""

from __future__ import annotations

from typing import Any

from msgspec import Struct

from printkit.kinds.tuckbox.model import BoxBase
from printkit.layout.context import Context


class Inside(Struct, frozen=True):
    """The box's inner size in mm and what it is made from."""

    width: float
    height: float
    depth: float
    cards: int


def inside(box: BoxBase, numbers: dict[str, Any], layers: int = 1) -> Inside | None:
    """The inside of ``box`` from the numbers of the deck it holds, sleeved when the deck names its
    sleeve ({deck.sleeve_width}), each piece ``layers`` sheets of card thick (``folded_layers``);
    None when it holds no deck."""
    deck = box.holds
    if not all(f"{deck}.{name}" in numbers for name in ("width", "height", "total")):
        return None
    cards = int(numbers[f"{deck}.total"])
    width, height = held_size(deck, numbers)
    room = box.sleeve + box.allowance
    return Inside(width + room, height + room, cards * box.thickness * layers + box.allowance, cards)


def folded_layers(box: BoxBase, ctx: Context) -> int:
    """2 when this build folds the held deck's pieces (--two-sided fold, a deck with backs): each is
    then its face and its back glued together, twice as thick (a review: kpn's fold build made
    double-card tiles for a box sized for single ones; 60 would not go in); else 1."""
    deck = box.holds
    folded = ctx.options.two_sided == "fold" and deck not in ctx.options.faces_only
    return 2 if folded and ctx.tr.numbers.get(f"{deck}.back.length") else 1


def held_size(deck: str, numbers: dict[str, Any]) -> tuple[float, float]:
    """A piece of ``deck`` as it is held and laid down: in its sleeve when the deck names one."""
    if f"{deck}.sleeve_width" in numbers:
        return float(numbers[f"{deck}.sleeve_width"]), float(numbers[f"{deck}.sleeve_height"])
    return float(numbers[f"{deck}.width"]), float(numbers[f"{deck}.height"])
