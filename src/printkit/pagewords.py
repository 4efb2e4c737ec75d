"""Page numbers typed into a kit's texts ("see page 2", "strona 2", "strana 2") where a
placeholder belongs: the layout decides the pages, so a typed number goes stale unseen, and the
PDF then says both "(strona 3)" and "ze strony 2". The validator warns (an error under --strict).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from printkit.kit import Kit


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


def typed_page_numbers(kit: Kit) -> Iterator[tuple[tuple, str]]:
    """(field path, message) for every printed text of the kit that types a page number. An
    invariant's ``rule`` is left alone: it quotes the rulebook to the validator and is never printed
    (and "the cards are on pages 3–4" is what its check proves)."""
    from printkit.validate.findings import walk

    example = next((c.id for c in kit.components if c.in_kit), "ID")
    for loc, value in walk(kit, ()):
        if not isinstance(value, dict) or loc[:1] == ("invariants",):
            continue
        for lang, text in value.items():
            phrase = typed_page_number(text, lang) if isinstance(text, str) else None
            if phrase:
                yield (
                    loc + (lang,),
                    f"'{phrase}' types a page number; write {{page.{example}}} (the first page of a component) or "
                    f"{{pages.{example}}} instead, so that it follows the layout",
                )
