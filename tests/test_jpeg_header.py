"""A build reads a JPEG's header itself (pictures/jpeg.py), not through Pillow: whatever the JPEG,
the picture it prepares, or the message refusing it, is the one Pillow's reading gives."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from printkit.pictures import jpeg, raster
from printkit.pictures.limits import PictureProblem, print_pixels

PIXELS = print_pixels(50.0)  # 591: a 300 x 400 picture passes through, a 1,000 x 800 one is reduced


def a_jpeg(size: tuple[int, int] = (300, 400), mode: str = "RGB", **save: object) -> bytes:
    image = Image.new(mode, size, "white" if mode != "CMYK" else (0, 80, 160, 0))
    ImageDraw.Draw(image).ellipse((10, 10, size[0] - 10, size[1] - 10), fill="black" if mode == "L" else None)
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=90, **save)
    return out.getvalue()


XMP_HEADER = b"http://ns.adobe.com/xap/1.0/\x00"


def with_orientation(value: int, xmp: bool = False) -> bytes:
    exif = Image.Exif()
    exif[jpeg.ORIENTATION] = value
    data = a_jpeg(exif=exif.tobytes())
    if not xmp:
        return data
    # an XMP APP1 segment right after the start marker, written here: Pillow's save(xmp=...) is
    # newer than the lowest Pillow printkit allows (10.0 ignores it)
    payload = XMP_HEADER + b'<x:xmpmeta xmlns:x="adobe:ns:meta/"/>'
    return data[:2] + b"\xff\xe1" + (len(payload) + 2).to_bytes(2, "big") + payload + data[2:]


def cut_short(data: bytes) -> bytes:
    return data[: len(data) // 3]


CASES = {
    "rgb": a_jpeg(),
    "grey": a_jpeg(mode="L"),
    "cmyk": a_jpeg(mode="CMYK"),
    "progressive": a_jpeg(progressive=True),
    "subsampled 4:2:0": a_jpeg(subsampling=2),
    "far larger": a_jpeg((1000, 800)),
    "cut short": cut_short(a_jpeg((2000, 1500))),
    "orientation 1": with_orientation(1),
    "orientation 6": with_orientation(6),
    "orientation 9 (none)": with_orientation(9),
    "with XMP": with_orientation(1, xmp=True),
    "not a JPEG": b"\x89PNG\r\n\x1a\n" + bytes(40),
    "header only": a_jpeg()[:200],
}


def prepared(data: bytes) -> object:
    """The Raster a build (no decode) prepares, or the message refusing the picture."""
    try:
        return raster.raster("p.jpg", data, "JPEG", PIXELS, "d", decode=False)
    except PictureProblem as problem:
        return str(problem)


@pytest.mark.parametrize("case", CASES)
def test_the_header_read_here_gives_what_pillows_reading_gives(case, monkeypatch):
    data = CASES[case]
    here = prepared(data)
    monkeypatch.setattr(jpeg, "header", lambda data: None)  # every JPEG through Pillow, as before
    assert here == prepared(data)


def test_a_plain_jpeg_is_read_here_and_an_unsure_one_is_left_to_pillow():
    read = {case: jpeg.header(data) is not None for case, data in CASES.items()}
    assert read["rgb"] and read["grey"] and read["progressive"] and read["orientation 6"] and read["cut short"]
    assert not read["cmyk"] and not read["with XMP"] and not read["not a JPEG"]
    assert jpeg.header(CASES["orientation 6"]).orientation == 6
    assert (jpeg.header(CASES["far larger"]).width, jpeg.header(CASES["far larger"]).height) == (1000, 800)
