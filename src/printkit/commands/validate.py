"""`printkit validate KIT` (or --all): prove a kit agrees with its own rules, or name each problem."""

from __future__ import annotations

import sys

import click
from msgspec import Struct

from printkit import pipeline
from printkit.base.errors import KitError, PrintkitError
from printkit.commands.options import Sides
from printkit.kit import file as kitfile
from printkit.layout.context import Options
from printkit.layout.paper import Paper
from printkit.validate.proofs import proved


class ValidateOptions(Struct, frozen=True):
    """`printkit validate`: one ``kit`` or ``all_kits``."""

    kit: str | None
    all_kits: bool
    strict: bool
    paper: Paper
    backs: Sides


def run(options: ValidateOptions) -> None:
    """Each kit checked in turn, its findings printed; exit 1 when any kit failed, after all of them."""
    if options.all_kits == bool(options.kit):
        raise PrintkitError("give a KIT or --all, not both and not neither")
    names = [options.kit] if options.kit else kitfile.shipped_kit_names()
    failed = 0
    for name in names:
        try:
            validate(name, options)
        except KitError as exc:
            failed += 1
            click.echo(exc.render(), err=True)
    if failed:
        sys.exit(1)


def validate(name: str, options: ValidateOptions) -> None:
    """One kit: every language laid out and checked, its warnings, what was proved and the room
    its paper-dependent components take; KitError naming every problem."""
    loaded = pipeline.load(name, strict=options.strict)
    loaded, faces = pipeline.with_backs(loaded, options.backs)  # --backs none: `build --backs none`'s layout
    ctx = pipeline.context(loaded, None, options.paper, Options(faces_only=faces))
    pipeline.verify(loaded, ctx)
    for warning in pipeline.printed_warnings(loaded, loaded.warnings):
        click.echo(str(warning), err=True)
    click.echo(f"{loaded.source.display}: ok: {proved(loaded.kit, ctx.paper, bool(faces))}")
    for line in pipeline.rooms(loaded, ctx):
        click.echo(f"  {line}")
