"""A play mat: rows of places for pieces, each marked with the player counts that use it, and
panels of sheet parts (legends, tables, notes) below them. The page is not cut.

A place reads as "put a card here", never as a line to cut: a light tint with a thin solid rule.
Its group shows in black and white too, by the tint's texture (plain, dots, stripes) and by the
player counts ("3+") and the group's label it names; no place is drawn with a dash, the look of a
cut or fold line.
"""

from __future__ import annotations

import math
from typing import Any

from msgspec import Struct

from printkit import fonts
from printkit.base.errors import LayoutProblem
from printkit.kinds.mat.model import MatComponent
from printkit.kinds.mat.words import MESSAGES
from printkit.layout import sheet
from printkit.layout.context import FOOTER_CLEAR, Context, Paper
from printkit.layout.marks import tinted
from printkit.layout.patterns import draw_pattern
from printkit.layout.primitives import Item, Line, Page, Piece, Rect, Stroke, Text

TITLE_PT = 16.0
TITLE_BAND = 11.0
NOTE_PT = 8.5
PANEL_GAP = 7.0
MIN_PANEL = 30.0  # the narrowest column of panels right of the places
MIN_GAP = 0.5  # mm: the narrowest gap between two places a page too narrow for the kit's gap leaves
NARROW_PANEL, NARROW_GAP = 45.0, 4.0  # a column of panels narrower than this stands closer to the places
PLACE_RULE_W = 0.35
PLACE_TINT = 0.07  # a place's wash of the theme's accent (a plain kit's: #f0f0f0, as before)
PLACE_TEXTURES = (None, "dots", "stripes")  # the groups' textures, in order; a plain tint first
TEXTURE_TINT = 0.2
TEXTURE_SPACING = 3.2


def numbers(mat: MatComponent, paper: Paper) -> dict[str, Any]:
    """{id.places}, {id.used.N} for every player count from the first group's on, the place size."""
    total = sum(group.count for group in mat.places)
    values: dict[str, Any] = {
        f"{mat.id}.places": total,
        f"{mat.id}.place_width": mat.place_width,
        f"{mat.id}.place_height": mat.place_height,
        f"{mat.id}.columns": mat.columns,
        f"{mat.id}.rows": math.ceil(total / mat.columns),
    }
    lowest, highest = min(g.players for g in mat.places), max(g.players for g in mat.places)
    for players in range(lowest, highest + 1):
        values[f"{mat.id}.used.{players}"] = sum(g.count for g in mat.places if g.players <= players)
    return values | sheet.band_numbers(mat.panels)


def page_size(mat: MatComponent, ctx: Context) -> tuple[float, float]:
    short, long = sorted((ctx.paper.width, ctx.paper.height))
    return (long, short) if mat.orientation == "landscape" else (short, long)


def layout(mat: MatComponent, ctx: Context) -> list[Page]:
    width, height = page_size(mat, ctx)
    m = ctx.margin
    footer_clear = max(m, FOOTER_CLEAR)  # the page footer's band, kept free
    items: list[Item] = []
    top = m
    if mat.title:
        title = ctx.tr(mat.title)
        size = fonts.fit_size(title, width - 2 * m, TITLE_PT, bold=True, smallest=10, face="headings")
        baseline = m + fonts.cap_height(size, face="headings")
        accent = ctx.theme.palette.accent
        items.append(Text(m, baseline, title, size, True, "left", accent, width - 2 * m, face="headings"))
        items.append(Line(m, baseline + 2.6, width - m, baseline + 2.6, Stroke(color=accent, width=0.6)))
        items += instruction(ctx, width - m, baseline, width - 2 * m - fonts.text_width(title, size, bold=True) - 6.0)
        top += TITLE_BAND
    right_panels = mat.panels_at == "right"
    place_items, pieces, (grid_right, grid_bottom) = places(mat, ctx, width, top, left_aligned=right_panels)
    if grid_bottom > height - footer_clear + 1e-6:  # a place on the footer: targ's 44 mm rows on A4
        raise LayoutProblem(
            ("place_height",),
            f"the mat's places run {grid_bottom - (height - footer_clear):.1f} mm into the footer of "
            f"{ctx.paper.name}; make the places or the gap smaller, or use fewer rows",
        )
    items += place_items
    if right_panels:
        gap = PANEL_GAP if width - m - grid_right - PANEL_GAP >= NARROW_PANEL else NARROW_GAP  # targ's Letter
        x, y, panel_w = grid_right + gap, top, width - m - grid_right - gap
    else:
        x, y, panel_w = m, grid_bottom + PANEL_GAP, width - 2 * m
    for index, band in enumerate(mat.panels):
        try:
            band_items, band_h = sheet.draw_band(band, x, y, panel_w, ctx)
        except LayoutProblem as problem:
            raise problem.within(("panels", index)) from None
        if y + band_h > height - footer_clear + 1e-6:
            raise LayoutProblem(
                ("panels", index),
                f"the mat's panels run {y + band_h - (height - footer_clear):.1f} mm past the printable area of "
                f"{ctx.paper.name}; shorten them or make the places smaller",
            )
        items += band_items
        y += band_h + sheet.BAND_GAP
    return [Page(width, height, "board", mat.id, tuple(items), tuple(pieces))]


