"""The pictures are read and checked once a build, and handed down: a build opens each picture
file once and checks each picture once (a deck's 200 pictures used to be opened twice each and
checked 402 times); layout and the renderer open no file, reading the prepared ``Pictures``
instead; pictures/ imports no drawing library."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

from audit import reads_while
from printkit import pipeline
from printkit.base.errors import LayoutProblem
from printkit.base.records import replace
from printkit.kinds import load_kinds
from printkit.kit import file as kitfile
from printkit.kit.model import parse_kit
from printkit.layout.document import layout_kit
from printkit.pictures import prepared
from printkit.render import svg
from printkit.render.pdf import render
from test_card_pictures import image_objects, kit_file, picture

SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">'
    '<rect width="40" height="20" fill="#3a7"/><circle cx="20" cy="10" r="6" fill="#fc0"/></svg>'
)


@pytest.fixture
def art_kit(tmp_path) -> tuple[Path, list[Path]]:
    """A deck of four JPEGs (one shown on two cards), a PNG and an SVG, and an SVG picture icon
    in the rules: every kind of picture, each file once in its folder."""
    names = ["a.jpg", "b.jpg", "c.jpg", "a.jpg", "d.png", "e.svg"]
    icons = "icons:\n  - {id: coin, image: coin.svg}\n"
    kit = kit_file(tmp_path, names, icons=icons, rule="kosztują 1 :coin: za sztukę")
    art = kit.parent / "art"
    files = [picture(art / name, (300 + 10 * n, 400)) for n, name in enumerate(("a.jpg", "b.jpg", "c.jpg"))]
    files.append(picture(art / "d.png", (300, 400), "PNG"))
    for name in ("e.svg", "coin.svg"):
        (art / name).write_text(SVG, encoding="utf-8")
        files.append(art / name)
    return kit, [file.resolve() for file in files]


def a_build(kit: Path) -> tuple[bytes, str]:
    """What `printkit build --manifest` does with the kit, in this process: load (with the
    pictures' check), lay out, render, and the manifest (each cut piece's drawing hashed)."""
    loaded = pipeline.load(kit, decode=False)
    ctx = pipeline.context(loaded, None)
    document = pipeline.lay_out(loaded, ctx)
    return pipeline.rendered(document), pipeline.manifest_file(document, loaded, ctx)


def test_a_build_opens_each_picture_once(art_kit):
    kit, files = art_kit
    opened, _ = reads_while(lambda: a_build(kit))
    assert {str(file): opened.count(str(file)) for file in files} == {str(file): 1 for file in files}


def test_a_build_checks_each_picture_once(art_kit, monkeypatch):
    """Each file is checked once for the one size it prints at (the JPEG on two cards once)."""
    kit, files = art_kit
    checked: list[str] = []
    for name in ("raster", "vector"):
        real = getattr(prepared, name)
        monkeypatch.setattr(prepared, name, lambda shown, *rest, real=real: checked.append(shown) or real(shown, *rest))
    a_build(kit)
    assert sorted(checked) == sorted(file.name for file in files)


def test_a_build_converts_each_svg_once(art_kit, monkeypatch):
    """svglib converts an SVG in the render stage's check; the renderer draws that drawing."""
    kit, _ = art_kit
    converted: list[int] = []
    real = svg.converted
    monkeypatch.setattr(svg, "converted", lambda name, vector: converted.append(1) or real(name, vector))
    a_build(kit)
    assert len(converted) == 2  # e.svg and coin.svg


def test_layout_and_render_open_no_file(art_kit):
    """Laid out and drawn from the prepared pictures: the only files opened after the check are
    the fonts (the renderer embeds them), none of the kit's folder."""
    kit, _ = art_kit
    loaded = pipeline.load(kit)
    ctx = pipeline.context(loaded, None)
    laid_out: list = []
    opened_by_layout, _ = reads_while(lambda: laid_out.append(layout_kit(loaded.kit, ctx)))
    assert opened_by_layout == []
    document = pipeline.with_faces(loaded, laid_out[0])
    opened_by_render, _ = reads_while(lambda: render(document))
    folder = str(kit.parent / "art")
    assert [path for path in opened_by_render if path.startswith(folder)] == []
    assert len(ctx.pictures.prepared) == 6  # each file, at the one size it prints at


