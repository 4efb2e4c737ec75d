"""`printkit calibrate`: a two-sided test sheet to check 100 % scale and read a printer's back offset."""

from __future__ import annotations

from pathlib import Path

import click
from msgspec import Struct

from printkit import pipeline
from printkit.layout.paper import Paper
from printkit.layout.primitives import Flip


class CalibrateOptions(Struct, frozen=True):
    """`printkit calibrate`."""

    lang: str
    paper: Paper
    flip: Flip
    output: Path | None


def run(options: CalibrateOptions) -> None:
    """The sheet in ``options.lang``, written to output/calibration[-LANG].pdf unless -o says where."""
    suffix = "" if options.lang == "pl" else f"-{options.lang}"
    target = pipeline.resolve_output(options.output, Path("output") / f"calibration{suffix}.pdf")
    pipeline.check_output(target)
    pages = pipeline.write(pipeline.calibration(options.lang, options.paper, options.flip), target)
    click.echo(f"{target} ({pages} pages: print them on one sheet, two-sided, flipping on the {options.flip} edge)")
