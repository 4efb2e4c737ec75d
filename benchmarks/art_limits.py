"""The cost of pictures at printkit's limits: worst-case kits built from scratch, time and peak memory.

    python benchmarks/art_limits.py [--json FILE]

Each case is a kit written to a temporary folder and built by `python -m printkit build` in a
fresh process (so the figures include the interpreter and every import), timed on the wall
clock, its peak resident memory read from the kernel (wait4). The goal (README, "Speed"): every
kit within the stated limits builds in under 10 s and 400 MB. Exit code 1 when a case misses it.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image

from printkit.pictures import limits

GOAL_SECONDS = 10.0
GOAL_MB = 400.0
KIT = """kit:
  title: {{en: "Pictures at the limits"}}
  players: {{min: 1, max: 2}}
  languages: [en]
  default_lang: en
  author: "printkit benchmarks"
components:
  - id: deck
    kind: cards
    title: {{en: "Cards"}}
    width: 63mm
    height: 88mm
    types:
{types}
    face:
      - {{type: name, box: [5, 5, 53, 10]}}
      - {{type: symbol, box: [5, 18, 53, 65]}}
rules:
  - heading: {{en: "Rules"}}
    body: {{en: "Play."}}
"""


def kit_text(pictures: list[str], count: int = 1) -> str:
    types = "\n".join(
        f'      - {{id: c{n}, count: {count}, name: {{en: "Card {n}"}}, image: "{name}"}}'
        for n, name in enumerate(pictures)
    )
    return KIT.format(types=types)


def noise(size: tuple[int, int]) -> Image.Image:
    """Photograph-like content (noise compresses worst), built from a small noise picture scaled up."""
    small = Image.effect_noise((max(1, size[0] // 8), max(1, size[1] // 8)), 64).convert("RGB")
    return small.resize(size, Image.Resampling.BILINEAR)


def largest_png(folder: Path) -> list[str]:
    """One RGBA PNG just under 50 megapixels (7070 × 7070): the most memory a single picture takes."""
    noise((7070, 7070)).convert("RGBA").save(folder / "big.png", compress_level=1)
    return ["big.png"]


def largest_jpeg(folder: Path) -> list[str]:
    noise((7070, 7070)).save(folder / "big.jpg", quality=90)
    return ["big.jpg"]


def largest_svg(folder: Path) -> list[str]:
    """An SVG at both limits: MAX_SVG_ELEMENTS elements drawing MAX_SVG_NUMBERS numbers."""
    count = limits.MAX_SVG_ELEMENTS - 2  # the <svg> and its <g>
    per_path = limits.MAX_SVG_NUMBERS // count - 1  # a 'fill' colour's digits count too
    steps = " ".join(f"l {n % 7} {n % 5}" for n in range(per_path // 2 - 1))
    body = "".join(f'<path d="M {n % 100} {n % 97} {steps} z" fill="#{n % 4096:03x}"/>' for n in range(count))
    text = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><g>{body}</g></svg>'
    (folder / "big.svg").write_text(text, encoding="utf-8")
    return ["big.svg"]


def art_heavy_deck(folder: Path) -> list[str]:
    """120 cards, each its own 3.9-megapixel JPEG: 58.5 of the kit's 60 megapixels (a JPEG counts an eighth)."""
    photo = noise((2400, 1625))
    names = []
    for n in range(120):
        out = io.BytesIO()
        photo.rotate(n * 3).save(out, format="JPEG", quality=85)
        (folder / f"p{n}.jpg").write_bytes(out.getvalue())
        names.append(f"p{n}.jpg")
    return names


def everything_at_once(folder: Path) -> list[str]:
    """The kit's limits all reached at once: a 50-megapixel PNG, JPEGs making up the other 10
    megapixels (80 megapixels of JPEG at an eighth each), and SVG at both of its limits."""
    names = largest_png(folder) + largest_svg(folder)
    for n in range(2):
        noise((6300, 6300)).save(folder / f"photo{n}.jpg", quality=90)
        names.append(f"photo{n}.jpg")
    return names


CASES: dict[str, Callable[[Path], list[str]]] = {
    "one 50-megapixel RGBA PNG": largest_png,
    "one 50-megapixel JPEG": largest_jpeg,
    "one SVG of 5,000 paths and 125,000 numbers": largest_svg,
    "120 cards, each its own 3.9-megapixel JPEG": art_heavy_deck,
    "all of a kit's limits at once": everything_at_once,
}


def make_case(name: str, folder: Path) -> None:
    """Write the case's pictures and kit in a process of their own: a build started from this one
    would count the pages of the pictures this process drew as its own peak memory."""
    subprocess.run([sys.executable, __file__, "--make", name, str(folder)], check=True)


def write_case(name: str, folder: Path) -> None:
    kit = folder.parent / f"{folder.name}.yaml"
    kit.write_text(kit_text(CASES[name](folder)), encoding="utf-8")


def measure(folder: Path) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak MB of one build of the case's kit, in a fresh process.

    CPU time is what the build itself costs when other work shares the machine's cores."""
    kit = folder.parent / f"{folder.name}.yaml"
    started = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "printkit", "build", str(kit), "-o", str(folder.parent / "out.pdf")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    errors = child.stderr.read().decode() if child.stderr else ""
    if child.returncode:
        raise SystemExit(f"the build failed ({child.returncode}): {errors}")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path)
    parser.add_argument("--make", nargs=2, metavar=("CASE", "FOLDER"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.make:
        write_case(args.make[0], Path(args.make[1]))
        return 0
    results = []
    for name in CASES:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp) / "kit"
            folder.mkdir()
            make_case(name, folder)
            seconds, cpu, peak = measure(folder)
        results.append(
            {"case": name, "seconds": round(seconds, 2), "cpu_seconds": round(cpu, 2), "peak_rss_mb": round(peak)}
        )
        print(f"{name:45} {seconds:6.2f} s {cpu:6.2f} s CPU {peak:5.0f} MB", flush=True)
    print(f"load average {', '.join(f'{load:.2f}' for load in os.getloadavg())} on {os.cpu_count()} cores")
    missed = [r for r in results if r["seconds"] >= GOAL_SECONDS or r["peak_rss_mb"] >= GOAL_MB]
    print(
        f"goal: under {GOAL_SECONDS:g} s and {GOAL_MB:g} MB each; {'missed by ' if missed else 'met by all'}"
        + ", ".join(r["case"] for r in missed)
    )
    if args.json:
        args.json.write_text(json.dumps(results, indent=2), encoding="utf-8")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
