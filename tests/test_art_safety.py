"""Hostile and broken pictures: an SVG may name only its own elements and embedded PNG or JPEG
pictures, a picture must decode in full, the work it costs is bounded; and a build opens no file
outside the kit's folder, the fonts, printkit and Python's own library, whatever the SVGs say.

Every file the process opens is seen through Python's audit hook (tests/audit.py)."""

from __future__ import annotations

import base64
import io
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from audit import allowed_roots, opened_while, outside
from test_art import make_kit

XLINK = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'


def png_bytes(size=(20, 10), color="#00ff00", mode="RGB") -> bytes:
    out = io.BytesIO()
    Image.new(mode, size, color).save(out, format="PNG")
    return out.getvalue()


def data_uri(data: bytes, kind: str = "png") -> str:
    return f"data:image/{kind};base64," + base64.b64encode(data).decode("ascii")


def svg(body: str, box: str = "0 0 10 10") -> str:
    return f'<svg {XLINK} viewBox="{box}">{body}</svg>'


def false_size_jpeg() -> bytes:
    """A 16 × 16 JPEG whose frame header says 7000 × 7000."""
    out = io.BytesIO()
    Image.new("RGB", (16, 16), "red").save(out, format="JPEG")
    data = bytearray(out.getvalue())
    at = data.find(b"\xff\xc0")
    data[at + 5 : at + 9] = (7000).to_bytes(2, "big") + (7000).to_bytes(2, "big")
    return bytes(data)


def truncated_png() -> bytes:
    out = io.BytesIO()
    Image.effect_noise((200, 200), 60).convert("RGB").save(out, format="PNG")
    return out.getvalue()[:-600]


NESTED_USES = svg(
    '<g id="a0"><rect width="1" height="1"/><rect width="1" height="1"/></g>'
    + "".join(f'<g id="a{i}"><use href="#a{i - 1}"/><use href="#a{i - 1}"/></g>' for i in range(1, 30))
)
HOSTILE = {
    "use_outside.svg": (
        svg('<use xlink:href="../../outside.svg#x"/>'),
        "'use_outside.svg' links to another file (../../outside.svg#x); embed it or draw it in the SVG",
    ),
    "two_hrefs.svg": (
        svg(f'<image href="{data_uri(png_bytes())}" xlink:href="../x.png" width="10" height="10"/>'),
        "'two_hrefs.svg' links to another file (../x.png); embed it or draw it in the SVG",
    ),
    "plain_href.svg": (
        svg('<image href="../x.png" width="10" height="10"/>'),
        "'plain_href.svg' links to another file (../x.png); embed it or draw it in the SVG",
    ),
    "fill_url.svg": (
        svg('<rect fill="url(../outside.svg#g)" width="1" height="1"/>'),
        "'fill_url.svg' links to another file (url(../outside.svg#g) in fill of <rect>); embed it or draw it in "
        "the SVG",
    ),
    "style_url.svg": (
        svg('<rect style="fill: url(\'/etc/x.svg#g\')" width="1" height="1"/>'),
        "'style_url.svg' links to another file (url(/etc/x.svg#g) in the style of <rect>); embed it or draw it in "
        "the SVG",
    ),
    "css_import.svg": (
        svg('<style>@import url("../a.css"); rect { fill: red }</style><rect width="1" height="1"/>'),
        "'css_import.svg' imports a style sheet (@import in <style>); put the styles in the SVG",
    ),
    "css_url.svg": (
        svg("<style>rect { fill: url(../o.svg#p) }</style><rect width='1' height='1'/>"),
        "'css_url.svg' links to another file (url(../o.svg#p) in <style>); embed it or draw it in the SVG",
    ),
    "svg_in_data.svg": (
        svg('<image href="data:image/svg+xml;base64,PHN2Zy8+" width="1" height="1"/>'),
        "'svg_in_data.svg' embeds a picture that is not base64 PNG or JPEG (data:image/png;base64,...); embed it "
        "as one",
    ),
    "broken_base64.svg": (
        svg('<image href="data:image/png;base64,@@@" width="1" height="1"/>'),
        "'broken_base64.svg' embeds a picture whose base64 data is broken; embed it again",
    ),
    "damaged_inside.svg": (
        svg(f'<image href="{data_uri(truncated_png())}" width="1" height="1"/>'),
        "'damaged_inside.svg: an embedded picture' is damaged: its data ends before the picture does (the file is "
        "cut short, or its header claims a larger picture); export the picture again as .png, .jpg or .svg",
    ),
    "text.svg": (
        svg('<text x="1" y="5">Hi</text>'),
        "'text.svg' holds text (<text>); convert the text to paths (outlines) in your drawing program",
    ),
    "huge_viewbox.svg": (
        svg('<rect width="1" height="1"/>', box="0 0 1e400 1"),
        "'huge_viewbox.svg' has the number 1e400 in viewBox; printkit draws numbers up to 1e+09",
    ),
    "huge_rect.svg": (
        svg('<rect width="1e300" height="1"/>'),
        "'huge_rect.svg' has the number 1e300 in width; printkit draws numbers up to 1e+09",
    ),
    "deep.svg": (
        svg("<g>" * 5000 + "</g>" * 5000),
        "'deep.svg' nests elements over 60 deep; flatten its groups",
    ),
    "many.svg": (
        svg('<rect width="1" height="1"/>' * 5_001),
        "'many.svg' has over 5,000 elements; simplify it",
    ),
    "nested_uses.svg": (
        NESTED_USES,
        "'nested_uses.svg' draws over 5,000 elements once its <use> elements are repeated; simplify it",
    ),
    "use_loop.svg": (
        svg('<g id="a"><use href="#a"/></g>'),
        "'use_loop.svg' has a <use> that repeats itself; remove the loop",
    ),
    "not_svg.svg": ("<html/>", "'not_svg.svg' is XML but not SVG"),
}
XXE_UTF16 = (
    '<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/hostname">]>'
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><desc>&x;</desc></svg>'
).encode("utf-16")
RASTERS = {
    "truncated.png": (
        truncated_png(),
        "'truncated.png' is damaged: its data ends before the picture does (the file is cut short, or its header "
        "claims a larger picture); export the picture again as .png, .jpg or .svg",
    ),
    "false_size.jpg": (
        false_size_jpeg(),
        "'false_size.jpg' is damaged: its data ends before the picture does (the file is cut short, or its header "
        "claims a larger picture); export the picture again as .png, .jpg or .svg",
    ),
    "xxe16.svg": (XXE_UTF16, "'xxe16.svg' declares XML entities; printkit does not read those"),
}


