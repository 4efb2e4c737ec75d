"""The component kinds, one folder each, found by discovery: ``load_kinds``.

A kind is a package of this one (``kinds/NAME/``) whose ``kind.py`` defines its ``KIND`` (a
``printkit.kit.kinds.Kind``) and its own checks, with its model in ``model.py`` and its layout and
numbers beside them; CONTRIBUTING.md says how. The package's ``__init__.py`` only says what the kind
is: importing a kind's model (as layout and the other kinds' models do) loads no layout.
Nothing else lists the kinds: ``load_kinds`` finds every package here and returns them as a
frozen ``Registry``, which the pipeline loads once and hands down (the kit model made from it
carries it: ``Kit.kinds``).
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import pkgutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from printkit.kit.kinds import Kind, Registry


@functools.cache
def load_kinds(extra: Path | None = None, only: frozenset[str] | None = None) -> Registry:
    """Every kind of this package, and of the kind folders in ``extra`` when given (a folder of
    kinds of one's own, each as a kind of printkit's is: ``extra/NAME/kind.py`` with its ``KIND``),
    in their ``Kind.order``.

    ``only``, when given, names the kinds of this package to load (a kind's name is its folder's):
    the pipeline passes the kinds a kit file names, so a build imports the modules of the 1-4
    kinds a shipped kit uses, not of all 11 (start-up: docs/speed.md)."""
    found = [own_kind(name) for name in own_kind_names() if only is None or name in only]
    if extra is not None:
        found += [extra_kind(extra, name) for name in kind_packages([str(extra)])]
    return Registry.of(found)


@functools.cache
def own_kind_names() -> tuple[str, ...]:
    """The names of printkit's own kinds (their folders), found without importing one."""
    return tuple(kind_packages(__path__))


def kind_packages(path: list[str]) -> list[str]:
    """The names of the packages in ``path`` (each a kind's folder), sorted."""
    return sorted(info.name for info in pkgutil.iter_modules(path) if info.ispkg)


def own_kind(name: str) -> Kind[Any]:
    return kind_of_module(importlib.import_module(f"{__name__}.{name}.kind"))


def extra_kind(folder: Path, name: str) -> Kind[Any]:
    """The kind of the package ``folder/name``, imported as the top-level package ``name`` (its own
    modules import one another relatively: ``from .model import ...``). A folder named as a module
    already imported from elsewhere (``json``, another folder's kind) is refused, never shadowed."""
    init = folder / name / "__init__.py"
    package = sys.modules.get(name)
    if package is None:
        spec = importlib.util.spec_from_file_location(name, init, submodule_search_locations=[str(init.parent)])
        if spec is None or spec.loader is None:
            raise ImportError(f"{init.parent} is not a kind's folder (it has no __init__.py)")
        package = importlib.util.module_from_spec(spec)
        sys.modules[name] = package  # as an import does, before it runs: its modules import from it
        spec.loader.exec_module(package)
    elif Path(package.__file__ or "").resolve() != init.resolve():
        raise ImportError(f"the kind's folder {init.parent} is named as the module {name} already imported")
    return kind_of_module(importlib.import_module(f"{name}.kind"))


def kind_of_module(module: ModuleType) -> Kind[Any]:
    kind = getattr(module, "KIND", None)
    if not isinstance(kind, Kind):
        raise ImportError(f"the kind's folder {module.__name__} defines no KIND")
    return kind
