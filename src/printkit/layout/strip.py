"""'What is in the kit': the contents strip at the top of the rules, one of each type of piece
drawn small as its own kind draws it, with how many the kit prints of it (figures.py draws the
rules' other figures with the same pieces)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from msgspec import Struct, field

from printkit import fonts
from printkit.base.errors import LayoutProblem
from printkit.base.records import replace
from printkit.layout import board as board_layout
from printkit.layout.context import Context
from printkit.layout.figure_grid import LABEL_PT
from printkit.layout.figure_marks import ground_of, window_grid
from printkit.layout.figures import FIGURE_KEY, is_board, legible
from printkit.layout.icon_drawing import draw_named
from printkit.layout.marks import tinted
from printkit.layout.placeable import Placeable
from printkit.layout.primitives import Circle, Group, Item, Piece, Rect, Stroke, Text
from printkit.words.typography import typeset

if TYPE_CHECKING:
    from printkit.kinds.board.model import BoardComponent
    from printkit.kit.model import Kit


STRIP_H = 12.0  # mm: the height of each component's drawing in "what is in the kit"
STRIP_GAP = 6.0  # between two components of the strip
STRIP_LABEL = 3.6  # mm under the drawings for the counts
BOARD_BAND = 0.3  # a board's sample: the ground round its grid, in cells
BOARD_SPECIAL = 0.6  # its special cells: a wash of the accent strong enough to stay a mid grey in black and white
BOARD_MARKED = 0.3  # its shaded cells: a lighter wash
BOARD_BADGE = 0.5  # the badge with the special cells' icon: a share of the sample's height across
BADGE_ICON = 0.72  # the icon: a share of the badge across
BOARD_EDGE = Stroke(color="#555555", width=2.5)  # in the board's mm: about 0.2 mm drawn in the strip


class Strip(Struct, frozen=True):
    """'What is in the kit' at the top of the rules: one of each printed component, small, as its
    own layout draws it, with its count from the kit's numbers; one group, one manifest row."""

    group: Group
    components: tuple[str, ...]

    @property
    def height(self) -> float:
        return self.group.h

    def row(self, group: Group) -> Piece:
        extra = (("components", list(self.components)), ("contents", True))
        return Piece("figure", self.components[0], 1, group.x, group.y, group.w, group.h, extra=extra)


Sample = tuple[tuple[Item, ...], float, float, str, bool]  # a drawing, its width and height, its label, outlined
SAMPLE_LINE = 0.12  # mm: the thinnest line a sample prints (a hairline under it prints unevenly)
SAMPLE_EDGE = Stroke(color="#8c8c8c", width=0.25)  # the outline of a sample white to its edge
WHITE = {"#ffffff", "#fff", "white"}


def component_samples(component: Any, kit: Kit, ctx: Context) -> list[Sample]:
    """What the strip shows of a component: one of each type of its pieces (``Kind.strip_pieces``:
    a token set, an owner's colour) or its first piece, each labelled with how many the kit prints
    of it; for anything else, its first page, "× 1", or "× 1 per player" for a page printed once
    for each player."""
    numbers = ctx.tr.numbers
    kind = kit.kinds.kind_of(component)
    typed = kind.strip_pieces(component) if kind.strip_pieces is not None else []
    first = kind.first_piece(component) if kind.first_piece is not None else None
    if first is not None and not typed:
        typed = [(first, 0)]
    if typed and kind.figure_piece is not None:
        samples: list[Sample] = []
        for parts, count in typed:
            source = kind.figure_piece(component, parts)
            assert isinstance(source, Placeable), source  # a kind's strip pieces are ones it names
            w, h = source.size
            drawn = source.draw(ctx, "face")
            # a piece white to its edge (a card, a white stone) gets an outline, drawn at print size
            edged = source.edge or ground_of(drawn).lower() in WHITE
            shown = count or int(numbers.get(f"{component.id}.total", source.available))
            spares = int(numbers.get(".".join([component.id, *parts, "spares"]), 0))  # printed beyond the count
            label = ctx.tr.msg("strip_spares", count=shown, spares=spares) if spares else None
            samples.append(((drawn,), w, h, label or ctx.tr.msg("strip_count", count=shown), edged))
        # one component's pieces are cut alike: all outlined when one is (latarnie's B triangle showed
        # its square, the A circle that fills its square did not)
        if any(sample[4] for sample in samples):
            samples = [(*sample[:4], True) for sample in samples]
        return samples
    label = ctx.tr.msg("strip_per_player" if component.print.copies == "per_player" else "strip_count", count=1)
    if is_board(component):
        return [board_sample(component, ctx)]
    page = kind.layout(component, ctx)[0]
    return [(page.items, page.width, page.height, label, True)]


