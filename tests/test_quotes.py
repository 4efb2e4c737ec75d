"""Czech and Polish quotation marks in the shipped kits: Polish opens „ and closes ” (U+201D),
Czech opens „ and closes “ (U+201C); ogrod's Czech subtitle once closed the Polish way."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

KITS = sorted((Path(__file__).resolve().parents[1] / "kits").glob("*.yaml"))
CLOSING = {"pl": "\u201d", "cs": "\u201c"}


def texts(value: object, lang: str | None = None):
    """Every string of the kit data with the language it is given in (None: not per language)."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from texts(inner, key if key in ("pl", "cs", "en") else lang)
    elif isinstance(value, list):
        for inner in value:
            yield from texts(inner, lang)
    elif isinstance(value, str):
        yield lang, value


def test_each_quotation_closes_as_its_language_does():
    checked = 0
    for kit in KITS:
        for lang, text in texts(yaml.safe_load(kit.read_text(encoding="utf-8"))):
            if lang in CLOSING:
                for quoted in re.findall(r"„([^„]*)", text):
                    checked += 1
                    wrong = ({"\u201c", "\u201d"} - {CLOSING[lang]}).pop()
                    assert wrong not in quoted, (kit.stem, lang, text)
    assert checked >= 2  # ogrod's Polish and Czech subtitles at least
