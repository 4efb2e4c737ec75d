"""The print recipe: what to print, how often, on how many sides and whether to cut it, as a small
table, and the one line to type into the print dialog with exact page ranges.

Both come from the page plan of the build (the laid-out page numbers, the two-sided components
and the cut ones the context carries), never from per-kit text: the rules read on screen, an
optional page or a page printed once per player is never in a range printed once, and a range in
a two-sided build covers whole sheets (a one-sided page with its blank back), so printing it
two-sided puts nothing behind the wrong page.
"""

from __future__ import annotations

from pathlib import PurePath
from typing import TYPE_CHECKING

from msgspec import Struct

from printkit import fonts
from printkit.layout.context import Context, companion_name
from printkit.layout.primitives import Item, Line, Stroke, Text
from printkit.words.messages import games_word

if TYPE_CHECKING:
    from printkit.kit.model import Kit

TABLE_PT = 7.8
MIN_PT = 7.0  # the rules' smallest text
ROW_H = 4.1  # mm from one row's baseline to the next
CELL_GAP = 2.2  # mm between two columns, at least
WIDE_GAP = 4.5  # mm between two columns where the table has the room
RULE_GAP = 1.3  # mm between a row's baseline and the rule under it
TABLE_AFTER = 0.6  # mm under the table's last rule

Span = tuple[int, int]  # first and last page, inclusive


class Row(Struct, frozen=True):
    """One line of the table: what, its pages, its copies, its sides and whether it is cut."""

    what: str
    pages: str
    copies: str
    sides: str
    cut: str

    @property
    def cells(self) -> tuple[str, str, str, str, str]:
        return (self.what, self.pages, self.copies, self.sides, self.cut)


class Table(Struct, frozen=True):
    """The recipe's table fitted to a column ``width`` mm wide: a header row and a row a part."""

    header: Row
    rows: tuple[Row, ...]
    width: float

    @property
    def height(self) -> float:
        return (len(self.rows) + 1) * ROW_H + RULE_GAP + TABLE_AFTER

    def column_widths(self, size: float = TABLE_PT) -> list[float]:
        """The last four columns as wide as their widest cell at ``size``, and up to WIDE_GAP apart
        where "what" has the room (a review read "single-sided no" as one phrase at 2.2 mm); "what"
        takes the rest."""
        cells = [
            max(fonts.text_width(row.cells[n], size, bold=row is self.header, face="body") for row in self.all_rows)
            for n in range(5)
        ]
        spare = self.width - sum(cells) - 5 * CELL_GAP
        extra = min(WIDE_GAP - CELL_GAP, spare / 4) if spare > 0 else 0.0
        rest = [width + CELL_GAP + extra for width in cells[1:]]
        return [self.width - sum(rest), *rest]

    def size_pt(self) -> float:
        """One type size for the whole table: TABLE_PT, or the largest size, a tenth of a point
        at a time, at which every cell fits its column, never under MIN_PT (a long component
        name took its own row down to 6 pt); at a smaller size the narrower columns leave "what"
        more room."""
        size = TABLE_PT
        while size > MIN_PT + 1e-9 and not self.fits(size):
            size = round(size - 0.1, 1)
        return size

    def fits(self, size: float) -> bool:
        widths = self.column_widths(size)
        return all(
            fonts.text_width(cell, size, bold=row is self.header, face="body") <= width - CELL_GAP + 1e-9
            for row in self.all_rows
            for cell, width in zip(row.cells, widths, strict=True)
        )

    @property
    def all_rows(self) -> tuple[Row, ...]:
        return (self.header, *self.rows)

    def items(self, x: float, y: float, lang: str | None = None) -> list[Item]:
        """The table with its top at ``y``: the header in bold over a rule, a hairline under the
        last row."""
        size = self.size_pt()
        widths = self.column_widths(size)
        items: list[Item] = []
        ascent = fonts.cap_height(TABLE_PT, "body")
        for number, row in enumerate(self.all_rows):
            baseline = y + ascent + 0.6 + number * ROW_H
            left = x
            for cell, width in zip(row.cells, widths, strict=True):
                items.append(Text(left, baseline, cell, size, number == 0, max_w=width - CELL_GAP, face="body"))
                left += width
            if number == 0:
                items.append(Line(x, baseline + RULE_GAP, x + self.width, baseline + RULE_GAP, Stroke(width=0.35)))
        bottom = y + ascent + 0.6 + len(self.rows) * ROW_H + RULE_GAP
        items.append(Line(x, bottom, x + self.width, bottom, Stroke(width=0.2, color="#666666")))
        return items


