"""What layout produces and the renderer draws: frozen values in millimetres, y growing downwards.

Font sizes are typographic points (``size_pt``), as in every word processor; every length is mm.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from msgspec import Struct

from printkit.layout.cutpath import RECTANGLE, CutPath
from printkit.layout.paper import DEFAULT as DEFAULT_PAPER
from printkit.layout.paper import Paper
from printkit.pictures.prepared import Pictures

Align = Literal["left", "center", "right", "justify"]
Side = Literal["face", "back"]  # a piece's side
PageSide = Literal["face", "back", "fold"]  # a two-sided page: faces, their duplex backs, or both to fold
Flip = Literal["long", "short"]  # the edge a duplex printer turns the sheet over

BLACK = "#000000"
GREY = "#7f7f7f"
LIGHT = "#d9d9d9"


EPSILON = 1e-6  # mm: how far two lengths may differ by rounding and still be equal


class Box(Struct, frozen=True):
    """A rectangle: top-left corner (x, y), width w, height h, in mm; the one box type of layout."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def shifted(self, dx: float, dy: float) -> Box:
        return Box(self.x + dx, self.y + dy, self.w, self.h)

    def contains(self, other: Box) -> bool:
        return (
            other.x >= self.x - EPSILON
            and other.y >= self.y - EPSILON
            and other.right <= self.right + EPSILON
            and other.bottom <= self.bottom + EPSILON
        )


class Stroke(Struct, frozen=True):
    """How a line is drawn: colour, width in mm, dash pattern in mm."""

    color: str = BLACK
    width: float = 0.3
    dash: tuple[float, ...] = ()


HAIRLINE = Stroke(width=0.2)
CUT = Stroke(color="#555555", width=0.25)
FOLD = Stroke(color="#555555", width=0.25, dash=(2.0, 1.5))


class Rect(Struct, frozen=True):
    """A rectangle, its top-left corner at (x, y)."""

    x: float
    y: float
    w: float
    h: float
    stroke: Stroke | None = HAIRLINE
    fill: str | None = None
    radius: float = 0.0


class Line(Struct, frozen=True):
    """A straight line from (x1, y1) to (x2, y2)."""

    x1: float
    y1: float
    x2: float
    y2: float
    stroke: Stroke = HAIRLINE


class Circle(Struct, frozen=True):
    """A circle about (cx, cy)."""

    cx: float
    cy: float
    r: float
    stroke: Stroke | None = HAIRLINE
    fill: str | None = None


class Path(Struct, frozen=True):
    """A polyline or polygon; with ``closed`` it can be filled."""

    points: tuple[tuple[float, float], ...]
    stroke: Stroke | None = HAIRLINE
    fill: str | None = None
    closed: bool = True


class Text(Struct, frozen=True):
    """One line of text; (x, y) is the baseline's anchor given by ``align``."""

    x: float
    y: float
    text: str
    size_pt: float = 10.0
    bold: bool = False
    align: Align = "left"
    color: str = BLACK
    max_w: float | None = None  # the width of the text's box; the validator reports a wider text
    face: str = "pieces"  # the role whose font prints it: pieces | headings | body (fonts.FACES)
    max_h: float | None = None  # the height of the text's box, its capitals' most (a figure keeps it to it)


class RichText(Struct, frozen=True):
    """Wrapped text in a box of width ``w`` whose top is ``y``; ``markup`` uses <b> and <br/>."""

    x: float
    y: float
    w: float
    h: float
    markup: str
    size_pt: float = 10.0
    leading_pt: float = 12.5
    bold: bool = False
    align: Align = "left"
    color: str = BLACK
    face: str = "pieces"  # the role whose font prints it: pieces | headings | body (fonts.FACES)
    lang: str | None = None  # the language whose patterns may hyphenate it; None: no hyphenation
    lines: tuple[int, int] | None = None  # only these lines (first, after last): a paragraph split over columns


class Image(Struct, frozen=True):
    """A kit's picture drawn over (x, y, w, h): the one the document's ``pictures`` hold for its
    real ``path``; ``print_mm`` is the longest side of the piece showing it, the size the
    pipeline prepared the picture's pixels for at
    ``dpi``. With ``clip`` (x, y, w, h) only the part inside that box shows (fit: cover, crop)."""

    x: float
    y: float
    w: float
    h: float
    path: str
    print_mm: float = 100.0
    dpi: int = 300
    clip: tuple[float, float, float, float] | None = None


class Group(Struct, frozen=True):
    """Items drawn in their own coordinates (origin at the group's top-left) and placed at (x, y).

    Groups with the same ``key`` hold the same drawing; the renderer draws it once as a PDF form
    and reuses it, so a back repeated on 1,000 cards costs one drawing (a drawing placed once is
    drawn in place). The key is a tuple of every
    input the drawing depends on, each as it is (ids, texts, colours, unrounded sizes): no two
    drawings may share one, as the renderer and the page checks trust it.
    """

    key: tuple[object, ...]
    x: float
    y: float
    w: float
    h: float
    items: tuple[Item, ...]
    rotate: int = 0  # 0 or 180 degrees about the group's centre
    clip: tuple[tuple[float, float], ...] = ()  # an outline in the group's coordinates nothing is drawn outside
    scale: float = 1.0  # drawn this much smaller or larger: on the page it takes w * scale × h * scale

    @property
    def shown_w(self) -> float:
        return self.w * self.scale

    @property
    def shown_h(self) -> float:
        return self.h * self.scale


Item = Rect | Line | Circle | Path | Text | RichText | Image | Group


class Piece(Struct, frozen=True):
    """Where one cuttable or measurable piece landed: the placement manifest's row. The box
    (x, y, width, height) bounds it; ``cut`` is the outline inside the box it is cut along."""

    kind: str  # board | cell | token | stone | card | tile | place | sheet
    component: str
    copy: int
    x: float
    y: float
    width: float
    height: float
    side: Side = "face"
    extra: tuple[tuple[str, object], ...] = ()
    cut: CutPath = RECTANGLE


class Page(Struct, frozen=True):
    """One page of the document: its size in mm, what it is for and what is on it."""

    width: float
    height: float
    role: str
    component: str | None
    items: tuple[Item, ...]
    pieces: tuple[Piece, ...] = ()
    side: PageSide | None = None  # None on one-sided pages
    trim: tuple[float, float, float, float] | None = None  # x, y, w, h of the trimmed area
    bleed: tuple[float, float, float, float] | None = None
    name: str | None = None  # the component's name for a page its pieces fill, with no room for a heading
    optional: bool = False  # a page the print recipe offers apart, as "optional" (a deck's backs: back_pages: after)


@dataclass(frozen=True)
class Document:
    """Every page of a PDF, in order, and what its metadata says."""

    pages: tuple[Page, ...]
    title: str
    author: str
    lang: str
    subject: str = ""
    duplex: Flip | None = None  # how a duplex printer flips the sheets, None without backs
    paper: Paper = DEFAULT_PAPER  # the paper the pages were laid out for
    faces: tuple[tuple[str, str, str], ...] = ()  # the kit's own fonts: (role, regular, bold) font names
    two_sided: Literal["duplex", "fold", "none"] = "duplex"  # how two-sided pieces were laid out (none: faces only)
    dpi: int = 300  # the kit's resolution (dpi:): what the picture icons inside texts are prepared at
    on_sheets: bool = False  # pages for a home printer's paper: a landscape one is written portrait, /Rotate 90
    pictures: Pictures = field(default_factory=Pictures, compare=False, repr=False)  # what its Images draw
