"""`printkit new NAME --deck-from cards.xlsx`: a kit skeleton whose deck reads the table, its
columns already mapped from the header row.

Each header is matched to a type's field by its name (``id``, ``count``, ``name_pl``, ``nazwa``,
``název``, ``text_cs``, ``opis``, ``icon``, ...); a column whose cells are all numbers becomes a
value the invariants read (``{cards.TYPE.koszt}``); a column matched to nothing is listed in a
comment. The languages are those the name and text columns are in (English when none is).
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

from msgspec import Struct, field

from printkit.base.errors import PrintkitError
from printkit.base.idents import identifier_from
from printkit.kit.table_spec import MAX_HEADER_LENGTH
from printkit.kit.tables import Table, as_number

LANGUAGE_SUFFIX = re.compile(r"^(?P<field>[^\W\d_]+)[\s_.\-(\[]+(?P<lang>[a-z]{2})[)\]]?$")
FIELD_WORDS = {
    "id": ("id", "key", "klucz", "klíč", "ident", "identifier"),
    "count": ("count", "copies", "qty", "quantity", "amount", "ilość", "ilosc", "liczba", "počet", "pocet", "kusů"),
    "letter": ("letter", "litera", "písmeno"),
    "icon": ("icon", "ikona", "symbol"),
    "image": ("image", "picture", "art", "obraz", "obrazek", "obrázek", "grafika"),
    "color": ("color", "colour", "kolor", "barva"),
    "pattern": ("pattern", "wzór", "vzor"),
}
# A name or text column without a language code: the language its word is in.
TEXT_WORDS = {
    ("name", "en"): ("name", "title"),
    ("name", "pl"): ("nazwa", "tytuł"),
    ("name", "cs"): ("název", "jméno", "nazev"),
    ("text", "en"): ("text", "description", "effect", "rules"),
    ("text", "pl"): ("opis", "tekst", "efekt"),
    ("text", "cs"): ("popis", "efekt_cs"),
}
FIELD_NAMES = {"name": ("name", "nazwa", "název", "nazev", "title"), "text": ("text", "opis", "popis", "tekst")}


class Mapping(Struct):
    """The columns of a table as a deck's ``columns:``, and what was left over."""

    single: dict[str, str] = field(default_factory=dict)  # field -> header
    texts: dict[str, dict[str, str]] = field(default_factory=dict)  # name/text -> language -> header
    values: dict[str, str] = field(default_factory=dict)  # value name -> header
    unmapped: list[str] = field(default_factory=list)

    @property
    def languages(self) -> list[str]:
        found = [lang for by_lang in self.texts.values() for lang in by_lang]
        return list(dict.fromkeys(found)) or ["en"]  # in the header's order: its first is the default


def check_headers(path: Path, table: Table) -> None:
    """Refuse a header the kit would have to name that is longer than a kit may name a column (the
    kit written would not validate): only the first column's, taken as the id when no header says
    id; any other is left unmapped (``mapped``)."""
    mapping = mapped(table)
    for number, header in enumerate(table.header, start=1):
        if len(header) > MAX_HEADER_LENGTH and header not in mapping.unmapped:
            raise PrintkitError(
                f"{path}: the header of column {number} is {len(header):,} characters; a kit names a column in at "
                f"most {MAX_HEADER_LENGTH} (shorten it)"
            )


def mapped(table: Table) -> Mapping:
    """Each header of ``table`` matched to a field of a type, or to a value, or to nothing."""
    result = Mapping()
    for at, header in enumerate(table.header):
        if not header:
            continue
        if len(header) > MAX_HEADER_LENGTH:  # a kit cannot name it: listed as not mapped
            result.unmapped.append(header)
            continue
        word = header.strip().lower()
        single = next((name for name, words in FIELD_WORDS.items() if word in words), None)
        if single and single not in result.single:
            result.single[single] = header
            continue
        text_field = text_column(word)
        if text_field and text_field[1] not in result.texts.get(text_field[0], {}):
            result.texts.setdefault(text_field[0], {})[text_field[1]] = header
            continue
        cells = [row[at] for _, row in table.rows if at < len(row) and row[at] not in (None, "")]
        if cells and all(as_number(cell) is not None for cell in cells):
            result.values[value_name(header, result.values)] = header
            continue
        result.unmapped.append(header)
    if "id" not in result.single and table.header:
        first = table.header[0]
        result.single["id"] = first
        result.unmapped = [h for h in result.unmapped if h != first]
        result.values = {k: v for k, v in result.values.items() if v != first}
    return result


def text_column(word: str) -> tuple[str, str] | None:
    """('name', 'pl') for 'name_pl', 'nazwa' or 'name (pl)'; None for another column."""
    match = LANGUAGE_SUFFIX.match(word)
    if match:
        for name, words in FIELD_NAMES.items():
            if match["field"] in words:
                return name, match["lang"]
    for key, words in TEXT_WORDS.items():
        if word in words:
            return key
    return None


def value_name(header: str, taken: dict[str, str]) -> str:
    """An identifier for a value from its header: 'Koszt (zł)' -> 'koszt_zl'."""
    name = identifier_from(header, "v")[:30].rstrip("_") or "value"
    candidate, number = name, 2
    while candidate in taken or candidate in ("count", "total", "types", "owners"):
        candidate, number = f"{name}_{number}", number + 1
    return candidate


