"""The model of lid-and-tray boxes for a deck.

It lives in the kind's folder (``kinds/box/``), not in kit/shared.py: shared.py holds only what every
kind shares, and ``printkit.kit.model.kit_model`` makes the ``Component`` union from the registry's kinds.
"""

from typing import Literal

from pydantic import Field

from printkit.kinds.tuckbox.model import BoxBase
from printkit.kit.shared import (
    Room,
)


class TrayBoxComponent(BoxBase):
    """A two-part box for a deck lying flat: a tray and a lid that slides over it, each a net of a
    base, four walls and corner glue tabs, cut along its outline. The tray's inside is the deck's
    card size plus the sleeve and the allowance, as deep as the cards are thick plus the allowance;
    the lid is ``lid_room`` wider and longer, as deep. Printed by ``printkit build KIT --boxes``.

    Numbers (mm): {id.width}, {id.height}, {id.depth} (the tray's inside), {id.cards},
    {id.lid_width}, {id.lid_height}, {id.thickness}, {id.allowance}, {id.sleeve}.
    """

    kind: Literal["box"] = Field(description="The component's kind: 'box', a lid-and-tray box for a deck.")
    lid_room: Room = Field(
        1.5, description="How much wider and longer the lid's inside is than the tray's, so it slides over the walls."
    )
