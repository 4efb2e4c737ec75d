"""printkit preview: one PNG per page of the very PDF build writes, at the asked resolution."""

from __future__ import annotations

import io

import pypdfium2
import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader

from conftest import PAPERS, kit_cases, mm
from printkit import pipeline
from printkit.base.units import MM_PER_INCH

KITS = sorted({kit for kit, _, _ in kit_cases()})
DPI = 20  # small and quick; the count and the sizes do not depend on it


@pytest.mark.parametrize("paper_name", PAPERS)
@pytest.mark.parametrize("kit", KITS)
def test_one_png_per_page_of_the_page_size(run, kit_outputs, tmp_path, kit, paper_name):
    pdf = kit_outputs(kit, "en", paper_name).pdf
    folder = tmp_path / "preview"
    result = run("preview", kit, "--lang", "en", "--paper", paper_name, "--dpi", str(DPI), "-o", str(folder))
    assert result.code == 0, result.err
    pages = PdfReader(pdf).pages
    stem = kit if pipeline.load(kit).kit.kit.default_lang == "en" else f"{kit}-en"  # as build names its PDF
    names = sorted(path.name for path in folder.iterdir())
    assert names == sorted(f"{stem}-{n}.png" for n in range(1, len(pages) + 1))
    for number, page in enumerate(pages, start=1):
        with Image.open(folder / f"{stem}-{number}.png") as image:
            shown = (float(page.mediabox.width), float(page.mediabox.height))
            if page.rotation % 180:  # a landscape page is a portrait sheet turned: shown as the viewer shows it
                shown = shown[::-1]
            expected = (mm(shown[0]) / MM_PER_INCH * DPI, mm(shown[1]) / MM_PER_INCH * DPI)
            assert image.size == pytest.approx(expected, abs=1.0), f"page {number}"


def test_the_png_shows_the_pdf_build_writes(run, kit_outputs, tmp_path):
    pdf = kit_outputs("targ", "pl", "letter").pdf
    assert run("preview", "targ", "--paper", "letter", "--dpi", "30", "-o", str(tmp_path)).code == 0
    document = pypdfium2.PdfDocument(pdf)
    try:
        for number, page in enumerate(document, start=1):
            buffer = io.BytesIO()
            page.render(scale=30 / 72).to_pil().save(buffer, format="PNG")
            with Image.open(tmp_path / f"targ-{number}.png") as written, Image.open(buffer) as rendered:
                assert ImageChops.difference(written.convert("RGB"), rendered.convert("RGB")).getbbox() is None, (
                    f"page {number}"
                )
    finally:
        document.close()


def test_the_default_resolution_is_60_dpi(run, tmp_path):
    assert run("preview", "ogrod", "-o", str(tmp_path)).code == 0
    with Image.open(tmp_path / "ogrod-1.png") as image:
        assert image.size == pytest.approx((210 / MM_PER_INCH * 60, 297 / MM_PER_INCH * 60), abs=1.0)
        assert image.info["dpi"] == pytest.approx((60, 60), abs=0.01)


def test_a_resolution_out_of_range_is_refused_before_any_work(run, tmp_path):
    result = run("preview", "ogrod", "--dpi", "5", "-o", str(tmp_path / "p"))
    assert result.code == 1
    assert (
        result.err.strip() == "--dpi 5 is outside 10–600; 60 gives a quick look, 150 a sharp screen, 300 print quality"
    )
    assert not (tmp_path / "p").exists()


def test_a_file_given_as_the_folder_is_refused(run, tmp_path):
    taken = tmp_path / "taken.png"
    taken.write_bytes(b"x")
    result = run("preview", "ogrod", "-o", str(taken))
    assert (
        result.code == 1
        and result.err.strip() == f"{taken}: -o must name a folder for the PNG files, and this is a file"
    )
    assert taken.read_bytes() == b"x"
