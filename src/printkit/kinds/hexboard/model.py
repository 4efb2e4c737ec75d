"""The model of hex boards: a board of hexes and its special hexes.

It lives in the kind's folder (``kinds/hexboard/``), not in kit/shared.py: shared.py holds only what every
kind shares, and ``printkit.kit.model.kit_model`` makes the ``Component`` union from the registry's kinds.
"""

from typing import Annotated, Literal

from pydantic import Field

from printkit.kit.shared import (
    Color,
    ComponentBase,
    Count,
    Identifier,
    Int,
    Length,
    Model,
    PatternName,
    Text,
)

HexCoordinate = Annotated[str, Field(pattern=r"^(?:[A-Z][1-9][0-9]?|[0-9]{4})$")]


class SpecialHex(Model):
    """A hex that shows an icon and a label, e.g. a city and its points."""

    at: HexCoordinate = Field(
        description="The hex in the board's coordinate style: '0304' (column 3, row 4) or 'C4'; 0101 / A1 is the "
        "top-left hex."
    )
    icon: str = Field(description="A vector symbol drawn in the hex, e.g. 'lighthouse' (printkit's symbols).")
    value: Int | None = Field(
        None, ge=0, le=10_000, description="The hex's value (points): {board.0304}; summed in {board.special_points}."
    )
    label: Text | str | None = Field(None, description="The text printed in the hex; the value when not given.")


class Terrain(Model):
    """One kind of marked hexes (a forest, hills, a lake): its hexes, its fill or pattern, its legend line."""

    id: Identifier = Field(description="The terrain's name for placeholders: {island.terrain.forest} counts its hexes.")
    at: Literal["perimeter"] | list[HexCoordinate] = Field(
        description="Its hexes: a list of coordinates such as ['0304', '0405'], or 'perimeter' (every edge hex)."
    )
    label: Text = Field(description="What the terrain is, printed in the legend under the board beside a sample.")
    fill: Color = Field("#e2e2e2", description="The hexes' colour, e.g. '#cfe8c4'.")
    pattern: PatternName | None = Field(
        None,
        description="A black-and-white-safe pattern over the fill (stripes, dots, checks, crosshatch, zigzag, grid, "
        "rings), so the terrains stay apart on a black-and-white printer.",
    )


class HexBoardComponent(ComponentBase):
    """A board of hexes printed true to scale: rows × columns in an offset layout, or a hexagon of a radius.

    Numbers: {id.hexes}, {id.size} (mm, flat to flat), {id.rows}, {id.cols}, {id.specials}, {id.free},
    {id.special_points}, {id.marked}, each special hex's value by its coordinate, e.g. {id.0304}, the special
    hexes with each icon, e.g. {id.specials.forest}, and the hexes of each terrain, e.g. {id.terrain.hills}.
    """

    kind: Literal["hexboard"] = Field(description="The component's kind: 'hexboard', a board of hexes true to scale.")
    size: Length = Field(description="A hex's width from flat side to flat side.")
    orientation: Literal["flat", "pointy"] = Field(
        "flat", description="'flat': flat tops, hexes in columns; 'pointy': pointed tops, hexes in rows."
    )
    shape: Literal["rectangle", "hexagon"] = Field(
        "rectangle", description="'rectangle': rows × cols in an offset layout; 'hexagon': every hex within radius."
    )
    rows: Count | None = Field(None, le=99, description="Rows of hexes (shape rectangle).")
    cols: Count | None = Field(None, le=99, description="Columns of hexes (shape rectangle).")
    radius: Int | None = Field(
        None, ge=0, le=30, description="Rings around the centre hex (shape hexagon): radius 4 has 61 hexes."
    )
    offset: Literal["odd-q", "even-q", "odd-r", "even-r"] | None = Field(
        None,
        description="Which columns (q, flat tops) or rows (r, pointy tops) are pushed half a hex: odd-q or even-q, "
        "odd-r or even-r; odd-q / odd-r when not given. A hexagon's coordinates count in it too.",
    )
    coordinates: Literal["none", "number", "letter"] = Field(
        "none", description="Coordinates printed in each hex: 'number' (0101, column then row) or 'letter' (A1)."
    )
    specials: list[SpecialHex] = Field(default_factory=list, description="Hexes with an icon and a label.")
    marked: Literal["perimeter"] | list[HexCoordinate] | None = Field(
        None, description="Hexes printed shaded: 'perimeter' (every edge hex) or a list of coordinates."
    )
    marked_label: Text | None = Field(
        None, description="What the shaded hexes mean, printed under the board beside a sample."
    )
    terrain: list[Terrain] = Field(
        default_factory=list,
        description="Kinds of marked hexes, each with its hexes, fill or pattern and legend line: "
        "[{id: forest, at: ['0203', '0304'], label: {en: Forest}, fill: '#cfe8c4', pattern: dots}].",
    )
    note: Text | None = Field(None, description="A short text printed under the board.")
