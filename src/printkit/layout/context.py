"""What every component layout receives: the paper, the margins, the language and the options."""

from __future__ import annotations

import re
from typing import Literal

from msgspec import Struct, field

from printkit.kit.paths import KitFolder
from printkit.kit.shared import KitInfo
from printkit.kit.theme import PLAIN, Theme
from printkit.layout.paper import PAPERS as PAPERS  # a kind's layout reads the paper from here (kinds_extra/)
from printkit.layout.paper import Paper as Paper
from printkit.layout.paper import paper as paper
from printkit.layout.primitives import BLACK, Flip
from printkit.layout.registration import MarkSet
from printkit.pictures.prepared import Pictures
from printkit.words.locale import Localizer

SAFE_EDGE = 5.0  # nothing is printed closer than this to the paper's edge
MARGIN = 12.0  # the margin of ordinary content pages (rules, sheets, boards)
FOOTER_EDGE = 10.0  # the page footer (its text and ruler) stays this far from the paper's edge
FOOTER_CLEAR = 14.2  # from the bottom edge: the footer's band, which content above it leaves free
FOOTER_PT = 7.0  # the footer's type size


class CropMarks(Struct, frozen=True):
    """How crop marks are drawn: ``length`` mm long, starting ``offset`` mm outside the pieces' block
    and its bleed, in ``colour``. The page keeps room for them outside the block (cardgrid)."""

    length: float = 4.0
    offset: float = 1.0
    colour: str = BLACK

    @property
    def room(self) -> float:
        """How far the marks reach outside the block and its bleed."""
        return self.offset + self.length


CROP_MARKS = CropMarks()  # as printkit draws them unless told


TwoSided = Literal["duplex", "fold"]  # backs on the next page, or beside the faces to fold over


class Options(Struct, frozen=True):
    """How the user asked for the kit to be printed."""

    two_sided: TwoSided = "duplex"
    flip: Flip = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    cut: Literal["frames", "outline"] | None = None  # how tokens are cut, overriding the kit's choice
    cut_guides: bool = True  # False for images seen on screen (export-tts): no cut lines, no crop marks
    faces_only: frozenset[str] = frozenset()  # the decks printed without their backs (build --backs none)
    crop: CropMarks = CROP_MARKS  # the crop marks' length, offset and colour (--crop-marks)
    cut_plan: bool = False  # number the guillotine cuts of every sheet of pieces in its margin (--cut-plan)
    registration: MarkSet | None = None  # a cutting machine's marks on every sheet of pieces (--registration)


class Context(Struct, frozen=True):
    """Read by every layout, changed by none: a layout that needs another context (a landscape
    paper, a player's name, settled page numbers) makes one with ``dataclasses.replace``."""

    paper: Paper
    tr: Localizer
    options: Options = field(default_factory=Options)
    players: list[str] | None = None  # names for personalised sheets; None prints blank sheets
    # a table's starter column filled from ``players`` in turn: not on a sheet for any number of
    # players, whose rotation is not known (4 seats' A B C D A is wrong for 3)
    starters: bool = True
    margin: float = MARGIN
    player_name: str | None = None  # the name on the sheet being laid out
    names_on: object | None = None  # the table of a shared sheet with a row for the players' names (its first)
    assets: KitFolder | None = None  # the kit's own folder (kits/NAME/), where its pictures live
    dpi: int = 300  # the resolution its pictures are embedded at (the kit's dpi:)
    pictures: Pictures = field(default_factory=Pictures)  # the kit's pictures, read once by the pipeline
    sides: dict[str, str] = field(default_factory=dict)  # component id -> "duplex" | "fold", for the print instructions
    theme: Theme = PLAIN  # the kit's look (kit.theme)
    game: KitInfo | None = None  # the kit's title, players, age and time, for boards' and boxes' titles
    cut: frozenset[str] = frozenset()  # the components whose pages print pieces to cut out, for the print instructions
    glued: frozenset[str] = frozenset()  # the components printed as sheets glued together (a split board)
    kit_ref: str = ""  # what a user types after `printkit build` for this kit (its name, or its file), for commands
    # the stem of the kit's PDF when -o names it ("kpn-fold"): the files beside it are named after it
    output_stem: str = ""

    @property
    def lang(self) -> str:
        return self.tr.lang

    @property
    def content_width(self) -> float:
        return self.paper.width - 2 * self.margin

    @property
    def bottom(self) -> float:
        """Where the content of a page with a footer ends: the margin, or the top of the
        footer's band where that is higher."""
        return self.paper.height - max(self.margin, FOOTER_CLEAR)

    @property
    def room_height(self) -> float:
        """The content's height above the footer's band: what a page that must not reach the
        footer (a board, its ruler) may fill."""
        return self.bottom - self.margin

    @property
    def content_height(self) -> float:
        return self.paper.height - 2 * self.margin


def companion_name(kit_name: str, suffix: str, ctx: Context, default_lang: str) -> str:
    """The file a part printed apart goes to, beside the kit's PDF: the PDF's stem and what the
    part is (``kpn-fold.pdf``: ``kpn-fold-sheets.pdf``; ``targ-letter-cs.pdf``:
    ``targ-letter-cs-boxes.pdf``, as `build --boxes` names it), one rule with -o or without, so two
    builds into one folder never replace each other's files (a review found the fold build's
    sheets written over the duplex build's) and a language or paper never lands in two places of
    a name (a review found targ-pl-boxes.pdf beside targ-boxes-cs.pdf). The rules' recipe and the
    build both call this, so the page names the file the build writes."""
    stem = ctx.output_stem or made_file_name(kit_name, paper_suffix(ctx.paper), ctx.lang, default_lang)[: -len(".pdf")]
    return f"{stem}{suffix}.pdf"


def paper_suffix(paper: Paper) -> str:
    """What a file printkit names by default adds for its paper: nothing on A4, else ``-letter``,
    ``-a3``, ``-230x330mm``."""
    return "" if paper.name == "A4" else "-" + re.sub(r"[^a-z0-9]+", "", paper.name.lower().replace("×", "x"))


def made_file_name(kit_name: str, suffix: str, lang: str, default_lang: str) -> str:
    """The name of a PDF printkit writes for a kit by default (``latarnie-cs.pdf``, ``targ-letter.pdf``): the
    kit's name, what the file holds, and the language when it is not the kit's own."""
    base = kit_name + suffix
    return f"{base if lang == default_lang else f'{base}-{lang}'}.pdf"
