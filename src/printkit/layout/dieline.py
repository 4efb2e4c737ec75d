"""A sheet's cut outlines as a die line: every edge that touching pieces share is cut once.

Pieces laid edge to edge (latarnie's 4 × 4 tokens, a deck with ``gutter: 0``) each have their
own closed outline, so drawn as they are the blade runs twice over every shared edge, which can
fray card (a review counted 24 such edges on latarnie's tokens). Here the outlines' edges are cut
into pieces wherever another outline's edge on the same straight line starts or ends; a piece
of edge two outlines share is a shared cut, one only one outline has is on the block's outside.

A piece that shares no edge keeps its own closed outline (``alone``). Each block of pieces that
share edges becomes its shared cuts, every run of collinear shared edges joined into one straight
line, ordered for a cutter (the lines across, top to bottom, then the lines down, left to right,
each taken from the end nearest the last one's) and then its outside as closed contours: the
inside is cut while the block still holds to the sheet, so nothing shifts under the blade.

Pure geometry in millimetres; the cut file (output/cutfile.py) writes what it returns.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable

from msgspec import Struct

from printkit.layout.cutpath import Point

NEAR = 0.005  # mm: corners (and lines) this close are one; the manifest rounds to 0.001 mm


class Run(Struct, frozen=True):
    """One stroke of the blade: ``points`` in page mm, back to its start when ``closed``."""

    points: tuple[Point, ...]
    closed: bool


class Block(Struct, frozen=True):
    """Pieces that share cuts (indices into the outlines given) and the runs that free them all."""

    pieces: tuple[int, ...]
    runs: tuple[Run, ...]


class DieLine(Struct, frozen=True):
    """The pieces cut along their own outline, in the order given, and the blocks that share cuts."""

    alone: tuple[int, ...]
    blocks: tuple[Block, ...]


LineKey = tuple[float, float, float]  # a straight line: its direction (x, y) and its distance from the origin


def die_line(outlines: list[tuple[Point, ...] | None]) -> DieLine:
    """The die line of a sheet's ``outlines`` (corners in page mm; None for a curve, which shares
    no edge and is cut alone). Blocks come in the order of their first piece."""
    shared = Shared()
    pieces: dict[LineKey, list[tuple[float, float, int]]] = defaultdict(list)
    for owner, outline in enumerate(outlines):
        for start, end in shared.edges(outline or ()):
            key, a, b = shared.on_line(start, end)
            pieces[key].append((a, b, owner))
    spans = {key: elementary(found) for key, found in pieces.items()}
    parent = list(range(len(outlines)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for found in spans.values():
        for _, _, owners, _ in found:
            for other in owners[1:]:
                parent[root(other)] = root(owners[0])
    members: dict[int, list[int]] = defaultdict(list)
    for index in range(len(outlines)):
        members[root(index)].append(index)
    alone = tuple(group[0] for group in members.values() if len(group) == 1)
    blocks = [group for group in members.values() if len(group) > 1]
    return DieLine(alone, tuple(block_runs(group, spans, root, shared) for group in sorted(blocks)))


class Shared:
    """The corners and straight lines the outlines share: two corners (or two lines) closer than
    NEAR are one, so neighbours whose corners the manifest rounded apart by 0.001 mm still meet;
    and the corner at each distance along each line, so a cut ends exactly on an outline's corner."""

    def __init__(self) -> None:
        self.corners: dict[tuple[int, int], list[Point]] = defaultdict(list)
        self.lines: list[LineKey] = []
        self.points: dict[LineKey, list[tuple[float, Point]]] = defaultdict(list)

    def corner(self, point: Point) -> Point:
        cell = (round(point[0] / NEAR / 4), round(point[1] / NEAR / 4))
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for known in self.corners[cell[0] + dx, cell[1] + dy]:
                    if abs(known[0] - point[0]) <= NEAR and abs(known[1] - point[1]) <= NEAR:
                        return known
        self.corners[cell].append(point)
        return point

    def edges(self, outline: tuple[Point, ...]) -> list[tuple[Point, Point]]:
        """The outline's edges between shared corners, each from one corner to the next (the last
        back to the first), none of length 0."""
        corners = [self.corner(point) for point in outline]
        pairs = zip(corners, corners[1:] + corners[:1], strict=True)
        return [(a, b) for a, b in pairs if a != b]

    def on_line(self, start: Point, end: Point) -> tuple[LineKey, float, float]:
        """The straight line through an edge, with its ends as distances along it (a < b or a > b
        as the edge runs)."""
        dx, dy = end[0] - start[0], end[1] - start[1]
        length = math.hypot(dx, dy)
        ux, uy = dx / length, dy / length
        if ux < -1e-12 or (abs(ux) <= 1e-12 and uy < 0):  # one direction for both ways along a line
            ux, uy = -ux, -uy
        found = (ux, uy, ux * start[1] - uy * start[0])
        key = next((line for line in self.lines if same_line(line, found)), None)
        if key is None:
            self.lines.append(found)
            key = found
        a, b = self.along(key, start), self.along(key, end)
        return key, a, b

    def along(self, key: LineKey, point: Point) -> float:
        """How far along the line ``key`` its corner ``point`` lies (the first of its corners there)."""
        t = key[0] * point[0] + key[1] * point[1]
        for known, _ in self.points[key]:
            if abs(known - t) <= NEAR:
                return known
        self.points[key].append((t, point))
        return t

    def at(self, key: LineKey, t: float) -> Point:
        """The corner ``t`` along the line ``key``."""
        return next(point for known, point in self.points[key] if known == t)


