"""The model of play mats: groups of places and the mat.

It lives in the kind's folder (``kinds/mat/``), not in kit/shared.py: shared.py holds only what every
kind shares, and ``printkit.kit.model.kit_model`` makes the ``Component`` union from the registry's kinds.
"""

from typing import Annotated, Literal

from pydantic import Field

from printkit.kit.parts import SheetPart
from printkit.kit.shared import (
    ComponentBase,
    Count,
    Gap,
    Identifier,
    Int,
    Length,
    Model,
    Text,
)


class PlaceGroup(Model):
    """Consecutive places on a mat that are used from a number of players on."""

    count: Count = Field(description="How many places.")
    players: Annotated[Int, Field(ge=1, le=99)] = Field(
        description="The fewest players with whom these places are used."
    )
    label: Text | None = Field(None, description="What is printed in each place, e.g. {en: '2+ players'}.")


class MatComponent(ComponentBase):
    """A play mat: places for pieces (cards) in rows, marked by player count, and info panels below.

    Numbers: {id.places}, {id.used.N} (places used with N players), {id.place_width}, {id.place_height}.
    """

    kind: Literal["mat"] = Field(description="The component's kind: 'mat', a play mat with places for pieces.")
    orientation: Literal["portrait", "landscape"] = Field("portrait", description="The page's orientation.")
    place_width: Length = Field(description="A place's width; at least the width of the piece laid on it.")
    place_height: Length = Field(description="A place's height; at least the height of the piece laid on it.")
    columns: Count = Field(description="Places per row.")
    fits: Identifier | None = Field(
        None,
        description="The deck whose pieces the places hold, in their sleeves when it names one (the validator "
        "checks that one fits a place, either way round, with at least 1 mm round it).",
    )
    gap: Gap = Field(
        3.0, description="The space between places, at most: a page too narrow for it narrows it (down to 0.5 mm)."
    )
    places: list[PlaceGroup] = Field(
        min_length=1, description="The places in order, grouped by the player count that uses them."
    )
    panels: list[list[SheetPart | list[SheetPart]]] = Field(
        default_factory=list,
        description="Bands of sheet parts (legends, tables, notes) beside the places, as in a sheet's rows.",
    )
    panels_at: Literal["below", "right"] = Field(
        "below", description="Where the panels go: below the places or in a column right of them."
    )
