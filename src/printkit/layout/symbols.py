"""Vector symbols printkit draws itself, each in a unit square scaled to the box asked for.

A symbol is plain geometry (circles and polygons), so it prints crisply and, used on many
pieces, is drawn once as a reusable group.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable

from printkit.layout.marks import tinted
from printkit.layout.primitives import BLACK, Circle, Group, Item, Path, Rect, Stroke

Unit = list[Item]
Point = tuple[float, float]
_SYMBOLS: dict[str, Callable[[str, float], Unit]] = {}


def symbol(name: str) -> Callable[[Callable[[str, float], Unit]], Callable[[str, float], Unit]]:
    def register(func: Callable[[str, float], Unit]) -> Callable[[str, float], Unit]:
        _SYMBOLS[name] = func
        return func

    return register


def symbol_names() -> list[str]:
    return sorted(_SYMBOLS)


def draw_symbol(name: str, x: float, y: float, size: float, color: str = BLACK, line: float = 0.35) -> Group:
    """The symbol ``name`` in the square of side ``size`` whose top-left corner is (x, y)."""
    if name not in _SYMBOLS:
        raise KeyError(f"unknown symbol '{name}'; known: {', '.join(symbol_names())}")
    return Group(
        key=("symbol", name, color, size, line), x=x, y=y, w=size, h=size, items=_symbol_items(name, size, color, line)
    )


def turned_symbol(name: str, x: float, y: float, size: float, color: str = BLACK, line: float = 0.35) -> Group:
    """The symbol ``name`` turned a quarter clockwise (its top to the right): scissors along a
    horizontal cut line, their blades pointing along it."""
    items = tuple(_scale(_quarter(item), size) for item in _SYMBOLS[name](color, line / size))
    return Group(key=("symbol", name, color, size, line, "turned"), x=x, y=y, w=size, h=size, items=items)


def _quarter(item: Item) -> Item:
    """An item of a unit square's drawing turned a quarter clockwise about the square's centre."""
    if isinstance(item, Circle):
        return Circle(1.0 - item.cy, item.cx, item.r, item.stroke, item.fill)
    if isinstance(item, Path):
        return Path(tuple((1.0 - py, px) for px, py in item.points), item.stroke, item.fill, item.closed)
    if isinstance(item, Rect):
        return Rect(1.0 - item.y - item.h, item.x, item.h, item.w, item.stroke, item.fill, item.radius)
    raise TypeError(type(item))


@functools.lru_cache(maxsize=1024)
def _symbol_items(name: str, size: float, color: str, line: float) -> tuple[Item, ...]:
    """A symbol's drawing: the same wherever, and in whichever language, it is placed."""
    return tuple(_scale(item, size) for item in _SYMBOLS[name](color, line / size))


def _scale(item: Item, k: float) -> Item:
    if isinstance(item, Circle):
        return Circle(item.cx * k, item.cy * k, item.r * k, _scale_stroke(item.stroke, k), item.fill)
    if isinstance(item, Path):
        return Path(
            tuple((px * k, py * k) for px, py in item.points), _scale_stroke(item.stroke, k), item.fill, item.closed
        )
    if isinstance(item, Rect):
        return Rect(
            item.x * k, item.y * k, item.w * k, item.h * k, _scale_stroke(item.stroke, k), item.fill, item.radius * k
        )
    raise TypeError(type(item))


def _scale_stroke(stroke: Stroke | None, k: float) -> Stroke | None:
    if stroke is None:
        return None
    return Stroke(stroke.color, stroke.width * k, tuple(d * k for d in stroke.dash))


def polygon(
    points: Iterable[tuple[float, float]], color: str, width: float, fill: str | None = None, closed: bool = True
) -> Path:
    return Path(tuple(points), Stroke(color, width), fill, closed)


def regular_polygon(cx: float, cy: float, r: float, sides: int, start_deg: float = -90.0) -> list[tuple[float, float]]:
    return [
        (
            cx + r * math.cos(math.radians(start_deg + 360 * i / sides)),
            cy + r * math.sin(math.radians(start_deg + 360 * i / sides)),
        )
        for i in range(sides)
    ]


