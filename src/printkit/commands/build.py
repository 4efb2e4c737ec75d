"""`printkit build KIT`: the kit's PDF, and beside it the manifest, the cut file and the ink report
asked for; or only its boxes (--boxes), or only the pieces changed since an earlier build
(--changed-since). `build --watch` is commands/watch.py, which runs this again after each change; `serve`
(commands/serve.py) runs its first steps (``prepared``, ``to_print``, ``drawn``) and keeps the PDF.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import click
from msgspec import Struct

from printkit import pipeline
from printkit.base.errors import KitError, PrintkitError
from printkit.base.progress import Progress
from printkit.base.records import replace
from printkit.commands.options import Cut, Sides, back_offset
from printkit.layout.context import Context, CropMarks, Options, TwoSided, paper_suffix
from printkit.layout.inksaver import ink_saver
from printkit.layout.paper import Paper
from printkit.layout.primitives import Document, Flip
from printkit.output import marksets
from printkit.output.files import protect


class BuildOptions(Struct, frozen=True):
    """`printkit build` (and `build --watch`)."""

    kit: str
    lang: str | None
    paper: Paper
    output: Path | None
    two_sided: TwoSided | None  # None: the kit's two_sided.mode
    flip: Flip | None  # None: the kit's two_sided.flip
    backs: Sides
    back_offset: str | None
    printer: str | None
    stock: str | None
    manifest: Path | None
    watch: bool
    cut: Cut | None
    ink_saver: bool
    ink_report: bool
    cut_svg: Path | None
    cut_dxf: Path | None
    registration: str | None
    cut_plan: bool
    crop_length: float
    crop_offset: float
    crop_colour: str
    boxes: bool
    changed_since: Path | None


def run(options: BuildOptions) -> None:
    """Build the kit as ``options`` ask; every output is checked before any work, and written
    together (all or none)."""
    if options.boxes and options.changed_since is not None:
        raise PrintkitError("--boxes and --changed-since: a box is reprinted whole; give one of them")
    loaded, ctx, correction = prepared(options)
    target = checked_target(loaded, ctx, options)
    progress = Progress.on_stderr()
    try:
        document, reprinted = to_print(loaded, ctx, options, progress)
        for note in without_effect(loaded, ctx, options, document):
            click.echo(note, err=True)
        if options.changed_since is not None and not reprinted:
            click.echo(f"nothing to reprint: every piece is drawn as in {options.changed_since}; no file written")
            return
        document, pdf = drawn(document, options, progress, correction)
        extra = companion_files(loaded, ctx, options, target, progress, correction)
    finally:
        progress.close()
    files = [(target, pdf)] + [(path, data) for path, data, _ in extra]
    pipeline.write_outputs(document, loaded, ctx, files, options.manifest, options.cut_svg, options.cut_dxf)
    report(target, document, reprinted, options)
    for path, _, pages in extra:
        click.echo(f"{path} ({pages} {'page' if pages == 1 else 'pages'})")


def companion_files(
    loaded: pipeline.LoadedKit,
    ctx: Context,
    options: BuildOptions,
    target: Path,
    progress: Progress,
    correction: tuple[float, float],
) -> list[tuple[Path, bytes, int]]:
    """The files the kit's print recipe names beside its PDF (its boxes, its shared score sheet),
    as (path, bytes, pages); none for --boxes or --changed-since, which print a part alone."""
    found = []
    for suffix, path in companion_paths(loaded, ctx, options, target):
        try:
            document = pipeline.companion(loaded, ctx, suffix)
        except KitError as refused:  # a part that cannot print on this paper does not stop the kit
            for problem in refused.problems:
                click.echo(f"warning: {path.name} not written: {problem}", err=True)
            continue
        found.append((path, drawn(document, options, progress, correction)[1], len(document.pages)))
    return found


def companion_paths(
    loaded: pipeline.LoadedKit, ctx: Context, options: BuildOptions, target: Path
) -> list[tuple[str, Path]]:
    """Where the companions go, by suffix; none for --boxes or --changed-since (a part alone)."""
    if options.boxes or options.changed_since is not None:
        return []
    return [(s, pipeline.companion_path(target, loaded, ctx, s)) for s in pipeline.companion_suffixes(loaded)]


def prepared(options: BuildOptions) -> tuple[pipeline.LoadedKit, Context, tuple[float, float]]:
    """The kit loaded (its picture warnings printed), the context ``options`` ask for and the
    scale correction of the printer profile: what `build` and `serve` begin with."""
    offset, correction = printer_setting(options.printer, options.stock, options.back_offset)
    loaded = pipeline.load(options.kit, decode=False)
    for warning in pipeline.printed_warnings(loaded, pipeline.picture_warnings(loaded)):
        click.echo(str(warning), err=True)
    loaded, faces = pipeline.with_backs(loaded, options.backs)
    ctx = pipeline.context(loaded, options.lang, options.paper, layout_options(options, loaded, offset, faces))
    default = pipeline.default_output(loaded, ctx.lang, paper_suffix(ctx.paper))
    if options.output is not None and options.output.stem != default.stem:
        # the files beside the PDF, and the recipe naming them, follow -o's name; -o naming the
        # default file keeps the default names (targ-letter.pdf beside targ-letter-boxes.pdf)
        ctx = replace(ctx, output_stem=options.output.stem)
    return loaded, ctx, correction


def drawn(
    document: Document, options: BuildOptions, progress: Progress, correction: tuple[float, float]
) -> tuple[Document, bytes]:
    """The pages as printed (light tints with --ink-saver) and their PDF's bytes."""
    if options.ink_saver:
        document = ink_saver(document)
    return document, pipeline.rendered(document, progress, correction)


