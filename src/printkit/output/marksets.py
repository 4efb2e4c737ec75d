"""Cutting machines' registration marks for `printkit build --registration NAME`, as data: printkit's
own file (data/registration.json, in the wheel, each set with the sources of its sizes) and the
user's (registration.json in printkit's config folder, where printers.json lives;
``PRINTKIT_CONFIG_DIR`` names another). A user's set of the same name replaces printkit's:

    {"marks": {"my-cameo": {"title": "...", "inset": 12, "thickness": 0.5, "clear": 1,
      "marks": [{"shape": "square", "corner": "top-left", "size": 5},
                {"shape": "corner", "corner": "top-right", "size": 20}]}}}

The user's file is hostile input: every problem is one line naming the file, the line and the field.
"""

from __future__ import annotations

import difflib
import json
import math
from pathlib import Path

from printkit.base.configjson import NAME, config_folder, line_of, read_json, shown, text_problem
from printkit.base.errors import PrintkitError, kit_error
from printkit.layout.registration import CORNERS, SHAPES, Mark, MarkSet

FILE_NAME = "registration.json"
MAX_FILE_BYTES = 256 * 1024
MAX_LENGTH = 100.0  # mm: no mark, inset or area side of a home cutter reaches further
MAX_AREA = 1000.0
MAX_MARKS = 16
FIELDS = {"title", "inset", "thickness", "clear", "gap", "area", "marks", "sources"}
MARK_FIELDS = {"shape", "corner", "size"}


def shipped_file() -> Path:
    return Path(__file__).parents[1] / "data" / FILE_NAME  # the package's data


def user_file() -> Path:
    return config_folder() / FILE_NAME


def load() -> dict[str, MarkSet]:
    """printkit's mark sets, then the user's over them, by name."""
    found = read(shipped_file())
    found.update(read(user_file()))
    return found


def find(name: str) -> MarkSet:
    sets = load()
    if name not in sets:
        close = difflib.get_close_matches(name, sorted(sets), n=1)
        hint = f"did you mean {close[0]}? " if close else ""
        raise PrintkitError(
            f"--registration {name}: no such set of marks; {hint}known: {', '.join(sorted(sets))} "
            f"(add your own to {user_file()})"
        )
    return sets[name]


def read(path: Path) -> dict[str, MarkSet]:
    """The mark sets in ``path`` (read as hostile input, configjson.py); none when it is missing."""
    read = read_json(path, MAX_FILE_BYTES, "registration marks")
    if read is None:
        return {}
    text, data = read
    sets = data.get("marks") if isinstance(data, dict) else None
    if not isinstance(sets, dict):
        raise kit_error(path, 1, "marks", "expected an object of mark sets by name")
    return {name: _mark_set(path, text, name, entry) for name, entry in sets.items()}


def _mark_set(path: Path, text: str, name: str, entry: object) -> MarkSet:
    where = f"marks.{name}"
    line = line_of(text, name)
    if not NAME.match(name):
        raise kit_error(path, line, f"marks.{shown(name)}", "not a name (1 to 40 letters, digits, '.', '_' or '-')")
    if not isinstance(entry, dict):
        raise kit_error(path, line, where, "expected an object with title, inset, thickness and marks")
    unknown = sorted(set(entry) - FIELDS)
    if unknown:
        raise kit_error(path, line, f"{where}.{unknown[0]}", f"unknown key; allowed: {', '.join(sorted(FIELDS))}")
    missing = sorted({"inset", "thickness", "marks"} - set(entry))
    if missing:
        raise kit_error(path, line, f"{where}.{missing[0]}", "missing; a set gives inset, thickness and marks")
    title = entry.get("title", name)
    problem = text_problem(title)
    if problem:
        raise kit_error(path, line, f"{where}.title", problem)
    return MarkSet(
        name,
        title,
        _number(path, line, f"{where}.inset", entry["inset"], 0.0, MAX_LENGTH),
        _number(path, line, f"{where}.thickness", entry["thickness"], 0.1, 10.0),
        _marks(path, line, f"{where}.marks", entry["marks"]),
        _number(path, line, f"{where}.clear", entry.get("clear", 1.0), 0.0, 20.0),
        _area(path, line, f"{where}.area", entry.get("area")),
        _number(path, line, f"{where}.gap", entry.get("gap", 0.0), 0.0, 20.0),
        _sources(path, line, f"{where}.sources", entry.get("sources", [])),
    )


def _marks(path: Path, line: int | None, where: str, value: object) -> tuple[Mark, ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_MARKS:
        raise kit_error(path, line, where, f"expected a list of 1 to {MAX_MARKS} marks")
    marks = []
    for index, mark in enumerate(value):
        at = f"{where}[{index}]"
        if not isinstance(mark, dict) or mark.get("shape") not in SHAPES:
            raise kit_error(path, line, f"{at}.shape", f"expected an object whose shape is one of: {', '.join(SHAPES)}")
        unknown = sorted(set(mark) - MARK_FIELDS)
        if unknown:
            raise kit_error(path, line, f"{at}.{unknown[0]}", f"unknown key; allowed: {', '.join(sorted(MARK_FIELDS))}")
        corner = mark.get("corner", "top-left")
        if corner not in CORNERS:
            raise kit_error(path, line, f"{at}.corner", f"expected one of: {', '.join(CORNERS)}")
        low = 0.0 if mark["shape"] == "frame" else 0.5
        size = _number(path, line, f"{at}.size", mark.get("size", 0.0 if low == 0.0 else None), low, MAX_LENGTH)
        marks.append(Mark(mark["shape"], corner, size))
    return tuple(marks)


def _area(path: Path, line: int | None, where: str, value: object) -> tuple[float, float] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2:
        raise kit_error(path, line, where, "expected [width, height] in mm, e.g. [171.45, 234.95]")
    width, height = (_number(path, line, where, side, 10.0, MAX_AREA) for side in value)
    return width, height


def _sources(path: Path, line: int | None, where: str, value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(text, str) and len(text) <= 400 for text in value):
        raise kit_error(path, line, where, "expected a list of texts (where each size was read)")
    return tuple(value)


def _number(path: Path, line: int | None, where: str, value: object, low: float, high: float) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
        raise kit_error(path, line, where, f"expected a number of mm, got {json.dumps(value)[:40]}")
    if not low <= value <= high:
        raise kit_error(path, line, where, f"{value:g} mm is outside {low:g}–{high:g} mm")
    return float(value)
