"""What a picture looks like in the PDF: its pixels as embedded (16-bit grey scaled, not clipped;
alpha kept; CMYK in its colours), at the resolution it prints at, redrawn when it changes under
`build --watch`, and with no font in the PDF that it does not embed."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest
from PIL import Image
from pypdf import PdfReader

from print_measure import embedded_fonts
from printkit import pipeline
from printkit.pictures.limits import print_pixels
from test_art import SVG, make_kit
from test_art_safety import data_uri, png_bytes


def embedded(pdf) -> list[tuple[Image.Image, bool]]:
    """Every image object on the cards' page, as Pillow reads it back, and whether it has an alpha mask."""
    page = PdfReader(pdf).pages[1]
    found = []
    for form in page["/Resources"]["/XObject"].values():
        resources = form.get_object().get("/Resources", {})
        for image in resources.get("/XObject", {}).values():
            image = image.get_object()
            if image["/Subtype"] == "/Image":
                found.append(("/SMask" in image, image))
    readers = {i.name: i.image for i in page.images}
    assert len(readers) == len(found)
    return [(image, has_mask) for image, (has_mask, _) in zip(readers.values(), found, strict=True)]


def built_with(tmp_path, run, name: str, picture: Image.Image, **save) -> list[tuple[Image.Image, bool]]:
    kit = make_kit(tmp_path, second=name)
    picture.save(kit.parent / "pictures" / name, **save)
    pdf = tmp_path / "out.pdf"
    result = run("build", str(kit), "-o", str(pdf))
    assert result.code == 0, result.err
    return embedded(pdf)


def ramp16() -> Image.Image:
    """256 columns from 0 to 65535 in even steps, 16 rows: a 16-bit grey ramp."""
    ramp = Image.new("I;16", (256, 16))
    ramp.putdata([round(column * 65535 / 255) for _ in range(16) for column in range(256)])
    return ramp


def test_16_bit_grey_is_scaled_to_8_bits_not_clipped_to_black_and_white(tmp_path, run):
    picture = ramp16()
    assert picture.mode == "I;16"
    (image, has_mask), *_ = built_with(tmp_path, run, "ramp.png", picture)
    grey = image.convert("L")
    values = [grey.getpixel((column, 0)) for column in range(grey.width)]
    assert image.mode == "L" and not has_mask
    assert len(set(values)) > 200  # a ramp, where clipping left two values
    assert abs(int(values[128]) - 128) <= 2 and values[0] == 0 and values[-1] == 255


def test_grey_with_alpha_keeps_its_alpha(tmp_path, run):
    picture = Image.new("LA", (30, 60), (90, 0))
    picture.paste((90, 255), (0, 0, 15, 60))
    (image, has_mask), *_ = built_with(tmp_path, run, "half.png", picture)
    assert has_mask and image.convert("L").getpixel((2, 2)) == 90


def test_a_palette_with_a_transparent_colour_keeps_its_transparency(tmp_path, run):
    picture = Image.new("P", (30, 60), 0)
    picture.putpalette([255, 0, 0, 0, 0, 255] + [0] * 762)
    picture.paste(1, (0, 0, 15, 60))
    picture.info["transparency"] = 0
    (image, has_mask), *_ = built_with(tmp_path, run, "palette.png", picture, transparency=0)
    assert has_mask and image.convert("RGB").getpixel((2, 2)) == (0, 0, 255)


def test_a_cmyk_jpeg_prints_in_its_colours(tmp_path, run):
    picture = Image.new("CMYK", (30, 60), (255, 0, 0, 0))  # cyan
    (image, _), *_ = built_with(tmp_path, run, "cyan.jpg", picture, format="JPEG", quality=95)
    red, green, blue = image.convert("RGB").getpixel((15, 30))
    assert red < 30 and green > 225 and blue > 225


