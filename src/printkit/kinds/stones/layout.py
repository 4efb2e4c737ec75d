"""Two-sided stones: the owner's body colour, a face colour disc, the face's moves as arrows and
the stone's value in two corners. The back of a stone shows its other face. Its printed frame
has rounded corners (the light field inside the body's rim), its cut stays square.

Black and white prints keep every difference: owners differ by the body (a dark rim or a pale
one), faces by their arrows, stones by their value.

Every stone is a rim of its body colour ``RIM`` mm wide inside the cut (and its bleed) round a
light field with rounded corners, and tabs of the body colour in two corners hold the value.
A dark owner's stone saves its ink that way: its field lies under a fine hatch in the body's
colour, so at a glance it reads as a black stone (a heavy dark frame, a grey field), on both faces,
for a third of the ink a solid body took (plateau's stone sheet: 22 % of the page solid, about
11 % so). The hatch is also what keeps black from white under ``--ink-saver``, which turns every
fill into a light tint but keeps dark lines. An owner whose colour is the paper's white gets a
pale rim (``PALE_BODY``) and bleed instead: a white stone cut from white paper showed its extent
only by a grey hairline on its trim, which a cut off the line left as a grey edge (a review). No
line is drawn on a trim: the sheet's crop marks and corner ticks show the cuts (layout.pieces).
The face's disc stands on the field, its arrows in dark ink; a plain face's disc is the field's
white, so its arrows read over the hatch.
"""

from __future__ import annotations

import functools
import math

from printkit import fonts
from printkit.base.records import replace
from printkit.kinds.stones.model import StoneFace, StoneOwner, StonesComponent
from printkit.layout.context import Context, Paper
from printkit.layout.marks import luminance, on_paper
from printkit.layout.patterns import clipped_lines, diagonals
from printkit.layout.pieces import PieceArt, PieceRun, piece_pages
from printkit.layout.placeable import Placeable
from printkit.layout.primitives import Circle, Group, Item, Line, Page, Rect, Side, Stroke, Text
from printkit.layout.symbols import moves_diagram

INK = "#1a1a1a"
DISC = 0.41  # the face disc's radius, of the stone's side
ARROWS = 0.9  # the arrows' reach, of the disc's radius
SAFE_ZONE = 3.0  # mm inside the cut line kept free of what must be read (validate/safezone.py)
VALUE_CLEAR = 0.3  # mm a value set larger in a figure keeps off the colour disc
VALUE_PT = 0.26  # the value's size in points per millimetre of the stone's side
DARK_BODY = 0.2  # an owner's colour darker than this luminance gets the ink-saving dark stone
RIM = 3.0  # mm of plain dark rim inside the cut, around the light field: a cut 1 mm off still leaves 2
FIELD = "#ffffff"  # the light field inside a dark stone's rim
HATCH_WIDTH = 0.3  # mm: the hatch's lines, in the body's colour, over the field
HATCH_STEP = 1.2  # mm across, between the hatch's diagonals: a quarter of the field inked, a mid grey
CORNER = 2.5  # mm: the radius of the printed frame's corners (the light field's)
PALE_BODY = "#e0dbd2"  # a paper-white owner's rim, tabs and bleed: a pale warm grey, 87 % luminance


def numbers(stones: StonesComponent, paper: Paper) -> dict[str, float]:
    """{stones.per_player}, {stones.total}, {stones.points_per_player}, {stones.size}, {stones.owners},
    and per type {stones.TYPE.value} and {stones.TYPE.count}."""
    p = stones.id
    per_player = sum(t.count for t in stones.types)
    values: dict[str, float] = {
        f"{p}.per_player": per_player,
        f"{p}.total": per_player * len(stones.owners),
        f"{p}.points_per_player": sum(t.count * t.value for t in stones.types),
        f"{p}.size": stones.size,
        f"{p}.owners": len(stones.owners),
    }
    for stone_type in stones.types:
        values[f"{p}.{stone_type.id}.value"] = stone_type.value
        values[f"{p}.{stone_type.id}.count"] = stone_type.count
    return values


