"""Lid-and-tray boxes: two nets, a tray and a lid that slides over it, sized from the deck they hold."""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.kinds.base import Kind, PieceKind, lazy
from printkit.kinds.box_model import TrayBoxComponent
from printkit.kinds.tuckbox import check_box

if TYPE_CHECKING:
    from printkit.kit.model import Kit
    from printkit.layout import tuckbox
    from printkit.validate.findings import Findings


def check_tray_box(kit: Kit, index: int, box: TrayBoxComponent, found: Findings) -> None:
    """The box holds a deck of this kit, its picture is usable, and its lid's and tray's nets fit A4 or Letter."""

    from printkit.layout import traybox

    def nets(room: tuckbox.Inside) -> list[tuple[tuckbox.Flat, str]]:
        lid, tray = traybox.nets(box, room)
        return [(lid, "the box's lid net"), (tray, "the box's tray net")]

    check_box(kit, index, box, found, nets)


KIND = Kind(
    "box",
    TrayBoxComponent,
    lazy("printkit.layout.traybox", "layout"),
    lazy("printkit.layout.tuckbox", "numbers"),
    pieces=(PieceKind("box", scale_critical=True, cut=True),),
    checks=(check_tray_box,),
    derived=lazy("printkit.layout.traybox", "derived"),
    box=True,
)
