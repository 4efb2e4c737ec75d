"""The model of score sheets and player aids: the sheet, rows of parts (``kit/parts.py``, shared with
the mats) to write on.

It lives in the kind's folder (``kinds/sheet/``), not in kit/shared.py: shared.py holds only what every
kind shares, and ``printkit.kit.model.kit_model`` makes the ``Component`` union from the registry's kinds.
"""

from typing import Annotated, Literal

from pydantic import Field, model_validator

from printkit.kit.parts import SheetCell
from printkit.kit.shared import ComponentBase


class SheetComponent(ComponentBase):
    """A sheet to write on: rows of parts laid out side by side, top to bottom."""

    kind: Literal["sheet"] = Field(description="The component's kind: 'sheet', a sheet to write on.")
    per_player: bool = Field(True, description="True for one sheet per player; false for one shared sheet.")
    per_page: Annotated[int, Field(ge=1, le=6)] | Literal["fill"] = Field(
        1,
        description="How many games a page of a shared sheet holds: the sheet printed that many times, one "
        "under another (2 for a score sheet half a page tall), so a page is a score pad, not a lone table; "
        "'fill' for as many as the paper holds (at least 1, at most 6: 2 of a 125 mm sheet on A4 and Letter, "
        "1 on A5).",
    )
    rows: list[Annotated[list[SheetCell], Field(min_length=1)]] = Field(
        description="Bands of parts, top to bottom; parts in a band sit side by side, and a list in a band is a "
        "column of parts."
    )

    @model_validator(mode="after")
    def _games_on_a_shared_sheet(self) -> "SheetComponent":
        if self.per_page != 1 and self.per_player:
            raise ValueError(
                "per_page prints several games on a page of a shared sheet: give per_player: false, or per_page: 1 "
                "for a sheet each player writes on"
            )
        return self
