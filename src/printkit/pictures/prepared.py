"""A kit's pictures read and checked once a build, into a frozen value the pipeline hands down.

Every picture a kit shows (kit_pictures) must stay inside the kit's folder (no '../', no
absolute path, no link leading out) and be an SVG, PNG or JPEG within the limits, each file's
and the kit's together (limits.py). ``prepare`` opens each file once, reads it whole, names it
by the SHA-256 of its bytes and checks it (raster.py, svg.py) at the size it prints at; the
answer is ``Pictures``: layout reads each picture's proportions from it, the renderer draws
from it, and neither opens a file. Nothing is kept between builds: a picture edited while
``build --watch`` runs is read anew by the next build.
"""

from __future__ import annotations

import hashlib
import os
from functools import cached_property
from pathlib import Path
from typing import Any
from zlib import crc32

from msgspec import Struct, field

from printkit.base.records import replace
from printkit.kit.paths import KitFolder, PathRefused
from printkit.pictures.limits import (
    DEFAULT_PRINT_MM,
    ICON_PRINT_MM,
    MAX_KIT_MEGAPIXELS,
    MAX_KIT_PASSED_BYTES,
    MAX_RASTER_BYTES,
    MAX_SVG_BYTES,
    MAX_SVG_ELEMENTS,
    MAX_SVG_NUMBERS,
    PRINT_DPI,
    RASTER,
    PictureProblem,
    Work,
    print_pixels,
)
from printkit.pictures.raster import Raster, raster
from printkit.pictures.svg import Vector, vector

Picture = Raster | Vector
Finding = tuple[tuple, str, str]  # (location in the kit, message, severity)
Key = tuple[str, int]  # a picture's name in the kit's folder and the pixels it is prepared for


class Use(Struct, frozen=True):
    """Where a kit shows a picture: the field naming it, the file, the longest side it prints
    at (mm), whether a placeholder may stand in while the file does not exist, and the
    resolution it is prepared at when not the kit's (a box's picture: PRINT_DPI)."""

    loc: tuple
    relative: str
    print_mm: float
    placeholder: bool = False
    dpi: int | None = None

    def key(self, kit_dpi: int) -> Key:
        """Its picture's name and the pixels it is prepared for, in a kit of ``kit_dpi``."""
        return self.relative, print_pixels(self.print_mm, self.dpi or kit_dpi)


class Prepared(Struct, frozen=True, dict=True):
    """One picture as checked for one print size: its name in the kit's folder, its real path,
    the pixels it is prepared for, and the picture (a Raster's bytes as the PDF holds them, or
    a Vector's checked SVG), named by its content (``Raster.digest``: pictures of the same
    bytes share one image object in a PDF). ``file_digest`` is the SHA-256 of the file's bytes
    where the picture does not hold them as they are (``digest`` works it out when asked)."""

    relative: str
    path: Path
    pixels: int
    picture: Picture
    file_digest: str = ""

    @cached_property
    def digest(self) -> str:
        """The SHA-256 of the file's bytes, for a manifest's hashes: worked out when first asked
        from the bytes the picture holds as they are (a JPEG passed through, an SVG), so that
        a build without a manifest does not hash 35 MB of JPEGs (0.3 ms a 165 kB card)."""
        return self.file_digest or hashlib.sha256(self.picture.data).hexdigest()

    @property
    def aspect(self) -> float:
        """Width over height, as the picture is seen (a photograph turned upright)."""
        return self.picture.width / self.picture.height


