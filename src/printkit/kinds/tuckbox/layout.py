"""A tuck box's net: the flat shape cut from one sheet and folded round a deck.

Left to right the net is the back, a side, the front, the other side and a glue tab; the back
carries the top lid and its tuck flap, the front the bottom lid and its tuck flap (a reverse tuck
box), each side a dust flap at either end. The inside is ``width`` x ``height`` x ``depth``: the
panels' widths are the card's width, the sides' widths and the lids' heights the depth. The knife
follows the outline (a polygon, the piece's ``cut``); the panels fold along dashed lines.
"""

from __future__ import annotations

import math
from typing import Any, Protocol

from msgspec import Struct

from printkit import fonts
from printkit.base.errors import LayoutProblem
from printkit.base.records import replace
from printkit.base.units import MM_PER_POINT
from printkit.kinds.tuckbox.finish import (
    BLEED,
    GLUE_CLEAR,
    PLATE_PAD,
    GlueTab,
    net_drawing,
    panel_pattern,
    readable_ink,
    steps_height,
    steps_items,
    text_plate,
)
from printkit.kinds.tuckbox.model import BoxBase, TuckboxComponent
from printkit.kinds.tuckbox.room import Inside, folded_layers, inside
from printkit.kinds.tuckbox.words import MESSAGES
from printkit.layout.context import MARGIN, PAPERS, Context, Paper
from printkit.layout.cutpath import CutPath, Point
from printkit.layout.emblem import roundel
from printkit.layout.marks import HEADER_HEIGHT, piece_page_header, tinted
from printkit.layout.primitives import Group, Image, Item, Page, Piece, Rect, Stroke, Text
from printkit.layout.text import fit_text
from printkit.pictures.place import fitted
from printkit.words.typography import number_range, typeset

TUCK = 15.0  # mm: the tuck flap's height (at most half the box's height)
TUCK_INSET = 1.0  # the tuck flap is this much narrower each side, so it slides in
TUCK_ROUND = 5.0  # the radius of the tuck flap's rounded corners
GLUE = 8.0  # the glue tab's width
GLUE_TAPER = 3.0  # how much shorter the glue tab's free edge is at each end
FLAP_TAPER = 2.0  # a dust flap's free edge is this much shorter at each end
NOTCH = 8.0  # the thumb notch's radius in the front's top edge (at most a sixth of the width)
ARC_STEPS = 6  # segments of a quarter circle
MARK_MOST, MARK_LEAST = 30.0, 8.0  # mm: the kit's mark on a box's front, at most and at least
FACTS_PT = 8.0  # the game's players, age and time under the title on a box's front
FACTS_GAP = 5.0  # mm from the title's baseline to the facts'
FACTS_LEADING = 3.6  # mm between the facts' lines when they take one a line
NET_TOP = MARGIN + HEADER_HEIGHT + 4.0  # the net starts under the page's heading
TITLE_PT = 16.0
PANEL_INSET = 1.8  # mm from a panel's folds to its border
TEXT_INSET = 4.0  # mm from a panel's folds to its texts: 1.5 mm clear of the border's inner line
BAND_PAD = 2.0  # mm above and below the front's title inside its band
BAND_INSET = 4.0  # mm from the front's folds to its title band: 1.5 mm inside the panel's border
BAND_CLEAR = 1.5  # mm from the border's inner line down to the title band's top
SMALL_PT = 7.0  # the smallest type on the box (the brief: no text under 7 pt)
TWO_LINES_UNDER = 10.0  # pt: a front's title that would be set smaller on one line takes two
TITLE_LEADING = 1.15  # a two-line title's baselines, of its size


class Flat(Protocol):
    """A net's bounding box: what has to fit the paper."""

    @property
    def width(self) -> float: ...

    @property
    def height(self) -> float: ...


