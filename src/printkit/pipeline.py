"""The pipeline: the stages a kit goes through, in one direction, a function each; the commands
(commands/) compose them.

1. load the YAML: ``read`` (the kit file found and read, its tables expanded, its texts normalised)
2. validate into typed models: ``modelled`` (the model, the checks before layout, the kit's fonts);
   ``load`` is the two together, as every command starts
3. pick the language: ``context`` (the paper, the options and the language a command asks for)
4. lay out: ``laid_out`` (the pages as data), ``sheets_document``, ``boxes_document``, ``calibration``
5. check the pages: ``lay_out`` and ``verify`` (lay out and refuse what breaks the kit's rules)
6. render: ``rendered`` (the PDF's bytes)
7. write: ``write``, ``write_outputs`` (the PDF with its manifest and cut file), ``write_previews``
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from msgspec import Struct, field

from printkit import fonts
from printkit.base.errors import KitError, LayoutProblem, PrintkitError, Problem
from printkit.base.progress import SILENT, Progress
from printkit.base.records import replace
from printkit.base.units import mm_to_pt
from printkit.fonts import kit as kitfonts
from printkit.kinds import load_kinds, own_kind_names
from printkit.kit import file as kitfile
from printkit.kit.kinds import Registry
from printkit.kit.model import Kit, kinds_used, parse_kit
from printkit.layout import calibration as calibration_sheet
from printkit.layout import cutting
from printkit.layout import document as doc_layout
from printkit.layout.context import Context, Options, companion_name, made_file_name
from printkit.layout.paper import DEFAULT as DEFAULT_PAPER
from printkit.layout.paper import Paper, as_paper
from printkit.layout.primitives import Document, Flip
from printkit.output.files import check_distinct, check_not_read, check_target, protect, write_all, write_atomic
from printkit.pictures.prepared import Finding, Pictures, kit_pictures, missing_message, prepare
from printkit.render import pdf
from printkit.render.svg import drawable
from printkit.validate.findings import by_language
from printkit.validate.kit import check_kit
from printkit.validate.pages import check_layout, check_printed
from printkit.words import textchars
from printkit.words.locale import Localizer, choose_language, kit_icons
from printkit.words.messages import LANGUAGES


class LoadedKit(Struct):
    """A kit as loaded: its source, its model, its warnings and whether they refuse it."""

    source: kitfile.KitSource
    kit: Kit
    warnings: list[Problem] = field(default_factory=list)
    strict: bool = False  # warnings refuse the kit too
    faces: dict[str, tuple[str, str]] = field(default_factory=dict)  # the kit's own fonts by role (kitfonts.py)
    pictures: Pictures = field(default_factory=Pictures)  # every picture it shows, read once (prepared_pictures)

    @property
    def name(self) -> str:
        return self.source.name


def load(kit_ref: str | Path, strict: bool = False, decode: bool = True, kinds: Registry | None = None) -> LoadedKit:
    """Read and check a kit (stages 1 and 2); any error finding stops here with every finding
    listed. A build passes ``decode=False``: a JPEG it embeds as it is needs its header checked,
    not its pixels decoded (validate decodes every picture). The kit's components are of ``kinds``,
    by default printkit's own (``load_kinds()``); the kit carries them to every later stage
    (``Kit.kinds``)."""
    return modelled(read(kit_ref), strict, decode, kinds)


def read(kit_ref: str | Path) -> kitfile.KitSource:
    """The kit file found (a shipped kit's name or a path) and read with its line numbers, its
    tables expanded into its data and its texts normalised; the kit file and its art folder
    protected from every output of the command."""
    source = kitfile.load_kit_source(kitfile.find_kit(str(kit_ref)))
    protect_kit(source)
    if any_table(source):
        # Start-up: only a kit with a table loads the table readers (tests/test_startup.py).
        from printkit.kit import tables

        tables.expand_tables(source)
    textchars.normalise(source.data)  # once, before the model, the checks and the layout read a text
    return source


def modelled(
    source: kitfile.KitSource, strict: bool = False, decode: bool = True, kinds: Registry | None = None
) -> LoadedKit:
    """The kit's typed model (its components of ``kinds``, by default printkit's own), checked
    before layout, with the kit's own fonts proved; KitError listing every finding when an error
    (or with ``strict`` a warning) refuses it."""
    kit = parse_kit(source, kinds if kinds is not None else load_kinds(only=kinds_used(source.data, own_kind_names())))
    pictures, found = prepared_pictures(source, kit, decode)
    problems = check_kit(source, kit, found)
    faces = kitfonts.proved(kit, source.folder)
    loaded = LoadedKit(source, kit, problems, strict, faces or {}, pictures)
    if refused(loaded, problems):
        raise KitError(problems + layout_findings_despite_errors(loaded, problems))
    if faces is None:
        raise PrintkitError(f"{source.display}: a font of the kit changed while printkit read it; run it again")
    return loaded


def prepared_pictures(source: kitfile.KitSource, kit: Kit, decode: bool = True) -> tuple[Pictures, list[Finding]]:
    """Every picture the kit shows, each file read and checked once (printkit.pictures), then each
    SVG converted and proved drawable by the render stage; the pictures that passed (an SVG with
    its drawing), and the findings (each picture's own and the kit's limits) for validation."""
    uses = kit_pictures(kit)
    pictures, found = prepare(source.folder, uses, kit.dpi, decode)
    pictures, refused = drawable(pictures)
    found += [(use.loc, refused[use.key(kit.dpi)], "error") for use in uses if use.key(kit.dpi) in refused]
    return pictures.without(refused), found


def pictures_for(loaded: LoadedKit, kit: Kit) -> Pictures:
    """The pictures of ``kit``, the loaded kit changed where its pictures print at other sizes (an
    export's bleed widens its decks), read and checked for those sizes; KitError when one is
    refused there."""
    pictures, found = prepared_pictures(loaded.source, kit, decode=False)
    errors = [Problem(*loaded.source.where(loc), message) for loc, message, severity in found if severity == "error"]
    if errors:
        raise KitError(errors)
    return pictures


def picture_warnings(loaded: LoadedKit) -> list[Problem]:
    """The warnings a build prints as well as validate: a deck's picture not made yet (a
    placeholder stands in), a picture reduced to the kit's resolution."""
    return [problem for problem in loaded.warnings if problem.group == "pictures"]


