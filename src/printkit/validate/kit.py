"""The checks of the kit before layout: its info, ids, texts, languages, icons and each kind's own fields.

They read the typed kit only (and the numbers its components define), never a laid-out page.
"""

from __future__ import annotations

import difflib
import re
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from printkit import fonts
from printkit.base.errors import Loc, Problem
from printkit.facts.invariants import InvariantError
from printkit.kit.file import KitSource
from printkit.kit.shared import INDEX_PLACEHOLDERS, PIECE_PLACEHOLDERS, PLACEHOLDER, VALUE_REF, walk
from printkit.layout.document import kit_numbers
from printkit.layout.marks import contrast
from printkit.pictures.prepared import Finding
from printkit.validate.findings import Findings
from printkit.validate.proofs import check_invariants
from printkit.words import placeholders, textchars

if TYPE_CHECKING:
    from printkit.kit.model import Kit


def check_kit(source: KitSource, kit: Kit, pictures: list[Finding] | None = None) -> list[Problem]:
    """Every finding that needs no layout; ``pictures`` are the findings about the kit's pictures,
    read and checked once by the pipeline (pipeline.prepared_pictures)."""
    found = Findings(source)
    with fonts.using(check_fonts(kit, found)):  # the texts' glyphs are checked in the kit's own fonts
        check_info(kit, found)
        check_theme(kit, found)
        check_ids(kit, found)
        check_texts(kit, found)
        check_languages_spoken(kit, found)
        check_invariants(kit, found)
        check_icons(kit, found)
        check_kinds(kit, found)
        check_figures(kit, found)
        check_cell_names(kit, found)
        check_pictures(pictures or [], found)
    return found.problems


def check_theme(kit: Kit, found: Findings) -> None:
    """The theme's faces that name the kit's own font have one in ``fonts:``, and its ink, accent
    and muted colours can be read on white paper (a contrast of at least 3:1)."""
    for role in ("body", "headings"):
        if getattr(kit.theme.faces, role) == "kit" and getattr(kit.fonts, role, None) is None:
            found.add(
                ("theme", "faces", role),
                f"'kit' names the kit's own font, but 'fonts: {role}:' gives none; add it or use 'serif' or 'sans'",
            )
    for name in ("ink", "accent", "muted"):
        colour = getattr(kit.theme.palette, name)
        if (ratio := contrast(colour, "#ffffff")) < LEAST_CONTRAST:
            found.add(
                ("theme", "palette", name),
                f"{colour} is too light to print text in on white paper (contrast {ratio:.1f}:1, at least "
                f"{LEAST_CONTRAST:g}:1); choose a darker colour such as '#2a5d8f'",
            )


LEAST_CONTRAST = 3.0  # WCAG's least for large text: titles, frames, coordinates


def check_figures(kit: Kit, found: Findings) -> None:
    """The rules' figures show components the kit has, cells on their boards, and no more pieces
    than the kit prints (layout/figures.py)."""
    from printkit.layout.figures import figure_problems

    for loc, problem in figure_problems(kit):
        found.add(loc, problem)


CELL_NAME = re.compile(r"(?<![\w/.-])([A-Z])([1-9][0-9]?)(?![\w/-])")  # 'A2', not 'A4-paper', 'B2B', 'x/A2'


def check_cell_names(kit: Kit, found: Findings) -> None:
    """A rule or a caption that names a cell ('from A2 to B2') needs a board that prints its
    coordinates: on a board drawn without them (nor its figures) a player cannot find A2. The
    finding is on the text's line, once a text; a name that no uncoordinated board has (E7 on a
    4 x 4 board) is not read as a cell."""
    bare = [c for c in kit.components if getattr(c, "kind", None) == "board" and not getattr(c, "coordinates", True)]
    if not bare or any(
        getattr(c, "kind", None) == "board" and getattr(c, "coordinates", False) for c in kit.components
    ):
        return
    for number, section in enumerate(kit.rules):
        texts: list[tuple[Loc, dict[str, str]]] = [(("rules", number, "body"), section.body)]
        if section.figure is not None:
            texts.append((("rules", number, "figure", "caption"), section.figure.caption))
        for loc, text in texts:
            for lang, words in text.items():
                named = [m.group(0) for m in CELL_NAME.finditer(words) if on_a_board(m, bare)]
                if named:
                    boards = ", ".join(f"'{b.id}'" for b in bare)
                    found.add(
                        loc + (lang,),
                        f"names the cell {named[0]} but the board {boards} prints no coordinates: "
                        "set 'coordinates: true' on the board or describe the cell in words",
                        within=named[0],
                    )
                    break


