"""Component pages as a print designer lays them out, measured as layout data: the title and its
note sit just above what they name, the ruler just under it, so no page has a heading at the top,
a ruler at the foot and a third of blank paper in between. A board's block hangs from the page's
top margin, as every piece sheet and score sheet does: one page grid, every heading at the same
height (a reviewer of plateau read the centred board and sheet as headings drifting page to
page); latarnie's token page, centred, once started 86 mm down the page.
"""

from __future__ import annotations

import pytest

from conftest import REPO, kit_cases
from piece_pdf import page_text, page_words
from printkit import fonts
from printkit import pipeline as build
from printkit.layout.context import FOOTER_CLEAR, Options
from printkit.layout.document import layout_kit
from printkit.layout.marks import HEADER_HEIGHT, RULER_HEIGHT, TICK
from printkit.layout.pieces import BAND_GAP, RULER_FOOT_GAP
from printkit.layout.primitives import Circle, Group, Item, Line, Page, Path, Rect, RichText, Text

# The heading reads as the caption of what it sits on when the gap under it is no wider than
# two lines of body text (about 10 mm); the ruler likewise. A piece page's heading band is 13 mm
# and its ruler band 7 mm.
MAX_GAP = 10.0
MEASURED = {"board", "token", "stone", "tile", "hexboard", "track"}  # pieces whose page carries the ruler
WITH_RULER = ("latarnie", "kpn", "plateau")  # ogrod prints a sheet, targ a mat and full card sheets
DESCENDER = 1.5  # mm below the baseline of an 8.5 pt note
# mm from the title's top to the pieces: the 13 mm heading, its gap, a board's coordinates and its ground's bleed
HEADING_REACH = 27.0


def extent(item: Item) -> tuple[float, float]:
    """The item's top and bottom on the page."""
    if isinstance(item, (Rect, Group, RichText)):
        return item.y, item.y + item.h
    if isinstance(item, Line):
        return min(item.y1, item.y2), max(item.y1, item.y2)
    if isinstance(item, Circle):
        return item.cy - item.r, item.cy + item.r
    if isinstance(item, Path):
        ys = [y for _, y in item.points]
        return min(ys), max(ys)
    assert isinstance(item, Text)
    return item.y - fonts.cap_height(item.size_pt), item.y


def ruler_top(page: Page) -> float | None:
    """The top of the 50 mm ruler's end ticks (4 mm, the ruler's stroke), None without a full ruler."""
    ends = [i for i in page.items if isinstance(i, Line) and i.stroke == TICK and abs(i.y2 - i.y1 - 4.0) < 1e-6]
    return min(i.y1 for i in ends) if ends else None


def heading(page: Page) -> tuple[Text, Text]:
    """The page's title (its first bold text) and the note under it."""
    texts = [i for i in page.items if isinstance(i, Text)]
    first = next(index for index, text in enumerate(texts) if text.bold)
    return texts[first], texts[first + 1]


def content_span(page: Page, skip: set[int], ruler: float | None) -> tuple[float, float]:
    """The top and bottom of everything on the page but its heading and ruler."""
    spans = [
        extent(item)
        for item in page.items
        if id(item) not in skip and (ruler is None or extent(item)[1] < ruler - 1e-6)
    ]
    return min(top for top, _ in spans), max(bottom for _, bottom in spans)


def framed_pages(kit: str, lang: str, paper: str, options: Options) -> list[Page]:
    loaded = build.load(kit)
    document = layout_kit(loaded.kit, build.context(loaded, lang, paper, options))
    pages = [p for p in document.pages if p.side != "back" and any(r.kind in MEASURED for r in p.pieces)]
    assert all(ruler_top(p) is not None for p in pages), "every board and piece page carries the full ruler"
    return pages