MISSING_SHOWN = 3  # pictures not made yet printed one a line; the rest of a file's are counted on one


def printed_warnings(loaded: LoadedKit, warnings: list[Problem]) -> list[Problem]:
    """The warnings as printed: a file naming many pictures not made yet (a table's 90 rows, before
    the art exists) shows MISSING_SHOWN of them and one line counting the rest, not 90 lines that
    bury every other warning; each row is still a finding of its own where one is refused."""
    missing = {missing_message(name, loaded.source.folder) for name in loaded.pictures.missing}
    shown: list[Problem] = []
    counted: dict[str, list[Problem]] = {}
    for warning in warnings:
        if warning.message in missing:
            of_file = counted.setdefault(warning.file, [])
            of_file.append(warning)
            if len(of_file) > MISSING_SHOWN:
                continue
        shown.append(warning)
    for file, found in counted.items():
        rest = len(found) - MISSING_SHOWN
        if rest > 0:
            message = f"{rest} more pictures not made yet; placeholders are printed in their places"
            shown.append(Problem(file, None, "", message, "warning", "pictures"))
    return shown


def refuse_placeholders(loaded: LoadedKit, command: str) -> None:
    """Refuse an export that would send a placeholder ("no picture yet") to a print shop or a
    table: one finding for every row of the kit or its table that names a picture not made yet,
    at that row; ``--allow-placeholders`` skips this."""
    names = {missing_message(name, loaded.source.folder): name for name in loaded.pictures.missing}
    problems = [
        replace(
            problem,
            severity="error",
            message=f"no picture '{names[problem.message]}' yet: {command} would send its placeholder; make the "
            "picture, or give --allow-placeholders to export the placeholders as they are",
        )
        for problem in picture_warnings(loaded)
        if problem.message in names
    ]
    if problems:
        raise KitError(problems)