def on_a_board(match: re.Match[str], boards: list[Any]) -> bool:
    col, row = ord(match.group(1)) - ord("A"), int(match.group(2))
    return any(col < board.cols and row <= board.rows for board in boards)


def check_pictures(pictures: list[Finding], found: Findings) -> None:
    """The findings of the pictures' check: every picture the kit names can be drawn, and all of
    them together stay within the kit's limits (printkit.pictures, and the render stage's check
    of each SVG). Its warnings (a picture not made yet, one far too large) are the group
    'pictures', which a build prints too."""
    for loc, problem, severity in pictures:
        found.add(loc, problem, severity=severity, group="pictures" if severity == "warning" else None)


def check_fonts(kit: Kit, found: Findings) -> dict[str, tuple[str, str]]:
    """Every font file the kit names can be embedded and draws every character the kit prints,
    in each of its languages (see kitfonts.py), on the line of the font's field; each text's
    glyphs are checked again where it is laid out in the font that prints it. The kit's faces
    (kitfonts.proved) when every font passed, else none (printkit's own fonts)."""
    from printkit.fonts.kit import font_problem, font_uses, proved

    uses = font_uses(kit)
    printed = printed_characters(kit) if uses else {}
    problems = [(loc, font_problem(found.source.folder, relative, printed)) for loc, relative in uses]
    for loc, problem in problems:
        if problem:
            found.add(loc, problem)
    return proved(kit, found.source.folder) or {}


NOT_PRINTED = ("id", "check", "component", "default_lang", "when")  # plain text fields no page shows


def printed_characters(kit: Kit) -> dict[str, str]:
    """Every character the kit may print, by language: its texts in that language (without their
    placeholders), its plain texts, the digits, and printkit's own words in that language; never
    one that is not drawn (a line break, a soft hyphen) or an icon."""
    from printkit.words.messages import CATALOG

    plain = set("0123456789")
    chars: dict[str, set[str]] = {lang: set() for lang in kit.kit.languages}
    for loc, value in walk(kit, ()):
        if isinstance(value, dict):
            for lang, text in value.items():
                if lang in chars and isinstance(text, str):
                    chars[lang].update(PLACEHOLDER.sub("", text))
        elif isinstance(value, str) and loc and loc[-1] not in NOT_PRINTED:
            plain.update(value)
    for words in [*CATALOG.values(), *kit.kinds.messages.values()]:
        for lang in chars:
            chars[lang].update(PLACEHOLDER.sub("", words.get(lang, "")))
    return {lang: "".join(sorted(c for c in found | plain if fonts.drawn(c))) for lang, found in chars.items()}


def check_icons(kit: Kit, found: Findings) -> None:
    """Every ``icon`` and the theme's ``mark`` name icons (a symbol or shape printkit draws, or one of
    the kit's own), a declared icon's ``symbol`` a symbol, and every ``:name:`` inside a text an icon."""
    from printkit.layout.symbols import symbol_names
    from printkit.words import icons

    symbols = symbol_names()
    for number, icon in enumerate(kit.icons):
        if icon.symbol is not None and icon.symbol not in symbols:
            found.add(("icons", number, "symbol"), f"unknown symbol '{icon.symbol}'; {_known(icon.symbol, symbols)}")
    known = sorted(icons.builtin().keys() | {icon.id for icon in kit.icons})
    for number, name in enumerate(kit.theme.mark):
        if name not in known:
            found.add(("theme", "mark", number), f"unknown icon '{name}'; {_known(name, known)}")
    for loc, value in walk(kit, ()):
        if loc and loc[-1] == "icon" and isinstance(value, str) and value not in known and not VALUE_REF.match(value):
            found.add(loc, f"unknown icon '{value}'; {_known(value, known)}")
        texts = value.items() if isinstance(value, dict) and loc[:1] != ("invariants",) else ()
        for lang, text in texts:
            for name in icons.unknown_names(text, dict.fromkeys(known)):
                found.add(
                    loc + (lang,),
                    f"unknown icon ':{name}:'; {_known(name, known)} (declare your own under 'icons:')",
                    within=f":{name}:",
                )


def _known(name: str, known: list[str]) -> str:
    hint = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    dym = f"did you mean '{hint[0]}'? " if hint else ""
    return f"{dym}printkit draws: {', '.join(known)}"


