"""A review of targ at 300 dpi: the kit's mark (honey pot, berries, crystal in a 14 mm roundel) read
as one blob, the icons touching; the berries' leaf stood off its stalk, a light speck showed where
the three berries meet, and the honey dipper had a notch by its knob. Measured on the drawings."""

from __future__ import annotations

import math

from printkit.layout.emblem import ARRANGED, RING, roundel
from printkit.layout.primitives import Circle, Group, Path
from printkit.layout.symbols import draw_symbol

SIZE = 20.0  # mm: a card's symbol
LINE = 0.35


def segment_distance(p, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    t = max(0.0, min(1.0, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)))
    return math.dist(p, (ax + t * (bx - ax), ay + t * (by - ay)))


def inside(point, polygon) -> bool:
    x, y = point
    hit = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def test_three_icons_of_a_mark_stand_apart_inside_its_ring():
    diameter = 14.0
    mark = roundel(["honey", "berries", "crystal"], {}, 0, 0, diameter, "#7a2760")
    icons = [item for item in mark.items if isinstance(item, Group)]
    assert len(icons) == 3
    side = icons[0].w
    centres = [(icon.x + icon.w / 2, icon.y + icon.h / 2) for icon in icons]
    gaps = [math.dist(a, b) - side for n, a in enumerate(centres) for b in centres[n + 1 :]]
    assert min(gaps) >= 1.3  # mm between neighbours' boxes along their centres (0.7 when they touched)
    inner = diameter / 2 - diameter * RING
    for cx, cy in centres:  # every corner of every icon's box inside the ring
        assert math.dist((cx, cy), (diameter / 2, diameter / 2)) + side / math.sqrt(2) < inner
    assert ARRANGED[3][0] * diameter == side


def test_the_berries_leaf_grows_from_the_stalk_and_no_speck_between_the_berries():
    items = draw_symbol("berries", 0, 0, SIZE, "#8a2c6a", LINE).items
    paths = [item for item in items if isinstance(item, Path)]
    stalk, leaf, fill = paths[0], paths[1], paths[2]
    half = stalk.stroke.width / 2
    base = leaf.points[0]
    assert min(segment_distance(base, a, b) for a, b in zip(stalk.points, stalk.points[1:], strict=False)) <= half
    berries = [item for item in items if isinstance(item, Circle) and item.fill == "#8a2c6a"]
    assert len(berries) == 3
    xs, ys = [b.cx for b in berries], [b.cy for b in berries]
    grid = [
        (min(xs) + (max(xs) - min(xs)) * i / 60, min(ys) + (max(ys) - min(ys)) * j / 60)
        for i in range(61)
        for j in range(61)
    ]
    triangle = [(b.cx, b.cy) for b in berries]
    bare = [p for p in grid if inside(p, triangle) and all(math.dist(p, (b.cx, b.cy)) > b.r for b in berries)]
    assert bare  # the three round berries alone leave a speck between them
    assert fill.fill == "#8a2c6a" and all(inside(p, list(fill.points)) for p in bare)  # the triangle fills it


def test_the_honey_dipper_ends_in_its_knob():
    items = draw_symbol("honey", 0, 0, SIZE, "#b86e00", LINE).items
    dipper = next(item for item in items if isinstance(item, Path) and not item.closed)
    knob = next(item for item in items if isinstance(item, Circle))
    end = dipper.points[-1]
    assert math.dist(end, (knob.cx, knob.cy)) < 1e-9 and dipper.stroke.width / 2 < knob.r
