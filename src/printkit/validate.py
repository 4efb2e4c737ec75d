"""Cross-checks of a kit against itself: languages, placeholders, glyphs, ids, page plan.

Returns findings and raises nothing; ``build`` refuses a kit with any error finding.
"""

from __future__ import annotations

import difflib
import html
import re
from dataclasses import dataclass, replace
from typing import Any, TypeGuard, TypeVar

from pydantic import BaseModel

from printkit import fonts, invariants
from printkit.errors import Problem
from printkit.kitfile import KitSource, dotted
from printkit.layout import bounds, paragraph
from printkit.layout.context import PAPERS, SAFE_EDGE
from printkit.layout.context import paper as paper_named
from printkit.layout.document import KINDS, kit_numbers
from printkit.layout.primitives import Document, Group, Item, Page, Piece, RichText, Text
from printkit.model import PLACEHOLDER, Invariant, Kit, StonesComponent, TokensComponent
from printkit.provenance import Provenance


def check_kit(source: KitSource, kit: Kit) -> list[Problem]:
    """Every finding that needs no layout."""
    found = Findings(source)
    check_info(kit, found)
    check_ids(kit, found)
    check_texts(kit, found)
    check_languages_spoken(kit, found)
    check_invariants(kit, found)
    check_icons(kit, found)
    check_board_cells(kit, found)
    check_pieces_fit(kit, found)
    check_tokens_tell_apart(kit, found)
    check_stone_faces(kit, found)
    check_decks(kit, found)
    return found.problems


def _components(kit: Kit, kind: str):
    return [(index, c) for index, c in enumerate(kit.components) if c.kind == kind]


def check_board_cells(kit: Kit, found: Findings) -> None:
    """Special and marked cells lie on their board, a cell is special once, coordinates have letters."""
    for index, board in _components(kit, "board"):
        loc = ("components", index)
        if board.coordinates and board.cols > 26:
            found.add(
                loc + ("cols",), f"a board with coordinates has at most 26 columns (A–Z); this one has {board.cols}"
            )
        seen: dict[str, int] = {}
        for number, special in enumerate(board.specials):
            _check_on_board(board, special.at, loc + ("specials", number, "at"), found)
            if special.at in seen:
                found.add(
                    loc + ("specials", number, "at"),
                    f"cell {special.at} is already special (specials[{seen[special.at]}])",
                )
            seen.setdefault(special.at, number)
        if isinstance(board.marked, list):
            for number, at in enumerate(board.marked):
                _check_on_board(board, at, loc + ("marked", number), found)


def _check_on_board(board, at: str, loc: tuple, found: Findings) -> None:
    from printkit.layout.board import cell_of

    row, col = cell_of(at)
    if row >= board.rows or col >= board.cols:
        last = f"{chr(ord('A') + min(board.cols, 26) - 1)}{board.rows}"
        found.add(loc, f"cell {at} is not on the {board.rows} × {board.cols} board '{board.id}' (A1 to {last})")


def check_pieces_fit(kit: Kit, found: Findings) -> None:
    """A token or stone with ``fits: BOARD`` is no bigger than that board's cells."""
    boards = {c.id: c for c in kit.components if c.kind == "board"}
    noun = {"tokens": "token", "stones": "stone"}
    for index, component in enumerate(kit.components):
        if not isinstance(component, (TokensComponent, StonesComponent)) or component.fits is None:
            continue
        target = component.fits
        loc = ("components", index)
        if target not in boards:
            known = ", ".join(sorted(boards)) or "none"
            found.add(loc + ("fits",), f"'{target}' is not a board of this kit (boards: {known})")
        elif component.size > boards[target].cell + 1e-9:
            cell = boards[target].cell
            found.add(
                loc + ("size",),
                f"a {noun[component.kind]} of {component.size:g} mm does not fit inside a {cell:g} mm cell of board "
                f"'{target}'; make it at most {cell:g} mm",
            )


RESERVED_TOKEN_NAMES = ("total", "size", "sets")


def check_tokens_tell_apart(kit: Kit, found: Findings) -> None:
    """Different owners' tokens differ by shape, letter or pattern, so black-and-white prints keep them apart."""
    for index, tokens in _components(kit, "tokens"):
        loc = ("components", index, "sets")
        for number, token_set in enumerate(tokens.sets):
            if token_set.owner in RESERVED_TOKEN_NAMES:
                found.add(
                    loc + (number, "owner"),
                    f"'{token_set.owner}' cannot name an owner: {{{tokens.id}.{token_set.owner}}} already means "
                    "something else",
                )
            for earlier in tokens.sets[:number]:
                if earlier.owner != token_set.owner and _looks(earlier) == _looks(token_set):
                    found.add(
                        loc + (number,),
                        f"owners {earlier.owner} and {token_set.owner} have tokens that differ only by colour; give "
                        "them a different shape, letter or pattern so a black-and-white print keeps them apart",
                    )