class Net(Struct, frozen=True):
    """The net's geometry in mm from its bounding box's top-left corner."""

    w: float  # a wide panel's width (the inside's width)
    h: float  # the body's height (the inside's height)
    d: float  # a side's width and a lid's height (the inside's depth)

    @property
    def tuck(self) -> float:
        return min(TUCK, self.h / 2)

    @property
    def flap(self) -> float:
        """A dust flap's height: the depth, at least 10 mm, at most half the width, and no taller
        than a lid with its tuck."""
        return min(max(self.d, 10.0), self.w / 2, self.tuck + self.d)

    @property
    def glue(self) -> float:
        return min(GLUE, self.w / 2)

    @property
    def columns(self) -> tuple[float, float, float, float, float]:
        """x of the back's left edge, then of the folds: back|side, side|front, front|side, side|glue."""
        w, d = self.w, self.d
        return 0.0, w, w + d, 2 * w + d, 2 * w + 2 * d

    @property
    def rows(self) -> tuple[float, float, float, float, float]:
        """y of the lid's tuck fold, the body's top and bottom, the bottom lid's tuck fold, the net's bottom."""
        t, d, h = self.tuck, self.d, self.h
        return t, t + d, t + d + h, t + 2 * d + h, 2 * t + 2 * d + h

    @property
    def width(self) -> float:
        return self.columns[4] + self.glue

    @property
    def height(self) -> float:
        return self.rows[4]

    def outline(self) -> tuple[Point, ...]:
        """The cut outline, clockwise on the page, from the top lid's left edge."""
        _, back_r, front_l, front_r, side_r = self.columns
        lid, top, bottom, low_lid, end = self.rows
        flap, taper, glue = self.flap, min(FLAP_TAPER, self.d / 4), self.glue
        notch = min(NOTCH, self.w / 6)
        points: list[Point] = [(0.0, lid)]
        points += tuck_flap(TUCK_INSET, back_r - TUCK_INSET, lid, 0.0)
        points += [(back_r, lid), (back_r, top)]
        points += [(back_r + taper, top - flap), (front_l - taper, top - flap), (front_l, top)]
        points += thumb_notch((front_l + front_r) / 2, top, notch)
        points += [(front_r, top), (front_r + taper, top - flap), (side_r - taper, top - flap), (side_r, top)]
        points += [(side_r + glue, top + GLUE_TAPER), (side_r + glue, bottom - GLUE_TAPER), (side_r, bottom)]
        points += [(side_r - taper, bottom + flap), (front_r + taper, bottom + flap), (front_r, bottom)]
        points += [(front_r, low_lid)]
        points += tuck_flap(front_r - TUCK_INSET, front_l + TUCK_INSET, low_lid, end)
        points += [(front_l, low_lid), (front_l, bottom)]
        points += [(front_l - taper, bottom + flap), (back_r + taper, bottom + flap), (back_r, bottom)]
        points += [(0.0, bottom)]
        return tuple(points)

    def folds(self) -> tuple[tuple[Point, Point], ...]:
        """The dashed fold lines: the body's four vertical folds, the lids', tucks' and flaps' folds."""
        left, back_r, front_l, front_r, side_r = self.columns
        lid, top, bottom, low_lid, _ = self.rows
        vertical = tuple(((x, top), (x, bottom)) for x in (back_r, front_l, front_r, side_r))
        horizontal = (
            ((left + TUCK_INSET, lid), (back_r - TUCK_INSET, lid)),
            ((left, top), (front_l, top)),
            ((front_r, top), (side_r, top)),
            ((back_r, bottom), (side_r, bottom)),
            ((front_l + TUCK_INSET, low_lid), (front_r - TUCK_INSET, low_lid)),
        )
        return vertical + horizontal

    def glue_tabs(self) -> tuple[GlueTab, ...]:
        """The glue tab on the last side's edge, bare from GLUE_CLEAR off its fold out past its bleed."""
        side_r, (_, top, bottom, _, _), glue = self.columns[4], self.rows, self.glue
        slope = GLUE_TAPER / glue  # how far the tab's slanted ends come in for each mm out
        near, far = side_r + GLUE_CLEAR, side_r + glue + BLEED
        clear = (
            (near, top + slope * GLUE_CLEAR - BLEED),
            (far, top + GLUE_TAPER - BLEED),
            (far, bottom - GLUE_TAPER + BLEED),
            (near, bottom - slope * GLUE_CLEAR + BLEED),
        )
        return (GlueTab(clear, (side_r + (GLUE_CLEAR + glue) / 2, (top + bottom) / 2), glue - GLUE_CLEAR - 0.6),)


