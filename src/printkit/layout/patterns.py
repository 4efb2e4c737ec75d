"""Black-and-white-safe patterns (stripes, dots, checks, ...) that fill any rectangle.

A colour lost on a black-and-white printer must still be told apart, so every owner or type can
carry a pattern. Patterns are plain lines, circles and squares cut exactly at the rectangle's
edges (no clipping paths), and come back as one reusable group.

A pattern on pieces that share their cuts (kpn's tiles, butted in a block) is ``tiled``: its
spacing fitted so that a whole number of its repeats spans the piece, and anchored at the piece's
cut corner, so the block's pattern runs on across every shared cut as if drawn once over the
block, in the page's phase (each tile drew its own: the checks, zigzags and stripes jumped phase
at every cut, and a cut 0.5 mm off left a sliver of mismatched pattern, a review). It is drawn from
a whole repeat before the corner, over the bleed, and clipped to its rectangle.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Iterator

from msgspec import Struct

from printkit.layout.primitives import Box, Circle, Group, Item, Line, Path, Rect, Stroke

Drawer = Callable[[float, float, str, float], list[Item]]  # (width, height, colour, spacing) -> items
_PATTERNS: dict[str, Drawer] = {}


def pattern(name: str) -> Callable[[Drawer], Drawer]:
    def register(func: Drawer) -> Drawer:
        _PATTERNS[name] = func
        return func

    return register


def pattern_names() -> list[str]:
    return sorted(_PATTERNS)


REPEAT = {"stripes": math.sqrt(2), "crosshatch": math.sqrt(2), "checks": 2.0}  # of the spacing, across x and y
DOT_RISE = 0.866  # of the spacing: between two rows of staggered dots


class Tiling(Struct, frozen=True):
    """A piece ``w`` × ``h`` whose cut corner is at (x, y) in the pattern's rectangle: the pattern
    repeats a whole number of times across it, anchored there."""

    x: float
    y: float
    w: float
    h: float


def draw_pattern(
    name: str,
    x: float,
    y: float,
    w: float,
    h: float,
    color: str,
    spacing: float = 3.0,
    tiled: Tiling | None = None,
) -> Group:
    """The pattern ``name`` filling the rectangle (x, y, w, h), with stripes or dots ``spacing``
    apart; ``tiled``, fitted to the piece and anchored at its cut corner (the module's docstring)."""
    if name not in _PATTERNS:
        raise KeyError(f"unknown pattern '{name}'; known: {', '.join(pattern_names())}")
    if tiled is None:
        items = _pattern_items(name, w, h, color, spacing, DOT_RISE)
        return Group(key=("pattern", name, color, w, h, spacing), x=x, y=y, w=w, h=h, items=items)
    step, rise = tiled_spacing(name, spacing, tiled.w, tiled.h)
    across, down = step * REPEAT.get(name, 1.0), step * (2 * rise if name == "dots" else REPEAT.get(name, 1.0))
    ox, oy = math.ceil(tiled.x / across - 1e-9) * across - tiled.x, math.ceil(tiled.y / down - 1e-9) * down - tiled.y
    big_w, big_h = w + ox + across, h + oy + down  # from a whole repeat before the corner, past the far edge
    items = _pattern_items(name, big_w, big_h, color, step, rise)
    clip = ((ox, oy), (ox + w, oy), (ox + w, oy + h), (ox, oy + h))
    key = ("pattern", name, color, w, h, spacing, "tiled", tiled.x, tiled.y, tiled.w, tiled.h)
    return Group(key=key, x=x - ox, y=y - oy, w=big_w, h=big_h, items=items, clip=clip)


def tiled_spacing(name: str, spacing: float, w: float, h: float) -> tuple[float, float]:
    """The spacing nearest ``spacing`` at which a whole number of the pattern's repeats spans a
    piece ``w`` wide, and the dots' rise (of that spacing) at which an even number of rows spans
    it ``h`` high; a square piece's repeats then span its height too."""
    repeat = REPEAT.get(name, 1.0)
    step = w / max(1, round(w / (spacing * repeat))) / repeat
    pairs = max(1, round(h / (2 * DOT_RISE * step)))
    return step, h / (2 * pairs) / step


@functools.lru_cache(maxsize=1024)
def _pattern_items(name: str, w: float, h: float, color: str, spacing: float, rise: float) -> tuple[Item, ...]:
    """A pattern's drawing: the same wherever, and in whichever language, it is placed."""
    if name == "dots":
        return tuple(staggered_dots(w, h, color, spacing, rise))
    return tuple(_PATTERNS[name](w, h, color, spacing))


def clip_segment(
    x1: float, y1: float, x2: float, y2: float, w: float, h: float
) -> tuple[float, float, float, float] | None:
    """The part of a segment inside the rectangle (0, 0, w, h) (Liang-Barsky), or None."""
    dx, dy = x2 - x1, y2 - y1
    low, high = 0.0, 1.0
    for p, q in ((-dx, x1), (dx, w - x1), (-dy, y1), (dy, h - y1)):
        if abs(p) < 1e-12:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
    if low >= high - 1e-9:
        return None
    return (x1 + low * dx, y1 + low * dy, x1 + high * dx, y1 + high * dy)


def clipped_lines(
    segments: Iterable[tuple[float, float, float, float]], w: float, h: float, stroke: Stroke
) -> list[Item]:
    out: list[Item] = []
    for segment in segments:
        clipped = clip_segment(*segment, w, h)
        if clipped:
            out.append(Line(*clipped, stroke))
    return out


def diagonals(w: float, h: float, spacing: float, rising: bool) -> Iterator[tuple[float, float, float, float]]:
    """Parallel 45-degree lines ``spacing`` apart (measured across them) covering the rectangle."""
    step = spacing * math.sqrt(2)
    count = int((w + h) / step) + 2
    for i in range(count):
        offset = i * step
        if rising:
            yield (offset - h, h, offset, 0.0)
        else:
            yield (offset - h, 0.0, offset, h)


@pattern("stripes")
def _stripes(w: float, h: float, color: str, spacing: float) -> list[Item]:
    return clipped_lines(diagonals(w, h, spacing, True), w, h, Stroke(color, spacing * 0.3))


@pattern("crosshatch")
def _crosshatch(w: float, h: float, color: str, spacing: float) -> list[Item]:
    stroke = Stroke(color, spacing * 0.16)
    return clipped_lines(diagonals(w, h, spacing, True), w, h, stroke) + clipped_lines(
        diagonals(w, h, spacing, False), w, h, stroke
    )


@pattern("dots")
def _dots(w: float, h: float, color: str, spacing: float) -> list[Item]:
    return staggered_dots(w, h, color, spacing)


def staggered_dots(w: float, h: float, color: str, spacing: float, rise: float = DOT_RISE) -> list[Item]:
    """Staggered dots, each whole inside the rectangle, rows ``rise`` of the spacing apart."""
    r = spacing * 0.24
    items: list[Item] = []
    rows = int((h - 2 * r) / (spacing * rise)) + 1
    for row in range(rows):
        cy = r + row * spacing * rise
        cx = r + (spacing / 2 if row % 2 else 0.0)
        while cx <= w - r + 1e-9:
            items.append(Circle(cx, cy, r, None, color))
            cx += spacing
    return items


CHECK_SHARE = 0.72  # of a check's cell: its square, centred; about a quarter of the field inked, as the
# line patterns ink it (whole squares inked half of it: kpn's blue tiles read darker and busier, a review)


@pattern("checks")
def _checks(w: float, h: float, color: str, spacing: float) -> list[Item]:
    """A checkerboard: in every other cell of side ``spacing``, a square CHECK_SHARE of it, centred;
    the last ones cut at the edges."""
    items: list[Item] = []
    side = spacing * CHECK_SHARE
    pad = (spacing - side) / 2
    for row in range(math.ceil(h / spacing)):
        for col in range(math.ceil(w / spacing)):
            if (row + col) % 2 == 0:
                x, y = col * spacing + pad, row * spacing + pad
                if x < w and y < h:
                    items.append(Rect(x, y, min(side, w - x), min(side, h - y), None, color))
    return items


@pattern("zigzag")
def _zigzag(w: float, h: float, color: str, spacing: float) -> list[Item]:
    """Horizontal zigzag lines ``spacing`` apart."""
    amplitude = spacing * 0.3
    segments = []
    y = spacing / 2
    while y < h + amplitude:
        x = -spacing / 2
        while x < w:
            up = round(x / (spacing / 2)) % 2 == 0
            y1, y2 = (y + amplitude, y - amplitude) if up else (y - amplitude, y + amplitude)
            segments.append((x, y1, x + spacing / 2, y2))
            x += spacing / 2
        y += spacing
    return clipped_lines(segments, w, h, Stroke(color, spacing * 0.16))


@pattern("grid")
def _grid(w: float, h: float, color: str, spacing: float) -> list[Item]:
    stroke = Stroke(color, spacing * 0.14)
    items: list[Item] = [Line(x, 0.0, x, h, stroke) for x in _steps(w, spacing)]
    return items + [Line(0.0, y, w, y, stroke) for y in _steps(h, spacing)]


def _steps(length: float, spacing: float) -> list[float]:
    return [spacing / 2 + i * spacing for i in range(int((length - spacing / 2) / spacing) + 1)]


@pattern("rings")
def _rings(w: float, h: float, color: str, spacing: float) -> list[Item]:
    """Small open circles on a square grid, each whole inside the rectangle."""
    r = spacing * 0.28
    stroke = Stroke(color, spacing * 0.12)
    return [
        Circle(cx, cy, r, stroke)
        for cy in _steps(h, spacing)
        for cx in _steps(w, spacing)
        if r <= cx <= w - r and r <= cy <= h - r
    ]


WAVE_STEP, WAVE_LENGTH, WAVE_HEIGHT = 3.6, 6.0, 0.55  # mm: rows apart, a wave's length, its crest over its middle
WAVE_POINTS = 12  # straight pieces of one wave
WAVE_LINE = 0.25  # mm


def wave_items(box: Box, keep: Box, color: str) -> list[Item]:
    """Rows of low waves over ``box`` (page mm), WAVE_STEP apart, each row every other one shifted half
    a wave, broken where it would cross ``keep`` (a board's cells), so the cells stay plain."""
    items: list[Item] = []
    stroke = Stroke(color=color, width=WAVE_LINE)
    rows = int(box.h // WAVE_STEP)
    first = box.y + (box.h - (rows - 1) * WAVE_STEP) / 2
    for row in range(rows):
        y = first + row * WAVE_STEP
        spans = [(box.x, box.right)]
        if keep.y - WAVE_HEIGHT - WAVE_LINE <= y <= keep.bottom + WAVE_HEIGHT + WAVE_LINE:
            spans = [(box.x, keep.x - 1.0), (keep.right + 1.0, box.right)]
        shift = WAVE_LENGTH / 2 * (row % 2)
        for start, end in spans:
            if end - start >= WAVE_LENGTH / 2:
                items.append(Path(wave_points(start, end, y, shift), stroke, closed=False))
    return items


def wave_points(start: float, end: float, y: float, shift: float) -> tuple[tuple[float, float], ...]:
    steps = max(2, int((end - start) / WAVE_LENGTH * WAVE_POINTS))
    xs = [start + (end - start) * n / steps for n in range(steps + 1)]
    return tuple((x, y - WAVE_HEIGHT * math.sin(2 * math.pi * (x + shift) / WAVE_LENGTH)) for x in xs)
