"""PNG and JPEG pictures checked and prepared as a PDF holds them, from the bytes read once.

A picture must be one of the formats by its content, decode completely (a truncated file, or a
JPEG whose header promises far more pixels than its data holds, is refused) and keep within the
limits (limits.py). A JPEG at most FAR_LARGER times the pixels it prints at is kept as its own
bytes (a build checks its header and data length; validate decodes it too, at an eighth of its
scale); other rasters are reduced to the resolution they print at (when over FAR_LARGER times
that; JPEG decoded at a reduced scale by Pillow's draft) and converted to a mode a PDF holds
(16-bit grey scaled, not clipped; palettes with transparency and grey with alpha keep their
alpha; CMYK as RGB).
"""

from __future__ import annotations

import io
import math
import warnings
import zlib
from typing import Any

from msgspec import Struct

from printkit.pictures import jpeg
from printkit.pictures.limits import FAR_LARGER, FLATE_LEVEL, MAX_PIXELS, PictureProblem, Work, damage, decoding_cost


class Raster(Struct, frozen=True):
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
        return Work(decoding_cost(self.width, self.height, self.jpeg), 0, 0)


def raster(name: str, data: bytes, expected: str, pixels: int, digest: str = "", decode: bool = True) -> Raster:
    """A PNG or JPEG file's ``data`` checked and as the PDF will hold it: a JPEG not far larger
    than ``pixels`` as its own bytes (with ``decode`` proved whole by a decode at an eighth of
    its size), any other decoded in full and reduced to ``pixels``."""
    if expected == "JPEG":
        passed = _passed_through(name, data, pixels, digest, decode)
        if passed is not None:
            return passed
    image, width, height = prepared_image(name, io.BytesIO(data), expected, pixels)
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


def _passed_through(name: str, data: bytes, pixels: int, digest: str, decode: bool) -> Raster | None:
    """The JPEG file as it is, when a PDF can hold it unchanged (grey or RGB, not far larger than
    its print size); None when it must be decoded and re-encoded. Its data is checked long
    enough for its header (jpeg.check_data) and, with ``decode``, proved whole by a decode at
    the smallest scale (libjpeg still reads every coefficient), most of a full decode's time."""
    if not decode:
        header = jpeg.header(data)
        if header is not None:  # read without Pillow: what a build checks of most JPEGs
            return _passed_by_header(name, data, header, pixels, digest)
    from PIL import Image, UnidentifiedImageError

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            image = Image.open(io.BytesIO(data))
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError):
            return None  # prepared_image says why
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
                jpeg.check_data(name, data, width, height)
            return Raster(data, True, image.mode, (width, height), None, width, height, digest, decode, own_file=True)


def _passed_by_header(name: str, data: bytes, header: jpeg.Header, pixels: int, digest: str) -> Raster | None:
    """What _passed_through makes of a JPEG without ``decode``, from the header jpeg.py read: the
    same answers as Pillow's reading of it, in a tenth of the time."""
    width, height = header.width, header.height
    if len(header.sampling) not in (1, 3) or max(width, height) > pixels * FAR_LARGER or header.orientation != 1:
        return None
    _check_size(name, width, height)
    jpeg.check_data(name, data, width, height)
    mode = "L" if len(header.sampling) == 1 else "RGB"
    return Raster(data, True, mode, (width, height), None, width, height, digest, False, own_file=True)


def prepared_image(name: str, source: io.BytesIO, expected: str, pixels: int) -> tuple[Any, int, int]:
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
        image.fp.seek(0)
        jpeg.check_data(name, image.fp.read(), width, height)
        scale = pixels / max(width, height)  # draft keeps both sides at least this
        image.draft(
            image.mode if image.mode in ("L", "RGB") else None, (math.ceil(width * scale), math.ceil(height * scale))
        )
    try:
        image.load()
    except Exception as exc:  # Pillow's decoders raise OSError, SyntaxError, ValueError, zlib.error ...
        raise PictureProblem(damage(name, exc)) from exc


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
