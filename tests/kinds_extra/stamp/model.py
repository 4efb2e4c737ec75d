"""The stamp's model: a square of a given side."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from printkit.kit.shared import ComponentBase, Length


class StampComponent(ComponentBase):
    """A square stamp, for the registry's test: its side is its only field.

    Numbers: {id.side} (mm).
    """

    kind: Literal["stamp"] = Field(description="The component's kind: 'stamp', a square of a given side.")
    side: Length = Field(description="The stamp's side.")
