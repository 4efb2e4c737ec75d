"""The checks of the laid-out pages of one language: the page plan, and every page's fit (printable
area, text boxes, overlaps of texts and pieces, glyphs), with what they learnt on the pages before.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, TypeGuard, TypeVar

from msgspec import Struct

from printkit import fonts
from printkit.base.errors import Loc, PrintkitError, Problem
from printkit.kit.file import KitSource
from printkit.kit.shared import walk
from printkit.layout import bounds, figures, paragraph, version
from printkit.layout.context import SAFE_EDGE
from printkit.layout.cutpath import CutPath, shared_extent, shared_extent_of_any
from printkit.layout.document import kit_numbers, page_numbers
from printkit.layout.paper import Paper
from printkit.layout.primitives import Document, Group, Item, Page, Piece, RichText, Text
from printkit.validate import safezone
from printkit.validate.figure_sizes import check_figure_sizes
from printkit.validate.findings import Findings, page_roles
from printkit.validate.proofs import check_page_invariants
from printkit.validate.safezone import check_safe_zone
from printkit.words import icons, textchars
from printkit.words.locale import Localizer, kit_icons
from printkit.words.pagewords import typed_page_numbers

if TYPE_CHECKING:
    from printkit.kit.model import Kit


def check_layout(source: KitSource, kit: Kit, document: Document) -> list[Problem]:
    """Findings that need the laid-out pages of one language: the rulebook's page plan and page
    count, invariants about pages, and every page's fit (printable area, text boxes, overlaps, glyphs)."""
    found = Findings(source, group="pages")
    check_page_plan(kit, document, found)
    check_page_invariants(kit, document, found)
    check_typed_page_numbers(kit, document, found)
    check_pages(kit, document, found)
    check_figure_sizes(document, found)
    return found.problems


def check_typed_page_numbers(kit: Kit, document: Document, found: Findings) -> None:
    """A page number typed where a placeholder belongs (see pagewords.py), named with the
    placeholder of the page it types on these pages."""
    numbers = page_numbers(list(document.pages))
    parts = ["rules"] + [component.id for component in kit.components]
    for loc, message in typed_page_numbers(walk(kit, ()), parts, document.lang, numbers):
        found.add(loc, message, group="texts")


def check_printed(
    source: KitSource, kit: Kit, document: Document, given: Mapping[str, Loc] | None = None
) -> list[Problem]:
    """Every page's fit alone (for documents without a page plan, such as personalised sheets);
    a text ``given`` on the command line (a player's name: {"Ala": ("--names",)}) is blamed on its option."""
    found = Findings(source, group="pages")
    check_pages(kit, document, found, given)
    return found.problems


def check_page_plan(kit: Kit, document: Document, found: Findings) -> None:
    before = len(found.problems)
    check_planned_pages(kit, document, found)
    if len(found.problems) > before:
        check_split_boards(kit, document.pages, found)


def check_split_boards(kit: Kit, pages: tuple[Page, ...], found: Findings) -> None:
    """When the pages break the plan, a board split into sheets is the likely cause: the size of
    its cells (the value to fix) is named too, not only the page plan's lines."""
    for index, component in enumerate(kit.components):
        sheets = sum(1 for page in pages if page.component == component.id and page.role == "board")
        if sheets > 1 and hasattr(component, "cell"):
            found.add(
                ("components", index, "cell"),
                f"at this cell size the board does not fit one page and is split into {sheets} sheets, which "
                "moves the pages the rules promise; smaller cells keep it on one page (printkit validate names "
                "the largest that fits)",
            )


def promised_pages(kit: Kit, paper: Paper) -> tuple[int | None, tuple[str, ...]]:
    """The page count the kit promises on ``paper`` and where it says so; None when it promises
    none there (a paper given by its size has no name a page count can use)."""
    if kit.page_count is None or isinstance(kit.page_count, int):
        return kit.page_count, ("page_count",)
    key = paper.name.lower()
    return getattr(kit.page_count, key, None), ("page_count", key)


