"""A track's layout: numbered square spaces true to scale, a strip snaking across the page or a loop around its edge.

A score track 0-50 or a round track 1-18: every space shows its number, every n-th one (``every``)
is shaded and bold, a special space shows its icon and label. Markers (tokens, stones) may promise
to fit a space (``fits: TRACK``). Its numbers ({id.spaces}, ...) are placeholders the rules and the
invariants read.
"""

from __future__ import annotations

import html
import math
from typing import TYPE_CHECKING

from msgspec import Struct

from printkit import fonts
from printkit.base.errors import LayoutProblem
from printkit.base.records import replace
from printkit.kinds.track.model import EdgeTrack, TrackComponent, TrackSpace
from printkit.kinds.track.words import MESSAGES
from printkit.layout import paragraph
from printkit.layout.board import GAP, GRID_LINE, MARK_FILL
from printkit.layout.context import Context, Paper
from printkit.layout.marks import HEADER_HEIGHT, RULER_HEIGHT, piece_page_header, ruler_at
from printkit.layout.primitives import Item, Page, Piece, Rect, RichText, Text
from printkit.layout.symbols import draw_symbol

if TYPE_CHECKING:
    pass

NOTE_PT, NOTE_LEADING = 9.0, 11.0


def spaces(track: TrackComponent | EdgeTrack) -> range:
    return range(track.start, track.end + 1)


def stressed(track: TrackComponent | EdgeTrack, number: int) -> bool:
    return track.every is not None and number % track.every == 0


def numbers(track: TrackComponent | EdgeTrack, paper: Paper) -> dict[str, float]:
    """{track.spaces}, {track.start}, {track.end}, {track.space}, {track.stressed}, {track.specials},
    {track.bonus} and each special space's value as {track.space_10}."""
    p = track.id
    values: dict[str, float] = {
        f"{p}.spaces": len(spaces(track)),
        f"{p}.start": track.start,
        f"{p}.end": track.end,
        f"{p}.space": track.space,
        f"{p}.stressed": sum(1 for n in spaces(track) if stressed(track, n)),
        f"{p}.specials": len(track.specials),
        f"{p}.bonus": sum(s.value or 0 for s in track.specials),
    }
    for special in track.specials:
        if special.value is not None:
            values[f"{p}.space_{special.at}"] = special.value
    return values


class Route(Struct, frozen=True):
    """Where each space goes, as (column, row) of a grid of spaces, and the grid's size."""

    cells: tuple[tuple[int, int], ...]
    cols: int
    rows: int


def strip_route(count: int, across: int) -> Route:
    """Rows of ``across`` spaces, left to right, then right to left, and so on (a snake)."""
    across = min(across, count)
    cells = []
    for index in range(count):
        row, step = divmod(index, across)
        cells.append((step if row % 2 == 0 else across - 1 - step, row))
    return Route(tuple(cells), across, math.ceil(count / across))


def loop_route(count: int, most_cols: int, most_rows: int) -> Route | None:
    """A ring of spaces clockwise from the top-left corner, as wide as the page allows; None when
    the page cannot hold ``count`` spaces around its edge."""
    half = math.ceil(count / 2) + 2  # cols + rows of a ring with room for count spaces
    cols = max(2, min(most_cols, half - 2))
    rows = max(2, half - cols)
    if cols > most_cols or rows > most_rows:
        return None
    ring = [(c, 0) for c in range(cols)] + [(cols - 1, r) for r in range(1, rows)]
    ring += [(c, rows - 1) for c in range(cols - 2, -1, -1)] + [(0, r) for r in range(rows - 2, 0, -1)]
    return Route(tuple(ring[:count]), cols, rows)


def extra_height(track: TrackComponent, ctx: Context) -> float:
    note = _note_height(track, ctx) + GAP if track.note and track.shape == "strip" else 0.0
    return HEADER_HEIGHT + GAP + note + GAP + RULER_HEIGHT


def _note_height(track: TrackComponent, ctx: Context) -> float:
    return paragraph.height(_note(track, ctx), ctx.content_width, NOTE_PT, NOTE_LEADING)


def _note(track: TrackComponent, ctx: Context) -> str:
    return html.escape(ctx.tr(track.note), quote=False)


def route(track: TrackComponent, ctx: Context) -> Route | None:
    """The track's route on ctx's paper, or None when it does not fit there."""
    most_cols = math.floor(ctx.content_width / track.space + 1e-6)
    most_rows = math.floor((ctx.room_height - extra_height(track, ctx)) / track.space + 1e-6)
    if most_cols < 1 or most_rows < 1:
        return None
    count = len(spaces(track))
    if track.shape == "loop":
        return loop_route(count, most_cols, most_rows)
    found = strip_route(count, most_cols)
    return found if found.rows <= most_rows else None


def oriented(track: TrackComponent, ctx: Context) -> tuple[Context, Route]:
    """Portrait when the track fits there, else landscape, else a one-line refusal."""
    for option in (ctx, replace(ctx, paper=ctx.paper.landscape())):
        found = route(track, option)
        if found is not None:
            return option, found
    count = len(spaces(track))
    raise LayoutProblem(
        ("space",),
        f"track '{track.id}' does not fit on {ctx.paper.name}: {count} spaces of {track.space:g} mm as a "
        f"{track.shape} need more than the {ctx.content_width:.1f} × {ctx.room_height:.1f} mm inside the margins "
        f"(either way up, less the title and the ruler); {largest_space(track, ctx)}",
    )


