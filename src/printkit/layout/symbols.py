"""Vector symbols printkit draws itself, each in a unit square scaled to the box asked for.

A symbol is plain geometry (circles and polygons), so it prints crisply and, used on many
pieces, is drawn once as a reusable group.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from printkit.layout.primitives import BLACK, Circle, Group, Item, Path, Rect, Stroke

Unit = list[Item]
_SYMBOLS: dict[str, Callable[[str, float], Unit]] = {}


def symbol(name: str):
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
    unit_items = _SYMBOLS[name](color, line / size)
    items = tuple(_scale(item, size) for item in unit_items)
    return Group(key=f"symbol:{name}:{color}:{size:.3f}", x=x, y=y, w=size, h=size, items=items)


def _scale(item: Item, k: float) -> Item:
    if isinstance(item, Circle):
        return Circle(item.cx * k, item.cy * k, item.r * k, _scale_stroke(item.stroke, k), item.fill)
    if isinstance(item, Path):
        return Path(tuple((px * k, py * k) for px, py in item.points), _scale_stroke(item.stroke, k), item.fill, item.closed)
    if isinstance(item, Rect):
        return Rect(item.x * k, item.y * k, item.w * k, item.h * k, _scale_stroke(item.stroke, k), item.fill, item.radius * k)
    raise TypeError(type(item))


def _scale_stroke(stroke: Stroke | None, k: float) -> Stroke | None:
    if stroke is None:
        return None
    return Stroke(stroke.color, stroke.width * k, tuple(d * k for d in stroke.dash))


def polygon(points, color: str, width: float, fill: str | None = None, closed: bool = True) -> Path:
    return Path(tuple(points), Stroke(color, width), fill, closed)


def regular_polygon(cx: float, cy: float, r: float, sides: int, start_deg: float = -90.0) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(math.radians(start_deg + 360 * i / sides)), cy + r * math.sin(math.radians(start_deg + 360 * i / sides)))
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
        polygon([(0.5, 0.34), (0.36, 0.52), (0.48, 0.52), (0.42, 0.66), (0.6, 0.46), (0.48, 0.46), (0.54, 0.34)], color, w, color),
    ]


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
    petals: Unit = [Circle(0.5 + 0.25 * math.cos(a), 0.5 + 0.25 * math.sin(a), 0.16, Stroke(color, w * 1.5)) for a in [math.radians(72 * i - 90) for i in range(5)]]
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
