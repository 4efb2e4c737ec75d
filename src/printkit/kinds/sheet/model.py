"""The model of score sheets and player aids: the sheet, rows of parts (``kit/parts.py``, shared with
the mats) to write on.

It lives in the kind's folder (``kinds/sheet/``), not in kit/shared.py: shared.py holds only what every
kind shares, and ``printkit.kit.model.kit_model`` makes the ``Component`` union from the registry's kinds.
"""

from typing import Annotated, Literal

from pydantic import Field

from printkit.kit.parts import SheetCell
from printkit.kit.shared import ComponentBase


class SheetComponent(ComponentBase):
    """A sheet to write on: rows of parts laid out side by side, top to bottom."""

    kind: Literal["sheet"] = Field(description="The component's kind: 'sheet', a sheet to write on.")
    per_player: bool = Field(True, description="True for one sheet per player; false for one shared sheet.")
    rows: list[Annotated[list[SheetCell], Field(min_length=1)]] = Field(
        description="Bands of parts, top to bottom; parts in a band sit side by side, and a list in a band is a "
        "column of parts."
    )
