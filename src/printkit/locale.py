"""Languages: picking one, filling placeholders. Nothing untranslated leaves this module."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from printkit.errors import PrintkitError
from printkit.messages import LANGUAGES, message
from printkit.model import PLACEHOLDER, Kit


def choose_language(kit: Kit, requested: str | None) -> str:
    lang = requested or kit.kit.default_lang
    if lang not in kit.kit.languages:
        raise PrintkitError(f"unknown language '{lang}'; this kit has: {', '.join(kit.kit.languages)}")
    if lang not in LANGUAGES:
        raise PrintkitError(f"printkit has no built-in texts for '{lang}'; it speaks {', '.join(LANGUAGES)}")
    return lang


def format_number(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


@dataclass
class Localizer:
    """Turns a kit's ``Text`` into one language's string with every {placeholder} filled."""

    lang: str
    numbers: dict[str, Any] = field(default_factory=dict)

    def __call__(self, text: dict[str, str] | str | int | None, **extra: object) -> str:
        if text is None:
            return ""
        if isinstance(text, int):
            return str(text)
        raw = text if isinstance(text, str) else text.get(self.lang)
        if raw is None:
            raise PrintkitError(f"a text has no '{self.lang}' version: {text!r}")
        return self.fill(raw, extra)

    def fill(self, raw: str, extra: dict | None = None) -> str:
        if "{" not in raw and "}" not in raw:
            return raw
        numbers, extra = self.numbers, extra or {}

        def replace(match) -> str:
            name = match.group(1)
            if name in extra:
                return format_number(extra[name])
            if name not in numbers:
                raise PrintkitError(f"unknown placeholder {{{name}}} in {raw!r}")
            return format_number(numbers[name])

        return PLACEHOLDER.sub(replace, raw).replace("{{", "{").replace("}}", "}")

    def msg(self, key: str, **values: object) -> str:
        return message(self.lang, key, **values)