def check_planned_pages(kit: Kit, document: Document, found: Findings) -> None:
    """The page count and plan the rules promise, counted without the optional pages printkit adds
    after them (a deck's backs, back_pages: after), which come and go with ``--backs none``."""
    pages = tuple(page for page in document.pages if not page.optional)
    promised, loc = promised_pages(kit, document.paper)
    where = f" on {document.paper.name}" if len(loc) > 1 else ""
    if promised is not None and promised != len(pages):
        found.add(
            loc,
            f"the rules state a {promised}-page PDF{where}, but the layout gives {len(pages)} pages "
            f"({page_roles(pages)})",
        )
    for index, planned in enumerate(kit.page_plan or []):
        if planned.two_sided not in (None, document.two_sided):
            continue
        what = planned.component or planned.role
        stated = f"the rules state the {what} is on page {planned.page}"
        if planned.page > len(pages):
            found.add(
                ("page_plan", index), f"{stated}, but the layout gives only {len(pages)} pages ({page_roles(pages)})"
            )
            continue
        page = pages[planned.page - 1]
        if page.role != planned.role or (planned.component and page.component != planned.component):
            actual = [
                n
                for n, p in enumerate(pages, 1)
                if p.role == planned.role and (not planned.component or p.component == planned.component)
            ]
            where = f"puts it on page {actual[0]}" if actual else "has no such page"
            found.add(("page_plan", index), f"{stated}, but the layout {where} ({page_roles(pages)})")


TOLERANCE = 0.05  # mm: rounding, never a visible difference


OVERLAP = 0.3  # mm: two texts or pieces sharing more than this in both directions collide


MAX_PER_PAGE = 5


def check_pages(kit: Kit, document: Document, found: Findings, given: Mapping[str, Loc] | None = None) -> None:
    texts = TextIndex(kit, document, given)
    seen = Seen()
    for number, page in enumerate(document.pages, start=1):
        where = PageRef(number, page, component_loc(kit, page))
        suspects, cores = page_view(page, seen)
        check_printable_area(suspects, where, found)
        check_text_boxes(suspects, where, texts, found)
        check_text_overlaps(cores, where, texts, found, version_marked(kit, page))
        check_piece_overlaps(page, where, found, seen.pieces)
        check_printed_glyphs(suspects, where, texts, found)
        check_safe_zone(kit, page, str(where), where.loc, found, drawings=seen.safe_zone)
    found.settle_repeats()


View = tuple[tuple[bounds.Placed, ...], tuple[tuple[bounds.Placed, bounds.Extent], ...]]  # suspects, core boxes
Place = tuple[float, float, float, float, str, CutPath]  # a piece's box, side and cut path
Overlap = tuple[int, int, float, float]  # two pieces' indexes, how far they overlap across and down
PieceOverlaps = dict[tuple[Place, ...], tuple[Overlap, ...]]  # the overlaps of pieces at these places


class Seen:
    """What the page checks learnt on the pages before, so that what a deck repeats on every page
    is measured once: a group's drawing by its key, an item's view by the very object (layout
    reuses one object for the cut lines, crop marks and designs at the same place on every page of
    a deck), and the overlaps of pieces by their places."""

    def __init__(self) -> None:
        self.drawings: dict[tuple[object, ...], Drawing] = {}
        self.views: dict[tuple[float, float], dict[int, tuple[Item, View]]] = {}  # by page size, then id
        self.pieces: PieceOverlaps = {}
        self.safe_zone: dict[tuple[object, ...], safezone.Measured] = {}  # a drawing's texts and frames

    def drawing(self, group: Group) -> Drawing:
        known = self.drawings.get(group.key)
        if known is None:
            known = self.drawings[group.key] = drawing(group, self)
        return known


class Drawing(Struct, frozen=True):
    """What the page checks need to know of a group's drawing, found once per key however often
    it is placed (a deck's back on 1,000 cards is one drawing)."""

    ink: bounds.Extent | None  # the union of the ink boxes the printable-area check measures
    trouble: bool  # a text too big for its box or a glyph the font lacks: check it item by item
    texts: tuple[tuple[bounds.Placed, bounds.Extent], ...]  # its texts in drawing order, where the group's


