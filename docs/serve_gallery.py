"""Draw the gallery's pictures of `printkit serve`: the preview of each shipped kit in a browser.

    python docs/serve_gallery.py

serves each kit of kits/ in English (in this process, as tests/serving.py does), opens the preview
in Debian's headless chromium (apt-get install chromium chromium-driver) at WIDTH x HEIGHT, waits
until its pages are painted and saves the window as docs/gallery/serve-KIT.png, in COLOURS colours;
and docs/gallery/serve-findings.png: `printkit new`'s kit after a save that breaks a rule.
docs/gallery.py lists them on docs/gallery.md; run this one after a change to the preview's page
(src/printkit/data/serve/) or to a kit's first pages, and commit the pictures.
"""

from __future__ import annotations

import io
import os
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the serve tests' helpers: the server and the browser

from printkit.commands.new import new_kit  # noqa: E402
from serving import chromium, painted, save, served, wait_for  # noqa: E402

PICTURES = ROOT / "docs" / "gallery"
WIDTH, HEIGHT = 1280, 800
COLOURS = 128
LANG = "en"
PIN_IN_VIEW = """
const pin = document.querySelector('.pin');
const below = document.getElementById('problems').getBoundingClientRect().bottom;
window.scrollBy(0, pin.getBoundingClientRect().top - below - 60);
"""


def screenshot(driver, kit: Path) -> Image.Image:
    with served(kit, lang=LANG) as session:
        driver.get(session.url)
        wait_for(lambda: painted(driver), f"{kit.stem}'s pages")
        time.sleep(1.0)  # the pages out of view, then a quiet window
        return Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("RGB")


def broken(driver, folder: Path) -> Image.Image:
    """The preview of `printkit new`'s kit after a save that breaks its deck's rule: the finding
    listed and pinned on the card it names, the last good pages dimmed beneath."""
    new_kit("hunt", None, folder)
    os.chdir(folder)  # the findings name hunt.yaml as a designer who serves it from its folder reads them
    kit = Path("hunt.yaml")
    with served(kit, lang=LANG) as session:
        driver.get(session.url)
        before = wait_for(lambda: painted(driver), "hunt's pages")
        save(kit, "{id: one, count: 6,", "{id: one, count: 24,")
        wait_for(lambda: painted(driver) > before, "hunt's findings")
        driver.execute_script(PIN_IN_VIEW)
        time.sleep(1.0)
        return Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("RGB")


def write(picture: Image.Image, name: str) -> None:
    target = PICTURES / name
    picture.quantize(COLOURS).save(target, optimize=True)
    print(f"wrote {target.relative_to(ROOT)}")


def main() -> None:
    driver = chromium(WIDTH, HEIGHT)
    try:
        for kit in sorted((ROOT / "kits").glob("*.yaml")):
            write(screenshot(driver, kit), f"serve-{kit.stem}.png")
        with tempfile.TemporaryDirectory() as folder:
            try:
                write(broken(driver, Path(folder)), "serve-findings.png")
            finally:
                os.chdir(ROOT)
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