class Recipe(Struct, frozen=True):
    """The table, the print-dialog line and the notes that go under it."""

    table: Table
    dialog: tuple[str, ...]  # one line a print job: one, or one a stock (card, plain paper)
    notes: tuple[str, ...]


def span_of(ctx: Context, key: str) -> Span | None:
    first = int(ctx.tr.numbers.get(f"page.{key}", 0))
    if not first:
        return None
    return first, int(ctx.tr.numbers.get(f"lastpage.{key}", first))


def two_sided_build(ctx: Context) -> bool:
    """The PDF holds duplex backs: it is printed two-sided as a whole, a sheet per odd page."""
    return "duplex" in ctx.sides.values()


def before_stop(sentence: str, clause: str) -> str:
    """``sentence`` with ``clause`` added before its full stop."""
    return sentence.removesuffix(".") + clause + "."


def whole_sheets(span: Span, ctx: Context) -> Span:
    """``span`` grown to whole sheets in a two-sided build: a sheet starts on an odd page, so a
    range ending on an odd page takes the blank back behind it (the PDF's last page has none)."""
    first, last = span
    total = int(ctx.tr.numbers.get("pages", last))
    if two_sided_build(ctx) and last % 2 == 1 and last < total:
        last += 1
    return first, last


def merged(spans: list[Span]) -> list[Span]:
    """Adjacent and overlapping spans joined, in page order."""
    out: list[Span] = []
    for first, last in sorted(spans):
        if out and first <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], last))
        else:
            out.append((first, last))
    return out


def ranges_text(spans: list[Span]) -> str:
    """'2', '3–10', '1, 3–10' (en dashes)."""
    return ", ".join(str(a) if a == b else f"{a}\u2013{b}" for a, b in spans)


def pages_clause(ctx: Context, spans: list[Span]) -> str:
    """'page 2' or 'pages 1, 3–10', in the language."""
    several = len(spans) > 1 or spans[0][0] != spans[0][1]
    return ctx.tr.msg("dialog_pages" if several else "dialog_page", pages=ranges_text(spans))


