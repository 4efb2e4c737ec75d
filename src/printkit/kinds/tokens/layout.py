"""Token sheets: each token a shape in a square cut frame; frames touch, so one line cuts two.

A token is told apart by its shape and its letter or pattern as well as its colour, so a
black-and-white print loses nothing.
"""

from __future__ import annotations

import math

from printkit import fonts
from printkit.kinds.fits import square_frame
from printkit.kinds.tokens.model import TokensComponent, TokenSet
from printkit.layout.context import Context, Paper
from printkit.layout.cutpath import RECTANGLE, CutPath, Point
from printkit.layout.icon_drawing import draw_named
from printkit.layout.pieces import PieceArt, PieceRun, piece_pages
from printkit.layout.placeable import Placeable
from printkit.layout.primitives import Box, Circle, Group, Item, Page, Path, Rect, Side, Stroke, Text
from printkit.layout.symbols import shape_centre, shape_outline

INK = "#1a1a1a"
OUTLINE = Stroke(color=INK, width=0.7)
INNER = Stroke(color=INK, width=0.4)
CUT_MARGIN = 1.0  # mm of paper kept around a token's drawn outline when it is cut along its shape
INSET = 0.11  # of the frame's side, between the cut line and the shape
ICON_ALONE, ICON_WITH_LETTER = 0.5, 0.38  # an icon's side, of the shape's size
LETTER_HEIGHT = {"triangle": 0.26, "star": 0.22, "diamond": 0.3}  # a capital's height, of the shape's size


def numbers(tokens: TokensComponent, paper: Paper) -> dict[str, float | str]:
    """{tokens.total}, {tokens.size}, {tokens.sets}, one count per owner ({tokens.A}) and {tokens.SET.count};
    the texts ``tokens.SET.shape``, ``.letter``, ``.pattern`` of a named set, and ``tokens.OWNER.shape``
    and ``.letter`` when all the owner's tokens share them (``tokens.A.shape == 'circle'``)."""
    p = tokens.id
    values: dict[str, float | str] = {
        f"{p}.total": sum(s.count for s in tokens.sets),
        f"{p}.size": tokens.size,
        f"{p}.sets": len(tokens.sets),
        f"{p}.spares": sum(s.spares for s in tokens.sets),  # printed beyond the rules' numbers
    }
    for owner in dict.fromkeys(s.owner for s in tokens.sets):
        owned = [s for s in tokens.sets if s.owner == owner]
        values[f"{p}.{owner}"] = sum(s.count for s in owned)
        values[f"{p}.{owner}.spares"] = sum(s.spares for s in owned)
        values.update(_looks(f"{p}.{owner}", owned))
    for token_set in tokens.sets:
        if token_set.id:
            values[f"{p}.{token_set.id}.count"] = token_set.count
            values[f"{p}.{token_set.id}.spares"] = token_set.spares
            values.update(_looks(f"{p}.{token_set.id}", [token_set]))
            values[f"{p}.{token_set.id}.pattern"] = token_set.pattern
    return values


def _looks(prefix: str, sets: list[TokenSet]) -> dict[str, str]:
    """The shape and letter the sets share, as texts an invariant compares ('' for no letter)."""
    looks: dict[str, str] = {}
    for field in ("shape", "letter"):
        seen = {getattr(s, field) or "" for s in sets}
        if len(seen) == 1:
            looks[f"{prefix}.{field}"] = seen.pop()
    return looks


