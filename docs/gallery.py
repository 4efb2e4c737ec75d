"""Draw the gallery: the first pages of every shipped kit, as small PNGs, and the page listing them.

    python docs/gallery.py

builds each kit of kits/ in English with the installed printkit (into a temporary folder, through
its command line, as a user would), renders its first PAGES_PER_KIT pages that print something at
DPI with pypdfium2 into docs/gallery/KIT-N.png (N the page number; a duplex kit's blank backs, which
carry only a line in their margin, are left out) and writes docs/gallery.md. Run it after a change
that alters a kit's pages and commit what it writes: the pictures are committed so that the site
and the README show them without building anything. tests/test_docs.py checks that the page lists
every shipped kit and that its pictures are there.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pypdfium2
import yaml
from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
KITS = ROOT / "kits"
PICTURES = ROOT / "docs" / "gallery"
PAGE = ROOT / "docs" / "gallery.md"
DPI = 40  # a page is a thumbnail: an A4 page is 331 x 468 px
PAGES_PER_KIT = 4
LANG = "en"
BLANK = 0.01  # a page with ink on less than this share of its pixels shows nothing worth a picture
COLOURS = 128  # a palette PNG: 308 KB for the 17 pictures instead of 840 KB in full colour

INTRO = """# Gallery

The first pages of each kit printkit ships (a duplex kit's blank backs left out), built in
English on A4 and drawn at {dpi} dpi by `docs/gallery.py` (run it again after a change that alters
a kit's pages). Build any of them with `printkit build NAME`, or start a game of your own from one
with `printkit new mygame --from NAME`.
"""


@dataclass(frozen=True)
class Shown:
    """One kit in the gallery: its name, what its file says about it, and its pictures."""

    name: str
    title: str
    players: str
    page_count: int
    pages: tuple[int, ...]

    def picture(self, page: int) -> str:
        return f"{self.name}-{page}.png"


def kit_facts(kit: Path) -> tuple[str, str]:
    """The kit's English title (else its default language's) and its player range."""
    info = yaml.safe_load(kit.read_text(encoding="utf-8"))["kit"]
    title = info["title"].get(LANG) or info["title"][info["default_lang"]]
    low, high = info["players"]["min"], info["players"]["max"]
    return title, (f"{low}" if low == high else f"{low}–{high}")


def build(kit: Path, pdf: Path) -> None:
    command = [sys.executable, "-m", "printkit", "build", str(kit), "--lang", LANG, "-o", str(pdf)]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


def inked(image: Image.Image) -> float:
    """The share of the picture's pixels that are not white."""
    histogram = image.convert("L").histogram()
    return 1 - sum(histogram[250:]) / sum(histogram)


def render(pdf: Path, name: str) -> tuple[int, tuple[int, ...]]:
    """Draws the PDF's first pages that print something into PICTURES as NAME-PAGE.png; returns
    the PDF's page count and the numbers of the pages drawn."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        drawn: list[int] = []
        for index in range(len(document)):
            image = document[index].render(scale=DPI / 72).to_pil()
            if inked(image) >= BLANK:
                image.quantize(COLOURS).save(PICTURES / f"{name}-{index + 1}.png", optimize=True)
                drawn.append(index + 1)
            if len(drawn) == PAGES_PER_KIT:
                break
        return len(document), tuple(drawn)
    finally:
        document.close()


def show(kit: Path, work: Path) -> Shown:
    pdf = work / f"{kit.stem}.pdf"
    build(kit, pdf)
    page_count, pages = render(pdf, kit.stem)
    title, players = kit_facts(kit)
    return Shown(kit.stem, title, players, page_count, pages)


def section(kit: Shown) -> str:
    numbers = ", ".join(str(page) for page in kit.pages)
    images = "\n".join(f"![{kit.name}, page {page}](gallery/{kit.picture(page)})" for page in kit.pages)
    return (
        f"## {kit.title} (`{kit.name}`)\n\n"
        f"{kit.players} players, {kit.page_count} pages; shown: {numbers}. `printkit build {kit.name}`\n\n"
        f"{images}\n"
    )


SERVE = """## In the browser: `printkit serve`

`printkit serve NAME` shows the pages live while you edit the kit, with the validator's findings
pinned on the pieces they concern; drawn by `docs/serve_gallery.py` in headless chromium. Below the
kits, `printkit new`'s kit after a save that breaks its deck's rule: the finding names the line, a
pin marks the card, and the last good pages stay, dimmed, until the fix.
"""


def serve_section(kits: list[Shown]) -> str:
    """The pictures of the preview (docs/serve_gallery.py draws them), one a kit and the broken one."""
    names = [kit.name for kit in kits] + ["findings"]
    images = "\n".join(f"![{name} in printkit serve](gallery/serve-{name}.png)" for name in names)
    return f"{SERVE}\n{images}\n"


def page(kits: list[Shown]) -> str:
    return "\n".join([INTRO.format(dpi=DPI), *(section(kit) for kit in kits), serve_section(kits)])


def main() -> None:
    PICTURES.mkdir(exist_ok=True)
    for old in PICTURES.glob("*.png"):
        if not old.name.startswith("serve-"):  # docs/serve_gallery.py's, drawn in a browser
            old.unlink()
    with tempfile.TemporaryDirectory() as work:
        kits = [show(kit, Path(work)) for kit in sorted(KITS.glob("*.yaml"))]
    PAGE.write_text(page(kits), encoding="utf-8")
    pictures = sum(len(kit.pages) for kit in kits)
    print(f"wrote {PAGE.relative_to(ROOT)} and {pictures} pictures in {PICTURES.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