def board_sample(board: BoardComponent, ctx: Context) -> Sample:
    """A square board as the strip shows it: a plan, not the board made small. Its grid on the
    board's ground, its shaded cells and its special cells as strong washes of the accent, no icon
    and no number, labelled with its size ("5 × 5, 175 mm"). Made small, latarnie's board (175 mm
    drawn 12 mm tall) kept 1.4 mm black lighthouses in 2.4 mm cells, which read as a QR code, and
    "× 1" at a token's height said nothing of its size."""
    cw, ch, rows, cols = board.cell_w, board.cell_h, board.rows, board.cols
    look, accent = ctx.theme.board, ctx.theme.palette.accent
    band = BOARD_BAND * min(cw, ch)
    w, h = cols * cw + 2 * band, rows * ch + 2 * band
    items: list[Item] = [Rect(0.0, 0.0, w, h, None, look.ground or "#ffffff")]
    items.append(Rect(band, band, cols * cw, rows * ch, None, look.cells or "#ffffff"))
    for row, col in sorted(set(board_layout.marked_cells(board))):
        items.append(Rect(band + col * cw, band + row * ch, cw, ch, None, tinted(accent, BOARD_MARKED)))
    for special in board.specials:
        row, col = board_layout.cell_of(special.at)
        items.append(Rect(band + col * cw, band + row * ch, cw, ch, None, tinted(accent, BOARD_SPECIAL)))
    items += window_grid(band, band, rows, cols, cw, ch)
    items.append(Rect(0.0, 0.0, w, h, BOARD_EDGE))
    icons = {special.icon for special in board.specials if special.icon}
    if len(icons) == 1:  # what the special cells show, once, large enough to read: a badge on the right edge
        r = BOARD_BADGE * h / 2
        items.append(Circle(w, r + BOARD_EDGE.width, r, BOARD_EDGE, "#ffffff"))
        side = r * 2 * BADGE_ICON
        items.append(draw_named(icons.pop(), ctx.tr.icons, w - side / 2, r + BOARD_EDGE.width - side / 2, side, accent))
        w += r
    size = f"{number(cols * cw)}" if abs(cols * cw - rows * ch) < 0.05 else f"{number(cols * cw)} × {number(rows * ch)}"
    label = ctx.tr.msg("strip_board", cols=cols, rows=rows, size=size)
    return (tuple(items), w, h, typeset(label, ctx.lang), False)


def number(mm: float) -> str:
    return f"{mm:.0f}" if abs(mm - round(mm)) < 0.05 else f"{mm:.1f}"


def shows_pieces(component: Any, kit: Kit) -> bool:
    """Whether the strip shows ``component`` as its pieces (a token, a card), not as a page."""
    kind = kit.kinds.kind_of(component)
    has_pieces = kind.strip_pieces is not None or kind.first_piece is not None
    return has_pieces and kind.figure_piece is not None


def thickened(items: tuple[Item, ...], scale: float) -> tuple[Item, ...]:
    """``items`` with every line that would print thinner than SAMPLE_LINE mm at ``scale`` made that
    thick: a page drawn a twentieth of its size kept its 0.3 mm grid as 0.015 mm hairlines, which
    print as broken grey or not at all."""
    least = SAMPLE_LINE / scale
    out: list[Item] = []
    for item in items:
        stroke = getattr(item, "stroke", None)
        if isinstance(stroke, Stroke) and stroke.width < least:
            item = replace(item, stroke=replace(stroke, width=least))
        elif isinstance(item, Group):
            # a keyed group is drawn once and reused wherever its key comes again (render.pdf): the
            # thickened copy gets a key of its own, or the page it samples would reuse its thick lines
            key = ("thickened", round(least, 6), *item.key)
            item = replace(item, items=thickened(item.items, scale * item.scale), key=key)
        out.append(item)
    return tuple(out)


