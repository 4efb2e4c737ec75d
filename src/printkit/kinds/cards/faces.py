"""The checks of faces bound to their types' values: each element's ``when:`` can be read and reads
names a type has, and every type a face element is drawn on holds the values its texts print
({cost}, {kind}), its ``{NAME}`` colour (a colour) and its ``{NAME}`` icon (an icon).

A finding about a missing or wrong value names the type (for a table's row, its file, row and
column), not the element: the one card of 90 to fix is found without searching.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from printkit.base.errors import Loc
from printkit.facts import evaluation
from printkit.facts.invariants import InvariantError, names_in
from printkit.kinds.cards.model import (
    DeckComponent,
    DeckType,
    Element,
    IndexElement,
    SymbolElement,
    TableElement,
    TextElement,
)
from printkit.kinds.cards.values import holds, parsed_condition, type_facts
from printkit.kit.shared import PLACEHOLDER, VALUE_REF
from printkit.words import icons, placeholders

if TYPE_CHECKING:
    from printkit.kit.model import Kit
    from printkit.validate.findings import Findings

COLOUR_TEXT = re.compile(r"#[0-9a-fA-F]{6}")


def value_names(deck: DeckComponent) -> set[str]:
    """Every value name any type of the deck gives (a table's column of numbers or texts)."""
    return {name for kind in deck.types for name in kind.values}


def element_texts(element: Element) -> Iterator[str]:
    """Every text an element prints, in every language: a text element's or index line's own text
    and a table's cells (a type's own text is checked where it is written)."""
    if isinstance(element, (TextElement, IndexElement)) and element.text is not None:
        yield from element.text.values()
    if isinstance(element, TableElement):
        rows: list[list[Any]] = [list(element.header or []), *element.rows]
        for row in rows:
            for cell in row:
                if isinstance(cell, dict):
                    yield from cell.values()
                elif isinstance(cell, str):
                    yield cell


def names_printed(element: Element) -> set[str]:
    """The names the element's placeholders read (one that cannot be read is check_texts' finding)."""
    names: set[str] = set()
    for text in element_texts(element):
        for inside in PLACEHOLDER.findall(text):
            try:
                names.update(placeholders.read(inside).names)
            except InvariantError:
                continue
    return names


def check_faces(kit: Kit, index: int, deck: DeckComponent, found: Findings) -> None:
    """Each face element's ``when:`` and the values each type it is drawn on must hold."""
    at: Loc = ("components", index)
    own = value_names(deck)
    known_icons = set(icons.builtin()) | {icon.id for icon in kit.icons}
    for number, element in enumerate(deck.face):
        where = at + ("face", number)
        if element.when is not None and not readable_condition(element.when, deck, where + ("when",), found):
            continue
        needed = (names_printed(element) | condition_names(element)) & own
        colour = value_ref(element.color)
        fill = value_ref(getattr(element, "fill", None))
        icon = value_ref(element.icon) if isinstance(element, SymbolElement) else None
        needed |= {name for name in (colour, fill, icon) if name}
        for unknown in sorted({name for name in (colour, fill, icon) if name} - own):
            found.add(where, f"no type has a value '{unknown}' to take a {{{unknown}}} from; {known_values(own)}")
        for type_number, kind in enumerate(deck.types):
            if not drawn_on(element, kind, kit.kit.languages):
                continue
            type_at = at + ("types", type_number)
            for name in sorted(needed - set(kind.values)):
                if name in own:
                    found.add(
                        type_at,
                        f"the type '{kind.id}' has no value '{name}', which face[{number}] {reads(element, name)}",
                    )
            for name, why in wrong_values(kind, colour, fill, icon, known_icons):
                found.add(type_at + ("values", name), why)


def condition_names(element: Element) -> set[str]:
    """The names an element's ``when:`` reads (none when it cannot be read: readable_condition says why)."""
    try:
        return set(names_in(parsed_condition(element.when))) if element.when else set()
    except InvariantError:
        return set()


def readable_condition(condition: str, deck: DeckComponent, loc: Loc, found: Findings) -> bool:
    """Whether ``when:`` can be read and names only what the deck's types give; else a finding."""
    try:
        check = parsed_condition(condition)
    except InvariantError as exc:
        found.add(loc, f"cannot read the condition: {exc}")
        return False
    facts: dict[str, Any] = {}
    for kind in deck.types:
        facts |= type_facts(kind, "")
    for name in names_in(check):
        if name not in facts:
            found.add(loc, evaluation.unknown_name(name, facts) + f" (a type gives {', '.join(sorted(facts))})")
            return False
    return True


def drawn_on(element: Element, kind: DeckType, languages: list[str]) -> bool:
    """Whether the element is drawn on the type in some language; a type without a name the
    condition reads is one it is drawn on (check_faces names the value it lacks)."""
    if element.when is None:
        return True
    for lang in languages:
        try:
            if holds(element.when, type_facts(kind, lang)):
                return True
        except InvariantError:
            return True
    return False


def reads(element: Element, name: str) -> str:
    """How an element reads a value: 'prints' it, or its when: 'reads' it."""
    return "prints" if name in names_printed(element) or not element.when else "reads in its when:"


def value_ref(ref: object) -> str | None:
    """NAME of a colour or icon given as '{NAME}' (a type's value), else None."""
    matched = VALUE_REF.match(ref) if isinstance(ref, str) else None
    return matched[1] if matched else None


def wrong_values(
    kind: DeckType, colour: str | None, fill: str | None, icon: str | None, known_icons: set[str]
) -> Iterator[tuple[str, str]]:
    """(value name, why) for a value a face element takes as a colour or an icon that is none."""
    for name in (colour, fill):
        held = kind.values.get(name) if name else None
        if name and held is not None and not (isinstance(held, str) and COLOUR_TEXT.fullmatch(held)):
            yield name, f"{held!r} is not a colour; write one such as '#2a7ab0' (face elements take {{{name}}})"
    held = kind.values.get(icon) if icon else None
    if icon and held is not None and held not in known_icons:
        hint = difflib.get_close_matches(str(held), sorted(known_icons), n=1, cutoff=0.6)
        dym = f"did you mean '{hint[0]}'? " if hint else ""
        yield icon, f"{held!r} is not an icon; {dym}(a face element draws {{{icon}}}; declare your own under 'icons:')"


def known_values(own: set[str]) -> str:
    return f"the types give {', '.join(sorted(own))}" if own else "the types give no values"