def with_faces(loaded: LoadedKit, document: Document) -> Document:
    """The document naming the kit's own fonts, so that the renderer draws in what layout measured."""
    return replace(document, faces=tuple((role, *names) for role, names in sorted(loaded.faces.items())))


def any_table(source: kitfile.KitSource) -> bool:
    """True when a component of the kit names a table file for its types."""
    components = source.data.get("components") if isinstance(source.data, dict) else None
    return isinstance(components, list) and any(isinstance(c, dict) and "table" in c for c in components)


def protect_kit(source: kitfile.KitSource) -> None:
    """No output of this command may replace the kit file or anything in its art folder (a picture,
    or a file an SVG there links to)."""
    protect("the kit file", source.path)
    folder = source.folder
    protect(f"a file in the kit's art folder {kitfile.display_path(folder.shown)}/", folder.real, tree=True)


def refused(loaded: LoadedKit, problems: list[Problem]) -> bool:
    return any(p.severity == "error" or loaded.strict for p in problems)


REFUSED_LAYOUT_SECONDS = 1.0


def layout_findings_despite_errors(loaded: LoadedKit, problems: list[Problem]) -> list[Problem]:
    """The layout's findings for a kit already refused, so that its findings are printed at once;
    one the checks already made (a bad picture, found again where a card draws it) is not repeated.
    Its default language is laid out, and the others while that took under REFUSED_LAYOUT_SECONDS:
    a refused 10,000-card deck in two languages no longer doubles the time of its refusal (its
    findings then say "(in pl)"; every language is checked once the kit is fixed)."""
    try:
        found = layout_findings(loaded, context(loaded, None), more_languages_within=REFUSED_LAYOUT_SECONDS)[1]
    except Exception:  # a kit with errors may not lay out at all; its errors already say why
        return []
    said = {problem.message for problem in problems}
    return [problem for problem in found if problem.message.rsplit(" (in ", 1)[0] not in said]


def context(
    loaded: LoadedKit,
    lang: str | None,
    on: Paper | str = DEFAULT_PAPER,
    options: Options | None = None,
    players: list[str] | None = None,
) -> Context:
    """The context a command lays the kit out in: the paper ``on`` (a Paper, or what names one:
    'letter', '210x297'), the language, the options and the players' names."""
    chosen = choose_language(loaded.kit, lang)
    return Context(
        paper=as_paper(on),
        tr=Localizer(chosen, icons=kit_icons(loaded.kit, loaded.pictures)),
        options=options or Options(loaded.kit.two_sided.mode, loaded.kit.two_sided.flip),
        players=players,
        assets=loaded.source.folder,
        dpi=loaded.kit.dpi,
        pictures=loaded.pictures,
        theme=loaded.kit.theme,
        game=loaded.kit.kit,
        kit_ref=kit_ref(loaded.source),
    )


def kit_ref(source: kitfile.KitSource) -> str:
    """What to type after `printkit build` for this kit: a shipped kit's name, else its file as shown."""
    shipped = source.path.parent.resolve() == kitfile.shipped_kits_dir().resolve()
    return source.name if shipped else source.display


def rooms(loaded: LoadedKit, ctx: Context) -> list[str]:
    """What each component whose pages depend on the paper takes on ctx's paper (``Kind.room``):
    for a board, one page or how many sheets and why."""
    numbers = dict(ctx.tr.numbers) | doc_layout.kit_numbers(loaded.kit, ctx.paper)
    with_numbers = doc_layout.with_numbers(ctx, numbers)
    lines = []
    for component in loaded.kit.components:
        room = loaded.kit.kinds.kind_of(component).room
        line = room(component, with_numbers) if room is not None and component.in_kit else None
        if line is not None:
            lines.append(line)
    return lines


def located(loaded: LoadedKit, problem: LayoutProblem) -> KitError:
    source = loaded.source
    return KitError([Problem(*source.where(problem.loc), problem.message, group="pages")])


