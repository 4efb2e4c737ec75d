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

from printkit.base import errors
from printkit.base.errors import KitError, PrintkitError
from printkit.output.files import reading
from printkit.start import collector_paused

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
    from printkit import pipeline as build
    from printkit.kit import file as kitfile
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
@click.option("--ink-report", "ink_report", is_flag=True, help="Also print how much of each page the ink covers.")
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
def build(
    kit: str,
    watch: bool,
    boxes: bool,
    changed_since: Path | None,
    lang: str | None,
    paper: str,
    output: Path | None,
    two_sided: TwoSided,
    flip: Flip,
    back_offset: str | None,
    printer: str | None,
    stock: str | None,
    manifest: Path | None,
    cut_svg: Path | None,
    cut: Literal["frames", "outline"] | None,
    ink_saver: bool,
    ink_report: bool,
) -> None:
    """Build KIT (a shipped kit's name or a kit file) into a PDF."""
    if watch:
        return watch_build(kit)
    from printkit import pipeline
    from printkit.base.progress import Progress
    from printkit.layout.context import Options
    from printkit.output.files import protect

    if boxes and changed_since is not None:
        raise PrintkitError("--boxes and --changed-since: a box is reprinted whole; give one of them")
    offset, correction = printer_setting(printer, stock, back_offset)
    loaded = pipeline.load(kit, decode=False)
    for warning in pipeline.picture_warnings(loaded):
        click.echo(str(warning), err=True)
    ctx = pipeline.context(loaded, lang, paper, Options(two_sided, flip, offset, cut=cut))
    suffix = "-boxes" if boxes else "-reprint" if changed_since else ""
    target = pipeline.resolve_output(output, pipeline.default_output(loaded, ctx.lang, suffix))
    if changed_since is not None:
        protect("the earlier build's manifest", changed_since)
    pipeline.check_outputs([("-o", target), ("--manifest", manifest), ("--cut-svg", cut_svg)])
    progress = Progress.on_stderr()
    reprinted: list[str] = []
    try:
        document = pipeline.boxes_document(loaded, ctx) if boxes else pipeline.lay_out(loaded, ctx, progress)
        if changed_since is not None:
            document, reprinted = pipeline.reprint_document(loaded, document, ctx, changed_since)
            if not reprinted:
                click.echo(f"nothing to reprint: every piece is drawn as in {changed_since}; no file written")
                return
        if ink_saver:
            from printkit.layout.inksaver import ink_saver as lighter

            document = lighter(document)
        pdf = pipeline.rendered(document, progress, correction)
    finally:
        progress.close()
    pipeline.write_outputs(document, loaded, ctx, [(target, pdf)], manifest, cut_svg)
    pages = len(document.pages)
    if changed_since is not None:
        noun = "piece" if len(reprinted) == 1 else "pieces"
        click.echo(f"reprint of {len(reprinted)} changed {noun}: {', '.join(reprinted)}")
    click.echo(f"{target} ({pages} {'page' if pages == 1 else 'pages'})")
    if ink_report:
        from printkit.render.ink import page_coverage, report

        click.echo(report(page_coverage(target)))


def printer_setting(
    printer: str | None, stock: str | None, back_offset: str | None
) -> tuple[tuple[float, float], tuple[float, float]]:
    """What --printer/--stock or --back-offset ask for: the back offset in mm and the scale
    correction the pages are drawn at (printers.Setting's). printers.py is read only for --printer."""
    if printer is not None and back_offset is not None:
        raise PrintkitError(
            f"--back-offset and --printer {printer} both set the back offset; give one "
            f"(or change the profile: printkit printer add {printer} --back-offset {back_offset})"
        )
    if stock is not None and printer is None:
        raise PrintkitError("--stock names a paper stock of a printer profile; give --printer NAME too")
    if printer is not None:
        from printkit.commands import printer as printers

        setting = printers.find(printer).for_stock(stock)
        return setting.back_offset, setting.correction()
    return offset_option(back_offset or "0,0"), (1.0, 1.0)


def offset_option(text: str) -> tuple[float, float]:
    from printkit.base.units import parse_offset

    try:
        return parse_offset(text)
    except ValueError as exc:
        raise PrintkitError(f"--back-offset: {exc}") from None


