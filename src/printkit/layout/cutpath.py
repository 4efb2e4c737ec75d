"""The outline a piece is cut along: a rectangle (its box), a circle, a hexagon or a polygon.

A piece's box (x, y, width, height) stays its bounding box, the frame every consumer places it
by; its ``CutPath`` says which outline inside that box the knife follows. The manifest writes
the outline's points for the shapes that are not the box, the cut file draws them, and the page
checks measure overlaps on them, so hexagons laid in a honeycomb do not count as overlapping
where only their boxes do.
"""

from __future__ import annotations

import math
from typing import Literal

from msgspec import Struct

CutShape = Literal["rectangle", "circle", "hexagon", "polygon"]
Point = tuple[float, float]
CIRCLE_SEGMENTS = 48  # a circle is measured as this polygon: within 0.2 % of its radius


class CutPath(Struct, frozen=True):
    """``rectangle``: the box; ``circle``: the ellipse inscribed in the box; ``hexagon``: the
    hexagon inscribed in the box (pointy-top in a box taller than wide, flat-top in one wider than
    tall); ``polygon``: ``points`` in mm from the box's top-left
    corner (any simple polygon, e.g. a tuck box's net)."""

    shape: CutShape = "rectangle"
    points: tuple[Point, ...] = ()

    def outline(self, x: float, y: float, width: float, height: float) -> tuple[Point, ...]:
        """The outline's corners in page mm (a circle as CIRCLE_SEGMENTS of them), clockwise on the page."""
        if self.shape == "rectangle":
            relative: tuple[Point, ...] = ((0.0, 0.0), (width, 0.0), (width, height), (0.0, height))
        elif self.shape == "hexagon":
            relative = hexagon_in(width, height)
        elif self.shape == "circle":
            relative = tuple(
                (width / 2 * (1 + math.sin(turn)), height / 2 * (1 - math.cos(turn)))
                for turn in (2 * math.pi * step / CIRCLE_SEGMENTS for step in range(CIRCLE_SEGMENTS))
            )
        else:
            relative = self.points
        return tuple((x + px, y + py) for px, py in relative)

    @property
    def convex(self) -> bool:
        return self.shape != "polygon" or is_convex(self.points)


RECTANGLE = CutPath()


def hexagon_in(width: float, height: float) -> tuple[Point, ...]:
    """The corners of the hexagon inscribed in a width × height box, clockwise on the page from the
    top: pointy-top (a corner up) when the box is taller than wide, else flat-top (a side up). A
    regular hexagon's box is s × 2s/√3 (s: flat to flat), or turned."""
    if width > height:
        return (
            (width / 4, 0.0),
            (width * 3 / 4, 0.0),
            (width, height / 2),
            (width * 3 / 4, height),
            (width / 4, height),
            (0.0, height / 2),
        )
    return (
        (width / 2, 0.0),
        (width, height / 4),
        (width, height * 3 / 4),
        (width / 2, height),
        (0.0, height * 3 / 4),
        (0.0, height / 4),
    )


def signed_area(points: tuple[Point, ...]) -> float:
    """Positive when the points turn clockwise on the page (y grows downwards)."""
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True)) / 2


def is_convex(points: tuple[Point, ...]) -> bool:
    turns = {
        math.copysign(1.0, (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]))
        for a, b, c in zip(points, points[1:] + points[:1], points[2:] + points[:2], strict=True)
        if (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]) != 0
    }
    return len(turns) <= 1


def clip(subject: tuple[Point, ...], convex: tuple[Point, ...]) -> tuple[Point, ...]:
    """The part of ``subject`` inside the convex polygon ``convex`` (Sutherland–Hodgman)."""
    sign = 1.0 if signed_area(convex) >= 0 else -1.0
    result = list(subject)
    for a, b in zip(convex, convex[1:] + convex[:1], strict=True):
        if not result:
            break

        def inside(p: Point, a: Point = a, b: Point = b) -> bool:
            return sign * ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) >= 0

        def crossing(p: Point, q: Point, a: Point = a, b: Point = b) -> Point:
            ex, ey = b[0] - a[0], b[1] - a[1]
            dp = ex * (p[1] - a[1]) - ey * (p[0] - a[0])
            dq = ex * (q[1] - a[1]) - ey * (q[0] - a[0])
            t = dp / (dp - dq)
            return p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])

        points, result = result, []
        for p, q in zip(points, points[1:] + points[:1], strict=True):
            if inside(q):
                if not inside(p):
                    result.append(crossing(p, q))
                result.append(q)
            elif inside(p):
                result.append(crossing(p, q))
    return tuple(result)


def shared_extent(a: tuple[Point, ...], b: tuple[Point, ...]) -> tuple[float, float]:
    """How far two outlines share paper across and down: the extent of their intersection (b
    convex), or (0, 0) when they do not meet."""
    shared = clip(a, b)
    if len(shared) < 3 or abs(signed_area(shared)) <= 1e-9:
        return 0.0, 0.0
    xs, ys = [x for x, _ in shared], [y for _, y in shared]
    return max(xs) - min(xs), max(ys) - min(ys)


def triangles(points: tuple[Point, ...]) -> list[tuple[Point, Point, Point]]:
    """A simple polygon cut into triangles (ear clipping): each one convex, together the polygon."""
    sign = 1.0 if signed_area(points) >= 0 else -1.0
    left = [p for i, p in enumerate(points) if p != points[i - 1]]  # no repeated corners
    out: list[tuple[Point, Point, Point]] = []
    while len(left) > 3:
        for i in range(len(left)):
            a, b, c = left[i - 1], left[i], left[(i + 1) % len(left)]
            turn = sign * ((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]))
            if turn < -1e-12:
                continue  # a reflex corner is no ear
            if turn <= 1e-12:  # a straight corner: drop it, the outline stays the same
                del left[i]
                break
            ear = (a, b, c)
            if not any(_in_triangle(p, ear, sign) for p in left if p not in ear):
                out.append(ear)
                del left[i]
                break
        else:
            return out  # not a simple polygon: what was found
    if len(left) == 3:
        out.append((left[0], left[1], left[2]))
    return out


def _in_triangle(p: Point, triangle: tuple[Point, Point, Point], sign: float) -> bool:
    corners = (*triangle, triangle[0])
    return all(
        sign * ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) >= -1e-12
        for a, b in zip(corners, corners[1:], strict=False)
    )


def shared_extent_of_any(a: tuple[Point, ...], b: tuple[Point, ...]) -> tuple[float, float]:
    """shared_extent for two outlines neither of which need be convex: ``a`` clipped by each
    triangle of ``b``, the extent of every part that shares paper."""
    xs: list[float] = []
    ys: list[float] = []
    for triangle in triangles(b):
        shared = clip(a, triangle)
        if len(shared) >= 3 and abs(signed_area(shared)) > 1e-9:
            xs += [x for x, _ in shared]
            ys += [y for _, y in shared]
    if not xs:
        return 0.0, 0.0
    return max(xs) - min(xs), max(ys) - min(ys)
