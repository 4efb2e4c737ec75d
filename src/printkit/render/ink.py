"""`printkit build --ink-report`: how much of each page the ink covers, from a render of the PDF.

Each page is rasterised (pypdfium2, as export-tts and preview do) at a low resolution; a pixel's
coverage is the cyan, magenta and yellow it takes (255 minus red, green and blue, averaged: 0 on
white paper, 1 on black), and a page's coverage is the mean over its pixels: the share of the
sheet covered with solid ink, so a build with and without --ink-saver can be compared.
"""

from __future__ import annotations

from pathlib import Path

REPORT_DPI = 30  # enough for a share of the page; a page renders in milliseconds


def page_coverage(pdf: Path, dpi: int = REPORT_DPI) -> list[float]:
    """The ink coverage of every page of ``pdf``, from 0 (blank) to 1 (solid black)."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        shares = []
        for page in document:
            image = page.render(scale=dpi / 72).to_pil().convert("RGB")
            histogram = image.histogram()  # 256 counts per channel, red, green, blue
            pixels = image.width * image.height
            ink = sum(count * (255 - index % 256) for index, count in enumerate(histogram))
            shares.append(ink / (3 * 255 * pixels))
        return shares
    finally:
        document.close()


def report(shares: list[float]) -> str:
    """One line per page and the mean, in whole per cent: 'page 3: 41 % ink'."""
    lines = [f"page {number}: {round(share * 100)} % ink" for number, share in enumerate(shares, start=1)]
    mean = sum(shares) / len(shares) if shares else 0.0
    lines.append(f"all pages: {round(mean * 100)} % ink on average")
    return "\n".join(lines)