def face_art(stones: StonesComponent, owner: StoneOwner, face: StoneFace, value: int) -> Group:
    """One side of a stone, drawn once per (owner, face, value) and reused; its body runs into the
    bleed around the cut line, so the group's corner is at (-bleed, -bleed)."""
    size, bleed = stones.size, stones.bleed
    centre, radius = size / 2, size * DISC
    dark, body = dark_body(owner.color), body_colour(owner.color)
    items: list[Item] = [field(size, body, hatched=dark)]
    arrows = INK if face.color or dark else owner.ink
    # the disc's rim: 0.35 mm, thicker than any line the sheet draws near a cut
    rim = Stroke(color=INK if dark else arrows, width=0.35)
    items.append(Circle(centre, centre, radius, rim, face.color or FIELD))
    reach = radius * ARROWS
    items.append(moves_diagram(face.moves, centre - reach, centre - reach, 2 * reach, arrows))
    items += value_marks(str(value), size, owner.ink, body)  # a tab of the rim's colour holds the value
    key = ("stone", stones.id, owner.id, face.id, value, size)
    inner = Group(key=key, x=bleed, y=bleed, w=size, h=size, items=tuple(items))
    outer = size + 2 * bleed
    ground = Rect(0.0, 0.0, outer, outer, None, body)
    return Group(key=(*key, bleed), x=-bleed, y=-bleed, w=outer, h=outer, items=(ground, inner))


def dark_body(colour: str) -> bool:
    """Whether an owner's colour is dark enough for the ink-saving hatched field (plateau's black)."""
    return colour.startswith("#") and luminance(colour) < DARK_BODY


def body_colour(colour: str) -> str:
    """What an owner's stones print in their rim, tabs and bleed: the owner's colour, or PALE_BODY
    for an owner as white as the paper (plateau's white), so the stone shows where it ends."""
    return PALE_BODY if on_paper(colour) else colour


def field(size: float, body: str, hatched: bool = True) -> Group:
    """The light square RIM mm inside the cut, its corners rounded (CORNER: the rim's inner outline
    reads as a piece's frame); ``hatched``, under diagonals HATCH_STEP apart in the body's colour,
    each ending on its edges (past the rounded corners they lie on the rim, dark on dark)."""
    inner = size - 2 * RIM
    ground = Rect(0.0, 0.0, inner, inner, None, FIELD, radius=CORNER)
    hatch = clipped_lines(diagonals(inner, inner, HATCH_STEP, False), inner, inner, Stroke(body, HATCH_WIDTH))
    items = (ground, *hatch) if hatched else (ground,)
    return Group(key=("stone field", size, body, hatched), x=RIM, y=RIM, w=inner, h=inner, items=items)


def value_marks(value: str, size: float, ink: str, tab: str | None = None) -> list[Item]:
    """The value in the top-left corner and, upside down, in the bottom-right one: readable from both
    sides of the table. With ``tab`` (a dark stone's body), each stands on a tab of that colour
    joining the rim in its corner, so the value keeps the owner's light ink over the light field.

    A value with a 6 or a 9 is underlined, so 6 and 9 (or 16 and 91) cannot be mistaken upside down.
    """
    point = size * VALUE_PT
    pad = size * 0.045
    text_w = fonts.text_width(value, point, bold=True)
    box_w, box_h = text_w + 2 * pad, fonts.cap_height(point) + 2 * pad
    room_w, room_h = value_room(size)
    text: tuple[Item, ...] = (Text(pad, box_h - pad, value, point, True, color=ink, max_w=room_w, max_h=room_h),)
    if set(value) & set("69"):
        rule = box_h - pad * 0.35
        text += (Line(pad, rule, pad + text_w, rule, Stroke(color=ink, width=point * 0.025)),)
    at = max(0.0, SAFE_ZONE - pad)  # the value keeps SAFE_ZONE from the cut line
    if tab is not None:  # the tab runs from the cut's corner to the value box's far sides
        text = (Rect(-at, -at, box_w + at, box_h + at, None, tab), *text)
    upright = Group(key=("value", value, ink, point, tab), x=at, y=at, w=box_w, h=box_h, items=text)
    turned = replace(upright, x=size - box_w - at, y=size - box_h - at, rotate=180)
    return [upright, turned]