def laid_out(loaded: LoadedKit, ctx: Context) -> Document:
    """The kit's pages in ctx's language as laid out, unchecked (`printkit list` counts them)."""
    return doc_layout.layout_kit(loaded.kit, ctx)


def lay_out(loaded: LoadedKit, ctx: Context, progress: Progress = SILENT) -> Document:
    """The kit's pages in ctx's language, refused when they break the kit's rules. Only that
    language is laid out: a build prints one language, and `validate` proves the others."""
    return _checked(loaded, *layout_findings(loaded, ctx, progress, languages=[ctx.lang]))[ctx.lang]


def verify(loaded: LoadedKit, ctx: Context, progress: Progress = SILENT) -> dict[str, Document]:
    """Every language of the kit laid out with ctx's paper and options, refused when any of them
    breaks its rules (a longer translation must not push the board off its promised page)."""
    return _checked(loaded, *layout_findings(loaded, ctx, progress))


def _checked(loaded: LoadedKit, documents: dict[str, Document], problems: list[Problem]) -> dict[str, Document]:
    if refused(loaded, problems):
        raise KitError(loaded.warnings + problems)
    loaded.warnings.extend(p for p in problems if p not in loaded.warnings)
    return documents


def layout_findings(
    loaded: LoadedKit,
    ctx: Context,
    progress: Progress = SILENT,
    languages: list[str] | None = None,
    more_languages_within: float | None = None,
) -> tuple[dict[str, Document], list[Problem]]:
    """The languages (by default every one of the kit's) laid out with ctx's paper and options,
    and the findings about each; with ``more_languages_within``, a language after the first is
    begun only while those before it took less CPU than that many seconds."""
    documents: dict[str, Document] = {}
    found: dict[str, list[Problem]] = {}
    if languages is None:
        languages = [ctx.lang] + [lang for lang in loaded.kit.kit.languages if lang != ctx.lang]
    started = time.process_time()
    for number, lang in enumerate(languages):
        if number and more_languages_within is not None and time.process_time() - started > more_languages_within:
            break
        progress.step(f"laying out and checking ({lang})", number, len(languages))
        lang_ctx = ctx if lang == ctx.lang else replace(ctx, tr=replace(ctx.tr, lang=choose_language(loaded.kit, lang)))
        with fonts.using(loaded.faces):
            try:
                documents[lang] = with_faces(loaded, doc_layout.layout_kit(loaded.kit, lang_ctx))
            except LayoutProblem as problem:
                found[lang] = located(loaded, problem).problems
                continue
            found[lang] = check_layout(loaded.source, loaded.kit, documents[lang])
    return documents, by_language(found)


def with_backs(loaded: LoadedKit, backs: str) -> tuple[LoadedKit, frozenset[str]]:
    """The kit as ``--backs`` asks: as it is ("print"), or faces only ("none", ``faces_only``); and
    the components whose backs are left out, for ``Options.faces_only``."""
    return faces_only(loaded) if backs == "none" else (loaded, frozenset())


def faces_only(loaded: LoadedKit) -> tuple[LoadedKit, frozenset[str]]:
    """The kit for a build that prints no backs (``build --backs none``: sleeved cards need none),
    each component with backs as its kind prints it without them (``Kind.faces_only``), and their
    ids (the layout leaves their backs out: ``Options.faces_only``). Their numbers
    ({deck.per_page}, {deck.pages}) and the page plan's checks follow, so a kit whose rules quote
    a two-sided page count is refused with the reason."""
    kit = loaded.kit
    components, ids = [], set()
    for component in kit.components:
        without = kit.kinds.kind_of(component).faces_only
        changed = without(component) if without is not None else None
        if changed is not None:
            ids.add(component.id)
        components.append(changed if changed is not None else component)
    if not ids:
        return loaded, frozenset()
    return replace(loaded, kit=kit.model_copy(update={"components": components})), frozenset(ids)


def default_output(loaded: LoadedKit, lang: str, suffix: str = "") -> Path:
    return Path("output") / made_file_name(loaded.name, suffix, lang, loaded.kit.kit.default_lang)


