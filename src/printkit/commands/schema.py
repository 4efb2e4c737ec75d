"""The kit file's JSON Schema and its field reference, both generated from the typed kit model (kit.py).

Editors with the YAML language server read the schema (a kit's first line points at it) to complete
and check fields; docs/kit-format.md carries the Markdown reference. Neither is written by hand, so
neither can drift from what ``printkit build`` accepts.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
from msgspec import Struct

from printkit.base.units import LENGTH_PATTERN
from printkit.kinds import load_kinds
from printkit.kit.kinds import Registry
from printkit.kit.model import kit_model
from printkit.output.files import write_atomic


class SchemaOptions(Struct, frozen=True):
    """`printkit schema`."""

    output: Path | None
    markdown: bool


DIALECT = "https://json-schema.org/draft/2020-12/schema"
TITLE = "printkit kit file"
TAGS = ("kind", "type")  # the fields that say which model a mapping is; listed first
PATTERN_NAMES = {
    r"^[a-z][a-z0-9_]*$": "name (a-z, 0-9, _)",
    r"^#[0-9a-fA-F]{6}$": "colour `#rrggbb`",
    r"^[a-z]{2}$": "language code such as `pl`",
    r"^[A-Z][1-9][0-9]?$": "cell such as `C3`",
    r"^(#[0-9a-fA-F]{6}|piece|ink|white)$": "`ink`, `white`, `piece` or `#rrggbb`",
    r"^[A-Za-z][A-Za-z0-9_]*$": "name (letters, digits, _)",
}


def run(options: SchemaOptions) -> None:
    """The schema (or with --markdown the field reference) on the screen, or written to -o's file."""
    text = reference_markdown() if options.markdown else schema_text()
    if options.output is None:
        click.echo(text, nl=False)
    else:
        write_atomic(options.output, text.encode("utf-8"))
        click.echo(str(options.output))


def kit_schema(kinds: Registry | None = None) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a kit file whose components are of ``kinds`` (by
    default printkit's own)."""
    schema = kit_model(kinds if kinds is not None else load_kinds()).model_json_schema()
    return {"$schema": DIALECT, **schema, "title": TITLE}


def schema_text() -> str:
    """The schema as the file schema/kit.schema.json holds it."""
    return json.dumps(kit_schema(), indent=2, ensure_ascii=False) + "\n"


# --- the Markdown field reference --------------------------------------------------------------


def reference_markdown() -> str:
    """One section per model, in the order a reader meets them from the top of a kit file."""
    schema = kit_schema()
    definitions = schema["$defs"]
    sections = [_section("Kit", schema, "the whole file")]
    for name in _reachable(schema, definitions):
        sections.append(_section(name, definitions[name]))
    return "\n".join(sections)


def _reachable(root: dict, definitions: dict) -> list[str]:
    """Definition names depth-first in the order fields mention them."""
    order: list[str] = []

    def visit(node: object) -> None:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str):
                name = ref.rsplit("/", 1)[-1]
                if name not in order:
                    order.append(name)
                    visit(definitions[name])
            for key, value in node.items():
                if key not in ("$defs", "discriminator"):
                    visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)

    visit({key: value for key, value in root.items() if key != "$defs"})
    return order


def _section(name: str, node: dict, note: str = "") -> str:
    heading = f"### {name}" + (f" ({note})" if note else "")
    lines = [heading, ""]
    if node.get("description"):
        lines += [node["description"].strip(), ""]
    required = set(node.get("required", []))
    lines += ["| field | type | default | what it is |", "|---|---|---|---|"]
    for field, spec in sorted(node.get("properties", {}).items(), key=lambda item: item[0] not in TAGS):
        default = "required" if field in required else _default(spec)
        row = [f"`{field}`", type_of(spec), default, spec.get("description", "")]
        lines.append("| " + " | ".join(_cell(cell) for cell in row) + " |")
    return "\n".join(lines) + "\n"


def _default(spec: dict) -> str:
    if "default" not in spec:
        return "optional"
    value = spec["default"]
    if value is None:
        return "none"
    return f"`{json.dumps(value, ensure_ascii=False)}`"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def type_of(node: dict) -> str:
    """A short human name for a schema node's type, linking to the sections of models."""
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        return f"[{name}](#{name.lower()})"
    if "discriminator" in node:
        return _tagged(node["discriminator"])
    choices = node.get("anyOf") or node.get("oneOf")
    if choices:
        return _choices(choices)
    if "const" in node:
        return f"`{node['const']}`"
    if "enum" in node:
        return " or ".join(f"`{value}`" for value in node["enum"])
    kind = node.get("type")
    if kind == "object":
        return "text in each language (`{pl: .., cs: .., en: ..}`)" if "propertyNames" in node else "mapping"
    if kind == "array":
        if "prefixItems" in node:
            return "[" + ", ".join(type_of(item) for item in node["prefixItems"]) + "]"
        return f"list of {type_of(node.get('items', {}))}" + _list_bounds(node)
    if kind == "string":
        pattern = node.get("pattern")
        if pattern:
            return PATTERN_NAMES.get(pattern, f"text matching `{pattern}`")
        return "text"
    if kind == "integer":
        return "whole number" + _bounds(node)
    if kind == "number":
        return "number" + _bounds(node)
    if kind == "boolean":
        return "true or false"
    return "anything"


def _tagged(discriminator: dict) -> str:
    """A mapping whose `kind:` or `type:` says which model it is."""
    links = ", ".join(
        f"[{tag}]({ref.replace('#/$defs/', '#').lower()})" for tag, ref in discriminator["mapping"].items()
    )
    return f"`{discriminator['propertyName']}:` {links}"


def _choices(choices: list[dict]) -> str:
    if len(choices) == 2 and choices[1].get("type") == "array" and choices[1].get("items") == choices[0]:
        return f"{type_of(choices[0])}, or a list of them"
    present = [choice for choice in choices if choice.get("type") != "null"]
    strings = [choice for choice in present if choice.get("pattern") == LENGTH_PATTERN]
    numbers = [choice for choice in present if choice.get("type") == "number"]
    if strings and len(numbers) == 1 and len(present) == 2:
        return 'length in mm (`20` or `"20mm"`, `"2.5in"`)' + _bounds(numbers[0])
    names: list[str] = []
    for choice in present:
        name = type_of(choice)
        if name not in names:
            names.append(name)
    return " or ".join(names)


def _bounds(node: dict) -> str:
    parts = []
    if "exclusiveMinimum" in node:
        parts.append(f"> {node['exclusiveMinimum']:g}")
    if "minimum" in node:
        parts.append(f"≥ {node['minimum']:g}")
    if "maximum" in node:
        parts.append(f"≤ {node['maximum']:g}")
    return f", {' and '.join(parts)}" if parts else ""


def _list_bounds(node: dict) -> str:
    low, high = node.get("minItems"), node.get("maxItems")
    if low is not None and low == high:
        return f", exactly {low}"
    if low:
        return f", at least {low}"
    return ""