def _looks(token_set) -> tuple:
    return token_set.shape, token_set.letter or "", token_set.pattern


def check_stone_faces(kit: Kit, found: Findings) -> None:
    """Every stone type's faces are among the component's faces; every move leaves the stone's cell."""
    from printkit.layout.symbols import COMPASS

    for index, stones in _components(kit, "stones"):
        for number, face in enumerate(stones.faces):
            for move_number, move in enumerate(face.moves):
                steps = [COMPASS[step] for step in move.split()]
                if sum(dx for dx, _ in steps) == 0 and sum(dy for _, dy in steps) == 0:
                    loc = ("components", index, "faces", number, "moves", move_number)
                    found.add(
                        loc,
                        f"the move '{move}' ends on the cell it starts from; a move goes somewhere else, e.g. 'N' or "
                        "'N NE'",
                    )
        known = [face.id for face in stones.faces]
        for number, stone_type in enumerate(stones.types):
            for side, face in enumerate(stone_type.faces):
                if face not in known:
                    hint = difflib.get_close_matches(face, known, n=1, cutoff=0.6)
                    dym = f"did you mean '{hint[0]}'? " if hint else ""
                    found.add(
                        ("components", index, "types", number, "faces", side),
                        f"unknown face '{face}'; {dym}the faces are: {', '.join(known)}",
                    )


def check_decks(kit: Kit, found: Findings) -> None:
    """Cards and tiles: known patterns, usable pictures, owners and types told apart without colour."""
    from printkit import art
    from printkit.layout.patterns import pattern_names

    known = pattern_names()
    for index, deck in _components(kit, "cards") + _components(kit, "tiles"):
        at = ("components", index)
        for loc, value in walk(deck, at):
            if loc[-1] == "pattern" and isinstance(value, str) and value not in known:
                found.add(loc, f"unknown pattern '{value}'; printkit draws: {', '.join(known)}")
        patterns = [owner.pattern for owner in deck.owners or []]
        for number, owner in enumerate(deck.owners or []):
            if patterns.index(owner.pattern) != number:
                found.add(
                    at + ("owners", number, "pattern"),
                    f"'{owner.id}' has the same pattern as '{deck.owners[patterns.index(owner.pattern)].id}'; in "
                    "black and white their pieces would look alike",
                )
        shown = {element.type for element in deck.face}
        looks = [
            tuple(
                getattr(t, f) if f in shown or (f in ("icon", "image") and "symbol" in shown) else None
                for f in ("letter", "icon", "image", "name", "pattern")
            )
            for t in deck.types
        ]
        for number, kind in enumerate(deck.types):
            if len(deck.types) > 1 and looks.index(looks[number]) != number:
                other = deck.types[looks.index(looks[number])].id
                found.add(
                    at + ("types", number),
                    f"'{kind.id}' and '{other}' differ only by colour on their faces; give each its own letter, icon "
                    "or name on the face",
                )
    for loc, problem in art.kit_picture_problems(found.source.folder, art.kit_pictures(kit)):
        found.add(loc, problem)


def check_icons(kit: Kit, found: Findings) -> None:
    """Every ``icon`` names a vector symbol printkit can draw."""
    from printkit.layout.symbols import symbol_names

    known = symbol_names()
    for loc, value in walk(kit, ()):
        if loc and loc[-1] == "icon" and isinstance(value, str) and value not in known:
            hint = difflib.get_close_matches(value, known, n=1, cutoff=0.6)
            dym = f"did you mean '{hint[0]}'? " if hint else ""
            found.add(loc, f"unknown icon '{value}'; {dym}printkit draws: {', '.join(known)}")


