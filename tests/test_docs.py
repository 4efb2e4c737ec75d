"""The gallery shows every shipped kit with pictures that are there."""

from __future__ import annotations

import re

from PIL import Image

from conftest import REPO

DOCS = REPO / "docs"
GALLERY = (DOCS / "gallery.md").read_text(encoding="utf-8")


def test_the_gallery_shows_every_shipped_kit():
    shown = re.findall(r"^## .* \(`([a-z0-9_-]+)`\)$", GALLERY, re.MULTILINE)
    assert shown == sorted(kit.stem for kit in (REPO / "kits").glob("*.yaml"))


def test_every_gallery_picture_is_a_page_of_its_kit_drawn_at_40_dpi():
    pictures = re.findall(r"!\[([a-z0-9_-]+), page (\d+)\]\(gallery/([^)]+)\)", GALLERY)
    assert {kit for kit, _, _ in pictures} == {kit.stem for kit in (REPO / "kits").glob("*.yaml")}
    for kit, page, file_name in pictures:
        assert file_name == f"{kit}-{page}.png"
        with Image.open(DOCS / "gallery" / file_name) as image:
            assert image.format == "PNG"
            short, long = sorted(image.size)
            assert (short, long) in {(331, 468), (340, 440)}, (file_name, image.size)  # A4 or Letter at 40 dpi
    assert {kit for kit, page, _ in pictures if page == "1"} == {kit for kit, _, _ in pictures}  # each from its start
    on_disk = {path.name for path in (DOCS / "gallery").glob("*")}
    assert on_disk == {file_name for _, _, file_name in pictures}  # none left over from an older run