class Pictures(Struct, frozen=True, eq=False, dict=True):
    """Every picture of one build, read once: the prepared ones by (name, pixels), the message
    of each that was refused, and the names of a deck's pictures not made yet (a placeholder
    stands in). Compared by identity: it is handed down, never compared."""

    prepared: tuple[Prepared, ...] = ()
    refused: tuple[tuple[Key, str], ...] = ()
    missing: frozenset[str] = frozenset()

    @cached_property
    def _by_name(self) -> dict[Key, Prepared]:
        return {(found.relative, found.pixels): found for found in self.prepared}

    @cached_property
    def _by_path(self) -> dict[tuple[str, int], Prepared]:
        return {(str(found.path), found.pixels): found for found in self.prepared}

    @cached_property
    def _digests(self) -> dict[str, str]:
        return {str(found.path): found.digest for found in self.prepared}

    def get(self, relative: str, print_mm: float = DEFAULT_PRINT_MM, dpi: int = PRINT_DPI) -> Prepared | None:
        """The picture ``relative`` names, prepared to print ``print_mm`` wide at ``dpi``; None when it was not."""
        return self._by_name.get((relative, print_pixels(print_mm, dpi)))

    def at(self, path: str, print_mm: float = DEFAULT_PRINT_MM, dpi: int = PRINT_DPI) -> Prepared | None:
        """The picture at the real ``path`` (an Image's), prepared as ``get`` says; None when it was not."""
        return self._by_path.get((path, print_pixels(print_mm, dpi)))

    def digest(self, path: str) -> str:
        """The SHA-256 of the file at the real ``path`` (an Image's), as it was read; KeyError when
        no picture of this build is there."""
        return self._digests[path]

    def problem(self, relative: str, print_mm: float = DEFAULT_PRINT_MM, dpi: int = PRINT_DPI) -> str:
        """Why ``relative`` has no prepared picture: the check's message, or that no check of this build reached it."""
        said = dict(self.refused).get((relative, print_pixels(print_mm, dpi)))
        return said or f"the picture '{relative}' was not checked by this build; run printkit validate on the kit"

    def drawn(self, drawings: dict[Key, Any]) -> Pictures:
        """These pictures with each SVG's drawing as the render stage converted it, by (name, pixels)."""
        return Pictures(
            tuple(
                replace(found, picture=replace(found.picture, drawing=drawings[found.relative, found.pixels]))
                if (found.relative, found.pixels) in drawings and isinstance(found.picture, Vector)
                else found
                for found in self.prepared
            ),
            self.refused,
            self.missing,
        )

    def without(self, refused: dict[Key, str]) -> Pictures:
        """These pictures less the ``refused`` ones (by the render stage's check), each with its message."""
        return Pictures(
            tuple(found for found in self.prepared if (found.relative, found.pixels) not in refused),
            self.refused + tuple(refused.items()),
            self.missing,
        )


def kit_pictures(kit: Any) -> list[Use]:
    """Every picture a kit shows, in the kit's order: the ``image`` of each card and tile type (a
    placeholder until it exists), a component's own ``image`` (a tuck box's lid, a board's
    background at the size it prints), the theme's
    board picture, then each of the kit's icons."""
    uses: list[Use] = []
    for index, component in enumerate(kit.components):
        if component.kind in ("cards", "tiles"):
            longest = print_size(component)  # the deck's, for every type
            uses += [
                Use(("components", index, "types", number, "image"), kind.image, longest, True)
                for number, kind in enumerate(component.types)
                if isinstance(kind.image, str)
            ]
        elif isinstance(getattr(component, "image", None), str):
            longest = getattr(component, "image_mm", DEFAULT_PRINT_MM)  # a board's: its outer size and bleed
            uses.append(Use(("components", index, "image"), component.image, longest, dpi=PRINT_DPI))
    board = getattr(getattr(kit, "theme", None), "board", None)
    if board is not None and isinstance(board.picture, str):
        uses.append(Use(("theme", "board", "picture"), board.picture, DEFAULT_PRINT_MM, dpi=PRINT_DPI))
    return uses + [
        Use(("icons", number, "image"), icon.image, ICON_PRINT_MM)
        for number, icon in enumerate(getattr(kit, "icons", []))
        if isinstance(icon.image, str)
    ]


def print_size(deck: Any) -> float:
    """The longest side, in mm, a deck's picture can print at: that of the largest symbol box on
    its face (a picture is fitted into one), or of the whole piece where a box is not given,
    over the crop's shorter fraction (a picture cropped to half is drawn twice the size).
    The check and layout both ask this, so the picture prepared is the one printed."""
    sides = [
        (max(element.box[2], element.box[3]) if element.box else max(deck.width, deck.height) + 2 * deck.print_bleed)
        / (min(element.crop[2:]) if element.crop else 1.0)
        for element in deck.face
        if element.type == "symbol"
    ]
    return max(sides, default=max(deck.width, deck.height) + 2 * deck.print_bleed)


