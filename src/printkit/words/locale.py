"""Languages: picking one, filling placeholders. Nothing untranslated leaves this module."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from msgspec import Struct, field

from printkit.base.errors import PrintkitError
from printkit.facts.invariants import InvariantError
from printkit.kit.shared import PLACEHOLDER
from printkit.pictures.limits import ICON_PRINT_MM, PictureProblem
from printkit.pictures.prepared import Pictures
from printkit.words import icons, placeholders
from printkit.words.messages import LANGUAGES, message

if TYPE_CHECKING:
    from printkit.kit.model import Kit


def choose_language(kit: Kit, requested: str | None) -> str:
    lang = requested or kit.kit.default_lang
    if lang not in kit.kit.languages:
        raise PrintkitError(f"unknown language '{lang}'; this kit has: {', '.join(kit.kit.languages)}")
    if lang not in LANGUAGES:
        raise PrintkitError(f"printkit has no built-in texts for '{lang}'; it speaks {', '.join(LANGUAGES)}")
    return lang


def kit_icons(kit: Kit, pictures: Pictures | None = None) -> dict[str, str]:
    """The icon characters a kit's texts may name: the built-in icons and the kit's own (a
    picture icon's file as the pipeline prepared it, in ``pictures``)."""
    return icons.table({icon.id: _icon(icon, kit.dpi, pictures or Pictures()) for icon in kit.icons})


def _icon(icon: Any, dpi: int, pictures: Pictures) -> icons.Icon:
    """A kit's icon as it is drawn; a picture icon by its real path and proportions (PictureProblem
    when it was not prepared: the kit's check refused it)."""
    if icon.image is None:
        return icons.Icon(icon.shape, icon.symbol, icon.color)
    found = pictures.get(icon.image, ICON_PRINT_MM, dpi)
    if found is None:
        raise PictureProblem(pictures.problem(icon.image, ICON_PRINT_MM, dpi))
    return icons.Icon(icon.shape, icon.symbol, icon.color, str(found.path), found.aspect)


class Localizer(Struct, frozen=True):
    """Turns a kit's ``Text`` into one language's string with every {placeholder} filled."""

    lang: str
    numbers: dict[str, Any] = field(default_factory=dict)
    icons: dict[str, str] = field(default_factory=dict)  # :name: -> the icon's character (icons.py)

    def __call__(self, text: dict[str, str] | str | int | None, **extra: object) -> str:
        if text is None:
            return ""
        if isinstance(text, int):
            return str(text)
        raw = text if isinstance(text, str) else text.get(self.lang)
        if raw is None:
            raise PrintkitError(f"a text has no '{self.lang}' version: {text!r}")
        filled = self.fill(raw, extra)
        return icons.inline(filled, self.icons) if self.icons else filled

    def fill(self, raw: str, extra: dict | None = None) -> str:
        if "{" not in raw and "}" not in raw:
            return raw
        extra = extra or {}
        parts = list(_split(raw))
        for i in range(1, len(parts), 2):
            parts[i] = self.placeholder(parts[i], raw, extra)
        return "".join(parts).replace("{{", "{").replace("}}", "}")

    def placeholder(self, inside: str, raw: str, extra: dict[str, Any]) -> str:
        """One placeholder of ``raw`` filled: its number, and its word in the form that number takes."""
        try:
            placeholder = placeholders.read(inside)
            return placeholders.fill(placeholder, placeholders.value_of(placeholder, self.numbers, extra), self.lang)
        except InvariantError as exc:
            name = inside if placeholders.SIMPLE_NAME.fullmatch(inside) else None
            if name is not None and name not in self.numbers and name not in extra:
                raise PrintkitError(f"unknown placeholder {{{name}}} in {raw!r}") from None
            raise PrintkitError(f"cannot fill the placeholder {{{inside}}} in {raw!r}: {exc}") from None

    def msg(self, key: str, **values: object) -> str:
        """printkit's own shared words for ``key`` (words/messages.py), in this language."""
        return message(self.lang, key, **values)

    def own(self, words: Mapping[str, str], **values: object) -> str:
        """A kind's own words (``{pl: .., cs: .., en: ..}`` of its folder's words.py) in this language."""
        return words[self.lang].format(**values)


@functools.lru_cache(maxsize=1024)
def _split(raw: str) -> tuple[str, ...]:
    """The text around the placeholders and their names, alternately: a text filled once per card
    is split once."""
    return tuple(PLACEHOLDER.split(raw))
