"""The whole kit as pages: rules first, then each component's pages, page numbers resolved.

Rules text may mention page numbers and the page count, and those depend on how long the rules
are; laying out until the numbers stop changing settles both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from msgspec import Struct, field

from printkit import fonts
from printkit.base.errors import LayoutProblem, PrintkitError
from printkit.base.records import replace
from printkit.layout import bounds, cutting, imposition, rules
from printkit.layout.context import FOOTER_CLEAR, FOOTER_EDGE, FOOTER_PT, PAPERS, SAFE_EDGE, Context, Paper
from printkit.layout.marks import footer_ruler
from printkit.layout.primitives import Box, Document, Group, Item, Page, Text
from printkit.layout.text import fit_text
from printkit.layout.version import with_versions

if TYPE_CHECKING:
    from printkit.kit.kinds import Registry
    from printkit.kit.model import Component, Kit

MAX_SHEETS = 2000  # pages, counting a duplex back page with the face it is printed behind
BLANK_PT = 7.0


def kit_numbers(kit: Kit, paper: Paper = PAPERS["a4"]) -> dict[str, Any]:
    """Every number the kit's components define on ``paper``, by placeholder name (only a deck
    without a declared per_page counts differently on another paper: {id.per_page}, {id.pages}).

    Validation, layout and the checks of the pages each ask for them: the last kit's are kept (a
    kit is frozen), so a 10,000-row deck lists its rows once a paper, not seven times."""
    if LAST_KIT_NUMBERS.kit is not kit:
        LAST_KIT_NUMBERS.kit, LAST_KIT_NUMBERS.by_paper = kit, {}
    numbers = LAST_KIT_NUMBERS.by_paper.get(paper)
    if numbers is None:
        numbers = LAST_KIT_NUMBERS.by_paper[paper] = counted_numbers(kit, paper)
    return dict(numbers)  # the caller's own copy


class KitNumbersKept(Struct):
    """The numbers of the kit asked for last, by paper (``kit_numbers``)."""

    kit: Kit | None = None
    by_paper: dict[Paper, dict[str, Any]] = field(default_factory=dict)


LAST_KIT_NUMBERS = KitNumbersKept()


def counted_numbers(kit: Kit, paper: Paper) -> dict[str, Any]:
    """The numbers of ``kit_numbers``, counted."""
    values: dict[str, Any] = {"players.min": kit.kit.players.min, "players.max": kit.kit.players.max}
    for need in kit.needs:
        values[f"{need.id}.count"] = need.count
    for component in kit.components:
        values.update(kit.kinds.component_numbers(component, paper))
    for component in kit.components:
        values.update(kit.kinds.derived_numbers(component, values))
    return values


def page_numbers(pages: list[Page]) -> dict[str, Any]:
    values: dict[str, Any] = {"pages": len(pages)}
    for number, page in enumerate(pages, start=1):
        key = page.component or page.role
        if page.optional:  # a component's optional pages are numbered apart: {page.ID.optional}
            key = f"{key}.optional"
        values.setdefault(f"page.{key}", number)
        values[f"lastpage.{key}"] = number
    for key in [k for k in values if k.startswith("page.")]:
        name = key[5:]
        first, last = values[key], values[f"lastpage.{name}"]
        values[f"pages.{name}"] = f"{first}" if first == last else f"{first}–{last}"
    return values


def components_pages(kit: Kit, ctx: Context, include: Callable[[Component], bool]) -> list[Page]:
    pages: list[Page] = []
    for index, component in enumerate(kit.components):
        if include(component):
            try:
                pages.extend(component_layout(kit, component, ctx))
                check_page_limit(pages)
            except LayoutProblem as problem:
                raise problem.within(("components", index)) from None
    return pages


def component_layout(kit: Kit, component: Component, ctx: Context) -> list[Page]:
    """One component's pages; laid out again clear of the registration marks when it has pieces
    to cut and the user asked for marks (a board on one page keeps its own margin)."""
    layout = kit.kinds.kind_of(component).layout
    pages = layout(component, ctx)
    if ctx.options.registration is not None and any(cutting.cut_pieces(page, kit.kinds) for page in pages):
        return layout(component, cutting.pieces_ctx(ctx))
    return pages


def check_page_limit(pages: list[Page]) -> None:
    """At most 2,000 pages; a duplex back page is printed on its face's sheet, so it does not count.

    That keeps the largest allowed deck (10,000 cards, 9 a page, backs behind them) printable.
    """
    sheets = sum(1 for page in pages if page.side != "back")
    if sheets > MAX_SHEETS:
        raise LayoutProblem(
            (), f"the kit needs {sheets:,} pages (not counting duplex backs); the limit is {MAX_SHEETS:,} pages"
        )


GUESSED_RULES = 4  # the most rules pages a first guess of the page numbers tries


def layout_kit(kit: Kit, ctx: Context) -> Document:
    """Rules pages and every in-kit component, with page placeholders settled. ``ctx`` is read,
    never changed: the numbers and the two-sided components go into contexts of their own."""
    base = dict(ctx.tr.numbers) | kit_numbers(kit, ctx.paper)
    component_pages = components_pages(kit, with_numbers(ctx, base), lambda c: c.in_kit)
    component_pages = cutting.with_cutting_aids(component_pages, ctx, kit)
    sides = two_sided_components(component_pages)
    to_cut = cut_components(component_pages, kit.kinds)
    to_glue = glued_components(component_pages)
    guess = first_guess(kit, component_pages, ctx)
    counting = not guess  # with no guess, the first setting only counts the rules' pages
    for _ in range(4):
        numbered = with_numbers(ctx, base | _placeholder_pages(kit, guess))
        rules_ctx = replace(numbered, sides=sides, cut=to_cut, glued=to_glue)
        rule_pages = rules.layout(kit, rules_ctx, counted=counting)
        pages = with_blank_pages(rule_pages + component_pages, rules_ctx)
        settled = page_numbers(pages)
        if settled == guess and not counting:
            break
        guess, counting = settled, False
    else:
        raise LayoutProblem(
            ("rules",), "the page numbers do not settle (the rules change length with their own page numbers)"
        )
    return document(kit, rules_ctx, versioned(kit, pages))


def first_guess(kit: Kit, component_pages: list[Page], ctx: Context) -> dict[str, Any]:
    """The page numbers the rules are first set with: those of the pages as they will be when the
    rules take as many pages (the last the plan names as rules, to GUESSED_RULES) as put the kit's
    first planned component where its page plan says; an empty guess (two-digit numbers, ``_placeholder_pages``)
    when the plan says nothing for this build. A right guess settles the numbers at the first
    setting of the rules, which every build otherwise set twice (plateau: 40 % of its layout)."""
    mode = "none" if ctx.options.faces_only else ctx.options.two_sided
    plan = [p for p in kit.page_plan or [] if p.two_sided in (None, mode)]
    planned = [p for p in plan if p.component and p.role != "rules"]
    if not planned:
        return {}
    first = min(planned, key=lambda p: p.page)
    fewest = max((p.page for p in plan if p.role == "rules"), default=1)  # a plan may say the rules take 2
    for count in range(fewest, GUESSED_RULES + 1):
        stubs = [Page(ctx.paper.width, ctx.paper.height, "rules", None, ()) for _ in range(count)]
        guess = page_numbers(with_blank_pages(stubs + component_pages, ctx))
        if guess.get(f"page.{first.component}") == first.page:
            return guess
    return {}


def versioned(kit: Kit, pages: list[Page]) -> list[Page]:
    """The pages with the kit's version on the back of every cut piece, if the kit asks (``version_mark``)."""
    return with_versions(pages, kit.kit.version, kit.kinds) if kit.kit.version_mark else pages


