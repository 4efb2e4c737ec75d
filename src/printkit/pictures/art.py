"""A kit's own pictures: SVG, PNG or JPEG files in kits/NAME/, proved drawable before anything is drawn.

A picture must stay inside the kit's folder (no '../', no absolute path, no link leading out),
be one of the three formats by its content, decode completely (a truncated file, or a JPEG whose
header promises far more pixels than its data holds, is refused) and keep within the limits
below, each file's and the kit's together (kit_picture_problems): they bound the work, not only
the bytes, so that any kit within them builds in under 10 s and 400 MB (a JPEG embedded as it
is, never decoded by a build, counts by its bytes, MAX_KIT_PASSED_BYTES, and costs about three
times them in memory while the PDF is written). An SVG is parsed with
defusedxml (no entities, whatever its encoding), may refer only to its own elements (``#id``)
and to PNG or JPEG pictures embedded in it (``data:image/png;base64,...``): any other href,
``url()`` or CSS ``@import`` is refused, and svglib converts the checked bytes without a path, so
nothing outside the SVG is ever opened. It is then drawn once on a scratch page.

Each picture is checked once per file content and kept, ready to embed, for the build that
follows: a JPEG at most FAR_LARGER times the pixels it prints at as its own bytes (a build
checks its header and data length; validate decodes it too, at an eighth of its scale); other
rasters reduced to the resolution they print at (the kit's dpi over the largest symbol box of
the deck's face, when over FAR_LARGER times that; JPEG decoded at a reduced scale by Pillow's
draft) and converted to a mode
a PDF holds (16-bit grey scaled, not clipped; palettes with transparency and grey with alpha
keep their alpha; CMYK as RGB), SVG converted to a reportlab drawing. Pictures are keyed by
content and every check of a kit reads the files again, so a picture edited while
``build --watch`` runs is redrawn.
"""

from __future__ import annotations

import base64
import binascii
import functools
import hashlib
import io
import math
import re
import warnings
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.kit.paths import KitFolder, PathRefused