def watch_build(kit: str) -> None:
    """The build command's own body, run again after each change of the kit file or its art."""
    from printkit.commands.watch import watch
    from printkit.kit import file as kitfile

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
    from printkit import pipeline

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
    from printkit import pipeline

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
    from printkit import pipeline
    from printkit.render.raster import check_dpi

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
    from printkit import pipeline
    from printkit.kit import file as kitfile
    from printkit.validate.proofs import proved

    if all_kits == bool(kit):
        raise PrintkitError("give a KIT or --all, not both and not neither")
    names = [kit] if kit else kitfile.shipped_kit_names()
    failed = 0
    for name in names:
        try:
            loaded = pipeline.load(name, strict=strict)
            ctx = pipeline.context(loaded, None, paper)
            pipeline.verify(loaded, ctx)
            for warning in loaded.warnings:
                click.echo(str(warning), err=True)
            click.echo(f"{loaded.source.display}: ok: {proved(loaded.kit, paper)}")
            for line in pipeline.rooms(loaded, ctx):
                click.echo(f"  {line}")
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
    from printkit.commands import schema as kit_schema
    from printkit.output.files import write_atomic

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
def new(name: str, start_from: str | None, deck_from: Path | None, sheet: str | None, encoding: str | None) -> None:
    """Write NAME.yaml here: a small commented kit that validates and builds at once."""
    from printkit.commands.new import new_kit

    if deck_from is not None and start_from is not None:
        raise PrintkitError("give --from or --deck-from, not both")
    if (sheet is not None or encoding is not None) and deck_from is None:
        raise PrintkitError("--sheet and --encoding are about the --deck-from table; give --deck-from too")
    target = new_kit(name, start_from, Path.cwd(), deck_from, sheet, encoding)
    origin = (
        f"a deck from {deck_from.name}" if deck_from else (f"a copy of {start_from}" if start_from else "the template")
    )
    click.echo(f"{target.name} ({origin}); next: printkit validate {target.name} && printkit build {target.name}")


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
def export_tts(kit: str, lang: str | None, folder: Path | None) -> None:
    """KIT's cards and tiles as Tabletop Simulator deck sheets (PNG) and tts.json saying which is which."""
    from printkit import pipeline
    from printkit.commands.export_tts import export_kit

    loaded = pipeline.load(kit)
    ctx = pipeline.context(loaded, lang)
    if folder is None:  # a folder of the kit's own: the export replaces it whole, never another kit's
        folder = Path("output") / f"{pipeline.default_output(loaded, ctx.lang).stem}-tts"
    index = export_kit(loaded, ctx, folder)
    sheets = sum(len(deck["sheets"]) for deck in index["decks"])
    pieces = sum(deck["count"] for deck in index["decks"])
    click.echo(
        f"{folder / 'tts.json'}: {len(index['decks'])} decks, {pieces} pieces on {sheets} "
        f"{'sheet' if sheets == 1 else 'sheets'}"
    )


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
@LANG
@PAPER
def export_pieces(
    kit: str | None,
    fmt: Literal["png", "pdf"] | None,
    folder: Path | None,
    dpi: int,
    bleed_text: str,
    preset: str | None,
    scale: bool,
    backs: Literal["interleaved", "separate"],
    component: str | None,
    list_presets: bool,
    lang: str | None,
    paper: str,
) -> None:
    """KIT's cards, tiles, tokens and stones for a print shop: a PNG per side or a PDF page per side."""
    from printkit.output import presets

    if list_presets:
        for found in presets.load().values():
            click.echo(describe_preset(found))
        click.echo(f"(add your own in {presets.user_file()})")
        return
    request = export_request(kit, fmt, dpi, bleed_text, preset, scale, backs, component)
    assert kit is not None  # export_request refuses a missing KIT
    from printkit import pipeline
    from printkit.commands import export as shop
    from printkit.output.files import check_folder, write_folder

    loaded = pipeline.load(kit)
    ctx = pipeline.context(loaded, lang, paper)
    stem = pipeline.default_output(loaded, ctx.lang).stem
    target = folder if folder is not None else shop.default_folder(stem, request.fmt)
    check_folder(target)
    pipeline.lay_out(loaded, ctx)  # the kit's own checks first, as build makes them
    files = shop.export_files(loaded, ctx, request, stem)
    write_folder(target, files, "export")
    count = len(files) - 1
    noun = "PNG file" if request.fmt == "png" else "PDF file"
    click.echo(f"{target}: {count} {noun}{'' if count == 1 else 's'} and {shop.INDEX}")


