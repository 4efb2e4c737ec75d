"""`printkit build --ink-report`: how much ink each page takes, from a render of the PDF.

Each page is rasterised (pypdfium2, as export-tts and preview do) and measured twice:

- its **ink**: the cyan, magenta and yellow each pixel takes (255 minus red, green and blue,
  averaged: 0 on white paper, 1 on black), over the page: the share of the sheet a solid ink
  would cover for the same amount (ISO/IEC 19752's "5 % coverage"), so a pale tint over the whole
  page counts as little, and a build with and without --ink-saver compares;
- its **inked area**: the share of the page's pixels that take any ink at all (one channel at
  least ``INKED`` below white), what a reader measuring "how much of the page is coloured" finds.

The two differ on a tinted page (kpn's tile backs: 17 % ink on 37 % of the page), so the report
says both. At ``REPORT_DPI`` a pixel is 0.25 mm: a hairline blurs over a few pixels, not over a
millimetre, and both shares agree with an independent render (poppler's pdftoppm) to a point.
"""

from __future__ import annotations

from pathlib import Path

from msgspec import Struct

REPORT_DPI = 100  # a hairline's blur is small beside a page; an A4 page renders in about 30 ms
INKED = 13  # a channel 13 of 255 (5 %) below white takes ink: paper white and anti-aliasing halos do not


class Coverage(Struct, frozen=True):
    """One page's ink (0 blank to 1 solid black) and inked area (0 to 1 of the page)."""

    ink: float
    area: float


def page_coverage(pdf: Path, dpi: int = REPORT_DPI) -> list[Coverage]:
    """The ink coverage of every page of ``pdf``."""
    import pypdfium2
    from PIL import ImageChops

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        shares = []
        for page in document:
            image = page.render(scale=dpi / 72).to_pil().convert("RGB")
            histogram = image.histogram()  # 256 counts per channel, red, green, blue
            pixels = image.width * image.height
            ink = sum(count * (255 - index % 256) for index, count in enumerate(histogram))
            red, green, blue = image.split()
            darkest = ImageChops.darker(ImageChops.darker(red, green), blue).histogram()
            inked = sum(darkest[: 256 - INKED])
            shares.append(Coverage(ink / (3 * 255 * pixels), inked / pixels))
        return shares
    finally:
        document.close()


def report(shares: list[Coverage]) -> str:
    """One line per page and the mean, in whole per cent: 'page 3: 17 % ink, on 37 % of the page'."""
    lines = [
        f"page {number}: {round(share.ink * 100)} % ink, on {round(share.area * 100)} % of the page"
        for number, share in enumerate(shares, start=1)
    ]
    count = len(shares) or 1
    ink, area = sum(s.ink for s in shares) / count, sum(s.area for s in shares) / count
    lines.append(f"all pages: {round(ink * 100)} % ink, on {round(area * 100)} % of the page, on average")
    return "\n".join(lines)
