"""The models' core schemas kept like bytecode: a start that reads them validates exactly as one that derives them."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from printkit import model
from printkit.errors import KitError
from printkit.kitfile import find_kit, load_kit_source, shipped_kit_names

BAD_KITS = sorted((Path(__file__).parent / "bad_kits").glob("*.yaml"))
SHIPPED = [find_kit(name) for name in shipped_kit_names()]


def outcome(path: Path) -> object:
    """The parsed kit, or the exact problems it is refused with."""
    try:
        return model.parse_kit(load_kit_source(path))
    except KitError as error:
        return [str(problem) for problem in error.problems]


def components_alone(path: Path) -> list[object]:
    """Each component of a kit validated on its own, as the count checks validate a changed one."""
    source = load_kit_source(path)
    kit = model.parse_kit(source)
    return [
        type(component).model_validate(data)
        for component, data in zip(kit.components, source.data["components"], strict=True)
    ]


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    path = tmp_path / "model.schemas.pickle"
    monkeypatch.setattr(model, "_schema_cache", lambda: path)
    monkeypatch.setattr(model.sys, "dont_write_bytecode", False)
    return path


def test_cached_schemas_validate_every_kit_as_the_derived_ones(cache):
    kits = SHIPPED + BAD_KITS
    derived = [outcome(path) for path in kits]
    derived_parts = [components_alone(path) for path in SHIPPED]
    derived_json_schema = model.Kit.model_json_schema()
    model._complete_models()  # no cache yet: derives every model's schema and writes them
    schemas = pickle.loads(cache.read_bytes())
    assert schemas.keys() == model._models().keys()
    assert schemas["Kit"][1] == {"title": "Kit", "extra_fields_behavior": "forbid", "strict": False}
    model._complete_models()  # reads them back and compiles the validators from them
    assert all(cls.__pydantic_complete__ for cls in model._models().values())
    assert [outcome(path) for path in kits] == derived
    assert [components_alone(path) for path in SHIPPED] == derived_parts
    assert model.Kit.model_json_schema() == derived_json_schema


def test_a_cache_that_does_not_load_is_derived_again(cache):
    cache.write_bytes(b"not a pickle")
    model._complete_models()
    assert pickle.loads(cache.read_bytes())["Kit"][1]["title"] == "Kit"
    assert isinstance(outcome(find_kit("latarnie")), model.Kit)
