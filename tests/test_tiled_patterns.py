"""A pattern over pieces that share their cuts runs on across every cut (a review: kpn's checks,
zigzags and stripes jumped phase at each shared cut, so a cut 0.5 mm off left a sliver of
mismatched pattern). Its spacing is fitted to hold a whole number of repeats across the piece,
and it is anchored at the cut corner, so on the sheet its phase is the page's. Measured on the
pattern's data and on kpn's laid-out tile pages."""

from __future__ import annotations

import pytest

from printkit import pipeline
from printkit.layout import bounds, patterns
from printkit.layout.document import layout_kit
from printkit.layout.primitives import Group, Rect

TILE = 34.0
PATTERNS = ["stripes", "crosshatch", "dots", "checks", "zigzag", "grid", "rings"]


def repeats(name: str, spacing: float) -> tuple[float, float]:
    step, rise = patterns.tiled_spacing(name, spacing, TILE, TILE)
    across = step * patterns.REPEAT.get(name, 1.0)
    return across, (2 * rise * step if name == "dots" else across)


@pytest.mark.parametrize("spacing", [3.2, 4.0, 2.5])
@pytest.mark.parametrize("name", PATTERNS)
def test_a_tiled_pattern_holds_a_whole_number_of_repeats_near_its_spacing(name, spacing):
    across, down = repeats(name, spacing)
    for length in (across, down):
        assert TILE / length == pytest.approx(round(TILE / length), abs=1e-9), "whole repeats across the tile"
    step = patterns.tiled_spacing(name, spacing, TILE, TILE)[0]
    assert abs(step - spacing) / spacing < 0.2, "the spacing asked for, give or take a fifth"


@pytest.mark.parametrize("name", PATTERNS)
def test_a_tiled_pattern_is_anchored_at_the_cut_corner_and_clipped_to_its_rectangle(name):
    bleed = 2.0
    group = patterns.draw_pattern(
        name, 0.0, 0.0, TILE + 2 * bleed, TILE + 2 * bleed, "#000000", 3.2, patterns.Tiling(bleed, bleed, TILE, TILE)
    )
    across, down = repeats(name, 3.2)
    # the drawing's origin lies a whole number of repeats before the cut corner
    assert (bleed - group.x) / across == pytest.approx(round((bleed - group.x) / across), abs=1e-9)
    assert (bleed - group.y) / down == pytest.approx(round((bleed - group.y) / down), abs=1e-9)
    (x0, y0), _, (x1, y1), _ = group.clip
    assert (group.x + x0, group.y + y0) == pytest.approx((0.0, 0.0)), "clipped to the rectangle it fills"
    assert (x1 - x0, y1 - y0) == pytest.approx((TILE + 2 * bleed, TILE + 2 * bleed))
    assert group.w >= x1 and group.h >= y1, "the pattern covers the whole rectangle"


def pattern_origins(items, tx=0.0, ty=0.0, sign=1.0):
    """Every tiled pattern group on a page, with where its drawing's origin lands."""
    for item in items:
        if isinstance(item, Group):
            x, y, factor = bounds.group_transform(item, tx, ty, sign)
            if item.key[:1] == ("pattern",) and "tiled" in item.key:
                yield item, x, y
            else:
                yield from pattern_origins(item.items, x, y, factor)


@pytest.mark.parametrize("side", ["face", "back"])
def test_kpn_tiles_patterns_keep_the_pages_phase_across_every_cut(side):
    loaded = pipeline.load("kpn")
    ctx = pipeline.context(loaded, "en", "a4")
    pages = [p for p in layout_kit(loaded.kit, ctx).pages if p.component == "tiles"]
    assert len(pages) == 4
    for page in pages:
        tiles = [p for p in page.pieces if p.side == side]
        if not tiles:
            continue
        found = list(pattern_origins(page.items))
        assert len(found) == len(tiles) == 30, "one pattern a tile"
        for group, x, y in found:
            name, spacing = group.key[1], group.key[5]
            across, down = repeats(name, spacing)
            # the tile it fills: its cut corner the first right of and below the drawing's origin
            tile = min((p for p in tiles if p.x >= x - 1e-6 and p.y >= y - 1e-6), key=lambda p: (p.x - x) + (p.y - y))
            phase_x, phase_y = (tile.x - x) / across, (tile.y - y) / down
            assert phase_x == pytest.approx(round(phase_x), abs=1e-6), (name, x)
            assert phase_y == pytest.approx(round(phase_y), abs=1e-6), (name, y)
        # the tiles of a block butt at one pitch, a whole number of repeats: one phase across it
        xs = sorted({round(p.x, 6) for p in tiles})
        assert all(b - a == pytest.approx(TILE) for a, b in zip(xs, xs[1:], strict=False))


def test_checks_ink_about_as_much_of_a_field_as_the_line_patterns():
    """A review: kpn's blue tiles, checked in whole squares (half their field inked), read darker
    and busier than the dotted, striped and zigzag ones. A check is a square inside its cell: about
    a quarter of the field, within the line patterns' range."""

    def inked(name: str) -> float:
        group = patterns.draw_pattern(name, 0, 0, 60, 60, "#000000", 3.2)
        return sum(item.w * item.h for item in group.items if isinstance(item, Rect)) / (60 * 60)

    assert 0.2 <= inked("checks") <= 0.3
