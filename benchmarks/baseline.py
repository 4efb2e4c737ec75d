"""The benchmark deck drawn by hand with plain reportlab: what printkit is measured against.

    python benchmarks/baseline.py [--cards 1000] [-o FILE.pdf]
    python benchmarks/baseline.py --art FOLDER [--cards 200] [-o FILE.pdf]

It draws what `printkit build benchmarks/kits/deck1000.yaml` draws (deck10000.yaml with
--cards 10000), with the same fonts from fonts/ and the same pages: the rules page, the blank page
that keeps the faces on odd pages, then for every 9 cards a page of faces (frame and bold title
drawn once as a form, each card's two lines, cut lines, crop marks, the footer with its 50 mm
ruler drawn once as a form) followed by a page of backs, the back drawn once as a form and placed
at the mirror image of each face for long-edge duplex. No printkit code is imported: the geometry
is written out here as a script author would.

With --art it draws the art benchmark (benchmarks/kits/artdeck.yaml, its pictures written by
benchmarks/artdeck.py into FOLDER/artdeck/) as a script author would: a rules page, then 9
cards a page, each its picture placed with drawImage over the whole card (a JPEG passed through,
a PNG's alpha as a soft mask), its name, the cut lines and the footer. Streams are not ASCII85
encoded (rl_config.useA85 = 0), as printkit writes them.
"""

from __future__ import annotations

import argparse
import io
import math
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

FONTS = Path(__file__).resolve().parents[1] / "fonts"
REGULAR, BOLD = "Sans", "Sans-Bold"
PT = 72 / 25.4  # points per millimetre
PAGE_W, PAGE_H = 210.0, 297.0
CARD_W, CARD_H = 63.0, 88.0
COLS, ROWS = 3, 3
LEFT, TOP = 10.5, 14.5  # the block of 3 x 3 cards centred in the page's printable area
MARGIN = 12.0
CUT = HexColor("#555555")
BLUE, PALE = HexColor("#1f4e79"), HexColor("#dbe7f3")
GREY = HexColor("#666666")
TOP_LINE = 32.6557  # the rule under the rules page's title block
TITLE = "Talia próbna"
NOTE = "Drukuj w skali 100 % (bez dopasowania do strony)."


def pt(mm: float) -> float:
    return mm * PT


def y_of(mm: float, height: float = PAGE_H) -> float:
    """reportlab's y (up from the bottom) of a distance ``mm`` down from the top."""
    return (height - mm) * PT


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=None)
    parser.add_argument("--art", type=Path, help="The folder benchmarks/artdeck.py wrote: the art benchmark.")
    parser.add_argument("-o", "--output", type=Path, default=Path("output/baseline.pdf"))
    args = parser.parse_args()
    if args.art is not None:
        args.output.write_bytes(art_deck_pdf(args.art / "artdeck", args.cards or 200))
    else:
        args.output.write_bytes(deck_pdf(args.cards or 1000))