def instruction(ctx: Context, right: float, baseline: float, room: float) -> list[Item]:
    """What to do with the mat, on the title's line, ending at ``right``: not to cut it and which
    places a game uses. Left out where the title leaves too little room for it at 7 pt."""
    note = ctx.tr.own(MESSAGES["mat_instruction"])
    size = fonts.fit_size(note, room, NOTE_PT, smallest=7.0)
    if fonts.text_width(note, size) > room:
        return []
    return [Text(right, baseline, note, size, align="right", color="#333333", max_w=room)]


def places(
    mat: MatComponent, ctx: Context, page_w: float, top: float, left_aligned: bool
) -> tuple[list[Item], list[Piece], tuple[float, float]]:
    """Every place, row by row, centred across the page (or from the left margin when panels
    stand to the right); returns the items, the manifest rows and the grid's right and bottom."""
    pw, ph, gap = mat.place_width, mat.place_height, mat.gap
    room = page_w - 2 * ctx.margin - (MIN_PANEL + PANEL_GAP if left_aligned and mat.panels else 0)
    if mat.columns > 1:  # the places keep their size, what holds a piece; the gap gives (targ on Letter: 0.8 mm)
        gap = min(gap, max(MIN_GAP, (room - mat.columns * pw) / (mat.columns - 1)))
    grid_w = mat.columns * pw + (mat.columns - 1) * gap
    if grid_w > room + 1e-6:
        raise LayoutProblem(
            ("columns",),
            f"{mat.columns} places of {pw:g} mm with {gap:g} mm gaps need {grid_w:.1f} mm; the page has {room:.1f} "
            "mm for them",
        )
    left = ctx.margin if left_aligned else (page_w - grid_w) / 2
    most = int(ctx.tr.numbers.get("players.max", 0))
    look = PlaceLook.of(ctx.theme.palette.accent)
    items: list[Item] = []
    pieces: list[Piece] = []
    index = 0
    for number, group in enumerate(mat.places):
        texture = PLACE_TEXTURES[min(number, len(PLACE_TEXTURES) - 1)]
        label = ctx.tr(group.label) if group.label else ""
        mark = f"{group.players}+" if group.players < most else str(group.players)
        for _ in range(group.count):
            row, col = divmod(index, mat.columns)
            x, y = left + col * (pw + gap), top + row * (ph + gap)
            items += place_items(x, y, pw, ph, texture, mark, label, look)
            index += 1
            pieces.append(Piece("place", mat.id, index, x, y, pw, ph, extra=(("players", group.players),)))
    rows = math.ceil(index / mat.columns)
    return items, pieces, (left + grid_w, top + rows * ph + (rows - 1) * gap)


class PlaceLook(Struct, frozen=True):
    """A place's colours, from the theme's accent: a faint wash, its texture, its rule and its
    player-count mark (a plain kit's accent, near-black, gives the greys printkit always had)."""

    tint: str
    texture: str
    rule: Stroke
    mark: str

    @classmethod
    def of(cls, accent: str) -> PlaceLook:
        return cls(
            tinted(accent, PLACE_TINT), tinted(accent, TEXTURE_TINT), Stroke(accent, PLACE_RULE_W), tinted(accent, 0.45)
        )


def place_items(
    x: float, y: float, w: float, h: float, texture: str | None, mark: str, label: str, look: PlaceLook
) -> list[Item]:
    """A place: its tint and texture inside a thin solid rule, a large faint player-count mark,
    and the label under it."""
    size = min(fonts.fit_size(mark, w * 0.7, 40, bold=True, smallest=8), h * 0.35 / fonts.cap_height(1.0))
    items: list[Item] = [Rect(x, y, w, h, None, look.tint, 1.5)]
    if texture:
        inset = 1.5  # the texture stays clear of the rounded corners
        items.append(
            draw_pattern(texture, x + inset, y + inset, w - 2 * inset, h - 2 * inset, look.texture, TEXTURE_SPACING)
        )
    items += [
        Rect(x, y, w, h, look.rule, None, 1.5),
        Text(x + w / 2, y + h * 0.5, mark, size, True, "center", look.mark, w * 0.7),
    ]
    if label:
        label_pt = fonts.fit_size(label, w - 3, 8.0, smallest=7.0)
        label_w = fonts.text_width(label, label_pt)
        if texture:  # the label on a clear patch of the tint, not on the texture
            items.append(Rect(x + (w - label_w) / 2 - 1.0, y + h * 0.5 + 3.4, label_w + 2.0, 3.8, None, look.tint, 0.8))
        items.append(Text(x + w / 2, y + h * 0.5 + 6.0, label, label_pt, False, "center", "#444444", w - 3))
    return items
