"""A hex board's grounds and legend: a terrain's fill and pattern clipped to each of its hexes, the
grey of a marked hex, and the legend under the board (a line per terrain, then the marked hexes'
line and the note, as a square board's)."""

from __future__ import annotations

import math

from printkit.kinds.hexboard.model import HexBoardComponent, Terrain
from printkit.layout.board import GAP, LEGEND_LINE, MARK_FILL, legend_height, legend_items
from printkit.layout.context import Context
from printkit.layout.patterns import draw_pattern
from printkit.layout.primitives import Group, Item, Path, Stroke, Text

HEX_LINE = Stroke(width=0.35)
PATTERN_INK = "#4d4d4d"  # a terrain's pattern over its fill
LEGEND_SWATCH = 4.5  # mm: the legend's sample hex, flat to flat (a square board's swatch's side)
LEGEND_LINE_STROKE = Stroke(color="#8a8a8a", width=0.25)


def hex_ground(
    points: tuple[tuple[float, float], ...], shaded: bool, terrain: Terrain | None, line: Stroke = HEX_LINE
) -> list[Item]:
    """A hex's outline and ground: its terrain's fill and pattern (clipped to the hex), else grey
    when it is marked, else none."""
    if terrain is None:
        return [Path(points, line, MARK_FILL if shaded else None)]
    items: list[Item] = [Path(points, None, terrain.fill)]
    if terrain.pattern is not None:
        x0, y0 = min(x for x, _ in points), min(y for _, y in points)
        w, h = max(x for x, _ in points) - x0, max(y for _, y in points) - y0
        clip = tuple((x - x0, y - y0) for x, y in points)
        drawn = draw_pattern(terrain.pattern, 0.0, 0.0, w, h, PATTERN_INK)
        items.append(Group(("terrain", terrain.pattern, PATTERN_INK, w, h, clip), x0, y0, w, h, (drawn,), clip=clip))
    items.append(Path(points, line, None))
    return items


def hex_legend_height(board: HexBoardComponent, ctx: Context) -> float:
    """The legend's height: a line per terrain above the square boards' legend (marked hexes, note)."""
    lines = len(board.terrain) * LEGEND_LINE
    rest = legend_height(board, ctx)
    return lines + rest + (GAP if lines and not rest else 0.0)


def hex_legend_items(board: HexBoardComponent, left: float, y: float, ctx: Context) -> list[Item]:
    """A line per terrain (a hex of it and its label), then the marked hexes' line and the note."""
    items: list[Item] = []
    side = LEGEND_SWATCH
    big = side / math.sqrt(3)
    outline = tuple(
        (big * math.cos(math.radians(60 * k)), big * math.sin(math.radians(60 * k))) for k in range(6)
    )  # a flat-top sample hex, as wide as a square board's swatch is tall
    for terrain in board.terrain:
        cx, cy = left + big, y + side / 2
        items += hex_ground(tuple((cx + dx, cy + dy) for dx, dy in outline), False, terrain, LEGEND_LINE_STROKE)
        items.append(Text(left + 2 * big + 2.0, y + side - 0.6, ctx.tr(terrain.label), 9.0))
        y += LEGEND_LINE
    return items + legend_items(board, left, y, ctx)
