"""The contents strip shows a square board as a plan, not the board made small (a review of
latarnie: its 175 mm board drawn 12 mm tall kept 1.4 mm black lighthouses in 2.4 mm cells and
read as a QR code, labelled "× 1" at a token's height): its grid, its special cells washed with the
accent, the special cells' one icon on a badge large enough to read, and a label giving its size.
The strip beside the title stands inside the right margin. Measured on the laid-out rules page."""

from __future__ import annotations

import pytest

from printkit import pipeline as build
from printkit.layout.marks import luminance
from printkit.layout.primitives import Circle, Group, Rect, Text
from printkit.layout.rules import STRIP_INSET


def strip_of(kit: str, lang: str, paper: str = "a4") -> tuple[Group, float]:
    """The contents strip on the first rules page, and the x of the right margin."""
    loaded = build.load(kit)
    ctx = build.context(loaded, lang, paper)
    page = build.laid_out(loaded, ctx).pages[0]
    strip = next(item for item in page.items if isinstance(item, Group) and "contents" in item.key)
    return strip, ctx.paper.width - ctx.margin


def board_sample(strip: Group) -> tuple[Group, str]:
    """The board's drawing in the strip and the label under it."""
    samples = [item for item in strip.items if isinstance(item, Group)]
    labels = [item for item in strip.items if isinstance(item, Text)]
    board = next(number for number, sample in enumerate(samples) if "board" in sample.key)
    return samples[board], labels[board].text.replace("\xa0", " ")


@pytest.mark.parametrize(
    ("lang", "label"), [("pl", "5 × 5 pól, 175 mm"), ("cs", "5 × 5 polí, 175 mm"), ("en", "5 × 5 cells, 175 mm")]
)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_latarnies_board_is_a_plan_with_a_lighthouse_large_enough_to_read(lang, label, paper):
    strip, _ = strip_of("latarnie", lang, paper)
    sample, said = board_sample(strip)
    assert said == label
    scale = sample.scale
    assert sample.h * scale >= 11.5  # as tall as the tokens beside it
    badge = [item for item in sample.items if isinstance(item, Circle)]
    assert len(badge) == 1 and 2 * badge[0].r * scale >= 5.5, badge
    icon = sample.items[sample.items.index(badge[0]) + 1]
    assert isinstance(icon, Group) and min(icon.w, icon.h) * scale >= 4.0, icon  # the lighthouse: 4.3 mm
    assert not any(isinstance(item, Text) for item in sample.items)  # no points too small to read
    # the nine lighthouse cells stay told apart from the sixteen free ones in black and white
    cells = [item for item in sample.items if isinstance(item, Rect) and item.fill and abs(item.w - 35.0) < 0.01]
    assert len(cells) == 9
    free = next(item for item in sample.items if isinstance(item, Rect) and item.fill and abs(item.w - 175.0) < 0.01)
    assert luminance(free.fill) - luminance(cells[0].fill) >= 0.3, (free.fill, cells[0].fill)


def test_plateaus_board_names_its_size_and_shades_its_perimeter():
    sample, said = board_sample(strip_of("plateau", "en")[0])
    assert said == "4 × 4 cells, 160 mm"
    shaded = [item for item in sample.items if isinstance(item, Rect) and item.fill and abs(item.w - 40.0) < 0.01]
    assert len(shaded) == 12  # the perimeter, where the opening stacks go


@pytest.mark.parametrize("kit", ["latarnie", "targ", "plateau"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_strip_beside_the_title_stands_inside_the_right_margin(kit, paper):
    strip, right = strip_of(kit, "pl", paper)
    assert strip.x + strip.w == pytest.approx(right - STRIP_INSET, abs=0.01)