def prepare(
    folder: KitFolder, uses: list[Use], dpi: int = PRINT_DPI, decode: bool = True
) -> tuple[Pictures, list[Finding]]:
    """Every picture of ``uses`` read once and checked, and every (location, problem, severity)
    found: each picture's own (a deck's picture not made yet, and one far larger than its
    print size, are warnings), then the kit's limits on the work of all its pictures together
    (each file counted once), reported where a picture first goes over, where the reading
    stops. Without ``decode`` a JPEG passed through is checked by its header and the length
    of its data only (a build; validate decodes it)."""
    reading = _Reading(folder, decode)
    problems: list[Finding] = []
    total, seen = Work(0, 0, 0), set()
    for use in uses:
        found = reading.prepared(use, use.key(dpi)[1])
        if found is None:
            problems.append((use.loc, missing_message(use.relative, folder), "warning"))
            continue
        if isinstance(found, str):
            problems.append((use.loc, found, "error"))
            continue
        if found.path in seen:
            continue
        seen.add(found.path)
        if isinstance(found.picture, Raster) and found.picture.reduced:
            at_dpi = use.dpi or dpi
            problems.append((use.loc, reduced_message(use.relative, found.picture, use.print_mm, at_dpi), "warning"))
        total += found.picture.work
        over = _over_budget(use.relative, total)
        if over:
            problems.append((use.loc, over, "error"))
            reading.refuse_unread(uses, dpi, over)
            break
    return reading.pictures(), problems


class _Reading(Struct):
    """One check of a kit's pictures: each name located once, each file read once, each
    picture prepared once for each size it prints at."""

    folder: KitFolder
    decode: bool
    located: dict[str, Path | str | None] = field(default_factory=dict)
    files: dict[Path, tuple[bytes | None, str] | PictureProblem] = field(default_factory=dict)  # bytes, content
    contents: dict[tuple[int, int], list[tuple[int, bytes | str]]] = field(default_factory=dict)  # bytes or SHA-256
    count: int = 0  # the contents read so far
    done: dict[Key, Prepared | str | None] = field(default_factory=dict)

    def prepared(self, use: Use, pixels: int) -> Prepared | str | None:
        """The picture ``use`` shows, prepared; the message saying why it cannot be; None for a
        deck's picture not made yet."""
        key = (use.relative, pixels)
        if key not in self.done:
            self.done[key] = self._prepare(use, pixels)
        found = self.done[key]
        if found is None and not use.placeholder:
            return f"no picture '{use.relative}' in the kit's folder {self.folder}/"
        return found

    def _prepare(self, use: Use, pixels: int) -> Prepared | str | None:
        path = self.locate(use.relative)
        if path is None or isinstance(path, str):
            return path
        try:
            data, content = self.read(path)
        except PictureProblem as problem:
            return str(problem)
        try:
            picture = _checked(path, data, pixels, f"{content}-{pixels}", self.decode)
        except PictureProblem as problem:
            self.let_go(path, data, content)
            return str(problem)
        if isinstance(picture, Vector) or picture.own_file:
            return Prepared(use.relative, path, pixels, picture)
        return Prepared(use.relative, path, pixels, picture, self.let_go(path, data, content))

    def locate(self, relative: str) -> Path | str | None:
        """The real path of the picture ``relative`` names, why it may not name one (kitpaths'
        policy refuses it, it is not an .svg, .png or .jpg name, or not a regular file), or
        None when nothing is there; the name resolved once."""
        if relative not in self.located:
            try:
                real = self.folder.path(relative)
                named = _suffix_problem(relative)
                self.located[relative] = named or self.folder.regular(real, relative)
            except PathRefused as refused:
                self.located[relative] = str(refused)
        return self.located[relative]

    def read(self, path: Path) -> tuple[bytes, str]:
        """The file's bytes, read whole in one opening, and the name of their content in this
        check (``content``); PictureProblem when it is over its limit (read no further than that).
        A file whose bytes were let go (let_go) is read again: the same picture at another size."""
        found = self.files.get(path)
        if isinstance(found, PictureProblem):
            raise found
        if found is not None and found[0] is not None:
            return found[0], found[1]
        read = _read(path)
        if isinstance(read, PictureProblem):
            self.files[path] = read
            raise read
        content = found[1] if found is not None else self.content(read)
        self.files[path] = (read, content)
        return read, content

    def content(self, data: bytes) -> str:
        """The name of the content ``data``, the same for files of the same bytes: c1, c2, ... in
        the order the contents are first read. Files are told apart by their length and CRC-32,
        then byte for byte (or by SHA-256 where the bytes were let go): exact, and a tenth of the
        time of hashing every file."""
        same = self.contents.setdefault((len(data), crc32(data)), [])
        digest = None
        for number, seen in same:
            if isinstance(seen, str):
                digest = digest or hashlib.sha256(data).hexdigest()
            if seen == (digest if isinstance(seen, str) else data):
                return f"c{number}"
        self.count += 1
        same.append((self.count, data))
        return f"c{self.count}"

    def let_go(self, path: Path, data: bytes, content: str) -> str:
        """Keep no more the bytes of a file the picture does not hold as they are (a decoded PNG,
        a refused file): only their SHA-256, which this returns. A kit's PNGs are not all in
        memory at once."""
        digest = hashlib.sha256(data).hexdigest()
        self.files[path] = (None, content)
        same = self.contents[len(data), crc32(data)]
        same[:] = [(number, digest if f"c{number}" == content else seen) for number, seen in same]
        return digest

    def refuse_unread(self, uses: list[Use], dpi: int, why: str) -> None:
        """The pictures of ``uses`` not read yet refused for ``why`` (the kit's limits): none is read past them."""
        for use in uses:
            self.done.setdefault(use.key(dpi), why)

    def pictures(self) -> Pictures:
        prepared = tuple(found for found in self.done.values() if isinstance(found, Prepared))
        refused = tuple((key, found) for key, found in self.done.items() if isinstance(found, str))
        missing = frozenset(key[0] for key, found in self.done.items() if found is None)
        return Pictures(prepared, refused, missing)


