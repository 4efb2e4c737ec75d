"""Give printkit's Atkinson Hyperlegible an unslashed zero, as its body face (Noto Serif) has.

Atkinson Hyperlegible draws "0" slashed (its glyph "zero": an oval and two counters either side of
a diagonal stroke) and has no other zero (its "zero.tf" is the same outline, tabular); OpenType
features could not swap it anyway, as reportlab applies none. So the shipped font files are
themselves changed, once, by this script: "zero" becomes the oval with one counter, the two
counters' union, drawn as the outer contour scaled into their bounding box and turned the other
way round (the strokes then keep the original's weight: 91 units at the sides, 74 at top and
bottom in Regular). Its advance and every other glyph stay, so no text measures differently;
its hinting program goes (written for the old outline). The SIL Open Font License (OFL.txt)
allows the change; the font declares no Reserved Font Name.

Needs fontTools (the `maintain` extra): ``pip install -e ".[maintain]"; python tools/unslashed_zero.py``.
Running it on the changed files changes nothing more (a zero with two contours is left alone).
"""

from __future__ import annotations

from pathlib import Path

from fontTools.ttLib import TTFont
from fontTools.ttLib.tables import ttProgram

FONTS = Path(__file__).resolve().parents[1] / "fonts"
FILES = ("AtkinsonHyperlegible-Regular.ttf", "AtkinsonHyperlegible-Bold.ttf")


def unslash(path: Path) -> bool:
    font = TTFont(path)
    glyf = font["glyf"]
    zero = glyf["zero"]
    points, ends, flags = zero.getCoordinates(glyf)
    if len(ends) != 3:
        return False
    outer = list(points[: ends[0] + 1])
    outer_flags = list(flags[: ends[0] + 1])
    counters = list(points[ends[0] + 1 :])
    ox0, ox1 = min(x for x, _ in outer), max(x for x, _ in outer)
    oy0, oy1 = min(y for _, y in outer), max(y for _, y in outer)
    ix0, ix1 = min(x for x, _ in counters), max(x for x, _ in counters)
    iy0, iy1 = min(y for _, y in counters), max(y for _, y in counters)
    inner = [
        (round(ix0 + (x - ox0) * (ix1 - ix0) / (ox1 - ox0)), round(iy0 + (y - oy0) * (iy1 - iy0) / (oy1 - oy0)))
        for x, y in outer
    ]
    zero.coordinates = type(points)(outer + inner[::-1])
    zero.flags = bytearray(outer_flags + outer_flags[::-1])
    zero.endPtsOfContours = [len(outer) - 1, 2 * len(outer) - 1]
    zero.numberOfContours = 2
    zero.program = ttProgram.Program()
    zero.program.fromBytecode(b"")
    zero.recalcBounds(glyf)
    font.save(path)
    return True


if __name__ == "__main__":
    for name in FILES:
        print(name, "changed" if unslash(FONTS / name) else "already unslashed")
