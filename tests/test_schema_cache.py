"""Kit's core schema kept like bytecode: a start that reads it validates exactly as one that derives it."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from printkit import model
from printkit.errors import KitError
from printkit.kitfile import find_kit, load_kit_source, shipped_kit_names

BAD_KITS = sorted((Path(__file__).parent / "bad_kits").glob("*.yaml"))


def outcome(path: Path) -> object:
    """The parsed kit, or the exact problems it is refused with."""
    try:
        return model.parse_kit(load_kit_source(path))
    except KitError as error:
        return [str(problem) for problem in error.problems]


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    path = tmp_path / "model.kit-schema.pickle"
    monkeypatch.setattr(model, "_kit_schema_cache", lambda: path)
    monkeypatch.setattr(model.sys, "dont_write_bytecode", False)
    return path


def test_a_cached_schema_validates_every_kit_as_the_derived_one(cache):
    kits = [find_kit(name) for name in shipped_kit_names()] + BAD_KITS
    derived = [outcome(path) for path in kits]
    derived_json_schema = model.Kit.model_json_schema()
    model._complete_kit()  # no cache yet: derives the schema and writes it
    _, config = pickle.loads(cache.read_bytes())
    assert config == {"title": "Kit", "extra_fields_behavior": "forbid", "strict": False}
    model._complete_kit()  # reads it back and compiles the validator from it
    assert [outcome(path) for path in kits] == derived
    assert model.Kit.model_json_schema() == derived_json_schema


def test_a_cache_that_does_not_load_is_derived_again(cache):
    cache.write_bytes(b"not a pickle")
    model._complete_kit()
    assert pickle.loads(cache.read_bytes())[1]["title"] == "Kit"
    assert isinstance(outcome(find_kit("latarnie")), model.Kit)
