"""The renderer: draws layout primitives with reportlab. Knows no game; the only place y flips.

Millimetres become points here and nowhere else (through printkit.base.units).
"""

from __future__ import annotations

import functools
import hashlib
import io
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import PATH_OPS, Canvas
from reportlab.pdfgen.pdfgeom import bezierArc

from printkit import __version__, fonts
from printkit.base.errors import PrintkitError
from printkit.base.units import MM_PER_POINT, mm_to_pt
from printkit.layout import icon_drawing, paragraph
from printkit.layout.primitives import (
    Circle,
    Document,
    Group,
    Image,
    Item,
    Line,
    Page,
    Path,
    Rect,
    RichText,
    Stroke,
    Text,
)
from printkit.pictures.prepared import Pictures
from printkit.pictures.raster import Raster
from printkit.pictures.svg import Vector
from printkit.render import svg
from printkit.words import icons, textchars
from printkit.words.textchars import SOFT_HYPHEN

if TYPE_CHECKING:
    from printkit.base.progress import Progress

_DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge"}
_ESCAPES = {byte: escapePDF(bytes((byte,))) for byte in range(256)}  # reportlab's escaping, byte by byte


def render(document: Document, progress: Progress | None = None, correction: tuple[float, float] = (1.0, 1.0)) -> bytes:
    """The document as PDF bytes; the same document always gives the same bytes.

    ``correction`` scales every page's drawing about the page's centre, for a printer that prints
    at a known scale (a printer profile's 99.6 % is drawn at 1 / 0.996, so the paper gets 100 %);
    the trim and bleed boxes follow. (1, 1) writes nothing extra.

    Streams are compressed but not ASCII85-encoded (reportlab's default): a fifth smaller and,
    without reportlab's C accelerator, much faster to write."""
    ascii85, rl_config.useA85 = rl_config.useA85, 0
    try:
        with fonts.using({role: (regular, bold) for role, regular, bold in document.faces}):
            return _render(document, progress, correction)
    finally:
        rl_config.useA85 = ascii85


def _render(document: Document, progress: Progress | None, correction: tuple[float, float]) -> bytes:
    fonts.register()
    buffer = io.BytesIO()
    first = document.pages[0]
    canvas = Canvas(
        buffer,
        pagesize=(mm_to_pt(first.width), mm_to_pt(first.height)),
        invariant=1,
        pdfVersion=(1, 7),
        initialFontName=fonts.REGULAR,
        initialFontSize=10,
        lang=document.lang,
        pageCompression=1,
    )
    canvas.setTitle(icons.without(document.title))
    canvas.setAuthor(document.author)
    canvas.setSubject(icons.without(document.subject))
    canvas.setCreator(f"printkit {__version__}")
    canvas.setViewerPreference("PrintScaling", "None")
    # the print dialog's default: two-sided for a kit with backs (its other pages have blank
    # backs), else single-sided, whatever the printer's own default is
    canvas.setViewerPreference("Duplex", _DUPLEX[document.duplex] if document.duplex else "Simplex")
    shown = drawings_shown(document)
    drawer = _Drawer(canvas, correction, document.dpi, document.pictures, document.on_sheets, shown)
    for number, page in enumerate(document.pages, start=1):
        drawer.page(page)
        if progress is not None:
            progress.step("drawing pages", number, len(document.pages))
    if progress is not None:
        progress.step("writing the PDF", 1, 1)
    return canvas.getpdfdata()  # the bytes save() writes, without their copy in the buffer


def drawings_shown(document: Document) -> Counter[tuple[object, ...]]:
    """How many times each group's drawing (its key and size) is placed in the document, as the
    renderer meets them: a group inside a drawing shown again is not met again (its form is)."""
    shown: Counter[tuple[object, ...]] = Counter()

    def meet(items: tuple[Item, ...]) -> None:
        for item in items:
            if isinstance(item, Group):
                name = (item.key, item.w, item.h)
                shown[name] += 1
                if shown[name] == 1:
                    meet(item.items)

    for page in document.pages:
        meet(page.items)
    return shown


@functools.lru_cache(maxsize=256)
def _color(hex_color: str) -> HexColor:
    return HexColor(hex_color)


