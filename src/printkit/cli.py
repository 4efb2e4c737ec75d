"""The command line: click only. Each command's parameters become its frozen options value (a
dataclass in its module in commands/), handed to that module; every PrintkitError becomes one line
and exit 1, here and nowhere else.

A command's module is imported inside its click function: ``printkit --help`` and each command
load only what that command needs (a build never loads the printer profiles, the export or
pypdfium2; tests/test_startup.py counts it). No command module imports this one: no cycle.
"""

from __future__ import annotations

import contextlib
import difflib
import re
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from printkit.base import errors
from printkit.base.collector import collector_paused
from printkit.base.errors import PrintkitError
from printkit.output.files import reading

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
    from printkit.commands import list as command  # start-up: this command's modules only (see above)

    command.run()


@cli.command()
@click.argument("kit")
@LANG
@PAPER
@OUTPUT
@click.option(
    "--two-sided",
    "two_sided",
    type=click.Choice(["duplex", "fold"]),
    default=None,
    help="Two-sided pieces: backs on the next page (duplex) or beside the faces to fold over (fold).  "
    "[default: the kit's two_sided.mode, else duplex]",
)
@click.option(
    "--flip",
    type=click.Choice(["long", "short"]),
    default=None,
    help="The edge a duplex printer turns the sheet over.  [default: the kit's two_sided.flip, else long]",
)
@click.option(
    "--back-offset",
    "back_offset",
    metavar="X,Y",
    default=None,
    help="Move every back X mm right and Y mm down (as seen on the back), for a printer that misregisters.",
)
@click.option(
    "--printer",
    metavar="NAME",
    help="Apply a saved printer profile (see `printkit printer`): its back offset and scale correction.",
)
@click.option("--stock", metavar="STOCK", help="With --printer: the paper stock whose values the profile keeps.")
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
@click.option("--ink-report", "ink_report", is_flag=True, help="Also print each page's ink and inked area.")
@click.option(
    "--cut-svg",
    "cut_svg",
    type=click.Path(path_type=Path),
    help="Also write the pieces' cut outlines as an SVG in mm, one layer per PDF page.",
)
@click.option(
    "--boxes",
    is_flag=True,
    help="Build the kit's boxes (tuck boxes, lid-and-tray boxes, sized from their decks) as a PDF of their own.",
)
@click.option(
    "--changed-since",
    "changed_since",
    type=click.Path(path_type=Path),
    metavar="OLD.json",
    help="Print only the pieces whose drawing differs from this manifest of an earlier build (--manifest).",
)
def build(**given: Any) -> None:
    """Build KIT (a shipped kit's name or a kit file) into a PDF."""
    from printkit.commands import build as command  # start-up: this command's modules only (see above)

    options = command.BuildOptions(**given)
    if options.watch:
        from printkit.commands import watch  # start-up: as above

        watch.run(options)
    else:
        command.run(options)


@cli.command()
@click.argument("kit")
@click.option("--players", "count", type=int, required=True, help="How many players.")
@click.option("--names", default="", help='Player names, comma-separated: "Ala,Olek".')
@LANG
@PAPER
@OUTPUT
def sheets(**given: Any) -> None:
    """One personalised score sheet per player."""
    from printkit.commands import sheets as command  # start-up: this command's modules only (see above)

    command.run(command.SheetsOptions(**given))


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
def calibrate(**given: Any) -> None:
    """A two-sided test sheet: check 100 % scale and read the --back-offset X,Y for your printer."""
    from printkit.commands import calibrate as command  # start-up: this command's modules only (see above)

    command.run(command.CalibrateOptions(**given))


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
def preview(**given: Any) -> None:
    """Every page of KIT's PDF as a PNG image (KIT-1.png, KIT-2.png, ...)."""
    from printkit.commands import preview as command  # start-up: this command's modules only (see above)

    command.run(command.PreviewOptions(**given))


@cli.command()
@click.argument("kit", required=False)
@click.option("--all", "all_kits", is_flag=True, help="Validate every shipped kit.")
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@PAPER
def validate(**given: Any) -> None:
    """Check that KIT agrees with its own rules; exit 1 naming each problem."""
    from printkit.commands import validate as command  # start-up: this command's modules only (see above)

    command.run(command.ValidateOptions(**given))


@cli.command()
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Write to FILE instead of the screen.")
@click.option("--markdown", is_flag=True, help="The field reference in Markdown instead of the JSON Schema.")
def schema(**given: Any) -> None:
    """The JSON Schema of a kit file, generated from printkit's own models."""
    from printkit.commands import schema as command  # start-up: this command's modules only (see above)

    command.run(command.SchemaOptions(**given))