MOST_SHEETS = 99  # a game whose components set no limit (players.open): a class, a budget all the same


def sheet_names(loaded: LoadedKit, ctx: Context, count: int, names: list[str]) -> list[str]:
    players = loaded.kit.kit.players
    most = MOST_SHEETS if players.open else players.max
    if not players.min <= count <= most:
        if players.min == most:
            raise PrintkitError(f"--players {count}: this game is for {most} players")
        raise PrintkitError(f"--players {count} is outside this game's range ({players.min}–{most})")
    if len(names) > count:
        raise PrintkitError(f"{len(names)} names given for {count} players; give at most {count}")
    names = [textchars.normalised(name) for name in names]
    for name in names:
        problem = textchars.unprintable(name, one_line=True)
        if problem:
            raise PrintkitError(f"--names: '{name}' {problem}")
        missing = fonts.missing_characters(name, bold=True)
        if missing:
            where = f" in '{name}'"
            raise PrintkitError(f"--names: {fonts.no_glyph(missing, where)}")
    # a player without a name gets a blank line to write it on ("Player 2" in 15 pt bold left none)
    return names + [""] * (count - len(names))


def resolve_output(output: Path | None, fallback: Path) -> Path:
    if output is not None:
        return output
    fallback.parent.mkdir(parents=True, exist_ok=True)
    return fallback


def check_output(path: Path) -> None:
    check_target(path)


def check_outputs(outputs: list[tuple[str, Path | None]]) -> None:
    """Refuse, before any work, an output that cannot be written, that is a file the build reads,
    or that another output of the same command also names (given as (its option, path))."""
    for _, path in outputs:
        if path is not None:
            check_output(path)
    check_distinct(outputs)


def write(
    document: Document, path: Path, progress: Progress = SILENT, correction: tuple[float, float] = (1.0, 1.0)
) -> int:
    """Render and write atomically; ``correction`` scales every page about its centre (a printer
    profile's answer to a printer that prints 99.6 % of the size)."""
    write_atomic(path, rendered(document, progress, correction))
    return len(document.pages)


def rendered(document: Document, progress: Progress = SILENT, correction: tuple[float, float] = (1.0, 1.0)) -> bytes:
    """The PDF's bytes; ``correction`` as for ``write``."""
    return pdf.render(document, progress, correction)


def write_outputs(
    document: Document,
    loaded: LoadedKit,
    ctx: Context,
    files: list[tuple[Path, bytes]],
    manifest: Path | None,
    cut_svg: Path | None,
    cut_dxf: Path | None = None,
) -> None:
    """``files`` (the PDF) and, when asked for, the manifest, the cut SVG and the DXF of each sheet
    (in the folder ``cut_dxf``), written together: all or, on a failure before the renames, none
    of them (output.write_all)."""
    outputs = list(files)
    if manifest is not None:
        outputs.append((manifest, manifest_file(document, loaded, ctx).encode("utf-8")))
    if cut_svg is not None:
        outputs.append((cut_svg, cut_file(document, loaded, ctx).encode("utf-8")))
    if cut_dxf is not None:
        outputs += dxf_files(document, loaded, ctx, cut_dxf)
        cut_dxf.mkdir(parents=True, exist_ok=True)
    write_all(outputs)


def manifest_file(document: Document, loaded: LoadedKit, ctx: Context) -> str:
    """The manifest's text (--manifest)."""
    # Start-up: only --manifest and --cut-svg load the manifest's writers (tests/test_startup.py).
    from printkit.output.manifest import manifest, text

    return text(manifest(document, loaded.name, ctx.paper, loaded.kit.kinds))


def cut_file(document: Document, loaded: LoadedKit, ctx: Context) -> str:
    """The cut SVG's text, made from the very rows --manifest writes (no geometry of its own)."""
    # Start-up: as for manifest_file.
    from printkit.output.cutfile import svg
    from printkit.output.manifest import manifest

    kinds = loaded.kit.kinds
    return svg(manifest(document, loaded.name, ctx.paper, kinds), kinds, ctx.options.registration)