def with_numbers(ctx: Context, numbers: dict[str, Any]) -> Context:
    """``ctx`` whose texts fill their placeholders from ``numbers``."""
    return replace(ctx, tr=replace(ctx.tr, numbers=numbers))


def two_sided_components(pages: list[Page]) -> dict[str, str]:
    """Which components print two-sided, and how: component id -> "duplex" or "fold"."""
    return {
        page.component: "fold" if page.side == "fold" else "duplex" for page in pages if page.side and page.component
    }


def cut_components(pages: list[Page], kinds: Registry) -> frozenset[str]:
    """The components whose pages print a piece cut out (a card, a token, a split board's sheet:
    what gets crop marks, cut lines and an outline in the cut file), so that the print
    instructions say "cut" exactly when the pages need cutting, whatever the kit's ``cut:`` says."""
    return frozenset(
        page.component for page in pages if page.component and any(kinds.cut(piece.kind) for piece in page.pieces)
    )


def glued_components(pages: list[Page]) -> frozenset[str]:
    """The components printed as sheets glued together over glue strips (a board split into
    sheets: its pages carry ``join`` pieces), so that the print instructions say to glue them."""
    return frozenset(
        page.component for page in pages if page.component and any(piece.kind == "join" for piece in page.pieces)
    )


def with_blank_pages(pages: list[Page], ctx: Context) -> list[Page]:
    """With duplex backs in the kit, a blank back behind every page that has none, so the whole
    PDF printed two-sided (the one setting the PDF asks the print dialog for) puts nothing that is
    cut or read behind another page. Without backs the PDF prints single-sided as it is."""
    if not any(page.side == "back" for page in pages):
        return pages
    after = set(imposition.blank_backs_for_duplex([sheet_kind(page) for page in pages]))
    out: list[Page] = []
    for index, page in enumerate(pages):
        out.append(page)
        if index in after and index < len(pages) - 1:  # the last sheet needs no back
            out.append(blank_page(ctx, page))
    return out