@cli.command()
@click.argument("name")
@click.option(
    "--from", "start_from", metavar="KIT", help="Start from a copy of this shipped kit instead of the template."
)
@click.option(
    "--deck-from",
    "deck_from",
    type=click.Path(path_type=Path),
    metavar="TABLE",
    help="Start from a deck read from this CSV, XLSX or ODS table, its columns mapped from the header row.",
)
@click.option("--sheet", metavar="NAME", help="With --deck-from: the sheet of an XLSX or ODS file (else the first).")
@click.option(
    "--encoding",
    type=click.Choice(["utf-8", "utf-16", "cp1250", "iso-8859-2", "cp1252"]),
    help="With --deck-from: a CSV file's encoding when it is not UTF-8 (cp1250: Excel on Polish or Czech Windows).",
)
def new(**given: Any) -> None:
    """Write NAME.yaml here: a small commented kit that validates and builds at once."""
    from printkit.commands import new as command  # start-up: this command's modules only (see above)

    command.run(command.NewOptions(**given))


@cli.command("export-tts")
@click.argument("kit")
@LANG
@click.option(
    "-o",
    "--output",
    "folder",
    type=click.Path(path_type=Path),
    help="The folder for the sheets and tts.json (default: output/KIT-tts); an earlier export there is replaced.",
)
@click.option(
    "--allow-placeholders",
    "allow_placeholders",
    is_flag=True,
    help="Export the placeholders printed for pictures not made yet, rather than refuse them.",
)
def export_tts(**given: Any) -> None:
    """KIT's cards and tiles as Tabletop Simulator deck sheets (PNG) and tts.json saying which is which."""
    from printkit.commands import export_tts as command  # start-up: this command's modules only (see above)

    command.run(command.ExportTtsOptions(**given))


@cli.command("export")
@click.argument("kit", required=False)
@click.option(
    "--for",
    "fmt",
    type=click.Choice(["png", "pdf"]),
    help="png: one image per piece side, with index.csv; pdf: one piece per page at trim size plus bleed.",
)
@click.option(
    "-o",
    "--output",
    "folder",
    type=click.Path(path_type=Path),
    help="The folder to write (default: output/KIT-png or output/KIT-pdf); an earlier export there is replaced.",
)
@click.option(
    "--dpi",
    type=int,
    default=300,
    show_default=True,
    help="png: pixels per inch; a side is round-half-up((trim + 2 x bleed) mm / 25.4 x dpi) px.",
)
@click.option(
    "--bleed",
    "bleed_text",
    metavar="MM|kit",
    default="3.175",
    show_default=True,
    help="How far each fill runs past the cut line (1/8 in by default, as shops ask); 'kit': the kit's own.",
)
@click.option("--preset", metavar="NAME", help="A print shop's piece size, bleed and dpi (see --list-presets).")
@click.option("--scale", is_flag=True, help="With --preset: stretch pieces of another size to the preset's.")
@click.option(
    "--backs",
    type=click.Choice(["interleaved", "separate"]),
    default="interleaved",
    show_default=True,
    help="pdf: face, back, face, back in one file, or NAME-faces.pdf and NAME-backs.pdf.",
)
@click.option("--component", metavar="ID", help="Export only this component's pieces.")
@click.option("--list-presets", "list_presets", is_flag=True, help="List the presets (printkit's and yours) and exit.")
@click.option(
    "--allow-placeholders",
    "allow_placeholders",
    is_flag=True,
    help="Export the placeholders printed for pictures not made yet, rather than refuse them.",
)
@LANG
@PAPER
def export_pieces(**given: Any) -> None:
    """KIT's cards, tiles, tokens and stones for a print shop: a PNG per side or a PDF page per side."""
    from printkit.commands import export as command  # start-up: this command's modules only (see above)

    command.run(command.ExportOptions(**given, given=given_on_the_command_line()))


def given_on_the_command_line() -> frozenset[str]:
    """The current command's parameters the command line set, rather than left at their defaults."""
    context = click.get_current_context()
    return frozenset(
        name for name in context.params if context.get_parameter_source(name) is not click.core.ParameterSource.DEFAULT
    )


@cli.group()
def printer() -> None:
    """Printer profiles: the back offset and scale `printkit calibrate` measured, kept under a name
    and applied with `printkit build KIT --printer NAME`."""