def dxf_files(document: Document, loaded: LoadedKit, ctx: Context, folder: Path) -> list[tuple[Path, bytes]]:
    """``folder/KIT-page-N.dxf`` for every page N with pieces to cut, each with its bytes; named
    after the PDF's stem when -o names it (``kpn-fold-page-1.dxf``), as the files beside it are."""
    # Start-up: as for manifest_file.
    from printkit.output.cutfile import dxf, dxf_sheets
    from printkit.output.manifest import manifest

    kinds = loaded.kit.kinds
    rows = manifest(document, loaded.name, ctx.paper, kinds)
    marks = ctx.options.registration
    return [
        (folder / f"{ctx.output_stem or loaded.name}-page-{page}.dxf", dxf(rows, kinds, page, marks).encode("utf-8"))
        for page in dxf_sheets(rows, kinds)
    ]


def check_dxf_folder(folder: Path) -> None:
    """--cut-dxf names a folder, never one printkit reads (the kit's) nor a file."""
    if folder.exists() and not folder.is_dir():
        raise PrintkitError(f"{folder}: --cut-dxf must name a folder for the DXF files, and this is a file")
    check_not_read(folder / "page-1.dxf")


def write_previews(document: Document, folder: Path, stem: str, dpi: int) -> list[Path]:
    """``folder/STEM-1.png`` ... one per page of the PDF ``write`` would produce, rasterised at
    ``dpi`` and written together (output.write_all); returns the paths written. The folder is
    checked before it is made: never one the kit reads."""
    # Start-up: only preview loads the rasteriser and its library (tests/test_startup.py).
    from printkit.render import raster as preview

    preview.check_dpi(dpi)
    if folder.exists() and not folder.is_dir():
        raise PrintkitError(f"{folder}: -o must name a folder for the PNG files, and this is a file")
    check_not_read(folder / f"{stem}-1.png")
    # the pixel budget from the laid-out pages, before the PDF is drawn or PDFium is loaded at all
    sizes = [preview.pixels_of((mm_to_pt(page.width), mm_to_pt(page.height)), dpi) for page in document.pages]
    preview.check_pixels(sizes, f"--dpi {dpi}", "give a lower --dpi (60 gives a quick look)")
    images = preview.page_images(pdf.render(document), dpi)
    folder.mkdir(parents=True, exist_ok=True)
    files = [(folder / f"{stem}-{number}.png", image) for number, image in enumerate(images, start=1)]
    write_all(files)
    return [path for path, _ in files]


def page_picture(pdf: bytes, index: int, dpi: int) -> bytes:
    """Page ``index`` (from 0) of the PDF ``pdf`` as a PNG at ``dpi`` (`printkit serve`'s pages)."""
    # Start-up: only serve and preview load the rasteriser and its library (tests/test_startup.py).
    from printkit.render import raster

    return raster.page_picture(pdf, index, dpi)


def calibration(lang: str, on: Paper | str, flip: Flip) -> Document:
    """The two-sided calibration sheet in ``lang`` on the paper ``on`` (as for ``context``), its back
    for ``flip``."""
    if lang not in LANGUAGES:
        raise PrintkitError(f"unknown language '{lang}'; printkit speaks {', '.join(LANGUAGES)}")
    return calibration_sheet.layout(Context(as_paper(on), Localizer(lang), Options(flip=flip)))


def sheets_document(loaded: LoadedKit, ctx: Context) -> Document:
    """Personalised sheets, refused when a page breaks the printable area or a text its box."""
    return own_document(loaded, ctx, doc_layout.layout_sheets)


def boxes_document(loaded: LoadedKit, ctx: Context) -> Document:
    """The kit's boxes (tuck boxes) alone, refused as sheets are. A kit without a box is told which
    kinds make one: its registry holds only the kinds it uses, so the box kinds are read from all."""
    kit = loaded.kit
    if not any(kit.kinds.kind_of(component).box for component in kit.components):
        boxes = " or ".join(kind.name for kind in load_kinds().kinds if kind.box)
        raise PrintkitError(f"this kit has no box component (kind: {boxes}) to print")
    return own_document(loaded, ctx, doc_layout.layout_boxes)