def sheet_kind(page: Page) -> str:
    """What ``imposition.blank_backs_for_duplex`` needs to know of a page."""
    if page.side in ("face", "back"):
        return page.side
    return "rules" if page.role == "rules" else "single"


def blank_page(ctx: Context, like: Page) -> Page:
    """The back of a one-sided page: empty but for a grey line in the top margin saying so, its
    baseline above the topmost ink of ``like`` (the page it backs), so that it lands behind empty
    paper, never behind a piece, a mark or a text; in the bottom margin, under its lowest ink, when
    the top leaves no room inside the printable area (kpn's aids on Letter put their crop marks 7 mm
    from the top); left out only when neither does."""
    text = ctx.tr.msg("blank_page")
    cap = fonts.cap_height(BLANK_PT, "body")
    extents = [extent for item in like.items if (extent := ink_extent(item)) is not None]
    y = min(ctx.margin - 2.0, min((top for top, _ in extents), default=ctx.margin) - 1.0)
    if y - cap * 1.4 < SAFE_EDGE:
        # no room above: under the lowest ink instead (kpn's aids on Letter reach 7 mm from the top)
        y = max(like.height - ctx.margin + 2.0 + cap, max((foot for _, foot in extents), default=0.0) + 1.0 + cap)
        if y + cap * 0.4 > like.height - SAFE_EDGE:
            return Page(like.width, like.height, "blank", None, (), side="back")
    width = like.width - 2 * ctx.margin
    label = fit_text(like.width / 2, y, text, width, BLANK_PT, smallest=5.0, align="center", color="#666666")
    return Page(like.width, like.height, "blank", None, (label,), side="back")


def ink_extent(item: Item) -> tuple[float, float] | None:
    """The highest and lowest points ``item`` may put ink at (mm from the page's top): a group's
    box, as nothing it draws shows outside it (its form clips to it), without measuring each of its
    items (a deck page's 60 pieces: 20 ms of kpn's build); None for an item that draws nothing."""
    if isinstance(item, Group):
        return item.y, item.y + item.h
    box = bounds.ink_box(bounds.Placed(item))
    return (box[1], box[3]) if box is not None else None


def _placeholder_pages(kit: Kit, guess: dict[str, Any]) -> dict[str, Any]:
    """Before the first layout, assume two-digit page numbers so the text is not too short."""
    if guess:
        return guess
    values: dict[str, Any] = {"pages": 10, "page.rules": 1, "lastpage.rules": 1}
    for component in kit.components:
        values[f"page.{component.id}"] = values[f"lastpage.{component.id}"] = 10
        values[f"pages.{component.id}"] = "10"
    return values


def layout_sheets(kit: Kit, ctx: Context) -> Document:
    """Personalised sheets only: every component of a personalised kind (sheets), once per player
    or once shared."""
    numbers = dict(ctx.tr.numbers) | kit_numbers(kit, ctx.paper)
    pages = components_pages(kit, with_numbers(ctx, numbers), lambda c: kit.kinds.kind_of(c).personalised)
    if not pages:
        raise PrintkitError("this kit has no sheet component to personalise")
    return document(kit, with_numbers(ctx, numbers | page_numbers(pages)), pages)


def layout_boxes(kit: Kit, ctx: Context) -> Document:
    """The kit's boxes only (every component of a box kind, in the kit or not), as a PDF of their own."""
    numbers = dict(ctx.tr.numbers) | kit_numbers(kit, ctx.paper)
    pages = components_pages(kit, with_numbers(ctx, numbers), lambda c: kit.kinds.kind_of(c).box)
    pages = cutting.with_cutting_aids(pages, ctx, kit)
    if not pages:
        raise PrintkitError("this kit has no box component to print")
    return document(kit, with_numbers(ctx, numbers | page_numbers(pages)), pages)


def document(kit: Kit, ctx: Context, pages: list[Page]) -> Document:
    title = ctx.tr(kit.kit.title)
    total = len(pages)
    footed = [with_footer(page, title, ctx, number, total, kit.kinds) for number, page in enumerate(pages, start=1)]
    duplex = ctx.options.flip if any(page.side == "back" for page in pages) else None
    return Document(
        tuple(footed),
        title=title,
        author=kit.kit.author,
        lang=ctx.lang,
        subject=ctx.tr(kit.kit.subtitle),
        duplex=duplex,
        paper=ctx.paper,
        two_sided="none" if ctx.options.faces_only else ctx.options.two_sided,
        dpi=ctx.dpi,
        pictures=ctx.pictures,
        on_sheets=True,
    )