def star_points(cx: float, cy: float, outer: float, inner: float, tips: int = 5) -> list[tuple[float, float]]:
    points = []
    for i in range(tips * 2):
        r = outer if i % 2 == 0 else inner
        angle = math.radians(-90 + 180 * i / tips)
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return points


@symbol("battery")
def _battery(color: str, w: float) -> Unit:
    return [
        Rect(0.08, 0.28, 0.76, 0.44, Stroke(color, w * 1.5), None, 0.06),
        Rect(0.84, 0.4, 0.08, 0.2, None, color),
        polygon(
            [(0.5, 0.34), (0.36, 0.52), (0.48, 0.52), (0.42, 0.66), (0.6, 0.46), (0.48, 0.46), (0.54, 0.34)],
            color,
            w,
            color,
        ),
    ]


@symbol("berries")
def _berries(color: str, w: float) -> Unit:
    """Three round berries under a stalk and a leaf; white glints keep them round in black and white."""
    stroke = Stroke(color, w)
    berries = ((0.5, 0.4), (0.3, 0.68), (0.7, 0.68))
    items: Unit = [
        polygon([(0.5, 0.3), (0.5, 0.14), (0.6, 0.05)], color, w * 2.2, None, False),
        # the leaf grows out of the stalk: its base lies on the stalk's line (at 0.52 it stood off it)
        polygon([(0.49, 0.17), (0.66, 0.06), (0.86, 0.09), (0.7, 0.2)], color, w, color),
        polygon(list(berries), color, w, color),  # fills the speck the three round berries leave between them
    ]
    for cx, cy in berries:
        items += [Circle(cx, cy, 0.2, stroke, color), Circle(cx - 0.07, cy - 0.07, 0.045, None, "#ffffff")]
    return items


@symbol("crystal")
def _crystal(color: str, w: float) -> Unit:
    """A cut gem: a solid outline with white facet lines."""
    white = "#ffffff"
    return [
        polygon([(0.28, 0.14), (0.72, 0.14), (0.94, 0.38), (0.5, 0.94), (0.06, 0.38)], color, w, color),
        polygon([(0.06, 0.38), (0.94, 0.38)], white, w * 1.6, None, False),
        polygon([(0.28, 0.14), (0.38, 0.38), (0.5, 0.94), (0.62, 0.38), (0.72, 0.14)], white, w * 1.6, None, False),
        polygon([(0.38, 0.38), (0.5, 0.14), (0.62, 0.38)], white, w * 1.6, None, False),
    ]


@symbol("honey")
def _honey(color: str, w: float) -> Unit:
    """A round honey pot with a rim, a dipper standing in it and a white label holding a honeycomb cell."""
    body = [
        (0.5 + 0.38 * math.cos(a), 0.62 + 0.31 * math.sin(a)) for a in (math.radians(d) for d in range(-60, 241, 10))
    ]
    return [
        polygon([(0.56, 0.24), (0.76, 0.05)], color, w * 4, None, False),  # ends in the knob: no notch by it
        Circle(0.76, 0.05, 0.05, None, color),
        polygon(body, color, w, color),
        Rect(0.24, 0.2, 0.52, 0.1, Stroke(color, w), color, 0.03),
        Rect(0.3, 0.29, 0.4, 0.06, None, color),
        Rect(0.3, 0.53, 0.4, 0.2, None, "#ffffff", 0.03),
        polygon(regular_polygon(0.5, 0.63, 0.075, 6, 0), color, w * 1.6),
    ]


def arc(cx: float, cy: float, rx: float, ry: float, start_deg: float, end_deg: float, steps: int = 12) -> list[Point]:
    """Points along an elliptic arc about (cx, cy), from ``start_deg`` to ``end_deg`` (y down, so
    90 degrees is straight below the centre)."""
    return [
        (
            cx + rx * math.cos(math.radians(start_deg + (end_deg - start_deg) * i / steps)),
            cy + ry * math.sin(math.radians(start_deg + (end_deg - start_deg) * i / steps)),
        )
        for i in range(steps + 1)
    ]


def turned(points: Iterable[Point], degrees: float, cx: float = 0.5, cy: float = 0.5) -> list[Point]:
    """``points`` turned ``degrees`` clockwise (y down) about (cx, cy)."""
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    return [(cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c) for x, y in points]