@printer.command("add")
@click.argument("name")
@click.option(
    "--back-offset",
    "back_offset",
    metavar="X,Y",
    help="The X,Y read on the calibration sheet: backs move X mm right and Y mm down.",
)
@click.option("--scale-x", type=float, help="The width the printer prints at, measured on the ruler (0.996 = 99.6 %).")
@click.option("--scale-y", type=float, help="The height the printer prints at (0.996 = 99.6 %).")
@click.option("--stock", metavar="STOCK", help="Keep these values for one paper stock (card, 200gsm, ...) alone.")
def printer_add(**given: Any) -> None:
    """Save (or change) printer NAME, or one of its paper stocks."""
    from printkit.commands import printer as command  # start-up: this command's modules only (see above)

    command.run_add(command.PrinterAddOptions(**given))


@printer.command("list")
def printer_list() -> None:
    """The saved printer profiles and their stocks."""
    from printkit.commands import printer as command  # start-up: this command's modules only (see above)

    command.run_list()


@printer.command("remove")
@click.argument("name")
@click.option("--stock", metavar="STOCK", help="Remove only this stock's values.")
def printer_remove(**given: Any) -> None:
    """Forget printer NAME (or one of its stocks)."""
    from printkit.commands import printer as command  # start-up: this command's modules only (see above)

    command.run_remove(command.PrinterRemoveOptions(**given))


INTERRUPTED = "interrupted; no file was left half-written"


def main(argv: list[str] | None = None) -> None:
    """The console entry point; ``argv`` lets tests call it in-process."""
    _run(argv)


def _run(argv: list[str] | None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if not args:  # the help, as a question answered: exit 0
        with click.Context(cli, info_name="printkit") as ctx:
            click.echo(cli.get_help(ctx))
        return
    try:
        with collector_paused(ending=argv is None), reading(), stopped_like_ctrl_c():
            cli.main(args=args, prog_name="printkit", standalone_mode=False)
    except click.exceptions.Abort:  # click's word for Ctrl-C
        click.echo(INTERRUPTED, err=True)
        sys.exit(128 + signal.SIGINT)
    except click.UsageError as exc:  # a command line it cannot run: one line, as for a kit
        click.echo(usage_line(exc), err=True)
        sys.exit(1)
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
    """SIGTERM, SIGHUP or SIGQUIT, raised where the program is, as Ctrl-C raises KeyboardInterrupt,
    so that the same cleanup runs (write_atomic removes its temporary file, write_folder its
    temporary folder). Not a KeyboardInterrupt, which click would answer with a blank line of its own."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


STOPPING_SIGNALS = ("SIGTERM", "SIGHUP", "SIGQUIT")  # stopped as Ctrl-C stops a command


def _stop(signum: int, frame: object) -> None:
    raise Stopped(signum)


@contextlib.contextmanager
def stopped_like_ctrl_c() -> Iterator[None]:
    """SIGTERM (kill, a service manager), SIGHUP (a closed terminal) and SIGQUIT (Ctrl-\\) stop a
    command as Ctrl-C does, instead of ending the process where it stands (a temporary file left
    beside the output, a core dump for SIGQUIT)."""
    wanted = [getattr(signal, name) for name in STOPPING_SIGNALS if hasattr(signal, name)]
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


def usage_line(exc: click.UsageError) -> str:
    """What is wrong with a command line, in one line naming the command and where its help is
    (click's own answer is four lines: the usage, a hint and the error)."""
    command = exc.ctx.command_path if exc.ctx is not None else "printkit"
    message = unknown_name_message(exc) or " ".join(exc.format_message().split()).rstrip(".")
    return errors.one_line(f"{command}: {message[:1].lower()}{message[1:]} (see '{command} --help')")


def unknown_name_message(exc: click.UsageError) -> str | None:
    """An unknown command or option with printkit's own suggestion: click 8.1 suggests no
    command and words its options' list otherwise than 8.2 ("Possible options", "Did you mean")."""
    if isinstance(exc, click.NoSuchOption):
        name, known = exc.option_name, sorted(exc.possibilities or ())
        what = "option"
    else:
        found = re.match(r"No such command '(.+?)'", exc.format_message())
        if found is None or exc.ctx is None or not isinstance(exc.ctx.command, click.Group):
            return None
        name, known, what = found[1], exc.ctx.command.list_commands(exc.ctx), "command"
    close = difflib.get_close_matches(name, known, n=2, cutoff=0.6) if known else []
    hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    return f"no such {what} {name!r}{hint}"