def check_kinds(kit: Kit, found: Findings) -> None:
    """Each kind's own checks (``Kind.checks``) on each component of that kind: check by check in
    the registry's order, components in the kit's order."""
    for check in kit.kinds.checks:
        for index, component in enumerate(kit.components):
            if check in kit.kinds.kind_of(component).checks:
                check(kit, index, component, found)


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
    for lang, names in (info.seats or {}).items():  # a finding, not the schema's: the players' own line may be off
        if len(names.split()) < info.players.max:
            found.add(
                ("kit", "seats", lang),
                f"names {len(names.split())} seats ({names!r}), but up to {info.players.max} play; give a name "
                "for each seat",
            )


def check_languages_spoken(kit: Kit, found: Findings) -> None:
    """printkit writes the generated sections itself, so it must speak every language of the kit."""
    from printkit.words.messages import LANGUAGES

    for index, lang in enumerate(kit.kit.languages):
        if lang not in LANGUAGES:
            found.add(
                ("kit", "languages", index),
                f"printkit has no built-in texts for '{lang}' (the 'what you need' and 'how to print' sections); it "
                f"speaks {', '.join(LANGUAGES)}",
            )


def check_ids(kit: Kit, found: Findings) -> None:
    seen: dict[str, Loc] = {}
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
    values = {name: 1 for name in known} | kit_numbers(kit)  # a page number stands in as 1
    # known grows with a deck's rows (cards.types.N.name.pl): made once per set of piece placeholders,
    # not once per text, which was quadratic (3 minutes for a 10,000-row table)
    known_with: dict[frozenset[str], set[str]] = {}
    deck_values = value_names(kit)
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
        pieces = frozenset(piece_placeholders(kit, loc, deck_values))
        if pieces not in known_with:
            known_with[pieces] = known | pieces
        check_placeholders(loc, value, known_with[pieces], found)
        check_arithmetic(loc, value, values, found)
        check_braces(loc, value, found)
        for lang, text in value.items():
            check_characters(loc + (lang,), text, found)
    for loc, value in walk(kit, ()):
        if isinstance(value, str) and loc and loc[-1] not in NOT_PRINTED:
            check_characters(loc, value, found)
            if "{" not in value and "}" not in value:
                continue
            pieces = frozenset(piece_placeholders(kit, loc, deck_values))
            if not (loc[-1] in ("color", "fill", "icon") and VALUE_REF.match(value)):
                check_plain_placeholders(loc, value, known_with.setdefault(pieces, known | pieces), found)
            if pieces:  # a table's cell on a face: printed with its placeholders filled
                check_brace(loc, value, found)


def check_plain_placeholders(loc: Loc, text: str, known: set[str], found: Findings) -> None:
    """A text given once for all languages (a figure cell's '{die.flower.symbol}') reads only
    known names, as a translated text does (check_placeholders)."""
    for inside in PLACEHOLDER.findall(text):
        try:
            names = placeholders.read(inside).names
        except InvariantError as exc:
            found.add(loc, f"cannot read the placeholder {{{inside}}}: {exc}")
            continue
        for name in sorted(set(names) - known):
            found.add(loc, f"unknown placeholder {{{name}}}; {_known_like(name, known)}")


def value_names(kit: Kit) -> dict[int, set[str]]:
    """The value names of each deck's types (its kind's ``value_names``), by the deck's place in
    ``components``: found once, not once a text (a 5,000-row deck has 5,000 texts)."""
    names: dict[int, set[str]] = {}
    for index, component in enumerate(kit.components):
        named = kit.kinds.by_name[component.kind].value_names
        if named is not None:
            names[index] = named(component)
    return names


def piece_placeholders(kit: Kit, loc: Loc, deck_values: dict[int, set[str]]) -> set[str]:
    """The names a deck fills per piece in its elements' and types' ``text`` and its face tables'
    cells: {name}, {letter}, {count}, a face's the types' values ({cost}, {kind}), and in an index
    element's line {index} too. Whether each type has the values is the kind's check (cards.faces)."""
    if len(loc) < 5 or loc[0] != "components" or loc[2] not in ("face", "back", "types"):
        return set()
    if loc[4] not in ("text", "rows", "header") or (loc[4] != "text" and loc[2] == "types"):
        return set()
    index = loc[1]
    assert isinstance(index, int), "a component's place in components is its index"
    component = kit.components[index]
    values = deck_values.get(index, set())
    if loc[2] == "types":
        return set(PIECE_PLACEHOLDERS) | values
    names = set(PIECE_PLACEHOLDERS) | (values if loc[2] == "face" else set())
    if getattr(getattr(component, loc[2])[loc[3]], "type", None) == "index":
        return names | set(INDEX_PLACEHOLDERS)
    return names


STRAY_BRACE = re.compile("[{}]")  # searched at C speed: a table's cell may hold 100,000 characters


