"""Printer profiles: what `printkit calibrate` measured on one printer, kept under a name.

A profile holds the back offset (how far the printer misregisters the back of a sheet, in mm
right and down as seen on the back) and a scale correction (a printer that prints 99.6 % of the
size is given pages at 1 / 0.996), and may name paper stocks that register differently (card
feeds another way than 80 g paper). `printkit build KIT --printer NAME [--stock STOCK]` applies
it. Profiles live in one JSON file in the user's config folder (``printers.json`` under
``platformdirs.user_config_dir("printkit")``, so ``$XDG_CONFIG_HOME/printkit`` on Linux;
``PRINTKIT_CONFIG_DIR`` names another folder), written atomically by the `printkit printer`
commands. The file is read as hostile input: every problem is one line naming it, the line and
the field.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from pathlib import Path

import click
from msgspec import Struct, field

from printkit.base.configjson import NAME, config_folder, line_of, locked, read_json, shown, text_problem
from printkit.base.errors import PrintkitError, kit_error
from printkit.base.records import replace
from printkit.base.units import MAX_BACK_OFFSET
from printkit.commands.options import back_offset as parsed_offset
from printkit.output.files import write_atomic


class PrinterRemoveOptions(Struct, frozen=True):
    """`printkit printer remove`."""

    name: str
    stock: str | None


class PrinterAddOptions(Struct, frozen=True):
    """`printkit printer add`."""

    name: str
    back_offset: str | None
    scale_x: float | None
    scale_y: float | None
    stock: str | None


MIN_SCALE, MAX_SCALE = 0.97, 1.03  # beyond 3 % it is a "fit to page" setting, not a printer's error; and
# a correction past it would push a page's edge content (5 mm in) off the sheet
MAX_FILE_BYTES = 256 * 1024
FILE_NAME = "printers.json"


class Setting(Struct, frozen=True):
    """How one printer (or one stock in it) prints: the back offset in mm and the scale it prints at."""

    back_offset: tuple[float, float] = (0.0, 0.0)
    scale: tuple[float, float] = (1.0, 1.0)

    def correction(self) -> tuple[float, float]:
        """The factors the pages are drawn at so that the printer's own scale gives true size."""
        return (1.0 / self.scale[0], 1.0 / self.scale[1])


class Profile(Struct, frozen=True):
    name: str
    setting: Setting = Setting()
    stocks: dict[str, Setting] = field(default_factory=dict)

    def for_stock(self, stock: str | None) -> Setting:
        if stock is None:
            return self.setting
        if stock not in self.stocks:
            known = ", ".join(sorted(self.stocks)) or "none yet"
            raise PrintkitError(
                f"--stock {stock}: printer '{self.name}' has no such stock (its stocks: {known}); "
                f"add one with: printkit printer add {self.name} --stock {stock} --back-offset X,Y"
            )
        return self.stocks[stock]


def run_add(options: PrinterAddOptions) -> None:
    """`printkit printer add`: save (or change) a printer, or one of its paper stocks."""
    name, stock = check_name(options.name), options.stock
    if stock is not None:
        check_name(stock, "stock")
    if options.back_offset is None and options.scale_x is None and options.scale_y is None:
        raise PrintkitError(f"printer add {name}: give --back-offset X,Y, --scale-x S or --scale-y S")
    offset = parsed_offset(options.back_offset) if options.back_offset is not None else None
    for value, option in ((options.scale_x, "--scale-x"), (options.scale_y, "--scale-y")):
        if value is not None:
            check_scale(value, option)
    path, profiles = change(
        lambda saved: {**saved, name: updated(saved.get(name), name, stock, offset, options.scale_x, options.scale_y)}
    )
    label = name if stock is None else f"{name} --stock {stock}"
    click.echo(f"{label}: {describe(profiles[name].for_stock(stock))} (saved in {path})")