def hostile_kit(root: Path, picture: str) -> Path:
    kit = make_kit(root, second=picture)
    folder = kit.parent / "pictures"
    for name, (text, _) in HOSTILE.items():
        (folder / name).write_text(text, encoding="utf-8")
    for name, (data, _) in RASTERS.items():
        (folder / name).write_bytes(data)
    (root / "outside.svg").write_text(svg('<rect id="x" width="10" height="10" fill="red"/>'), encoding="utf-8")
    (root / "kits" / "x.png").write_bytes(png_bytes())
    return kit


CASES = {name: message for name, (_, message) in {**HOSTILE, **RASTERS}.items()}


@pytest.mark.parametrize("picture", sorted(CASES))
def test_a_hostile_or_broken_picture_is_refused_by_validate_with_its_line(tmp_path, run, picture):
    kit = hostile_kit(tmp_path, picture)
    result = run("validate", str(kit))
    assert result.code == 1
    assert result.err.strip().splitlines() == [f"{kit}:15: components[0].types[1].image: {CASES[picture]}"]


def test_a_build_with_every_kind_of_picture_opens_nothing_outside_the_kit_fonts_and_python(tmp_path, run):
    kit = make_kit(tmp_path, first="mixed.svg", second="sun.jpg")
    folder = kit.parent / "pictures"
    (folder / "mixed.svg").write_text(
        svg(
            '<defs><rect id="r" width="4" height="4" fill="#2a7ab0"/></defs>'
            '<use xlink:href="#r"/><use href="#r" x="5"/>'
            f'<image xlink:href="{data_uri(png_bytes())}" x="0" y="5" width="10" height="5"/>'
        ),
        encoding="utf-8",
    )
    pdf = tmp_path / "out" / "mixed.pdf"
    pdf.parent.mkdir()
    result: list = []
    opened = opened_while(lambda: result.append(run("build", str(kit), "-o", str(pdf))))
    assert result[0].code == 0, result[0].err
    assert any(p.endswith("mixed.svg") for p in opened) and any(p.endswith("sun.jpg") for p in opened)
    assert outside(opened, allowed_roots(kit, kit.parent / "pictures", pdf.parent)) == []


@pytest.mark.parametrize("picture", ["use_outside.svg", "two_hrefs.svg", "fill_url.svg", "xxe16.svg"])
def test_validating_a_hostile_svg_opens_nothing_it_names(tmp_path, run, picture):
    kit = hostile_kit(tmp_path, picture)
    opened = opened_while(lambda: run("validate", str(kit)))
    assert any(p.endswith(picture) for p in opened)
    assert outside(opened, allowed_roots(kit, kit.parent / "pictures")) == []


