"""The model of stones: two-sided playing pieces, their owners, faces and types.

It lives in the kind's folder (``kinds/stones/``), not in kit/shared.py: shared.py holds only what every
kind shares, and ``printkit.kit.model.kit_model`` makes the ``Component`` union from the registry's kinds.
"""

from typing import Annotated, Literal

from pydantic import Field, model_validator

from printkit.kit.shared import (
    Bleed,
    Color,
    ComponentBase,
    Count,
    Gutter,
    Identifier,
    Int,
    Length,
    Model,
    Text,
)

Step = r"(?:N|NE|E|SE|S|SW|W|NW)"
Move = Annotated[str, Field(pattern=rf"^{Step}(?: {Step})*$")]


class StoneOwner(Model):
    """One player's colour of stones."""

    id: Identifier = Field(description="The owner's name, e.g. 'black'.")
    name: Text = Field(description="The owner as printed, e.g. {cs: černé, ...}.")
    color: Color = Field(description="The stone's body colour.")
    ink: Color = Field(description="The colour of marks printed on the body (value, plain-face arrows).")


class StoneFace(Model):
    """One kind of face a stone can show and how a stone showing it moves."""

    id: Identifier = Field(description="The face's name, used by the stone types.")
    name: Text = Field(description="The face as named in the rules, e.g. {cs: červená, ...}.")
    color: Color | None = Field(
        None, description="The face's colour disc; none for a plain face in the owner's colour."
    )
    moves: list[Move] = Field(
        min_length=1,
        description="The arrows printed on the face, one per move: 'N' one step up, 'NE' one step diagonally, 'N NE' "
        "one step up then one diagonally.",
    )


class StoneType(Model):
    """Stones of one kind, the same for every owner: two faces and a value."""

    id: Identifier = Field(description="The type's name: {stones_id.TYPE.value}, {stones_id.TYPE.count}.")
    name: Text = Field(description="The type as named in the rules.")
    faces: Annotated[list[Identifier], Field(min_length=2, max_length=2)] = Field(
        description="The face on top, then the face underneath (the stone's back)."
    )
    value: Int = Field(ge=0, le=10_000, description="The stone's value, printed on both faces.")
    count: Count = Field(description="How many of this type each owner has.")


class StonesComponent(ComponentBase):
    """Two-sided playing pieces: every owner gets every type; each face shows its moves as arrows.

    Printed two-sided (`--two-sided duplex` or `fold`): a stone's back shows its other face.
    Numbers: {id.per_player}, {id.total}, {id.points_per_player}, {id.size} (mm), {id.owners},
    and per type {id.TYPE.value} and {id.TYPE.count}.
    """

    kind: Literal["stones"] = Field(description="The component's kind: 'stones', two-sided playing pieces.")
    size: Length = Field(description="The side of a stone's square cut outline.")
    fits: Identifier | None = Field(
        None, description="The board whose cells a stone must fit inside (the validator checks it)."
    )
    owners: list[StoneOwner] = Field(min_length=1, description="The players' colours, in printing order.")
    faces: list[StoneFace] = Field(min_length=1, description="The kinds of face.")
    types: list[StoneType] = Field(min_length=1, description="The kinds of stone each owner gets.")
    bleed: Bleed = Field(
        2.0, description="How far a stone's body colour runs past its cut line (0, or 2-3 mm), both sides."
    )

    gutter: Gutter | None = Field(
        None,
        description="The space between neighbouring stones: 0 for stones that touch and share their cuts (the "
        "bleed runs round the block only, one cut frees two stones); none for twice the bleed, each stone "
        "cut out on its own.",
    )

    @property
    def shares_cuts(self) -> bool:
        """Touching stones that bleed: the bleed runs round the block, not between the stones."""
        return self.bleed > 0 and self.gutter == 0

    @model_validator(mode="after")
    def _bleed_hides_errors(self) -> "StonesComponent":
        if 0 < self.bleed < 2:
            raise ValueError(f"a bleed of {self.bleed:g} mm is too small to hide a cutting error; use 0 or 2-3 mm")
        if self.gutter not in (None, 0.0) and abs(self.gutter - 2 * self.bleed) > 1e-9:
            raise ValueError(
                f"stones stand twice the bleed apart ({2 * self.bleed:g} mm: leave gutter out) or touch, sharing "
                "their cuts (gutter: 0)"
            )
        return self
