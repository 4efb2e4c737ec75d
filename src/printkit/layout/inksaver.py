"""The ink saver (`printkit build --ink-saver`): the same pages with light tints for solid fills.

A pure rewrite of the laid-out document, so every kind gets it at once: each fill becomes a light
tint of itself, a fill covering most of a page (a background) goes, and a light stroke or text
(white arrows on a black stone, a white cut line) turns dark, as the fill under it is light now.
Coloured lines (a pattern, a frame) become half tints and light lines mid grey; grey and black
outlines, patterns and letters stay, so pieces still tell apart in black and white.
"""

from __future__ import annotations

from printkit.base.records import replace
from printkit.layout.marks import luminance, tinted
from printkit.layout.primitives import Circle, Document, Group, Item, Line, Page, Path, Rect, RichText, Stroke, Text

TINT = 0.25  # a fill keeps a quarter of its colour
STROKE_TINT = 0.5  # a coloured line keeps half of its colour
COLOURED = 40  # channels this far apart make a colour, not a grey
DARK = "#1a1a1a"
# A light line (a pattern's white zigzag on a green back, a white cut line) drawn on the light tint:
# mid grey, not DARK, so the pattern still shows in black and white without taking back the ink the
# tint saved (kpn's tile backs in DARK took 71 % of the plain page's ink, in this grey 55 %).
LINE_GREY = "#6e6e6e"
# ... and no wider than this: a back of kpn's pink stripes (white, 1.2 mm) or green zigzags, a
# colour to a sheet, kept 84 % of its ink in grey stripes as wide; thinner, the pattern still shows.
GREY_LINE_MAX = 0.45
LIGHT_LUMINANCE = 0.5  # a stroke or text lighter than this would vanish on a tinted fill
BACKGROUND = 0.8  # a fill covering this share of the page is a background, dropped
MARK_AREA = 16.0  # mm² of its box: a dark grey fill this small is a mark (an arrowhead, a dot), kept dark
MARK_LUMINANCE = 0.05  # ... and this dark (#1a1a1a is 0.010, plateau's #2b2b2b body 0.024 but a Rect)


def ink_saver(document: Document) -> Document:
    return replace(document, pages=tuple(lighter_page(page) for page in document.pages))


def lighter_page(page: Page) -> Page:
    area = page.width * page.height
    items = tuple(
        lighter(item)
        for item in page.items
        if not (isinstance(item, Rect) and item.fill and item.w * item.h >= BACKGROUND * area)
    )
    return replace(page, items=items)


def lighter(item: Item) -> Item:
    """``item`` with a light fill and dark lines and text."""
    if isinstance(item, Group):
        return replace(item, key=("ink saver", *item.key), items=tuple(lighter(inner) for inner in item.items))
    if isinstance(item, (Rect, Circle, Path)):
        fill = tinted(item.fill, TINT) if item.fill and item.fill.startswith("#") and not mark(item) else item.fill
        if isinstance(item, Path) and light_mark(item):
            fill = LINE_GREY  # a white arrowhead on a black stone, whose black is a light tint now
        stroke = darker_stroke(item.stroke)
        if item.stroke is not None and fill and item.stroke.color == item.fill:  # a fill grown by its own
            stroke = replace(item.stroke, color=fill)  # stroke (a box net's bleed) stays one field of the tint
        return replace(item, fill=fill, stroke=stroke)
    if isinstance(item, Line):
        return replace(item, stroke=darker_stroke(item.stroke) or item.stroke)
    if isinstance(item, (Text, RichText)):
        return replace(item, color=darker(item.color))
    return item


def mark(item: Circle | Path | Rect) -> bool:
    """A small dark grey shape (an arrow's head, a hub's dot): tinted, it would vanish, and a move's
    direction with it; it is kept dark, as letters are."""
    if isinstance(item, Rect) or not item.fill or not item.fill.startswith("#"):
        return False
    if coloured(item.fill) or luminance(item.fill) > MARK_LUMINANCE:
        return False
    if isinstance(item, Circle):
        return (2 * item.r) ** 2 <= MARK_AREA
    xs, ys = [x for x, _ in item.points], [y for _, y in item.points]
    return (max(xs) - min(xs)) * (max(ys) - min(ys)) <= MARK_AREA


def light_mark(item: Path) -> bool:
    """A small light grey shape (a white arrowhead on a dark stone): on the light tint its stone
    turns into, it would vanish as the arrow's shaft turns grey; it turns grey with it."""
    if not item.fill or not item.fill.startswith("#") or coloured(item.fill) or luminance(item.fill) <= LIGHT_LUMINANCE:
        return False
    xs, ys = [x for x, _ in item.points], [y for _, y in item.points]
    return (max(xs) - min(xs)) * (max(ys) - min(ys)) <= MARK_AREA


def darker(colour: str) -> str:
    return DARK if colour.startswith("#") and luminance(colour) > LIGHT_LUMINANCE else colour


def coloured(colour: str) -> bool:
    """A colour, not a grey (greys are outlines and cut lines, which keep their contrast)."""
    channels = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    return max(channels) - min(channels) > COLOURED


def darker_stroke(stroke: Stroke | None) -> Stroke | None:
    """A light line turned dark; a coloured one (a pattern's lines, a frame) a half tint of itself."""
    if stroke is None:
        return None
    if stroke.color.startswith("#") and coloured(stroke.color) and luminance(stroke.color) <= LIGHT_LUMINANCE:
        return replace(stroke, color=tinted(stroke.color, STROKE_TINT))
    if stroke.color.startswith("#") and luminance(stroke.color) > LIGHT_LUMINANCE:
        return replace(stroke, color=LINE_GREY, width=min(stroke.width, GREY_LINE_MAX))
    return stroke