def companion_suffixes(loaded: LoadedKit) -> list[str]:
    """The files the print recipe sends parts of the kit to (recipe.companion), by their suffix:
    "-boxes" for its boxes, "-sheets" for score sheets kept out of the kit's PDF."""
    kit = loaded.kit
    kinds = [(kit.kinds.kind_of(component), component) for component in kit.components]
    boxes = any(kind.box for kind, _ in kinds)
    sheets = any(kind.personalised and not component.in_kit for kind, component in kinds)
    return [suffix for suffix, made in (("-boxes", boxes), ("-sheets", sheets)) if made]


def companion(loaded: LoadedKit, ctx: Context, suffix: str) -> Document:
    """A companion's pages: the boxes, or the score sheets for the most players, the players named
    by their seats A, B, C... as the rules name them (latarnie's A and B, targ's picking order "A B
    C"; "Player 1" read as nobody in particular, and the round's starter column then starts at A).
    `build` writes them beside the PDF, so the recipe's "in the file ..." is true."""
    if suffix == "-boxes":
        return boxes_document(loaded, ctx)
    seats = seat_names(loaded.kit, ctx)
    named = replace(ctx, players=sheet_names(loaded, ctx, len(seats), seats), starters=False)
    return sheets_document(loaded, named)


def seat_names(kit: Kit, ctx: Context) -> list[str]:
    """The seats as the rules name them, one for each player the game takes: the kit's ``seats`` in
    the context's language (targ's English players P1, P2, P3: its goods are B, C and H), else A, B, C."""
    letters = [chr(ord("A") + seat) for seat in range(min(kit.kit.players.max, 26))]
    given = ctx.tr(kit.kit.seats).split() if kit.kit.seats else []
    return given[: len(letters)] if len(given) >= len(letters) else letters  # too few: validate says so


def companion_path(target: Path, loaded: LoadedKit, ctx: Context, suffix: str) -> Path:
    """Where a companion goes: beside the kit's PDF, under the name the recipe prints."""
    return target.parent / companion_name(loaded.name, suffix, ctx, loaded.kit.kit.default_lang)


def reprint_document(loaded: LoadedKit, document: Document, ctx: Context, old: Path) -> tuple[Document, list[str]]:
    """Only the pieces of ``document`` whose drawing differs from the manifest ``old`` (an earlier
    build's), and their names; refused, as sheets are, when a page breaks the printable area."""
    # Start-up: only --changed-since loads the reprint's reader (tests/test_startup.py).
    from printkit.output import reprint

    before = reprint.read_manifest(old)
    fresh = reprint.changed(reprint.drawn_pieces(document.pages, loaded.kit.kinds, document.pictures), before)
    if not fresh:
        return document, []
    numbers = dict(ctx.tr.numbers) | doc_layout.kit_numbers(loaded.kit, ctx.paper)
    # every reprinted sheet is of pieces to cut: laid out clear of registration marks, if asked for
    piece_ctx = cutting.pieces_ctx(doc_layout.with_numbers(ctx, numbers))
    pages = doc_layout.versioned(loaded.kit, reprint.reprint_pages(fresh, piece_ctx))
    reprinted = own_document(
        loaded, ctx, lambda kit, c: doc_layout.document(kit, c, cutting.with_cutting_aids(pages, c, kit))
    )
    return reprinted, [piece.name for piece in fresh]


def own_document(loaded: LoadedKit, ctx: Context, lay: Callable[[Kit, Context], Document]) -> Document:
    """Pages printed apart from the kit's PDF, refused when a page breaks the printable area or a
    text its box."""
    with fonts.using(loaded.faces):
        try:
            document = with_faces(loaded, lay(loaded.kit, ctx))
        except LayoutProblem as problem:
            raise located(loaded, problem) from None
        given = {name: ("--names",) for name in ctx.players or ()}  # blamed on the option, not the kit
        problems = by_language({ctx.lang: check_printed(loaded.source, loaded.kit, document, given)})
    if refused(loaded, problems):
        raise KitError(problems)
    return document
