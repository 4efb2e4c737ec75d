"""A kit's art direction as data (``theme:``): its palette, how its boards look, the faces its
texts print in. Layout reads it from the context (``Context.theme``); a kit without one gets
printkit's plain look, the defaults below.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from printkit.kit.shared import ArtPath, Bleed, Color, Model

FrameStyle = Literal["line", "double", "band"]
ShippedFace = Literal["serif", "sans", "kit"]


class Palette(Model):
    """The kit's colours: its ink for text and lines, an accent for titles and frames, a muted one
    for coordinates and secondary words."""

    ink: Color = Field("#1a1a1a", description="Text and lines, e.g. '#1a1a1a'.")
    accent: Color = Field(
        "#1a1a1a", description="The title block's rule, the boards' frames and titles, e.g. '#2a5d8f'."
    )
    muted: Color = Field("#555555", description="The boards' coordinates and the title block's facts, e.g. '#555555'.")


class BoardLook(Model):
    """How a board is dressed: the ground under its grid (a colour or a picture, reaching ``bleed``
    past the frame), its frame and the game's title on it."""

    ground: Color | None = Field(None, description="A colour under the grid, e.g. '#f3ead8'; none for the paper.")
    picture: ArtPath | None = Field(
        None, description="A picture under the grid instead (PNG, JPEG or SVG in the kit's folder), drawn to the bleed."
    )
    bleed: Bleed = Field(2.0, description="How far the ground reaches past the frame, in mm (0-3).")
    frame: FrameStyle = Field(
        "line",
        description="The frame around the grid: 'line' (one heavy line), 'double' (a second thin line 1.5 mm "
        "outside it) or 'band' (a 3 mm band in the accent colour).",
    )
    title: bool = Field(False, description="True to print the game's title under the board, on its ground.")
    texture: Literal["none", "waves"] = Field(
        "none",
        description="A pattern on the ground round the grid, never over its cells: 'waves', rows of low wavy lines "
        "a shade darker than the ground (a sea round an island's cells); low ink, decoration only.",
    )
    cells: Color | None = Field(
        None, description="A colour for the grid's cells over the ground, e.g. '#fbf8f1'; none: the ground shows."
    )

    @model_validator(mode="after")
    def _one_ground(self) -> BoardLook:
        if self.ground is not None and self.picture is not None:
            raise ValueError("a board's ground is a colour or a picture: give 'ground' or 'picture', not both")
        return self


class Faces(Model):
    """The faces the rules print in: printkit's serif (Noto Serif), its sans (Atkinson Hyperlegible)
    or the kit's own (``fonts:`` of that role)."""

    body: ShippedFace = Field("serif", description="Rules paragraphs: 'serif', 'sans' or 'kit' (fonts.body).")
    headings: ShippedFace = Field(
        "sans", description="The rules' title and headings: 'serif', 'sans' or 'kit' (fonts.headings)."
    )


class Theme(Model):
    """The kit's look: palette, boards, faces, and its mark."""

    palette: Palette = Field(default_factory=Palette, description="The kit's colours.")
    board: BoardLook = Field(default_factory=BoardLook, description="How the kit's boards are dressed.")
    faces: Faces = Field(default_factory=Faces, description="The faces the rules print in.")
    mark: list[str] = Field(
        default_factory=list,
        max_length=3,
        description="The kit's mark: 1-3 icons (printkit's symbols or the kit's own icons, e.g. [leaf, flower, "
        "fruit]) drawn in a roundel in the accent colour beside the rules' title, in each sheet's title band "
        "and on the front of its boxes; none for no mark.",
    )


PLAIN = Theme()