def register_fonts() -> None:
    pdfmetrics.registerFont(TTFont(REGULAR, str(FONTS / "AtkinsonHyperlegible-Regular.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(FONTS / "AtkinsonHyperlegible-Bold.ttf")))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD)


def art_deck_pdf(folder: Path, cards: int) -> bytes:
    """The art benchmark: the pictures listed in folder/cards.csv, 9 cards to an A4 page."""
    import csv

    from reportlab import rl_config

    rl_config.useA85 = 0
    register_fonts()
    with (folder / "cards.csv").open(encoding="utf-8", newline="") as table:
        rows = list(csv.DictReader(table))[:cards]
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(pt(PAGE_W), pt(PAGE_H)), invariant=1, pdfVersion=(1, 7), pageCompression=1)
    c.setTitle("Talia z obrazkami")
    c.setViewerPreference("PrintScaling", "None")
    ruler_form(c)
    sheets = math.ceil(len(rows) / (COLS * ROWS))
    c.setFont(BOLD, 24)
    c.drawString(pt(MARGIN), y_of(TOP_LINE - 15.0), "Talia z obrazkami")
    about = f"Talia służy do pomiaru szybkości: {len(rows)} kart z obrazkami, po 9 na stronie."
    paragraph(c, about, MARGIN, 40, 89.5, 9.6, 12.4)
    footer(c, 1, sheets + 1, ruler=False)
    c.showPage()
    for sheet in range(sheets):
        chunk = rows[sheet * COLS * ROWS : (sheet + 1) * COLS * ROWS]
        boxes = [slot(i) for i in range(len(chunk))]
        c.setTrimBox(trim(boxes))
        for row, (x, y) in zip(chunk, boxes, strict=True):
            c.drawImage(str(folder / row["obrazek"]), pt(x), y_of(y + CARD_H), pt(CARD_W), pt(CARD_H), mask="auto")
            c.setFillColor(HexColor("#000000"))
            c.setFont(BOLD, 12)
            c.drawCentredString(pt(x + 31.5), y_of(y + 82.0), row["nazwa"])
        cut_lines(c, boxes)
        footer(c, sheet + 2, sheets + 1, ruler=True)
        c.showPage()
    c.save()
    return buffer.getvalue()


def deck_pdf(cards: int) -> bytes:
    register_fonts()
    buffer = io.BytesIO()
    c = Canvas(
        buffer,
        pagesize=(pt(PAGE_W), pt(PAGE_H)),
        invariant=1,
        pdfVersion=(1, 7),
        initialFontName=REGULAR,
        initialFontSize=10,
        lang="pl",
        pageCompression=1,
    )
    c.setTitle(TITLE)
    c.setAuthor("printkit benchmarks")
    c.setViewerPreference("PrintScaling", "None")
    c.setViewerPreference("Duplex", "DuplexFlipLongEdge")
    face_form(c)
    back_form(c)
    ruler_form(c)
    sheets = math.ceil(cards / (COLS * ROWS))
    total = 2 + 2 * sheets
    rules_page(c, cards, total)
    blank_page(c, total)
    for sheet in range(sheets):
        first = sheet * COLS * ROWS + 1
        count = min(COLS * ROWS, cards - first + 1)
        faces_page(c, first, count, cards, 3 + 2 * sheet, total)
        backs_page(c, count)
    c.save()
    return buffer.getvalue()


def slot(index: int) -> tuple[float, float]:
    """The top-left corner (mm, y down) of the card at ``index`` on its page."""
    row, col = divmod(index, COLS)
    return LEFT + col * CARD_W, TOP + row * CARD_H


def face_form(c: Canvas) -> None:
    """What every face shares: the frame and the bold title."""
    c.beginForm("face", 0, 0, pt(CARD_W), pt(CARD_H))
    c.setStrokeColor(HexColor("#000000"))
    c.setLineWidth(pt(0.5))
    c.roundRect(pt(3), y_of(85, CARD_H), pt(57), pt(82), pt(3), stroke=1, fill=0)
    c.setFont(BOLD, 16)
    c.drawCentredString(pt(31.5), y_of(8 + 5 + 0.668 * 16 / PT / 2, CARD_H), "Żółta łódź")
    c.endForm()


def back_form(c: Canvas) -> None:
    """The back: a border, a filled rounded frame, 16 hatch lines (a form of their own, which
    trims the lines' ends at its box), 3 circles and a bold label."""
    c.beginForm("hatch", 0, 0, pt(43), pt(28))
    c.setStrokeColor(BLUE)
    c.setLineWidth(pt(0.9))
    for x1, y1, x2, y2 in hatch(43.0, 28.0, 3.0):
        c.line(pt(x1), y_of(y1, 28), pt(x2), y_of(y2, 28))
    c.endForm()
    c.beginForm("back", 0, 0, pt(CARD_W), pt(CARD_H))
    c.setStrokeColor(HexColor("#000000"))
    c.setLineWidth(pt(0.3))
    c.rect(pt(1.5), y_of(86.5, CARD_H), pt(60), pt(85), stroke=1, fill=0)
    c.setStrokeColor(BLUE)
    c.setFillColor(PALE)
    c.setLineWidth(pt(0.8))
    c.roundRect(pt(5), y_of(83, CARD_H), pt(53), pt(78), pt(4), stroke=1, fill=1)
    c.saveState()
    c.translate(pt(10), y_of(38, CARD_H))
    c.doForm("hatch")
    c.restoreState()
    c.setLineWidth(pt(1.2))
    for cx in (21.5, 31.5, 41.5):
        c.circle(pt(cx), y_of(51, CARD_H), pt(2.8), stroke=1, fill=0)
    label = Paragraph(
        "<b>PRINTKIT</b>", ParagraphStyle("label", fontName=REGULAR, fontSize=14, leading=17.08, alignment=TA_CENTER)
    )
    _, height = label.wrap(pt(47), pt(10) + 1000)
    label.drawOn(c, pt(8), y_of(64, CARD_H) - height)
    c.endForm()


def hatch(w: float, h: float, spacing: float) -> list[tuple[float, float, float, float]]:
    """45-degree lines ``spacing`` apart across a w x h box, each cut at the box's edges."""
    step = spacing * math.sqrt(2)
    out = []
    for i in range(int((w + h) / step) + 2):
        offset = i * step
        x1, y1 = max(0.0, offset - h), min(h, offset)  # where the line enters: left edge or bottom
        x2, y2 = min(w, offset), max(0.0, offset - w)  # where it leaves: top edge or right
        if x2 - x1 > 1e-9:
            out.append((x1, y1, x2, y2))
    return out


def ruler_form(c: Canvas) -> None:
    """The footer's 50 mm ruler: a tick every millimetre, padded by 0.5 mm."""
    c.beginForm("ruler", 0, 0, pt(51), pt(4))
    c.setStrokeColor(HexColor("#000000"))
    c.setLineWidth(pt(0.15))
    c.line(pt(0.5), y_of(3.5, 4), pt(50.5), y_of(3.5, 4))
    for mm in range(51):
        length = 3.0 if mm in (0, 50) else 2.0 if mm % 10 == 0 else 1.4 if mm % 5 == 0 else 0.8
        c.line(pt(0.5 + mm), y_of(3.5 - length, 4), pt(0.5 + mm), y_of(3.5, 4))
    c.endForm()


def footer(c: Canvas, number: int, total: int, ruler: bool) -> None:
    c.setFillColor(GREY)
    c.setFont(REGULAR, 7)
    page_no = f"strona {number} z {total}"
    c.drawRightString(pt(PAGE_W - MARGIN), y_of(291), page_no)
    c.drawString(pt(MARGIN), y_of(291), TITLE)
    if ruler:
        note_w = pdfmetrics.stringWidth(NOTE, BOLD, 6.5) / PT
        right = PAGE_W - MARGIN - pdfmetrics.stringWidth(page_no, REGULAR, 7) / PT - 5
        x = right - note_w - 3 - 50
        c.saveState()
        c.translate(pt(x - 0.5), y_of(291 + 0.5))
        c.doForm("ruler")
        c.restoreState()
        c.setFillColor(HexColor("#000000"))
        c.setFont(BOLD, 6.5)
        c.drawString(pt(x + 53), y_of(291), NOTE)
        c.setFillColor(HexColor("#444444"))
        c.setFont(REGULAR, 6)
        c.drawRightString(pt(x - 1.5), y_of(291), "50 mm")


def faces_page(c: Canvas, first: int, count: int, cards: int, number: int, total: int) -> None:
    boxes = [slot(i) for i in range(count)]
    c.setTrimBox(trim(boxes))
    c.setFillColor(HexColor("#000000"))
    c.setFont(REGULAR, 9)
    for i, (x, y) in enumerate(boxes):
        c.saveState()
        c.translate(pt(x), y_of(y + CARD_H))
        c.doForm("face")
        c.restoreState()
        c.drawCentredString(pt(x + 31.5), y_of(y + 44.06045), f"Karta nr {first + i} z {cards}")
        c.drawCentredString(pt(x + 31.5), y_of(y + 52.06045), f"Gęślą jaźń, źdźbło {first + i}")
    cut_lines(c, boxes)
    footer(c, number, total, ruler=True)
    c.showPage()


def trim(boxes: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    left, top = min(x for x, _ in boxes), min(y for _, y in boxes)
    right, bottom = max(x for x, _ in boxes) + CARD_W, max(y for _, y in boxes) + CARD_H
    return pt(left), y_of(bottom), pt(right), y_of(top)


def cut_lines(c: Canvas, boxes: list[tuple[float, float]]) -> None:
    """One line per shared edge, and crop marks 1 mm outside the block, 4 mm long."""
    c.setStrokeColor(CUT)
    c.setLineWidth(pt(0.25))
    xs = sorted({x for x, _ in boxes} | {x + CARD_W for x, _ in boxes})
    ys = sorted({y for _, y in boxes} | {y + CARD_H for _, y in boxes})
    for x in xs:
        spans = sorted((y, y + CARD_H) for bx, y in boxes if x in (bx, bx + CARD_W))
        c.line(pt(x), y_of(spans[0][0]), pt(x), y_of(spans[-1][1]))
    for y in ys:
        spans = sorted((x, x + CARD_W) for x, by in boxes if y in (by, by + CARD_H))
        c.line(pt(spans[0][0]), y_of(y), pt(spans[-1][1]), y_of(y))
    top, bottom, left, right = ys[0], ys[-1], xs[0], xs[-1]
    for x in xs:
        c.line(pt(x), y_of(top - 5), pt(x), y_of(top - 1))
        c.line(pt(x), y_of(bottom + 1), pt(x), y_of(bottom + 5))
    for y in ys:
        c.line(pt(left - 5), y_of(y), pt(left - 1), y_of(y))
        c.line(pt(right + 1), y_of(y), pt(right + 5), y_of(y))


def backs_page(c: Canvas, count: int) -> None:
    """Each back at its face's mirror image across the page's vertical centre line."""
    boxes = [(PAGE_W - x - CARD_W, y) for x, y in (slot(i) for i in range(count))]
    c.setTrimBox(trim(boxes))
    c.setStrokeColor(HexColor("#b3b3b3"))
    c.setLineWidth(pt(0.15))
    for x, y in boxes:
        c.saveState()
        c.translate(pt(x), y_of(y + CARD_H))
        c.doForm("back")
        c.restoreState()
        c.rect(pt(x), y_of(y + CARD_H), pt(CARD_W), pt(CARD_H), stroke=1, fill=0)
    c.showPage()


def paragraph(
    c: Canvas,
    markup: str,
    x: float,
    y: float,
    w: float,
    size: float,
    leading: float,
    bold: bool = False,
    align: int = 0,
    color: str = "#000000",
) -> float:
    """Wrapped text whose top is at y mm; returns its height in mm."""
    style = ParagraphStyle(
        "p",
        fontName=BOLD if bold else REGULAR,
        fontSize=size,
        leading=leading,
        alignment=align,
        textColor=HexColor(color),
    )
    para = Paragraph(markup, style)
    _, height = para.wrap(pt(w), 10_000)
    para.drawOn(c, pt(x), y_of(y) - height)
    return height / PT


def rules_page(c: Canvas, cards: int, total: int) -> None:
    """The rules page: title, what you need, how to print, the deck's one rule."""
    c.setFont(BOLD, 24)
    c.drawString(pt(MARGIN), y_of(TOP_LINE - 15.0), TITLE)
    c.setFont(REGULAR, 11.5)
    c.drawString(pt(MARGIN), y_of(TOP_LINE - 8.5), "Test szybkości printkit")
    c.setFillColor(HexColor("#333333"))
    c.setFont(REGULAR, 9.5)
    c.drawString(pt(MARGIN), y_of(TOP_LINE - 3.0), "Gracze: 1–4")
    c.setLineWidth(pt(0.4))
    c.line(pt(MARGIN), y_of(TOP_LINE), pt(PAGE_W - MARGIN), y_of(TOP_LINE))
    last = f"3–{total}"
    y = TOP_LINE + 2.0
    for heading, bullets in (
        ("Co przygotować", [f"<b>Karty</b> (strony {last})"]),
        (
            "Jak wydrukować zestaw",
            [
                f"PDF ma {total} stron A4.",
                "Zasady (stronę 1) wystarczy czytać na ekranie.",
                f"Strony {last} (Karty) drukuj dwustronnie, z obracaniem wzdłuż dłuższej krawędzi: każdy tył "
                "wypadnie dokładnie za swoim przodem.",
                "Pozostałe strony drukuj jednostronnie. Wszystko w skali 100 % (bez dopasowania do strony).",
                "Wytnij Karty wzdłuż linii cięcia.",
            ],
        ),
    ):
        y += 2.0
        y += paragraph(c, heading, MARGIN, y, 89.5, 11.5, 14.0, bold=True) + 1.6
        for bullet in bullets:
            c.setFillColor(HexColor("#000000"))
            c.setFont(BOLD, 9.6)
            c.drawString(pt(12.6), y_of(y + 2.6079), "•")
            y += paragraph(c, bullet, 16.0, y, 85.5, 9.6, 12.4) + 1.6
    y += 2.0
    y += paragraph(c, "O tej talii", MARGIN, y, 89.5, 11.5, 14.0, bold=True) + 1.6
    paragraph(
        c,
        f"Talia służy do pomiaru szybkości: {cards} kart, po 9 na stronie, a za każdą stroną kart strona ich rewersów.",
        MARGIN,
        y,
        89.5,
        9.6,
        12.4,
    )
    footer(c, 1, total, ruler=False)
    c.showPage()


def blank_page(c: Canvas, total: int) -> None:
    text = (
        "Ta strona celowo pozostała pusta: dzięki niej przody elementów wypadają na stronach nieparzystych przy "
        "druku dwustronnym."
    )
    paragraph(c, text, MARGIN, PAGE_H / 2 - 10, PAGE_W - 2 * MARGIN, 10.0, 13.0, align=TA_CENTER, color="#666666")
    footer(c, 2, total, ruler=False)
    c.showPage()


if __name__ == "__main__":
    main()
