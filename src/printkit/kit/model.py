"""The kit model: what every kit says (shared.py) with the components of the registry's kinds.

``kit_model(kinds)`` makes the model a kit file is parsed with from a registry of kinds
(``printkit.kit.kinds.Registry``, which ``printkit.kinds.load_kinds`` finds): its ``Component``
union has one member per kind's model and its page plan names the kinds' page roles. Nothing is
made when this module is imported, and the kit it parses carries its registry (``Kit.kinds``).
This module also turns pydantic's errors into kit problems, which needs the whole ``Kit``.
"""

from __future__ import annotations

import difflib
import functools
import types
import typing
from collections.abc import Collection
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Union

from pydantic import BaseModel, Field, ValidationError, create_model
from pydantic_core import ErrorDetails

from printkit.base.errors import KitError, Problem
from printkit.kit.file import KitSource
from printkit.kit.kinds import NO_KINDS, Registry
from printkit.kit.shared import (
    MAX_COUNT,
    SYNTHETIC_TAGS,
    ComponentBase,
    IconDef,
    Int,
    Invariant,
    KitFonts,
    KitInfo,
    Model,
    Need,
    PageCounts,
    PlannedPage,
    RuleSection,
    TwoSidedDefaults,
)
from printkit.kit.theme import Theme

if TYPE_CHECKING:

    class Component(ComponentBase):
        """What mypy knows of a component of any kind: the shared fields and a ``kind``."""

        kind: str
else:
    Component = ComponentBase  # a member of the union ``kit_model`` makes from a registry


class Kit(Model):
    """A printkit kit file: the game, what it needs, what is printed, the rules, the page plan and the facts to prove."""  # noqa: E501

    kinds: ClassVar[Registry] = NO_KINDS  # the kinds its components are of: ``kit_model``'s registry
    kit: KitInfo = Field(description="The game: title, players, languages.")
    needs: list[Need] = Field(default_factory=list, description="What the game needs that is not printed.")
    components: list[Component] = Field(description="What is printed, in page order.")
    rules: list[RuleSection] = Field(description="The rules, in your own words, in every language.")
    page_plan: list[PlannedPage] | None = Field(None, description="The pages the rulebook promises.")
    page_count: Annotated[Int, Field(ge=1, le=2000)] | PageCounts | None = Field(
        None,
        description="The page count the rulebook promises: one number, or one per paper ({a4: 7, letter: 9}); "
        "a paper not named is not checked.",
    )
    rules_on_screen: bool = Field(True, description="True when the rules need not be printed.")
    invariants: list[Invariant] = Field(default_factory=list, description="Facts the validator proves.")
    fonts: KitFonts | None = Field(None, description="The kit's own fonts for body text, headings or pieces.")
    theme: Theme = Field(
        default_factory=Theme,
        description="The kit's look: palette, the boards' ground, frame and title, the rules' faces.",
    )
    icons: list[IconDef] = Field(
        default_factory=list,
        description="Icons the texts name inline as :id: (the shapes and symbols printkit draws need no entry).",
    )
    two_sided: TwoSidedDefaults = Field(
        default_factory=TwoSidedDefaults,
        description="How two-sided pieces print by default: {mode: duplex, flip: short}; build --two-sided and "
        "--flip override it.",
    )
    dpi: Int = Field(
        300,
        ge=72,
        le=1200,
        description="The resolution pictures are embedded at: a PNG or JPEG larger than its print size needs is "
        "reduced to it (a JPEG up to 1.5 times that size is embedded as it is).",
    )

    def component(self, component_id: str) -> Any:
        for component in self.components:
            if component.id == component_id:
                return component
        raise KeyError(component_id)


@functools.cache  # once per registry and kinds used (a Registry hashes as itself)
def kit_model(kinds: Registry, used: frozenset[str] | None = None) -> type[Kit]:
    """The ``Kit`` whose components are of ``kinds``: a union of the kinds' models told apart by
    ``kind`` (in the registry's order: the order of the schema's oneOf and of "it must be one of
    ..." messages; cards and tiles share a model), and a page plan naming the kinds' page roles.

    ``used``, when given, narrows the union to the kinds it names (``parse_kit`` passes the kinds a
    kit file uses): pydantic builds the validator of every member on the first parse, 10-15 ms a
    kind of a 0.7 s build, and a shipped kit uses 1-4 of 11. A component's errors read the same
    either way (the union is told apart by ``kind``); the page plan names the registry's kinds'
    roles (the pipeline's registry holds the kinds the kit uses: ``load_kinds(only=...)``), and the
    model carries the whole registry."""
    members = [kind for kind in kinds.kinds if used is None or kind.name in used]
    models = tuple(dict.fromkeys(kind.model for kind in members))
    component: Any = Annotated[Union.__getitem__(models), Field(discriminator="kind")]
    role: Any = Literal.__getitem__(kinds.page_roles)
    planned = create_model(
        "PlannedPage", __base__=PlannedPage, __doc__=PlannedPage.__doc__, role=(role, own_field(PlannedPage, "role"))
    )
    kit = create_model(
        "Kit",
        __base__=Kit,
        __doc__=Kit.__doc__,
        components=(list[component], own_field(Kit, "components")),
        page_plan=(list[planned] | None, own_field(Kit, "page_plan")),
    )
    kit.kinds = kinds
    return kit


