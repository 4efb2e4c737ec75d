"""Previews: every page of a rendered PDF as a PNG, for a virtual tabletop or a quick look.

pypdfium2 rasterises the very bytes ``printkit build`` would write (it ships PDFium in its wheel,
so no system package is needed). The pipeline writes the PNGs, atomically (pipeline.write_previews).
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from typing import Any

from printkit.base.errors import PrintkitError
from printkit.base.units import POINTS_PER_INCH

MIN_DPI, MAX_DPI = 10, 600
# Rasterising and PNG-encoding runs at about 25 megapixels a second of this machine's CPU (2 cores,
# pdfium and zlib), and one image's bitmap is held three times over (pdfium's, PIL's, the PNG's
# buffer): 40 megapixels an image keep a run under 400 MB. 1,500 megapixels a run (about a minute)
# let a 1,000-card deck go to Tabletop Simulator (970 megapixels) and refuse what takes a quarter of
# an hour (10,000 cards at 600 dpi).
MAX_IMAGE_PIXELS = 40_000_000
MAX_RUN_PIXELS = 1_500_000_000


def check_pixels(sizes: Sequence[tuple[int, int]], asked: str, instead: str) -> None:
    """Refuse, before anything is rasterised, a run of images of ``sizes`` (width, height px) past
    the budgets; ``asked`` names what the user asked for ("--dpi 600"), ``instead`` what to change."""
    width, height = max(sizes, key=lambda size: size[0] * size[1], default=(0, 0))
    if width * height > MAX_IMAGE_PIXELS:
        raise PrintkitError(
            f"{asked}: an image would be {width:,} × {height:,} px ({width * height / 1e6:,.0f} megapixels); "
            f"printkit draws at most {MAX_IMAGE_PIXELS // 1_000_000} megapixels an image; {instead}"
        )
    total = sum(w * h for w, h in sizes)
    if total > MAX_RUN_PIXELS:
        raise PrintkitError(
            f"{asked}: {len(sizes):,} images of {total / 1e6:,.0f} megapixels in all; printkit draws at most "
            f"{MAX_RUN_PIXELS // 1_000_000:,} megapixels a run (about a minute); {instead}"
        )


def pixels_of(size_pt: tuple[float, float], dpi: int) -> tuple[int, int]:
    """A page's bitmap size at ``dpi`` (rounded up: never less than pdfium draws)."""
    width_pt, height_pt = size_pt
    return math.ceil(width_pt * dpi / POINTS_PER_INCH), math.ceil(height_pt * dpi / POINTS_PER_INCH)


def check_dpi(dpi: int) -> None:
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise PrintkitError(
            f"--dpi {dpi} is outside {MIN_DPI}–{MAX_DPI}; 60 gives a quick look, 150 a sharp screen, 300 print quality"
        )


def page_images(pdf: bytes, dpi: int) -> list[bytes]:
    """Each page of ``pdf`` as PNG bytes at ``dpi`` pixels per inch, within the pixel budgets."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        sizes = [pixels_of(document.get_page_size(number), dpi) for number in range(len(document))]
        check_pixels(sizes, f"--dpi {dpi}", "give a lower --dpi (60 gives a quick look)")
        images = []
        for page in document:
            bitmap = page.render(scale=dpi / POINTS_PER_INCH)
            buffer = io.BytesIO()
            bitmap.to_pil().save(buffer, format="PNG", dpi=(dpi, dpi))
            images.append(buffer.getvalue())
        return images
    finally:
        document.close()


def page_picture(pdf: bytes, index: int, dpi: int) -> bytes:
    """Page ``index`` (from 0) of ``pdf`` as PNG bytes at ``dpi``, within the pixel budget: what
    `printkit serve` shows. Compressed for speed, not size (zlib's level 1 takes a third of the
    default's time on a page of text, for a file a tenth larger): the picture only crosses this
    computer's loopback."""
    import pypdfium2

    check_dpi(dpi)
    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[index]
        check_pixels([pixels_of(page.get_size(), dpi)], f"{dpi} dpi", "zoom out")
        bitmap = page.render(scale=dpi / POINTS_PER_INCH)
        buffer = io.BytesIO()
        bitmap.to_pil().save(buffer, format="PNG", compress_level=1)
        return buffer.getvalue()
    finally:
        document.close()


def exact_page_images(pdf: bytes, sizes: Sequence[tuple[int, int]], dpi: int) -> list[bytes]:
    """Each page of ``pdf`` as PNG bytes of exactly its ``sizes`` in pixels (pdfium maps the page onto
    that bitmap; pypdfium2's own render rounds a size up instead): `printkit export --for png`."""
    import pypdfium2
    import pypdfium2.raw as pdfium

    document = pypdfium2.PdfDocument(pdf)
    try:
        out = []
        for page, (width, height) in zip(document, sizes, strict=True):
            bitmap = pypdfium2.PdfBitmap.new_native(width, height, pdfium.FPDFBitmap_BGR)
            pdfium.FPDFBitmap_FillRect(bitmap.raw, 0, 0, width, height, 0xFFFFFFFF)
            pdfium.FPDF_RenderPageBitmap(bitmap.raw, page.raw, 0, 0, width, height, 0, pdfium.FPDF_ANNOT)
            buffer = io.BytesIO()
            bitmap.to_pil().save(buffer, format="PNG", dpi=(dpi, dpi))
            out.append(buffer.getvalue())
            page.close()
        return out
    finally:
        document.close()


class PageImages:
    """A PDF's pages as RGB images for cutting pieces out of (`printkit export-tts`): the last one
    drawn is kept, as the pieces of a deck come in page order."""

    def __init__(self, pdf: bytes):
        import pypdfium2

        self.document = pypdfium2.PdfDocument(pdf)
        self.kept: dict[tuple[int, int], Any] = {}

    def image(self, page: int, dpi: int) -> Any:
        """Page ``page`` (from 1) drawn at ``dpi``, a PIL image."""
        if (page, dpi) not in self.kept:
            drawn = self.document[page - 1].render(scale=dpi / POINTS_PER_INCH)
            self.kept = {(page, dpi): drawn.to_pil().convert("RGB")}
        return self.kept[(page, dpi)]

    def close(self) -> None:
        self.document.close()
