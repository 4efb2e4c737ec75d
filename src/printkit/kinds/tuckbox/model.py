"""The model of tuck boxes, and what every box sized from a deck says (BoxBase, which the box kind shares).

It lives in the kind's folder (``kinds/tuckbox/``), not in kit/shared.py: shared.py holds only what every
kind shares, and ``printkit.kit.model.kit_model`` makes the ``Component`` union from the registry's kinds.
"""

from typing import Literal

from pydantic import Field

from printkit.kit.shared import (
    ArtPath,
    Color,
    ComponentBase,
    Identifier,
    Room,
    Text,
    Thickness,
)

# --- boxes: a tuck box sized from the deck it holds ----------------------------------------------


class BoxBase(ComponentBase):
    """What every box sized from a deck says: the deck, the room around it, its look."""

    in_kit: bool = Field(
        False, description="True to print the box in the kit's PDF; by default only `printkit build KIT --boxes` does."
    )
    holds: Identifier = Field(description="The deck (a cards or tiles component) the box holds.")
    label: Text = Field(description="The name on the box, usually the game's title.")
    contents: Text | None = Field(
        None, description="What the box says it holds, e.g. {en: '{box.cards} cards'}; none for a count."
    )
    thickness: Thickness = Field(
        0.3, description="One card's thickness in the box (the card stock's, with its sleeve's if sleeved)."
    )
    sleeve: Room = Field(
        0.0,
        description="What a sleeve adds to a card's width and height, e.g. 3mm; 0 for none, or for a deck that "
        "names its own sleeve (its sleeve: sizes the box).",
    )
    allowance: Room = Field(
        1.0, description="Room added to the inside's width, height and depth, so the deck slides in."
    )
    color: Color = Field("#2a5d8a", description="The colour of the box's outside.")
    image: ArtPath | None = Field(None, description="A picture for the front (the lid), a file in the kit's folder.")


class TuckboxComponent(BoxBase):
    """A tuck box for a deck: a net with a tuck lid at each end, dust flaps, a glue tab and dashed
    fold lines, cut along its outline. Its inside is the held deck's card size plus the sleeve and
    the allowance, and as deep as the cards are thick, plus the allowance. Not in the kit's PDF
    unless ``in_kit: true``: ``printkit build KIT --boxes`` prints the kit's boxes as a PDF of their own.

    Numbers (mm): {id.width}, {id.height}, {id.depth} (inside), {id.cards}, {id.thickness},
    {id.allowance}, {id.sleeve}, {id.net_width}, {id.net_height}.
    """

    kind: Literal["tuckbox"] = Field(description="The component's kind: 'tuckbox', a tuck box for a deck.")
    ground: Literal["solid", "light"] = Field(
        "solid",
        description="The net's ground: 'solid' floods it with the box's colour, its frames and texts white or "
        "black; 'light' with a light wash of it (less ink at home), its frames, title band and texts in the "
        "colour itself. Either runs into the bleed and leaves the glue tab bare.",
    )