def token_art(tokens: TokensComponent, index: int, token_set: TokenSet, ctx: Context, spare: bool = False) -> Group:
    """One token of a set, drawn once and reused: the shape, its pattern, its icon, its letter; a
    ``spare`` one with a small plus in its frame's top-left corner."""
    size = tokens.size
    shape_size = size * (1 - 2 * INSET)
    centre = size / 2
    items: list[Item] = [shape_outline(token_set.shape, centre, centre, shape_size, OUTLINE, token_set.color)]
    if token_set.pattern == "ring":
        items.append(shape_outline(token_set.shape, centre, centre, shape_size * 0.74, INNER, None))
    elif token_set.pattern == "dot":
        items.append(Circle(centre, centre, size * 0.05, None, INK))
    if token_set.icon:
        items += icon_items(token_set, shape_size, centre, ctx)
    elif token_set.letter:
        # one size for every owner's letter: the size the smallest-lettered shape of the component takes
        height = min(LETTER_HEIGHT.get(s.shape, 0.4) for s in tokens.sets if s.letter)
        point = shape_size * height / fonts.cap_height(1.0)
        letter_y = shape_centre(token_set.shape, centre, shape_size) + fonts.cap_height(point) / 2
        items.append(Text(centre, letter_y, token_set.letter, point, bold=True, align="center", color=INK))
    if spare:
        items += spare_mark(size)
    key = ("token", tokens.id, index, size) + (("spare",) if spare else ())
    return Group(key=key, x=0.0, y=0.0, w=size, h=size, items=tuple(items))


SPARE_R = 0.06  # of the frame's side: the spare mark's disc, its centre 0.1 of the side in from the corner
SPARE_INK = Stroke(color="#4d4d4d", width=0.3)


def spare_mark(size: float) -> list[Item]:
    """A spare token's mark: a small plus in a ring in the frame's top-left corner, clear of any
    shape (a circle's or a triangle's frame leaves its corners empty), read without colour."""
    cx = cy = size * 0.1
    r, arm = size * SPARE_R, size * SPARE_R * 0.55
    return [
        Circle(cx, cy, r, SPARE_INK, "#ffffff"),
        Path(((cx - arm, cy), (cx + arm, cy)), SPARE_INK, closed=False),
        Path(((cx, cy - arm), (cx, cy + arm)), SPARE_INK, closed=False),
    ]


def icon_items(token_set: TokenSet, shape_size: float, centre: float, ctx: Context) -> list[Item]:
    """A set's icon in the middle of its shape and, with a letter, the letter small under it."""
    assert token_set.icon is not None
    side = shape_size * (ICON_WITH_LETTER if token_set.letter else ICON_ALONE)
    middle = shape_centre(token_set.shape, centre, shape_size)
    top = middle - side / 2 - (side * 0.18 if token_set.letter else 0.0)
    items: list[Item] = [draw_named(token_set.icon, ctx.tr.icons, centre - side / 2, top, side, INK, ctx.dpi)]
    if token_set.letter:
        point = shape_size * 0.13 / fonts.cap_height(1.0)
        baseline = top + side + side * 0.1 + fonts.cap_height(point)
        items.append(Text(centre, baseline, token_set.letter, point, bold=True, align="center", color=INK))
    return items


def cut_outlines(component: TokensComponent) -> dict[str, tuple[Point, ...]]:
    """The outlines the tokens are cut along, around a token's centre, by what they are: the
    square frame, or each shape's own outline when they are cut along it (``fits``' check)."""
    if component.cut == "frames":
        return square_frame(component)
    outlines: dict[str, tuple[Point, ...]] = {}
    centre = component.size / 2
    for token_set in component.sets:
        box, cut = token_cut(token_set.shape, component.size)
        corners = cut.outline(box.x, box.y, box.w, box.h)
        outlines[token_set.shape] = tuple((x - centre, y - centre) for x, y in corners)
    return outlines


