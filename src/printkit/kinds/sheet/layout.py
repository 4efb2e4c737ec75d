"""A sheet's page: its title (and a player's name) above its bands of parts, from the page's top.

The parts themselves (grids, checkboxes, legends, ...) are drawn by ``layout.sheet``, which a
mat's panels and the rules' figures share.
"""

from __future__ import annotations

from typing import Any

from printkit import fonts
from printkit.base.errors import LayoutProblem
from printkit.base.records import replace
from printkit.kinds.sheet.model import SheetComponent
from printkit.kit.parts import FieldPart, GridPart, ScoringPart, TablePart
from printkit.layout.context import Context, Paper
from printkit.layout.emblem import roundel
from printkit.layout.marks import tinted
from printkit.layout.primitives import CUT, Item, Line, Page, Piece, Rect, Stroke, Text
from printkit.layout.sheet import (
    BAND_GAP,
    BOX_LINE,
    LABEL_COLUMN,
    PART_GAP,
    aligned_widths,
    band_cells,
    band_numbers,
    draw_band,
    iter_parts,
)
from printkit.layout.symbols import turned_symbol
from printkit.layout.text import fit_text

HEADER_HEIGHT = 16.0
NAME_W = 70.0  # the name field's width, unless the sheet's column grid gives it one
NAME_MIN = 40.0  # the narrowest column the name field takes from the grid (GROW_BESIDE: ogrod's A4 legend)
CARTOUCHE_H = 11.5  # the title's band
CARTOUCHE_PAD = 4.0  # mm from the band's ends to the title
CARTOUCHE_TINT = 0.12  # the band's wash of the theme's accent
MARK_D = CARTOUCHE_H + 2.0  # the kit's mark (theme.mark) at the band's left: band and rule together
MARK_GAP = 2.5  # mm from the mark to the title
GAMES_GAP = 14.0  # mm between two games on a page of a shared sheet (per_page), a cut line in its middle
GAMES_GAP_LEAST = 8.0  # mm: the narrowest that gap gets for the last game to clear the footer
SHEET_CLEAR = 6.0  # mm between a sheet's last element and the footer's band, on every paper (review 8)
SCISSORS = 6.0  # mm: the scissors at the left end of the cut line between two games, blades along it
MOST_GAMES = 6  # per_page: fill puts at most this many games on a page


def numbers(component: SheetComponent, paper: Paper) -> dict[str, Any]:
    """Every number a sheet defines, for placeholders and invariants: {garden.rows}, {rounds.count}."""
    return band_numbers(component.rows)


def layout(component: SheetComponent, ctx: Context) -> list[Page]:
    """One page per sheet: blank when no names are given, else one per name (or one shared)."""
    names: list[str | None] = [None]
    if ctx.players is not None:
        names = list(ctx.players) if component.per_player else [None]
    return [sheet_page(component, ctx, name) for name in names]


def sheet_page(component: SheetComponent, ctx: Context, name: str | None) -> Page:
    """The sheet from the top margin, where every page's heading stands; a shared sheet with
    ``per_page`` above 1 printed that many times, one game under another, a cut line between them
    when its pages are cut apart (``print.cut``), else a rule."""
    ctx = replace(ctx, player_name=name, names_on=names_table(component))
    m = ctx.margin
    items: list[Item] = []
    pieces: list[Piece] = []
    top = m
    fixed = component.per_page if component.per_page != "fill" else None
    # how tall one game is at the usual gaps, measured once
    height = sheet_items(component, ctx, name, m, 0)[1] - m
    games = fixed or games_fitting(height, ctx)
    if games == 1 and (bigger := grown(component, ctx, height)) is not None:
        component, height = bigger, sheet_items(bigger, ctx, name, m, 0)[1] - m
    if games == 1 and (taller := taller_scoring(component, ctx, height)) is not None:
        component, height = taller, sheet_items(taller, ctx, name, m, 0)[1] - m
    gap = spread_gap(component, ctx, height) if games == 1 else BAND_GAP
    games_gap = games_gap_for(games, height, ctx)
    for game in range(games):
        if game:  # a page of pads cut apart (print: {cut: true}) has a cut line between them, else a rule
            between = cut_between if component.print.cut else rule_between
            items += between(m, top - games_gap / 2, ctx.content_width)
        drawn, bottom = sheet_items(component, ctx, name, top, game, gap)
        items += drawn
        pieces.append(
            Piece(
                "sheet", component.id, game + 1, m, top, ctx.content_width, bottom - top, extra=(("name", name or ""),)
            )
        )
        top = bottom + games_gap
    return Page(ctx.paper.width, ctx.paper.height, "sheet", component.id, tuple(items), tuple(pieces))