def tuck_flap(x0: float, x1: float, base: float, edge: float) -> list[Point]:
    """A tuck flap standing on (x0, base)..(x1, base) with its free edge at y ``edge`` and its two
    outer corners rounded; the points run from x0 to x1."""
    radius = min(TUCK_ROUND, abs(edge - base), abs(x1 - x0) / 2)
    sx, sy = math.copysign(1.0, x1 - x0), math.copysign(1.0, edge - base)
    quarter = [math.pi / 2 * step / ARC_STEPS for step in range(ARC_STEPS + 1)]
    first = [(x0 + sx * radius * (1 - math.cos(a)), edge - sy * radius * (1 - math.sin(a))) for a in quarter]
    second = [(x1 - sx * radius * (1 - math.sin(a)), edge - sy * radius * (1 - math.cos(a))) for a in quarter]
    return [(x0, base), *first, *second, (x1, base)]


def thumb_notch(centre: float, y: float, radius: float) -> list[Point]:
    """A half-circle notch cut down into an edge at height ``y``, from left to right."""
    turns = [math.pi * step / (2 * ARC_STEPS) for step in range(2 * ARC_STEPS + 1)]
    return [(centre - radius * math.cos(turn), y + radius * math.sin(turn)) for turn in turns]


def net_of(room: Inside) -> Net:
    return Net(room.width, room.height, room.depth)


def numbers(box: BoxBase, paper: Paper) -> dict[str, Any]:
    """The box's own settings; its sizes come from the deck it holds (``derived``)."""
    p = box.id
    return {f"{p}.thickness": box.thickness, f"{p}.allowance": box.allowance, f"{p}.sleeve": box.sleeve}


def derived(box: TuckboxComponent, values: dict[str, Any]) -> dict[str, Any]:
    """{box.width}, {box.height}, {box.depth} (inside, mm), {box.cards}, {box.net_width}, {box.net_height}."""
    room = inside(box, values)
    if room is None:
        return {}
    net = net_of(room)
    p = box.id
    sizes = {"width": room.width, "height": room.height, "depth": room.depth}
    sizes |= {"net_width": net.width, "net_height": net.height}
    return {f"{p}.{name}": round(value, 3) for name, value in sizes.items()} | {f"{p}.cards": room.cards}


# --- the paper a net needs ------------------------------------------------------------------------


def room_on(paper: Paper) -> tuple[float, float]:
    """The width and height a net may take on a portrait ``paper``: inside the margins, under the heading."""
    return paper.width - 2 * MARGIN, paper.height - NET_TOP - MARGIN


def orientation_on(net: Flat, paper: Paper) -> Paper | None:
    """``paper`` portrait if the net fits it, else landscape if it fits that way, else None."""
    for turned in (paper, paper.landscape()):
        free_w, free_h = room_on(turned)
        if net.width <= free_w + 1e-9 and net.height <= free_h + 1e-9:
            return turned
    return None


def centred_top(height: float, paper: Paper) -> float:
    """Where a net ``height`` mm tall starts so that it sits in the middle of the room under the
    page's heading (room_on), not at its top."""
    return NET_TOP + max(0.0, (room_on(paper)[1] - height) / 2)


def game_facts(ctx: Context) -> list[str]:
    """The game's players, age and playing time for a box's front ("2–4 players", "ages 8+",
    "15–20 min"): what the kit gives of them."""
    game = ctx.game
    if game is None:
        return []
    facts = [ctx.tr.own(MESSAGES["box_players"], players=number_range(game.players.min, game.players.max))]
    if game.age:
        facts.append(ctx.tr.own(MESSAGES["box_age"], age=game.age))
    if game.minutes:
        facts.append(ctx.tr.own(MESSAGES["box_minutes"], minutes=typeset(str(game.minutes), ctx.lang)))
    return facts


def facts_items(ctx: Context, centre: float, y: float, width: float, ink: str) -> tuple[list[Item], float]:
    """The game's facts centred under a front's title whose baseline is ``y``: on one line when it
    fits ``width`` at FACTS_PT, else one fact a line; and the last baseline."""
    facts = game_facts(ctx)
    if not facts:
        return [], y
    line = "  ·  ".join(facts)
    lines = [line] if fonts.text_width(line, FACTS_PT) <= width else facts
    items: list[Item] = []
    for text in lines:
        y += FACTS_GAP if not items else FACTS_LEADING
        items.append(fit_text(centre, y, text, width, FACTS_PT, smallest=SMALL_PT, align="center", color=ink))
    return items, y