def with_footer(page: Page, title: str, ctx: Context, number: int, total: int, kinds: Registry) -> Page:
    """A quiet footer inside the margin: the game and the page number, so loose sheets find their kit
    (and a compact ruler where a piece of ``kinds`` must keep its size). A sheet of duplex backs
    has one too (a review: plateau's backs page alone had no page number); a blank back has none."""
    if page.side == "back" and page.component is None:
        return page
    # the descenders FOOTER_EDGE from the edge: inside what a home printer prints
    y = footer_baseline(page, ctx, kinds)
    page_no = ctx.tr.msg("page_of", n=number, total=total)
    scale: list[Item] = []
    left, right = footer_span(page, ctx, kinds, y)
    title_end = right
    if needs_scale_note(page, ctx.tr.msg("scale_only"), kinds):
        ruler_right = right - fonts.text_width(page_no, FOOTER_PT) - 5.0
        scale, title_end = footer_ruler(ruler_right, y, ctx.tr.msg("scale_only"))
        if title_end < left:  # a narrow paper (A5): the note's short form
            scale, title_end = footer_ruler(ruler_right, y, ctx.tr.msg("scale_only_short"))
    if page.name:
        title = named_footer(title, page.name, title_end - 5.0 - left)
    footer: tuple[Item, ...] = (Text(right, y, page_no, FOOTER_PT, align="right", color="#666666"),)
    if personal(page):  # a player's own sheet is handed out alone: "page 3 of 3" would count the others'
        footer = ()
    room = title_end - 5.0 - left
    if fonts.text_width(title, FOOTER_PT) <= room:  # the game's name where the paper leaves room for it
        footer = (fit_text(left, y, title, room, FOOTER_PT, smallest=FOOTER_PT, color="#666666"),) + footer
    return replace(page, items=page.items + footer + tuple(scale))


def footer_marks(page: Page, ctx: Context, kinds: Registry) -> list[Box]:
    """The registration marks' footprints (where no words print) on a sheet that carries them."""
    marks = ctx.options.registration
    if marks is None or not cutting.cut_pieces(page, kinds):
        return []
    return marks.footprints(page.width, page.height)


def footer_baseline(page: Page, ctx: Context, kinds: Registry) -> float:
    """The footer's baseline: its descenders FOOTER_EDGE from the paper's edge (inside what a home
    printer prints), or raised just above a flat registration mark that lies under its words (the
    arm of Silhouette's bottom-left L), though never into the content above: a sheet with marks
    keeps the marks' margin free (``cutting.pieces_ctx``), or the footer's band where that is wider."""
    ascent, descent = fonts.vertical_extent(FOOTER_PT)
    y = page.height - FOOTER_EDGE - descent - 0.05
    marks = ctx.options.registration
    content = page.height - max(FOOTER_CLEAR, marks.margin(page.width, page.height) if marks else 0.0)
    for box in footer_marks(page, ctx, kinds):
        across = min(box.right, page.width - ctx.margin) - max(box.x, ctx.margin)
        raised = box.y - descent - 0.05
        if across > 0 and box.y < y + descent and raised - ascent >= content:
            y = min(y, raised)
    return y


def footer_span(page: Page, ctx: Context, kinds: Registry, baseline: float) -> tuple[float, float]:
    """Where the footer's words start and end: the margins, or beside a registration mark that
    still reaches into the footer's line at ``baseline``."""
    left, right = ctx.margin, page.width - ctx.margin
    ascent, descent = fonts.vertical_extent(FOOTER_PT)
    for box in footer_marks(page, ctx, kinds):
        if box.bottom > baseline - ascent and box.y < baseline + descent:
            if box.x < page.width / 2:
                left = max(left, box.right)
            else:
                right = min(right, box.x)
    return left, right


def personal(page: Page) -> bool:
    """A page of sheets printed for a named player (``printkit sheets --names``)."""
    return any(piece.kind == "sheet" and dict(piece.extra).get("name") for piece in page.pieces)


def named_footer(title: str, name: str, width: float) -> str:
    """The footer's words on a page that has no heading: the game and the component, or the
    component alone where both do not fit ``width`` at the footer's size."""
    both = f"{title} · {name}"
    return both if fonts.text_width(both, FOOTER_PT) <= width else name


def needs_scale_note(page: Page, note: str, kinds: Registry) -> bool:
    """A page whose pieces must keep their printed size and that does not say "print at 100 %" yet
    (a full ruler says it); it gets a compact ruler in its footer."""
    if page.side == "back" or not any(kinds.scale_critical(piece.kind) for piece in page.pieces):
        return False
    return not any(isinstance(item, Text) and item.text == note for item in page.items)