def layout_options(
    options: BuildOptions, loaded: pipeline.LoadedKit, offset: tuple[float, float], faces_only: frozenset[str]
) -> Options:
    """How the pages are laid out: the two-sided printing (the kit's ``two_sided`` unless the command
    line says otherwise), the decks printed without backs, the cut, and the aids to cutting asked for."""
    defaults = loaded.kit.two_sided
    crop = crop_marks(options.crop_length, options.crop_offset, options.crop_colour)
    marks = marksets.find(options.registration) if options.registration is not None else None
    return Options(
        options.two_sided or defaults.mode,
        options.flip or defaults.flip,
        offset,
        cut=options.cut,
        faces_only=faces_only,
        crop=crop,
        cut_plan=options.cut_plan,
        registration=marks,
    )


CROP_LENGTH = (0.5, 15.0)  # mm: from a dot to a printer's longest marks (1/2 in)
CROP_OFFSET = (0.0, 10.0)
COLOUR = re.compile(r"#[0-9a-fA-F]{6}\Z")


def crop_marks(length: float, offset: float, colour: str) -> CropMarks:
    """--crop-length, --crop-offset and --crop-colour as one value, or one line saying which is wrong."""
    for option, value, (low, high) in (("--crop-length", length, CROP_LENGTH), ("--crop-offset", offset, CROP_OFFSET)):
        if not math.isfinite(value) or not low <= value <= high:
            raise PrintkitError(f"{option} {value:g}: give a length from {low:g} to {high:g} mm, e.g. {option} 3")
    if not COLOUR.match(colour):
        raise PrintkitError(f"--crop-colour {colour}: give a colour as #RRGGBB, e.g. --crop-colour '#ff00ff'")
    return CropMarks(length, offset, colour.lower())


def printer_setting(
    printer: str | None, stock: str | None, offset: str | None
) -> tuple[tuple[float, float], tuple[float, float]]:
    """What --printer/--stock or --back-offset ask for: the back offset in mm and the scale
    correction the pages are drawn at (printer.Setting's). commands/printer.py is read only for
    --printer."""
    if printer is not None and offset is not None:
        raise PrintkitError(
            f"--back-offset and --printer {printer} both set the back offset; give one "
            f"(or change the profile: printkit printer add {printer} --back-offset {offset})"
        )
    if stock is not None and printer is None:
        raise PrintkitError("--stock names a paper stock of a printer profile; give --printer NAME too")
    if printer is not None:
        # Start-up: only a build with --printer loads the profiles' module (tests/test_startup.py).
        from printkit.commands import printer as printers

        setting = printers.find(printer).for_stock(stock)
        return setting.back_offset, setting.correction()
    return back_offset(offset or "0,0"), (1.0, 1.0)


