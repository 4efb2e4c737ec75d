"""Print shops' piece sizes for `printkit export --preset NAME`, as data: printkit's own file
(data/presets.json, in the wheel) and the user's (presets.json in printkit's config folder, where
printers.json lives; ``PRINTKIT_CONFIG_DIR`` names another). A user's preset of the same name
replaces printkit's. Each preset is a piece's trim size and bleed in mm and the resolution:

    {"presets": {"my-shop-poker": {"title": "...", "width": 63, "height": 88, "bleed": 3, "dpi": 300}}}

The user's file is hostile input: every problem is one line naming the file, the line and the field.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from msgspec import Struct

from printkit.base.configjson import NAME, config_folder, line_of, read_json, shown, text_problem
from printkit.base.errors import PrintkitError, kit_error

FILE_NAME = "presets.json"
MAX_FILE_BYTES = 256 * 1024
MAX_SIDE = 1000.0  # mm: no shop prints a piece larger
MAX_BLEED = 3.5  # mm: the farthest a piece's drawing reaches past its cut line (reprint.BLEED_ROOM)
MIN_DPI, MAX_DPI = 10, 1200
FIELDS = {"title", "width", "height", "bleed", "dpi"}


class Preset(Struct, frozen=True):
    """A shop's piece: trim width and height and bleed in mm, pixels per inch; where it was read."""

    name: str
    title: str
    width: float
    height: float
    bleed: float
    dpi: int
    source: str  # "printkit" or the user's file


def shipped_file() -> Path:
    return Path(__file__).parents[1] / "data" / FILE_NAME  # the package's data


def user_file() -> Path:
    return config_folder() / FILE_NAME


def load() -> dict[str, Preset]:
    """printkit's presets, then the user's over them, by name."""
    found = read(shipped_file(), "printkit")
    path = user_file()
    found.update(read(path, str(path)))
    return found


def find(name: str) -> Preset:
    presets = load()
    if name not in presets:
        raise PrintkitError(
            f"--preset {name}: no such preset; known: {', '.join(sorted(presets))} (printkit export --list-presets)"
        )
    return presets[name]


def read(path: Path, source: str) -> dict[str, Preset]:
    """The presets in ``path`` (read as hostile input, configjson.py); none when it is missing."""
    read = read_json(path, MAX_FILE_BYTES, "presets")
    if read is None:
        return {}
    text, data = read
    presets = data.get("presets") if isinstance(data, dict) else None
    if not isinstance(presets, dict):
        raise kit_error(path, 1, "presets", "expected an object of presets by name")
    return {name: _preset(path, text, name, entry, source) for name, entry in presets.items()}


def _preset(path: Path, text: str, name: str, entry: object, source: str) -> Preset:
    where = f"presets.{name}"
    line = line_of(text, name)
    if not NAME.match(name):
        where = f"presets.{shown(name)}"
        raise kit_error(path, line, where, "not a preset name (1 to 40 letters, digits, '.', '_' or '-')")
    if not isinstance(entry, dict):
        raise kit_error(path, line, where, "expected an object with title, width, height, bleed and dpi")
    unknown = sorted(set(entry) - FIELDS)
    if unknown:
        raise kit_error(path, line, f"{where}.{unknown[0]}", f"unknown key; allowed: {', '.join(sorted(FIELDS))}")
    missing = sorted({"width", "height", "bleed", "dpi"} - set(entry))
    if missing:
        raise kit_error(path, line, f"{where}.{missing[0]}", "missing; a preset gives width, height, bleed and dpi")
    title = entry.get("title", name)
    problem = text_problem(title)
    if problem:
        raise kit_error(path, line, f"{where}.title", problem)
    width = _number(path, line, f"{where}.width", entry["width"], 1.0, MAX_SIDE)
    height = _number(path, line, f"{where}.height", entry["height"], 1.0, MAX_SIDE)
    bleed = _number(path, line, f"{where}.bleed", entry["bleed"], 0.0, MAX_BLEED)
    dpi = entry["dpi"]
    if not isinstance(dpi, int) or isinstance(dpi, bool) or not MIN_DPI <= dpi <= MAX_DPI:
        raise kit_error(path, line, f"{where}.dpi", f"expected a whole number from {MIN_DPI} to {MAX_DPI}")
    return Preset(name, title, width, height, bleed, dpi, source)


def _number(path: Path, line: int | None, where: str, value: object, low: float, high: float) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
        raise kit_error(path, line, where, f"expected a number of mm, got {json.dumps(value)[:40]}")
    if not low <= value <= high:
        raise kit_error(path, line, where, f"{value:g} mm is outside {low:g}–{high:g} mm")
    return float(value)