def largest_space(track: TrackComponent, ctx: Context) -> str:
    """'spaces of at most 17.5 mm fit': the largest half millimetre with which the track fits."""
    for half_mm in range(math.floor(track.space * 2), 1, -1):
        smaller = track.model_copy(update={"space": half_mm / 2})
        if any(route(smaller, o) is not None for o in (ctx, replace(ctx, paper=ctx.paper.landscape()))):
            return f"spaces of at most {half_mm / 2:g} mm fit"
    return "make the spaces smaller"


def room(track: TrackComponent, ctx: Context) -> str | None:
    """What ``validate`` says about a track whose page depends on the paper: a loop's ring, or a
    strip that bends into rows or turns the page (nothing for a straight strip upright). A track is
    never split into sheets: one too long for a page is refused, naming the largest space that fits."""
    try:
        option, path = oriented(track, ctx)
    except LayoutProblem:
        return None  # the layout refuses it, saying why
    side = "portrait" if option.paper.width < option.paper.height else "landscape"
    if track.shape == "strip" and path.rows == 1 and side == "portrait":
        return None
    count, s = len(spaces(track)), track.space
    if track.shape == "loop":
        laid = f"around a ring of {path.cols} × {path.rows} spaces"
    else:
        laid = f"in {path.rows} rows of at most {path.cols}, back and forth"
    return (
        f"track '{track.id}' takes one page of {ctx.paper.name} ({side}): {count} spaces of {s:g} mm {laid}; a page "
        f"holds {option.content_width:.1f} × {option.room_height - extra_height(track, option):.1f} mm for "
        f"spaces inside the margins (less the title and the ruler), {math.floor(option.content_width / s + 1e-6)} "
        "across"
    )


def layout(track: TrackComponent, ctx: Context) -> list[Page]:
    ctx, path = oriented(track, ctx)
    s = track.space
    block_h = extra_height(track, ctx) + path.rows * s  # title, track, note, ruler: one block, centred
    block_top = ctx.margin  # the heading where every page's stands (one page grid), the block under it
    left = ctx.margin + (ctx.content_width - path.cols * s) / 2
    top = block_top + HEADER_HEIGHT + GAP
    items: list[Item] = piece_page_header(
        ctx, ctx.tr(track.title) or track.id, ctx.tr.own(MESSAGES["track_instruction"], space=f"{s:g}"), top=block_top
    )
    specials = {special.at: special for special in track.specials}
    pieces: list[Piece] = [Piece("track", track.id, 1, left, top, path.cols * s, path.rows * s)]
    for number, (col, row) in zip(spaces(track), path.cells, strict=True):
        x, y = left + col * s, top + row * s
        items += space_items(track, number, x, y, specials.get(number), ctx)
        pieces.append(space_piece(track, number, x, y, specials.get(number), ctx))
    if track.note:
        note_w = ctx.content_width if track.shape == "strip" else (path.cols - 2) * s - 2 * GAP
        note_x = ctx.margin if track.shape == "strip" else left + s + GAP
        note_y = top + path.rows * s + GAP if track.shape == "strip" else top + s + GAP
        height = paragraph.height(_note(track, ctx), note_w, NOTE_PT, NOTE_LEADING)
        items.append(RichText(note_x, note_y, note_w, height, _note(track, ctx), NOTE_PT, NOTE_LEADING))
    items += ruler_at(ctx, ctx.paper.width, block_top + block_h - RULER_HEIGHT)
    return [Page(ctx.paper.width, ctx.paper.height, "board", track.id, tuple(items), tuple(pieces))]


def space_items(
    track: TrackComponent, number: int, x: float, y: float, special: TrackSpace | None, ctx: Context
) -> list[Item]:
    """The space's frame (shaded when stressed), its number (bold when stressed), a special's icon and label."""
    s = track.space
    bold = stressed(track, number)
    items: list[Item] = [Rect(x, y, s, s, GRID_LINE, MARK_FILL if bold else None)]
    text = str(number)
    extra = special_label(special, ctx) if special is not None else ""
    has_icon = special is not None and special.icon is not None
    if special is None or (not has_icon and not extra):
        size = fonts.fit_size(text, s * 0.8, s * 0.45 / 0.35, bold=bold, smallest=5)
        items.append(Text(x + s / 2, y + (s + fonts.cap_height(size)) / 2, text, size, bold=bold, align="center"))
        return items
    size = fonts.fit_size(text, s * 0.45, s * 0.25 / 0.35, bold=bold, smallest=5)
    items.append(Text(x + s * 0.06, y + s * 0.06 + fonts.cap_height(size), text, size, bold=bold, max_w=s * 0.45))
    if special.icon is not None:
        icon = s * 0.42
        items.append(draw_symbol(special.icon, x + (s - icon) / 2, y + s * 0.3, icon))
    if extra:
        label_size = fonts.fit_size(extra, s * 0.45, s * 0.22 / 0.35, bold=True, smallest=5)
        label_y = y + s * 0.06 + fonts.cap_height(label_size)
        items.append(Text(x + s * 0.94, label_y, extra, label_size, bold=True, align="right", max_w=s * 0.45))
    return items


def special_label(special: TrackSpace, ctx: Context) -> str:
    if special.label is not None:
        return ctx.tr(special.label)
    return "" if special.value is None else f"+{special.value}"


def space_piece(
    track: TrackComponent, number: int, x: float, y: float, special: TrackSpace | None, ctx: Context
) -> Piece:
    extra: list[tuple[str, object]] = [("number", number)]
    if stressed(track, number):
        extra.append(("stressed", True))
    if special is not None:
        if special.icon is not None:
            extra.append(("special", special.icon))
        extra.append(("label", special_label(special, ctx)))
        if special.value is not None:
            extra.append(("value", special.value))
    return Piece("space", track.id, 1, x, y, track.space, track.space, extra=tuple(extra))