def fits_a_paper(net: Flat) -> bool:
    """The net fits one of the papers printkit names (a box on A3 only is printed with --paper a3)."""
    return any(orientation_on(net, paper) is not None for paper in PAPERS.values())


def paper_needed(net: Flat) -> str:
    """The smallest named paper the net fits on, for a message."""
    for key, paper in sorted(PAPERS.items(), key=lambda named: named[1].width * named[1].height):
        if orientation_on(net, paper) is not None:
            return f"it fits {paper.name} ({paper.size_text}): build it with --paper {key}, or"
    return "it fits no paper printkit names:"


LARGEST_PAPERS = (PAPERS["a3"], PAPERS["tabloid"])  # what a message about a net too big for any paper names


def too_big(net: Flat, papers: tuple[Paper, ...], what: str = "the tuck box's net") -> str:
    """Why the net fits none of ``papers``, naming the paper it needs."""
    rooms = " or ".join(f"{paper.name} ({room_on(paper)[0]:g} × {room_on(paper)[1]:g} mm)" for paper in papers)
    return (
        f"{what} is {net.width:.1f} × {net.height:.1f} mm and does not fit inside the margins of "
        f"{rooms}, either way round; {paper_needed(net)} hold fewer or thinner cards, or split the deck into "
        "two boxes"
    )


# --- the page ---------------------------------------------------------------------------------------


def layout(box: TuckboxComponent, ctx: Context) -> list[Page]:
    room = inside(box, ctx.tr.numbers, folded_layers(box, ctx))
    if room is None:
        raise LayoutProblem(("holds",), f"'{box.holds}' is not a deck of this kit")
    net = net_of(room)
    paper = orientation_on(net, ctx.paper)
    if paper is None:
        raise LayoutProblem(("holds",), too_big(net, (ctx.paper,)))
    steps = making_steps(ctx)
    y, steps_top = net_and_steps_top(net.height, paper, steps)
    x = (paper.width - net.width) / 2
    title = ctx.tr(box.title) or ctx.tr.own(MESSAGES["tuckbox_title"], label=ctx.tr(box.label))
    items: list[Item] = piece_page_header(replace(ctx, paper=paper), title, ctx.tr.own(MESSAGES["tuckbox_instruction"]))
    items += net_items(box, net, room, ctx, x, y)
    if steps_top is not None:
        items += steps_block(ctx, paper, steps_top, steps)
    outline = CutPath("polygon", net.outline())
    piece = Piece("tuckbox", box.id, 1, x, y, net.width, net.height, extra=box_extra(box, room), cut=outline)
    return [Page(paper.width, paper.height, "box", box.id, tuple(items), (piece,))]


STEPS_GAP = 8.0  # mm from a net's bleed to the steps under it


def making_steps(ctx: Context, glue: str | None = None, close: str | None = None) -> list[str]:
    """How to make a box from its nets, one step a line: the stock and copies, cut, score and
    fold, then ``glue`` and ``close`` (a tuck box's unless another kind says its own)."""
    own = ctx.tr.own
    bleed = f"{BLEED:g}".replace(".", "," if ctx.lang != "en" else ".")
    return [
        own(MESSAGES["tuckbox_step_print"]),
        own(MESSAGES["tuckbox_step_cut"], bleed=bleed),
        own(MESSAGES["tuckbox_step_score"]),
        glue or own(MESSAGES["tuckbox_step_glue"]),
        close or own(MESSAGES["tuckbox_step_close"]),
    ]


def steps_block(ctx: Context, paper: Paper, top: float, steps: list[str]) -> list[Item]:
    """The steps under the net, across the page's content width, with the legend of its lines."""
    own = ctx.tr.own
    legend = (own(MESSAGES["box_cut"]), own(MESSAGES["box_fold"]), own(MESSAGES["box_glue"]))
    heading = own(MESSAGES["tuckbox_steps"])
    return steps_items(ctx, MARGIN, top, paper.width - 2 * MARGIN, heading, steps, legend)