def games_fitting(height: float, ctx: Context) -> int:
    """How many games ``height`` mm tall a page holds with ``per_page: fill``: as many as fit
    between the top margin and the printable bottom, GAMES_GAP apart (at least one: a sheet too
    tall for the page is refused by ``sheet_items``, naming its rows)."""
    fitting = int((sheet_bottom(ctx) - ctx.margin + GAMES_GAP + 1e-6) // (height + GAMES_GAP))
    return max(1, min(MOST_GAMES, fitting))


def games_gap_for(games: int, height: float, ctx: Context) -> float:
    """The gap between ``games`` games ``height`` mm tall on a page: GAMES_GAP, narrowed (to
    GAMES_GAP_LEAST) as far as the last game needs to end SHEET_CLEAR above the footer (kpn's two
    Letter score pads ended 3.4 mm over it)."""
    if games < 2:
        return GAMES_GAP
    room = sheet_bottom(ctx) - ctx.margin - games * height
    return max(GAMES_GAP_LEAST, min(GAMES_GAP, room / (games - 1)))


def sheet_bottom(ctx: Context) -> float:
    """The lowest a sheet may reach: SHEET_CLEAR above the footer's band."""
    return ctx.bottom - SHEET_CLEAR


def names_table(component: SheetComponent) -> TablePart | None:
    """The sheet's first table with the players' columns: where a shared sheet has a row for
    their names (latarnie's rematch table and second game name the same players)."""
    tables = (p for p in iter_parts(component) if isinstance(p, TablePart))
    return next((table for table in tables if any(column.players for column in table.columns)), None)


def rule_between(x: float, y: float, width: float) -> list[Item]:
    """Where one game of a page not cut apart ends (plateau's prisoner sheets): a thin grey rule,
    nothing that reads as a line to cut along."""
    return [Line(x, y, x + width, y, GAMES_RULE)]


GAMES_RULE = Stroke(color="#9a9a9a", width=0.3)  # solid and grey: no cut line, the page is not cut


def cut_between(x: float, y: float, width: float) -> list[Item]:
    """Where a page of pads is cut in two: printkit's grey cut line across the page's printable
    width, scissors at its left end pointing along it (a thin grey rule had read as part of the
    sheet: kpn's two score pads showed no place to cut)."""
    return [
        turned_symbol("scissors", x, y - SCISSORS / 2, SCISSORS, CUT.color, line=SCISSORS / 50),
        Line(x + SCISSORS + 1.0, y, x + width, y, CUT),
    ]


def grown(component: SheetComponent, ctx: Context, height: float) -> SheetComponent | None:
    """The sheet with its grids' cells grown (``cell_most``) by the page's spare height, in half
    millimetres, as far as the columns beside each keep GROW_BESIDE mm; None when none grows.
    ogrod's 20 mm garden left two 19.5 mm empty bands and a hole on A4 (review 10): its cells
    take the height first, the gaps what is left."""
    growing = [(index, part) for index, band in enumerate(component.rows) for part in band_grids(band)]
    growing = [(index, part) for index, part in growing if part.cell_most and part.cell_most > part.cell]
    spare = sheet_bottom(ctx) - SPREAD_CLEAR - ctx.margin - height
    if not growing or spare <= 0:
        return None
    share = spare / len({index for index, _ in growing})  # the bands holding a grid share the height
    cells: dict[int, float] = {}
    for index, part in growing:
        beside = len(band_cells(component.rows[index])) - 1
        labels = LABEL_COLUMN if part.row_labels else 0.0
        widest = (ctx.content_width - (PART_GAP + GROW_BESIDE) * beside - labels) / part.cols
        cell = min(part.cell_most or part.cell, part.cell + share / part.rows, widest)
        cells[id(part)] = max(part.cell, int(cell * 2 + 1e-6) / 2)
    while True:  # never so wide that the bands' columns no longer share one grid (a column's declared width)
        if all(cells[id(part)] == part.cell for _, part in growing):
            return None
        bigger = with_parts(component, {key: {"cell": value} for key, value in cells.items()})
        if on_one_grid(bigger, ctx):
            return bigger
        cells = {id(part): max(part.cell, cells[id(part)] - 0.5) for _, part in growing}


def on_one_grid(component: SheetComponent, ctx: Context) -> bool:
    """Whether the sheet's bands of as many columns as each other share one column grid."""
    widths = aligned_widths(component.rows, ctx.content_width)
    by_count: dict[int, list[float]] = {}
    for band in widths:
        if len(band) > 1 and by_count.setdefault(len(band), band) != band:
            return False
    return True


def taller_scoring(component: SheetComponent, ctx: Context, height: float) -> SheetComponent | None:
    """The sheet with its scoring rows grown (``row_most``) by the spare height the grids left, in
    half millimetres; None when none grows (ogrod's A4 garden stops at 22 mm, its legend beside it
    at 41: 15 mm were still two empty bands)."""
    spare = sheet_bottom(ctx) - SPREAD_CLEAR - ctx.margin - height
    scoring = [part for part in iter_parts(component) if isinstance(part, ScoringPart) and part.row_most]
    if not scoring or spare <= 0:
        return None
    rows = sum(len(part.rows) for part in scoring)
    taller = {id(p): max(p.row_height, int(min(p.row_most or 0, p.row_height + spare / rows) * 2) / 2) for p in scoring}
    return with_parts(component, {key: {"row_height": value} for key, value in taller.items()})


def with_parts(component: SheetComponent, updates: dict[int, dict[str, Any]]) -> SheetComponent:
    """The sheet with the parts whose ``id`` ``updates`` names changed as it says."""

    def changed(part: Any) -> Any:
        if isinstance(part, list):
            return [changed(inner) for inner in part]
        return part.model_copy(update=updates[id(part)]) if id(part) in updates else part

    return component.model_copy(update={"rows": [[changed(part) for part in band] for band in component.rows]})


def band_grids(band: list[Any]) -> list[GridPart]:
    return [part for stack in band_cells(band) for part in stack if isinstance(part, GridPart)]


GROW_BESIDE = 40.0  # mm: the least each column beside a growing grid keeps (ogrod's legend: 41 on A4)


def spread_gap(component: SheetComponent, ctx: Context, height: float) -> float:
    """The gap between the bands of a sheet alone on its page, ``height`` mm tall at BAND_GAP:
    widened so that the last band ends nearer the printable bottom, each gap at most SPREAD_MOST
    (ogrod's A4 sheet, laid out for Letter's shorter page, left a 36 mm band empty above its footer)."""
    if len(component.rows) < 2:
        return BAND_GAP
    spare = sheet_bottom(ctx) - SPREAD_CLEAR - ctx.margin - height
    return BAND_GAP + min(SPREAD_MOST - BAND_GAP, max(0.0, spare) / (len(component.rows) - 1))


SPREAD_MOST = 18.0  # mm: the widest gap between two bands of a sheet spread over its page
SPREAD_CLEAR = 2.0  # mm a spread sheet keeps above the lowest a sheet reaches (ogrod's Letter total sat 1.7 mm
# over the footer, review 8): with SHEET_CLEAR, 8 mm above the footer's band


def sheet_items(
    component: SheetComponent, ctx: Context, name: str | None, top: float, game: int, gap: float = BAND_GAP
) -> tuple[list[Item], float]:
    """One copy of the sheet from ``top``: its title band and bands of parts ``gap`` apart, and
    where it ends; LayoutProblem when it runs past the printable area (the ``game``-th copy of
    ``per_page``)."""
    m, bottom = ctx.margin, sheet_bottom(ctx)
    items, y = header(component, ctx, name, top)
    grid = aligned_widths(component.rows, ctx.content_width)
    for index, band in enumerate(component.rows):
        band_items, height = draw_band(band, m, y, ctx.content_width, ctx, ("rows", index), grid[index])
        items.extend(band_items)
        if y + height > bottom + 1e-6:
            if game:
                raise LayoutProblem(
                    ("per_page",),
                    f"{component.per_page} games do not fit a page of {ctx.paper.name}: game {game + 1} runs "
                    f"{y + height - bottom:.1f} mm past the bottom of its printable area (give a smaller per_page)",
                )
            raise LayoutProblem(
                ("rows", index),
                f"the sheet runs {y + height - bottom:.1f} mm past the bottom of the printable area of "
                f"{ctx.paper.name} (make its parts smaller or move some to another sheet)",
            )
        y += height + gap
    return items, y - gap


def header(component: SheetComponent, ctx: Context, name: str | None, top: float) -> tuple[list[Item], float]:
    """The title in a cartouche (a band in a wash of the theme's accent, the title in its heading
    face and colour; no rule under it, which a review read as a doubled bottom line) and, on a
    sheet per player, the name field beside it, in a band of HEADER_HEIGHT from ``top``."""
    m, tr = ctx.margin, ctx.tr
    title = tr(component.title) or tr.msg("name")
    name_w = name_width(component, ctx)
    with_name = component.per_player and not any(isinstance(p, FieldPart) and p.name for p in iter_parts(component))
    band_w = ctx.content_width - (name_w + 6 if with_name else 0.0)
    accent = ctx.theme.palette.accent
    mark = MARK_D if ctx.theme.mark else 0.0  # the kit's mark stands over the band's left end
    band_x = m + mark / 2
    text_x = m + (mark + MARK_GAP if mark else CARTOUCHE_PAD)
    text_w = m + band_w - CARTOUCHE_PAD - text_x
    size = fonts.fit_size(title, text_w, 16, bold=True, smallest=11, face="headings")
    baseline = top + CARTOUCHE_H / 2 + fonts.cap_height(size, face="headings") / 2  # capitals centred in the band
    items: list[Item] = [
        Rect(
            band_x,
            top,
            m + band_w - band_x,
            CARTOUCHE_H,
            Stroke(color=accent, width=0.5),
            tinted(accent, CARTOUCHE_TINT),
            radius=2.5,
        ),
        Text(text_x, baseline, title, size, True, "left", accent, text_w, face="headings"),
    ]
    if mark:
        items.append(roundel(ctx.theme.mark, tr.icons, m, top, mark, accent, ctx.dpi, ground="#ffffff"))
    if with_name:
        items.extend(name_field(ctx.paper.width - m - name_w, top, name_w, 12, tr.msg("name"), name))
    return items, top + HEADER_HEIGHT


def name_width(component: SheetComponent, ctx: Context) -> float:
    """The name field's width: the first band's last column when it is wide enough, so the field
    and the title's band stand on the sheet's column grid, else NAME_W."""
    grid = aligned_widths(component.rows[:1], ctx.content_width)[0] if component.rows else []
    return grid[-1] if len(grid) > 1 and NAME_MIN <= grid[-1] <= NAME_W else NAME_W


def name_field(x: float, y: float, w: float, h: float, label: str, name: str | None) -> list[Item]:
    items: list[Item] = [
        fit_text(x, y + 3.2, label, w, 7.5, smallest=6, color="#444444"),
        Line(x, y + h, x + w, y + h, BOX_LINE),
    ]
    if name:
        size = fonts.fit_size(name, w - 2, 15, bold=True, smallest=8)
        items.append(Text(x + 1, y + h - 1.8, name, size, bold=True, max_w=w - 2))
    return items