def bezier(a: Point, control: Point, b: Point, t: float) -> Point:
    """The point ``t`` (0 to 1) along the quadratic Bézier curve from ``a`` to ``b`` about ``control``."""
    return (
        (1 - t) ** 2 * a[0] + 2 * t * (1 - t) * control[0] + t * t * b[0],
        (1 - t) ** 2 * a[1] + 2 * t * (1 - t) * control[1] + t * t * b[1],
    )


def rounded(corners: list[Point], radius: float, steps: int = 6) -> list[Point]:
    """The polygon ``corners`` with each corner rounded off along a curve ``radius`` long each way."""
    points: list[Point] = []
    for i, (x, y) in enumerate(corners):
        (px, py), (nx, ny) = corners[i - 1], corners[(i + 1) % len(corners)]
        back, ahead = math.hypot(px - x, py - y), math.hypot(nx - x, ny - y)
        r = min(radius, back / 2, ahead / 2)
        ax, ay = x + (px - x) * r / back, y + (py - y) * r / back
        bx, by = x + (nx - x) * r / ahead, y + (ny - y) * r / ahead
        for k in range(steps + 1):  # a quadratic Bézier from a to b with its control at the corner
            t = k / steps
            points.append(
                (
                    (1 - t) ** 2 * ax + 2 * t * (1 - t) * x + t * t * bx,
                    (1 - t) ** 2 * ay + 2 * t * (1 - t) * y + t * t * by,
                )
            )
    return points


@symbol("rock")
def _rock(color: str, w: float) -> Unit:
    """A rounded stone resting on its broad underside, lit from the upper left: one solid outline
    with soft corners and a lighter top facet inside it (a review read the stone with two white
    strokes as a peace sign or a clock face)."""
    corners = [
        (0.04, 0.7),
        (0.12, 0.4),
        (0.34, 0.2),
        (0.64, 0.16),
        (0.88, 0.3),
        (0.97, 0.62),
        (0.84, 0.86),
        (0.2, 0.88),
    ]
    facet = [
        (0.263, 0.456),
        (0.391, 0.328),
        (0.599, 0.288),
        (0.719, 0.368),
        (0.543, 0.448),
        (0.335, 0.504),
    ]  # 1.5 mm or more inside the outline
    shine = [(0.37, 0.41), (0.47, 0.36)]  # a glint on the facet
    return [
        polygon(rounded(corners, 0.12), color, w, color),
        polygon(rounded(facet, 0.06), tinted(color, 0.45), w, tinted(color, 0.45)),
        polygon(shine, "#ffffff", w * 2.4, None, False),
    ]


@symbol("paper")
def _paper(color: str, w: float) -> Unit:
    """Two blank sheets, one askew behind the other, the front one's lower corner curling up: paper,
    not a document (no writing, no folded-down corner)."""
    behind = turned([(0.16, 0.06), (0.7, 0.06), (0.7, 0.8), (0.16, 0.8)], -9)
    left, top, right, bottom, corner = 0.24, 0.14, 0.82, 0.92, 0.24
    curl_from, curl_to = (right - corner, bottom), (right, bottom - corner)  # on the bottom and the right edge
    control = (right - 1.25 * corner, bottom - 1.25 * corner)  # the flap's curl reaches in over the sheet
    flap = [bezier(curl_from, control, curl_to, i / 12) for i in range(13)]
    return [
        polygon(behind, color, w * 3, "#ffffff"),
        polygon(turned([(left, top), (right, top), curl_to, curl_from, (left, bottom)], 4), color, w * 3, "#ffffff"),
        Path(tuple(turned(flap, 4)), None, "#ffffff"),  # the flap's underside, outlined along its curve only:
        polygon(turned(flap, 4), color, w * 2.4, None, False),  # a closed outline's mitres would spike at its tips
    ]