def test_an_svg_with_an_embedded_picture_builds_and_shows_it(tmp_path, run):
    kit = make_kit(tmp_path, first="embedded.svg")
    (kit.parent / "pictures" / "embedded.svg").write_text(
        svg(f'<image xlink:href="{data_uri(png_bytes((20, 10), "#00ff00"))}" width="10" height="5"/>'),
        encoding="utf-8",
    )
    pdf = tmp_path / "embedded.pdf"
    result = run("build", str(kit), "-o", str(pdf))
    assert result.code == 0, result.err
    import pypdfium2

    page = pypdfium2.PdfDocument(str(pdf))[1].render(scale=2).to_pil().convert("RGB")
    assert (0, 255, 0) in {colour for _, colour in page.getcolors(1 << 20)}


def test_svglib_log_lines_never_reach_the_user(tmp_path):
    """svglib logs what it cannot convert (here an unknown colour and a missing clip path) on its
    own logger; printkit's stderr holds only printkit's one-line messages. In a fresh process:
    pytest's log capture would hide Python's last-resort handler, which prints them."""
    kit = make_kit(tmp_path, first="odd.svg")
    (kit.parent / "pictures" / "odd.svg").write_text(
        svg('<rect fill="nonsense" width="5" height="5" clip-path="url(#nowhere)"/><rect width="2" height="2"/>'),
        encoding="utf-8",
    )
    pdf = tmp_path / "odd.pdf"
    result = subprocess.run(
        [sys.executable, "-m", "printkit", "build", str(kit), "-o", str(pdf)], capture_output=True, text=True
    )
    assert result.returncode == 0 and pdf.exists()
    assert result.stderr == ""


def test_the_kits_pictures_together_are_bounded_where_one_goes_over(tmp_path, run):
    """Each file within its own limits, the two together over the kit's: 2 × 40 megapixels of
    PNG is over 60; 2 × 3,000 SVG elements over 5,000. Reported at the picture that goes over."""
    kit = make_kit(tmp_path, first="first.png", second="second.png")
    folder = kit.parent / "pictures"
    Image.new("1", (8000, 5000), 1).save(folder / "first.png")
    Image.new("1", (5000, 8000), 0).save(folder / "second.png")
    result = run("validate", str(kit))
    assert result.code == 1
    errors = [line for line in result.err.strip().splitlines() if ": warning: " not in line]  # each is far too large
    assert errors == [
        f"{kit}:15: components[0].types[1].image: with 'second.png' the kit's pictures decode to 80 megapixels (a "
        "JPEG counts an eighth of its pixels); the limit is 60 a kit; use smaller pictures, or JPEG"
    ]
    rects = '<rect width="1" height="1"/>' * 2_999
    (folder / "first.svg").write_text(svg(rects), encoding="utf-8")
    (folder / "second.svg").write_text(svg(rects.replace('"1"', '"2"')), encoding="utf-8")
    kit.write_text(kit.read_text(encoding="utf-8").replace(".png", ".svg"), encoding="utf-8")
    result = run("validate", str(kit))
    assert result.err.strip().splitlines() == [
        f"{kit}:15: components[0].types[1].image: with 'second.svg' the kit's SVG pictures draw 6,000 elements and "
        "12,004 numbers; the limit is 5,000 elements and 125,000 numbers a kit; simplify them"
    ]


def test_one_picture_shown_by_many_cards_counts_once(tmp_path, run):
    kit = make_kit(tmp_path, first="first.png", second="first.png")
    Image.new("1", (8000, 5000), 1).save(kit.parent / "pictures" / "first.png")
    assert run("validate", str(kit)).code == 0


def test_a_raster_file_over_200_mb_is_refused_before_it_is_read(tmp_path, run):
    kit = make_kit(tmp_path, second="padded.png")
    with (kit.parent / "pictures" / "padded.png").open("wb") as padded:
        padded.write(png_bytes())
        padded.truncate(200 * 1024 * 1024 + 1)  # a sparse file: no disk used
    result = run("validate", str(kit))
    assert result.err.strip().splitlines() == [
        f"{kit}:15: components[0].types[1].image: 'padded.png' is over 200 MB; scale it down or export it compressed"
    ]


def test_an_svg_embedding_many_large_pictures_is_stopped_at_the_kits_limit(tmp_path, run):
    """A bilevel 40-megapixel PNG compresses to a few kilobytes: two of them fit in an SVG of
    any size, and decoding them would cost the kit's whole budget and more."""
    kit = make_kit(tmp_path, first="album.svg")
    first, second = (png_bytes((8000, 5000), value, mode="1") for value in (0, 1))
    images = "".join(f'<image href="{data_uri(data)}" width="1" height="1"/>' for data in (first, second))
    (kit.parent / "pictures" / "album.svg").write_text(svg(images), encoding="utf-8")
    result = run("validate", str(kit))
    assert result.err.strip().splitlines() == [
        f"{kit}:14: components[0].types[0].image: 'album.svg' embeds pictures that decode to over 60 megapixels, "
        "the limit a kit; embed smaller pictures"
    ]