class _Drawer:
    """Draws items on the canvas, setting the pen, the fill colour and the font only when they
    change (a page of cut lines sets its pen once, not once a line)."""

    def __init__(
        self,
        canvas: Canvas,
        correction: tuple[float, float] = (1.0, 1.0),
        dpi: int = 300,
        pictures: Pictures | None = None,
        on_sheets: bool = False,
        shown: Counter[tuple[object, ...]] | None = None,
    ):
        self.canvas = canvas
        self.dpi = dpi  # what a picture icon inside a text is prepared at (the kit's dpi:)
        self.pictures = pictures or Pictures()  # the kit's pictures as the pipeline prepared them: no file is read here
        self.drawings: dict[str, Any] = {}  # an SVG's digest: its drawing, converted once a document
        self.correction = correction  # the scale every page is drawn at, about its centre (see render)
        self.on_sheets = on_sheets  # a landscape page is a portrait sheet turned (see page)
        self.forms: dict[tuple, str] = {}  # a group's key and size: its form's name in this document
        self.shown = shown or Counter()  # how often each drawing is placed (drawings_shown): once, drawn in place
        self.height = 0.0
        self.state: dict[str, object] = {}  # what the stream being written has set: pen, fill, font
        self.numbers: dict[float, str] = {}  # fp_str of every number written so far
        self.codes: dict[tuple[int, float], tuple[Item, str]] = {}  # see known
        self.fonts: dict[tuple[str, int, float], str] = {}  # a font subset's operators at a size
        self.draw: dict[type, Callable[[Any], None]] = {
            Rect: self.rect,
            Line: self.line,
            Text: self.text,
            RichText: self.rich,
            Circle: self.circle,
            Path: self.path,
            Group: self.group,
            Image: self.image,
        }

    def page(self, page: Page) -> None:
        """On a home printer's paper (``on_sheets``) a landscape page is written as a portrait
        sheet with its drawing turned a quarter left and /Rotate 90: a printer or a viewer that
        ignores /Rotate prints it on portrait paper as it is, and one that honours it shows it
        upright (and turns it back for portrait paper)."""
        c = self.canvas
        turned = self.on_sheets and page.width > page.height
        if turned:
            c.setPageSize((mm_to_pt(page.width), mm_to_pt(page.height)))  # reportlab writes it turned
            c.setPageRotation(90)
            c.transform(0, 1, -1, 0, mm_to_pt(page.height), 0)  # (x, y) -> (height - y, x)
        else:
            c.setPageSize((mm_to_pt(page.width), mm_to_pt(page.height)))
            c.setPageRotation(0)
        if page.trim:
            c.setTrimBox(self._turned(self._box(page, page.trim), page, turned))
        if page.bleed:
            c.setBleedBox(self._turned(self._box(page, page.bleed), page, turned))
        if self.correction != (1.0, 1.0):
            sx, sy = self.correction
            width, height = mm_to_pt(page.width), mm_to_pt(page.height)
            c.transform(sx, 0, 0, sy, (1 - sx) * width / 2, (1 - sy) * height / 2)
        self.height = page.height
        self.state = {}
        for item in page.items:
            self.item(item)
        c.showPage()

    def _box(self, page: Page, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        x, y, w, h = box
        if self.correction != (1.0, 1.0):  # the box moves with the drawing it frames
            sx, sy = self.correction
            x, w = page.width / 2 + (x - page.width / 2) * sx, w * sx
            y, h = page.height / 2 + (y - page.height / 2) * sy, h * sy
        return (mm_to_pt(x), mm_to_pt(page.height - y - h), mm_to_pt(x + w), mm_to_pt(page.height - y))

    @staticmethod
    def _turned(box: tuple[float, float, float, float], page: Page, turned: bool) -> tuple[float, float, float, float]:
        """A box given on the landscape page, on the portrait sheet it is written as."""
        if not turned:
            return box
        x0, y0, x1, y1 = box
        height = mm_to_pt(page.height)
        return (height - y1, x0, height - y0, x1)

    def y(self, y_mm: float) -> float:
        return mm_to_pt(self.height - y_mm)

    def item(self, item: Item) -> None:
        draw = self.draw.get(type(item))
        if draw is None:
            raise TypeError(f"cannot draw {item!r}")
        draw(item)

    def fp(self, *values: float) -> str:
        """What reportlab's fp_str writes for the values, each distinct number formatted once a
        document: without reportlab's C accelerator fp_str was the renderer's largest cost."""
        known = self.numbers
        out = []
        for value in values:
            text = known.get(value)
            if text is None:
                text = known[value] = fp_str(value)
            out.append(text)
        return " ".join(out)

    def known(self, item: Item, code: Callable[[Any], str]) -> str:
        """code(item), kept for the very item object and the height of what it is drawn in: layout
        reuses one object for a line, an outline or a design every page of a deck repeats."""
        key = (id(item), self.height)
        entry = self.codes.get(key)
        if entry is None or entry[0] is not item:
            entry = self.codes[key] = (item, code(item))
        return entry[1]

    def line(self, line: Line) -> None:
        self.stroke(line.stroke)
        self.canvas.addLiteral(self.known(line, self.line_code))

    def line_code(self, line: Line) -> str:
        """What canvas.line writes."""
        start, end = self.fp(mm_to_pt(line.x1), self.y(line.y1)), self.fp(mm_to_pt(line.x2), self.y(line.y2))
        return f"n {start} m {end} l S"

    def stroke(self, stroke: Stroke | None) -> bool:
        if stroke is None:
            return False
        if self.state.get("pen") != stroke:
            c = self.canvas
            c.setStrokeColor(_color(stroke.color))
            c.setLineWidth(mm_to_pt(stroke.width))
            c.setDash([mm_to_pt(d) for d in stroke.dash] if stroke.dash else [])
            self.state["pen"] = stroke
        return True

    def fill(self, fill: str | None) -> bool:
        if fill is None:
            return False
        if self.state.get("fill") != fill:
            self.canvas.setFillColor(_color(fill))
            self.state["fill"] = fill
        return True

    def rect(self, r: Rect) -> None:
        stroke, fill = self.stroke(r.stroke), self.fill(r.fill)
        if r.radius:
            x, y, w, h = mm_to_pt(r.x), self.y(r.y + r.h), mm_to_pt(r.w), mm_to_pt(r.h)
            self.canvas.roundRect(x, y, w, h, mm_to_pt(r.radius), stroke=int(stroke), fill=int(fill))
        else:
            self.canvas.addLiteral(self.known(r, self.rect_code))

    def rect_code(self, r: Rect) -> str:
        """What canvas.rect writes for a plain rectangle."""
        x, y, w, h = mm_to_pt(r.x), self.y(r.y + r.h), mm_to_pt(r.w), mm_to_pt(r.h)
        ops = PATH_OPS[int(r.stroke is not None), int(r.fill is not None), self.canvas._fillMode]
        return f"n {self.fp(x, y, w, h)} re {ops}"

    def circle(self, circle: Circle) -> None:
        self.stroke(circle.stroke)
        self.fill(circle.fill)
        self.canvas.addLiteral(self.known(circle, self.circle_code))

    def circle_code(self, circle: Circle) -> str:
        """What canvas.circle writes (four Bézier quarters from bezierArc), its numbers through fp:
        a figure's dots and symbols draw hundreds of circles, each 26 numbers; closed ('h'), as
        canvas.circle's is not, so a stroked ring has no butt-capped slit where it starts (3 o'clock)."""
        cx, cy, r = mm_to_pt(circle.cx), self.y(circle.cy), mm_to_pt(circle.r)
        x1, y1, x2, y2 = cx - r, cy - r, cx + r, cy + r
        curves = bezierArc(x1, y1, x1 + (x2 - x1), y1 + (y2 - y1), 0, 360)
        ops = PATH_OPS[int(circle.stroke is not None), int(circle.fill is not None), self.canvas._fillMode]
        return "\n".join(["n", f"{self.fp(*curves[0][:2])} m", *(f"{self.fp(*c[2:])} c" for c in curves), "h", ops])

    def path(self, path: Path) -> None:
        stroke, fill = self.stroke(path.stroke), self.fill(path.fill)
        p = self.canvas.beginPath()
        (x0, y0), *rest = path.points
        p.moveTo(mm_to_pt(x0), self.y(y0))
        for x, y in rest:
            p.lineTo(mm_to_pt(x), self.y(y))
        if path.closed:
            p.close()
        self.canvas.drawPath(p, stroke=int(stroke), fill=int(fill and path.closed))

    def text(self, t: Text) -> None:
        """One line, as canvas.drawString and its centred and right-aligned kin write it, with the
        width the layout already measured."""
        _check_glyphs(t.text, t.bold, t.face)
        c = self.canvas
        font = (fonts.font_name(t.bold, t.face), t.size_pt)
        if self.state.get("font") != font:
            c.setFont(*font)
            self.state["font"] = font
        self.fill(t.color)
        x = mm_to_pt(t.x)
        if t.align == "center":
            x -= 0.5 * fonts.width_pt(t.text, t.size_pt, t.bold, t.face)
        elif t.align == "right":
            x -= fonts.width_pt(t.text, t.size_pt, t.bold, t.face)
        c.addLiteral(self.text_line(t.text, x, self.y(t.y), font[0], t.size_pt))
        if icons.holds_icons(t.text):
            self.icons_in([(t.text, t.bold, t.size_pt)], x * MM_PER_POINT, t.y, 0.0, t.color, t.face)

    def icons_in(
        self,
        runs: list[tuple[str, bool, float]],
        x: float,
        baseline: float,
        word_space: float,
        color: str,
        face: str = "pieces",
    ) -> None:
        """The icons of a line of runs (text, bold, size) that starts at ``x`` mm on ``baseline``,
        drawn in the room the text object left for them (icons.py), measured in ``face``'s font."""
        for text, bold, size in runs:
            for item in icon_drawing.placed(text, x, baseline, size, bold, color, word_space, face, self.dpi):
                self.item(item)
            x += fonts.text_width(text, size, bold, face) + word_space * text.count(" ")

    def text_line(self, text: str, x: float, y: float, font_name: str, size: float) -> str:
        """What canvas.beginText(x, y), textLine(text) and drawText write for a TrueType font at
        ``size`` with reportlab's leading (1.2 × size): the same bytes, without a text object."""
        return self.text_runs([(text, font_name, size)], x, y, line_end=True)

    def text_runs(
        self, runs: list[tuple[str, str, float]], x: float, y: float, word_space: float = 0.0, line_end: bool = False
    ) -> str:
        """One text object from (x, y): each run of (text, font name, size) after the one before,
        switching font or subset where it changes, every space ``word_space`` points wider; with
        ``line_end`` the move to the next line (T*) that reportlab's textLine writes."""
        doc = self.canvas._doc
        parts = [f"{self.fp(word_space)} Tw"] if word_space else []
        current = None
        for text, font_name, size in runs:
            font = pdfmetrics.getFont(font_name)
            for piece in _icon_split(text.replace(SOFT_HYPHEN, "") if SOFT_HYPHEN in text else text):
                if len(piece) == 1 and icons.icon_of(piece) is not None:  # room for an icon drawn after the text
                    if current is None or current[2] != size:
                        parts.append(self.font_code(font, 0, size))
                        current = (font_name, 0, size)
                    parts.append(f"[{-1000 * icons.ICON_EM:g}] TJ")
                    continue
                for subset, chunk in font.splitString(piece, doc):
                    if (font_name, subset, size) != current:
                        parts.append(self.font_code(font, subset, size))
                        current = (font_name, subset, size)
                    parts.append(f"({chunk.decode('latin-1').translate(_ESCAPES)}) Tj")
        if word_space:
            parts.append("0 Tw")
        if line_end:
            parts.append("T*")
        return f"BT 1 0 0 1 {self.fp(x, y)} Tm {' '.join(parts)} ET"

    def font_code(self, font, subset: int, size: float) -> str:
        """What a text object writes to switch to a subset of a TrueType font at ``size``, once a document."""
        key = (font.fontName, subset, size)
        code = self.fonts.get(key)
        if code is None:
            name = font.getSubsetInternalName(subset, self.canvas._doc)
            code = self.fonts[key] = f"{name} {self.fp(size)} Tf {self.fp(size * 1.2)} TL"
        return code

    def rich(self, r: RichText) -> None:
        """Wrapped text as the lines the paragraph engine broke (the lines the validator measured):
        one text object a line, changing font between runs, spaces shrunk where the line says."""
        wrapped = paragraph.of(r)
        for line, baseline in zip(wrapped.lines, wrapped.baselines(r.y), strict=True):
            self.fill(r.color)  # again after a line's icons, which may have a colour of their own
            for run in line.runs:
                _check_glyphs(run.text, run.bold, r.face)
            runs = [(run.text, fonts.font_name(run.bold, r.face), run.size_pt) for run in line.runs]
            x = mm_to_pt(r.x + line.offset(r.w, r.align))
            if runs:
                self.canvas.addLiteral(self.text_runs(runs, x, self.y(baseline), mm_to_pt(line.word_space)))
            if any(icons.holds_icons(run.text) for run in line.runs):
                shown = [(run.text, run.bold, run.size_pt) for run in line.runs]
                self.icons_in(shown, r.x + line.offset(r.w, r.align), baseline, line.word_space, r.color, r.face)

    def image(self, image: Image) -> None:
        """A prepared picture (printkit.pictures.prepared): a raster as the copy reduced to its
        print size, an SVG as vector drawing, stretched to the image's box (layout keeps its ratio)."""
        prepared = self.pictures.at(image.path, image.print_mm, image.dpi)
        if prepared is None:
            raise PrintkitError(f"the picture {image.path} was not prepared for this document")
        found = prepared.picture
        x, y, w, h = mm_to_pt(image.x), self.y(image.y + image.h), mm_to_pt(image.w), mm_to_pt(image.h)
        clip = ""
        if image.clip is not None:  # only the part of the picture inside the clip box shows (cover, crop)
            cx, cy, cw, ch = image.clip
            clip = f"{self.fp(mm_to_pt(cx), self.y(cy + ch), mm_to_pt(cw), mm_to_pt(ch))} re W n\n"
        if isinstance(found, Vector):
            if clip:
                self.canvas.saveState()
                self.canvas.addLiteral(clip.rstrip("\n"))
            self.svg(found, x, y, w, h)
            if clip:
                self.canvas.restoreState()
            return
        c = self.canvas
        c._currentPageHasImages = 1
        name = self.image_object(found)
        c.addLiteral(f"q\n{clip}1 0 0 1 {self.fp(x, y)} cm\n{self.fp(w)} 0 0 {self.fp(h)} 0 0 cm\n/{name} Do\nQ")

    def image_object(self, raster: Raster) -> str:
        """The name of the PDF image object holding ``raster``, made once a document from the
        data the pictures stage prepared (reportlab's drawImage would decode it again to name it, and then
        re-encode it): a JPEG as it is, other pixels Flate-compressed, alpha as a soft mask."""
        from reportlab.pdfbase.pdfdoc import PDFImageXObject

        doc = self.canvas._doc
        name = "P" + hashlib.sha1(raster.digest.encode() or raster.data + (raster.alpha or b"")).hexdigest()
        registered = doc.getXObjectName(name)
        if registered not in doc.idToObject:
            image = _image_xobject(PDFImageXObject(name), raster.data, raster.mode, raster.size, raster.jpeg)
            if raster.alpha is not None:
                mask = _image_xobject(PDFImageXObject(name + "A"), raster.alpha, "L", raster.size, False)
                self.canvas._setXObjects(mask)
                image.smask = doc.Reference(mask, doc.getXObjectName(mask.name))
            self.canvas._setXObjects(image)
            doc.Reference(image, registered)
            doc.addForm(name, image)
        self.canvas._formsinuse.append(name)  # the page or form's resources list it
        return registered

    def svg(self, vector: Vector, x: float, y: float, w: float, h: float) -> None:
        drawing = vector.drawing or self.drawings.get(vector.digest)  # as the pipeline's check converted it
        if drawing is None:
            drawing = self.drawings[vector.digest] = svg.converted("", vector)  # proved drawable by its check
        self.canvas.saveState()
        self.canvas.translate(x, y)
        svg.draw(self.canvas, drawing, w, h)
        self.canvas.restoreState()
        self.state = {}

    def group(self, group: Group) -> None:
        """Draw the group's items once as a PDF form, then place the form wherever the group
        appears; a drawing shown once is drawn where it is (a form of its own costs an object,
        its resources and a stream: 113 of kpn's 169 forms were shown once)."""
        c = self.canvas
        if self.shown[(group.key, group.w, group.h)] == 1:
            self.inline(group)
            return
        name = self.forms.get((group.key, group.w, group.h))
        if name is None:
            name = self.forms[group.key, group.w, group.h] = f"F{len(self.forms) + 1}"
            saved = self.height
            self.height = group.h
            self.state = {}  # a form starts from whatever state the page has where it is placed
            c.beginForm(name, 0, 0, mm_to_pt(group.w), mm_to_pt(group.h))
            if group.clip:
                self.clipped(group)
            else:
                for item in group.items:
                    self.item(item)
            c.endForm()
            self.height = saved
            self.state = {}  # the canvas now holds the form's font and colours, not the page's
        if group.rotate == 180:
            self.turned(group)
            c.doForm(name)
            c.restoreState()
        else:  # what saveState, translate, doForm and restoreState write, without their bookkeeping
            c.addLiteral(self.known(group, self.placement_code))
            c.doForm(name)
            c.addLiteral("Q")

    def inline(self, group: Group) -> None:
        """The group's items drawn in place, in its own coordinates, as its form would draw them:
        cut at its box, as a form is at its bounding box (a figure's frame on its edge shows its
        inner half, as it always has)."""
        c = self.canvas
        saved = self.height
        if group.rotate == 180:
            self.turned(group)
        else:
            c.addLiteral(self.placement_code(group))
        self.height = group.h
        self.state = {}
        c.addLiteral(f"{self.fp(0.0, 0.0, mm_to_pt(group.w), mm_to_pt(group.h))} re W n")
        if group.clip:
            self.clipped(group)
        else:
            for item in group.items:
                self.item(item)
        self.height = saved
        if group.rotate == 180:
            c.restoreState()
        else:
            c.addLiteral("Q")
        self.state = {}

    def turned(self, group: Group) -> None:
        """The state saved and the coordinates of a group turned by 180 degrees about its centre
        set (its scale too), for its form or its items; restoreState ends them."""
        c = self.canvas
        c.saveState()
        c.translate(mm_to_pt(group.x), self.y(group.y + group.shown_h))
        c.translate(mm_to_pt(group.shown_w), mm_to_pt(group.shown_h))
        c.rotate(180)
        if group.scale != 1.0:
            c.scale(group.scale, group.scale)

    def clipped(self, group: Group) -> None:
        """The group's items drawn only inside its clip outline (a hexagonal tile's face)."""
        c = self.canvas
        c.saveState()
        p = c.beginPath()
        (x0, y0), *rest = group.clip
        p.moveTo(mm_to_pt(x0), self.y(y0))
        for x, y in rest:
            p.lineTo(mm_to_pt(x), self.y(y))
        p.close()
        c.clipPath(p, stroke=0, fill=0)
        for item in group.items:
            self.item(item)
        c.restoreState()
        self.state = {}  # the state the items set ended with the restore

    def placement_code(self, group: Group) -> str:
        """Where the form goes: a translation, and a figure's scale (a scaled group)."""
        at = self.fp(mm_to_pt(group.x), self.y(group.y + group.shown_h))
        if group.scale == 1.0:
            return f"q\n1 0 0 1 {at} cm"
        factor = self.fp(group.scale)
        return f"q\n{factor} 0 0 {factor} {at} cm"


def _image_xobject(image, data: bytes, mode: str, size: tuple[int, int], jpeg: bool):
    """A reportlab image object with its stream set directly (no decoding)."""
    image.width, image.height = size
    image.bitsPerComponent = 8
    image.colorSpace = "DeviceGray" if mode == "L" else "DeviceRGB"
    image._filters = ("DCTDecode",) if jpeg else ("FlateDecode",)
    image.streamContent = data
    image.mask = None
    return image


def _icon_split(text: str) -> list[str]:
    """The text between its icons, and each icon's character on its own; the text alone when it holds none."""
    if not icons.holds_icons(text):
        return [text]
    pieces, start = [], 0
    for at, char in enumerate(text):
        if icons.icon_of(char) is not None:
            pieces += [text[start:at], char] if at > start else [char]
            start = at + 1
    return pieces + ([text[start:]] if start < len(text) else [])


def _check_glyphs(text: str, bold: bool, face: str) -> None:
    """The validator's check, again where a text is drawn: what it refuses is never drawn."""
    if not textchars.prints_as_one_line(text):  # a paragraph's runs hold no line break
        raise PrintkitError(f"the text {text[:60]!r} {textchars.unprintable(text, one_line=True)}")
    missing = fonts.missing_characters(text, bold, face)
    if missing:
        raise PrintkitError(fonts.no_glyph(missing, f" in the text {text[:60]!r}"))