def run_list() -> None:
    """`printkit printer list`: the saved profiles and their stocks."""
    profiles = load()
    if not profiles:
        click.echo("no printer profiles yet; after `printkit calibrate`: printkit printer add NAME --back-offset X,Y")
        return
    for name, profile in sorted(profiles.items()):
        click.echo(f"{name}: {describe(profile.setting)}")
        for stock, setting in sorted(profile.stocks.items()):
            click.echo(f"{name} --stock {stock}: {describe(setting)}")


def run_remove(options: PrinterRemoveOptions) -> None:
    """`printkit printer remove`: forget a printer, or one of its stocks."""
    name, stock = options.name, options.stock

    def without(profiles: dict[str, Profile]) -> dict[str, Profile]:
        profile = named(profiles, name, "printer remove")
        profile.for_stock(stock)  # an unknown stock is refused, naming the known ones
        if stock is None:
            return {key: value for key, value in profiles.items() if key != name}
        return profiles | {name: replace(profile, stocks={k: v for k, v in profile.stocks.items() if k != stock})}

    change(without)
    click.echo(f"removed {name if stock is None else f'{name} --stock {stock}'}")


def config_file() -> Path:
    return config_folder() / FILE_NAME


def check_name(name: str, what: str = "printer") -> str:
    if not NAME.match(name):
        raise PrintkitError(
            f"{what} name {name!r}: use 1 to 40 letters, digits, '.', '_' or '-', starting with a letter or digit"
        )
    return name


def check_scale(value: float, option: str) -> float:
    if not MIN_SCALE <= value <= MAX_SCALE:
        raise PrintkitError(
            f"{option} {value:g}: a printer's scale error is a fraction of a percent, give a factor between "
            f"{MIN_SCALE:g} and {MAX_SCALE:g} (0.996 for a printer that prints 99.6 %)"
        )
    return value


def load() -> dict[str, Profile]:
    """Every saved profile by name; no file yet means none."""
    path = config_file()
    read = read_json(path, MAX_FILE_BYTES, "printer profiles")
    if read is None:
        return {}
    return _profiles(path, *read)


def _profiles(path: Path, text: str, data: object) -> dict[str, Profile]:
    printers = data.get("printers") if isinstance(data, dict) else None
    if not isinstance(printers, dict):
        raise kit_error(path, 1, "printers", "expected an object of printer profiles by name")
    found = {}
    for name, entry in printers.items():
        where = f"printers.{name}"
        line = line_of(text, name)
        if not NAME.match(name):
            where = f"printers.{shown(name)}"
            raise kit_error(path, line, where, "not a printer name (letters, digits, '.', '_' or '-')")
        if not isinstance(entry, dict):
            raise kit_error(path, line, where, "expected an object with back_offset, scale and stocks")
        stocks = entry.get("stocks", {})
        if not isinstance(stocks, dict):
            raise kit_error(path, line, f"{where}.stocks", "expected an object of stocks by name")
        for stock in stocks:
            if not NAME.match(stock):
                problem = text_problem(stock) or "not a stock name (letters, digits, '.', '_' or '-')"
                raise kit_error(path, line_of(text, stock), f"{where}.stocks.{shown(stock)}", problem)
        found[name] = Profile(
            name,
            _setting(path, text, where, entry, known={"back_offset", "scale", "stocks"}),
            {
                str(stock): _setting(path, text, f"{where}.stocks.{stock}", value, known={"back_offset", "scale"})
                for stock, value in stocks.items()
            },
        )
    return found


def _setting(path: Path, text: str, where: str, entry: object, known: set[str]) -> Setting:
    line = line_of(text, where.rsplit(".", 1)[-1])
    if not isinstance(entry, dict):
        raise kit_error(path, line, where, "expected an object with back_offset and scale")
    unknown = sorted(set(entry) - known)
    if unknown:
        raise kit_error(path, line, f"{where}.{unknown[0]}", f"unknown key; allowed: {', '.join(sorted(known))}")
    offset = _pair(path, text, f"{where}.back_offset", entry.get("back_offset", [0.0, 0.0]))
    scale = _pair(path, text, f"{where}.scale", entry.get("scale", [1.0, 1.0]))
    if max(abs(offset[0]), abs(offset[1])) > MAX_BACK_OFFSET:
        raise kit_error(path, line, f"{where}.back_offset", f"more than {MAX_BACK_OFFSET:g} mm")
    if not all(MIN_SCALE <= value <= MAX_SCALE for value in scale):
        raise kit_error(path, line, f"{where}.scale", f"each factor must lie between {MIN_SCALE:g} and {MAX_SCALE:g}")
    return Setting(offset, scale)


