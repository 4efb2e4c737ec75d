"""The kit's mark (``theme.mark``): its icons in a roundel, the one sign of the game its rules'
title block, its sheets' title bands and its boxes' fronts share, as a publisher's logo is.

The roundel is a pale wash of the accent inside a ring of it, the icons drawn in the accent
(``ground`` and ``ink`` turn it round on a coloured box); one icon fills its middle, two stand
side by side, three stand in a triangle with clear gaps between them, each inside the ring.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from printkit.layout.icon_drawing import draw_named
from printkit.layout.marks import tinted
from printkit.layout.primitives import Circle, Group, Item, Stroke

RING = 0.045  # the ring's width, of the diameter
WASH = 0.14  # the roundel's ground: this much of the accent on white
# each icon's side and where its centre stands, of the diameter, from the roundel's centre
ARRANGED: dict[int, tuple[float, tuple[tuple[float, float], ...]]] = {
    1: (0.56, ((0.0, 0.0),)),
    2: (0.36, ((-0.2, 0.0), (0.2, 0.0))),
    # three: smaller and further out, 1.4 mm apart at 14 mm (at 0.3 side and 0.2 out they touched
    # and read as one blob on targ's header and box, a review)
    3: (0.28, ((0.0, -0.22), (-0.1905, 0.11), (0.1905, 0.11))),
}


def roundel(
    names: Sequence[str],
    chars: Mapping[str, str],
    x: float,
    y: float,
    diameter: float,
    accent: str,
    dpi: int = 300,
    ground: str | None = None,
    ink: str | None = None,
) -> Group:
    """The mark of the icons ``names`` (1-3) in a roundel of ``diameter`` mm whose bounding square's
    top-left corner is (x, y); ``ground`` and ``ink`` replace its wash and the accent of its ring
    and icons (white on a coloured box)."""
    ink = ink or accent
    ground = ground or tinted(accent, WASH)
    half = diameter / 2
    side, centres = ARRANGED[len(names)]
    ring = Stroke(color=ink, width=diameter * RING)
    items: list[Item] = [Circle(half, half, half - diameter * RING / 2, ring, ground)]
    for name, (dx, dy) in zip(names, centres, strict=True):
        s = side * diameter
        cx, cy = half + dx * diameter, half + dy * diameter
        items.append(draw_named(name, chars, cx - s / 2, cy - s / 2, s, ink, dpi))
    key = ("mark", tuple(names), tuple(sorted(chars.items())), diameter, accent, ground, ink, dpi)
    return Group(key, x, y, diameter, diameter, tuple(items))
