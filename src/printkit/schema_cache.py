"""The kit models' pydantic core schemas, kept in the user's cache folder like bytecode.

Pydantic derives a core schema from the ~60 model classes of ``model.py`` and the kinds' model
modules at every start (about 0.06 s of a 0.25 s build). The schemas it derives are plain data
with references to those classes and their validators, so they can be pickled once and only
compiled at later starts.

The contract:

- ``complete(models, sources)`` leaves every class of ``models`` ready to validate, exactly as
  pydantic's own derivation would (``tests/test_schema_cache.py`` proves it on every shipped and
  bad kit).
- The cache file is named by everything the schemas are made from: the bytes of ``sources`` (the
  modules that define the models), the Python version and the pydantic and pydantic-core versions.
  A file that is missing, unreadable or made for other classes is ignored and derived again.
- It is written only under the user's cache folder (``platformdirs.user_cache_dir("printkit")``,
  so ``$XDG_CACHE_HOME/printkit`` on Linux), never into the installed package; atomically, and not
  at all when Python writes no bytecode (``-B``, ``PYTHONDONTWRITEBYTECODE``) or when
  ``PRINTKIT_NO_SCHEMA_CACHE`` is set. A folder that cannot be written costs the derivation, nothing
  else.
- It sets four attributes pydantic documents as its own (``__pydantic_core_schema__``,
  ``__pydantic_validator__``, ``__pydantic_serializer__``, ``__pydantic_complete__``): the reason
  ``pyproject.toml`` bounds pydantic below 3, and why the test above must keep passing.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pydantic
import pydantic_core
from pydantic import BaseModel
from pydantic_core import SchemaSerializer, SchemaValidator

PREFIX = "core-schemas-"
# What unpickling a damaged or foreign file may raise; anything else is a bug and is not hidden.
_UNREADABLE = (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, ValueError, TypeError, KeyError)


def cache_folder() -> Path:
    import platformdirs

    return Path(platformdirs.user_cache_dir("printkit", appauthor=False))


def cache_file(sources: Iterable[Path]) -> Path:
    made_from = b"".join(path.read_bytes() for path in sources)
    made_by = f"{sys.version} {pydantic.VERSION} {pydantic_core.__version__}".encode()
    key = hashlib.sha256(made_from + made_by).hexdigest()[:16]
    return cache_folder() / f"{PREFIX}{key}.pickle"


def enabled() -> bool:
    return not os.environ.get("PRINTKIT_NO_SCHEMA_CACHE")


def complete(models: Mapping[str, type[BaseModel]], root: type[BaseModel], sources: Iterable[Path]) -> None:
    """Make ``models`` ready to validate: from the cache when it fits, else derived by pydantic
    (``root.model_rebuild()``, which completes every model it refers to) and written for next time."""
    path = cache_file(sources) if enabled() else None
    schemas = _read(path, models) if path is not None else None
    if schemas is None:
        root.model_rebuild()
        if path is not None and not sys.dont_write_bytecode:
            _write(path, models)
        return
    for name, (schema, config) in schemas.items():
        model = models[name]
        model.__pydantic_core_schema__ = schema
        model.__pydantic_validator__ = SchemaValidator(schema, config)
        model.__pydantic_serializer__ = SchemaSerializer(schema, config)
        model.__pydantic_complete__ = True


def _read(path: Path, models: Mapping[str, type[BaseModel]]) -> dict[str, tuple[Any, Any]] | None:
    try:
        schemas = pickle.loads(path.read_bytes())
    except _UNREADABLE:
        return None
    if not isinstance(schemas, dict) or schemas.keys() != models.keys():
        return None
    return schemas


def _core_config(schema: Any, model: type[BaseModel]) -> Any:
    """The validator's settings pydantic keeps in the model's own part of its schema."""
    part = schema
    while not (part["type"] == "model" and part["cls"] is model):  # inside definitions and model validators
        part = part["schema"]
    return part["config"]


def _write(path: Path, models: Mapping[str, type[BaseModel]]) -> None:
    schemas = {}
    for name, model in models.items():
        model.model_rebuild()
        schema = model.__pydantic_core_schema__
        schemas[name] = (schema, _core_config(schema, model))
    try:
        data = pickle.dumps(schemas)
    except (pickle.PicklingError, AttributeError, TypeError):  # a pydantic whose schemas hold local functions
        return
    partial = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial.write_bytes(data)
        partial.replace(path)
        for stale in path.parent.glob(f"{PREFIX}*.pickle"):  # made from an older model.py or pydantic
            if stale != path:
                stale.unlink(missing_ok=True)
    except OSError:  # a cache folder we may not write to: the next start derives them again
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
