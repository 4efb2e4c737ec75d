"""A box's net printed as a publisher prints one: its colour BLEED past the cut line (measured on
the rendered PDF), its glue tab bare and marked in the kit's language, its cut line solid and its
folds dashed, a pattern on its front and back and the kit's mark on a deep box's sides, its title
band clear of the front's frame, and the steps of making it (stock, copies, cut, score, fold, glue)
on the page. A review found targ's net solid from edge to edge with no bleed, its glue tab
unmarked and one sentence on the page."""

from __future__ import annotations

import pypdfium2
import pytest

from piece_pdf import build, page_words, pieces
from printkit import fonts, pipeline
from printkit.kinds.tuckbox.finish import BLEED, GLUE_CLEAR, NET_CUT
from printkit.kinds.tuckbox.layout import GROUND_TINT
from printkit.layout import bounds
from printkit.layout.document import layout_kit
from printkit.layout.inksaver import TINT, ink_saver
from printkit.layout.marks import tinted
from printkit.layout.primitives import FOLD, Group, Line, Path, Rect, RichText, Text

GROUND = tinted("#8a2c6a", GROUND_TINT)  # targ's box: ground: light, a wash of its plum (#f1e6ed)
TARG_COLOUR = tuple(int(GROUND[i : i + 2], 16) for i in (1, 3, 5))
REACH_BY = 6  # the light ground is 14-25 levels off white: a tighter match than a solid colour's 40
GLUE = {"en": "glue", "pl": "klej", "cs": "lepit"}
STEPS = {"en": "Making the box", "pl": "Jak złożyć pudełko", "cs": "Jak krabičku složit"}
DPI = 254  # a pixel is 0.1 mm


def box_page(kit: str, lang: str, paper: str = "a4"):
    loaded = pipeline.load(kit)
    ctx = pipeline.context(loaded, lang, paper)
    [page] = pipeline.boxes_document(loaded, ctx).pages
    return page


@pytest.fixture(scope="module")
def targ_en(tmp_path_factory):
    """targ's box built in English, its manifest row and the page rendered at DPI."""
    pdf, manifest = build("targ", tmp_path_factory.mktemp("finish"), "--boxes", "--lang", "en")
    [row] = pieces(manifest, kind="tuckbox")
    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[0].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        document.close()
    return pdf, row, image


def pixel(image, x: float, y: float) -> tuple[int, int, int]:
    """The colour at (x, y) mm from the page's top-left corner."""
    return image.getpixel((round(x * DPI / 25.4), round(y * DPI / 25.4)))


def near(colour: tuple[int, int, int], wanted: tuple[int, int, int], by: int = 12) -> bool:
    return all(abs(a - b) <= by for a, b in zip(colour, wanted, strict=True))


def colour_reach(image, x: float, y: float, step: float) -> float:
    """How far from (x, y) the box's colour runs along x (``step`` mm a pixel, signed), in mm,
    from past the cut line drawn on (x, y)."""
    reach = 3 * step
    while near(pixel(image, x + reach + step, y), TARG_COLOUR, REACH_BY):
        reach += step
    return abs(reach)


def test_the_colour_runs_past_the_cut_line_by_the_bleed(targ_en):
    _, row, image = targ_en
    middle = row["y"] + 15 + 19.0 + 41 / 2  # the body's middle: the back's left edge, the glue tab
    left_reach = colour_reach(image, row["x"], middle, -0.1)
    assert BLEED - 0.2 <= left_reach <= BLEED + 0.2, left_reach
    top_reach = 0.3
    while near(pixel(image, row["x"] + 51 / 2, row["y"] - top_reach - 0.1), TARG_COLOUR, REACH_BY):
        top_reach += 0.1
    assert BLEED - 0.2 <= top_reach <= BLEED + 0.2, top_reach  # over the top lid's tuck flap
    bottom = row["y"] + row["height"]
    assert near(pixel(image, row["x"] + 51 + 19.0 + 51 / 2, bottom + 1.5), TARG_COLOUR)  # under the bottom flap
    assert pixel(image, row["x"] - BLEED - 1.0, middle) == (255, 255, 255)


def test_the_glue_tab_is_bare_card_but_where_the_colour_overlaps_its_fold(targ_en):
    _, row, image = targ_en
    fold = row["x"] + 2 * 51 + 2 * 19.0
    middle = row["y"] + 15 + 19.0 + 41 / 2
    assert near(pixel(image, fold + GLUE_CLEAR / 2, middle), TARG_COLOUR)
    for x in (fold + 2.0, fold + 7.0, fold + 8.0 + 1.5):  # the tab, and past its cut line
        assert pixel(image, x, middle - 8.0) == (255, 255, 255), x
    reach = colour_reach(image, fold, middle - 8.0, 0.1)
    assert GLUE_CLEAR - 0.4 <= reach <= GLUE_CLEAR + 0.2, reach


