"""`printkit preview KIT`: every page of the kit's PDF as a PNG image (KIT-1.png, KIT-2.png, ...)."""

from __future__ import annotations

from pathlib import Path

import click
from msgspec import Struct

from printkit import pipeline
from printkit.commands.options import Sides
from printkit.layout.context import Options
from printkit.layout.paper import Paper
from printkit.render.raster import check_dpi


class PreviewOptions(Struct, frozen=True):
    """`printkit preview`."""

    kit: str
    lang: str | None
    paper: Paper
    backs: Sides
    dpi: int
    folder: Path


def run(options: PreviewOptions) -> None:
    """The dpi checked before the kit is read; the pages laid out, checked and rasterised."""
    check_dpi(options.dpi)
    loaded = pipeline.load(options.kit)
    loaded, faces = pipeline.with_backs(loaded, options.backs)
    ctx = pipeline.context(loaded, options.lang, options.paper, Options(faces_only=faces))
    document = pipeline.lay_out(loaded, ctx)
    stem = pipeline.default_output(loaded, ctx.lang).stem
    paths = pipeline.write_previews(document, options.folder, stem, options.dpi)
    click.echo(
        f"{options.folder}: {len(paths)} PNG {'file' if len(paths) == 1 else 'files'} "
        f"({paths[0].name} … {paths[-1].name}) at {options.dpi} dpi"
    )
