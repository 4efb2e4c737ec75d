"""Cross-checks of a kit against itself: languages, placeholders, glyphs, ids, page plan.

Returns findings and raises nothing; ``build`` refuses a kit with any error finding.
"""

from __future__ import annotations

import difflib

from pydantic import BaseModel

from printkit import fonts
from printkit.errors import Problem
from printkit.kitfile import KitSource, dotted
from printkit.layout.document import kit_numbers
from printkit.layout.primitives import Document
from printkit.model import PLACEHOLDER, Kit


def check_kit(source: KitSource, kit: Kit) -> list[Problem]:
    """Every finding that needs no layout."""
    found = Findings(source)
    check_info(kit, found)
    check_ids(kit, found)
    check_texts(kit, found)
    return found.problems


class Findings:
    def __init__(self, source: KitSource):
        self.source = source
        self.problems: list[Problem] = []

    def add(self, loc: tuple, message: str, severity: str = "error") -> None:
        self.problems.append(Problem(self.source.display, self.source.line_of(loc), dotted(loc), message, severity))


def check_info(kit: Kit, found: Findings) -> None:
    info = kit.kit
    if info.default_lang not in info.languages:
        found.add(("kit", "default_lang"), f"'{info.default_lang}' is not one of the kit's languages ({', '.join(info.languages)})")
    if info.players.min > info.players.max:
        found.add(("kit", "players"), f"min ({info.players.min}) is more than max ({info.players.max})")
    if len(set(info.languages)) != len(info.languages):
        found.add(("kit", "languages"), "a language is listed twice")


def check_ids(kit: Kit, found: Findings) -> None:
    seen: dict[str, tuple] = {}
    for loc, value in walk(kit, ()):
        if isinstance(value, BaseModel) and isinstance(getattr(value, "id", None), str) and loc and loc[0] in ("components", "needs"):
            ident = value.id
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
            found.add(loc, f"missing translation: no '{', '.join(missing)}' text (this text has: {have}; the kit's languages are {', '.join(languages)})")
        for lang in value:
            if lang not in languages:
                found.add(loc + (lang,), f"'{lang}' is not one of the kit's languages ({', '.join(languages)})")
        check_placeholders(loc, value, known, found)
        for lang, text in value.items():
            check_glyphs(loc + (lang,), text, found)
    for loc, value in walk(kit, ()):
        if isinstance(value, str) and loc and loc[-1] not in ("id", "check", "component", "default_lang"):
            check_glyphs(loc, value, found)


def check_placeholders(loc: tuple, text: dict[str, str], known: set[str], found: Findings) -> None:
    used = {lang: set(PLACEHOLDER.findall(t)) for lang, t in text.items()}
    unknown = sorted(set().union(*used.values()) - known) if used else []
    for name in unknown:
        langs = [lang for lang, names in used.items() if name in names]
        hint = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.6)
        dym = f"; did you mean {{{hint[0]}}}?" if hint else ""
        found.add(loc + (langs[0],), f"unknown placeholder {{{name}}} (in {', '.join(langs)}){dym}; known: {{pages}}, {{page.ID}}, {_sample(known)}")
    reference = next(iter(used.values()), set())
    for lang, names in used.items():
        if names != reference and not (names | reference) & set(unknown):
            first = next(iter(used))
            found.add(loc + (lang,), f"the '{lang}' text uses placeholders {sorted(names)} but the '{first}' text uses {sorted(reference)}")


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
    """Findings that need the laid-out pages: the rulebook's page plan and page count."""
    found = Findings(source)
    pages = document.pages
    if kit.page_count is not None and kit.page_count != len(pages):
        found.add(("page_count",), f"the rules state a {kit.page_count}-page PDF, but the layout gives {len(pages)} pages (lang {document.lang})")
    for index, planned in enumerate(kit.page_plan or []):
        loc = ("page_plan", index)
        if planned.page > len(pages):
            found.add(loc, f"the rules put the {planned.role} on page {planned.page}, but the PDF has only {len(pages)} pages")
            continue
        page = pages[planned.page - 1]
        if page.role != planned.role or (planned.component and page.component != planned.component):
            actual = [n for n, p in enumerate(pages, 1) if p.role == planned.role and (not planned.component or p.component == planned.component)]
            where = f"page {actual[0]}" if actual else "no page"
            got = f"{page.role}" + (f" ({page.component})" if page.component else "")
            found.add(loc, f"the rules put the {planned.component or planned.role} on page {planned.page}, but page {planned.page} holds the {got} and the {planned.component or planned.role} is on {where} (lang {document.lang})")
    return found.problems