def export_request(
    kit: str | None,
    fmt: Literal["png", "pdf"] | None,
    dpi: int,
    bleed_text: str,
    preset_name: str | None,
    scale: bool,
    backs: Literal["interleaved", "separate"],
    component: str | None,
):
    """The export's options checked together: one line for the first that cannot work."""
    from printkit.commands import export as shop
    from printkit.output import presets
    from printkit.render.raster import check_dpi

    if kit is None or fmt is None:
        raise PrintkitError("export: give a KIT and --for png or --for pdf (or --list-presets)")
    given = click.get_current_context()
    preset = presets.find(preset_name) if preset_name is not None else None
    if preset is not None:
        for option, name in (("--dpi", "dpi"), ("--bleed", "bleed_text")):
            if given.get_parameter_source(name) is not click.core.ParameterSource.DEFAULT:
                raise PrintkitError(f"--preset {preset.name} sets the {name.removesuffix('_text')}; leave out {option}")
    elif scale:
        raise PrintkitError("--scale stretches pieces to a preset's size; give --preset NAME too")
    if fmt == "pdf" and given.get_parameter_source("dpi") is not click.core.ParameterSource.DEFAULT:
        raise PrintkitError("--dpi is for --for png; a PDF's pieces are vector")
    if backs != "interleaved" and fmt != "pdf":
        raise PrintkitError("--backs is for --for pdf; PNG files are one a side already")
    check_dpi(dpi)
    return shop.Request(fmt, dpi, shop.check_bleed(bleed_text), backs, preset, scale, component)


def describe_preset(preset) -> str:
    """'tgc-poker: 63.5 × 88.9 mm + 3.175 mm bleed at 300 dpi = 825 × 1125 px (printkit): The Game …'"""
    from printkit.commands.export import pixels

    size = f"{pixels(preset.width, preset.bleed, preset.dpi)} × {pixels(preset.height, preset.bleed, preset.dpi)} px"
    return (
        f"{preset.name}: {preset.width:g} × {preset.height:g} mm + {preset.bleed:g} mm bleed at {preset.dpi} dpi = "
        f"{size} ({preset.source}): {preset.title}"
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
def printer_add(
    name: str, back_offset: str | None, scale_x: float | None, scale_y: float | None, stock: str | None
) -> None:
    """Save (or change) printer NAME, or one of its paper stocks."""
    from printkit.commands import printer as printers

    printers.check_name(name)
    if stock is not None:
        printers.check_name(stock, "stock")
    if back_offset is None and scale_x is None and scale_y is None:
        raise PrintkitError(f"printer add {name}: give --back-offset X,Y, --scale-x S or --scale-y S")
    offset = offset_option(back_offset) if back_offset is not None else None
    for value, option in ((scale_x, "--scale-x"), (scale_y, "--scale-y")):
        if value is not None:
            printers.check_scale(value, option)
    path, profiles = printers.change(
        lambda saved: {**saved, name: printers.updated(saved.get(name), name, stock, offset, scale_x, scale_y)}
    )
    profile = profiles[name]
    label = name if stock is None else f"{name} --stock {stock}"
    click.echo(f"{label}: {printers.describe(profile.for_stock(stock))} (saved in {path})")


@printer.command("list")
def printer_list() -> None:
    """The saved printer profiles and their stocks."""
    from printkit.commands import printer as printers

    profiles = printers.load()
    if not profiles:
        click.echo("no printer profiles yet; after `printkit calibrate`: printkit printer add NAME --back-offset X,Y")
        return
    for name, profile in sorted(profiles.items()):
        click.echo(f"{name}: {printers.describe(profile.setting)}")
        for stock, setting in sorted(profile.stocks.items()):
            click.echo(f"{name} --stock {stock}: {printers.describe(setting)}")


@printer.command("remove")
@click.argument("name")
@click.option("--stock", metavar="STOCK", help="Remove only this stock's values.")
def printer_remove(name: str, stock: str | None) -> None:
    """Forget printer NAME (or one of its stocks)."""
    from dataclasses import replace

    from printkit.commands import printer as printers

    def without(profiles: dict[str, printers.Profile]) -> dict[str, printers.Profile]:
        profile = printers.named(profiles, name, "printer remove")
        profile.for_stock(stock)  # an unknown stock is refused, naming the known ones
        if stock is None:
            return {key: value for key, value in profiles.items() if key != name}
        return profiles | {name: replace(profile, stocks={k: v for k, v in profile.stocks.items() if k != stock})}

    printers.change(without)
    click.echo(f"removed {name if stock is None else f'{name} --stock {stock}'}")


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
    import difflib
    import re

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