def pieces(table: Table, mapping: Mapping) -> int:
    """How many pieces the rows make: the sum of the count column, else one a row."""
    header = mapping.single.get("count")
    at = table.header.index(header) if header else None
    total = 0
    for _, row in table.rows:
        if all(cell in (None, "") for cell in row):
            continue
        number = as_number(row[at]) if at is not None and at < len(row) else None
        total += int(number) if isinstance(number, int) and number > 0 else 1
    return total


# Characters a header may hold that YAML would not keep as they are, or that would change how a
# line reads: control and format characters (a right-to-left override), line and paragraph
# separators, surrogates and non-characters. They are written as escapes.
UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
COMMENT_LENGTH = 60  # characters of a header shown in a comment


def q(text: str) -> str:
    """A YAML scalar in double quotes that reads back as exactly ``text``, on one line: JSON's
    quoting (its escapes are YAML's) with every unsafe character escaped as well."""
    return escaped(json.dumps(text, ensure_ascii=False))


def escaped(text: str) -> str:
    """``text`` with each character of UNSAFE_CATEGORIES as ``\\uXXXX`` (``\\UXXXXXXXX``)."""
    return "".join(
        ch
        if unicodedata.category(ch) not in UNSAFE_CATEGORIES
        else (f"\\u{ord(ch):04x}" if ord(ch) < 0x10000 else f"\\U{ord(ch):08x}")
        for ch in text
    )


def in_comment(text: str) -> str:
    """``text`` fit for a YAML comment: one line (no line break ends the comment and starts a key),
    no control or format character, at most COMMENT_LENGTH characters shown."""
    shown = text if len(text) <= COMMENT_LENGTH else text[: COMMENT_LENGTH - 1] + "…"
    return escaped(shown)


def pictures_named(table: Table) -> list[str]:
    """The pictures the table's image column names, each once, in the rows' order (none without
    such a column)."""
    header = mapped(table).single.get("image")
    if header is None:
        return []
    column = table.header.index(header)
    names = [str(cells[column]).strip() for _, cells in table.rows if column < len(cells) and cells[column]]
    return list(dict.fromkeys(name for name in names if name))


def skeleton(stem: str, table_name: str, table: Table, sheet: str | None, encoding: str | None = None) -> str:
    """The kit file: its deck reads ``table_name`` in kits' folder ``stem/``."""
    mapping = mapped(table)
    langs = mapping.languages
    every = lambda text: "{" + ", ".join(f"{lang}: {q(text)}" for lang in langs) + "}"  # noqa: E731
    columns = [f"        id: {q(mapping.single['id'])}"]
    for name in ("count", "letter", "icon", "image", "color", "pattern"):
        if name in mapping.single:
            columns.append(f"        {name}: {q(mapping.single[name])}")
    for name in ("name", "text"):
        if name in mapping.texts:
            pairs = ", ".join(f"{lang}: {q(header)}" for lang, header in mapping.texts[name].items())
            columns.append(f"        {name}: {{{pairs}}}")
    if mapping.values:
        pairs = ", ".join(f"{name}: {q(header)}" for name, header in mapping.values.items())
        columns.append(f"        values: {{{pairs}}}")
    face = ["{type: frame}"]
    if "name" in mapping.texts:
        face.append("{type: name, box: [5, 5, 53, 10], size_pt: 12}")
    if "image" in mapping.single:  # a picture a card: as wide as the card's inside, filling its box
        face += [
            "# the picture: 'fit: cover' fills the box, its overflow cut off at the edges; 'contain'",
            "# shows all of it, as large as the box allows; 'crop: [x, y, w, h]' (fractions) picks a part",
            f"{{type: symbol, box: [5, 17, 53, {33 if 'text' in mapping.texts else 64}], fit: cover}}",
        ]
    elif "icon" in mapping.single:
        face.append("{type: symbol, box: [16, 18, 31, 31]}")
    if "letter" in mapping.single:
        face.append("{type: letter, box: [5, 5, 12, 12], size_pt: 20}")
    if "text" in mapping.texts:
        face.append("{type: text, box: [5, 52, 53, 30], size_pt: 8}")
    if len(face) == 1:
        face.append("{type: index, box: [5, 78, 53, 5]}")
    sheet_line = f"      sheet: {q(sheet)}\n" if sheet else ""
    if encoding:
        sheet_line += f"      encoding: {encoding}\n"
    left = ", ".join(map(in_comment, mapping.unmapped))
    unmapped = f"    # Columns not mapped (map them under columns: or leave them): {left}\n" if left else ""
    total = pieces(table, mapping)
    face_lines = "\n".join(f"      {line}" if line.startswith("#") else f"      - {line}" for line in face)
    return f"""# A kit whose deck is the table {in_comment(table_name)} (in the folder {stem}/), written by
# `printkit new {stem} --deck-from`. Each row below the header row is a type of card; the columns
# are mapped from the header row; change the mapping under 'columns:'. The guide is docs/kit-format.md.
#   printkit validate {stem}.yaml && printkit build {stem}.yaml

kit:
  title: {every(stem)}
  players: {{min: 1, max: 4}}
  languages: [{", ".join(langs)}]
  default_lang: {langs[0]}
  author: "Your name"

components:
  - id: cards
    kind: cards
    title: {every("Cards")}
    width: 63mm
    height: 88mm
    table:
      file: {q(table_name)}
{sheet_line}{unmapped}      columns:
{chr(10).join(columns)}
    face:
{face_lines}

rules:
  - heading: {every("Rules")}
    body: {every("The deck has {cards.total} cards.")}

invariants:
  - {{id: deck, check: "cards.total == {total}", rule: {every(f"{total} cards")}}}
"""
