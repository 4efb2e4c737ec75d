"""What each command is asked to do: its command line parsed into a frozen value.

cli.py makes these from click's parameters (a field per parameter, named as click names it) and
hands one to its command module; the command checks what only makes sense together and runs.
This module loads nothing of printkit at run time, so that ``printkit --help`` stays light.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from printkit.base.errors import PrintkitError
from printkit.base.units import parse_offset

if TYPE_CHECKING:  # annotations only: the options load no layout
    from printkit.layout.context import TwoSided
    from printkit.layout.primitives import Flip

Cut = Literal["frames", "outline"]
Format = Literal["png", "pdf"]  # printkit export --for
Backs = Literal["interleaved", "separate"]  # printkit export --backs


@dataclass(frozen=True)
class BuildOptions:
    """`printkit build` (and `build --watch`)."""

    kit: str
    lang: str | None
    paper: str
    output: Path | None
    two_sided: TwoSided
    flip: Flip
    back_offset: str | None
    printer: str | None
    stock: str | None
    manifest: Path | None
    watch: bool
    cut: Cut | None
    ink_saver: bool
    ink_report: bool
    cut_svg: Path | None
    boxes: bool
    changed_since: Path | None


@dataclass(frozen=True)
class SheetsOptions:
    """`printkit sheets`: ``count`` players, the first of them named by ``names`` (comma-separated)."""

    kit: str
    count: int
    names: str
    lang: str | None
    paper: str
    output: Path | None


@dataclass(frozen=True)
class CalibrateOptions:
    """`printkit calibrate`."""

    lang: str
    paper: str
    flip: Flip
    output: Path | None


@dataclass(frozen=True)
class PreviewOptions:
    """`printkit preview`."""

    kit: str
    lang: str | None
    paper: str
    dpi: int
    folder: Path


@dataclass(frozen=True)
class ValidateOptions:
    """`printkit validate`: one ``kit`` or ``all_kits``."""

    kit: str | None
    all_kits: bool
    strict: bool
    paper: str


@dataclass(frozen=True)
class SchemaOptions:
    """`printkit schema`."""

    output: Path | None
    markdown: bool


@dataclass(frozen=True)
class NewOptions:
    """`printkit new`."""

    name: str
    start_from: str | None
    deck_from: Path | None
    sheet: str | None
    encoding: str | None


@dataclass(frozen=True)
class ExportTtsOptions:
    """`printkit export-tts`."""

    kit: str
    lang: str | None
    folder: Path | None


@dataclass(frozen=True)
class ExportOptions:
    """`printkit export`. ``given``: the parameters the command line set rather than left at their
    defaults (a preset refuses an explicit --dpi or --bleed, and a PDF an explicit --dpi)."""

    kit: str | None
    fmt: Format | None
    folder: Path | None
    dpi: int
    bleed_text: str
    preset: str | None
    scale: bool
    backs: Backs
    component: str | None
    list_presets: bool
    lang: str | None
    paper: str
    given: frozenset[str] = frozenset()


@dataclass(frozen=True)
class PrinterAddOptions:
    """`printkit printer add`."""

    name: str
    back_offset: str | None
    scale_x: float | None
    scale_y: float | None
    stock: str | None


@dataclass(frozen=True)
class PrinterRemoveOptions:
    """`printkit printer remove`."""

    name: str
    stock: str | None


def back_offset(text: str) -> tuple[float, float]:
    """--back-offset X,Y in mm (of `build` and of `printer add`), or one line saying what is wrong."""
    try:
        return parse_offset(text)
    except ValueError as exc:
        raise PrintkitError(f"--back-offset: {exc}") from None
