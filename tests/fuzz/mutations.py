"""Mutations of kit files for fuzzing, and the one question asked of each: clean error or valid PDF?

Shared by the bounded Hypothesis test (tests/test_fuzz.py) and the 10,000-case run
(benchmarks/fuzz.py).
"""

from __future__ import annotations

import random
import tempfile
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

import yaml

from printkit import pipeline as build
from printkit.base.errors import PrintkitError
from printkit.kit.file import shipped_kits_dir

STRANGE_VALUES = [
    None,
    True,
    0,
    -1,
    10**9,
    3.5,
    "",
    "x" * 300,
    "{nope}",
    "ąčř★",
    [],
    {},
    [1, 2],
    {"a": 1},
    "63mm",
    "-5mm",
]
NOISE = [
    ":",
    "- ",
    "{",
    "}",
    "[",
    "]",
    "&a",
    "*a",
    "!!python/object:os.system",
    "\t",
    "'",
    '"',
    "#",
    "\n  x: 1\n",
    "ż",
    "\x00",
]


def shipped_texts() -> dict[str, str]:
    return {path.stem: path.read_text(encoding="utf-8") for path in sorted(shipped_kits_dir().glob("*.yaml"))}


def _paths(data: object, loc: tuple = ()) -> list[tuple]:
    found = [loc]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, loc + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _paths(value, loc + (index,))
    return found


def _get(data: object, loc: tuple) -> object:
    for part in loc:
        data = data[part]  # type: ignore[index]
    return data


def _set(data: object, loc: tuple, value: object) -> None:
    _get(data, loc[:-1])[loc[-1]] = value  # type: ignore[index]


def _dump(data: object) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def drop_key(text: str, rng: random.Random) -> str:
    data = yaml.safe_load(text)
    keys = [loc for loc in _paths(data) if loc and isinstance(loc[-1], str)]
    if keys:
        loc = rng.choice(keys)
        del _get(data, loc[:-1])[loc[-1]]  # type: ignore[attr-defined]
    return _dump(data)


def change_type(text: str, rng: random.Random) -> str:
    data = yaml.safe_load(text)
    locs = [loc for loc in _paths(data) if loc]
    if not locs:
        return insert_text(text, rng)
    _set(data, rng.choice(locs), rng.choice(STRANGE_VALUES))
    return _dump(data)


def swap_values(text: str, rng: random.Random) -> str:
    data = yaml.safe_load(text)
    locs = [loc for loc in _paths(data) if loc]
    if not locs:
        return insert_text(text, rng)
    first, second = rng.choice(locs), rng.choice(locs)
    if first[: len(second)] == second or second[: len(first)] == first:
        return text
    a, b = _get(data, first), _get(data, second)
    _set(data, first, b)
    _set(data, second, a)
    return _dump(data)


def truncate(text: str, rng: random.Random) -> str:
    return text[: rng.randrange(len(text))] if text else text


def insert_text(text: str, rng: random.Random) -> str:
    at = rng.randrange(len(text) + 1)
    noise = "".join(rng.choice(NOISE) for _ in range(rng.randint(1, 4)))
    return text[:at] + noise + text[at:]


def change_number(text: str, rng: random.Random) -> str:
    data = yaml.safe_load(text)
    numbers = [
        loc
        for loc in _paths(data)
        if loc and isinstance(_get(data, loc), int) and not isinstance(_get(data, loc), bool)
    ]
    if numbers:
        loc = rng.choice(numbers)
        _set(data, loc, _get(data, loc) + rng.choice([-100, -2, -1, 1, 2, 50, 10**6]))
    return _dump(data)


MUTATIONS = [drop_key, change_type, swap_values, truncate, insert_text, change_number]


@dataclass
class Outcome:
    kind: str  # "pdf" | "error" | "crash"
    seconds: float
    detail: str = ""


def exercise(text: str, folder: Path | None = None, art: dict[str, bytes] | None = None) -> Outcome:
    """Run a kit text (with ``art``, its pictures by file name) through the whole pipeline;
    anything but a PrintkitError or a PDF is a crash."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        path = Path(tmp) / "fuzzed.yaml"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        if art:
            (Path(tmp) / "fuzzed").mkdir()
            for name, data in art.items():
                (Path(tmp) / "fuzzed" / name).write_bytes(data)
        try:
            from printkit.render.pdf import render

            loaded = build.load(str(path))
            document = build.lay_out(loaded, build.context(loaded, None))
            pdf = render(document)
            kind = "pdf" if pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF") else "crash"
            detail = "" if kind == "pdf" else "render gave no valid PDF"
        except PrintkitError as exc:
            kind, detail = "error", str(exc)
        except Exception:  # noqa: BLE001 - this is what the fuzzer hunts
            kind, detail = "crash", traceback.format_exc()
    return Outcome(kind, time.perf_counter() - started, detail)


def mutate(text: str, rng: random.Random, rounds: int = 1) -> str:
    return mutate_named(text, rng, rounds)[0]


def mutate_named(text: str, rng: random.Random, rounds: int = 1) -> tuple[str, list[str]]:
    """``text`` mutated ``rounds`` times, and the names of the mutations applied."""
    names = []
    for _ in range(rounds):
        mutation = rng.choice(MUTATIONS)
        try:
            text = mutation(text, rng)
        except (yaml.YAMLError, TypeError, KeyError, IndexError):
            # the text is no longer a mapping a structural mutation can walk; keep mutating it as text
            mutation = insert_text
            text = insert_text(text, rng)
        names.append(f"kit.{mutation.__name__}")
    return text, names