class Findings:
    def __init__(self, source: KitSource):
        self.source = source
        self.problems: list[Problem] = []
        self.repeats: dict[tuple, list[int]] = {}  # what repeats -> [its problem's index, more places]

    def add(self, loc: tuple, message: str, severity: str = "error") -> None:
        self.problems.append(Problem(self.source.display, self.source.line_of(loc), dotted(loc), message, severity))

    def add_repeated(self, loc: tuple, message: str, same: tuple) -> None:
        """A finding on every copy of one text (a deck's too-long name on 1,000 cards) is one line:
        the first place, then how many more (settle_repeats)."""
        if same in self.repeats:
            self.repeats[same][1] += 1
            return
        self.repeats[same] = [len(self.problems), 0]
        self.add(loc, message)

    def settle_repeats(self) -> None:
        for index, more in self.repeats.values():
            if more:
                problem = self.problems[index]
                copies = (
                    "1 more copy of this text overflows" if more == 1 else f"{more:,} more copies of this text overflow"
                )
                self.problems[index] = replace(problem, message=f"{problem.message}; {copies} the same way")


def check_info(kit: Kit, found: Findings) -> None:
    info = kit.kit
    if info.default_lang not in info.languages:
        found.add(
            ("kit", "default_lang"),
            f"'{info.default_lang}' is not one of the kit's languages ({', '.join(info.languages)})",
        )
    if info.players.min > info.players.max:
        found.add(("kit", "players"), f"min ({info.players.min}) is more than max ({info.players.max})")
    if len(set(info.languages)) != len(info.languages):
        found.add(("kit", "languages"), "a language is listed twice")


def check_languages_spoken(kit: Kit, found: Findings) -> None:
    """printkit writes the generated sections itself, so it must speak every language of the kit."""
    from printkit.messages import LANGUAGES

    for index, lang in enumerate(kit.kit.languages):
        if lang not in LANGUAGES:
            found.add(
                ("kit", "languages", index),
                f"printkit has no built-in texts for '{lang}' (the 'what you need' and 'how to print' sections); it "
                f"speaks {', '.join(LANGUAGES)}",
            )


def check_ids(kit: Kit, found: Findings) -> None:
    seen: dict[str, tuple] = {}
    for loc, value in walk(kit, ()):
        ident = getattr(value, "id", None)
        if isinstance(value, BaseModel) and isinstance(ident, str) and loc and loc[0] in ("components", "needs"):
            if ident in seen:
                line = found.source.line_of(seen[ident])
                found.add(loc + ("id",), f"duplicate id '{ident}' (first used on line {line})")
            else:
                seen[ident] = loc + ("id",)


def known_placeholders(kit: Kit) -> set[str]:
    names = set(kit_numbers(kit)) | {"pages", "page.rules", "lastpage.rules", "pages.rules"}
    for component in kit.components:
        names |= {f"page.{component.id}", f"lastpage.{component.id}", f"pages.{component.id}"}
    return names


def check_texts(kit: Kit, found: Findings) -> None:
    languages = kit.kit.languages
    known = known_placeholders(kit)
    for loc, value in walk(kit, ()):
        if not isinstance(value, dict):
            continue
        missing = [lang for lang in languages if lang not in value]
        if missing:
            have = ", ".join(value) or "none"
            found.add(
                loc,
                f"missing translation: no '{', '.join(missing)}' text (this text has: {have}; the kit's languages "
                f"are {', '.join(languages)})",
            )
        for lang in value:
            if lang not in languages:
                found.add(loc + (lang,), f"'{lang}' is not one of the kit's languages ({', '.join(languages)})")
        check_placeholders(loc, value, known | piece_placeholders(kit, loc), found)
        check_braces(loc, value, found)
        for lang, text in value.items():
            check_glyphs(loc + (lang,), text, found)
    for loc, value in walk(kit, ()):
        if isinstance(value, str) and loc and loc[-1] not in ("id", "check", "component", "default_lang"):
            check_glyphs(loc, value, found)


def piece_placeholders(kit: Kit, loc: tuple) -> set[str]:
    """The names a deck fills per piece in its elements' and types' ``text``: {name}, {letter},
    {count}, and in an index element's line {index} too."""
    from printkit.layout.deck import INDEX_PLACEHOLDERS, PIECE_PLACEHOLDERS

    if len(loc) != 5 or loc[0] != "components" or loc[2] not in ("face", "back", "types") or loc[4] != "text":
        return set()
    component = kit.components[loc[1]]
    if loc[2] != "types" and getattr(getattr(component, loc[2])[loc[3]], "type", None) == "index":
        return set(INDEX_PLACEHOLDERS)
    return set(PIECE_PLACEHOLDERS)


