"""pydantic, loaded without asyncio: import this module before pydantic (model.py does).

pydantic and pydantic-core mark their old functions with typing_extensions' ``deprecated`` as
they load, and for each function it marks, ``deprecated`` imports asyncio only to ask
``asyncio.coroutines.iscoroutinefunction``. asyncio brings ssl, sockets and event loops: about
30 ms of a build that takes 300 ms and never runs a coroutine. While pydantic loads, that one
question is answered by ``inspect.iscoroutinefunction``, which gives the same answer for the plain
functions pydantic marks; any other use of the stand-in loads the real asyncio at once. Once
pydantic is loaded the stand-in is gone, and ``import asyncio`` works as ever.
"""

from __future__ import annotations

import importlib
import inspect
import sys
import types

_NAMES = ("asyncio", "asyncio.coroutines")


def _stand_ins() -> tuple[types.ModuleType, types.ModuleType]:
    package, coroutines = types.ModuleType("asyncio"), types.ModuleType("asyncio.coroutines")
    coroutines.iscoroutinefunction = inspect.iscoroutinefunction  # type: ignore[attr-defined]
    package.coroutines = coroutines  # type: ignore[attr-defined]
    for module, real_name in ((package, "asyncio"), (coroutines, "asyncio.coroutines")):
        module.__getattr__ = _from_real(real_name, (package, coroutines))  # type: ignore[method-assign]
    return package, coroutines


def _from_real(real_name: str, stand_ins: tuple[types.ModuleType, ...]):
    """Any other attribute: withdraw the stand-ins and take it from the real module."""

    def attribute(name: str):
        _withdraw(stand_ins)
        return getattr(importlib.import_module(real_name), name)

    return attribute


def _withdraw(stand_ins: tuple[types.ModuleType, ...]) -> None:
    for name, module in zip(_NAMES, stand_ins, strict=True):
        if sys.modules.get(name) is module:
            del sys.modules[name]


def _load() -> None:
    stand_ins = () if "asyncio" in sys.modules else _stand_ins()
    sys.modules.update(zip(_NAMES, stand_ins, strict=False))
    try:
        import pydantic_core  # noqa: F401
        from pydantic import BaseModel, Field, ValidationError  # noqa: F401
    finally:
        if stand_ins:
            _withdraw(stand_ins)


_load()