def net_and_steps_top(height: float, paper: Paper, steps: list[str]) -> tuple[float, float | None]:
    """Where a net ``height`` mm tall starts and where the steps under it start, the two centred
    together in the room under the page's heading; the net alone, centred, when both do not fit."""
    block = BLEED + STEPS_GAP + steps_height(steps)
    if BLEED + height + block > room_on(paper)[1]:
        return centred_top(height, paper), None
    top = centred_top(BLEED + height + block, paper) + BLEED  # the bleed over the net is ink too
    return top, top + height + BLEED + STEPS_GAP


def box_extra(box: BoxBase, room: Inside) -> tuple[tuple[str, object], ...]:
    """The manifest's fields of a box's piece: the deck it holds and its inside, in mm."""
    return (("holds", box.holds), ("inside", [round(room.width, 3), round(room.height, 3), round(room.depth, 3)]))


GROUND_TINT = 0.12  # a light ground: this much of the box's colour (targ's plum: #ebdfe7)


def look(box: TuckboxComponent) -> tuple[str, str]:
    """The net's ground and the ink drawn on it: the box's colour with white or near-black on it, or
    for ``ground: light`` a GROUND_TINT wash of it with the colour itself as the ink."""
    if box.ground == "light":
        return tinted(box.color, GROUND_TINT), box.color
    return box.color, readable_ink(box.color)


def net_items(box: TuckboxComponent, net: Net, room: Inside, ctx: Context, x: float, y: float) -> list[Item]:
    """The outline filled with the box's ground and cut, the fold lines, the faces' texts and picture."""
    glue = ctx.tr.own(MESSAGES["box_glue"])
    ground, ink = look(box)
    return net_drawing(net, ground, x, y, glue) + face_items(box, net, room, ctx, x, y, ink)


def front_art(
    image: str | None, color: str, look: tuple[str, str], ctx: Context, x: float, y: float, w: float, h: float
) -> list[Item]:
    """What a box's front shows between its title and what it holds, in (x, y, w, h): the box's
    own picture, else the kit's mark (``theme.mark``) in the box's ink on its ground (``look``), at most
    MARK_MOST mm across and at least MARK_LEAST (a smaller one reads as a smudge); nothing in a
    room under 5 mm."""
    if h <= 5.0:
        return []
    if image:
        return [lid_picture(ctx, image, x, y, w, h)]
    side = min(w, h, MARK_MOST)
    if not ctx.theme.mark or side < MARK_LEAST:
        return []
    ground, ink = look
    return [
        roundel(ctx.theme.mark, ctx.tr.icons, x + (w - side) / 2, y + (h - side) / 2, side, color, ctx.dpi, ground, ink)
    ]


def lid_picture(ctx: Context, relative: str, x: float, y: float, w: float, h: float) -> Image:
    """A box's own picture (its ``image``) fitted in proportion in (x, y, w, h), as the pipeline
    prepared it (at its default size and resolution); LayoutProblem when it was refused."""
    found = ctx.pictures.get(relative)
    if found is None:
        raise LayoutProblem((), ctx.pictures.problem(relative))
    return Image(*fitted(x, y, w, h, found.aspect), str(found.path))


def panel_frame(x: float, y: float, w: float, h: float, ink: str, color: str) -> list[Item]:
    """A panel's border: a line PANEL_INSET inside its folds and a finer one inside it, in the
    box's ink, the finish of a printed box's front and back; inside it a light pattern of its
    ground ``color`` shaded towards the ink (finish.panel_pattern), so the panel is no flat field."""
    outer, inner = PANEL_INSET, PANEL_INSET + 0.7
    field = inner + 0.5
    return [
        *panel_pattern(x + field, y + field, w - 2 * field, h - 2 * field, color, ink),
        Rect(x + outer, y + outer, w - 2 * outer, h - 2 * outer, Stroke(color=ink, width=0.4), radius=2.0),
        Rect(x + inner, y + inner, w - 2 * inner, h - 2 * inner, Stroke(color=ink, width=0.2), radius=1.2),
    ]


def title_band(x: float, baseline: float, w: float, size_pt: float, ink: str, below: float = 0.0) -> Rect:
    """The band behind a front's title whose first baseline is ``baseline`` (its last ``below`` mm
    lower), in the box's ink, its title printed in the box's colour."""
    cap = fonts.cap_height(size_pt)
    return Rect(x, baseline - cap - BAND_PAD, w, cap + below + 2 * BAND_PAD, None, ink, radius=1.5)