def token_cut(shape: str, size: float) -> tuple[Box, CutPath]:
    """The outline a cutting machine follows: the token's shape CUT_MARGIN outside its drawn
    outline, and that outline's box from the frame's corner (kept inside the frame)."""
    centre, shape_size = size / 2, size * (1 - 2 * INSET)
    grow = CUT_MARGIN + OUTLINE.width / 2
    radius = min(shape_size / 2 + grow, centre)
    if shape == "circle":
        return Box(centre - radius, centre - radius, 2 * radius, 2 * radius), CutPath("circle")
    if shape == "hexagon":
        half_w = radius * math.sqrt(3) / 2
        return Box(centre - half_w, centre - radius, 2 * half_w, 2 * radius), CutPath("hexagon")
    drawn = shape_outline(shape, centre, centre, shape_size, None, None)
    if isinstance(drawn, Rect):
        side = min(drawn.w + 2 * grow, size)
        return Box(centre - side / 2, centre - side / 2, side, side), RECTANGLE
    assert isinstance(drawn, Path)
    reach = max(math.dist(point, (centre, centre)) for point in drawn.points)
    scale = (reach + grow) / reach
    grown = [
        (min(max(centre + (x - centre) * scale, 0.0), size), min(max(centre + (y - centre) * scale, 0.0), size))
        for x, y in drawn.points
    ]
    left, top = min(x for x, _ in grown), min(y for _, y in grown)
    box = Box(left, top, max(x for x, _ in grown) - left, max(y for _, y in grown) - top)
    return box, CutPath("polygon", tuple((x - left, y - top) for x, y in grown))


def layout(tokens: TokensComponent, ctx: Context) -> list[Page]:
    """The tokens packed in reading order across their sets, cut along square frames or, for a
    cutting machine (the kit's ``cut`` or ``build --cut``), along each token's own outline."""
    outline = (ctx.options.cut or tokens.cut) == "outline"
    pieces: list[PieceArt] = []
    for index, token_set in enumerate(tokens.sets):
        art = token_art(tokens, index, token_set, ctx)
        spare = token_art(tokens, index, token_set, ctx, spare=True)
        cut_box, cut = token_cut(token_set.shape, tokens.size) if outline else (None, RECTANGLE)
        extra: tuple[tuple[str, object], ...] = (("owner", token_set.owner), ("shape", token_set.shape))
        if token_set.id:
            extra += (("set", token_set.id),)
        if token_set.letter:
            extra += (("letter", token_set.letter),)
        if token_set.icon:
            extra += (("icon", token_set.icon),)
        for _ in range(token_set.count):
            pieces.append(PieceArt("token", tokens.id, len(pieces) + 1, art, extra=extra, cut=cut, cut_box=cut_box))
        for _ in range(token_set.spares):  # after the set, in its group: the manifest counts them apart
            spared = extra + (("spare", True),)
            pieces.append(PieceArt("token", tokens.id, len(pieces) + 1, spare, extra=spared, cut=cut, cut_box=cut_box))
    title = ctx.tr(tokens.title) or tokens.id
    groups = tuple(s.count + s.spares for s in tokens.sets)
    size, stock = tokens.size, tokens.print.stock
    run = PieceRun(tokens.id, "tokens", title, size, size, tuple(pieces), groups, packed=True, stock=stock)
    return piece_pages(run, ctx)


def figure_piece(component: TokensComponent, parts: list[str]) -> Placeable | str:
    """The tokens a figure's reference names: a set by its id, or all of an owner's sets."""
    names = [s.id for s in component.sets if s.id] + list(dict.fromkeys(s.owner for s in component.sets))
    if len(parts) != 1 or parts[0] not in names:
        return f"'{component.id}' has no token set or owner '{'.'.join(parts)}'; it has: {', '.join(names)}"
    wanted = parts[0]
    chosen = [(n, s) for n, s in enumerate(component.sets) if wanted in (s.id, s.owner)]
    index, first = chosen[0]
    by_set = first.id == wanted

    def draw(ctx: Context, side: Side) -> Group:
        return token_art(component, index, first, ctx)

    count = first.count if by_set else sum(s.count for _, s in chosen)
    key = (component.id, first.owner) + ((first.id or "",) if by_set else ())
    return Placeable(component.id, key, count, False, draw, (component.size, component.size))


def strip_pieces(component: TokensComponent) -> list[tuple[list[str], int]]:
    """One token of each set (of each owner, for sets without an id), with how many are printed."""
    counts: dict[str, int] = {}
    for token_set in component.sets:
        name = token_set.id or token_set.owner
        counts[name] = counts.get(name, 0) + token_set.count
    return [([name], count) for name, count in counts.items()]


def first_piece(component: TokensComponent) -> list[str]:
    return [component.sets[0].id or component.sets[0].owner]
