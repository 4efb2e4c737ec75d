"""Registration marks for a cutting machine's print-and-cut: where its software prints them, as data.

A ``MarkSet`` is one machine's marks (read from data/registration.json or the user's file of the
same name by ``output.marksets``): filled black rectangles in mm from the paper's top-left corner,
the same on every page size (the marks keep their distance from the paper's edges), and the
readable area inside them where every piece must lie. Pure arithmetic, no drawing: the pages get
them as ``Rect`` items, the cut file as the same rectangles.

Shapes of a mark (``Mark.shape``):

- ``square``: a filled square ``size`` wide, its outer corner ``inset`` from both edges at ``corner``;
- ``corner``: an L of two arms ``size`` long and ``thickness`` wide, its outer corner there;
- ``frame``: the outline of a rectangle ``thickness`` wide round the readable area, ``gap`` outside it.
"""

from __future__ import annotations

from typing import Literal

from msgspec import Struct

from printkit.layout.primitives import BLACK, Box, Rect

Corner = Literal["top-left", "top-right", "bottom-left", "bottom-right"]
Shape = Literal["square", "corner", "frame"]
CORNERS: tuple[Corner, ...] = ("top-left", "top-right", "bottom-left", "bottom-right")
QUIET = 2.0  # mm more round a mark where no words print (pieces keep ``clear``)
SHAPES: tuple[Shape, ...] = ("square", "corner", "frame")


class Mark(Struct, frozen=True):
    """One mark of a set (see the module for each shape)."""

    shape: Shape
    corner: Corner = "top-left"
    size: float = 0.0


class MarkSet(Struct, frozen=True):
    """A machine's registration marks and the readable area they allow.

    ``inset``: from the paper's edges to the marks' outer edges; ``thickness``: of every line;
    ``clear``: the paper kept blank round every mark and between the marks and the pieces;
    ``area``: the readable area's width and height, centred on the page, or None for the whole
    area inside the marks; ``gap``: between a frame and the readable area."""

    name: str
    title: str
    inset: float
    thickness: float
    marks: tuple[Mark, ...]
    clear: float = 1.0
    area: tuple[float, float] | None = None
    gap: float = 0.0
    sources: tuple[str, ...] = ()

    def readable(self, page_w: float, page_h: float) -> Box:
        """Where every piece must lie on a page of ``page_w`` × ``page_h`` mm."""
        if self.area is not None:
            w, h = self.area
            return Box((page_w - w) / 2, (page_h - h) / 2, w, h)
        edge = self.inset + self.thickness + self.clear
        return Box(edge, edge, page_w - 2 * edge, page_h - 2 * edge)

    def rects(self, page_w: float, page_h: float) -> list[Box]:
        """Every filled rectangle of the marks on that page, in order."""
        out: list[Box] = []
        for mark in self.marks:
            out += self._mark_rects(mark, page_w, page_h)
        return out

    def keep_out(self, page_w: float, page_h: float) -> list[Box]:
        """Each rectangle of the marks grown by ``clear``: no piece may reach into one (a frame keeps
        its ``gap`` to the readable area instead)."""
        c = self.clear
        return [
            Box(r.x - c, r.y - c, r.w + 2 * c, r.h + 2 * c)
            for mark in self.marks
            if mark.shape != "frame"
            for r in self._mark_rects(mark, page_w, page_h)
        ]

    def footprints(self, page_w: float, page_h: float) -> list[Box]:
        """Each mark's whole footprint (an L's square, not its two arms) grown by ``clear`` and
        QUIET: where the page prints no words, since the software scans round each mark (a review
        found the footer inside Silhouette's L and a heading 1 mm from its square)."""
        grow = self.clear + QUIET
        out = []
        for mark in self.marks:
            rects = self._mark_rects(mark, page_w, page_h)
            if mark.shape == "frame" or not rects:
                continue
            x0, y0 = min(r.x for r in rects), min(r.y for r in rects)
            x1, y1 = max(r.right for r in rects), max(r.bottom for r in rects)
            out.append(Box(x0 - grow, y0 - grow, x1 - x0 + 2 * grow, y1 - y0 + 2 * grow))
        return out

    def items(self, page_w: float, page_h: float) -> list[Rect]:
        """The marks as the page draws them: black, filled, no stroke."""
        return [Rect(r.x, r.y, r.w, r.h, stroke=None, fill=BLACK) for r in self.rects(page_w, page_h)]

    def margin(self, page_w: float, page_h: float) -> float:
        """How far from every edge of the paper a page's own content (its heading, its pieces) keeps,
        so that it stays in the readable area and ``clear`` of every mark: a mark lying in the band
        that wide along an edge is passed by."""
        area = self.readable(page_w, page_h)
        needs = [area.x, area.y, page_w - area.right, page_h - area.bottom]
        for r in self.rects(page_w, page_h):
            needs.append(min(r.bottom, page_h - r.y, r.right, page_w - r.x) + self.clear + QUIET)
        return max(needs)

    def _mark_rects(self, mark: Mark, page_w: float, page_h: float) -> list[Box]:
        t = self.thickness
        if mark.shape == "frame":
            area = self.readable(page_w, page_h)
            x, y = area.x - self.gap - t, area.y - self.gap - t
            w, h = area.w + 2 * (self.gap + t), area.h + 2 * (self.gap + t)
            return [
                Box(x, y, w, t),
                Box(x, y + h - t, w, t),
                Box(x, y + t, t, h - 2 * t),
                Box(x + w - t, y + t, t, h - 2 * t),
            ]
        right, bottom = mark.corner.endswith("right"), mark.corner.startswith("bottom")
        x = page_w - self.inset - mark.size if right else self.inset
        y = page_h - self.inset - mark.size if bottom else self.inset
        if mark.shape == "square":
            return [Box(x, y, mark.size, mark.size)]
        across = Box(x, page_h - self.inset - t if bottom else self.inset, mark.size, t)
        down_x = page_w - self.inset - t if right else self.inset
        down_y = y if bottom else self.inset + t
        return [across, Box(down_x, down_y, t, mark.size - t)]
