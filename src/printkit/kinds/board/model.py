"""The model of boards: a square grid of cells and its special cells.

It lives in the kind's folder (``kinds/board/``), not in kit/shared.py: shared.py holds only what every
kind shares, and ``printkit.kit.model.kit_model`` makes the ``Component`` union from the registry's kinds.
"""

from typing import Annotated, Literal

from pydantic import Field

from printkit.kinds.track.model import EdgeTrack
from printkit.kit.shared import (
    ArtPath,
    Bleed,
    ComponentBase,
    Count,
    Glue,
    Int,
    Length,
    Model,
    Text,
)

Coordinate = Annotated[str, Field(pattern=r"^[A-Z][1-9][0-9]?$")]


class SpecialCell(Model):
    """A board cell that shows an icon and a label, e.g. a lighthouse and its points."""

    at: Coordinate = Field(description="The cell as column letter and row number, e.g. 'C3'; A1 is the top-left cell.")
    icon: str = Field(description="A vector symbol drawn in the cell, e.g. 'lighthouse' (printkit's symbols).")
    value: Int | None = Field(
        None,
        ge=0,
        le=10_000,
        description="The cell's value (points): {board.C3}; all of them sum to {board.special_points}.",
    )
    label: Text | str | None = Field(None, description="The text printed in the cell; the value when not given.")


class BoardComponent(ComponentBase):
    """A square grid of cells printed true to scale, on a landscape page when it needs one.

    Numbers: {id.rows}, {id.cols}, {id.cells}, {id.cell} (mm), {id.specials} (special cells),
    {id.free} (cells that are not special), {id.special_points} (the specials' values summed),
    {id.marked} (marked cells), each special cell's value by its coordinate, e.g. {id.C3}, the special cells
    with each icon, e.g. {id.specials.lighthouse}, and the outer {id.width} and {id.height} (mm, with the track).
    """

    kind: Literal["board"] = Field(
        description="The component's kind: 'board', a square grid of cells printed true to scale."
    )
    rows: Count = Field(description="Number of rows of cells.")
    cols: Count = Field(description="Number of columns of cells.")
    cell: Length = Field(description="The side of one square cell; with cell_height, a cell's width.")
    cell_height: Length | None = Field(
        None,
        description="A cell's height when the cells are not square (cell is then their width): 75mm x 66.7mm areas "
        "make an 8 × 6 board 3:2.",
    )
    coordinates: bool = Field(False, description="True to print column letters above and row numbers left of the grid.")
    specials: list[SpecialCell] = Field(default_factory=list, description="Cells with an icon and a label.")
    marked: Literal["perimeter"] | list[Coordinate] | None = Field(
        None, description="Cells printed shaded: 'perimeter' (every edge cell) or a list such as [A1, B1]."
    )
    marked_label: Text | None = Field(
        None, description="What the shaded cells mean, printed under the board beside a sample."
    )
    note: Text | None = Field(None, description="A short text printed under the board.")
    split: bool = Field(
        True,
        description="True to split a board larger than the paper into sheets along its cells, glued together "
        "over glue strips; false to refuse it.",
    )
    glue: Glue = Field(
        10.0,
        description="The width of the glue strip (3 to 50 mm) a split board's sheet carries for the sheet beside or "
        "below it.",
    )
    track: EdgeTrack | None = Field(
        None,
        description="A numbered track around the board's edge (a score track 0-50), split with the board along "
        "its spaces.",
    )
    image: ArtPath | None = Field(
        None,
        description="A picture under the grid and the track (PNG, JPEG or SVG in the kit's folder), filling the "
        "board to its outer edge and 'image_bleed' past it, cropped to fill; a split board's sheets each print "
        "their part.",
    )
    image_bleed: Bleed = Field(
        2.0, description="How far the picture ('image') reaches past the board's outer edge, in mm (0-3)."
    )

    @property
    def cell_w(self) -> float:
        """A cell's width in mm."""
        return self.cell

    @property
    def cell_h(self) -> float:
        """A cell's height in mm: ``cell_height``, else ``cell`` (a square)."""
        return self.cell_height if self.cell_height is not None else self.cell

    @property
    def cell_size(self) -> str:
        """The cells' size as a text says it: '40' for a square, '40 × 30' for a rectangle (mm)."""
        return f"{self.cell_w:g}" if self.cell_h == self.cell_w else f"{self.cell_w:g} × {self.cell_h:g}"

    @property
    def ring_sides(self) -> tuple[float, float, float, float]:
        """How far the track reaches out of the grid (top, right, bottom, left, in mm; 0 without one)."""
        if self.track is None:
            return 0.0, 0.0, 0.0, 0.0
        if self.track.depth is None:
            return self.track.space, self.track.space, self.track.space, self.track.space
        depth = self.track.depth
        return depth.top, depth.right, depth.bottom, depth.left

    @property
    def outer_size(self) -> tuple[float, float]:
        """The board's width and height in mm: its grid and the track around it."""
        top, right, bottom, left = self.ring_sides
        return self.cols * self.cell_w + left + right, self.rows * self.cell_h + top + bottom

    @property
    def image_mm(self) -> float:
        """The longest side its picture prints at: the board's outer size and the bleed on both sides."""
        return max(self.outer_size) + 2 * self.image_bleed