def same_line(one: LineKey, other: LineKey) -> bool:
    return abs(one[0] - other[0]) <= 1e-6 and abs(one[1] - other[1]) <= 1e-6 and abs(one[2] - other[2]) <= NEAR


Span = tuple[float, float, list[int], bool]  # from, to (along its line), its owners, whether the first runs from → to


def elementary(found: list[tuple[float, float, int]]) -> list[Span]:
    """The edges on one line cut where any of them starts or ends: each piece, its owners and
    which way its first owner's outline runs along it."""
    stops = sorted({t for a, b, _ in found for t in (a, b)})
    out = []
    for low, high in zip(stops, stops[1:], strict=False):
        middle = (low + high) / 2
        over = sorted((owner, a < b) for a, b, owner in found if min(a, b) < middle < max(a, b))
        if over:
            out.append((low, high, sorted({owner for owner, _ in over}), over[0][1]))
    return out


def block_runs(
    group: list[int], spans: dict[LineKey, list[Span]], root: Callable[[int], int], shared_at: Shared
) -> Block:
    """The shared cuts of one block, joined and ordered, then its outside as closed contours."""
    mine = root(group[0])
    shared: list[tuple[Point, Point]] = []
    outside: list[tuple[Point, Point]] = []
    for key, found in spans.items():
        run: list[float] = []
        for low, high, owners, forward in found:
            if root(owners[0]) != mine:
                continue
            if len(owners) == 1:
                ends = (shared_at.at(key, low), shared_at.at(key, high))
                outside.append(ends if forward else (ends[1], ends[0]))
                continue
            if run and run[1] == low:
                run[1] = high
            else:
                if run:
                    shared.append((shared_at.at(key, run[0]), shared_at.at(key, run[1])))
                run = [low, high]
        if run:
            shared.append((shared_at.at(key, run[0]), shared_at.at(key, run[1])))
    return Block(tuple(group), tuple(ordered(shared)) + tuple(contours(outside)))


def ordered(lines: list[tuple[Point, Point]]) -> list[Run]:
    """The shared cuts in a cutter's order: joined end to end into as few strokes as they allow
    (a honeycomb's zigzags), then, from the sheet's top-left corner, always the stroke whose end
    lies nearest where the blade is, taken from that end, so it travels little between them."""
    strokes = chained(lines)
    runs: list[Run] = []
    here: Point = (0.0, 0.0)
    while strokes:
        best = min(
            range(len(strokes)), key=lambda i: min(math.dist(here, strokes[i][0]), math.dist(here, strokes[i][-1]))
        )
        stroke = strokes.pop(best)
        if math.dist(here, stroke[-1]) < math.dist(here, stroke[0]):
            stroke = stroke[::-1]
        runs.append(Run(tuple(stroke), False))
        here = stroke[-1]
    return runs


def chained(lines: list[tuple[Point, Point]]) -> list[list[Point]]:
    """Lines that meet end to end joined into strokes; a stroke goes on from its end along the
    line that turns least, and starts where a line's end meets no other (else anywhere)."""
    ends: dict[Point, list[int]] = defaultdict(list)
    for index, (a, b) in enumerate(lines):
        ends[a].append(index)
        ends[b].append(index)
    used = [False] * len(lines)
    starts = sorted(range(len(lines)), key=lambda i: (min(len(ends[lines[i][0]]), len(ends[lines[i][1]])), i))
    strokes = []
    for first in starts:
        if used[first]:
            continue
        used[first] = True
        a, b = lines[first]
        stroke = [b, a] if len(ends[a]) > 1 and len(ends[b]) == 1 else [a, b]
        while True:
            tip, before = stroke[-1], stroke[-2]
            going = [i for i in ends[tip] if not used[i]]
            if not going:
                break
            following = min(going, key=lambda i: turn(before, tip, other_end(lines[i], tip)))
            used[following] = True
            stroke.append(other_end(lines[following], tip))
        strokes.append(stroke)
    return strokes


def other_end(line: tuple[Point, Point], end: Point) -> Point:
    return line[1] if line[0] == end else line[0]


def turn(before: Point, here: Point, after: Point) -> float:
    """How far a stroke turns at ``here`` (radians, 0 straight on)."""
    one = math.atan2(here[1] - before[1], here[0] - before[0])
    two = math.atan2(after[1] - here[1], after[0] - here[0])
    return abs((two - one + math.pi) % (2 * math.pi) - math.pi)


def contours(pieces: list[tuple[Point, Point]]) -> list[Run]:
    """Edge pieces chained into closed contours (each outline runs clockwise, so do they), corners
    on a straight stretch dropped; the contour with the topmost-leftmost corner first."""
    going: dict[Point, list[Point]] = defaultdict(list)
    for a, b in pieces:
        going[a].append(b)
    loops: list[Run] = []
    for start in sorted(going):
        while going[start]:
            points = [start]
            here = going[start].pop()
            while here != start and going.get(here):
                points.append(here)
                here = going[here].pop()
            loops.append(Run(straightened(points), True))
    return loops


def straightened(points: list[Point]) -> tuple[Point, ...]:
    """A closed contour without the corners that lie on a straight line between their neighbours."""
    kept = []
    for i, here in enumerate(points):
        before, after = points[i - 1], points[(i + 1) % len(points)]
        turn = (here[0] - before[0]) * (after[1] - here[1]) - (here[1] - before[1]) * (after[0] - here[0])
        if abs(turn) > 1e-9:
            kept.append(here)
    return tuple(kept) if len(kept) >= 3 else tuple(points)