def name_lines(name: str, width: float, largest: float) -> tuple[list[str], float]:
    """A box's label on one line, or on two split at the space nearest its middle when one line
    would be set under TWO_LINES_UNDER pt (at most ``largest``) to fit ``width`` mm and the two
    are set larger (kpn's tile box: 7 pt, too long even so); and the size they take."""
    one = fonts.fit_size(name, width, largest, bold=True, smallest=SMALL_PT)
    spaces = [at for at, char in enumerate(name) if char == " "]
    if one >= min(TWO_LINES_UNDER, largest) or not spaces:
        return [name], one
    middle = min(spaces, key=lambda at: abs(at - len(name) / 2))
    halves = [name[:middle], name[middle + 1 :]]
    two = min(fonts.fit_size(half, width, largest, bold=True, smallest=SMALL_PT) for half in halves)
    return (halves, two) if two > one else ([name], one)


def face_items(box: TuckboxComponent, net: Net, room: Inside, ctx: Context, x: float, y: float, ink: str) -> list[Item]:
    """The front: the label, the game's facts, the picture or mark, what the box holds; the back:
    the mark, the label (and the facts when the front has no room for them) and what it holds;
    the top lid: the title, upside down on the net so that it reads from the front once closed."""
    back_l, _, front_l, _, _ = (x + column for column in net.columns)
    _, top, bottom, _, _ = (y + row for row in net.rows)
    game = ctx.tr(box.label)
    holds = ctx.tr(box.contents) or ctx.tr.msg("tuckbox_holds", count=room.cards)
    front, facts_fit = front_items(box, net, ctx, front_l, top, bottom, ink, game, holds)
    items = [*panel_frame(back_l, top, net.w, bottom - top, ink, look(box)[0]), *front]
    items += back_items(box, net, ctx, back_l, top, bottom, ink, game, holds, with_facts=not facts_fit)
    if net.d >= 6.0:
        items += lid_items(box, net, back_l, y + net.rows[0], ink, game)
    return items + side_items(box, net, ctx, x, top, bottom)


SIDE_MARK_FROM = 18.0  # mm: a side at least this wide shows the kit's mark (kpn's 31 mm sides were plain)


def side_items(box: TuckboxComponent, net: Net, ctx: Context, x: float, top: float, bottom: float) -> list[Item]:
    """The kit's mark in the middle of each side wide enough to show it, so a deep box's sides are
    no flat fields either; nothing on a narrow side."""
    if net.d < SIDE_MARK_FROM:
        return []
    inset = PANEL_INSET + 2.0
    items: list[Item] = []
    for left in (x + net.columns[1], x + net.columns[3]):
        items += front_art(
            None, box.color, look(box), ctx, left + inset, top + inset, net.d - 2 * inset, bottom - top - 2 * inset
        )
    return items


def front_items(
    box: TuckboxComponent,
    net: Net,
    ctx: Context,
    left: float,
    top: float,
    bottom: float,
    ink: str,
    game: str,
    holds: str,
) -> tuple[list[Item], bool]:
    """The front panel's items, and whether the game's facts stand on it (a front too short for
    them leaves them to the back: kpn's 35 mm box held its title, facts and contents overlapping)."""
    inner, centre = net.w - 2 * TEXT_INSET, left + net.w / 2
    notch_foot = top + min(NOTCH, net.w / 6)
    band_w = net.w - 2 * BAND_INSET
    lines, size = name_lines(game, band_w - 1.0, TITLE_PT)
    # the band's top BAND_CLEAR under the frame's inner line (kpn's band crowded the frame's top)
    frame_inner = notch_foot + 1.0 + PANEL_INSET + 0.7
    title_y = frame_inner + BAND_CLEAR + BAND_PAD + fonts.cap_height(size)
    step = size * MM_PER_POINT * TITLE_LEADING
    last = title_y + step * (len(lines) - 1)
    holds_y = bottom - 4.0 - 1.0
    items: list[Item] = [
        *panel_frame(left, notch_foot + 1.0, net.w, bottom - notch_foot - 1.0, ink, look(box)[0]),
        title_band(left + BAND_INSET, title_y, band_w, size, ink, last - title_y),
        *(
            Text(centre, title_y + n * step, line, size, True, "center", look(box)[0], band_w - 1.0)
            for n, line in enumerate(lines)
        ),
        holds_plate(centre, holds_y, holds, inner, 9.0, look(box)[0], ink),
        fit_text(centre, holds_y, holds, inner, 9.0, smallest=SMALL_PT, align="center", color=ink),
    ]
    facts, facts_y = facts_items(ctx, centre, last, inner, ink)
    room_foot = holds_y - fonts.cap_height(9.0) - 2.0
    facts_fit = facts_y + 1.0 <= room_foot
    if facts_fit:
        items += facts
        last = facts_y
    picture_top = last + BAND_PAD + 1.5  # under the band (or the facts' descenders)
    items += front_art(
        box.image, box.color, look(box), ctx, left + TEXT_INSET, picture_top, inner, room_foot - 1.0 - picture_top
    )
    return items, facts_fit