def own_field(model: type[BaseModel], name: str) -> Any:
    """A copy of ``model``'s field ``name`` (its default and description), for a subclass that
    narrows its type."""
    field = model.model_fields[name]
    return Field(field.default, description=field.description)


# --- turning pydantic's errors into kit problems -----------------------------------------------


def parse_kit(source: KitSource, kinds: Registry) -> Kit:
    """Validate plain kit data into a ``Kit`` of ``kinds``; every problem is reported at once."""
    if not isinstance(source.data, dict):
        raise KitError(
            [
                Problem(
                    source.display,
                    source.line_of(()),
                    "",
                    _shape_message(source.data, "a mapping with 'kit:', 'components:' and 'rules:'"),
                )
            ]
        )
    model = kit_model(kinds, kinds_used(source.data, kinds.by_name))
    try:
        return model.model_validate(source.data)
    except ValidationError as exc:
        problems = [_problem(source, error, model) for error in exc.errors()]
        raise KitError(_dedupe(problems)) from None


def kinds_used(data: object, kinds: Collection[str]) -> frozenset[str] | None:
    """The kinds the kit data's components name, when each is one of ``kinds`` (then the union
    need hold no other); None when a component names none or an unknown one, so that the whole
    union's message lists every kind."""
    components = data.get("components") if isinstance(data, dict) else None
    if not isinstance(components, list) or not components:
        return None
    named = [component.get("kind") if isinstance(component, dict) else None for component in components]
    if not all(isinstance(name, str) and name in kinds for name in named):
        return None
    return frozenset(typing.cast(list[str], named))


def _dedupe(problems: list[Problem]) -> list[Problem]:
    seen: set[str] = set()
    out = []
    for problem in problems:
        if str(problem) not in seen:
            seen.add(str(problem))
            out.append(problem)
    return out


def _problem(source: KitSource, error: ErrorDetails, model: type[Kit]) -> Problem:
    model_loc = tuple(error["loc"])
    data_loc = _data_loc(source.data, model_loc)
    return Problem(*source.where(data_loc), _message(error, model_loc, model))


def _data_loc(data: object, loc: tuple) -> tuple:
    """Drop the discriminator tags pydantic inserts in a location ('components', 0, 'sheet', ...)."""
    out: list = []
    node = data
    for part in loc:
        if isinstance(node, dict) and part in node:
            out.append(part)
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and part < len(node):
            out.append(part)
            node = node[part]
        elif isinstance(node, dict) and part in (node.get("kind"), node.get("type")):
            continue
        elif part in SYNTHETIC_TAGS or (isinstance(node, list) and isinstance(part, str)):
            continue
        elif isinstance(node, dict):
            out.append(part)
            node = None
        else:
            node = None
    return tuple(out)


def _not_whole(value: object) -> str:
    """Where a whole number was expected: what the kit wrote, and how to write it instead."""
    if isinstance(value, bool):
        return f"expected a whole number, got {str(value).lower()} (a yes/no value); write the number itself"
    if isinstance(value, float) and value.is_integer():
        return f"expected a whole number, got {value!r}; write it as {int(value)}, without a point or an exponent"
    return f"expected a whole number, got {value!r}"


