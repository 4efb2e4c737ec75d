"""`printkit sheets KIT --players N`: one personalised score sheet per player."""

from __future__ import annotations

from pathlib import Path

import click
from msgspec import Struct

from printkit import pipeline
from printkit.base.records import replace
from printkit.layout.context import paper_suffix
from printkit.layout.paper import Paper


class SheetsOptions(Struct, frozen=True):
    """`printkit sheets`: ``count`` players, the first of them named by ``names`` (comma-separated)."""

    kit: str
    count: int
    names: str
    lang: str | None
    paper: Paper
    output: Path | None


def run(options: SheetsOptions) -> None:
    """The kit's own checks first (its pages laid out), then the sheets, named and written."""
    loaded = pipeline.load(options.kit)
    ctx = pipeline.context(loaded, options.lang, options.paper)
    pipeline.lay_out(loaded, ctx)  # the kit's own checks first
    given = [n.strip() for n in options.names.split(",") if n.strip()] if options.names else []
    ctx = replace(ctx, players=pipeline.sheet_names(loaded, ctx, options.count, given))
    main = pipeline.default_output(loaded, ctx.lang, paper_suffix(ctx.paper))
    named = main.with_name(f"{main.stem}-sheets.pdf")  # as a build names its companion
    target = pipeline.resolve_output(options.output, named)
    pipeline.check_output(target)
    pages = pipeline.write(pipeline.sheets_document(loaded, ctx), target)
    click.echo(f"{target} ({pages} {'page' if pages == 1 else 'pages'})")
