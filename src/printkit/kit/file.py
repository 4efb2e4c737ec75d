"""Reading kit files: YAML to plain data, with the line of every value kept, and kit lookup."""

from __future__ import annotations

import functools
import re
import unicodedata
from importlib import resources
from pathlib import Path

import yaml
from msgspec import Struct, field
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from printkit.base.errors import KitError, kit_error
from printkit.kit.paths import KitFolder

MAX_KIT_BYTES = 2 * 1024 * 1024
MAX_YAML_NODES = 200_000
MAX_DEPTH = 50  # lists in lists, mappings in mappings: a kit needs fewer than ten
MAX_DIGITS = 100  # a whole number's digits: a kit's largest needs five
NESTED = f"lists and mappings nest more than {MAX_DEPTH} levels deep here; a kit needs fewer than ten"
_PLAIN_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:map",
}

_DATE = "tag:yaml.org,2002:timestamp"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
# What a person means by a number: YAML 1.1 also reads 010 as 8 (octal), 0b1000 and 0x8 as 8,
# 8_0 as 80 and 1:30 as 90 (base 60), which printkit refuses, saying what to write.
_PLAIN_INT = re.compile(r"[-+]?(0|[1-9][0-9]*)")
_PLAIN_FLOAT = re.compile(r"[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN)")


def data_dir() -> Path:
    """printkit's run-time files (the shipped kits with their art, the fonts, the JSON Schema),
    inside the installed package: ``printkit/data/``. In the repository that folder holds links to
    the top-level ``kits/``, ``fonts/`` and ``schema/``, which a wheel carries as real files."""
    return Path(str(resources.files("printkit") / "data"))


def shipped_kits_dir() -> Path:
    return data_dir() / "kits"


class KitSource(Struct, dict=True):
    """A kit file's plain data plus the line where each field path starts."""

    path: Path
    data: object
    lines: dict[tuple, int] = field(default_factory=dict)
    # Fields read from a table file (tables.py): loc -> (the table's path as shown, "sheet S, row R, column C").
    origins: dict[tuple, tuple[str, str]] = field(default_factory=dict)
    # A text written over several lines (a `pl: |` block): loc -> its first and last line, so that a
    # finding about a word inside it names the line that holds the word (line_within).
    spans: dict[tuple, tuple[int, int]] = field(default_factory=dict)
    text_lines: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.path.stem

    @property
    def display(self) -> str:
        return _display_path(self.path)

    @functools.cached_property
    def folder(self) -> KitFolder:
        """Where the kit's own pictures, tables and fonts live: kits/NAME/ beside kits/NAME.yaml,
        and its real path, which every file the kit names is resolved against (kitpaths.py)."""
        return KitFolder.of(self.path)

    def where(self, loc: tuple, within: str | None = None) -> tuple[str, int | None, str]:
        """The file, line and field a finding about ``loc`` names: the kit file's line and dotted
        path (in a text over several lines, the line that holds ``within``), or, for a field read
        from a table, the table's file, no line, and its sheet, row and column; a loc that starts
        with an option (``("--names",)``) names that option alone."""
        loc = tuple(loc)
        if loc and isinstance(loc[0], str) and loc[0].startswith("--"):
            return loc[0], None, ""  # a command-line option's value (``--names``), not the kit's
        for end in range(len(loc), 0, -1):
            origin = self.origins.get(loc[:end])
            if origin is not None:
                return origin[0], None, origin[1]
        line = self.line_within(loc, within) if within else None
        return self.display, line or self.line_of(loc), _dotted(loc)

    def line_within(self, loc: tuple, needle: str) -> int | None:
        """The line of the text at ``loc``, written over several lines, that holds ``needle`` (its
        first line, when it spans several); None for a text on one line or a needle not found there."""
        span = self.spans.get(tuple(loc))
        first = needle.strip().splitlines()[0] if needle.strip() else ""
        if span is None or not first:
            return None
        start, end = span
        for number in range(start, min(end, len(self.text_lines)) + 1):
            if first in self.text_lines[number - 1]:
                return number
        return None

    def line_of(self, loc: tuple) -> int | None:
        """The line of the deepest known prefix of loc (a missing key reports its parent)."""
        loc = tuple(loc)
        while loc:
            if loc in self.lines:
                return self.lines[loc]
            loc = loc[:-1]
        return self.lines.get((), None)


def _display_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, RuntimeError, OSError):  # outside the current folder; a loop of links
        return str(path)


def shipped_kit_names() -> list[str]:
    return sorted(p.stem for p in shipped_kits_dir().glob("*.yaml"))


