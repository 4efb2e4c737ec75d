"""What a shop export's files are called and what its index says: one side of a piece on a page
of its own (``SideArt``), the distinct drawings among them (``Design``, one file each), their file
names and index.csv's rows. Plain data: `printkit export` draws and writes them."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence

from msgspec import Struct

from printkit.layout.primitives import Item, Side


class SideArt(Struct, frozen=True):
    """One side of one piece on a page of its own: trim size, bleed, items in page mm, drawing hash."""

    kind: str
    component: str  # the component's id (a deck's, for its cards)
    type: str  # the manifest's component: a deck's piece type, else the component's id
    copy: int  # from 1 in the component, in printing order
    side: Side
    width: float
    height: float
    bleed: float
    items: tuple[Item, ...]
    digest: str

    @property
    def page_size(self) -> tuple[float, float]:
        return self.width + 2 * self.bleed, self.height + 2 * self.bleed


class ShopPiece(Struct, frozen=True):
    face: SideArt
    back: SideArt | None


class Design(Struct):
    """One PNG: the first side drawn so, and every copy that draws the same."""

    art: SideArt
    copies: list[int]
    types: list[str]

    @property
    def type(self) -> str:
        """What every piece drawn so is: the words their types share from the start ("yellow" for
        a back of kpn's yellow rocks, papers and scissors), else the component's id."""
        words = [kind.split(" ") for kind in self.types]
        shared = [first for first, *others in zip(*words, strict=False) if all(w == first for w in others)]
        common = []
        for index, word in enumerate(shared):
            if any(w[index] != word for w in words):
                break
            common.append(word)
        return " ".join(common) or self.art.component


def designs(pieces: list[ShopPiece]) -> list[Design]:
    """Each component's distinct drawings per side, faces and backs in printing order."""
    found: dict[tuple[str, str, str], Design] = {}
    for piece in pieces:
        for art in (piece.face, piece.back):
            if art is not None:
                key = (art.component, art.side, art.digest)
                if key in found:
                    found[key].copies.append(art.copy)
                    found[key].types.append(art.type)
                else:
                    found[key] = Design(art, [art.copy], [art.type])
    return list(found.values())


def png_name(design: Design, width: int) -> str:
    """``stones-01-black-ace-face.png``: the component, the first copy, what the pieces drawn so
    are when the component holds more than one kind (``tiles-01-yellow-back.png``), the side."""
    art = design.art
    named = "" if design.type == art.component else f"-{slug(design.type)}"
    return f"{art.component}-{art.copy:0{width}d}{named}-{art.side}.png"


def slug(text: str) -> str:
    """A file name's part: lower-case letters and digits joined by hyphens ("Black ace" -> "black-ace")."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "piece"


def spans(numbers: list[int]) -> str:
    """1 2 3 5 7 8 -> '1-3 5 7-8'."""
    out: list[str] = []
    start = previous = numbers[0]
    for number in numbers[1:] + [0]:
        if number != previous + 1:
            out.append(str(start) if start == previous else f"{start}-{previous}")
            start = number
        previous = number
    return " ".join(out)


def table(header: tuple[str, ...], rows: Sequence[tuple[object, ...]]) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue().encode("utf-8")