def check_page(page: Page, margin: float) -> None:
    title, note = heading(page)
    ruler = ruler_top(page)
    assert ruler is not None
    top, bottom = content_span(page, {id(title), id(note)}, ruler)
    where = f"{page.component} page"
    assert note.y + DESCENDER <= top, f"{where}: the heading overlaps the content"
    if top - note.y > MAX_GAP:  # a sheet the pieces half fill: centred under its heading, the ruler with it
        lowest = page.height - max(margin, FOOTER_CLEAR) - RULER_HEIGHT - RULER_FOOT_GAP
        above, below = top - (margin + HEADER_HEIGHT + BAND_GAP), lowest - ruler
        # a fold line starts BAND_GAP / 2 above the block it folds
        gap = top - note.y
        assert abs(above - below) <= BAND_GAP / 2 + 0.5, f"{where}: {gap:.1f} mm blank under the heading, not centred"
    assert bottom <= ruler, f"{where}: the ruler overlaps the content"
    assert ruler - bottom <= MAX_GAP, f"{where}: {ruler - bottom:.1f} mm blank above the ruler"
    above = extent(title)[0] - margin
    assert abs(above) <= 0.5, f"{where}: its title starts {above:.1f} mm below the top margin"


@pytest.mark.parametrize(("kit", "lang", "paper"), [case for case in kit_cases() if case[0] in WITH_RULER])
def test_component_pages_hold_title_content_and_ruler_as_one_block(kit, lang, paper):
    pages = framed_pages(kit, lang, paper, Options())
    assert pages
    for page in pages:
        check_page(page, build.context(build.load(kit), lang, paper).margin)


@pytest.mark.parametrize("kit", ["hex_radius", "tracks"])
def test_hex_boards_and_tracks_are_balanced_too(kit):
    path = str(REPO / "tests" / "kits" / f"{kit}.yaml")
    pages = framed_pages(path, "en", "a4", Options())
    assert pages
    for page in pages:
        check_page(page, build.context(build.load(path), "en", "a4").margin)


@pytest.mark.parametrize("kit", ["kpn", "plateau"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_fold_pages_are_balanced_too(kit, paper):
    for page in framed_pages(kit, "en", paper, Options(two_sided="fold")):
        check_page(page, 12.0)


@pytest.mark.parametrize(
    ("kit", "lang", "component", "words"),
    [
        ("latarnie", "pl", "tokens", ["Żetony strażników", "Wytnij wzdłuż szarych linii"]),
        ("latarnie", "cs", "board", ["Hrací plán s majáky", "Nevystřihujte."]),
        ("plateau", "pl", "stones", ["Kamienie", "Drukuj w skali 100 %"]),
        ("kpn", "pl", "aid", ["Ściągi graczy"]),  # a full card grid: the footer names it
        ("kpn", "cs", "aid", ["Přehledy pro hráče"]),
    ],
)
def test_the_pdf_prints_each_component_pages_title_with_its_letters(built, kit, lang, component, words):
    pdf = built(kit, lang)
    document = layout_kit(build.load(kit).kit, build.context(build.load(kit), lang))
    number = next(n for n, page in enumerate(document.pages, start=1) if page.component == component)
    text = page_text(pdf, number)
    for word in words:
        assert word in text, f"{word!r} not on page {number} of {kit} ({lang}): {text[:200]}"
    first_word = words[0].split()[0]
    placed = [w for w in page_words(pdf, number) if w["text"] == first_word]
    top = min(piece.y for piece in document.pages[number - 1].pieces)
    if component != "aid":  # a heading: above the pieces (the aid's name is in the footer): just above
        # them, or at the top margin over a sheet they half fill, which stands centred under it
        assert placed and 0 < top - placed[0]["y"], (placed[:1], top)
        assert top - placed[0]["y"] <= HEADING_REACH or placed[0]["y"] <= 12.0 + 5.0, (placed[:1], top)


@pytest.mark.parametrize(("kit", "lang", "paper"), [case for case in kit_cases() if case[0] in ("ogrod", "plateau")])
def test_a_sheet_starts_at_the_top_margin(kit, lang, paper):
    """A score sheet shorter than the page starts where every page's heading does, its title band
    at the top margin: one page grid (the first game's, on a page of several: plateau's two)."""
    loaded = build.load(kit)
    ctx = build.context(loaded, lang, paper)
    sheets = [p for p in layout_kit(loaded.kit, ctx).pages if p.role == "sheet"]
    assert sheets  # the kits whose sheets are in the kit (latarnie's and kpn's print with `printkit sheets`)
    for page in sheets:
        box = min((p for p in page.pieces if p.kind == "sheet"), key=lambda p: p.y)
        assert all(extent(item)[0] >= box.y - 1e-6 for item in page.items), "the heading is the sheet's top"
        assert abs(box.y - ctx.margin) <= 1e-6, f"{page.component}: starts {box.y - ctx.margin:.1f} mm down"