def test_an_opaque_rgba_picture_embeds_without_a_mask_and_a_bitmap_as_grey(tmp_path, run):
    (image, has_mask), *_ = built_with(tmp_path, run, "opaque.png", Image.new("RGBA", (30, 60), (10, 200, 30, 255)))
    assert not has_mask and image.convert("RGB").getpixel((3, 3)) == (10, 200, 30)
    (image, _), *_ = built_with(tmp_path / "b", run, "bits.png", Image.new("1", (30, 60), 1))
    assert image.convert("L").getpixel((3, 3)) == 255


@pytest.mark.parametrize("name, fmt", [("photo.jpg", "JPEG"), ("photo.png", "PNG")])
def test_a_large_picture_is_embedded_at_300_dpi_of_its_box(tmp_path, run, name, fmt):
    """The cards' symbol box is 40 × 40 mm: 40 mm at 300 dpi is 473 pixels on the longest side."""
    picture = Image.effect_noise((3000, 4000), 40).convert("RGB")
    (image, _), *_ = built_with(tmp_path, run, name, picture, format=fmt)
    assert max(image.size) == print_pixels(40) == 473
    assert image.size[0] == pytest.approx(473 * 3 / 4, abs=1)


def pdffonts(pdf) -> list[tuple[str, str]]:
    """poppler's `pdffonts` table: each font's name and its 'emb' column (yes or no)."""
    tool = shutil.which("pdffonts")
    if tool is None:
        if os.environ.get("PRINTKIT_REQUIRE_QPDF"):
            pytest.fail("pdffonts is not installed but PRINTKIT_REQUIRE_QPDF is set (see .ci/run)")
        pytest.skip("pdffonts is not installed (apt-get install poppler-utils); .ci/run installs it")
    lines = subprocess.run([tool, str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()
    return [(line.split()[0], line.split()[-5]) for line in lines[2:]]  # ... emb sub uni object ID


@pytest.mark.parametrize(
    "first, second", [("wave.svg", "sun.png"), ("wave.svg", "sun.jpg"), ("embedded.svg", "sun.png")]
)
def test_a_deck_with_svg_and_raster_art_names_only_fonts_it_embeds(tmp_path, run, first, second):
    """reportlab set Helvetica, never embedded, at the start of every SVG drawing."""
    kit = make_kit(tmp_path, first=first, second=second)
    (kit.parent / "pictures" / "embedded.svg").write_text(
        SVG.replace("</svg>", f'<image href="{data_uri(png_bytes((2, 2)))}" width="10" height="10"/></svg>'),
        encoding="utf-8",
    )
    pdf = tmp_path / "fonts.pdf"
    assert run("build", str(kit), "-o", str(pdf)).code == 0
    fonts = embedded_fonts(pdf)
    assert fonts and all(fonts.values()), fonts
    listed = pdffonts(pdf)
    assert listed and all(embedded == "yes" for _, embedded in listed), listed
    assert all("AtkinsonHyperlegible" in name or "NotoSerif" in name for name, _ in listed), listed  # the shipped two


def test_an_svg_saved_again_is_drawn_anew_in_the_same_process(tmp_path):
    """What `build --watch` does: two builds in one process, the SVG changed between them, at
    the same size and with its old modification time."""
    kit = make_kit(tmp_path)
    svg = kit.parent / "pictures" / "wave.svg"
    before = svg.stat()

    def colours() -> set:
        loaded = pipeline.load(str(kit))
        pdf = tmp_path / "watch.pdf"
        pipeline.write(pipeline.lay_out(loaded, pipeline.context(loaded, None)), pdf)
        import pypdfium2

        page = pypdfium2.PdfDocument(str(pdf))[1].render(scale=1).to_pil().convert("RGB")
        return {colour for _, colour in page.getcolors(1 << 20)}

    assert (0x2A, 0x7A, 0xB0) in colours()
    svg.write_text(svg.read_text(encoding="utf-8").replace("#2a7ab0", "#b02a7a"), encoding="utf-8")
    import os

    os.utime(svg, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = colours()
    assert (0xB0, 0x2A, 0x7A) in after and (0x2A, 0x7A, 0xB0) not in after
