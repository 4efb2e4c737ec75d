"""Mutations of the user's config files (printers.json, presets.json in $XDG_CONFIG_HOME/printkit)
for fuzzing, and the command that reads them: NaN, Infinity, 5,000-digit and huge numbers, deep
nesting, a BOM, UTF-16, control characters and forged lines in names, truncated or flipped bytes,
duplicate keys, a preset at the size limits, a FIFO, a link to /dev/zero, a folder.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from fuzz.hostile import Content, flipped, special, truncated

CONFIG_KIT = """kit:
  title: {en: "Profiles"}
  players: {min: 1, max: 2}
  languages: [en]
  default_lang: en
  author: "printkit fuzzer"
components:
  - id: deck
    kind: cards
    title: {en: "Cards"}
    width: 63mm
    height: 88mm
    types:
      - {id: a, count: 2, name: {en: "A"}}
      - {id: b, count: 1, name: {en: "B"}}
    face:
      - {type: name, box: [5, 5, 53, 10]}
rules:
  - heading: {en: "Rules"}
    body: {en: "Play {deck.total} cards."}
invariants:
  - {id: cards, check: "deck.total == 3", rule: {en: "3 cards"}}
"""

PRINTERS = {
    "printers": {
        "office": {
            "back_offset": [1.5, -0.5],
            "scale": [0.996, 1.0],
            "stocks": {"card": {"back_offset": [2.0, 0.0], "scale": [1.0, 1.0]}},
        }
    }
}
PRESETS = {"presets": {"my-poker": {"title": "My poker", "width": 63, "height": 88, "bleed": 3, "dpi": 60}}}

COMMANDS = [
    ["printer", "list"],
    ["printer", "add", "home", "--back-offset", "1,1"],
    ["printer", "remove", "office"],
    ["build", "game.yaml", "--printer", "office", "-o", "out/game.pdf"],
    ["build", "game.yaml", "--printer", "office", "--stock", "card", "-o", "out/game.pdf"],
    ["export", "--list-presets"],
    ["export", "game.yaml", "--for", "png", "--preset", "my-poker", "-o", "out/shop"],
]
# Raw JSON values a parser may take (or choke on) where a number or a name stands.
RAW_VALUES = [
    "NaN",
    "Infinity",
    "-Infinity",
    "1e400",
    "-1e400",
    "9" * 5000,
    "0." + "0" * 5000 + "1",
    "1e-400",
    "[" * 100_000 + "]" * 100_000,
    "{" * 50_000,
    '"' + "x" * 200_000 + '"',
    "null",
    "true",
    "[1, 2, 3]",
    "[1.0]",
    '"1.0"',
    "[1e308, 1e308]",
    "[NaN, NaN]",
    "[-0.0, 0]",
]
ODD_NAMES = [
    "office\n  forged  back offset +0,+0 mm",
    "\x1b[2J",
    "\u202eeciffo",
    "",
    "x" * 100_000,
    "../../etc",
    "of fice",
    "\ud800",
    "office",
]


class Draft:
    """One config file being mutated: its data (a mapping), then its text, then its bytes."""

    def __init__(self, data: dict) -> None:
        self.data = json.loads(json.dumps(data))
        self.raw: dict[str, str] = {}  # placeholder text -> raw JSON put in its place
        self.text: str | None = None
        self.content: Content | None = None

    def as_text(self) -> str:
        if self.text is None:
            text = json.dumps(self.data, indent=2, ensure_ascii=False)
            for placeholder, raw in self.raw.items():
                # once: an entry copied 3,000 times (many_entries) keeps the others as the plain text
                # they are, not 3,000 copies of a 100,000-deep nesting (1.5 GB before the case ran)
                text = text.replace(json.dumps(placeholder), raw, 1)
            self.text = text
        return self.text

    def as_bytes(self) -> Content:
        if self.content is None:
            self.content = self.as_text().encode("utf-8", errors="surrogatepass")
        return self.content


def _leaves(data: object, loc: tuple = ()) -> list[tuple]:
    found = [loc]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _leaves(value, loc + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _leaves(value, loc + (index,))
    return found


def _set(data: object, loc: tuple, value: object) -> None:
    for part in loc[:-1]:
        data = data[part]  # type: ignore[index]
    data[loc[-1]] = value  # type: ignore[index]


def raw_value(draft: Draft, rng: random.Random) -> None:
    """A value replaced by raw JSON text: NaN, Infinity, 5,000 digits, 100,000-deep nesting."""
    locs = [loc for loc in _leaves(draft.data) if len(loc) > 1]
    placeholder = f"@raw{len(draft.raw)}@"
    draft.raw[placeholder] = rng.choice(RAW_VALUES)
    _set(draft.data, rng.choice(locs), placeholder)


def odd_name(draft: Draft, rng: random.Random) -> None:
    """A printer, stock or preset renamed: a newline forging a listing line, an escape, 100,000 chars."""
    holders = [loc for loc in _leaves(draft.data) if loc and loc[-1] in ("printers", "stocks", "presets")]
    loc = rng.choice(holders)
    holder = draft.data
    for part in loc:
        holder = holder[part]
    if isinstance(holder, dict) and holder:  # an earlier mutation may have made it a text
        old = rng.choice(sorted(holder))
        holder[rng.choice(ODD_NAMES)] = holder.pop(old)


def many_entries(draft: Draft, rng: random.Random) -> None:
    key = "printers" if "printers" in draft.data else "presets"
    first = next(iter(draft.data[key].values()), {})
    for number in range(rng.choice([100, 3_000])):
        draft.data[key][f"p{number}"] = json.loads(json.dumps(first))


def at_limits(draft: Draft, rng: random.Random) -> None:
    """Every number at its limit: a 1000 mm preset at 1200 dpi (an export of 16 GB), offsets, scales."""
    for preset in draft.data.get("presets", {}).values():
        if isinstance(preset, dict):
            preset.update(width=1000, height=1000, bleed=3.5, dpi=rng.choice([1200, 600, 10]))
    for printer in draft.data.get("printers", {}).values():
        if isinstance(printer, dict):
            printer.update(back_offset=[rng.choice([-10, 10, 20]), 10], scale=[rng.choice([0.97, 1.03]), 1.03])


def duplicate_keys(draft: Draft, rng: random.Random) -> None:
    text = draft.as_text()
    draft.text = text.replace('"office": {', '"office": {"scale": [9, 9]}, "office": {', 1).replace(
        '"my-poker": {', '"my-poker": {"dpi": 99999}, "my-poker": {', 1
    )


def bom_or_encoding(draft: Draft, rng: random.Random) -> None:
    text = draft.as_text()
    draft.content = rng.choice(
        [
            b"\xef\xbb\xbf" + text.encode("utf-8", "surrogatepass"),
            text.encode("utf-16", "surrogatepass"),
            text.encode("utf-8", "surrogatepass") + b"\x00",
            text.encode("latin-1", "replace"),
            text.encode("utf-8", "surrogatepass").replace(b"\n", b"\r"),
        ]
    )


def control_characters(draft: Draft, rng: random.Random) -> None:
    text = draft.as_text()
    at = rng.randrange(len(text) + 1)
    draft.text = text[:at] + rng.choice(["\x00", "\x1b", "\x0b", "\u2028", "\t", "//", "/*", ",", "]"]) + text[at:]


def truncate_config(draft: Draft, rng: random.Random) -> None:
    data = draft.as_bytes()
    if isinstance(data, bytes):
        draft.content = truncated(data, rng)


def flip_config(draft: Draft, rng: random.Random) -> None:
    data = draft.as_bytes()
    if isinstance(data, bytes):
        draft.content = flipped(data, rng, most=3)


def huge_config(draft: Draft, rng: random.Random) -> None:
    draft.content = draft.as_text().encode("utf-8", "surrogatepass") + b" " * rng.choice([256 * 1024, 3 * 1024 * 1024])


def special_config(draft: Draft, rng: random.Random) -> None:
    data = draft.as_bytes()
    draft.content = special(rng, data if isinstance(data, bytes) else b"")


DATA_MUTATIONS = [raw_value, odd_name, many_entries, at_limits]
TEXT_MUTATIONS = [duplicate_keys, control_characters]
BYTE_MUTATIONS = [bom_or_encoding, truncate_config, flip_config, huge_config, special_config]
STAGES: list[list[Callable[[Draft, random.Random], None]]] = [DATA_MUTATIONS, TEXT_MUTATIONS, BYTE_MUTATIONS]
CONFIG_MUTATIONS = [mutation for stage in STAGES for mutation in stage]


def mutate_config(rng: random.Random, rounds: int = 1) -> tuple[dict[str, Content], list[str], list[str]]:
    """printers.json and presets.json, one of them mutated ``rounds`` times; the command that reads
    it; the mutators. Returns ({file name: content}, command, mutators)."""
    name = rng.choice(["printers.json", "presets.json"])
    draft = Draft(PRINTERS if name == "printers.json" else PRESETS)
    chosen = sorted(
        (rng.choice(CONFIG_MUTATIONS) for _ in range(rounds)),
        key=lambda m: next(n for n, stage in enumerate(STAGES) if m in stage),
    )
    for mutation in chosen:
        mutation(draft, rng)
    files: dict[str, Content] = {
        "printers.json": json.dumps(PRINTERS).encode(),
        "presets.json": json.dumps(PRESETS).encode(),
    }
    files[name] = draft.as_bytes()
    readers = [c for c in COMMANDS if ("printer" in c or "--printer" in c) == (name == "printers.json")]
    command = rng.choice(readers)
    return files, command, [f"config.{name.split('.')[0]}.{mutation.__name__}" for mutation in chosen]
