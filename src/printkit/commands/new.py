"""`printkit new`: a kit file to start from, the shipped template or a copy of a shipped kit.

The template (templates/new.yaml) is a small game that validates and builds as it is. Either way
the new file's first line points the YAML language server at the kit schema, so an editor
completes and checks fields from the first keystroke.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path, PurePosixPath

import click
from msgspec import Struct

from printkit.base.errors import PrintkitError
from printkit.kit import file as kitfile
from printkit.kit.paths import KitFolder
from printkit.output.files import create_new
from printkit.pictures.limits import MAX_RASTER_BYTES


class NewOptions(Struct, frozen=True):
    """`printkit new`."""

    name: str
    start_from: str | None
    deck_from: Path | None
    sheet: str | None
    encoding: str | None


NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
MODELINE = "# yaml-language-server: $schema="
PLACEHOLDER = "THIS_FILE"  # the template's stand-in for the new kit's name


def run(options: NewOptions) -> None:
    """NAME.yaml written in the current folder, and what to run next."""
    if options.deck_from is not None and options.start_from is not None:
        raise PrintkitError("give --from or --deck-from, not both")
    if (options.sheet is not None or options.encoding is not None) and options.deck_from is None:
        raise PrintkitError("--sheet and --encoding are about the --deck-from table; give --deck-from too")
    target = new_kit(options.name, options.start_from, Path.cwd(), options.deck_from, options.sheet, options.encoding)
    click.echo(
        f"{target.name} ({origin(options)}); next: printkit validate {target.name} && printkit build {target.name}"
    )
    if options.deck_from is not None:
        line = pictures_line(target, options.deck_from, options.sheet, options.encoding)
        if line:
            click.echo(line)


def origin(options: NewOptions) -> str:
    """What the new kit was made from, as its line says."""
    if options.deck_from is not None:
        return f"a deck from {options.deck_from.name}"
    return f"a copy of {options.start_from}" if options.start_from else "the template"


def template_text() -> str:
    return (resources.files("printkit") / "templates" / "new.yaml").read_text(encoding="utf-8")


def schema_file() -> Path:
    return kitfile.data_dir() / "schema" / "kit.schema.json"


def schema_reference(folder: Path) -> str | None:
    """The schema as the language server finds it from ``folder``: a relative path when possible."""
    schema = schema_file()
    if not schema.is_file():
        return None
    try:
        return Path(os.path.relpath(schema, folder.resolve())).as_posix()
    except ValueError:  # another drive on Windows
        return schema.as_uri()


def with_modeline(text: str, reference: str | None) -> str:
    """``text`` whose first line names the schema (replacing a modeline that names another path)."""
    first, _, rest = text.partition("\n")
    body = rest if first.startswith(MODELINE) else text
    return f"{MODELINE}{reference}\n{body}" if reference else body


def kit_file_name(name: str) -> str:
    stem = name.removesuffix(".yaml")
    if not NAME.match(stem):
        raise PrintkitError(
            f"'{name}': a kit's name is letters, digits, '-' and '_' (such as my_game); printkit writes it to "
            "my_game.yaml"
        )
    return stem


def new_kit(
    name: str,
    start_from: str | None,
    folder: Path,
    deck_from: Path | None = None,
    sheet: str | None = None,
    encoding: str | None = None,
) -> Path:
    """Write NAME.yaml in ``folder``; never overwrite anything. With ``deck_from``, a skeleton whose
    deck reads that table (copied into the kit's folder NAME/), its columns mapped (deckfrom.py)."""
    stem = kit_file_name(name)
    target = folder / f"{stem}.yaml"
    if target.exists() or target.is_symlink():  # a link, even one to nowhere: writing would follow it
        raise PrintkitError(
            f"{target.name} already exists; printkit new never overwrites a file (choose another name or move it away)"
        )
    pictures: list[str] = []
    if deck_from is not None:
        (text, pictures), art = deck_skeleton(stem, deck_from, sheet, encoding), deck_from
    elif start_from is None:
        text, art = template_text().replace(PLACEHOLDER, stem), None
    else:
        source = kitfile.find_kit(start_from)
        text, art = source.read_text(encoding="utf-8"), own_folder(source)
    art_target = folder / stem
    if art is not None and (art.is_dir() or deck_from) and (art_target.exists() or art_target.is_symlink()):
        raise PrintkitError(
            f"{art_target.name}/ already exists; the kit's pictures would go there (choose another name)"
        )
    kit_bytes = with_modeline(text, schema_reference(folder)).encode("utf-8")
    create_new([(target, kit_bytes)], art_folder(art_target, art, deck_from, pictures))
    return target


def art_folder(
    art_target: Path, art: Path | None, deck_from: Path | None, pictures: Sequence[str] = ()
) -> list[tuple[Path, Callable[[Path], None]]]:
    """The new kit's folder, if it has one, with what fills it: the table copied with the pictures
    it names that lie beside it, or the shipped kit's folder (output.create_new makes it beside its
    place and puts it there with the kit file)."""
    if deck_from is not None:
        table = deck_from

        def fill(into: Path) -> None:
            shutil.copyfile(table, into / table.name)
            for name in pictures:
                source = beside(table.parent, name)
                if source is not None:
                    (into / name).parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(source, into / name)

        return [(art_target, fill)]
    if art is not None and art.is_dir():
        shipped = art
        return [
            (
                art_target,
                lambda into: shutil.copytree(shipped, into, symlinks=True, ignore=not_copied, dirs_exist_ok=True),
            )
        ]
    return []


def beside(folder: Path, name: str) -> Path | None:
    """The picture a table names, when it is a file inside the table's own folder (a name is
    hostile: an absolute path, a '..', a link or anything but a plain file, or a file larger than a
    picture may be, is not copied)."""
    parts = PurePosixPath(name).parts
    if not parts or PurePosixPath(name).is_absolute() or ".." in parts or "\\" in name or "\0" in name:
        return None
    path = folder.joinpath(*parts)
    try:
        info = os.lstat(path)
        inside = path.resolve().is_relative_to(folder.resolve())
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(info.st_mode) or not inside or info.st_size > MAX_RASTER_BYTES:
        return None
    return path


def pictures_line(target: Path, table: Path, sheet: str | None, encoding: str | None) -> str | None:
    """What ``new --deck-from`` did with the pictures its table names: how many it copied and where
    the others go (until they are there, a placeholder is printed in their place)."""
    names = table_pictures(table, sheet, encoding)
    if not names:
        return None
    folder = target.with_suffix("")
    copied = [name for name in names if beside(folder, name) is not None]  # a hostile name is never read
    missing = [name for name in names if name not in copied]
    said = f"{len(copied)} of the {len(names)} pictures the table names copied into {folder.name}/"
    if not missing:
        return said
    return (
        f"{said}; put the other {len(missing)} there under the names the table gives (such as "
        f"{folder.name}/{missing[0]}): until then printkit prints a placeholder in their place"
    )


def table_pictures(table_path: Path, sheet: str | None, encoding: str | None) -> list[str]:
    """The pictures the table names (read again: a table is read in well under a second)."""
    from printkit.commands import new_from_table as deckfrom  # start-up: as deck_skeleton's
    from printkit.kit import tables

    table = tables.read_path(table_path, str(table_path), sheet, encoding=encoding or "auto")
    return deckfrom.pictures_named(table)


def own_folder(kit: Path) -> Path:
    """The real path of the folder of the kit ``kit`` copied from; refused when it is a link
    leading out (kitpaths.py), which would copy whatever it leads to."""
    folder = KitFolder.of(kit)
    if folder.refused:
        raise PrintkitError(f"{kitfile.display_path(kit)}: {folder.refused}")
    return folder.real


def not_copied(folder: str, names: list[str]) -> set[str]:
    """What a copy of a kit's folder leaves out: anything but files, folders and links (a named
    pipe would hang the copy). A link is copied as a link, never as what it leads to: one that
    leads out of the kit's folder is then refused by the new kit's build, as it was by the old."""
    kept = (stat.S_ISREG, stat.S_ISDIR, stat.S_ISLNK)
    return {name for name in names if not any(kind(os.lstat(os.path.join(folder, name)).st_mode) for kind in kept)}


def deck_skeleton(stem: str, table_path: Path, sheet: str | None, encoding: str | None = None) -> tuple[str, list[str]]:
    """The kit text for ``new --deck-from``: the table read (a broken one refused here) and mapped,
    and the pictures it names."""
    # Start-up: only --deck-from loads the table readers and, through the deck's model, the kinds
    # (about 0.4 s); `printkit new` from the template needs neither.
    from printkit.commands import new_from_table as deckfrom
    from printkit.kit import tables

    if (table_path.parent / stem).resolve() == table_path.parent.resolve():
        raise PrintkitError(f"'{stem}': give the kit another name than the table's folder")
    try:
        table = tables.read_path(table_path, str(table_path), sheet, encoding=encoding or "auto")
    except tables.TableProblem as exc:
        raise PrintkitError(f"{table_path}: {exc}") from None
    if not table.rows:
        where = f"its sheet {table.sheet!r}" if table.sheet else "it"
        raise PrintkitError(f"{table_path}: {where} has no rows below the header row (name another one with --sheet)")
    deckfrom.check_headers(table_path, table)
    return deckfrom.skeleton(stem, table_path.name, table, table.sheet, encoding), deckfrom.pictures_named(table)
