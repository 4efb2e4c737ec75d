"""A photo stored on its side with an EXIF orientation (a phone's portrait photo) prints upright:
turned when it is prepared, a JPEG that would pass through byte for byte re-encoded turned, and
its proportions (the box it is fitted in) those of the picture as it is seen."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from piece_pdf import build as build_with_manifest
from piece_pdf import pieces
from printkit.pictures.limits import RASTER, print_pixels
from printkit.pictures.raster import Raster, raster
from test_card_pictures import close, image_objects, kit_file, placed_images

EXIF_ORIENTATION = 0x0112


def checked(file: Path, print_mm: float) -> Raster:
    """The picture as a build prepares it to print ``print_mm`` wide at 300 dpi."""
    return raster(file.name, file.read_bytes(), RASTER[file.suffix], print_pixels(print_mm))


def stored_on_its_side(path: Path, size: tuple[int, int], orientation: int, fmt: str = "JPEG") -> Path:
    """A picture stored ``size`` (width, height) with a red band along its stored top edge, tagged
    with the EXIF ``orientation`` a camera writes for a picture taken turned."""
    path.parent.mkdir(parents=True, exist_ok=True)
    image = Image.new("RGB", size, "#2a7ab0")
    ImageDraw.Draw(image).rectangle((0, 0, size[0], size[1] // 8), fill="#ff0000")
    exif = Image.Exif()
    exif[EXIF_ORIENTATION] = orientation
    image.save(path, format=fmt, quality=90, exif=exif.tobytes())
    return path


@pytest.mark.parametrize("orientation", [6, 8])
def test_a_jpeg_turned_by_its_exif_orientation_prints_portrait(tmp_path, orientation):
    """Stored 700 × 560 (landscape), seen 560 × 700 (portrait). Under 1.5 × its print size, it would
    pass through byte for byte: it is re-encoded turned instead."""
    kit = kit_file(tmp_path, ["phone.jpg"])
    file = stored_on_its_side(kit.parent / "art" / "phone.jpg", (700, 560), orientation)
    pdf, manifest = build_with_manifest(str(kit), tmp_path)
    (card,) = pieces(manifest, kind="card")
    (image,) = image_objects(pdf)
    assert (image["/Width"], image["/Height"]) == (560, 700)
    assert image._data != file.read_bytes()
    (placed,) = placed_images(pdf)
    # contain in the 50 × 40 mm box: a 4:5 picture is 32 × 40 mm, centred across
    assert close(placed, (card["x"] + 5 + 9, card["y"] + 5, 32, 40)), placed


def test_the_turned_picture_is_upright(tmp_path):
    """Orientation 6: the camera was turned clockwise; the stored top edge is the seen right edge."""
    file = stored_on_its_side(tmp_path / "art" / "phone.jpg", (700, 560), 6)
    raster = checked(file, print_mm=50.0)
    assert (raster.width, raster.height) == (560, 700)
    assert not raster.passed_through
    seen = Image.open(io.BytesIO(raster.data)).convert("RGB")
    assert seen.size == (560, 700)
    right, left = seen.getpixel((550, 350)), seen.getpixel((10, 350))
    assert right[0] > 200 and right[2] < 80, right  # the red band
    assert left[2] > 150, left  # the blue


def test_a_png_with_an_orientation_is_turned_too(tmp_path):
    file = stored_on_its_side(tmp_path / "art" / "scan.png", (300, 200), 8, fmt="PNG")
    raster = checked(file, print_mm=50.0)
    assert (raster.width, raster.height) == (200, 300)
    assert raster.size == (200, 300)


def test_a_jpeg_without_an_orientation_still_passes_through(tmp_path):
    file = stored_on_its_side(tmp_path / "art" / "plain.jpg", (700, 560), 1)
    raster = checked(file, print_mm=50.0)
    assert raster.passed_through and raster.data == file.read_bytes()
    assert (raster.width, raster.height) == (700, 560)