def check_braces(loc: Loc, text: dict[str, str], found: Findings) -> None:
    """A brace that is neither a {placeholder} nor an escaped {{ or }} would print as it stands."""
    for lang, value in text.items():
        check_brace(loc + (lang,), value, found)


def check_brace(loc: Loc, value: str, found: Findings) -> None:
    """check_braces for one text, a translation or a text for every language (a table's cell)."""
    for line in value.splitlines():
        rest = PLACEHOLDER.sub("", line.replace("{{", "").replace("}}", ""))
        found_brace = STRAY_BRACE.search(rest)
        if found_brace:
            stray = found_brace[0]
            found.add(
                loc,
                f"a '{stray}' that is not part of a placeholder such as {{rounds.count}}; write '{stray * 2}' to "
                "print a brace",
                within=line,
            )
            return


def check_placeholders(loc: Loc, text: dict[str, str], known: set[str], found: Findings) -> None:
    """Every placeholder reads known names, gives its language's word forms, and every language's
    text reads the same names."""
    used = {lang: placeholder_names(loc + (lang,), t, found) for lang, t in text.items()}
    unknown = sorted(set().union(*used.values()) - known) if used else []
    for name in unknown:
        langs = [lang for lang, names in used.items() if name in names]
        hint = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.6)
        dym = f"; did you mean {{{hint[0]}}}?" if hint else ""
        found.add(
            loc + (langs[0],),
            f"unknown placeholder {{{name}}} (in {', '.join(langs)}){dym}; {_known_like(name, known)}",
            within=name,
        )
    if not used:
        return
    first = reference_language(text, used)
    reference = used[first]
    for lang, names in used.items():
        if names != reference and not (names | reference) & set(unknown):
            found.add(
                loc + (lang,),
                f"the '{lang}' text uses placeholders {sorted(names)} but the '{first}' text uses {sorted(reference)}",
            )


def reference_language(text: dict[str, str], used: dict[str, set[str]]) -> str:
    """The language whose placeholders the others' are compared with, so that the odd text out is
    blamed, not the texts that agree: the names most languages use, and on a tie the first text
    that types no page number ("strony 3" where {page.ID} belongs is the one to fix)."""
    from printkit.words.pagewords import typed_page_number

    def votes(lang: str) -> tuple[int, bool]:
        agreeing = sum(1 for names in used.values() if names == used[lang])
        return agreeing, typed_page_number(text[lang], lang) is None

    return max(used, key=votes)  # max keeps the first of equals: the kit's order


def placeholder_names(loc: Loc, text: str, found: Findings) -> set[str]:
    """The names a text's placeholders read; a placeholder that cannot be read, or whose word forms
    do not fit the language's plural rule (``loc`` ends with the language), is a finding."""
    names: set[str] = set()
    for inside in PLACEHOLDER.findall(text):
        try:
            placeholder = placeholders.read(inside)
        except InvariantError as exc:
            found.add(loc, f"cannot read the placeholder {{{inside}}}: {exc}", within=f"{{{inside}}}")
            continue
        names.update(placeholder.names)
        problem = placeholders.forms_problem(placeholder, str(loc[-1]))
        if problem:
            found.add(loc, problem, within=f"{{{inside}}}")
    return names


def check_arithmetic(loc: Loc, text: dict[str, str], values: dict[str, object], found: Findings) -> None:
    """A placeholder that computes (``{tokens.total / 2}``) must compute: no text in arithmetic, no
    division by zero, no pattern that matches nothing. Unknown names are check_placeholders'."""
    for lang, value in text.items():
        for inside in PLACEHOLDER.findall(value):
            try:
                placeholder = placeholders.read(inside)
            except InvariantError:
                continue  # reported by check_placeholders
            if placeholder.tree is None or not set(placeholder.names) <= set(values):
                continue
            try:
                placeholders.value_of(placeholder, values)
            except InvariantError as exc:
                found.add(loc + (lang,), f"cannot fill the placeholder {{{inside}}}: {exc}", within=f"{{{inside}}}")


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


def check_characters(loc: Loc, text: str, found: Findings) -> None:
    """Every character of a text prints as typed: none hidden (textchars.py), each in the font."""
    hidden = textchars.hidden_character(text)
    if hidden:
        found.add(loc, hidden)
    else:
        check_glyphs(loc, text, found)


def check_glyphs(loc: Loc, text: str, found: Findings) -> None:
    missing = fonts.missing_characters(text) or fonts.missing_characters(text, bold=True)
    if missing:
        found.add(loc, fonts.no_glyph(missing), within=missing[0])
