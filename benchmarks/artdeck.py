"""The art benchmark's pictures and table, generated at benchmark time (no binary files in git).

    python benchmarks/artdeck.py FOLDER [--cards 200] [--jpeg-only]

Writes FOLDER/artdeck.yaml (a copy of benchmarks/kits/artdeck.yaml) and, in the kit's folder
FOLDER/artdeck/, cards.csv (one row a card: id, Polish and Czech names, picture) and art/: one
750 x 1050 px picture a card, coloured noise under a few shapes so that a JPEG is as large as
a photograph's (about 165 kB at quality 90), every tenth of the first 200 cards PNG with
transparency (20 in any variant), the rest JPEG; with --jpeg-only every picture is a JPEG (the
per-card JPEG figure of benchmarks/bench.py). The random generator is seeded, so the same command
writes the same bytes.
"""

from __future__ import annotations

import argparse
import csv
import random
from pathlib import Path

KIT = Path(__file__).resolve().parent / "kits" / "artdeck.yaml"
SIZE = (750, 1050)
SEED = 18
PNG_EVERY = 10  # every tenth card's picture is a PNG with transparency


def picture_name(number: int, pngs: bool = True) -> str:
    """Every tenth of the first 200 cards a PNG, every other a JPEG: 20 PNGs in any variant (a
    hundred 750 x 1050 PNGs would be over the kit's 60 decoded megapixels); without ``pngs``
    every card a JPEG."""
    png = pngs and number % PNG_EVERY == 0 and number <= 200
    return f"art/card_{number:04}.{'png' if png else 'jpg'}"


def write_picture(path: Path, number: int) -> None:
    """A seeded picture: noise in three colour channels, blurred a little, under shapes; a PNG's
    alpha is a rounded window, its colours smoother (it is stored losslessly)."""
    from PIL import Image, ImageDraw

    rng = random.Random(SEED * 100_003 + number)
    png = path.suffix == ".png"
    sigma, grain = (6, 8) if png else (36, 2)  # noise, and the size of its grains in pixels
    small = (SIZE[0] // grain, SIZE[1] // grain)
    shifts = [rng.randint(-60, 60) for _ in range(3)]  # each channel's own mean: a colour, not grey
    channels = [Image.effect_noise(small, sigma).point(lambda v, s=shift: v + s) for shift in shifts]
    image = Image.merge("RGB", channels).resize(SIZE, Image.Resampling.BILINEAR)
    draw = ImageDraw.Draw(image)
    for _ in range(12):
        x, y = rng.randrange(SIZE[0]), rng.randrange(SIZE[1])
        r = rng.randint(30, 220)
        colour = tuple(rng.randrange(256) for _ in range(3))
        (draw.ellipse if rng.random() < 0.5 else draw.rectangle)((x - r, y - r, x + r, y + r), fill=colour)
    if png:
        alpha = Image.new("L", SIZE, 0)
        ImageDraw.Draw(alpha).rounded_rectangle((40, 40, SIZE[0] - 40, SIZE[1] - 40), radius=120, fill=255)
        image.putalpha(alpha)
        image.save(path, format="PNG", compress_level=6)
    else:
        image.save(path, format="JPEG", quality=90)


def generate(folder: Path, cards: int, pngs: bool = True) -> int:
    """The kit in ``folder``, its table and its pictures in its own folder (without ``pngs``
    JPEGs only); the pictures' bytes."""
    folder.mkdir(parents=True, exist_ok=True)
    kit = KIT.read_text(encoding="utf-8").replace("deck.total == 200", f"deck.total == {cards}")
    (folder / "artdeck.yaml").write_text(kit, encoding="utf-8")
    folder = folder / "artdeck"
    (folder / "art").mkdir(parents=True, exist_ok=True)
    with (folder / "cards.csv").open("w", encoding="utf-8", newline="") as table:
        writer = csv.writer(table)
        writer.writerow(["id", "nazwa", "název", "obrazek"])
        for number in range(1, cards + 1):
            writer.writerow([f"card_{number:04}", f"Łódź {number}", f"Loďka {number}", picture_name(number, pngs)])
    total = 0
    for number in range(1, cards + 1):
        path = folder / picture_name(number, pngs)
        if not path.exists():
            write_picture(path, number)
        total += path.stat().st_size
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--cards", type=int, default=200)
    parser.add_argument("--jpeg-only", action="store_true", help="Every picture a JPEG (no PNG).")
    args = parser.parse_args()
    total = generate(args.folder, args.cards, pngs=not args.jpeg_only)
    print(f"{args.folder}: {args.cards} cards, {total:,} bytes of pictures")


if __name__ == "__main__":
    main()