@pytest.mark.parametrize("lang", ["en", "pl", "cs"])
def test_the_glue_tab_says_glue_and_the_page_says_how_to_make_the_box(lang):
    page = box_page("targ", lang)
    [piece] = page.pieces
    fold = piece.x + 2 * 51 + 2 * 19.0
    texts = [item for item in page.items if isinstance(item, Text)]
    [glue] = [t for t in texts if t.text == GLUE[lang] and fold < t.x < fold + 8.0]
    assert piece.y + 15 + 19.0 < glue.y < piece.y + 15 + 19.0 + 41
    [heading] = [t for t in texts if t.text == STEPS[lang]]
    assert heading.bold and heading.y > piece.y + piece.height + BLEED
    numbers = [t.text for t in texts if t.y > heading.y and t.text.endswith(".") and t.text[:-1].isdigit()]
    assert numbers == ["1.", "2.", "3.", "4.", "5."]
    steps = " ".join(t.text for t in texts if t.y > heading.y)
    assert "160–250" in steps and "g/m²" in steps  # the stock
    assert GLUE[lang] in steps  # the step names the tab's word, the legend shows it
    assert heading.y + 40 < page.height - 14.2  # over the footer


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_pdf_prints_the_glue_word_and_the_steps(tmp_path, lang):
    pdf, _ = build("kpn", tmp_path, "--boxes", "--lang", lang)
    words = [word["text"] for word in page_words(pdf, 1)]
    assert words.count(GLUE[lang]) >= 2  # on the tab and in the legend
    assert "160–250" in words


def test_the_cut_line_is_solid_and_the_folds_dashed():
    page = box_page("targ", "en")
    [piece] = page.pieces
    outline = tuple((piece.x + x, piece.y + y) for x, y in piece.cut.points)
    paths = [item for item in page.items if isinstance(item, Path) and item.points == outline]
    colour, cut = paths
    assert colour.fill == GROUND and colour.stroke is not None and colour.stroke.width == 2 * BLEED
    assert cut.fill is None and cut.stroke == NET_CUT and not cut.stroke.dash
    folds = [item for item in page.items if isinstance(item, Line) and item.stroke.dash == FOLD.dash]
    inside = [f for f in folds if piece.y <= f.y1 <= piece.y + piece.height]
    assert len(inside) == 9  # the body's four, the lids' and the flaps' five


@pytest.mark.parametrize(("kit", "lang"), [("kpn", "en"), ("kpn", "pl"), ("targ", "cs"), ("targ", "en")])
def test_the_front_title_band_stands_clear_of_the_frame(kit, lang):
    page = box_page(kit, lang)
    rects = [item for item in page.items if isinstance(item, Rect)]
    [band] = [r for r in rects if r.fill is not None and r.stroke is None]
    lines = [r for r in rects if r.stroke is not None and r.fill is None]
    frames = [r for r in lines if r.x < band.x and r.x + r.w > band.x + band.w]
    inner = max((r for r in frames if r.y < band.y), key=lambda r: r.y)  # the front's finer line
    assert band.y - inner.y >= 1.4 and band.x - inner.x >= 1.4 and inner.x + inner.w - band.x - band.w >= 1.4


def test_the_front_and_back_carry_a_pattern_and_a_deep_box_its_sides_the_mark():
    page = box_page("kpn", "en")
    [piece] = page.pieces
    groups = [item for item in page.items if isinstance(item, Group)]
    patterns = [g for g in groups if g.key[0] == "pattern"]
    depth = 22  # 60 tiles of 0.35 mm and 1 mm of room
    back, front = piece.x, piece.x + 35 + depth
    assert sorted(round(g.x - piece.x) for g in patterns) == [round(back - piece.x + 3), round(front - piece.x + 3)]
    marks = [g for g in groups if g.key[0] == "mark"]
    sides = [piece.x + 35, piece.x + 2 * 35 + depth]
    centres = sorted(g.x + g.w / 2 for g in marks)
    assert centres == pytest.approx([side + depth / 2 for side in sides])


def test_the_ink_saver_tints_the_bleed_with_the_field():
    """--ink-saver tints a fill; the bleed, the same colour stroked round it, is tinted alike (it
    stood as a dark ring round a light net) and the bare glue tab stays paper."""
    loaded = pipeline.load("targ")
    document = ink_saver(pipeline.boxes_document(loaded, pipeline.context(loaded, "en")))
    [page] = document.pages
    paths = [item for item in page.items if isinstance(item, Path) and item.fill and item.stroke]
    colour = next(p for p in paths if p.stroke.width == 2 * BLEED)
    assert colour.fill == tinted(GROUND, TINT) == colour.stroke.color
    glue = next(p for p in paths if p.fill == "#ffffff")
    assert glue.stroke.color == "#ffffff"