def recipe_at(kit: Kit, ctx: Context, width: float) -> Recipe:
    """The print recipe of the build ``ctx`` describes (its page numbers settled or guessed), its
    table ``width`` mm wide."""
    tr = ctx.tr
    header = Row(*(tr.msg(f"recipe_{name}") for name in ("what", "pages", "copies", "sides", "cut")))
    rows: list[Row] = []
    once: dict[str, list[Span]] = {stock: [] for stock in STOCKS}  # by the stock they print on
    per_player: dict[str, list[Span]] = {stock: [] for stock in STOCKS}
    notes: list[str] = []
    two_sided: set[str] = set()  # the stocks a page with a back prints on
    one_side = tr.msg("recipe_one_sided")
    rules = span_of(ctx, "rules")
    if rules is not None:
        # rules read on screen are printed on no side: "0 (screen), one-sided" read as an error, and
        # "Copies: on screen" as a place in a column of numbers; the row names the screen, its copies a dash
        if kit.rules_on_screen:
            what, copies, sides = tr.msg("recipe_rules_screen"), "–", "–"
        else:
            what, copies, sides = tr.msg("recipe_rules"), "1", one_side
        rows.append(Row(what, ranges_text([rules]), copies, sides, tr.msg("recipe_no")))
        if kit.rules_on_screen:  # "on screen" alone read as "no printed rules": say how to print them
            # printed on their own, the rules need no blank back ("pages 1–2" printed one-sided
            # cost kpn's reader a blank sheet)
            notes.append(tr.msg("recipe_rules_note", pages=pages_clause(ctx, [rules])))
        else:
            once["paper"].append(whole_sheets(rules, ctx))
            two_sided.add("paper")  # rules pages printed back to back
    elsewhere: list[str] = []
    for component in kit.components:
        what = tr(component.title) or component.id
        kind = kit.kinds.kind_of(component)
        span = span_of(ctx, component.id) if component.in_kit else None
        if span is None:
            if kind.box:  # `build --boxes` writes a PDF of its own
                elsewhere.append(tr.msg("recipe_elsewhere", what=what, file=companion(kit, ctx, "-boxes")))
            elif kind.personalised:  # and so does `printkit sheets`
                shared = not getattr(component, "per_player", True)
                key = "recipe_elsewhere_shared" if shared else "recipe_elsewhere_players"
                if shared and kit.kit.players.min == kit.kit.players.max == 2:  # latarnie: "both", never "all" of two
                    key = "recipe_elsewhere_shared_two"
                line = tr.msg(key, what=what, file=companion(kit, ctx, "-sheets"))
                games = getattr(component, "per_page", 1)
                if games == "fill":  # as many as the paper holds: the sheet's own pages say how many
                    line = before_stop(line, tr.msg("recipe_games_fill"))
                elif games > 1:  # inside the sentence, before its full stop
                    more = tr.msg("recipe_games_per_page", count=games, games=games_word(ctx.lang, games))
                    line = before_stop(line, more)
                if component.print.copies == "optional":  # at its end: first, it pushed the file's name a line down
                    line = before_stop(line, tr.msg("recipe_elsewhere_optional"))
                elsewhere.append(line)
            continue
        plan = component.print
        side = ctx.sides.get(component.id)
        stock = stock_of(plan.stock, side)
        if side == "duplex" and component.id not in ctx.options.faces_only:
            two_sided.add(stock)
        sides = {"duplex": tr.msg("recipe_two_sided"), "fold": tr.msg("recipe_fold")}.get(side or "", one_side)
        if component.id in ctx.options.faces_only:
            sides = tr.msg("recipe_faces_only")
        cut = tr.msg("recipe_yes") if plan.cut or component.id in ctx.cut else tr.msg("recipe_no")
        if component.id in ctx.glued:
            cut = tr.msg("recipe_cut_glue")
        # the copies column holds numbers: an optional part prints 1 copy, and its name says it is optional
        copies_of = {"once": "1", "per_player": tr.msg("recipe_per_player"), "optional": "1"}
        named = tr.msg("recipe_optional_what", what=what) if plan.copies == "optional" else what
        rows.append(Row(named, ranges_text([span]), copies_of[plan.copies], sides, cut))
        backs = span_of(ctx, f"{component.id}.optional")
        if backs is not None:  # a deck's backs after its faces (back_pages: after): a note, never on a dialog line
            notes.append(backs_note(ctx, span, backs, what))
        if plan.copies == "once":
            once[stock].append(whole_sheets(span, ctx))
        elif plan.copies == "per_player":
            per_player[stock].append(whole_sheets(span, ctx))
        if plan.copies == "optional":
            clause = pages_clause(ctx, [span])
            if plan.note:
                line = tr.msg("recipe_optional_note", pages=clause, what=what, note=tr(plan.note))
            else:
                line = tr.msg("recipe_optional_plain", pages=clause, what=what)
            if stock != "paper":  # it prints on no dialog line, which would say so
                line = before_stop(line, ", " + tr.msg(f"dialog_stock_{stock}"))
            notes.append(line)
        elif plan.note and stock != "folded":  # a card part's note gives way to the fold's paper advice
            notes.append(tr(plan.note))
        if component.id in ctx.glued:
            clause = pages_clause(ctx, [span])
            notes.append(tr.msg("recipe_glue_note", Pages=clause[:1].upper() + clause[1:], what=what))
        if side == "fold" or component.id in ctx.options.faces_only:
            clause = pages_clause(ctx, [span])
            note_key = "recipe_fold_note" if side == "fold" else "recipe_faces_note"
            notes.append(tr.msg(note_key, Pages=clause[:1].upper() + clause[1:]))
    dialog = dialog_lines(ctx, once, per_player, two_sided)
    return Recipe(Table(header, tuple(rows), width), dialog, tuple(notes + elsewhere))