def checked_target(loaded: pipeline.LoadedKit, ctx: Context, options: BuildOptions) -> Path:
    """The PDF's path; refused, with the manifest's and the cut file's, when one cannot be written
    or names a file the build reads (the kit's, the earlier manifest of --changed-since)."""
    # named for its paper as the files beside it are (a Letter build replaced the A4 build's PDF
    # but not its companions, a round-6 review); a part alone as the companion it is
    default = pipeline.default_output(loaded, ctx.lang, paper_suffix(ctx.paper))
    part = "-boxes" if options.boxes else "-reprint" if options.changed_since else ""
    target = pipeline.resolve_output(options.output, default.with_name(f"{default.stem}{part}.pdf"))
    if options.changed_since is not None:
        protect("the earlier build's manifest", options.changed_since)
    beside: list[tuple[str, Path | None]] = [
        (f"the {suffix[1:]} file written beside the PDF", path)
        for suffix, path in companion_paths(loaded, ctx, options, target)
    ]
    pipeline.check_outputs([("-o", target), ("--manifest", options.manifest), ("--cut-svg", options.cut_svg), *beside])
    if options.cut_dxf is not None:
        pipeline.check_dxf_folder(options.cut_dxf)
    return target


def to_print(
    loaded: pipeline.LoadedKit, ctx: Context, options: BuildOptions, progress: Progress
) -> tuple[Document, list[str]]:
    """The pages to print (the kit's, or its boxes), and with --changed-since only the changed
    pieces' and their names (none: nothing changed)."""
    document = pipeline.boxes_document(loaded, ctx) if options.boxes else pipeline.lay_out(loaded, ctx, progress)
    if options.changed_since is None:
        return document, []
    return pipeline.reprint_document(loaded, document, ctx, options.changed_since)


def without_effect(loaded: pipeline.LoadedKit, ctx: Context, options: BuildOptions, document: Document) -> list[str]:
    """A line for each option given that changes nothing in this kit's PDF, so that a user who
    finds it byte-identical to the plain build knows why (plateau's `--backs none`: its stones'
    two sides are both faces, and only cards' and tiles' backs are left out)."""
    notes = []
    if options.backs == "none" and not ctx.options.faces_only:  # the words of --backs's help
        notes.append(
            f"note: --backs none has no effect on {loaded.name}: it leaves out the backs of two-sided cards and "
            "tiles, and this kit has none"
        )
    # a deck's optional backs (back_pages: after, targ's) are laid out the same in any --two-sided
    # mode, but turned over as duplex backs are: --flip and --back-offset lay them out for that
    two_sided = any(page.side in ("back", "fold") and page.role != "blank" for page in document.pages)
    turned = two_sided or any(page.optional and page.role != "blank" for page in document.pages)
    given = [
        flag
        for flag, value, changes in (
            ("--two-sided", options.two_sided is not None, two_sided),
            ("--flip", options.flip is not None, turned),
            ("--back-offset", options.back_offset is not None, turned),
        )
        if value and not changes
    ]
    if given and not options.boxes and options.changed_since is None:  # the whole kit's pages
        reason = "it prints no two-sided pieces" if not turned else "its only backs are optional pages after the faces"
        if turned and options.two_sided == "fold":  # a grid deck is never folded (docs/printing.md): say so
            reason = "its cards are on a grid, which is never folded; their backs are optional pages after the faces"
        notes.append(f"note: {', '.join(given)} has no effect on {loaded.name}: {reason}")
    elif options.flip is not None and ctx.options.two_sided == "fold":
        notes.append("note: --flip has no effect with --two-sided fold: the sheet is folded, not turned over")
    return notes


def report(target: Path, document: Document, reprinted: list[str], options: BuildOptions) -> None:
    """What was written: the pieces reprinted, the PDF and its pages, the ink each page takes."""
    pages = len(document.pages)
    if options.changed_since is not None:
        noun = "piece" if len(reprinted) == 1 else "pieces"
        click.echo(f"reprint of {len(reprinted)} changed {noun}: {', '.join(reprinted)}")
    click.echo(f"{target} ({pages} {'page' if pages == 1 else 'pages'})")
    if options.ink_report:
        # Start-up: only --ink-report loads the coverage reader (tests/test_startup.py).
        from printkit.render.ink import page_coverage
        from printkit.render.ink import report as ink_report

        click.echo(ink_report(page_coverage(target)))
