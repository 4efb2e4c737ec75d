"""A kit's own pictures: SVG, PNG or JPEG files in kits/NAME/, checked before anything is drawn.

A picture must stay inside the kit's folder (no '../', no absolute path, no link leading out),
be one of the three formats by its content, and be small enough to print: raster images over
50 megapixels are refused (Pillow reads only the header to know), SVG files over 5 MB too.
"""

from __future__ import annotations

import functools
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

MAX_PIXELS = 50_000_000
MAX_SVG_BYTES = 5 * 1024 * 1024
RASTER = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG"}
_LENGTH = re.compile(r"^\s*([0-9.]+)")


def art_problem(folder: Path, relative: str) -> str | None:
    """Why the picture ``relative`` in the kit folder cannot be used, or None when it can."""
    outside = leaves_folder(folder, relative)
    if outside:
        return outside
    suffix = Path(relative).suffix.lower()
    if suffix not in RASTER and suffix != ".svg":
        return f"'{relative}' is not a picture printkit can print; use an .svg, .png or .jpg file"
    path = (folder / relative).resolve()
    if not path.is_file():
        return f"no picture '{relative}' in the kit's folder {folder}/"
    return svg_problem(path) if suffix == ".svg" else raster_problem(path, RASTER[suffix])


def leaves_folder(folder: Path, relative: str) -> str | None:
    """Why ``relative`` leads out of the kit's folder (checked before its name or content, so a
    path such as '../../etc/passwd' is refused for where it goes), or None."""
    try:
        Path(os.path.normpath(folder.absolute() / relative)).relative_to(folder.absolute())
    except ValueError:
        return f"'{relative}' lies outside the kit's folder {folder}/; keep the kit's pictures inside it"
    try:
        (folder / relative).resolve().relative_to(folder.resolve())
    except ValueError:
        return (
            f"'{relative}' is a link to a file outside the kit's folder {folder}/; copy the picture into the "
            "folder instead"
        )
    return None


def raster_problem(path: Path, expected: str) -> str | None:
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path) as image:
            found, (width, height) = image.format, image.size
    except (UnidentifiedImageError, OSError):
        return (
            f"'{path.name}' cannot be read as an image: it is not {expected} data, or it is damaged; export the "
            "picture again as .png, .jpg or .svg"
        )
    except Image.DecompressionBombError:
        return (
            f"'{path.name}' is far larger than the limit of {MAX_PIXELS // 1_000_000} megapixels an image; scale "
            "it down"
        )
    if found != expected:
        return f"'{path.name}' holds a {found} image, not the {expected} its name says"
    if width * height > MAX_PIXELS:
        return (
            f"'{path.name}' is {width} × {height} pixels ({width * height / 1e6:.0f} megapixels); the limit is "
            f"{MAX_PIXELS // 1_000_000} megapixels an image; scale it down"
        )
    return None


def svg_problem(path: Path) -> str | None:
    if path.stat().st_size > MAX_SVG_BYTES:
        return f"'{path.name}' is over {MAX_SVG_BYTES // (1024 * 1024)} MB; simplify it"
    data = path.read_bytes()
    if b"<!ENTITY" in data or b"<!entity" in data:
        return f"'{path.name}' declares XML entities; printkit does not read those"
    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        return f"'{path.name}' is not valid SVG ({exc})"
    if not root.tag.endswith("svg"):
        return f"'{path.name}' is XML but not SVG"
    for element in root.iter():
        if element.tag.endswith("}image") or element.tag == "image":
            href = next((v for k, v in element.attrib.items() if k.endswith("href")), "")
            if not href.startswith("data:"):
                return f"'{path.name}' links to another file ({href[:40]}); embed it or draw it in the SVG"
    if svg_size(path) is None:
        return f"'{path.name}' has no size; give the <svg> element width and height or a viewBox"
    return None


@functools.cache
def svg_size(path: Path) -> tuple[float, float] | None:
    """The SVG's width and height (any unit, only the ratio matters), from viewBox or width/height."""
    root = ET.parse(path).getroot()
    box = root.get("viewBox")
    if box:
        parts = box.replace(",", " ").split()
        if len(parts) == 4 and float(parts[2]) > 0 and float(parts[3]) > 0:
            return float(parts[2]), float(parts[3])
    width, height = _LENGTH.match(root.get("width", "")), _LENGTH.match(root.get("height", ""))
    if width and height and float(width.group(1)) > 0 and float(height.group(1)) > 0:
        return float(width.group(1)), float(height.group(1))
    return None


def aspect(path: Path) -> float:
    """Width over height of a checked picture."""
    if path.suffix.lower() == ".svg":
        width, height = svg_size(path) or (1.0, 1.0)
        return width / height
    from PIL import Image

    with Image.open(path) as image:
        return image.size[0] / image.size[1]


def fitted(x: float, y: float, w: float, h: float, ratio: float) -> tuple[float, float, float, float]:
    """The largest box of width/height ``ratio`` centred in (x, y, w, h)."""
    if w / h > ratio:
        fit_w = h * ratio
        return x + (w - fit_w) / 2, y, fit_w, h
    fit_h = w / ratio
    return x, y + (h - fit_h) / 2, w, fit_h