def test_a_picture_not_prepared_is_a_layout_problem_not_a_read(art_kit):
    """Layout with no prepared pictures reads no file: it says the picture was not checked."""
    kit, _ = art_kit
    loaded = pipeline.load(kit)
    ctx = pipeline.context(loaded, None)
    without = replace(ctx, pictures=prepared.Pictures())
    opened, _ = reads_while(lambda: pytest.raises(LayoutProblem, layout_kit, loaded.kit, without))
    assert opened == []


def test_an_svg_that_cannot_be_drawn_is_refused_by_the_render_stage_check(art_kit, monkeypatch):
    """The pictures stage passes the SVG; the render stage's check (svglib) refuses it, and the
    pipeline hands its answer to validation with the picture's location."""
    kit, _ = art_kit
    monkeypatch.setattr(svg, "_drawing_problem", lambda drawing, w, h: "overflow")
    source = kitfile.load_kit_source(kitfile.find_kit(str(kit)))
    pictures, found = pipeline.prepared_pictures(source, parse_kit(source, load_kinds()))
    refused = [(loc, message) for loc, message, severity in found if severity == "error"]
    assert refused == [
        (("components", 0, "types", 5, "image"), "'e.svg' cannot be drawn: overflow; simplify it or export it again"),
        (("icons", 0, "image"), "'coin.svg' cannot be drawn: overflow; simplify it or export it again"),
    ]
    assert pictures.get("e.svg", 50.0) is None


def test_the_pictures_package_imports_no_drawing_library():
    code = (
        "import sys, printkit.pictures.prepared, printkit.pictures.place;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('reportlab', 'svglib', 'pypdfium2')))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_an_export_prepares_the_pictures_for_its_own_bleed(art_kit, run, tmp_path):
    """The export's 1/8 in bleed prints a deck's pictures larger than the kit does: it prepares
    them for that size, and the shop's PDF shows every one."""
    kit, _ = art_kit
    out = tmp_path / "shop"
    result = run("export", str(kit), "--for", "pdf", "-o", str(out))
    assert result.code == 0, result.err
    assert len(image_objects(out / "art.pdf")) == 4  # a.jpg on two cards once, b, c, d; the SVGs as vectors


@pytest.mark.parametrize("same_crc", [False, True])
def test_pictures_of_the_same_bytes_share_one_content_name_whatever_their_crc(tmp_path, monkeypatch, same_crc):
    """Named by length and CRC-32, then byte for byte (or SHA-256 once a decoded PNG's bytes are
    let go): files of the same bytes share a name, any others do not, even when every CRC is
    the same."""
    kit = kit_file(tmp_path, ["a.jpg", "copy_a.jpg", "b.jpg", "p.png", "copy_p.png", "q.png"])
    art = kit.parent / "art"
    for name, size, fmt in (("a.jpg", (300, 400), "JPEG"), ("b.jpg", (300, 400), "JPEG")):
        picture(art / name, size, fmt)
    (art / "b.jpg").write_bytes((art / "b.jpg").read_bytes()[:-2] + b"\x00\xff\xd9")  # same length, other bytes
    picture(art / "p.png", (200, 300), "PNG")
    picture(art / "q.png", (210, 300), "PNG")
    (art / "copy_a.jpg").write_bytes((art / "a.jpg").read_bytes())
    (art / "copy_p.png").write_bytes((art / "p.png").read_bytes())
    if same_crc:
        monkeypatch.setattr(prepared, "crc32", lambda data: 0)
    loaded = pipeline.load(kit)
    digest = {found.relative: found.picture.digest.split("-")[0] for found in loaded.pictures.prepared}
    assert digest["a.jpg"] == digest["copy_a.jpg"] and digest["p.png"] == digest["copy_p.png"]
    assert len({digest[name] for name in ("a.jpg", "b.jpg", "p.png", "q.png")}) == 4
    files = {found.relative: found.digest for found in loaded.pictures.prepared}
    assert files["p.png"] == hashlib.sha256((art / "p.png").read_bytes()).hexdigest() == files["copy_p.png"]
    assert files["a.jpg"] == hashlib.sha256((art / "a.jpg").read_bytes()).hexdigest()
