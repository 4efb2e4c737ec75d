"""Previews: every page of a rendered PDF as a PNG, for a virtual tabletop or a quick look.

pypdfium2 rasterises the very bytes ``printkit build`` would write (it ships PDFium in its wheel,
so no system package is needed). Each PNG is written atomically.
"""

from __future__ import annotations

import io
from pathlib import Path

from printkit.errors import PrintkitError
from printkit.output import check_not_read, write_all
from printkit.units import POINTS_PER_INCH

MIN_DPI, MAX_DPI = 10, 600


def check_dpi(dpi: int) -> None:
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise PrintkitError(
            f"--dpi {dpi} is outside {MIN_DPI}–{MAX_DPI}; 60 gives a quick look, 150 a sharp screen, 300 print quality"
        )


def page_images(pdf: bytes, dpi: int) -> list[bytes]:
    """Each page of ``pdf`` as PNG bytes at ``dpi`` pixels per inch."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        images = []
        for page in document:
            bitmap = page.render(scale=dpi / POINTS_PER_INCH)
            buffer = io.BytesIO()
            bitmap.to_pil().save(buffer, format="PNG", dpi=(dpi, dpi))
            images.append(buffer.getvalue())
        return images
    finally:
        document.close()


def write(pdf: bytes, folder: Path, stem: str, dpi: int) -> list[Path]:
    """``folder/STEM-1.png`` ... one per page, written together (output.write_all); returns the
    paths written. The folder is checked before it is made: never one the kit reads."""
    check_dpi(dpi)
    if folder.exists() and not folder.is_dir():
        raise PrintkitError(f"{folder}: -o must name a folder for the PNG files, and this is a file")
    check_not_read(folder / f"{stem}-1.png")
    images = page_images(pdf, dpi)
    folder.mkdir(parents=True, exist_ok=True)
    files = [(folder / f"{stem}-{number}.png", image) for number, image in enumerate(images, start=1)]
    write_all(files)
    return [path for path, _ in files]