def _pair(path: Path, text: str, where: str, value: object) -> tuple[float, float]:
    ok = (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
    )
    if not ok:
        line = line_of(text, where.rsplit(".", 1)[-1])
        raise kit_error(path, line, where, f"expected two numbers [x, y], got {json.dumps(value)[:40]}")
    assert isinstance(value, list)
    pair = (float(value[0]), float(value[1]))
    if not all(map(math.isfinite, pair)):
        raise kit_error(path, line_of(text, where.rsplit(".", 1)[-1]), where, "expected two finite numbers [x, y]")
    return pair


def change(edit: Callable[[dict[str, Profile]], dict[str, Profile]]) -> tuple[Path, dict[str, Profile]]:
    """Save ``edit`` of the saved profiles, holding the lock from the read to the rename, so that
    commands run at once each keep their change; the file's path and the profiles saved."""
    with locked(config_file()):
        profiles = edit(load())
        return save(profiles), profiles


def save(profiles: dict[str, Profile]) -> Path:
    """Write every profile (call it through ``change``, which holds the lock)."""
    path = config_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"printers": {name: _as_json(profiles[name]) for name in sorted(profiles)}}
    text = re.sub(r"\[\s+(\S+),\s+(\S+)\s+\]", r"[\1, \2]", json.dumps(data, indent=2, ensure_ascii=False))
    write_atomic(path, (text + "\n").encode("utf-8"))
    return path


def _as_json(profile: Profile) -> dict:
    entry: dict = _setting_json(profile.setting)
    if profile.stocks:
        entry["stocks"] = {stock: _setting_json(profile.stocks[stock]) for stock in sorted(profile.stocks)}
    return entry


def _setting_json(setting: Setting) -> dict:
    return {"back_offset": list(setting.back_offset), "scale": list(setting.scale)}


def updated(
    profile: Profile | None,
    name: str,
    stock: str | None,
    back_offset: tuple[float, float] | None,
    scale_x: float | None,
    scale_y: float | None,
) -> Profile:
    """The profile with what `printer add` gave changed (a stock starts from the printer's own values)."""
    profile = profile or Profile(name)
    base = profile.setting if stock is None else profile.stocks.get(stock, profile.setting)
    setting = Setting(
        back_offset if back_offset is not None else base.back_offset,
        (
            scale_x if scale_x is not None else base.scale[0],
            scale_y if scale_y is not None else base.scale[1],
        ),
    )
    if stock is None:
        return replace(profile, setting=setting)
    return replace(profile, stocks={**profile.stocks, stock: setting})


def find(name: str, asked: str = "--printer") -> Profile:
    """The saved profile ``name``; ``asked`` is how the user named it, for the message."""
    return named(load(), name, asked)


def named(profiles: dict[str, Profile], name: str, asked: str) -> Profile:
    """The profile ``name`` of ``profiles``, or the error naming the saved ones."""
    if name not in profiles:
        known = ", ".join(sorted(profiles)) or "none yet"
        raise PrintkitError(
            f"{asked} {name}: no such printer profile (saved: {known}); "
            f"add one with: printkit printer add {name} --back-offset X,Y"
        )
    return profiles[name]


def describe(setting: Setting) -> str:
    x, y = setting.back_offset
    sx, sy = setting.scale
    return f"back offset {x:+g},{y:+g} mm, prints at {sx * 100:g} % x {sy * 100:g} %"
