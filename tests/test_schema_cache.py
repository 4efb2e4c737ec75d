"""The models' core schemas kept in the user's cache folder (schema_cache.py): a start that reads them
validates exactly as one that derives them, and nothing is written into the installed package."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import time
from pathlib import Path

import pytest

import printkit
from printkit import kit as kit_model
from printkit import schema_cache, usercache
from printkit.errors import KitError
from printkit.kitfile import find_kit, load_kit_source, shipped_kit_names

BAD_KITS = sorted((Path(__file__).parent / "bad_kits").glob("*.yaml"))
SHIPPED = [find_kit(name) for name in shipped_kit_names()]


def outcome(path: Path) -> object:
    """The parsed kit, or the exact problems it is refused with."""
    try:
        return kit_model.parse_kit(load_kit_source(path))
    except KitError as error:
        return [str(problem) for problem in error.problems]


def components_alone(path: Path) -> list[object]:
    """Each component of a kit validated on its own, as the count checks validate a changed one."""
    source = load_kit_source(path)
    kit = kit_model.parse_kit(source)
    return [
        type(component).model_validate(data)
        for component, data in zip(kit.components, source.data["components"], strict=True)
    ]


SOURCES = kit_model.SOURCES


def complete() -> None:
    schema_cache.complete(kit_model._models(), kit_model.Kit, SOURCES)


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setattr(schema_cache, "cache_folder", lambda: tmp_path / "cache")
    monkeypatch.setattr(schema_cache.sys, "dont_write_bytecode", False)
    monkeypatch.delenv("PRINTKIT_NO_SCHEMA_CACHE", raising=False)
    return schema_cache.cache_file(SOURCES)


def test_cached_schemas_validate_every_kit_as_the_derived_ones(cache):
    kits = SHIPPED + BAD_KITS
    derived = [outcome(path) for path in kits]
    derived_parts = [components_alone(path) for path in SHIPPED]
    derived_json_schema = kit_model.Kit.model_json_schema()
    complete()  # no cache yet: derives every model's schema and writes them
    schemas = pickle.loads(cache.read_bytes())
    assert schemas.keys() == kit_model._models().keys()
    assert schemas["Kit"][1] == {"title": "Kit", "extra_fields_behavior": "forbid", "strict": False}
    complete()  # reads them back and compiles the validators from them
    assert all(cls.__pydantic_complete__ for cls in kit_model._models().values())
    assert [outcome(path) for path in kits] == derived
    assert [components_alone(path) for path in SHIPPED] == derived_parts
    assert kit_model.Kit.model_json_schema() == derived_json_schema


def test_a_cache_that_does_not_load_is_derived_again(cache):
    cache.parent.mkdir(parents=True)
    cache.write_bytes(b"not a pickle")
    complete()
    assert pickle.loads(cache.read_bytes())["Kit"][1]["title"] == "Kit"
    assert isinstance(outcome(find_kit("latarnie")), kit_model.Kit)


def test_an_older_cache_unused_for_the_unused_days_is_removed_when_a_new_one_is_written(cache):
    older = cache.with_name(f"{schema_cache.PREFIX}0123456789abcdef.pickle")
    older.parent.mkdir(parents=True)
    older.write_bytes(b"made from an older model.py")
    then = time.time() - (usercache.UNUSED_DAYS + 1) * 86400
    os.utime(older, (then, then))
    complete()
    assert cache.is_file() and not older.exists()


def test_the_cache_of_another_installed_version_stays_when_a_new_one_is_written(cache):
    theirs = cache.with_name(f"{schema_cache.PREFIX}0123456789abcdef.pickle")
    theirs.parent.mkdir(parents=True)
    theirs.write_bytes(b"made from another printkit's model.py")
    then = time.time() - (usercache.UNUSED_DAYS - 1) * 86400
    os.utime(theirs, (then, then))
    complete()
    assert cache.is_file() and theirs.read_bytes() == b"made from another printkit's model.py"


def test_a_folder_that_cannot_be_written_only_costs_the_derivation(tmp_path, monkeypatch):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setattr(schema_cache, "cache_folder", lambda: blocked / "printkit")
    monkeypatch.setattr(schema_cache.sys, "dont_write_bytecode", False)
    complete()
    assert isinstance(outcome(find_kit("latarnie")), kit_model.Kit)
    assert blocked.read_text() == "not a folder"


def test_a_start_writes_under_the_user_cache_folder_never_into_the_package(tmp_path):
    """A fresh interpreter with XDG_CACHE_HOME set: the schemas land there, printkit's folder is untouched."""
    package = Path(printkit.__file__).parent
    before = sorted(p.name for p in package.rglob("*") if "schemas" in p.name or p.suffix == ".pickle")
    env = {"XDG_CACHE_HOME": str(tmp_path), "PATH": "", "HOME": str(tmp_path)}
    result = subprocess.run([sys.executable, "-c", "import printkit.kit"], env=env, capture_output=True, check=False)
    assert result.returncode == 0, result.stderr
    assert [p.name for p in (tmp_path / "printkit").glob("*.pickle")] == [schema_cache.cache_file(SOURCES).name]
    after = sorted(p.name for p in package.rglob("*") if "schemas" in p.name or p.suffix == ".pickle")
    assert after == before