@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_text_on_a_patterned_panel_stands_on_a_solid_plate(lang, paper):
    """A review: kpn's facts and '60 tiles' were small white type over the dots of its panels. Each
    text of the front and back stands on a plate of the box's colour (or the title's band), no dot
    of the pattern under it."""
    page = box_page("kpn", lang, paper)
    colour = "#2d68b0"
    plates = [i for i in page.items if isinstance(i, Rect) and i.fill in (colour, "#ffffff") and i.radius]
    texts = [i for i in page.items if isinstance(i, Text) and i.size_pt >= 7.0 and i.color in (colour, "#ffffff")]
    on_panels = [t for t in texts if t.text not in GLUE.values()]
    assert len(on_panels) >= 5, "the front's title and contents, the back's label, facts and contents"
    for text in on_panels:
        width = fonts.text_width(text.text, text.size_pt, text.bold)
        left = text.x - width / 2 if text.align == "center" else text.x
        cap = fonts.cap_height(text.size_pt)
        held = [
            p
            for p in plates
            if p.x <= left and left + width <= p.x + p.w and p.y <= text.y - cap and text.y + 0.5 <= p.y + p.h
        ]
        assert held, f"{text.text!r} on a plate"
        plate = held[-1]
        if plate.fill == colour:
            assert plate.stroke is not None and plate.stroke.color == "#ffffff", "edged in the box's ink"


NEED_GLUE = {"pl": "klej do papieru", "cs": "lepidlo na papír", "en": "paper glue"}


@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
@pytest.mark.parametrize(("kit", "boxed"), [("kpn", True), ("targ", True), ("latarnie", False)])
def test_what_you_need_lists_glue_whenever_a_box_is_offered(kit, boxed, lang):
    """A review: kpn's 'Co przygotować' named scissors but no glue, though its tuck box is glued.
    A kit with a box lists glue in every language; one without a box, nor anything glued or
    folded, does not."""
    loaded = pipeline.load(kit)
    ctx = pipeline.context(loaded, lang, "a4")
    [rules, *_] = [page for page in layout_kit(loaded.kit, ctx).pages if page.role == "rules"]
    markup = " ".join(
        p.item.markup.replace("\xa0", " ") for p in bounds.flatten(rules.items) if isinstance(p.item, RichText)
    )
    assert (NEED_GLUE[lang] in markup) == boxed
    only_box = {"pl": "(tylko do pudełka)", "cs": "(jen na krabičku)", "en": "(only for the box)"}[lang]
    assert (f"{NEED_GLUE[lang]} {only_box}" in markup) == boxed  # a review: targ's glue read as for the kit


def test_a_light_ground_draws_its_frames_band_and_title_in_the_colour():
    """targ's box (ground: light): the net is a 12 % wash of its plum, so it spends a fraction of
    the ink of the solid flood it had; the panels' frames and the title band are the plum itself,
    the title on the band in the wash; kpn's box keeps its solid ground with white on it."""
    page = box_page("targ", "en")
    rects = [item for item in page.items if isinstance(item, Rect)]
    frames = [r for r in rects if r.stroke is not None and r.fill is None]
    assert len(frames) == 4 and {r.stroke.color for r in frames} == {"#8a2c6a"}  # front and back, 2 lines each
    [band] = [r for r in rects if r.stroke is None and r.fill == "#8a2c6a"]
    [title] = [t for t in page.items if isinstance(t, Text) and t.text == "Market Day" and t.size_pt > 12]
    assert title.color == GROUND and band.y < title.y < band.y + band.h
    [piece] = page.pieces
    flood = next(i for i in page.items if isinstance(i, Path) and i.fill is not None)
    assert flood.fill == GROUND == "#f1e6ed" and piece.width * piece.height > 10_000  # 134 x 95 mm of wash
    solid = box_page("kpn", "en")
    flood = next(i for i in solid.items if isinstance(i, Path) and i.fill is not None)
    assert flood.fill == pipeline.load("kpn").kit.component("box").color


@pytest.mark.parametrize("kit", ["kpn", "targ"])
def test_a_plate_is_never_the_colour_of_the_text_it_holds(kit):
    """A review: targ's light box (its texts in plum) put them on plum plates, two blank slabs.
    A plate is the net's ground, solid or light; every text on one differs from it in colour."""
    page = box_page(kit, "pl")
    plates = [i for i in page.items if isinstance(i, Rect) and i.radius and i.fill is not None]
    texts = [i for i in page.items if isinstance(i, Text)]
    assert plates
    for plate in plates:
        held = [t for t in texts if plate.x <= t.x <= plate.x + plate.w and plate.y <= t.y <= plate.y + plate.h]
        assert held and all(t.color != plate.fill for t in held), (plate.fill, [(t.text, t.color) for t in held])