def _read(path: Path) -> bytes | PictureProblem:
    """The file read whole in one opening (its size from the open file: read(limit) would first
    set aside the whole limit, 200 MB, for a 165 kB JPEG); PictureProblem when it is over its
    limit, read no further."""
    limit = MAX_SVG_BYTES if path.suffix.lower() == ".svg" else MAX_RASTER_BYTES
    with open(path, "rb", buffering=0) as source:
        size = os.fstat(source.fileno()).st_size
        data = source.read(size + 1) if size <= limit else b""
    if size > limit or len(data) > limit:
        advice = "simplify it" if limit == MAX_SVG_BYTES else "scale it down or export it compressed"
        return PictureProblem(f"'{path.name}' is over {limit // (1024 * 1024)} MB; {advice}")
    return data


def _checked(path: Path, data: bytes, pixels: int, digest: str, decode: bool) -> Picture:
    if path.suffix.lower() == ".svg":
        return vector(path.name, data, pixels, digest)
    return raster(path.name, data, RASTER[path.suffix.lower()], pixels, digest, decode)


def _suffix_problem(relative: str) -> str | None:
    """Why ``relative`` names no picture printkit prints (not an .svg, .png or .jpg name), or None."""
    suffix = Path(relative).suffix.lower()
    if suffix not in RASTER and suffix != ".svg":
        return f"'{relative}' is not a picture printkit can print; use an .svg, .png or .jpg file"
    return None


def missing_message(relative: str, folder: KitFolder) -> str:
    return f"no picture '{relative}' in the kit's folder {folder}/ yet; a placeholder is printed in its place"


def reduced_message(relative: str, found: Raster, print_mm: float, dpi: int) -> str:
    at = max(found.width, found.height) / print_mm * 25.4
    return (
        f"'{relative}' is {found.width} × {found.height} pixels, {at:.0f} dpi at its {print_mm:g} mm; "
        f"printkit embeds it at {dpi} dpi ({found.size[0]} × {found.size[1]} pixels); scale it down to "
        "build faster"
    )


def _over_budget(relative: str, total: Work) -> str | None:
    if total.pixels > MAX_KIT_MEGAPIXELS * 1_000_000:
        return (
            f"with '{relative}' the kit's pictures decode to {total.pixels / 1e6:.0f} megapixels (a JPEG counts an "
            f"eighth of its pixels); the limit is {MAX_KIT_MEGAPIXELS} a kit; use smaller pictures, or JPEG"
        )
    if total.passed > MAX_KIT_PASSED_BYTES:
        return (
            f"with '{relative}' the kit's JPEG pictures are {total.passed / 2**20:.0f} MB; the limit is "
            f"{MAX_KIT_PASSED_BYTES // 2**20} MB a kit; export them smaller"
        )
    if total.elements > MAX_SVG_ELEMENTS or total.numbers > MAX_SVG_NUMBERS:
        return (
            f"with '{relative}' the kit's SVG pictures draw {total.elements:,} elements and {total.numbers:,} numbers; "
            f"the limit is {MAX_SVG_ELEMENTS:,} elements and {MAX_SVG_NUMBERS:,} numbers a kit; simplify them"
        )
    return None