def find_kit(name_or_path: str) -> Path:
    """A shipped kit's name (``ogrod``) or the path of any kit file."""
    candidate = Path(name_or_path)
    looks_like_path = candidate.suffix in {".yaml", ".yml"} or "/" in name_or_path or "\\" in name_or_path
    if looks_like_path or candidate.is_file():
        if not candidate.is_file():
            raise kit_error(name_or_path, None, "", "no such kit file")
        return candidate
    shipped = shipped_kits_dir() / f"{name_or_path}.yaml"
    if shipped.is_file():
        return shipped
    names = ", ".join(shipped_kit_names()) or "none"
    raise kit_error(name_or_path, None, "", f"unknown kit; the shipped kits are: {names}")


def load_kit_source(path: Path) -> KitSource:
    """Parse a kit file into plain Python data and a line map; every failure is a KitError."""
    shown = _display_path(path)
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise kit_error(shown, None, "", f"cannot read the kit file ({exc.strerror})") from None
    if size > MAX_KIT_BYTES:
        raise kit_error(shown, None, "", f"the kit file is {size:,} bytes; the limit is {MAX_KIT_BYTES:,} bytes (2 MB)")
    raw = path.read_bytes()
    if b"\x00" in raw:
        raise kit_error(
            shown,
            None,
            "",
            f"this is a binary file (a zero byte at byte {raw.index(bytes(1)):,}), not a kit file; a kit file is "
            "YAML text in UTF-8",
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad_line = raw[: exc.start].count(b"\n") + 1
        bad_column = exc.start - raw.rfind(b"\n", 0, exc.start)
        raise kit_error(
            shown,
            bad_line,
            "",
            f"the kit file is not UTF-8 text (byte 0x{raw[exc.start]:02X} at column {bad_column}); save it as UTF-8",
        ) from None
    try:
        root = compose(text)
    except RecursionError:  # the pure-Python parser, on nesting libyaml would have refused
        raise kit_error(shown, None, "", NESTED) from None
    except yaml.MarkedYAMLError as exc:
        if exc.problem and "nesting depth" in exc.problem and exc.problem_mark:
            raise kit_error(shown, exc.problem_mark.line + 1, "", NESTED) from None
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        column = f", column {mark.column + 1}" if mark else ""
        problem = exc.problem or exc.context or "invalid YAML"
        raise kit_error(shown, line, "", f"YAML syntax error{column}: {problem}{_opened_at(exc)}") from None
    except yaml.reader.ReaderError as exc:
        raise _refused_character(shown, text, exc) from None
    except yaml.YAMLError as exc:
        raise kit_error(shown, None, "", f"YAML error: {exc}") from None
    if root is None:
        raise kit_error(shown, None, "", "the kit file is empty; a kit starts with a 'kit:' mapping")
    source = KitSource(path=path, data=None, text_lines=text.splitlines())
    if source.folder.refused:
        raise kit_error(shown, None, "", source.folder.refused)
    source.data = _Converter(source, shown).convert(root, ())
    return source


def _refused_character(shown: str, text: str, exc: yaml.reader.ReaderError) -> KitError:
    """The one line for a character YAML refuses anywhere in its text (a control character such
    as BEL): its line and column, instead of PyYAML's two lines counting characters."""
    position = max(0, min(exc.position, len(text)))
    code = exc.character if isinstance(exc.character, int) else ord(text[position : position + 1] or "?")
    line = text.count("\n", 0, position) + 1
    column = position - text.rfind("\n", 0, position)
    return kit_error(
        shown,
        line,
        "",
        f"the character U+{code:04X} at column {column} is not allowed in a kit file (YAML refuses control "
        "characters); remove it",
    )


_OPENED = {
    "while parsing a flow mapping": "the { } mapping",
    "while parsing a flow sequence": "the [ ] list",
    "while parsing a block mapping": "the mapping",
    "while parsing a block collection": "the list",
    "while scanning a quoted scalar": "the quoted text",
    "while scanning a simple key": "the key",
}


def _opened_at(exc: yaml.MarkedYAMLError) -> str:
    """Where the construct that went wrong began, when that is another line (an unclosed '{' or
    quote is found only lines later, so the problem's own line alone misleads)."""
    start, end = exc.context_mark, exc.problem_mark
    if not exc.problem or start is None or end is None or start.line == end.line:
        return ""
    what = _OPENED.get(exc.context or "", "the part")
    return f" ({what} opened on line {start.line + 1}, column {start.column + 1})"


def compose(text: str) -> Node | None:
    """The YAML node tree, read by libyaml when PyYAML has it (ten times faster); a document libyaml
    refuses is read again by the pure-Python parser, whose error messages printkit reports."""
    fast = getattr(yaml, "CSafeLoader", None)
    if fast is not None:
        try:
            return yaml.compose(text, Loader=fast)
        except yaml.MarkedYAMLError as exc:
            if exc.problem and "nesting depth" in exc.problem:
                raise  # the pure-Python parser would recurse until Python stops it
        except yaml.YAMLError:
            pass
    return yaml.compose(text, Loader=yaml.SafeLoader)


class _Converter:
    """Turns composed YAML nodes into plain data, recording lines and refusing what a kit never needs."""

    def __init__(self, source: KitSource, shown: str):
        self.source = source
        self.shown = shown
        self.visited = 0
        self.constructor = SafeConstructor()

    def error(self, node: Node, field: str, message: str) -> KitError:
        """The one-line error about ``node``: this file, the node's line, the field."""
        return kit_error(self.shown, node.start_mark.line + 1, field, message)

    def convert(self, node: Node, loc: tuple) -> object:
        self.visited += 1
        if len(loc) > MAX_DEPTH:
            raise self.error(node, _dotted(loc[:4]), NESTED)
        if self.visited > MAX_YAML_NODES:
            raise self.error(
                node,
                _dotted(loc),
                f"the kit expands to more than {MAX_YAML_NODES:,} values, the limit; its YAML aliases (*name) repeat "
                "parts too often",
            )
        self.source.lines.setdefault(loc, node.start_mark.line + 1)
        if node.tag == _DATE and isinstance(node, ScalarNode):
            return node.value  # 'version: 2024-05-01' is text to the writer, not a YAML timestamp
        if node.tag not in _PLAIN_TAGS:
            raise self.error(
                node,
                _dotted(loc),
                f"YAML tag {node.tag!r} is not allowed; a kit holds only plain text, numbers, lists and mappings",
            )
        if isinstance(node, MappingNode):
            return self._mapping(node, loc)
        if isinstance(node, SequenceNode):
            return [self.convert(item, loc + (i,)) for i, item in enumerate(node.value)]
        assert isinstance(node, ScalarNode)
        if node.tag == _INT and len(node.value) > MAX_DIGITS:
            raise self.error(
                node,
                _dotted(loc),
                f"a whole number of {len(node.value):,} digits; printkit reads at most {MAX_DIGITS}",
            )
        value = self.constructor.construct_object(node)
        if isinstance(value, str) and node.end_mark.line > node.start_mark.line:
            # a block scalar ends at column 0 of the line after its last (the next key's line)
            last = node.end_mark.line + (1 if node.end_mark.column else 0)
            self.source.spans[loc] = (node.start_mark.line + 1, last)
        if node.tag in (_INT, _FLOAT):
            self.plain_number(node, value, loc)
        return self.composed(value, node, loc) if isinstance(value, str) and not value.isascii() else value

    def plain_number(self, node: ScalarNode, value: object, loc: tuple) -> None:
        """Refuse a number YAML 1.1 reads otherwise than it reads to a person: 010 (octal 8), 0b1000,
        0x8, 0o10, 8_0 (80) and 1:30 (base 60, 90)."""
        plain = _PLAIN_INT if node.tag == _INT else _PLAIN_FLOAT
        if plain.fullmatch(node.value):
            return
        shown = node.value if len(node.value) <= 40 else node.value[:39] + "…"
        raise self.error(
            node,
            _dotted(loc),
            f"YAML reads {shown} as {value!r}; write {value!r}, not {shown} (or quote it, '{shown}', for text)",
        )

    def composed(self, text: str, node: Node, loc: tuple) -> str:
        """``text`` in NFC: a letter and its accent typed as two characters (NFD, as some editors
        and macOS file names save Czech) become the one character the font draws, instead of a
        letter and a detached mark. A mark that no single character holds with its letter is refused."""
        text = unicodedata.normalize("NFC", text)
        for at, char in enumerate(text):
            if unicodedata.combining(char):
                base = text[at - 1] if at else ""
                raise self.error(
                    node,
                    _dotted(loc),
                    f"{base!r} followed by the separate accent U+{ord(char):04X} ({unicodedata.name(char, 'a mark')}) "
                    "has no single character; it would print as a detached mark (type the accented letter itself)",
                )
        return text

    def _mapping(self, node: MappingNode, loc: tuple) -> dict:
        result: dict = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":  # before the plain-text test, which it would fail
                raise self.error(
                    key_node,
                    _dotted(loc),
                    "YAML merge keys (<<) are not supported; write the keys out, or repeat a value with an alias "
                    "(*name)",
                )
            if not isinstance(key_node, ScalarNode) or key_node.tag not in _PLAIN_TAGS:
                raise self.error(key_node, _dotted(loc), "a key must be plain text")
            key = unicodedata.normalize("NFC", str(self.constructor.construct_object(key_node)))
            if key in result:
                raise self.error(
                    key_node,
                    _dotted(loc + (key,)),
                    f"duplicate key {key!r} (first on line {self.source.lines[loc + (key,)]}); give each key once",
                )
            self.source.lines[loc + (key,)] = key_node.start_mark.line + 1
            result[key] = self.convert(value_node, loc + (key,))
        return result


def _dotted(loc: tuple) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


dotted = _dotted
display_path = _display_path