def drawing(group: Group, seen: Seen) -> Drawing:
    """The group's Drawing, its own items measured and the groups inside it read from ``seen``:
    a figure places the same pattern or symbol drawing dozens of times, each of hundreds of items."""
    boxes: list[bounds.Extent] = []
    trouble = False
    texts: list[tuple[bounds.Placed, bounds.Extent]] = []
    for item in group.items:
        if isinstance(item, Group):
            inner = seen.drawing(item)
            tx, ty, sign = bounds.group_transform(item)
            if inner.ink is not None:
                boxes.append(bounds.Placed(item, tx, ty, sign).box(*inner.ink))
            trouble = trouble or inner.trouble
            texts += (
                (bounds.Placed(text.item, tx + sign * text.tx, ty + sign * text.ty, sign * text.sign), rect)
                for text, rect in inner.texts
            )
            continue
        placed = bounds.Placed(item)
        if bounds.is_ink(placed) and not overflows(item) and (box := bounds.ink_box(placed)) is not None:
            boxes.append(box)
        trouble = trouble or text_trouble(item)
        if (rect := bounds.core_rect(item)) is not None:
            texts.append((placed, rect))
    ink = (
        (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
        if boxes
        else None
    )
    return Drawing(bounds.clipped(ink, group.clip), trouble, tuple(texts))


def text_trouble(item: Item) -> bool:
    """What check_text_boxes or check_printed_glyphs would report on the item, wherever it is."""
    if isinstance(item, Text):
        return (
            overflows(item)
            or bool(fonts.missing_characters(item.text, item.bold, item.face))
            or not textchars.prints_as_one_line(item.text)
        )
    if isinstance(item, RichText):
        return paragraph_needs(item) > item.h + TOLERANCE or bool(
            fonts.missing_characters(plain(item.markup), item.bold, item.face)
        )
    return False


def page_view(page: Page, seen: Seen) -> tuple[list[bounds.Placed], list[tuple[bounds.Placed, bounds.Extent]]]:
    """The page's items that the area, text-box and glyph checks would report (one by one: a
    group proved clean as a whole is left out, a group in trouble is opened), and every text's core
    box, in drawing order."""
    suspects: list[bounds.Placed] = []
    cores: list[tuple[bounds.Placed, bounds.Extent]] = []
    views = seen.views.setdefault((page.width, page.height), {})
    for item in page.items:
        if isinstance(item, Text):
            view = text_view(item, page)  # a line of text is seldom the same object twice
        else:
            known = views.get(id(item))
            if known is None or known[0] is not item:
                known = views[id(item)] = (item, item_view(item, page, seen))
            view = known[1]
        suspects += view[0]
        cores += view[1]
    return suspects, cores


def item_view(item: Item, page: Page, seen: Seen) -> View:
    """One item of the page: itself as a suspect when a check would report it (past the edge, too
    big for its box, a glyph missing), and its core box when it is a text."""
    if isinstance(item, Group):
        return group_view(item, page, seen.drawing(item))
    if isinstance(item, Text):
        return text_view(item, page)
    placed = bounds.Placed(item)
    ink_rect, core_rect = bounds.ink_rect(item), bounds.core_rect(item)
    ink = placed.box(*ink_rect) if ink_rect is not None and bounds.is_ink(placed) else None
    suspect = text_trouble(item) or (ink is not None and past_edge(ink, page) > TOLERANCE)
    return ((placed,) if suspect else ()), (((placed, placed.box(*core_rect)),) if core_rect is not None else ())


def text_view(item: Text, page: Page) -> View:
    """item_view of a line of text, measured once for its ink and core boxes. A line in trouble is
    a suspect wherever it is; one too wide for its box is also the only kind left out of the area
    check, so the ink box of a line out of trouble is always measured."""
    placed = bounds.Placed(item)
    rects = bounds.text_rects(item)
    suspect = text_trouble(item) or (rects is not None and past_edge(placed.box(*rects[0]), page) > TOLERANCE)
    return ((placed,) if suspect else ()), (((placed, placed.box(*rects[1])),) if rects is not None else ())


def group_view(group: Group, page: Page, known: Drawing) -> View:
    """A placed group: its items one by one when its drawing is in trouble or reaches past the
    edge here, and the core boxes of its texts where it puts them."""
    tx, ty, sign = bounds.group_transform(group)
    cores = []
    # a figure's stack covers the pieces under it on purpose: their texts may lie under the top's
    for text, rect in () if figures.is_figure(group) else known.texts:
        placed = bounds.Placed(text.item, tx + sign * text.tx, ty + sign * text.ty, sign * text.sign)
        cores.append((placed, placed.box(*rect)))
    suspect = known.trouble or (
        known.ink is not None and past_edge(bounds.Placed(group, tx, ty, sign).box(*known.ink), page) > TOLERANCE
    )
    return (tuple(bounds.flatten((group,))) if suspect else ()), tuple(cores)


class PageRef(Struct, frozen=True):
    """A page as findings name it: its number, the page and the kit field it comes from."""

    number: int
    page: Page
    loc: Loc  # the kit field the page comes from

    def __str__(self) -> str:
        what = self.page.component or self.page.role
        side = f", {self.page.side}" if self.page.side else ""
        return f"page {self.number} ({what}{side})"


def component_loc(kit: Kit, page: Page) -> Loc:
    for index, component in enumerate(kit.components):
        if component.id == page.component:
            return ("components", index)
    return ("rules",)


def check_printable_area(placed: list[bounds.Placed], where: PageRef, found: Findings) -> None:
    worst, count = None, 0
    for item in placed:
        box = bounds.ink_box(item) if bounds.is_ink(item) and not overflows(item.item) else None
        if box is None:
            continue
        past = past_edge(box, where.page)
        if past > TOLERANCE:
            count += 1
            if worst is None or past > worst[0]:
                worst = (past, item, box)
    if worst:
        past, item, box = worst
        more = f" ({count} items in all)" if count > 1 else ""
        found.add(
            where.loc,
            f"{describe(item)} on {where} reaches {past:.1f} mm into the {SAFE_EDGE:g} mm unprintable edge of the "
            f"paper, at x {box[0]:.1f}–{box[2]:.1f}, y {box[1]:.1f}–{box[3]:.1f} mm{more}",
        )


def past_edge(box: bounds.Extent, page: Page) -> float:
    """How far the box reaches into the unprintable edge of the paper (negative when clear of it)."""
    return max(
        SAFE_EDGE - box[0], SAFE_EDGE - box[1], box[2] - (page.width - SAFE_EDGE), box[3] - (page.height - SAFE_EDGE)
    )


def overflows(item: Item) -> TypeGuard[Text]:
    """A text wider than its box (check_text_boxes reports it, and only it)."""
    return isinstance(item, Text) and item.max_w is not None and bounds.text_width(item) > item.max_w + TOLERANCE


def describe(placed: bounds.Placed) -> str:
    item = placed.item
    if isinstance(item, Text):
        return f"the text '{shorten(item.text)}'"
    if isinstance(item, RichText):
        return f"the text '{shorten(plain(item.markup))}'"
    return f"a {type(item).__name__.lower()}"


def printed_words(item: Item) -> str:
    """What a text or a paragraph prints; nothing for a shape."""
    if isinstance(item, Text):
        return item.text
    if isinstance(item, RichText):
        return plain(item.markup)
    return ""


def shorten(text: str, limit: int = 60) -> str:
    text = " ".join(icons.typed(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def plain(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup.replace("<br/>", " ")))


def check_text_boxes(placed: list[bounds.Placed], where: PageRef, texts: TextIndex, found: Findings) -> None:
    """A text shrunk to its smallest size that is still wider (or a paragraph taller) than its box."""
    for item in placed:
        text = item.item
        if overflows(text):
            width, box = bounds.text_width(text), bounds.ink_box(item)
            assert box is not None, "a text always has an ink box"
            loc = texts.locate(text.text, where.loc)
            found.add_repeated(
                loc,
                f"the text '{shorten(text.text)}' does not fit its box on {where}: at {text.size_pt:g} pt, its "
                f"smallest size, it is {width:.1f} mm wide, but the box at x {box[0]:.1f}, y {box[1]:.1f} mm is "
                f"{text.max_w:.1f} mm wide",
                (loc, text.text, text.size_pt, text.max_w),
            )
        elif isinstance(text, RichText):
            needed = paragraph_needs(text)
            if needed > text.h + TOLERANCE:
                words = plain(text.markup)
                loc = texts.locate(words, where.loc)
                found.add_repeated(
                    loc,
                    f"the text '{shorten(words)}' does not fit its box on {where}: at {text.size_pt:g} pt it needs "
                    f"{needed:.1f} mm, but the box at x {text.x:.1f}, y {text.y:.1f} mm is {text.w:.1f} × "
                    f"{text.h:.1f} mm",
                    (loc, words, text.size_pt, text.w, text.h),
                )


def paragraph_needs(text: RichText) -> float:
    return paragraph.of(text).height


def check_text_overlaps(
    cores: list[tuple[bounds.Placed, bounds.Extent]],
    where: PageRef,
    texts: TextIndex,
    found: Findings,
    marked: VersionMarked | None = None,
) -> None:
    """Two texts printed over each other (capitals of one line touching another's): the first
    MAX_PER_PAGE pairs in drawing order. Texts are compared top to bottom, each only with those
    that start above its bottom, so a page of many lines costs little more than its lines. A text
    the piece's version mark overlaps is found on the field that put the mark there (a card's
    height), since the mark moves with the piece's edge and the text does not."""
    order = sorted(range(len(cores)), key=lambda i: cores[i][1][1])
    pairs = []
    for n, i in enumerate(order):
        box_a = cores[i][1]
        for j in order[n + 1 :]:
            box_b = cores[j][1]
            if box_b[1] >= box_a[3] - OVERLAP:
                break
            if box_a[2] - box_b[0] <= OVERLAP or box_b[2] - box_a[0] <= OVERLAP:
                continue  # apart across: the overlap across is the smaller of these two
            across, down = bounds.overlap(box_a, box_b)
            if across > OVERLAP and down > OVERLAP:
                pairs.append((min(i, j), max(i, j)))
    for i, j in sorted(pairs)[:MAX_PER_PAGE]:
        (a, box_a), (b, box_b) = cores[i], cores[j]
        across, down = bounds.overlap(box_a, box_b)
        at = f"({across:.1f} × {down:.1f} mm, at x {max(box_a[0], box_b[0]):.1f}, y {max(box_a[1], box_b[1]):.1f} mm)"
        other = b if is_version_mark_text(a.item, marked) else a if is_version_mark_text(b.item, marked) else None
        text_loc = texts.locate(printed_words((a if other is None else other).item), where.loc)
        if other is None or marked is None:
            found.add(text_loc, f"{describe(a)} and {describe(b)} overlap on {where} {at}")
            continue
        field, size = marked.size
        line = found.source.line_of(text_loc)
        found.add(
            where.loc + (field,),
            f"the version mark '{marked.label}' on each {size:g} mm {marked.dimension} piece overlaps "
            f"{describe(other)} on {where} {at}: the mark sits at the piece's edge, so make the piece bigger "
            f"or move the text{f' (line {line})' if line else ''} away from the edge",
        )


class VersionMarked(Struct, frozen=True):
    """The version mark on a page's pieces: its label and the component field that sets where it
    sits (a card's height puts it at the foot, a token's size in the corner)."""

    label: str
    size: tuple[str, float]  # the field and its length in mm
    dimension: str  # 'tall' for a height, 'wide' for a square piece's side


def version_marked(kit: Kit, page: Page) -> VersionMarked | None:
    """The version mark of the page's component when its pieces carry one, else None."""
    if not kit.kit.version_mark or not page.pieces:
        return None
    component = next((c for c in kit.components if c.id == page.component), None)
    for field, dimension in (("height", "tall"), ("size", "wide")):
        value = getattr(component, field, None)
        if isinstance(value, (int, float)):
            return VersionMarked(version.label(kit.kit.version), (field, float(value)), dimension)
    return None


def is_version_mark_text(item: Item, marked: VersionMarked | None) -> bool:
    """The version label layout.version puts on a piece (its text, size and ink)."""
    return (
        marked is not None
        and isinstance(item, Text)
        and item.text == marked.label
        and item.size_pt == version.VERSION_PT
        and item.color == version.INK
    )


def check_piece_overlaps(page: Page, where: PageRef, found: Findings, known: PieceOverlaps | None = None) -> None:
    """Pieces cut from one page must not share paper (a board may hold its cells and places)."""
    for i, j, across, down in overlapping_pieces(page.pieces, {} if known is None else known)[:MAX_PER_PAGE]:
        a, b = page.pieces[i], page.pieces[j]
        found.add(
            where.loc,
            f"{a.kind} {a.component} #{a.copy} and {b.kind} {b.component} #{b.copy} overlap on {where} by "
            f"{across:.1f} × {down:.1f} mm",
        )


def overlapping_pieces(pieces: tuple[Piece, ...], known: PieceOverlaps) -> tuple[tuple[int, int, float, float], ...]:
    """(i, j, across, down) of every two pieces that overlap, i < j; ``known`` keeps the answer for
    pieces at the same places (every full page of a deck)."""
    places = tuple((piece.x, piece.y, piece.width, piece.height, piece.side, piece.cut) for piece in pieces)
    if places not in known:
        known[places] = tuple(_overlaps(places))
    return known[places]


def _overlaps(places: tuple[Place, ...]) -> Iterator[Overlap]:
    boxes = [(x, y, x + w, y + h) for x, y, w, h, _, _ in places]
    for i, box_a in enumerate(boxes):
        for j in range(i + 1, len(boxes)):
            box_b = boxes[j]
            if places[i][4] != places[j][4] or bounds.contains(box_a, box_b) or bounds.contains(box_b, box_a):
                continue
            across, down = bounds.overlap(box_a, box_b)
            if across > TOLERANCE and down > TOLERANCE:
                across, down = _cut_overlap(places[i], places[j], (across, down))
                if across > TOLERANCE and down > TOLERANCE:
                    yield i, j, across, down


def _cut_overlap(a: Place, b: Place, boxes: tuple[float, float]) -> tuple[float, float]:
    """How far two pieces whose boxes overlap by ``boxes`` share paper along their cut paths: the
    boxes' overlap for two rectangles, else the extent of the outlines' intersection (two
    non-convex ones, such as a split hex board's zigzag glue strips, cut into triangles)."""
    cut_a, cut_b = a[5], b[5]
    if cut_a.shape == cut_b.shape == "rectangle":
        return boxes
    outline_a, outline_b = cut_a.outline(*a[:4]), cut_b.outline(*b[:4])
    if not (cut_a.convex or cut_b.convex):
        return shared_extent_of_any(outline_a, outline_b)
    return shared_extent(outline_a, outline_b) if cut_b.convex else shared_extent(outline_b, outline_a)


def check_printed_glyphs(placed: list[bounds.Placed], where: PageRef, texts: TextIndex, found: Findings) -> None:
    """Every character printed is in the font: generated texts too, not only the kit's (which
    check_texts reports with their own field); and a line of text holds no line break (a table's
    cell may hold one where a paragraph prints it, not in a card's name)."""
    for item in placed:
        text = item.item
        words = printed_words(text)
        if isinstance(text, Text) and "\n" in words:
            loc = texts.locate(words, where.loc)
            shown = shorten(words.replace("\n", "\\n"))  # the break where it is, not a space
            found.add_once(loc, f"the text '{shown}' on {where} {textchars.LINE_BREAK}", (loc, words))
            continue
        hidden = textchars.hidden_character(words)
        if hidden and texts.locate(words, None) is None:  # a kit's text: check_texts names its field
            found.add_once(where.loc, f"the text '{shorten(words)}' on {where} holds {hidden}", (where.loc, words))
            continue
        missing = fonts.missing_characters(words, getattr(text, "bold", False), getattr(text, "face", "pieces"))
        if missing and texts.locate(words, None) is None:
            found.add(where.loc, fonts.no_glyph(missing, f" in the text '{shorten(words)}' on {where}"))


Fallback = TypeVar("Fallback", Loc, None)


class TextIndex:
    """Finds the kit field a printed text came from, so a finding can name its line."""

    def __init__(self, kit: Kit, document: Document, given: Mapping[str, Loc] | None = None):
        from printkit.layout.document import page_numbers

        numbers = kit_numbers(kit, document.paper) | page_numbers(list(document.pages))
        tr = Localizer(document.lang, numbers, kit_icons(kit, document.pictures))
        self.entries: list[tuple[Loc, str]] = []
        for loc, value in walk(kit, ()):
            if isinstance(value, dict) and document.lang in value and isinstance(value[document.lang], str):
                self.entries.append((loc + (document.lang,), _flat(_filled(tr, value[document.lang]))))
            elif isinstance(value, str) and loc and loc[-1] not in ("id", "check", "kind", "type"):
                self.entries.append((loc, _flat(_filled(tr, value))))
        # a text given on the command line is printed as it is: found before any kit text holding it
        self.entries[:0] = [(loc, _flat(text)) for text, loc in (given or {}).items() if _flat(text)]

    def locate(self, printed: str, fallback: Fallback) -> Loc | Fallback:
        text = _flat(printed)
        if not text:
            return fallback
        for loc, value in self.entries:
            if value == text:
                return loc
        for loc, value in self.entries:
            if text in value:
                return loc
        return fallback


def _filled(tr: Localizer, raw: str) -> str:
    try:
        return icons.inline(tr.fill(raw), tr.icons)
    except PrintkitError:  # an unknown placeholder is reported by check_texts; keep the raw text
        return raw


def _flat(text: str) -> str:
    return " ".join(text.replace("**", "").split())
