"""`printkit list`: the shipped kits, with title, players, languages and page count."""

from __future__ import annotations

import click

from printkit import pipeline
from printkit.kit import file as kitfile

HEADER = ("kit", "title", "players", "languages", "pages")


def run() -> None:
    """A table of the shipped kits, one row each, columns as wide as their widest cell."""
    rows = [row(name) for name in kitfile.shipped_kit_names()]
    widths = [max(len(r[i]) for r in rows + [HEADER]) for i in range(len(HEADER))]
    for cells in [HEADER] + rows:
        click.echo("  ".join(cell.ljust(width) for cell, width in zip(cells, widths, strict=True)).rstrip())


def row(name: str) -> tuple[str, str, str, str, str]:
    """One shipped kit's cells; its pages counted in its own language only (validate checks the others)."""
    loaded = pipeline.load(name)
    info = loaded.kit.kit
    ctx = pipeline.context(loaded, None)
    pages = len(pipeline.laid_out(loaded, ctx).pages)
    players = (
        str(info.players.min) if info.players.min == info.players.max else f"{info.players.min}-{info.players.max}"
    )
    return (name, ctx.tr(info.title), players, ",".join(info.languages), str(pages))