def back_items(
    box: TuckboxComponent,
    net: Net,
    ctx: Context,
    left: float,
    top: float,
    bottom: float,
    ink: str,
    game: str,
    holds: str,
    with_facts: bool,
) -> list[Item]:
    """The back panel: the kit's mark over the label, the game's facts under it when the front
    left them out, what the box holds at its foot."""
    inner, centre = net.w - 2 * TEXT_INSET, left + net.w / 2
    lines, size = name_lines(game, inner, 12.0)
    step = size * MM_PER_POINT * TITLE_LEADING
    holds_y = bottom - 5.0
    first = (top + bottom) / 2  # the label on the panel's middle, or as low as the facts under it let it
    if with_facts:
        facts_h = facts_items(ctx, centre, 0.0, inner, ink)[1]
        first = min(first, holds_y - fonts.cap_height(SMALL_PT) - 2.0 - facts_h - step * (len(lines) - 1))
    names = [Text(centre, first + n * step, line, size, True, "center", ink, inner) for n, line in enumerate(lines)]
    mark_top = top + 4.0
    items: list[Item] = front_art(
        None,
        box.color,
        look(box),
        ctx,
        left + TEXT_INSET,
        mark_top,
        inner,
        first - fonts.cap_height(size) - 3.0 - mark_top,
    )
    # the label, the facts and what it holds on one plate, clear of the pattern
    items.append(
        text_plate(left + TEXT_INSET - 1.0, first - fonts.cap_height(size), inner + 2.0, holds_y, look(box)[0], ink)
    )
    items += names
    if with_facts:
        items += facts_items(ctx, centre, first + step * (len(lines) - 1), inner, ink)[0]
    items.append(fit_text(centre, holds_y, holds, inner, SMALL_PT, smallest=SMALL_PT, align="center", color=ink))
    return items


def holds_plate(centre: float, baseline: float, holds: str, inner: float, size_pt: float, color: str, ink: str) -> Rect:
    """The plate under a front's 'N cards', as wide as its words and a little more."""
    width = min(inner, fonts.text_width(holds, size_pt)) + 2 * PLATE_PAD + 2.0
    top = baseline - fonts.cap_height(size_pt)
    return text_plate(centre - width / 2, top, width, baseline, color, ink)


def lid_items(box: TuckboxComponent, net: Net, left: float, top: float, ink: str, game: str) -> list[Item]:
    """The title on the top lid, upside down on the net so that it reads from the front once closed;
    on two lines when one would not fit and the lid is deep enough."""
    inner = net.w - 6.0
    lines, size = name_lines(game, inner, 10.0)
    step = size * MM_PER_POINT * TITLE_LEADING
    if len(lines) > 1 and step + fonts.cap_height(size) > net.d - 2.0:
        lines, size = [game], fonts.fit_size(game, inner, 10.0, bold=True, smallest=SMALL_PT)
    first = net.d / 2 + fonts.cap_height(size) / 2 - step * (len(lines) - 1) / 2
    texts = tuple(
        Text(net.w / 2, first + n * step, line, size, True, "center", ink, inner) for n, line in enumerate(lines)
    )
    key = ("tuckbox-lid", box.id, game, net.w, net.d, size, ink)
    return [Group(key, left, top, net.w, net.d, texts, rotate=180)]