MAX_PIXELS = 50_000_000
MAX_SVG_BYTES = 5 * 1024 * 1024
MAX_RASTER_BYTES = 200 * 1024 * 1024  # read whole for its digest; 50 incompressible RGBA megapixels fit
MAX_SVG_ELEMENTS = 5_000  # elements drawn, each <use> counted as what it repeats: in one SVG, and a kit's
MAX_SVG_NUMBERS = 125_000  # numbers (coordinates, mostly) drawn, counted so: in one SVG, and in a kit's
MAX_KIT_MEGAPIXELS = 60  # decoded for a kit's pictures together, a JPEG counting JPEG_SHARE of its pixels
MAX_KIT_PASSED_BYTES = 500 * 1024 * 1024  # of JPEG files embedded as they are (not decoded by a build)
JPEG_SHARE = 1 / 8  # a JPEG is decoded at a reduced scale (draft): about an eighth of a PNG's time a pixel
MAX_SVG_DEPTH = 60  # nesting of elements, <use> included (svglib converts recursively)
MAX_SVG_NUMBER = 1e9  # no coordinate or length in a printable picture comes near this
MIN_SVG_SIZE = 1e-3  # nor a width or height this small (scaled to a card, it would overflow)
PRINT_DPI = 300  # a kit's resolution unless it says another (``dpi:``)
DEFAULT_PRINT_MM = 100.0  # the print size assumed where none is known
FAR_LARGER = 1.5  # a raster more than this many times its print pixels is reduced, with a warning
FLATE_LEVEL = 3  # zlib's level for a PNG's pixels: 40 % faster than its default 6, 8 % larger
ICON_PRINT_MM = 20.0  # the print size a picture icon is prepared for (a 60 pt line's icon is 17 mm)
RASTER = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG"}
_LENGTH = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")
_NUMBER = re.compile(r"(?<![\w#.])[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_NOT_A_NUMBER = re.compile(r"(?<![\w#.])[-+]?(?:nan|inf(?:inity)?)(?!\w)", re.IGNORECASE)  # float() reads them
_URL = re.compile(r"url\(\s*(['\"]?)(.*?)\1\s*\)", re.IGNORECASE | re.DOTALL)
_DATA_IMAGE = re.compile(r"^data:image/(png|jpe?g);base64,(.*)$", re.IGNORECASE | re.DOTALL)
_XLINK = "{http://www.w3.org/1999/xlink}href"


class PictureProblem(ValueError):
    """Why a picture cannot be printed, as the one-line message the user reads."""


@dataclass(frozen=True)
class Raster:
    """A PNG or JPEG at print resolution, as a PDF image object holds it: ``data`` is a JPEG
    file (DCTDecode; the kit's own file byte for byte when it is not far larger than its print
    size) or the pixels Flate-compressed, ``alpha`` the alpha channel compressed. ``digest``
    names the content at this resolution: one image object a PDF, however many cards show it."""

    data: bytes
    jpeg: bool
    mode: str  # L or RGB: the colour space
    size: tuple[int, int]  # pixels as embedded
    alpha: bytes | None
    width: int  # of the original file as it is seen (turned upright by its EXIF orientation), for its proportions
    height: int
    digest: str = ""
    decoded: bool = True  # False for a JPEG passed through whose data a build checked by its length only
    own_file: bool = False  # ``data`` is the kit's JPEG file byte for byte

    @property
    def reduced(self) -> bool:
        """True when the picture was far larger than its print size and is embedded smaller."""
        return max(self.width, self.height) > max(self.size) * FAR_LARGER

    @property
    def passed_through(self) -> bool:
        """True for a JPEG embedded as its own file: a build reads its header, never its pixels."""
        return self.own_file

    @property
    def work(self) -> Work:
        if self.passed_through:  # bounded by its bytes, which the PDF holds, not by pixels decoded
            return Work(0, 0, 0, len(self.data))
        return Work(_decoding_cost(self.width, self.height, self.jpeg), 0, 0)


@dataclass(frozen=True)
class Vector:
    """An SVG converted to a reportlab drawing (svglib)."""

    drawing: Any
    width: float
    height: float
    work: Work  # its elements and numbers, and the pixels of the pictures embedded in it


Picture = Raster | Vector


@dataclass(frozen=True)
class Work:
    """What drawing a picture costs, the measure of the kit's limits: pixels decoded (a JPEG's
    counted at JPEG_SHARE), and an SVG's elements and numbers with each <use> repeated."""

    pixels: float
    elements: int
    numbers: int
    passed: int = 0  # bytes of JPEG files embedded as they are

    def __add__(self, other: Work) -> Work:
        return Work(
            self.pixels + other.pixels,
            self.elements + other.elements,
            self.numbers + other.numbers,
            self.passed + other.passed,
        )


def _decoding_cost(width: int, height: int, jpeg: bool) -> float:
    return width * height * (JPEG_SHARE if jpeg else 1.0)


# The pictures of the current check of a kit and of the one before (a build under --watch keeps
# what did not change, and holds at most two kits' pictures).
_pictures: dict[tuple[str, int, str], Picture | PictureProblem] = {}
_before: dict[tuple[str, int, str], Picture | PictureProblem] = {}
_digests: dict[tuple[str, int, int, int], str] = {}  # (path, mtime, size, inode): digest, for one check


def art_problem(
    folder: KitFolder, relative: str, print_mm: float = DEFAULT_PRINT_MM, dpi: int = PRINT_DPI, decode: bool = True
) -> str | None:
    """Why the picture ``relative`` in the kit folder cannot be used, or None when it can; the
    picture, proved drawable, is kept for a build that prints it at most ``print_mm`` wide."""
    named = name_problem(folder, relative)
    if named:
        return named
    try:
        path = folder.file(relative)
    except PathRefused as refused:
        return str(refused)
    if path is None:
        return f"no picture '{relative}' in the kit's folder {folder}/"
    try:
        picture(path, print_mm, dpi, decode)
    except PictureProblem as problem:
        return str(problem)
    return None


def name_problem(folder: KitFolder, relative: str) -> str | None:
    """Why ``relative`` can name no picture of the kit (kitpaths' policy refuses it, or it is
    not an .svg, .png or .jpg name), before the file is looked at; None when it can."""
    try:
        folder.path(relative)
    except PathRefused as refused:
        return str(refused)
    suffix = Path(relative).suffix.lower()
    if suffix not in RASTER and suffix != ".svg":
        return f"'{relative}' is not a picture printkit can print; use an .svg, .png or .jpg file"
    return None


def not_made_yet(folder: KitFolder, relative: str) -> bool:
    """True when ``relative`` is a proper picture name inside the kit's folder where nothing is
    (yet): a deck prints a placeholder there, and validate warns."""
    if name_problem(folder, relative) is not None:
        return False
    try:
        return folder.file(relative) is None
    except PathRefused:  # something is there, not a picture file: art_problem says what
        return False


def missing_message(relative: str, folder: KitFolder) -> str:
    return f"no picture '{relative}' in the kit's folder {folder}/ yet; a placeholder is printed in its place"


def reduced_message(relative: str, raster: Raster, print_mm: float, dpi: int) -> str:
    at = max(raster.width, raster.height) / print_mm * 25.4
    return (
        f"'{relative}' is {raster.width} × {raster.height} pixels, {at:.0f} dpi at its {print_mm:g} mm; "
        f"printkit embeds it at {dpi} dpi ({raster.size[0]} × {raster.size[1]} pixels); scale it down to "
        "build faster"
    )


@dataclass(frozen=True)
class Use:
    """Where a kit shows a picture: the field naming it, the file, the longest side it prints
    at (mm), and whether a placeholder may stand in while the file does not exist."""

    loc: tuple
    relative: str
    print_mm: float
    placeholder: bool = False


def kit_pictures(kit: Any) -> list[Use]:
    """Every picture a kit shows: the ``image`` of each card and tile type (a placeholder until
    it exists) and of each of the kit's icons."""
    return [
        Use(("components", index, "types", number, "image"), kind.image, print_size(deck), True)
        for index, deck in enumerate(kit.components)
        if deck.kind in ("cards", "tiles")
        for number, kind in enumerate(deck.types)
        if isinstance(kind.image, str)
    ] + [
        Use(("icons", number, "image"), icon.image, ICON_PRINT_MM)
        for number, icon in enumerate(getattr(kit, "icons", []))
        if isinstance(icon.image, str)
    ]


def kit_picture_problems(
    folder: KitFolder, uses: list[Use], dpi: int = PRINT_DPI, decode: bool = True
) -> list[tuple[tuple, str, str]]:
    """Every (location, problem, severity) of a kit's pictures: each picture's own (a deck's
    picture not made yet, and one far larger than its print size, are warnings), then the kit's
    limits on the work of all its pictures together (each file counted once), reported where a
    picture first goes over. Without ``decode`` a JPEG passed through is checked by its header
    and the length of its data only (a build; validate decodes it)."""
    global _pictures, _before
    _digests.clear()  # a new check of the kit (a new build under --watch) reads every picture again
    _before, _pictures = _pictures, {}
    problems: list[tuple[tuple, str, str]] = []
    total, seen = Work(0, 0, 0), set()
    for use in uses:
        if use.placeholder and not_made_yet(folder, use.relative):
            problems.append((use.loc, missing_message(use.relative, folder), "warning"))
            continue
        problem = art_problem(folder, use.relative, use.print_mm, dpi, decode)
        if problem:
            problems.append((use.loc, problem, "error"))
            continue
        path = folder.path(use.relative)  # art_problem found it a regular file inside
        if path in seen:
            continue
        seen.add(path)
        found = picture(path, use.print_mm, dpi, decode)
        if isinstance(found, Raster) and found.reduced:
            problems.append((use.loc, reduced_message(use.relative, found, use.print_mm, dpi), "warning"))
        total += found.work
        over = _over_budget(use.relative, total)
        if over:
            problems.append((use.loc, over, "error"))
            break
    return problems


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


def print_size(deck: Any) -> float:
    """The longest side, in mm, a deck's picture can print at: that of the largest symbol box on
    its face (a picture is fitted into one), or of the whole piece where a box is not given,
    over the crop's shorter fraction (a picture cropped to half is drawn twice the size).
    Validate and layout both ask this, so the picture validate prepared is the one printed."""
    sides = [
        (max(element.box[2], element.box[3]) if element.box else max(deck.width, deck.height) + 2 * deck.print_bleed)
        / (min(element.crop[2:]) if element.crop else 1.0)
        for element in deck.face
        if element.type == "symbol"
    ]
    return max(sides, default=max(deck.width, deck.height) + 2 * deck.print_bleed)


def print_pixels(print_mm: float, dpi: int = PRINT_DPI) -> int:
    """The pixels a picture needs over ``print_mm`` at ``dpi`` (a 63 × 88 mm card at 300: 1040)."""
    return max(16, math.ceil(print_mm / 25.4 * dpi))


def picture(path: Path, print_mm: float = DEFAULT_PRINT_MM, dpi: int = PRINT_DPI, decode: bool = True) -> Picture:
    """The checked picture at ``path``, ready to draw; PictureProblem says why it cannot be.

    Kept by content, resolution and file name (which the messages quote): the validator's check
    is the build's picture. A JPEG passed through as it is was decoded (at an eighth of its
    size) only when one check asked to ``decode``; a picture checked without is kept as checked
    for any later ask without, and checked again for one with."""
    limit = MAX_SVG_BYTES if path.suffix.lower() == ".svg" else MAX_RASTER_BYTES
    if path.stat().st_size > limit:
        advice = "simplify it" if limit == MAX_SVG_BYTES else "scale it down or export it compressed"
        raise PictureProblem(f"'{path.name}' is over {limit // (1024 * 1024)} MB; {advice}")
    key = (content_digest(path), print_pixels(print_mm, dpi), path.name)
    found = _pictures.get(key) or _before.get(key)
    if found is None or (decode and isinstance(found, Raster) and not found.decoded):
        try:
            found = _load(path, key[1], f"{key[0]}-{key[1]}", decode)
        except PictureProblem as problem:
            found = problem
    _pictures[key] = found
    if isinstance(found, PictureProblem):
        raise found
    return found


def content_digest(path: Path) -> str:
    """SHA-256 of the file's bytes, read once a check of the kit (kit_picture_problems starts
    each anew): a picture saved again between builds, even within the same clock tick and at
    the same size, is a new picture; within one build a 200 MB PNG is not read five times."""
    stat = path.stat()
    key = (str(path), stat.st_mtime_ns, stat.st_size, stat.st_ino)
    digest = _digests.get(key)
    if digest is None:
        hasher = hashlib.sha256()
        with path.open("rb") as source:
            for block in iter(lambda: source.read(1 << 20), b""):
                hasher.update(block)
        digest = _digests[key] = hasher.hexdigest()
    return digest


def _load(path: Path, pixels: int, digest: str, decode: bool = True) -> Picture:
    if path.suffix.lower() == ".svg":
        return _vector(path, pixels)
    return _raster(path.name, path, RASTER[path.suffix.lower()], pixels, digest, decode)


def aspect(path: Path, print_mm: float = DEFAULT_PRINT_MM, dpi: int = PRINT_DPI) -> float:
    """Width over height of a checked picture."""
    found = picture(path, print_mm, dpi, decode=False)
    return found.width / found.height


def fitted(x: float, y: float, w: float, h: float, ratio: float) -> tuple[float, float, float, float]:
    """The largest box of width/height ``ratio`` centred in (x, y, w, h)."""
    if w / h > ratio:
        fit_w = h * ratio
        return x + (w - fit_w) / 2, y, fit_w, h
    fit_h = w / ratio
    return x, y + (h - fit_h) / 2, w, fit_h


Rect = tuple[float, float, float, float]


def placement(box: Rect, ratio: float, fit: str = "contain", crop: Rect | None = None) -> tuple[Rect, Rect | None]:
    """Where a picture of width/height ``ratio`` is drawn to fill ``box`` as ``fit`` says
    (contain, cover, stretch), showing only its part ``crop`` ([x, y, w, h] in fractions of its
    sides): the rectangle the whole picture is drawn over, and the box that clips it (None when
    all of it shows). Cover keeps the middle of the crop and cuts off its overflow."""
    x, y, w, h = box
    cx, cy, cw, ch = crop or (0.0, 0.0, 1.0, 1.0)
    shown = ratio * cw / ch  # width/height of the part shown
    if fit == "cover":
        if shown > w / h:  # too wide: a narrower middle of the crop
            cx, cw = cx + (cw - cw * (w / h) / shown) / 2, cw * (w / h) / shown
        else:
            cy, ch = cy + (ch - ch * shown / (w / h)) / 2, ch * shown / (w / h)
        target = box
    elif fit == "stretch":
        target = box
    else:
        target = fitted(x, y, w, h, shown)
    tx, ty, tw, th = target
    whole = (tx - cx * tw / cw, ty - cy * th / ch, tw / cw, th / ch)
    cut = (cx, cy, cw, ch) != (0.0, 0.0, 1.0, 1.0)
    return whole, (target if cut else None)


# Rasters


def _raster(
    name: str, source: Path | io.BytesIO, expected: str, pixels: int, digest: str = "", decode: bool = True
) -> Raster:
    """A PNG or JPEG checked and as the PDF will hold it: a JPEG not far larger than ``pixels``
    as its own bytes (with ``decode`` proved whole by a decode at an eighth of its size), any
    other decoded in full and reduced to ``pixels``."""
    if expected == "JPEG" and isinstance(source, Path):
        passed = _passed_through(name, source, pixels, digest, decode)
        if passed is not None:
            return passed
    image, width, height = _prepared(name, source, expected, pixels)
    alpha = None
    if image.mode in ("LA", "RGBA"):
        alpha = zlib.compress(image.getchannel("A").tobytes(), FLATE_LEVEL)
        image = image.convert(image.mode[:-1])
    if expected == "JPEG" and alpha is None:  # a photograph stays JPEG: a tenth of the size of Flate
        out = io.BytesIO()
        image.save(out, format="JPEG", quality=92, subsampling=0)
        return Raster(out.getvalue(), True, image.mode, image.size, None, width, height, digest)
    return Raster(
        zlib.compress(image.tobytes(), FLATE_LEVEL), False, image.mode, image.size, alpha, width, height, digest
    )


def _passed_through(name: str, path: Path, pixels: int, digest: str, decode: bool) -> Raster | None:
    """The JPEG file as it is, when a PDF can hold it unchanged (grey or RGB, not far larger than
    its print size); None when it must be decoded and re-encoded. Its data is checked long
    enough for its header (_check_jpeg_data) and, with ``decode``, proved whole by a decode at
    the smallest scale (libjpeg still reads every coefficient), most of a full decode's time."""
    from PIL import Image, UnidentifiedImageError

    data = path.read_bytes()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            image = Image.open(io.BytesIO(data))
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError):
            return None  # _prepared says why
        with image:
            width, height = image.size
            if image.format != "JPEG" or image.mode not in ("L", "RGB") or max(width, height) > pixels * FAR_LARGER:
                return None
            if _orientation(image) != 1:  # a phone's portrait photo, stored on its side: turned and re-encoded
                return None
            if decode:
                _decode(name, image, "JPEG", 1)
            else:
                _check_size(name, width, height)
                _check_jpeg_data(name, image.fp, width, height)
            return Raster(data, True, image.mode, (width, height), None, width, height, digest, decode, own_file=True)


def _prepared(name: str, source: Path | io.BytesIO, expected: str, pixels: int) -> tuple[Any, int, int]:
    """Open, check and fully decode a PNG or JPEG (JPEG at the smallest scale still ``pixels``
    on its longest side); the image reduced to ``pixels`` in L, LA, RGB or RGBA, and the
    original's width and height."""
    from PIL import Image, UnidentifiedImageError

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Pillow's advice on palettes is not the user's problem
        try:
            image = Image.open(source)
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
            raise PictureProblem(
                f"'{name}' cannot be read as an image: it is not {expected} data, or it is damaged; export the "
                "picture again as .png, .jpg or .svg"
            ) from exc
        except Image.DecompressionBombError as exc:
            raise PictureProblem(
                f"'{name}' is far larger than the limit of {MAX_PIXELS // 1_000_000} megapixels an image; scale it down"
            ) from exc
        with image:
            width, height = image.size
            orientation = _orientation(image)
            _decode(name, image, expected, pixels)
            far = max(width, height) > pixels * FAR_LARGER  # of the file, not of a JPEG's draft
            upright = _upright(_printable(_reduced(image, pixels, far)), orientation)
            return upright, *((height, width) if orientation in _TURNED else (width, height))


EXIF_ORIENTATION = 0x0112  # the EXIF tag saying how a camera held the picture it stored
_TURNED = (5, 6, 7, 8)  # orientations whose picture is seen with its width and height swapped


def _orientation(image: Any) -> int:
    """The picture's EXIF orientation, 1 to 8 (1: as stored); 1 when it has none or it cannot be read."""
    try:
        value = image.getexif().get(EXIF_ORIENTATION, 1)
    except Exception:  # damaged EXIF data says nothing about the pixels, which _decode checks
        return 1
    return value if isinstance(value, int) and 1 <= value <= 8 else 1


def _upright(image: Any, orientation: int) -> Any:
    """The decoded picture turned and mirrored as its EXIF orientation says it is seen (what
    PIL.ImageOps.exif_transpose does, for a copy that no longer holds the file's EXIF data)."""
    from PIL import Image

    method = {
        2: Image.Transpose.FLIP_LEFT_RIGHT,
        3: Image.Transpose.ROTATE_180,
        4: Image.Transpose.FLIP_TOP_BOTTOM,
        5: Image.Transpose.TRANSPOSE,
        6: Image.Transpose.ROTATE_270,
        7: Image.Transpose.TRANSVERSE,
        8: Image.Transpose.ROTATE_90,
    }.get(orientation)
    return image if method is None else image.transpose(method)


def _decode(name: str, image: Any, expected: str, pixels: int) -> None:
    width, height = image.size
    if image.format != expected:
        raise PictureProblem(f"'{name}' holds a {image.format} image, not the {expected} its name says")
    _check_size(name, width, height)
    if expected == "JPEG":
        _check_jpeg_data(name, image.fp, width, height)
        scale = pixels / max(width, height)  # draft keeps both sides at least this
        image.draft(
            image.mode if image.mode in ("L", "RGB") else None, (math.ceil(width * scale), math.ceil(height * scale))
        )
    try:
        image.load()
    except Exception as exc:  # Pillow's decoders raise OSError, SyntaxError, ValueError, zlib.error ...
        raise PictureProblem(_damage(name, exc)) from exc


def _check_size(name: str, width: int, height: int) -> None:
    if width * height > MAX_PIXELS:
        raise PictureProblem(
            f"'{name}' is {width} × {height} pixels ({width * height / 1e6:.0f} megapixels); the limit is "
            f"{MAX_PIXELS // 1_000_000} megapixels an image; scale it down"
        )
    if width < 1 or height < 1:
        raise PictureProblem(f"'{name}' has no pixels ({width} × {height})")


def _reduced(image: Any, pixels: int, far: bool = True) -> Any:
    """The decoded image at most ``pixels`` on its longest side, in a mode Pillow resamples well;
    unless the file was ``far`` larger, one within FAR_LARGER times that stays as it is
    (resampling it costs more than it saves).

    Shrunk by whole factors first, a band of rows at a time: Pillow's own reduce converts the
    whole picture (to premultiplied alpha, or from 16-bit grey) before it shrinks it, a second
    full-size copy (a 50-megapixel RGBA PNG: 200 MB more). Then resampled (Lanczos) to size."""
    from PIL import Image

    width, height = image.size
    factor = max(1, int(max(width, height) / pixels / 2))
    if factor == 1:
        reduced = _resizable(image)
    else:
        band = factor * max(1, 256 // factor)
        reduced = None
        for top in range(0, height, band):
            piece = _resizable(image.crop((0, top, width, min(height, top + band)))).reduce(factor)
            if reduced is None:
                reduced = Image.new(piece.mode, (math.ceil(width / factor), math.ceil(height / factor)))
            reduced.paste(piece, (0, top // factor))
    if max(reduced.size) > pixels * (1.0 if far else FAR_LARGER):
        reduced.thumbnail((pixels, pixels), Image.Resampling.LANCZOS, reducing_gap=None)
    return reduced if reduced is not image else image.copy()  # outlives the file


def _resizable(image: Any) -> Any:
    """Palettes, bitmaps and 16-bit grey converted to modes Pillow resamples (RGB(A), L, I)."""
    mode = image.mode
    if mode.startswith("I;16"):
        return image.convert("I")
    if mode in ("P", "PA"):
        return image.convert("RGBA" if mode == "PA" or "transparency" in image.info else "RGB")
    if mode not in ("L", "LA", "RGB", "RGBA", "CMYK", "I", "F"):
        return image.convert("RGBA" if "A" in mode or "a" in mode else ("L" if mode == "1" else "RGB"))
    return image


def _check_jpeg_data(name: str, source: Any, width: int, height: int) -> None:
    """Refuse a JPEG whose data is far too short for the size its header claims.

    libjpeg pads a scan that ends early with grey and Pillow passes it on as a whole picture,
    so a decode alone does not show it. Every 8 × 8 block of every component costs at least one
    bit of Huffman-coded data (its DC coefficient, in baseline and progressive JPEG alike): fewer
    bytes after the first scan header than blocks / 8 cannot hold the picture."""
    source.seek(0)
    data = source.read()
    components, start = _jpeg_frame(data)
    if not components or start is None:
        return
    most_h = max(h for h, _ in components)
    most_v = max(v for _, v in components)
    blocks = sum(
        math.ceil(math.ceil(width * h / most_h) / 8) * math.ceil(math.ceil(height * v / most_v) / 8)
        for h, v in components
    )
    if (len(data) - start) * 8 < blocks:
        raise PictureProblem(
            _damage(name, EOFError(f"{len(data) - start} bytes of data for {width} × {height} pixels"))
        )


def _jpeg_frame(data: bytes) -> tuple[list[tuple[int, int]], int | None]:
    """The (horizontal, vertical) sampling of each component of a Huffman-coded JPEG frame and
    where its first scan's data starts; no components for other codings (arithmetic, lossless)."""
    at, components = 2, []
    while at + 4 <= len(data):
        if data[at] != 0xFF:
            return [], None
        marker, length = data[at + 1], int.from_bytes(data[at + 2 : at + 4], "big")
        if marker in (0xC0, 0xC1, 0xC2):
            count = data[at + 9] if at + 9 < len(data) else 0
            fields = data[at + 10 : at + 10 + 3 * count]
            components = [(fields[i + 1] >> 4 or 1, fields[i + 1] & 15 or 1) for i in range(0, len(fields) - 2, 3)]
        elif marker in (0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
            return [], None
        elif marker == 0xDA:
            return components, at + 2 + length
        at += 2 + length
    return [], None


def _damage(name: str, exc: Exception) -> str:
    if "truncated" in str(exc) or isinstance(exc, EOFError):
        why = "its data ends before the picture does (the file is cut short, or its header claims a larger picture)"
    else:
        why = f"its data cannot be decoded ({' '.join(str(exc).split())[:80] or type(exc).__name__})"
    return f"'{name}' is damaged: {why}; export the picture again as .png, .jpg or .svg"


def _printable(image: Any) -> Any:
    """The image in a mode a PDF holds as it looks: L, LA, RGB or RGBA (alpha dropped when opaque).

    Pillow's own convert('L') of 16-bit grey clips every value over 255 to white; here the
    values are scaled from 0-65535. CMYK becomes RGB (Pillow's conversion)."""
    if image.mode == "I":
        image = image.point(lambda value: value * (1 / 256)).convert("L")
    elif image.mode not in ("L", "LA", "RGB", "RGBA"):
        image = image.convert("RGB" if image.mode == "CMYK" else "L")
    if image.mode in ("LA", "RGBA") and image.getchannel("A").getextrema() == (255, 255):
        image = image.convert(image.mode[:-1])
    return image


# SVG


def _vector(path: Path, pixels: int) -> Vector:
    data = path.read_bytes()
    root = _parsed(path.name, data)
    embedded, work = _checked_tree(path.name, root, pixels)
    width, height = _svg_size(path.name, root)
    drawing = _drawing(path.name, data, {uri: copy for uri, (copy, _) in embedded.items()})
    vector = Vector(drawing, width, height, work)
    _check_drawable(path.name, vector, pixels)
    return vector


def _check_drawable(name: str, vector: Vector, pixels: int) -> None:
    """Draw the SVG once, on a scratch page, at the size it prints at: whatever svglib made of
    it (transforms multiplying past a float's range, say) fails here, with the file's name."""
    from printkit.render.pdf import drawing_problem

    longest = pixels / PRINT_DPI * 72  # points
    ratio = vector.width / vector.height
    problem = drawing_problem(vector, longest * min(1.0, ratio), longest * min(1.0, 1 / ratio))
    if problem:
        raise PictureProblem(f"'{name}' cannot be drawn: {problem}; simplify it or export it again")


def _parsed(name: str, data: bytes) -> Any:
    """The SVG's root element from defusedxml: entities and external references refused in any encoding."""
    import xml.etree.ElementTree as ET

    from defusedxml import DefusedXmlException, EntitiesForbidden
    from defusedxml.ElementTree import fromstring

    try:
        root = fromstring(data, forbid_dtd=False, forbid_entities=True, forbid_external=True)
    except EntitiesForbidden as exc:
        raise PictureProblem(f"'{name}' declares XML entities; printkit does not read those") from exc
    except DefusedXmlException as exc:
        raise PictureProblem(f"'{name}' refers to an external DTD or entity; printkit does not read those") from exc
    except ET.ParseError as exc:
        raise PictureProblem(f"'{name}' is not valid SVG ({exc})") from exc
    if not isinstance(root.tag, str) or _local(root.tag) != "svg":
        raise PictureProblem(f"'{name}' is XML but not SVG")
    return root


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _checked_tree(name: str, root: Any, pixels: int) -> tuple[dict[str, tuple[str, float]], Work]:
    """Every element's references, numbers and nesting checked; the cost bounded. Returns each
    embedded picture's data URI mapped to the URI of its copy reduced to ``pixels`` and the
    pixels it decodes, and the SVG's work."""
    ids: dict[str, Any] = {}
    embedded: dict[str, tuple[str, float]] = {}
    numbers: dict[int, int] = {}  # id(element): how many numbers its attributes hold
    stack = [(root, 1)]
    count = 0
    while stack:
        element, depth = stack.pop()
        count += 1
        if depth > MAX_SVG_DEPTH:
            raise PictureProblem(f"'{name}' nests elements over {MAX_SVG_DEPTH} deep; flatten its groups")
        if count > MAX_SVG_ELEMENTS:
            raise PictureProblem(f"'{name}' has over {MAX_SVG_ELEMENTS:,} elements; simplify it")
        tag = _local(element.tag) if isinstance(element.tag, str) else ""
        if tag == "text":
            raise PictureProblem(
                f"'{name}' holds text (<text>); convert the text to paths (outlines) in your drawing program"
            )
        if tag == "style":
            _check_css(name, "<style>", element.text or "")
        pictures = len(embedded)
        numbers[id(element)] = sum(
            _check_attribute(name, tag, _local(attribute), value, embedded, pixels)
            for attribute, value in element.attrib.items()
        )
        if len(embedded) > pictures and sum(cost for _, cost in embedded.values()) > MAX_KIT_MEGAPIXELS * 1e6:
            raise PictureProblem(
                f"'{name}' embeds pictures that decode to over {MAX_KIT_MEGAPIXELS} megapixels, the limit a kit; "
                "embed smaller pictures"
            )
        if element.get("id"):
            ids[element.get("id")] = element
        stack.extend((child, depth + 1) for child in element)
    elements, drawn = _check_expansion(name, root, ids, numbers)
    return embedded, Work(sum(cost for _, cost in embedded.values()), elements, drawn)


def _check_attribute(
    name: str, tag: str, attribute: str, value: str, embedded: dict[str, tuple[str, float]], pixels: int
) -> int:
    """Refuse what the attribute must not hold; how many numbers it holds."""
    if attribute == "href":
        if value.startswith("#"):
            return 0
        if tag == "image" and value.lstrip().lower().startswith("data:"):
            if value not in embedded:
                embedded[value] = _embedded_image(name, value, pixels)
            return 0
        raise PictureProblem(
            f"'{name}' links to another file ({value[:40]}); embed it or draw it in the SVG"
            if not value.lower().startswith("data:")
            else f"'{name}' embeds something other than a PNG or JPEG picture in <{tag}>; draw it in the SVG"
        )
    if attribute == "style":
        _check_css(name, f"the style of <{tag}>", value)
    elif "url(" in value.lower():
        _check_urls(name, f"{attribute} of <{tag}>", value)
    return _check_numbers(name, attribute, value) if attribute not in ("id", "class") else 0


def _check_css(name: str, where: str, css: str) -> None:
    if "@import" in css.lower():
        raise PictureProblem(f"'{name}' imports a style sheet (@import in {where}); put the styles in the SVG")
    _check_urls(name, where, css)


def _check_urls(name: str, where: str, text: str) -> None:
    for match in _URL.finditer(text):
        if not match.group(2).strip().startswith("#"):
            raise PictureProblem(
                f"'{name}' links to another file (url({match.group(2)[:40]}) in {where}); embed it or draw it in the "
                "SVG"
            )


def _check_numbers(name: str, attribute: str, value: str) -> int:
    """How many numbers ``value`` holds, each refused when it is not finite or over MAX_SVG_NUMBER."""
    odd = _NOT_A_NUMBER.search(value)
    if odd:
        raise PictureProblem(f"'{name}' has '{odd.group()}' for a number in {attribute}; give a number")
    count = 0
    for match in _NUMBER.finditer(value):
        count += 1
        if not abs(float(match.group())) <= MAX_SVG_NUMBER:
            raise PictureProblem(
                f"'{name}' has the number {match.group()[:24]} in {attribute}; printkit draws numbers up to "
                f"{MAX_SVG_NUMBER:.0e}"
            )
    return count


def _check_expansion(name: str, root: Any, ids: dict[str, Any], numbers: dict[int, int]) -> tuple[int, int]:
    """The elements and numbers drawn once every <use> repeats what it names, counted without
    drawing: a few uses of uses would otherwise draw millions of shapes (svglib converts each
    repetition anew), a use inside what it names forever, a chain of uses past Python's stack."""
    drawn: dict[int, tuple[int, int]] = {}
    open_now: set[int] = set()

    def cost(element: Any, depth: int) -> tuple[int, int]:
        key = id(element)
        if key in drawn:
            return drawn[key]
        if key in open_now:
            raise PictureProblem(f"'{name}' has a <use> that repeats itself; remove the loop")
        if depth > MAX_SVG_DEPTH:
            raise PictureProblem(
                f"'{name}' nests elements over {MAX_SVG_DEPTH} deep (counting what each <use> repeats); flatten its "
                "groups"
            )
        open_now.add(key)
        parts = [cost(child, depth + 1) for child in element]
        target = element.get(_XLINK) or element.get("href") or ""
        if isinstance(element.tag, str) and _local(element.tag) == "use" and target.startswith("#"):
            named = ids.get(target[1:])
            parts += [cost(named, depth + 1)] if named is not None else []
        open_now.discard(key)
        elements = 1 + sum(part[0] for part in parts)
        count = numbers.get(key, 0) + sum(part[1] for part in parts)
        drawn[key] = (min(elements, MAX_SVG_ELEMENTS + 1), min(count, MAX_SVG_NUMBERS + 1))
        return drawn[key]

    elements, count = cost(root, 1)
    if elements > MAX_SVG_ELEMENTS:
        raise PictureProblem(
            f"'{name}' draws over {MAX_SVG_ELEMENTS:,} elements once its <use> elements are repeated; simplify it"
        )
    if count > MAX_SVG_NUMBERS:
        raise PictureProblem(
            f"'{name}' draws over {MAX_SVG_NUMBERS:,} numbers (coordinates) once its <use> elements are repeated; "
            "simplify its paths"
        )
    return elements, count


def _embedded_image(name: str, uri: str, pixels: int) -> tuple[str, float]:
    """A data: URI's picture checked like a file: the URI of its copy at print resolution, and
    the pixels decoding it costs."""
    match = _DATA_IMAGE.match(uri.strip())
    if match is None:
        raise PictureProblem(
            f"'{name}' embeds a picture that is not base64 PNG or JPEG (data:image/png;base64,...); embed it as one"
        )
    try:
        data = base64.b64decode("".join(match.group(2).split()), validate=True)
    except (binascii.Error, ValueError) as exc:
        raise PictureProblem(f"'{name}' embeds a picture whose base64 data is broken; embed it again") from exc
    expected = "PNG" if match.group(1).lower() == "png" else "JPEG"
    image, width, height = _prepared(f"{name}: an embedded picture", io.BytesIO(data), expected, pixels)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)
    uri = "data:image/png;base64," + base64.b64encode(out.getvalue()).decode("ascii")
    return uri, _decoding_cost(width, height, expected == "JPEG")


def _svg_size(name: str, root: Any) -> tuple[float, float]:
    """The SVG's width and height (any unit, only the ratio matters), from viewBox or width/height."""
    box = root.get("viewBox")
    if box:
        parts = box.replace(",", " ").split()
        try:
            numbers = [float(part) for part in parts]
        except ValueError:
            numbers = []
        if len(numbers) == 4 and all(math.isfinite(n) for n in numbers) and numbers[2] > 0 and numbers[3] > 0:
            return numbers[2], numbers[3]
    width, height = _LENGTH.match(root.get("width", "")), _LENGTH.match(root.get("height", ""))
    if width and height:
        w, h = float(width.group(1)), float(height.group(1))
        if math.isfinite(w) and math.isfinite(h) and w > 0 and h > 0:
            return w, h
    raise PictureProblem(f"'{name}' has no size; give the <svg> element width and height or a viewBox")


@functools.cache
def _silence_svglib() -> None:
    """svglib's log lines are not printkit's one-line messages. Set where svglib is first used, so
    that a build without SVG art does not import logging."""
    import logging

    logging.getLogger("svglib").addHandler(logging.NullHandler())
    logging.getLogger("svglib").propagate = False


def _drawing(name: str, data: bytes, embedded: dict[str, str]) -> Any:
    """The SVG converted by svglib from the checked bytes, never from a path: with no path svglib
    opens no other file, and the embedded pictures are the reduced copies."""
    from lxml import etree
    from svglib.svglib import SvgRenderer

    _silence_svglib()
    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False, remove_comments=True
    )
    try:
        root = etree.fromstring(data, parser=parser)
        for element in root.iter():
            for attribute in (_XLINK, "href"):
                value = element.get(attribute)
                if value is not None and value in embedded:
                    element.set(attribute, embedded[value])
        drawing = SvgRenderer(io.BytesIO()).render(root)  # a source with no path: no file is opened
    except Exception as exc:  # svglib raises whatever its converters meet
        raise PictureProblem(
            f"'{name}' cannot be drawn: {' '.join(str(exc).split())[:80] or type(exc).__name__}; simplify it or "
            "export it again"
        ) from exc
    if drawing is None or not (drawing.width > 0 and drawing.height > 0):
        raise PictureProblem(f"'{name}' has no size; give the <svg> element width and height or a viewBox")
    if not all(MIN_SVG_SIZE <= value <= MAX_SVG_NUMBER for value in (drawing.width, drawing.height)):
        raise PictureProblem(f"'{name}' has a size printkit cannot draw ({drawing.width:g} × {drawing.height:g})")
    return drawing