def _message(error: ErrorDetails, loc: tuple, model: type[Kit]) -> str:
    kind = error["type"]
    if kind == "extra_forbidden":
        allowed = _allowed_keys(model, loc[:-1])
        key = str(loc[-1])
        hint = difflib.get_close_matches(key, allowed, n=1, cutoff=0.6)
        dym = f"; did you mean '{hint[0]}'?" if hint else ""
        return f"unknown key '{key}'{dym} (allowed: {', '.join(allowed)})"
    if kind == "missing":
        return f"required field is missing{_described(model, loc)}"
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        ctx = error.get("ctx", {})
        expected = ctx.get("expected_tags", "")
        key = ctx.get("discriminator", "'kind'").strip("'")
        if kind == "union_tag_not_found":
            return f"missing '{key}'; it must be one of {expected}"
        return f"unknown {key} {ctx.get('tag')!r}; it must be one of {expected}"
    if kind == "model_type" or kind == "dict_type":
        return _shape_message(error.get("input"), "a mapping (key: value lines)")
    if kind == "list_type":
        return _shape_message(error.get("input"), "a list ('- ' items)")
    if kind == "literal_error":
        return f"{error.get('input')!r} is not allowed; {error['msg'].replace('Input should be ', 'use ')}"
    if kind == "string_pattern_mismatch":
        return f"{error.get('input')!r} does not match the pattern {error['ctx']['pattern']}" + _pattern_hint(
            error["ctx"]["pattern"]
        )
    if kind == "value_error":
        return str(error.get("ctx", {}).get("error", error["msg"]))
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return _not_whole(error.get("input"))
    if kind in ("float_parsing", "float_type"):
        return f"expected a number, got {error.get('input')!r}"
    if kind in ("bool_parsing", "bool_type"):
        return f"expected true or false, got {error.get('input')!r}"
    if kind in ("string_type",):
        return f"expected text, got {error.get('input')!r}"
    if (
        kind == "less_than_equal"
        and error.get("ctx", {}).get("le") == MAX_COUNT
        and isinstance(error.get("input"), int)
    ):
        return f"{error.get('input'):,} is over the limit of {MAX_COUNT:,} of one component"
    if kind == "string_too_long":
        most, given = error.get("ctx", {}).get("max_length"), str(error.get("input"))
        return f"{len(given)} characters is too long; at most {most} fit here (got {given!r})"
    if kind == "too_short":
        least = error.get("ctx", {}).get("min_length", 1)
        return f"an empty list; give at least {least} item{'s' if least != 1 else ''} here (or remove the line)"
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        return f"{error.get('input')!r} is out of range: {error['msg'].replace('Input should be ', 'it must be ')}"
    return f"{error['msg']} (got {error.get('input')!r})"


def _described(kit: type[Kit], loc: tuple) -> str:
    """' (<the field's description>)', so the message says what to write there."""
    model = _model_at(kit, loc[:-1])
    field = model.model_fields.get(str(loc[-1])) if model is not None else None
    if field is None or not field.description:
        return ""
    return f" ({field.description[0].lower()}{field.description[1:].rstrip('.')})"


def _pattern_hint(pattern: str) -> str:
    hints = {
        r"^[a-z][a-z0-9_]*$": " (lower-case letters, digits and _, starting with a letter, e.g. 'tokens_a')",
        r"^#[0-9a-fA-F]{6}$": " (a colour such as '#2a7ab0')",
        r"^[a-z]{2}$": " (a two-letter language code such as 'pl')",
    }
    return hints.get(pattern, "")


def _shape_message(value: object, wanted: str) -> str:
    what = {
        dict: "a mapping",
        list: "a list",
        str: "text",
        int: "a number",
        float: "a number",
        bool: "true/false",
        type(None): "nothing",
    }
    return f"expected {wanted}, got {what.get(type(value), type(value).__name__)}"


def _allowed_keys(kit: type[Kit], loc: tuple) -> list[str]:
    model = _model_at(kit, loc)
    if model is None:
        return []
    return list(model.model_fields)


def _model_at(model: type[BaseModel], loc: tuple) -> type[BaseModel] | None:
    """Follow a pydantic error location through the schema to the model that holds its last key."""
    current: Any = model
    for part in loc:
        current = _unwrap(current, part)
        if current is None:
            return None
    current = _unwrap(current, None)
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def _unwrap(annotation: Any, part: object) -> Any:
    """One step along a location: into a field, a list item, or a discriminated union's member."""
    while True:
        origin = typing.get_origin(annotation)
        if origin is Annotated:
            annotation = typing.get_args(annotation)[0]
            continue
        if origin in (Union, types.UnionType):
            members = [a for a in typing.get_args(annotation) if a is not type(None)]
            models = [m for m in members if isinstance(m, type) and issubclass(m, BaseModel)]
            if part is not None:
                for member in models:
                    for tag_field in ("kind", "type"):
                        field = member.model_fields.get(tag_field)
                        if field is not None and part in typing.get_args(field.annotation):
                            return member
            if len(members) == 1:
                annotation = members[0]
                continue
            if part is None:
                return models[0] if len(models) == 1 else None
            if models and isinstance(part, str):
                for member in models:
                    if part in member.model_fields:
                        return member.model_fields[part].annotation
            lists = [m for m in members if typing.get_origin(m) is list]
            if lists and isinstance(part, int):
                annotation = lists[0]
                continue
            return None
        break
    if part is None:
        return annotation
    if typing.get_origin(annotation) is list and isinstance(part, int):
        return typing.get_args(annotation)[0]
    if typing.get_origin(annotation) is dict:
        return typing.get_args(annotation)[1]
    if isinstance(annotation, type) and issubclass(annotation, BaseModel) and isinstance(part, str):
        field = annotation.model_fields.get(part)
        return field.annotation if field is not None else None
    return None