def check_braces(loc: tuple, text: dict[str, str], found: Findings) -> None:
    """A brace that is neither a {placeholder} nor an escaped {{ or }} would print as it stands."""
    for lang, value in text.items():
        rest = PLACEHOLDER.sub("", value.replace("{{", "").replace("}}", ""))
        stray = next((ch for ch in rest if ch in "{}"), None)
        if stray:
            found.add(
                loc + (lang,),
                f"a '{stray}' that is not part of a placeholder such as {{rounds.count}}; write '{stray * 2}' to "
                "print a brace",
            )


def check_placeholders(loc: tuple, text: dict[str, str], known: set[str], found: Findings) -> None:
    used = {lang: set(PLACEHOLDER.findall(t)) for lang, t in text.items()}
    unknown = sorted(set().union(*used.values()) - known) if used else []
    for name in unknown:
        langs = [lang for lang, names in used.items() if name in names]
        hint = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.6)
        dym = f"; did you mean {{{hint[0]}}}?" if hint else ""
        found.add(
            loc + (langs[0],),
            f"unknown placeholder {{{name}}} (in {', '.join(langs)}){dym}; {_known_like(name, known)}",
        )
    reference = next(iter(used.values()), set())
    for lang, names in used.items():
        if names != reference and not (names | reference) & set(unknown):
            first = next(iter(used))
            found.add(
                loc + (lang,),
                f"the '{lang}' text uses placeholders {sorted(names)} but the '{first}' text uses {sorted(reference)}",
            )


def _known_like(name: str, known: set[str]) -> str:
    """What would be valid instead: for a page reference the pages there are, else a sample."""
    prefix, _, ident = name.partition(".")
    if prefix in ("page", "lastpage", "pages") and ident:
        pages = ", ".join("{" + n + "}" for n in sorted(known) if n.startswith(f"{prefix}."))
        return f"no component has the id '{ident}'; the {prefix} references are {pages}"
    return f"known: {{pages}}, {{page.ID}}, {_sample(known)}"


def _sample(known: set[str]) -> str:
    numbers = sorted(n for n in known if not n.startswith(("page", "lastpage")))
    shown = ", ".join("{" + n + "}" for n in numbers[:8])
    return shown + (" …" if len(numbers) > 8 else "")


def check_glyphs(loc: tuple, text: str, found: Findings) -> None:
    missing = fonts.missing_characters(text) or fonts.missing_characters(text, bold=True)
    if missing:
        chars = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in missing)
        found.add(loc, f"the font has no glyph for {chars}; it would print as a black box")


