"""The command line: parse, call the pipeline, turn every PrintkitError into a message and exit 1."""

from __future__ import annotations

import contextlib
import gc
import signal
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import click

from printkit import errors
from printkit.errors import KitError, PrintkitError
from printkit.output import reading

if TYPE_CHECKING:  # annotations only: the CLI starts without the layout
    from printkit.layout.context import TwoSided
    from printkit.layout.primitives import Flip

LANG = click.option("--lang", metavar="pl|cs|en", help="Language of the texts (default: the kit's own).")
PAPER = click.option(
    "--paper",
    type=click.Choice(["a4", "letter"], case_sensitive=False),
    default="a4",
    show_default=True,
    help="Paper size.",
)
OUTPUT = click.option("-o", "--output", type=click.Path(path_type=Path), help="Where to write the PDF.")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="printkit")
@click.option(
    "--debug",
    is_flag=True,
    envvar="PRINTKIT_DEBUG",
    help="On an internal error, also print its traceback (or set PRINTKIT_DEBUG=1).",
)
def cli(debug: bool) -> None:
    """printkit: tabletop games described in YAML, printed as true-to-scale PDF kits."""
    errors.debug = debug


@cli.command("list")
def list_kits() -> None:
    """The shipped kits, with title, players, languages and page count."""
    from printkit import build, kitfile
    from printkit.layout.document import layout_kit

    rows = []
    for name in kitfile.shipped_kit_names():
        loaded = build.load(name)
        info = loaded.kit.kit
        ctx = build.context(loaded, None)
        pages = len(layout_kit(loaded.kit, ctx).pages)  # its own language only: validate checks the others
        players = (
            str(info.players.min) if info.players.min == info.players.max else f"{info.players.min}-{info.players.max}"
        )
        rows.append((name, ctx.tr(info.title), players, ",".join(info.languages), str(pages)))
    header = ("kit", "title", "players", "languages", "pages")
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(len(header))]
    for row in [header] + rows:
        click.echo("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip())


@cli.command()
@click.argument("kit")
@LANG
@PAPER
@OUTPUT
@click.option(
    "--two-sided",
    "two_sided",
    type=click.Choice(["duplex", "fold"]),
    default="duplex",
    show_default=True,
    help="Two-sided pieces: backs on the next page (duplex) or beside the faces to fold over (fold).",
)
@click.option(
    "--flip",
    type=click.Choice(["long", "short"]),
    default="long",
    show_default=True,
    help="The edge a duplex printer turns the sheet over.",
)
@click.option(
    "--back-offset",
    "back_offset",
    metavar="X,Y",
    default="0,0",
    help="Move every back X mm right and Y mm down (as seen on the back), for a printer that misregisters.",
)
@click.option("--manifest", type=click.Path(path_type=Path), help="Also write where every piece landed, as JSON.")
@click.option(
    "--watch", is_flag=True, help="Build, then rebuild whenever the kit file or its art folder changes, until Ctrl-C."
)
@click.option(
    "--cut",
    type=click.Choice(["frames", "outline"]),
    default=None,
    help="Cut tokens along square frames (scissors) or their own outline (a cutting machine); default: the kit's.",
)
@click.option(
    "--ink-saver",
    "ink_saver",
    is_flag=True,
    help="Light tints instead of solid fills, no page backgrounds; outlines, patterns and letters stay.",
)
@click.option("--ink-report", "ink_report", is_flag=True, help="Also print how much of each page the ink covers.")
@click.option(
    "--cut-svg",
    "cut_svg",
    type=click.Path(path_type=Path),
    help="Also write the pieces' cut outlines as an SVG in mm, one layer per PDF page.",
)
def build(
    kit: str,
    watch: bool,
    lang: str | None,
    paper: str,
    output: Path | None,
    two_sided: TwoSided,
    flip: Flip,
    back_offset: str,
    manifest: Path | None,
    cut_svg: Path | None,
    cut: Literal["frames", "outline"] | None,
    ink_saver: bool,
    ink_report: bool,
) -> None:
    """Build KIT (a shipped kit's name or a kit file) into a PDF."""
    if watch:
        return watch_build(kit)
    from printkit import build as pipeline
    from printkit.layout.context import Options
    from printkit.progress import Progress
    from printkit.units import parse_offset

    try:
        offset = parse_offset(back_offset)
    except ValueError as exc:
        raise PrintkitError(f"--back-offset: {exc}") from None
    loaded = pipeline.load(kit)
    ctx = pipeline.context(loaded, lang, paper, Options(two_sided, flip, offset, cut=cut))
    target = pipeline.resolve_output(output, pipeline.default_output(loaded, ctx.lang))
    pipeline.check_outputs([("-o", target), ("--manifest", manifest), ("--cut-svg", cut_svg)])
    progress = Progress.on_stderr()
    try:
        document = pipeline.lay_out(loaded, ctx, progress)
        if ink_saver:
            from printkit.layout.inksaver import ink_saver as lighter

            document = lighter(document)
        cuts = pipeline.cut_file(document, loaded, ctx) if cut_svg is not None else None
        pages = pipeline.write(document, target, progress)
    finally:
        progress.close()
    if manifest is not None:
        pipeline.write_manifest(document, loaded, ctx, manifest)
    if cuts is not None and cut_svg is not None:
        pipeline.write_text(cut_svg, cuts)
    click.echo(f"{target} ({pages} {'page' if pages == 1 else 'pages'})")
    if ink_report:
        from printkit.inkreport import page_coverage, report

        click.echo(report(page_coverage(target)))


def watch_build(kit: str) -> None:
    """The build command's own body, run again after each change of the kit file or its art."""
    from printkit import kitfile
    from printkit.watch import watch

    gc.enable()  # a session of many builds: its garbage is collected as usual
    context = click.get_current_context()
    again = {**context.params, "watch": False}
    watch(kitfile.find_kit(kit), lambda: context.invoke(build, **again))


@cli.command()
@click.argument("kit")
@click.option("--players", "count", type=int, required=True, help="How many players.")
@click.option("--names", default="", help='Player names, comma-separated: "Ala,Olek".')
@LANG
@PAPER
@OUTPUT
def sheets(kit: str, count: int, names: str, lang: str | None, paper: str, output: Path | None) -> None:
    """One personalised score sheet per player."""
    from printkit import build as pipeline

    loaded = pipeline.load(kit)
    ctx = pipeline.context(loaded, lang, paper)
    pipeline.lay_out(loaded, ctx)  # the kit's own checks first
    given = [n.strip() for n in names.split(",") if n.strip()] if names else []
    ctx = replace(ctx, players=pipeline.sheet_names(loaded, ctx, count, given))
    target = pipeline.resolve_output(output, pipeline.default_output(loaded, ctx.lang, "-sheets"))
    pipeline.check_output(target)
    pages = pipeline.write(pipeline.sheets_document(loaded, ctx), target)
    click.echo(f"{target} ({pages} {'page' if pages == 1 else 'pages'})")


@cli.command()
@click.option(
    "--lang",
    type=click.Choice(["pl", "cs", "en"]),
    default="pl",
    show_default=True,
    help="Language of the instructions on the sheet.",
)
@PAPER
@click.option(
    "--flip",
    type=click.Choice(["long", "short"]),
    default="long",
    show_default=True,
    help="The edge your duplex printer turns the sheet over.",
)
@click.option(
    "-o", "--output", type=click.Path(path_type=Path), help="Where to write the PDF (default: output/calibration.pdf)."
)
def calibrate(lang: str, paper: str, flip: Flip, output: Path | None) -> None:
    """A two-sided test sheet: check 100 % scale and read the --back-offset X,Y for your printer."""
    from printkit import build as pipeline

    suffix = "" if lang == "pl" else f"-{lang}"
    target = pipeline.resolve_output(output, Path("output") / f"calibration{suffix}.pdf")
    pipeline.check_output(target)
    pages = pipeline.write(pipeline.calibration(lang, paper, flip), target)
    click.echo(f"{target} ({pages} pages: print them on one sheet, two-sided, flipping on the {flip} edge)")


@cli.command()
@click.argument("kit")
@LANG
@PAPER
@click.option("--dpi", type=int, default=60, show_default=True, help="Pixels per inch of the PNG files.")
@click.option(
    "-o",
    "--output",
    "folder",
    type=click.Path(path_type=Path),
    default=Path("output/preview"),
    show_default=True,
    help="The folder for the PNG files.",
)
def preview(kit: str, lang: str | None, paper: str, dpi: int, folder: Path) -> None:
    """Every page of KIT's PDF as a PNG image (KIT-1.png, KIT-2.png, ...)."""
    from printkit import build as pipeline
    from printkit.preview import check_dpi

    check_dpi(dpi)
    loaded = pipeline.load(kit)
    ctx = pipeline.context(loaded, lang, paper)
    document = pipeline.lay_out(loaded, ctx)
    stem = pipeline.default_output(loaded, ctx.lang).stem
    paths = pipeline.write_previews(document, folder, stem, dpi)
    click.echo(
        f"{folder}: {len(paths)} PNG {'file' if len(paths) == 1 else 'files'} ({paths[0].name} … {paths[-1].name}) "
        f"at {dpi} dpi"
    )


@cli.command()
@click.argument("kit", required=False)
@click.option("--all", "all_kits", is_flag=True, help="Validate every shipped kit.")
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@PAPER
def validate(kit: str | None, all_kits: bool, strict: bool, paper: str) -> None:
    """Check that KIT agrees with its own rules; exit 1 naming each problem."""
    from printkit import build as pipeline
    from printkit import kitfile

    if all_kits == bool(kit):
        raise PrintkitError("give a KIT or --all, not both and not neither")
    names = [kit] if kit else kitfile.shipped_kit_names()
    failed = 0
    for name in names:
        try:
            loaded = pipeline.load(name, strict=strict)
            pipeline.verify(loaded, pipeline.context(loaded, None, paper))
            for warning in loaded.warnings:
                click.echo(str(warning), err=True)
            click.echo(f"{loaded.source.display}: ok")
        except KitError as exc:
            failed += 1
            click.echo(exc.render(), err=True)
    if failed:
        sys.exit(1)


@cli.command()
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Write to FILE instead of the screen.")
@click.option("--markdown", is_flag=True, help="The field reference in Markdown instead of the JSON Schema.")
def schema(output: Path | None, markdown: bool) -> None:
    """The JSON Schema of a kit file, generated from printkit's own models."""
    from printkit import schema as kit_schema
    from printkit.output import write_atomic

    text = kit_schema.reference_markdown() if markdown else kit_schema.schema_text()
    if output is None:
        click.echo(text, nl=False)
    else:
        write_atomic(output, text.encode("utf-8"))
        click.echo(str(output))


@cli.command()
@click.argument("name")
@click.option(
    "--from", "start_from", metavar="KIT", help="Start from a copy of this shipped kit instead of the template."
)
def new(name: str, start_from: str | None) -> None:
    """Write NAME.yaml here: a small commented kit that validates and builds at once."""
    from printkit.starter import new_kit

    target = new_kit(name, start_from, Path.cwd())
    origin = f"a copy of {start_from}" if start_from else "the template"
    click.echo(f"{target.name} ({origin}); next: printkit validate {target.name} && printkit build {target.name}")


@cli.command("export-tts")
@click.argument("kit")
@LANG
@click.option(
    "-o",
    "--output",
    "folder",
    type=click.Path(path_type=Path),
    default=Path("output/tts"),
    show_default=True,
    help="The folder for the sheets and tts.json.",
)
def export_tts(kit: str, lang: str | None, folder: Path) -> None:
    """KIT's cards and tiles as Tabletop Simulator deck sheets (PNG) and tts.json saying which is which."""
    from printkit import build as pipeline
    from printkit.tts import export_kit

    loaded = pipeline.load(kit)
    index = export_kit(loaded, pipeline.context(loaded, lang), folder)
    sheets = sum(len(deck["sheets"]) for deck in index["decks"])
    pieces = sum(deck["count"] for deck in index["decks"])
    click.echo(
        f"{folder / 'tts.json'}: {len(index['decks'])} decks, {pieces} pieces on {sheets} "
        f"{'sheet' if sheets == 1 else 'sheets'}"
    )


INTERRUPTED = "interrupted; no file was left half-written"


def main(argv: list[str] | None = None) -> None:
    """The console entry point; ``argv`` lets tests call it in-process."""
    try:
        _run(argv)
    finally:
        if argv is None:
            leave_to_exit()


def leave_to_exit() -> None:
    """Hand every object to the process's end as it is. Python's shutdown makes one last full
    collection; after a build it walks a million live objects, finds nothing (printkit's data
    holds no cycles) and costs about 30 ms, a tenth of a small build. Frozen objects (gc.freeze,
    made for processes about to fork or end) are left out of it; memory goes back with the process."""
    gc.freeze()


def _run(argv: list[str] | None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if not args:  # the help, as a question answered: exit 0
        with click.Context(cli, info_name="printkit") as ctx:
            click.echo(cli.get_help(ctx))
        return
    try:
        with collector_paused(), reading(), stopped_like_ctrl_c():
            cli.main(args=args, prog_name="printkit", standalone_mode=False)
    except click.exceptions.Abort:  # click's word for Ctrl-C
        click.echo(INTERRUPTED, err=True)
        sys.exit(128 + signal.SIGINT)
    except click.ClickException as exc:
        exc.show()
        sys.exit(1)
    except PrintkitError as exc:
        click.echo(str(exc), err=True)
        sys.exit(1)
    except (KeyboardInterrupt, Stopped) as exc:  # the shell's code: 128 + the signal
        click.echo(INTERRUPTED, err=True)
        sys.exit(128 + (exc.signum if isinstance(exc, Stopped) else signal.SIGINT))
    except SystemExit:
        raise
    except Exception as exc:  # a bug in printkit, not the user's fault: no traceback unless asked for
        errors.report_internal_error(exc)
        sys.exit(2)


class Stopped(BaseException):
    """SIGTERM or SIGHUP, raised where the program is, as Ctrl-C raises KeyboardInterrupt, so that
    the same cleanup runs (write_atomic removes its temporary file). Not a KeyboardInterrupt, which
    click would answer with a blank line of its own."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def _stop(signum: int, frame: object) -> None:
    raise Stopped(signum)


@contextlib.contextmanager
def stopped_like_ctrl_c() -> Iterator[None]:
    """SIGTERM (kill, a service manager) and SIGHUP (a closed terminal) stop a command as Ctrl-C
    does, instead of ending the process where it stands (a temporary file left beside the output)."""
    wanted = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
    try:
        before = {signum: signal.signal(signum, _stop) for signum in wanted}
    except ValueError:  # not the main thread (an embedding program): its own handlers stay
        yield
        return
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """No cyclic garbage collection while a command runs, then the collector as it was.

    A build makes hundreds of thousands of small objects and frees few; the collector's passes
    over them cost a tenth of a build and find nothing, as printkit's data holds no cycles.
    ``--watch`` turns it back on for its long session."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