@functools.lru_cache(maxsize=64)
def value_room(size: float) -> tuple[float, float]:
    """The box a value has in its corner, the same for every value of a stone ``size`` mm across
    (so a figure keeps all its stones' values or none, figures.legible): as wide and tall as a
    two-digit value set larger around its middle can grow and keep VALUE_CLEAR mm off the colour
    disc. A figure too small for the value's own size prints it at 7 pt in this box: a 32 mm stone
    keeps its values down to about 16 mm across, where they were left out under 27 mm."""
    point = size * VALUE_PT
    wide, cap = fonts.text_width("00", point, bold=True), fonts.cap_height(point)
    middle = SAFE_ZONE + wide / 2, SAFE_ZONE + cap / 2
    centre, reach = size / 2, size * DISC + VALUE_CLEAR
    grow = 1.0
    while grow < 4.0 and math.dist((middle[0] + wide * grow / 2, middle[1] + cap * grow / 2), (centre, centre)) > reach:
        grow += 0.05
    grow = max(1.0, grow - 0.05)
    return wide * grow, cap * grow


def layout(stones: StonesComponent, ctx: Context) -> list[Page]:
    faces = {face.id: face for face in stones.faces}
    pieces: list[PieceArt] = []
    for owner in stones.owners:
        for stone_type in stones.types:
            top, bottom = (faces[face_id] for face_id in stone_type.faces)
            front, back = (
                face_art(stones, owner, top, stone_type.value),
                face_art(stones, owner, bottom, stone_type.value),
            )
            common = (("owner", owner.id), ("type", stone_type.id), ("value", stone_type.value))
            for _ in range(stone_type.count):
                pieces.append(
                    PieceArt(
                        "stone",
                        stones.id,
                        len(pieces) + 1,
                        front,
                        back,
                        common,
                        (("shows", top.id),),
                        (("shows", bottom.id),),
                        edge=body_colour(owner.color),
                    )
                )
    title = ctx.tr(stones.title) or stones.id
    per_owner = sum(t.count for t in stones.types)
    groups = (per_owner,) * len(stones.owners)
    run = PieceRun(
        stones.id,
        "pieces",
        title,
        stones.size,
        stones.size,
        tuple(pieces),
        groups,
        bleed=stones.bleed,
        stock=stones.print.stock,
        shared=stones.shares_cuts,
    )
    return piece_pages(run, ctx)


def figure_piece(component: StonesComponent, parts: list[str]) -> Placeable | str:
    """The stones a figure's reference 'OWNER.TYPE' names."""
    owners = {o.id: o for o in component.owners or []}
    types = {t.id: t for t in component.types}
    if len(parts) != 2 or parts[0] not in owners or parts[1] not in types:
        return f"a stone is 'OWNER.TYPE' of '{component.id}': owners {', '.join(owners)}; types {', '.join(types)}"
    owner, stone_type = owners[parts[0]], types[parts[1]]
    faces = {f.id: f for f in component.faces}

    def draw(ctx: Context, side: Side) -> Group:
        face = faces[stone_type.faces[0 if side == "face" else 1]]
        return face_art(component, owner, face, stone_type.value)

    def ground(ctx: Context, side: Side) -> str:
        # the owner's colour: a white stone, pale-bodied, is still outlined in a figure, where the
        # board's light cells would hide its pale rim
        return owner.color

    key = (component.id, owner.id, stone_type.id)
    size = (component.size, component.size)
    return Placeable(component.id, key, stone_type.count, True, draw, size, ground=ground)


def strip_pieces(component: StonesComponent) -> list[tuple[list[str], int]]:
    """One stone of each owner's colour, with how many stones each owner gets (all types)."""
    if not component.owners or not component.types:
        return []
    per_owner = sum(stone_type.count for stone_type in component.types)
    return [([owner.id, component.types[0].id], per_owner) for owner in component.owners]


def first_piece(component: StonesComponent) -> list[str] | None:
    if not component.owners or not component.types:
        return None
    return [component.owners[0].id, component.types[0].id]
