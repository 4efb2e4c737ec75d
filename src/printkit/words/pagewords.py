"""Page numbers typed into a kit's texts ("see page 2", "strona 2", "strana 2") where a
placeholder belongs: the layout decides the pages, so a typed number goes stale unseen, and the
PDF then says both "(strona 3)" and "ze strony 2". The validator refuses it once the pages are laid out,
naming the placeholder of the very page typed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

# Every form a language writes "page" in before a number: Polish and Czech in all their cases
# (strona: -y, -ie, -ę, -ą, -o, stron, -om, -ach, -ami; strana: -y, -ě, -u, -ou, -o, stran, -ám,
# -ách, -ami), and the abbreviations.
PAGE_WORDS = {
    "pl": ("strona", "strony", "stronie", "stronę", "stroną", "strono", "stron", "stronom", "stronach", "stronami"),
    "cs": ("strana", "strany", "straně", "stranu", "stranou", "strano", "stran", "stranám", "stranách", "stranami"),
    "en": ("page", "pages"),
}
ABBREVIATIONS = {"pl": ("str.", "s."), "cs": ("str.", "s."), "en": ("p.", "pp.")}


def _pattern(lang: str) -> re.Pattern[str]:
    words = "|".join(re.escape(word) + r"\b" for word in PAGE_WORDS[lang])
    short = "|".join(re.escape(word) for word in ABBREVIATIONS[lang])
    return re.compile(rf"(?<!\w)(?:{words}|{short})\s*\d+(?:\s*[–-]\s*\d+)?(?!\w)", re.IGNORECASE)


PATTERNS = {lang: _pattern(lang) for lang in PAGE_WORDS}


def typed_page_number(text: str, lang: str) -> str | None:
    """The first place ``text`` (in ``lang``) states a page number in words, such as 'strona 2'."""
    pattern = PATTERNS.get(lang)
    found = pattern.search(text) if pattern else None
    return found.group(0) if found else None


def typed_page_numbers(
    fields: Iterable[tuple[tuple, object]], parts: Iterable[str], lang: str, numbers: Mapping[str, Any]
) -> Iterator[tuple[tuple, str]]:
    """(field path, message) for every printed text in ``lang`` among the kit's ``fields`` (each
    value with its field path, as the validator walks them) that types a page number, naming the
    placeholder for that very page of the laid-out ``numbers`` (page.ID, lastpage.ID of each of
    ``parts``: the rules and each component, in order). An invariant's ``rule`` is left alone: it
    quotes the rulebook to the validator and is never printed (and "the cards are on pages 3–4" is
    what its check proves)."""
    spans = {
        name: (numbers[f"page.{name}"], numbers[f"lastpage.{name}"]) for name in parts if f"page.{name}" in numbers
    }
    for loc, value in fields:
        if not isinstance(value, dict) or loc[:1] == ("invariants",) or not isinstance(value.get(lang), str):
            continue
        phrase = typed_page_number(value[lang], lang)
        if phrase:
            yield (
                loc + (lang,),
                f"'{phrase}' types a page number, which goes stale when the layout moves; write "
                f"{placeholder_for(phrase, spans, numbers.get('pages', 0))} instead",
            )


def placeholder_for(phrase: str, spans: Mapping[str, tuple[int, int]], total: int) -> str:
    """The placeholder that prints the pages ``phrase`` types, from each part's first and last
    page (``spans``): {page.board} for its first page, {lastpage.cards} for the last of several,
    {pages.cards} for all of them or one in between, {page.a}–{lastpage.b} for a run of parts."""
    typed = [int(number) for number in re.findall(r"\d+", phrase)]
    first, last = typed[0], typed[-1]
    starts = [name for name, (start, end) in spans.items() if start == first]
    ends = [name for name, (start, end) in spans.items() if end == last]
    within = [name for name, (start, end) in spans.items() if start <= first and last <= end]
    if first == last and starts:
        return f"{{page.{starts[0]}}}"
    if first == last and ends:
        return f"{{lastpage.{ends[0]}}}"
    if within:
        return f"{{pages.{within[0]}}}"
    if starts and ends:
        return f"{{page.{starts[0]}}}–{{lastpage.{ends[0]}}}"
    example = next(iter(spans), "ID")
    return f"a placeholder such as {{page.{example}}} (this PDF has {total} pages; no part is on those typed)"
