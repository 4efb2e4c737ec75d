"""Helpers for the board, token and two-sided tests: build with a manifest, read shapes from a PDF in mm.

pdfplumber reports points with y measured from the page's top ("top"); everything here is turned
into millimetres from the top-left corner, the manifest's own frame.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pdfplumber

from conftest import REPO, default_pdf_name, mm, option
from printkit.cli import main
from printkit.words.messages import message

TOLERANCE = 0.05  # mm


def build(kit: str, folder: Path, *options: str) -> tuple[Path, dict]:
    """Build ``kit`` into ``folder`` with the given CLI options; the PDF's path and its manifest."""
    name = "-".join([Path(kit).stem, *[(o[2:] if o.startswith("--") else o).replace(",", "_") for o in options]])
    # in a folder of its own under the name printkit gives it by default, so the files beside it
    # (and the recipe naming them) are named as without -o, whatever the options
    out = folder / f"out-{name}"  # never the kit's own art folder (folder/KIT/)
    out.mkdir(exist_ok=True)
    pdf = out / default_pdf_name(kit, option(options, "--lang", ""), option(options, "--paper", "a4"))
    manifest = pdf.with_suffix(".json")
    try:
        main(
            [
                "build",
                str(REPO / kit) if kit.endswith(".yaml") else kit,
                "-o",
                str(pdf),
                "--manifest",
                str(manifest),
                *options,
            ]
        )
    except SystemExit as exc:
        assert not exc.code, f"build {kit} {options} failed"
    return pdf, json.loads(manifest.read_text(encoding="utf-8"))


def build_text(kit_text: str, folder: Path, name: str, *options: str) -> tuple[Path, dict]:
    """Write a kit given as YAML text to ``folder/name.yaml`` and build it."""
    kit = folder / f"{name}.yaml"
    kit.write_text(kit_text, encoding="utf-8")
    return build(str(kit), folder, *options)


@dataclass(frozen=True)
class Shape:
    """A rectangle, line or curve from the PDF: its bounding box in mm from the top-left corner."""

    x: float
    y: float
    w: float
    h: float
    fill: tuple | None
    stroke: tuple | None
    curved: bool = False
    corners: int = 0
    dashed: bool = False

    def at(self, x: float, y: float, w: float, h: float, tolerance: float = TOLERANCE) -> bool:
        return all(abs(a - b) <= tolerance for a, b in ((self.x, x), (self.y, y), (self.w, w), (self.h, h)))

    def inside(self, x: float, y: float, w: float, h: float) -> bool:
        return (
            self.x >= x - TOLERANCE
            and self.y >= y - TOLERANCE
            and self.x + self.w <= x + w + TOLERANCE
            and self.y + self.h <= y + h + TOLERANCE
        )


def _shape(obj: dict) -> Shape:
    fill = _colour(obj.get("non_stroking_color")) if obj.get("fill") else None
    stroke = _colour(obj.get("stroking_color")) if obj.get("stroke") else None
    ops = [op for op, *_ in obj.get("path", [])]
    dash = obj.get("dash") or ([], 0)
    box = (mm(obj["x0"]), mm(obj["top"]), mm(obj["x1"] - obj["x0"]), mm(obj["bottom"] - obj["top"]))
    return Shape(*box, fill, stroke, "c" in ops, ops.count("l"), bool(dash[0]))


def _colour(value) -> tuple | None:
    if value is None:
        return None
    if isinstance(value, (int, float)):
        return (round(float(value), 3),) * 3
    values = tuple(round(float(v), 3) for v in value)
    return values * 3 if len(values) == 1 else values


def rgb(hex_colour: str) -> tuple:
    return tuple(round(int(hex_colour[i : i + 2], 16) / 255, 3) for i in (1, 3, 5))


def page_shapes(pdf: Path, number: int) -> dict[str, list[Shape]]:
    """The rects, lines and curves of page ``number`` (from 1), in mm."""
    with pdfplumber.open(pdf) as document:
        page = document.pages[number - 1]
        return {
            "rects": [_shape(o) for o in page.rects],
            "lines": [_shape(o) for o in page.lines],
            "curves": [_shape(o) for o in page.curves],
            "size": (mm(page.width), mm(page.height)),
        }


def page_words(pdf: Path, number: int) -> list[dict]:
    with pdfplumber.open(pdf) as document:
        return [
            {**w, "x": mm(w["x0"]), "y": mm(w["top"]), "w": mm(w["x1"] - w["x0"]), "h": mm(w["bottom"] - w["top"])}
            for w in document.pages[number - 1].extract_words()
        ]


def page_text(pdf: Path, number: int) -> str:
    """The page's text in drawing order (paragraph by paragraph, so two columns do not interleave),
    spaces normalised and words hyphenated at a line's end joined again."""
    from pypdf import PdfReader

    return " ".join(unhyphenated(PdfReader(pdf).pages[number - 1].extract_text()).split())


def recipe_text(pdf: Path) -> str:
    """page_text of the page that holds the print recipe: it closes the rules, so it is on their
    last page (or the page where its heading falls)."""
    from pypdf import PdfReader

    headings = [message(lang, "print_heading") for lang in ("pl", "cs", "en")]
    for number in range(1, len(PdfReader(pdf).pages) + 1):
        text = page_text(pdf, number)
        if any(heading in text for heading in headings):
            return text
    raise AssertionError(f"{pdf} has no print recipe")


def unhyphenated(text: str) -> str:
    """Text extracted from a PDF with each word the rules hyphenated at a line's end whole again
    (the paragraph engine breaks lines only at spaces, so a hyphen before a line break is its own)."""
    return re.sub(r"(\w)-\n(\w)", r"\1\2", text)


def vertical_at(lines: list[Shape], x: float, top: float, bottom: float) -> bool:
    """A drawn vertical line at ``x`` that covers ``top``..``bottom``."""
    return any(
        line.w <= TOLERANCE
        and abs(line.x - x) <= TOLERANCE
        and line.y <= top + TOLERANCE
        and line.y + line.h >= bottom - TOLERANCE
        for line in lines
    )


def horizontal_at(lines: list[Shape], y: float, left: float, right: float) -> bool:
    return any(
        line.h <= TOLERANCE
        and abs(line.y - y) <= TOLERANCE
        and line.x <= left + TOLERANCE
        and line.x + line.w >= right - TOLERANCE
        for line in lines
    )


def ruler_ends(lines: list[Shape]) -> list[Shape]:
    """The ruler's two end ticks: the vertical lines 4 mm long, on one level (crop marks outside a
    block of pieces are 4 mm long too, but stand on the block's edges, not on the ruler's line)."""
    ticks = [line for line in lines if line.w <= TOLERANCE and abs(line.h - 4.0) <= TOLERANCE]
    levels: dict[float, list[Shape]] = {}
    for tick in ticks:
        levels.setdefault(round(tick.y, 1), []).append(tick)
    for level in levels.values():
        if len(level) == 2 and abs(abs(level[0].x - level[1].x) - 50.0) <= 0.5:
            return sorted(level, key=lambda line: line.x)
    return sorted(ticks, key=lambda line: line.x)


def pieces(manifest: dict, **match) -> list[dict]:
    return [p for p in manifest["pieces"] if all(p.get(k) == v for k, v in match.items())]