class Strips(Struct, dict=True):
    """The kit's strip in the context's language, at whatever size the title block tries: its
    samples (each a piece drawn, or a page laid out) are made once, on the first size asked
    (the rules' title block asked for up to 8 sizes, and each drew every sample again)."""

    kit: Kit
    ctx: Context
    sizes: dict[tuple[float, float], Strip | None] = field(default_factory=dict)  # arranged, by width and height

    @functools.cached_property
    def samples(self) -> list[tuple[str, int, Sample]]:
        """Every component's samples, with its id and their number; [] when the kit shows none."""
        kit, ctx = self.kit, self.ctx
        shown = [c for c in kit.components if c.in_kit]
        if not kit.kit.contents:
            return []
        samples: list[tuple[str, int, Sample]] = []
        for component in shown:
            try:
                found = component_samples(component, kit, ctx)
            except LayoutProblem as problem:
                raise problem.within(("components", kit.components.index(component))) from None
            samples += [(component.id, number, sample) for number, sample in enumerate(found)]
        if len(samples) == 1 and not shows_pieces(shown[0], kit):
            return []  # one page alone (ogrod's sheet, "× 1 per player"): the print table names and counts it
        return samples

    def at(self, width: float, drawn_h: float = STRIP_H) -> Strip | None:
        """The strip at most ``width`` mm wide, its drawings at most ``drawn_h`` mm tall, at (0, 0)
        for the rules to place; None when the kit turns it off or prints nothing."""
        if (width, drawn_h) not in self.sizes:  # the masthead's sizing and placing ask the same sizes
            found = arranged(self.samples, self.kit, self.ctx, width, drawn_h) if self.samples else None
            self.sizes[width, drawn_h] = found
        return self.sizes[width, drawn_h]


def arranged(samples: list[tuple[str, int, Sample]], kit: Kit, ctx: Context, width: float, drawn_h: float) -> Strip:
    """``samples`` side by side, labelled, scaled to ``width`` and ``drawn_h`` at most."""
    shown = [c for c in kit.components if c.in_kit]
    natural = sum(
        max(w * drawn_h / h, fonts.text_width(label, LABEL_PT, True, "body")) for _, _, (_, w, h, label, _) in samples
    )
    natural += STRIP_GAP * (len(samples) - 1)
    fit = min(1.0, width / natural)
    height = drawn_h * fit
    cap = fonts.cap_height(LABEL_PT, "body")
    left = 0.0
    items: list[Item] = []
    for component_id, number, (drawing, w, h, label, edged) in samples:
        scale = height / h
        room = max(w * scale, fonts.text_width(label, LABEL_PT, True, "body") * fit)  # a label wider than its drawing
        sample_key = (FIGURE_KEY, "contents", component_id, number, ctx.lang, w, h)
        x = left + (room - w * scale) / 2
        small = thickened(legible(drawing, scale, boxed=False), scale)  # a miniature: its small print goes
        items.append(Group(sample_key, x, 0.0, w, h, small, scale=scale))
        if edged:  # outside the scaled drawing, so a form's box never clips it and it prints SAMPLE_LINE thick
            items.append(Rect(x, 0.0, w * scale, h * scale, SAMPLE_EDGE))
        items.append(Text(left + room / 2, height + 1.0 + cap, label, LABEL_PT, True, "center", face="body"))
        left += room + STRIP_GAP * fit
    strip_key = (FIGURE_KEY, "contents", ctx.lang, width, tuple(c.id for c in shown))
    group = Group(strip_key, 0.0, 0.0, natural * fit, height + STRIP_LABEL, tuple(items))
    return Strip(group, tuple(c.id for c in shown))
