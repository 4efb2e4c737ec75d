"""printkit's plain data (page layouts, pieces, options) is msgspec structs, frozen where it is a
value: a frozen dataclass costs about 0.44 ms to define on Python 3.11 (six generated methods, each
compiled from source), a struct about 0.01 ms, its methods in C. printkit defines some 140 of them
at start-up: about 55 ms of a 0.38 s build (benchmarks/bench.py --startup).

The two dataclasses kept leave a field out of their equality (a struct compares every field);
``replace`` and ``fields`` take a struct or one of them.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

from msgspec import Struct, structs

T = TypeVar("T")


def replace(obj: T, /, **changes: Any) -> T:
    """``obj`` with ``changes``: a struct's or a dataclass's fields."""
    if isinstance(obj, Struct):
        return structs.replace(obj, **changes)
    return dataclasses.replace(obj, **changes)  # type: ignore[type-var]


def fields(obj: object) -> tuple[Any, ...]:
    """The fields of a struct or a dataclass, each with its ``name``."""
    if isinstance(obj, Struct):
        return structs.fields(obj)
    return dataclasses.fields(obj)  # type: ignore[arg-type]