@symbol("scissors")
def _scissors(color: str, w: float) -> Unit:
    """Open scissors: each half one solid shape, its blade above the pivot and its shank below it
    crossing to the other side, into a ring drawn as one stroked circle (no seams between parts)."""
    pivot_x, pivot_y = 0.5, 0.5
    halves: Unit = []
    for side in (-1, 1):  # the blade up on this side, the ring down on the other
        tip = (0.5 + side * 0.36, 0.04)
        ring = (0.5 - side * 0.22, 0.79)
        halves.append(
            polygon(
                [
                    tip,
                    (pivot_x + side * 0.085, pivot_y - 0.07),
                    (pivot_x - side * 0.035, ring[1] - 0.115),
                    (ring[0] + side * 0.06, ring[1] - 0.1),
                    (pivot_x - side * 0.1, pivot_y + 0.03),
                    (pivot_x + side * 0.01, pivot_y - 0.08),
                    (tip[0] - side * 0.08, tip[1] + 0.02),
                ],
                color,
                w,
                color,
            )
        )
    rings: Unit = [Circle(0.5 + side * 0.22, 0.79, 0.125, Stroke(color, w * 4.5)) for side in (-1, 1)]
    return halves + rings + [Circle(pivot_x, pivot_y - 0.005, 0.032, None, "#ffffff")]


@symbol("leaf")
def _leaf(color: str, w: float) -> Unit:
    outline = []
    for i in range(21):
        t = i / 20
        outline.append((0.15 + 0.7 * t, 0.85 - 0.7 * t - 0.22 * math.sin(math.pi * t)))
    for i in range(21):
        t = 1 - i / 20
        outline.append((0.15 + 0.7 * t, 0.85 - 0.7 * t + 0.22 * math.sin(math.pi * t)))
    return [polygon(outline, color, w * 1.5), polygon([(0.1, 0.9), (0.8, 0.2)], color, w, None, False)]


@symbol("flower")
def _flower(color: str, w: float) -> Unit:
    petals: Unit = [
        Circle(0.5 + 0.25 * math.cos(a), 0.5 + 0.25 * math.sin(a), 0.16, Stroke(color, w * 1.5))
        for a in [math.radians(72 * i - 90) for i in range(5)]
    ]
    return petals + [Circle(0.5, 0.5, 0.12, Stroke(color, w), color)]


@symbol("fruit")
def _fruit(color: str, w: float) -> Unit:
    return [
        Circle(0.5, 0.58, 0.32, Stroke(color, w * 1.5)),
        polygon([(0.5, 0.27), (0.56, 0.08)], color, w * 1.5, None, False),
        polygon([(0.55, 0.16), (0.78, 0.1), (0.68, 0.24)], color, w, color),
    ]


@symbol("star")
def _star(color: str, w: float) -> Unit:
    return [polygon(star_points(0.5, 0.53, 0.46, 0.2), color, w, color)]


@symbol("lighthouse")
def _lighthouse(color: str, w: float) -> Unit:
    """A striped tower with a lantern, a roof and beams of light to both sides."""
    tower = [(0.38, 0.9), (0.62, 0.9), (0.575, 0.4), (0.425, 0.4)]
    stripe = [(0.402, 0.66), (0.598, 0.66), (0.589, 0.56), (0.411, 0.56)]
    beams: Unit = []
    for side in (-1, 1):
        start = 0.5 + side * 0.1
        for dy in (-0.09, 0.0, 0.09):
            beams.append(polygon([(start, 0.27), (0.5 + side * 0.42, 0.27 + dy * 1.6)], color, w * 1.4, None, False))
    return beams + [
        polygon(tower, color, w * 2.0),
        polygon(stripe, color, w, color),
        polygon([(0.4, 0.75), (0.6, 0.75), (0.61, 0.83), (0.39, 0.83)], color, w, color),
        Rect(0.37, 0.36, 0.26, 0.04, None, color),
        Rect(0.43, 0.2, 0.14, 0.16, Stroke(color, w * 1.6)),
        polygon([(0.41, 0.2), (0.5, 0.1), (0.59, 0.2)], color, w, color),
        polygon([(0.22, 0.9), (0.78, 0.9)], color, w * 2.0, None, False),
    ]


@symbol("stack")
def _stack(color: str, w: float) -> Unit:
    """Three stones seen from the side, one on another, dark, light, dark: a stack of pieces."""
    discs = ((0.1, 0.7, True), (0.2, 0.5, False), (0.14, 0.3, True))
    return [
        Rect(x, y, 0.7, 0.15, Stroke(color, w * 1.4), color if dark else None, radius=0.035) for x, y, dark in discs
    ]


