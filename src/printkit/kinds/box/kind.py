"""The box kind's own checks, then its ``KIND``: what the registry reads about it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.kinds.box import layout
from printkit.kinds.box.model import TrayBoxComponent
from printkit.kinds.box.words import MESSAGES
from printkit.kinds.tuckbox.kind import check_box
from printkit.kinds.tuckbox.layout import Flat
from printkit.kinds.tuckbox.room import Inside
from printkit.kit.kinds import Kind, PieceKind

if TYPE_CHECKING:
    from printkit.kit.model import Kit
    from printkit.validate.findings import Findings


def check_tray_box(kit: Kit, index: int, box: TrayBoxComponent, found: Findings) -> None:
    """The box holds a deck of this kit, its picture is usable, and its lid's and tray's nets fit A4 or Letter."""

    def nets(room: Inside) -> list[tuple[Flat, str]]:
        lid, tray = layout.nets(box, room)
        return [(lid, "the box's lid net"), (tray, "the box's tray net")]

    check_box(kit, index, box, found, nets)


KIND = Kind(
    "box",
    TrayBoxComponent,
    layout.layout,
    layout.numbers,
    order=110,
    page_role="box",
    pieces=(PieceKind("box", scale_critical=True, cut=True),),
    checks=(check_tray_box,),
    derived=layout.derived,
    box=True,
    messages=MESSAGES,
)