def stock_of(component_stock: str, side: str | None) -> str:
    """What a part prints on: its kit's ``print.stock``, but a part on card that is folded over
    (``--two-sided fold``) on paper of 120–160 g/m² ("folded"): doubled and glued, it makes a card,
    where card folded double is too stiff to fold cleanly (a review)."""
    return "folded" if side == "fold" and component_stock == "card" else component_stock


def backs_note(ctx: Context, faces: Span, backs: Span, what: str) -> str:
    """How to print a deck's optional backs: each page of backs on the back of its page of faces,
    turned over as the build's flip says, or none at all."""
    clause = pages_clause(ctx, [backs])
    edge = ctx.tr.msg(f"edge_{ctx.options.flip}")
    faces_clause = pages_clause(ctx, [faces])
    return ctx.tr.msg("recipe_backs_note", pages=clause, what=what, faces=faces_clause, edge=edge)


def companion(kit: Kit, ctx: Context, suffix: str) -> str:
    """The file beside the kit's PDF that holds a part printed apart, as the command that writes it
    names it (`printkit sheets` a kit's "-sheets", `build --boxes` its "-boxes"). The page names the
    file, never the command: a review found families told to run `printkit sheets latarnie
    --players N`, which only the kit's maker can."""
    name = PurePath(ctx.kit_ref).stem if ctx.kit_ref else "kit"
    return companion_name(name, suffix, ctx, kit.kit.default_lang)


STOCKS = ("card", "folded", "paper")  # PrintPlan.stock (or "folded": stock_of), in the dialog lines' order


def dialog_lines(
    ctx: Context, once: dict[str, list[Span]], per_player: dict[str, list[Span]], two_sided: set[str]
) -> tuple[str, ...]:
    """What to do in the print dialog: one line, or, when some pages go on card and others on
    plain paper, one print job for each stock (a review found plateau's board, stones and score
    sheet sent to one job, though its notes asked for card and for paper), two-sided only when a
    page of its own has a back (``two_sided``: the stocks that print one)."""
    used = [stock for stock in STOCKS if once[stock] or per_player[stock]]
    if used in ([], ["paper"]):
        return (dialog_line(ctx, once["paper"], per_player["paper"]),)
    return tuple(
        dialog_line(ctx, once[stock], per_player[stock], ctx.tr.msg(f"dialog_stock_{stock}"), stock in two_sided)
        for stock in used
    )


def dialog_line(ctx: Context, once: list[Span], per_player: list[Span], stock: str = "", two_sided: bool = True) -> str:
    """The line for the print dialog: the pages printed once, then the pages printed once per
    player, the sides and the scale; ``stock`` says what they print on."""
    tr = ctx.tr
    runs = []
    if once:
        runs.append(tr.msg("dialog_once", pages=pages_clause(ctx, merged(once))))
    if per_player:
        runs.append(tr.msg("dialog_per_player", pages=pages_clause(ctx, merged(per_player))))
    if not runs:
        runs.append(tr.msg("dialog_nothing"))
    if two_sided_build(ctx) and two_sided:
        sides = tr.msg("dialog_two_sided", edge=tr.msg(f"edge_{ctx.options.flip}"))
    else:
        sides = tr.msg("dialog_one_sided")
    if stock:
        return tr.msg("dialog_line_stock", stock=stock, runs="; ".join(runs), sides=sides)
    return tr.msg("dialog_line", runs="; ".join(runs), sides=sides)
