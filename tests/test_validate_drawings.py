"""The page checks on drawings reused as groups (a deck's face or back on every card): a group is
measured once, yet each placement is judged where it lands, exactly as its items drawn one by one.
"""

from __future__ import annotations

import pytest

from printkit import fonts
from printkit import pipeline as build
from printkit.layout.primitives import Document, Group, Page, Rect, Text
from printkit.validate.pages import check_printed
from test_validate import BASE, write_kit


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return build.load(write_kit(tmp_path_factory.mktemp("drawings"), BASE))


def printed(loaded, *items) -> list[str]:
    document = Document((Page(210.0, 297.0, "sheet", "sheet", tuple(items)),), "t", "a", "en")
    return [str(p) for p in check_printed(loaded.source, loaded.kit, document)]


def where(loaded) -> str:
    return f"{loaded.source.display}:{loaded.source.line_of(('components', 0))}: components[0]"


def test_each_placement_of_a_drawing_is_measured_against_the_edge(mini):
    bar = (Rect(0.0, 0.0, 50.0, 10.0),)
    placements = [Group("bar", x, 20.0, 50.0, 10.0, bar) for x in (3.0, 100.0, 160.0)]
    assert printed(mini, *placements) == [
        f"{where(mini)}: a rect on page 1 (sheet) reaches 5.0 mm into the 5 mm unprintable edge of the paper, at x "
        "160.0–210.0, y 20.0–30.0 mm (2 items in all)"
    ]
    assert printed(mini, *placements[1:2]) == []


@pytest.mark.parametrize(
    "placements, repeated",
    [
        (1, ""),
        (2, "; 1 more copy of this text overflows the same way"),
        (3, "; 2 more copies of this text overflow the same way"),
    ],
)
def test_a_text_too_wide_for_its_box_is_one_line_at_its_first_placement_counting_the_others(mini, placements, repeated):
    """A deck's too-long name on 1,000 cards is one line, not 1,000."""
    label = Text(0.0, 5.0, "Gracze i ich żetony", 12, max_w=10.0)
    width = fonts.text_width(label.text, 12)
    messages = printed(mini, *[Group("label", 20.0, 20.0 + 40.0 * n, 30.0, 10.0, (label,)) for n in range(placements)])
    y = 25.0 - fonts.vertical_extent(12)[0]
    assert messages == [
        f"{where(mini)}: the text 'Gracze i ich żetony' does not fit its box on page 1 (sheet): at 12 pt, its "
        f"smallest size, it is {width:.1f} mm wide, but the box at x 20.0, y {y:.1f} mm is 10.0 mm wide{repeated}"
    ]


def test_a_text_in_a_turned_drawing_that_lands_on_a_page_text_overlaps_it(mini):
    word = Text(0.0, 10.0, "Score", 12)  # turned by 180 degrees about the group's centre
    turned = Group("turned", 20.0, 40.0, 30.0, 20.0, (word,), rotate=180)
    width = fonts.text_width("Score", 12)
    landed = (50.0 - width, 50.0, 50.0, 50.0 + fonts.cap_height(12))  # x0, y0, x1, y1 on the page
    round_ = Text(48.0 - width, 51.0, "Round", 12)
    across = min(landed[2], 48.0 - width + fonts.text_width("Round", 12)) - max(landed[0], 48.0 - width)
    down = min(landed[3], 51.0) - max(landed[1], 51.0 - fonts.cap_height(12))
    assert printed(mini, turned, round_) == [
        f"{where(mini)}: the text 'Score' and the text 'Round' overlap on page 1 (sheet) ({across:.1f} × {down:.1f} "
        f"mm, at x {max(landed[0], 48.0 - width):.1f}, y {max(landed[1], 51.0 - fonts.cap_height(12)):.1f} mm)"
    ]


def test_the_first_five_overlapping_pairs_in_drawing_order_are_reported(mini):
    """Drawn bottom line first: the pairs come in drawing order, not top to bottom."""
    lines = [Text(20.0, 52.0 - 0.5 * n, word, 12) for n, word in enumerate(["Aa", "Bb", "Cc", "Dd"])]
    pairs = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3)]
    messages = printed(mini, *lines)
    assert [m.split(": ", 2)[2].split(" overlap")[0] for m in messages] == [
        f"the text '{lines[a].text}' and the text '{lines[b].text}'" for a, b in pairs
    ]
