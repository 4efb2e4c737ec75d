"""Two-sided stones: the owner's body colour, a face colour disc, the face's moves as arrows and
the stone's value in two corners. The back of a stone shows its other face.

Black and white prints keep every difference: owners differ by the body (dark or light corners),
faces by their arrows, stones by their value.

A dark owner's stone is not printed solid: a rim of its colour runs from the bleed to ``RIM`` mm
inside the cut around a light field, a ``FIELD_TINT`` tint of the colour, where the face's disc,
its arrows and the value are drawn in dark ink. Plateau's sixteen black stones took a
solid near-black block of about 144 x 108 mm on both sides of a sheet (21 % of the page's ink);
rim and field halve it and still tell black from white in a black-and-white print: a black rim
and a grey field against a white body.
"""

from __future__ import annotations

from dataclasses import replace

from printkit import fonts
from printkit.kinds.stones.model import StoneFace, StoneOwner, StonesComponent
from printkit.layout.context import Context, Paper
from printkit.layout.marks import luminance, tinted
from printkit.layout.pieces import PieceArt, PieceRun, piece_pages
from printkit.layout.placeable import Placeable
from printkit.layout.primitives import Circle, Group, Item, Line, Page, Rect, Side, Stroke, Text
from printkit.layout.symbols import moves_diagram

INK = "#1a1a1a"
DISC = 0.41  # the face disc's radius, of the stone's side
ARROWS = 0.9  # the arrows' reach, of the disc's radius
SAFE_ZONE = 3.0  # mm inside the cut line kept free of what must be read (validate/safezone.py)
VALUE_PT = 0.26  # the value's size in points per millimetre of the stone's side
DARK_BODY = 0.2  # an owner's colour darker than this luminance prints as a rim and a light field
RIM = 1.6  # mm of the dark rim inside the cut: a cut 1 mm off still leaves dark on the edge; inside SAFE_ZONE
FIELD_TINT = 0.25  # the field inside the rim keeps a quarter of the owner's colour (#2b2b2b: #cacaca)


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
    items: list[Item] = []
    field = light_field(owner.color)
    if field is not None:  # a dark owner: a rim of its colour around a light field, marks in dark ink
        items.append(Rect(RIM, RIM, size - 2 * RIM, size - 2 * RIM, None, field))
    arrows = INK if face.color or field is not None else owner.ink
    # the disc's rim: 0.35 mm, so a white rim on a black stone never reads as the white cut line (0.3 mm)
    rim = Stroke(color=arrows if not face.color else INK, width=0.35)
    items.append(Circle(centre, centre, radius, rim, face.color))
    reach = radius * ARROWS
    items.append(moves_diagram(face.moves, centre - reach, centre - reach, 2 * reach, arrows))
    items += value_marks(str(value), size, INK if field is not None else owner.ink)
    key = ("stone", stones.id, owner.id, face.id, value, size)
    inner = Group(key=key, x=bleed, y=bleed, w=size, h=size, items=tuple(items))
    outer = size + 2 * bleed
    body = Rect(0.0, 0.0, outer, outer, None, owner.color)
    return Group(key=(*key, bleed), x=-bleed, y=-bleed, w=outer, h=outer, items=(body, inner))


def light_field(colour: str) -> str | None:
    """The light field inside a dark owner's rim, or None for a body light enough to print whole."""
    if not colour.startswith("#") or luminance(colour) >= DARK_BODY:
        return None
    return tinted(colour, FIELD_TINT)


def value_marks(value: str, size: float, ink: str) -> list[Item]:
    """The value in the top-left corner and, upside down, in the bottom-right one: readable from both
    sides of the table.

    A value with a 6 or a 9 is underlined, so 6 and 9 (or 16 and 91) cannot be mistaken upside down.
    """
    point = size * VALUE_PT
    pad = size * 0.045
    text_w = fonts.text_width(value, point, bold=True)
    box_w, box_h = text_w + 2 * pad, fonts.cap_height(point) + 2 * pad
    text: tuple[Item, ...] = (Text(pad, box_h - pad, value, point, bold=True, color=ink),)
    if set(value) & set("69"):
        rule = box_h - pad * 0.35
        text += (Line(pad, rule, pad + text_w, rule, Stroke(color=ink, width=point * 0.025)),)
    at = max(0.0, SAFE_ZONE - pad)  # the value keeps SAFE_ZONE from the cut line
    upright = Group(key=("value", value, ink, point), x=at, y=at, w=box_w, h=box_h, items=text)
    turned = replace(upright, x=size - box_w - at, y=size - box_h - at, rotate=180)
    return [upright, turned]


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
                        edge=owner.color,
                    )
                )
    title = ctx.tr(stones.title) or stones.id
    per_owner = sum(t.count for t in stones.types)
    groups = (per_owner,) * len(stones.owners)
    run = PieceRun(stones.id, "pieces", title, stones.size, stones.size, tuple(pieces), groups, bleed=stones.bleed)
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

    key = (component.id, owner.id, stone_type.id)
    return Placeable(component.id, key, stone_type.count, True, draw, (component.size, component.size))


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
