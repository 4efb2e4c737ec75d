"""Where a laid-out item puts ink: bounding boxes in page millimetres, groups flattened.

The validator uses these to prove that nothing leaves the printable area, that texts fit their
boxes and that pieces and texts do not overlap; layout modules may use them to place things.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from printkit import fonts
from printkit.layout.primitives import Circle, Group, Image, Item, Line, Path, Rect, RichText, Text

Extent = tuple[float, float, float, float]  # the corners x0, y0, x1, y1 (not a Box: that is x, y, w, h)


class Placed(NamedTuple):
    """An item (never a group) and where the groups around it put it: page = sign * local + (tx, ty).

    A named tuple, not a dataclass: the page checks make one for every text of every card."""

    item: Item
    tx: float = 0.0
    ty: float = 0.0
    sign: float = 1.0  # the scale of the groups around it, negative inside an odd number turned by 180 degrees

    def box(self, x0: float, y0: float, x1: float, y1: float) -> Extent:
        ax, ay = self.sign * x0 + self.tx, self.sign * y0 + self.ty
        bx, by = self.sign * x1 + self.tx, self.sign * y1 + self.ty
        if ax < bx and ay < by:  # the usual case, without four calls
            return ax, ay, bx, by
        return min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)


def flatten(
    items: tuple[Item, ...] | list[Item], tx: float = 0.0, ty: float = 0.0, sign: float = 1.0
) -> Iterator[Placed]:
    """Every drawn item of a page, groups opened (scaled, turned), with where it lands on the page."""
    for item in items:
        if not isinstance(item, Group):
            yield Placed(item, tx, ty, sign)
        else:
            yield from flatten(item.items, *group_transform(item, tx, ty, sign))


def group_transform(group: Group, tx: float = 0.0, ty: float = 0.0, sign: float = 1.0) -> tuple[float, float, float]:
    """Where the group's own coordinates land: page = factor * local + (x, y), as (x, y, factor)."""
    if group.rotate == 180:
        return tx + sign * (group.x + group.shown_w), ty + sign * (group.y + group.shown_h), -sign * group.scale
    return tx + sign * group.x, ty + sign * group.y, sign * group.scale


def text_width(item: Text) -> float:
    return fonts.text_width(item.text, item.size_pt, item.bold, item.face)


def text_left(item: Text) -> float:
    width = text_width(item)
    return {"center": item.x - width / 2, "right": item.x - width}.get(item.align, item.x)


def ink_box(placed: Placed) -> Extent | None:
    """The item's extent on the page: the whole line box for text, the outline for shapes."""
    rect = ink_rect(placed.item)
    return None if rect is None else placed.box(*rect)


def ink_rect(item: Item) -> Extent | None:
    """ink_box in the item's own coordinates."""
    if isinstance(item, Image) and item.clip is not None:
        x, y, w, h = item.clip
        return x, y, x + w, y + h
    if isinstance(item, (Rect, RichText, Image)):
        return item.x, item.y, item.x + item.w, item.y + item.h
    if isinstance(item, Line):
        return min(item.x1, item.x2), min(item.y1, item.y2), max(item.x1, item.x2), max(item.y1, item.y2)
    if isinstance(item, Circle):
        return item.cx - item.r, item.cy - item.r, item.cx + item.r, item.cy + item.r
    if isinstance(item, Path) and item.points:
        xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
        return min(xs), min(ys), max(xs), max(ys)
    if isinstance(item, Text):
        rects = text_rects(item)
        return rects[0] if rects else None
    return None


def core_box(placed: Placed) -> Extent | None:
    """A text's capitals from baseline to cap height: what two lines of text must never share."""
    rect = core_rect(placed.item)
    return None if rect is None else placed.box(*rect)


def core_rect(item: Item) -> Extent | None:
    """core_box in the item's own coordinates."""
    if isinstance(item, Text):
        rects = text_rects(item)
        return rects[1] if rects else None
    if isinstance(item, RichText):
        return item.x, item.y, item.x + item.w, item.y + item.h
    return None


def text_rects(item: Text) -> tuple[Extent, Extent] | None:
    """A line's ink rect and core rect in its own coordinates (None when it prints nothing),
    measured together: the page checks ask for both of every line."""
    if not item.text.strip():
        return None
    width = text_width(item)
    left = {"center": item.x - width / 2, "right": item.x - width}.get(item.align, item.x)
    ascent, descent = fonts.vertical_extent(item.size_pt, item.bold, item.face)
    right, cap = left + width, fonts.cap_height(item.size_pt, item.face)
    return (left, item.y - ascent, right, item.y + descent), (left, item.y - cap, right, item.y)


def overlap(a: Extent, b: Extent) -> tuple[float, float]:
    """How far two boxes overlap across and down (negative when apart)."""
    return min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])


def contains(outer: Extent, inner: Extent, tolerance: float = 0.05) -> bool:
    return (
        outer[0] - tolerance <= inner[0]
        and outer[1] - tolerance <= inner[1]
        and inner[2] <= outer[2] + tolerance
        and inner[3] <= outer[3] + tolerance
    )


def is_ink(placed: Placed) -> bool:
    """False for items that print nothing (no stroke and no fill)."""
    item = placed.item
    if isinstance(item, (Rect, Circle, Path)):
        return item.stroke is not None or item.fill is not None
    return True


def clipped(ink: Extent | None, clip: tuple[tuple[float, float], ...]) -> Extent | None:
    """The ink a group's clip lets show: a tiled pattern is drawn a repeat past its piece on every
    side and clipped to it (layout/patterns.py), so its ink ends at the clip, not at its lines."""
    if ink is None or not clip:
        return ink
    xs, ys = [x for x, _ in clip], [y for _, y in clip]
    x0, y0, x1, y1 = max(ink[0], min(xs)), max(ink[1], min(ys)), min(ink[2], max(xs)), min(ink[3], max(ys))
    return (x0, y0, x1, y1) if x0 < x1 and y0 < y1 else None