def walk(value: object, loc: tuple):
    """Every value in a validated kit with its field path."""
    yield loc, value
    if isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from walk(getattr(value, name), loc + (name,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from walk(item, loc + (index,))


def check_layout(source: KitSource, kit: Kit, document: Document) -> list[Problem]:
    """Findings that need the laid-out pages of one language: the rulebook's page plan and page
    count, invariants about pages, and every page's fit (printable area, text boxes, overlaps, glyphs)."""
    found = Findings(source)
    check_page_plan(kit, document.pages, found)
    check_page_invariants(kit, document, found)
    check_pages(kit, document, found)
    return found.problems


def check_printed(source: KitSource, kit: Kit, document: Document) -> list[Problem]:
    """Every page's fit alone (for documents without a page plan, such as personalised sheets)."""
    found = Findings(source)
    check_pages(kit, document, found)
    return found.problems


def by_language(found: dict[str, list[Problem]]) -> list[Problem]:
    """One finding per problem, naming the languages it happens in: '... (in pl, cs)'."""
    languages: dict[Problem, list[str]] = {}
    for lang, problems in found.items():
        for problem in problems:
            seen = languages.setdefault(problem, [])
            if lang not in seen:
                seen.append(lang)
    return [replace(p, message=f"{p.message} (in {', '.join(langs)})") for p, langs in languages.items()]


def page_roles(pages: tuple[Page, ...]) -> str:
    """'rules on pages 1–2, sheet on page 3'."""
    runs: list[list] = []
    for number, page in enumerate(pages, start=1):
        what = page.component or page.role
        if runs and runs[-1][0] == what:
            runs[-1][2] = number
        else:
            runs.append([what, number, number])
    return ", ".join(f"{what} on page {a}" if a == b else f"{what} on pages {a}–{b}" for what, a, b in runs)


def check_page_plan(kit: Kit, pages: tuple[Page, ...], found: Findings) -> None:
    if kit.page_count is not None and kit.page_count != len(pages):
        found.add(
            ("page_count",),
            f"the rules state a {kit.page_count}-page PDF, but the layout gives {len(pages)} pages "
            f"({page_roles(pages)})",
        )
    for index, planned in enumerate(kit.page_plan or []):
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


def check_page_invariants(kit: Kit, document: Document, found: Findings) -> None:
    """Invariants over the laid-out pages: those that name pages (pages, page.ID, lastpage.ID),
    and, on a paper other than A4, those that hold on A4 (where check_invariants proved them) but
    read a number this paper changes (a deck's per_page and pages when it declares no per_page)."""
    from printkit.layout.document import page_numbers

    on_a4, on_paper = kit_numbers(kit), kit_numbers(kit, paper_named(document.paper))
    moved = {name for name, value in on_paper.items() if on_a4.get(name) != value}
    numbers = on_paper | page_numbers(list(document.pages))
    for index, rule in enumerate(kit.invariants):
        try:
            check = invariants.parse(rule.check)
        except invariants.InvariantError:
            continue  # reported with the kit's findings
        about_pages = is_about_pages(check)
        about_paper = (
            not about_pages
            and bool(moved.intersection(invariants.names_in(check)))
            and not evaluate(rule, check, on_a4)
        )
        if not (about_pages or about_paper):
            continue
        where = f"on {document.paper} " if about_paper else ""
        for failure in evaluate(rule, check, numbers):
            with_players = players_phrase(failure.players)
            gives = (
                failure.message
                if failure.unreadable
                else f"{rule_statement(rule)}, but {with_players}{where}the layout gives {failure.message}"
            )
            found.add(("invariants", index, "check"), f"{rule.id}: {gives} ({page_roles(document.pages)})")


# --- pages: printable area, text boxes, overlaps, glyphs -------------------------------------------

TOLERANCE = 0.05  # mm: rounding, never a visible difference
OVERLAP = 0.3  # mm: two texts or pieces sharing more than this in both directions collide
MAX_PER_PAGE = 5


def check_pages(kit: Kit, document: Document, found: Findings) -> None:
    texts = TextIndex(kit, document)
    seen = Seen()
    for number, page in enumerate(document.pages, start=1):
        where = PageRef(number, page, component_loc(kit, page))
        suspects, cores = page_view(page, seen)
        check_printable_area(suspects, where, found)
        check_text_boxes(suspects, where, texts, found)
        check_text_overlaps(cores, where, texts, found)
        check_piece_overlaps(page, where, found, seen.pieces)
        check_printed_glyphs(suspects, where, texts, found)
    found.settle_repeats()


View = tuple[tuple[bounds.Placed, ...], tuple[tuple[bounds.Placed, bounds.Box], ...]]  # suspects, core boxes


class Seen:
    """What the page checks learnt on the pages before, so that what a deck repeats on every page
    is measured once: a group's drawing by its key, an item's view by the very object (layout
    reuses one object for the cut lines, crop marks and designs at the same place on every page of
    a deck), and the overlaps of pieces by their places."""

    def __init__(self) -> None:
        self.drawings: dict[str, Drawing] = {}
        self.views: dict[tuple[float, float], dict[int, tuple[Item, View]]] = {}  # by page size, then id
        self.pieces: dict[tuple, tuple[tuple[int, int, float, float], ...]] = {}

    def drawing(self, group: Group) -> Drawing:
        known = self.drawings.get(group.key)
        if known is None:
            known = self.drawings[group.key] = drawing(group)
        return known


@dataclass(frozen=True)
class Drawing:
    """What the page checks need to know of a group's drawing, found once per key however often
    it is placed (a deck's back on 1,000 cards is one drawing)."""

    ink: bounds.Box | None  # the union of the ink boxes the printable-area check measures
    trouble: bool  # a text too big for its box or a glyph the font lacks: check it item by item
    texts: tuple[tuple[bounds.Placed, bounds.Box], ...]  # its texts in drawing order, where the group's
    # origin is (0, 0), each with its core box in its own coordinates (bounds.core_rect)


def drawing(group: Group) -> Drawing:
    placed = list(bounds.flatten(group.items))
    boxes = [
        box
        for item in placed
        if bounds.is_ink(item) and not overflows(item.item) and (box := bounds.ink_box(item)) is not None
    ]
    ink = (
        (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
        if boxes
        else None
    )
    trouble = any(text_trouble(item.item) for item in placed)
    texts = tuple((item, rect) for item in placed if (rect := bounds.core_rect(item.item)) is not None)
    return Drawing(ink, trouble, texts)


def text_trouble(item) -> bool:
    """What check_text_boxes or check_printed_glyphs would report on the item, wherever it is."""
    if isinstance(item, Text):
        return overflows(item) or bool(fonts.missing_characters(item.text, bold=item.bold))
    if isinstance(item, RichText):
        return paragraph_needs(item) > item.h + TOLERANCE or bool(
            fonts.missing_characters(plain(item.markup), bold=item.bold)
        )
    return False


def page_view(page: Page, seen: Seen) -> tuple[list[bounds.Placed], list[tuple[bounds.Placed, bounds.Box]]]:
    """The page's items that the area, text-box and glyph checks would report (one by one: a
    group proved clean as a whole is left out, a group in trouble is opened), and every text's core
    box, in drawing order."""
    suspects: list[bounds.Placed] = []
    cores: list[tuple[bounds.Placed, bounds.Box]] = []
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
    sign, tx, ty = (-1, group.x + group.w, group.y + group.h) if group.rotate == 180 else (1, group.x, group.y)
    cores = []
    for text, rect in known.texts:
        placed = bounds.Placed(text.item, tx + sign * text.tx, ty + sign * text.ty, sign * text.sign)
        cores.append((placed, placed.box(*rect)))
    suspect = known.trouble or (
        known.ink is not None and past_edge(bounds.Placed(group, tx, ty, sign).box(*known.ink), page) > TOLERANCE
    )
    return (tuple(bounds.flatten((group,))) if suspect else ()), tuple(cores)


@dataclass(frozen=True)
class PageRef:
    number: int
    page: Page
    loc: tuple  # the kit field the page comes from

    def __str__(self) -> str:
        what = self.page.component or self.page.role
        side = f", {self.page.side}" if self.page.side else ""
        return f"page {self.number} ({what}{side})"


def component_loc(kit: Kit, page: Page) -> tuple:
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


def past_edge(box: bounds.Box, page: Page) -> float:
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
    text = " ".join(text.split())
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
    return paragraph.height(text.markup, text.w, text.size_pt, text.leading_pt, text.bold)


def check_text_overlaps(
    cores: list[tuple[bounds.Placed, bounds.Box]], where: PageRef, texts: TextIndex, found: Findings
) -> None:
    """Two texts printed over each other (capitals of one line touching another's): the first
    MAX_PER_PAGE pairs in drawing order. Texts are compared top to bottom, each only with those
    that start above its bottom, so a page of many lines costs little more than its lines."""
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
        found.add(
            texts.locate(printed_words(a.item), where.loc),
            f"{describe(a)} and {describe(b)} overlap on {where} ({across:.1f} × {down:.1f} mm, at x "
            f"{max(box_a[0], box_b[0]):.1f}, y {max(box_a[1], box_b[1]):.1f} mm)",
        )


def check_piece_overlaps(page: Page, where: PageRef, found: Findings, known: dict | None = None) -> None:
    """Pieces cut from one page must not share paper (a board may hold its cells and places)."""
    for i, j, across, down in overlapping_pieces(page.pieces, {} if known is None else known)[:MAX_PER_PAGE]:
        a, b = page.pieces[i], page.pieces[j]
        found.add(
            where.loc,
            f"{a.kind} {a.component} #{a.copy} and {b.kind} {b.component} #{b.copy} overlap on {where} by "
            f"{across:.1f} × {down:.1f} mm",
        )


def overlapping_pieces(pieces: tuple[Piece, ...], known: dict) -> tuple[tuple[int, int, float, float], ...]:
    """(i, j, across, down) of every two pieces that overlap, i < j; ``known`` keeps the answer for
    pieces at the same places (every full page of a deck)."""
    places = tuple((piece.x, piece.y, piece.width, piece.height, piece.side) for piece in pieces)
    if places not in known:
        known[places] = tuple(_overlaps(places))
    return known[places]


def _overlaps(places: tuple[tuple[float, float, float, float, str], ...]):
    boxes = [(x, y, x + w, y + h) for x, y, w, h, _ in places]
    for i, box_a in enumerate(boxes):
        for j in range(i + 1, len(boxes)):
            box_b = boxes[j]
            if places[i][4] != places[j][4] or bounds.contains(box_a, box_b) or bounds.contains(box_b, box_a):
                continue
            across, down = bounds.overlap(box_a, box_b)
            if across > TOLERANCE and down > TOLERANCE:
                yield i, j, across, down


def check_printed_glyphs(placed: list[bounds.Placed], where: PageRef, texts: TextIndex, found: Findings) -> None:
    """Every character printed is in the font: generated texts too, not only the kit's (which
    check_texts reports with their own field)."""
    for item in placed:
        text = item.item
        words = printed_words(text)
        missing = fonts.missing_characters(words, bold=getattr(text, "bold", False))
        if missing and texts.locate(words, None) is None:
            chars = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in missing)
            found.add(
                where.loc,
                f"the text '{shorten(words)}' on {where} has no glyph in the font for {chars}; it would print as a "
                "black box",
            )


Fallback = TypeVar("Fallback", tuple, None)


class TextIndex:
    """Finds the kit field a printed text came from, so a finding can name its line."""

    def __init__(self, kit: Kit, document: Document):
        from printkit.layout.document import page_numbers
        from printkit.locale import Localizer

        numbers = kit_numbers(kit, paper_named(document.paper)) | page_numbers(list(document.pages))
        tr = Localizer(document.lang, numbers)
        self.entries: list[tuple[tuple, str]] = []
        for loc, value in walk(kit, ()):
            if isinstance(value, dict) and document.lang in value and isinstance(value[document.lang], str):
                self.entries.append((loc + (document.lang,), _flat(_filled(tr, value[document.lang]))))
            elif isinstance(value, str) and loc and loc[-1] not in ("id", "check", "kind", "type"):
                self.entries.append((loc, _flat(_filled(tr, value))))

    def locate(self, printed: str, fallback: Fallback) -> tuple | Fallback:
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


def _filled(tr, raw: str) -> str:
    try:
        return tr.fill(raw)
    except Exception:  # an unknown placeholder is reported by check_texts; keep the raw text
        return raw


def _flat(text: str) -> str:
    return " ".join(text.replace("**", "").split())


# --- invariants: the rulebook's facts, proved over the components' numbers -----------------------

PAGE_NAMES = ("pages", "page.", "lastpage.")


def check_invariants(kit: Kit, found: Findings) -> None:
    """Each invariant that needs no layout, for every player count when asked; every count covered."""
    rules = parse_invariants(kit, found)
    numbers = kit_numbers(kit)
    tracer = Provenance(found.source.data, KitNumbers(kit, numbers), numbers)
    read: set[str] = set()
    for index, check in rules.items():
        if is_about_pages(check):
            read.update(invariants.names_in(check))
            continue
        for failure in evaluate(kit.invariants[index], check, numbers, read):
            report_failure(kit, rules, index, failure, tracer, found)
    if not any(p.field.startswith("invariants") for p in found.problems):
        check_counts_covered(tracer, read, found)  # with a rule unread, what it covers is unknown


def parse_invariants(kit: Kit, found: Findings) -> dict[int, invariants.Check]:
    parsed: dict[int, invariants.Check] = {}
    seen: dict[str, int] = {}
    for index, rule in enumerate(kit.invariants):
        if rule.id in seen:
            first = found.source.line_of(("invariants", seen[rule.id], "id"))
            found.add(("invariants", index, "id"), f"duplicate invariant id '{rule.id}' (first used on line {first})")
        seen.setdefault(rule.id, index)
        try:
            parsed[index] = invariants.parse(rule.check)
        except invariants.InvariantError as exc:
            found.add(("invariants", index, "check"), f"{rule.id}: cannot read the check: {exc}")
    return parsed


def is_about_pages(check: invariants.Check) -> bool:
    return any(name == "pages" or name.startswith(PAGE_NAMES[1:]) for name in invariants.names_in(check))


@dataclass(frozen=True)
class Failure:
    """An invariant that does not hold (or cannot be evaluated) for one player count."""

    players: int | None
    message: str
    read: tuple[str, ...] = ()
    unreadable: bool = False


def player_counts(rule: Invariant, numbers: dict[str, Any]) -> list[int | None]:
    if not rule.for_players:
        return [None]
    return list(range(int(numbers["players.min"]), int(numbers["players.max"]) + 1))


def evaluate(
    rule: Invariant, check: invariants.Check, numbers: dict[str, Any], read: set[str] | None = None
) -> list[Failure]:
    failures = []
    for players in player_counts(rule, numbers):
        values = numbers if players is None else {**numbers, "players": players}
        evaluator = invariants.Evaluator(values)
        try:
            links = evaluator.links(check)
        except invariants.InvariantError as exc:
            failures.append(Failure(players, str(exc), unreadable=True))
            continue
        if read is not None:
            read.update(evaluator.read)
        if not all(link.holds for link in links):
            failures.append(Failure(players, invariants.describe_failure(check, links), tuple(evaluator.read)))
    return failures


def players_phrase(players: int | None) -> str:
    if players is None:
        return ""
    return f"with {players} player{'s' if players != 1 else ''} "


def rule_statement(rule: Invariant) -> str:
    """'the rules state 16 free cells = 8 + 8 tokens (board.free == tokens.total)'."""
    text = (
        rule.rule
        if isinstance(rule.rule, str) or rule.rule is None
        else rule.rule.get("en") or next(iter(rule.rule.values()), "")
    )
    return f"the rules state {text} ({rule.check})" if text else f"the rules state {rule.check}"


def report_failure(kit: Kit, rules: dict, index: int, failure: Failure, tracer: Provenance, found: Findings) -> None:
    rule = kit.invariants[index]
    check_loc = ("invariants", index, "check")
    with_players = players_phrase(failure.players)
    if failure.unreadable:
        found.add(check_loc, f"{rule.id}: {with_players}{failure.message}")
        return
    message = f"{rule.id}: {rule_statement(rule)}, but {with_players}the components give {failure.message}"
    fixers, suspects = blame(kit, rules, set(failure.read), tracer)
    if len({found.source.line_of(loc) for loc in fixers}) == 1:
        found.add(fixers[0], message)
        return
    lines = sorted({line for line in map(found.source.line_of, suspects) if line})
    shown = f" (its numbers come from lines {', '.join(map(str, lines))})" if lines else ""
    found.add(check_loc, message + shown)


def blame(kit: Kit, rules: dict, read: set[str], tracer: Provenance) -> tuple[list[tuple], list[tuple]]:
    """The whole numbers in the file a changed value at which would make every rule hold, and all the
    numbers the failed rule reads; a finding names the line of the first when they share one line."""
    if "players" in read:
        read = read | {"players.min", "players.max"}
    suspects = tracer.sources(read)
    if len(suspects) == 1:
        return suspects, suspects

    def all_hold(numbers: dict[str, Any]) -> bool:
        if numbers["players.min"] > numbers["players.max"]:
            return False  # no player count at all: every per-player rule would hold vacuously
        return not any(
            evaluate(kit.invariants[i], check, numbers) for i, check in rules.items() if not is_about_pages(check)
        )

    return [loc for loc in suspects if tracer.repairs(loc, all_hold)], suspects


def check_counts_covered(tracer: Provenance, read: set[str], found: Findings) -> None:
    """A `count:` no invariant reads is a number nothing proves against the rulebook."""
    for loc in tracer.leaves:
        fed = tracer.fed(loc) if loc[-1] == "count" else set()
        if fed and not fed & read:
            example = sorted(fed)[0]
            number = invariants.number(tracer.base[example])
            assert number is not None, "a count feeds numbers only"
            value = invariants.show(number)
            found.add(
                loc,
                f"no invariant checks this count ({', '.join(sorted(fed))}), so nothing proves it agrees with the "
                f"rules; state the rulebook's number under 'invariants:', e.g. '{example} == {value}'",
                "warning",
            )


class KitNumbers:
    """The derived numbers of plain kit data with one whole number changed (``Provenance``'s
    ``numbers_of``). A number inside a component can move only that component's numbers, so only
    that component is validated and counted again, not the whole kit: tracing the counts of a kit
    with many decks, boards and sheets no longer validates all of them for every count."""

    def __init__(self, kit: Kit, numbers: dict[str, Any]):
        self.kit = kit
        self.numbers = numbers
        self.own = [KINDS[component.kind][1](component, PAPERS["a4"]) for component in kit.components]
        names = [name for part in self.own for name in part]
        self.separate = len(set(names)) == len(names) and not set(names) & set(numbers).difference(names)

    def __call__(self, data: object, loc: tuple) -> dict[str, Any] | None:
        if not (self.separate and len(loc) > 2 and loc[0] == "components" and isinstance(data, dict)):
            return _numbers_of(data)
        index = loc[1]
        try:
            component = type(self.kit.components[index]).model_validate(data["components"][index])
            fresh = KINDS[component.kind][1](component, PAPERS["a4"])
        except Exception:  # as in _numbers_of: a value the component refuses proves nothing
            return None
        others = {name: value for name, value in self.numbers.items() if name not in self.own[index]}
        if set(fresh) & set(others):
            return _numbers_of(data)  # a changed id now names another component's number
        return others | fresh


def _numbers_of(data: object) -> dict[str, Any] | None:
    """The derived numbers of plain kit data, or None when the data is not a valid kit."""
    try:
        return kit_numbers(Kit.model_validate(data))
    except Exception:  # a nudged number the schema or a kind's arithmetic refuses proves nothing
        return None
