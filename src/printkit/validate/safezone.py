"""The safe zone of a piece that bleeds: its text and frames at least SAFE_ZONE inside its trim.

A piece that bleeds is cut from mark to mark with nothing on its trim (docs/printing.md, "How
pieces are cut"); a cut a little off, or a print shop's tolerance (3 mm is the usual promise),
then runs into anything drawn nearer the trim: a frame sits lopsided or is cut, a word loses its
edge. What is measured is the ink of texts (from the baseline to the capitals' height) and of
stroked frames (a rectangle or an outline, its stroke's outer half included); fills and pictures
may run into the bleed, and a piece cut along a shape (a circle, a hexagon) keeps its safe zone
inside the shape, not its box, so it is not measured here. The finding names the component's
field, with the worst place of the page, as a warning.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.base.errors import Loc
from printkit.layout import bounds
from printkit.layout.primitives import Group, Item, Page, Path, Piece, Rect, RichText, Text
from printkit.validate.findings import Findings

if TYPE_CHECKING:
    from printkit.kit.model import Kit

SAFE_ZONE = 3.0  # mm: what a print shop's cut may stray, and the version mark's own distance
TOLERANCE = 0.05  # mm: rounding, never a visible difference


def bleed_of(kit: Kit, component_id: str | None) -> float:
    """The bleed the component's pieces print with (0 when they do not bleed)."""
    component = next((c for c in kit.components if c.id == component_id), None)
    value = getattr(component, "print_bleed", None)
    if value is None:
        value = getattr(component, "bleed", 0.0)
    return float(value) if isinstance(value, (int, float)) else 0.0


def check_safe_zone(
    kit: Kit,
    page: Page,
    page_name: str,
    loc: Loc,
    found: Findings,
    bleed: float | None = None,
    drawings: dict[tuple[object, ...], Measured] | None = None,
) -> None:
    """One finding for the page when a text or frame of a bleeding piece comes nearer its trim than
    SAFE_ZONE: the nearest, and how many there are. ``bleed`` overrides the component's (a shop export);
    ``drawings``: as for ``breaches``."""
    bleed = bleed_of(kit, page.component) if bleed is None else bleed
    pieces = [p for p in page.pieces if p.cut.shape == "rectangle"]
    if bleed <= 0 or not pieces:
        return
    nearest = breaches(page, pieces, drawings)
    if not nearest:
        return
    gap, what, piece = min(nearest, key=lambda breach: breach[0])
    more = f" ({len(nearest)} places on the page)" if len(nearest) > 1 else ""
    found.add(
        loc,
        f"{what} on {page_name} comes {max(gap, 0.0):.1f} mm from the trim of a {piece.width:g} × {piece.height:g} mm "
        f"piece that bleeds{more}: keep text and frames at least {SAFE_ZONE:g} mm inside the cut (the safe zone), "
        "where a cut a little off or a print shop's tolerance cannot reach them",
        severity="warning",  # a design choice to question, not a misprint: --strict makes it an error
    )


Measured = tuple[tuple[bounds.Extent, Item], ...]  # what a drawing holds that the zone concerns, where


def breaches(
    page: Page, pieces: list[Piece], drawings: dict[tuple[object, ...], Measured] | None = None
) -> list[tuple[float, str, Piece]]:
    """Each text or frame of ``pieces`` nearer a trim than SAFE_ZONE: how near, what it is, the piece.
    ``drawings`` keeps what a keyed group's drawing holds across pages (the page checks pass one)."""
    out = []
    for (x0, y0, x1, y1), item in measured(page.items, {} if drawings is None else drawings):
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        piece = next((p for p in pieces if p.x < cx < p.x + p.width and p.y < cy < p.y + p.height), None)
        if piece is None or (x1 - x0 >= piece.width - TOLERANCE and y1 - y0 >= piece.height - TOLERANCE):
            continue  # off the pieces, or the piece's own outline (a registration line, a cut line)
        gap = min(x0 - piece.x, y0 - piece.y, piece.x + piece.width - x1, piece.y + piece.height - y1)
        if gap < SAFE_ZONE - TOLERANCE:
            what = "a frame" if isinstance(item, (Rect, Path)) else "a paragraph"
            out.append((gap, f"the text '{item.text}'" if isinstance(item, Text) else what, piece))
    return out


def measured(items: tuple[Item, ...] | list[Item], drawings: dict[tuple[object, ...], Measured]) -> Measured:
    """The texts (their capitals) and stroked frames (their stroke's outer half included) of
    ``items``, each with its box; a keyed group's drawing measured once, wherever it is placed
    (the tiles of a page share a few drawings of thousands of pattern strokes)."""
    found: list[tuple[bounds.Extent, Item]] = []
    for item in items:
        if isinstance(item, Group):
            inner = drawings.get(item.key) if item.key else None
            if inner is None:
                inner = measured(item.items, drawings)
                if item.key:
                    drawings[item.key] = inner
            tx, ty, sign = bounds.group_transform(item)
            found += ((bounds.Placed(inner_item, tx, ty, sign).box(*box), inner_item) for box, inner_item in inner)
        elif isinstance(item, (Text, RichText)):
            if (rect := bounds.core_rect(item)) is not None:
                found.append((rect, item))
        elif isinstance(item, (Rect, Path)) and item.stroke is not None and (rect := bounds.ink_rect(item)):
            grow = item.stroke.width / 2
            found.append(((rect[0] - grow, rect[1] - grow, rect[2] + grow, rect[3] + grow), item))
    return tuple(found)
