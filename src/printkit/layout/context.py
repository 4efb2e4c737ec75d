"""What every component layout receives: the paper, the margins, the language and the options."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from printkit.base.errors import PrintkitError
from printkit.kit.paths import KitFolder
from printkit.kit.shared import KitInfo
from printkit.kit.theme import PLAIN, Theme
from printkit.layout.primitives import Flip
from printkit.pictures.prepared import Pictures
from printkit.words.locale import Localizer


@dataclass(frozen=True)
class Paper:
    """A paper size in mm."""

    name: str
    width: float
    height: float

    def landscape(self) -> Paper:
        return Paper(self.name, self.height, self.width)


PAPERS = {"a4": Paper("A4", 210.0, 297.0), "letter": Paper("Letter", 215.9, 279.4)}

SAFE_EDGE = 5.0  # nothing is printed closer than this to the paper's edge
MARGIN = 12.0  # the margin of ordinary content pages (rules, sheets, boards)
FOOTER_EDGE = 10.0  # the page footer (its text and ruler) stays this far from the paper's edge
FOOTER_CLEAR = 14.2  # from the bottom edge: the footer's band, which content above it leaves free


def paper(name: str) -> Paper:
    try:
        return PAPERS[name.lower()]
    except KeyError:
        raise PrintkitError(f"unknown paper '{name}'; use one of: {', '.join(PAPERS)}") from None


TwoSided = Literal["duplex", "fold"]  # backs on the next page, or beside the faces to fold over


@dataclass(frozen=True)
class Options:
    """How the user asked for the kit to be printed."""

    two_sided: TwoSided = "duplex"
    flip: Flip = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    cut: Literal["frames", "outline"] | None = None  # how tokens are cut, overriding the kit's choice
    cut_guides: bool = True  # False for images seen on screen (export-tts): no cut lines, no crop marks


@dataclass(frozen=True)
class Context:
    """Read by every layout, changed by none: a layout that needs another context (a landscape
    paper, a player's name, settled page numbers) makes one with ``dataclasses.replace``."""

    paper: Paper
    tr: Localizer
    options: Options = field(default_factory=Options)
    players: list[str] | None = None  # names for personalised sheets; None prints blank sheets
    margin: float = MARGIN
    player_name: str | None = None  # the name on the sheet being laid out
    assets: KitFolder | None = None  # the kit's own folder (kits/NAME/), where its pictures live
    dpi: int = 300  # the resolution its pictures are embedded at (the kit's dpi:)
    pictures: Pictures = field(default_factory=Pictures)  # the kit's pictures, read once by the pipeline
    sides: dict[str, str] = field(default_factory=dict)  # component id -> "duplex" | "fold", for the print instructions
    theme: Theme = PLAIN  # the kit's look (kit.theme)
    game: KitInfo | None = None  # the kit's title, players, age and time, for boards' and boxes' titles
    cut: frozenset[str] = frozenset()  # the components whose pages print pieces to cut out, for the print instructions
    kit_ref: str = ""  # what a user types after `printkit build` for this kit (its name, or its file), for commands

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