@symbol("arrow")
def _arrow(color: str, w: float) -> Unit:
    """One step upwards: a shaft and a solid head."""
    return arrow_items([(0.5, 0.9), (0.5, 0.1)], color, 0.1, 0.3, 0.28)


COMPASS: dict[str, tuple[int, int]] = {
    "N": (0, -1),
    "NE": (1, -1),
    "E": (1, 0),
    "SE": (1, 1),
    "S": (0, 1),
    "SW": (-1, 1),
    "W": (-1, 0),
    "NW": (-1, -1),
}


def arrow_items(
    points: list[tuple[float, float]], color: str, shaft: float, head_length: float, head_width: float
) -> Unit:
    """An arrow along the polyline ``points``: a shaft of width ``shaft`` and a solid head at the end."""
    (x1, y1), (x2, y2) = points[-2], points[-1]
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    base = (x2 - ux * head_length, y2 - uy * head_length)
    half = head_width / 2
    head = [(x2, y2), (base[0] - uy * half, base[1] + ux * half), (base[0] + uy * half, base[1] - ux * half)]
    shaft_points = tuple(points[:-1]) + ((base[0] + ux * shaft * 0.3, base[1] + uy * shaft * 0.3),)
    return [Path(shaft_points, Stroke(color, shaft), None, False), Path(tuple(head), None, color)]


def move_paths(moves: list[str], radius: float) -> list[list[tuple[float, float]]]:
    """Each move ('N', 'NE', 'N NE': compass steps) as a polyline from the centre (0, 0).

    The moves are scaled together so the farthest end lies ``radius`` from the centre; a diagonal
    step is as long as a diagonal across a square cell, so the drawing keeps the board's geometry.
    """
    paths = []
    for move in moves:
        x = y = 0.0
        path = [(0.0, 0.0)]
        for step in move.split():
            dx, dy = COMPASS[step]
            x, y = x + dx, y + dy
            path.append((x, y))
        paths.append(path)
    farthest = max(math.hypot(*path[-1]) for path in paths)
    return [[(px * radius / farthest, py * radius / farthest) for px, py in path] for path in paths]


def moves_diagram(moves: list[str], x: float, y: float, size: float, color: str = BLACK) -> Group:
    """Arrows from the centre of a square of side ``size`` to every destination of ``moves``.

    Vector arrows, not font glyphs, so they print in any font and in black and white.
    """
    centre = size / 2
    shaft = max(0.35, size * 0.045)
    head_length, head_width = size * 0.13, size * 0.12
    items: Unit = [Circle(centre, centre, shaft * 1.1, None, color)]
    for path in move_paths(moves, size / 2):
        items += arrow_items([(centre + px, centre + py) for px, py in path], color, shaft, head_length, head_width)
    key = ("moves", tuple(moves), color, size)
    return Group(key=key, x=x, y=y, w=size, h=size, items=tuple(items))


SHAPE_SIDES = {"triangle": 3, "square": 4, "diamond": 4, "hexagon": 6}


def shape_outline(shape: str, cx: float, cy: float, size: float, stroke: Stroke | None, fill: str | None) -> Item:
    """A token shape centred on (cx, cy) that fits a square of side ``size``.

    The triangle's centre is moved down so the shape, not its circumscribed circle, is centred.
    """
    r = size / 2
    if shape == "circle":
        return Circle(cx, cy, r, stroke, fill)
    if shape == "star":
        return Path(tuple(star_points(cx, cy + r * 0.1, r * 1.05, r * 0.45)), stroke, fill)
    if shape == "square":
        side = size * 0.88
        return Rect(cx - side / 2, cy - side / 2, side, side, stroke, fill)
    if shape == "triangle":
        radius = min(size / math.sqrt(3), size / 1.5)
        return Path(tuple(regular_polygon(cx, cy + radius * 0.25, radius, 3)), stroke, fill)
    start = {"diamond": -90.0, "hexagon": -90.0}[shape]
    return Path(tuple(regular_polygon(cx, cy, r, SHAPE_SIDES[shape], start)), stroke, fill)


def shape_centre(shape: str, cy: float, size: float) -> float:
    """Where a letter sits best inside the shape: the triangle's visual centre is lower."""
    return cy + (min(size / math.sqrt(3), size / 1.5) * 0.25 if shape == "triangle" else 0.0)
