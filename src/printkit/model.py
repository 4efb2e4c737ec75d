"""The typed kit schema: frozen models, unknown keys forbidden, a description on every field.

Lengths are millimetres (a plain number) or a string with a unit ("63mm", "2.5in", "12pt").
A ``Text`` is a mapping from language code to text, e.g. ``{pl: Ogród, cs: Zahrada, en: Garden}``.
"""

from __future__ import annotations

import collections
import difflib
import re
import types
import typing
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal, Union

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    Strict,
    Tag,
    ValidationError,
    WithJsonSchema,
    model_validator,
)
from pydantic_core import ErrorDetails

from printkit import schema_cache, units
from printkit.errors import KitError, Problem
from printkit.kitfile import KitSource
from printkit.units import LENGTH_PATTERN, parse_length

MAX_COUNT = 10_000

# Lengths are read by parse_length; the JSON Schema accepts a number or a text with a unit, so an
# editor does not flag "20mm". Each range is a type of its own: a Field on a field would not bound it.
_Size = Annotated[float, Field(gt=0, le=2000)]
_Shift = Annotated[float, Field(ge=-2000, le=2000)]
_Gap = Annotated[float, Field(ge=0, le=50)]
_Gutter = Annotated[float, Field(ge=0, le=30)]
_Bleed = Annotated[float, Field(ge=0, le=3)]
_Thickness = Annotated[float, Field(gt=0, le=3)]
_Room = Annotated[float, Field(ge=0, le=10)]
_Glue = Annotated[float, Field(ge=3, le=50)]  # a glue strip narrower than 3 mm holds nothing


_BOUNDS = {"gt": "exclusiveMinimum", "ge": "minimum", "lt": "exclusiveMaximum", "le": "maximum"}


def _length_schema(number: Any) -> WithJsonSchema:
    """The JSON Schema of a length: a number in the range of ``number`` or a text with a unit.
    Made from the range here, not derived by pydantic from a Union for each of the ~80 length
    fields at every start (15 ms)."""
    bounds = {
        _BOUNDS[name]: getattr(limit, name)
        for limit in typing.get_args(number)[1].metadata
        for name in _BOUNDS
        if hasattr(limit, name)
    }
    return WithJsonSchema({"anyOf": [{**bounds, "type": "number"}, {"pattern": LENGTH_PATTERN, "type": "string"}]})


Length = Annotated[_Size, BeforeValidator(parse_length), _length_schema(_Size)]
Offset = Annotated[_Shift, BeforeValidator(parse_length), _length_schema(_Shift)]
Gap = Annotated[_Gap, BeforeValidator(parse_length), _length_schema(_Gap)]
Gutter = Annotated[_Gutter, BeforeValidator(parse_length), _length_schema(_Gutter)]
Bleed = Annotated[_Bleed, BeforeValidator(parse_length), _length_schema(_Bleed)]
Thickness = Annotated[_Thickness, BeforeValidator(parse_length), _length_schema(_Thickness)]
Room = Annotated[_Room, BeforeValidator(parse_length), _length_schema(_Room)]
Glue = Annotated[_Glue, BeforeValidator(parse_length), _length_schema(_Glue)]
Text = Annotated[
    dict[str, str],
    WithJsonSchema(
        {"type": "object", "propertyNames": {"pattern": "^[a-z]{2}$"}, "additionalProperties": {"type": "string"}}
    ),
]
# A whole number as the kit writes it: not true (1), 1.0e+3 (1000.0) nor "3", which pydantic's lax
# mode would quietly take for one.
Int = Annotated[int, Strict()]
Count = Annotated[Int, Field(ge=1, le=MAX_COUNT)]


def _file_name(value: str) -> str:
    """A picture's path as a file name can be: no NUL, line break or other control character
    (a NUL cut the name short where the operating system reads it)."""
    for char in value:
        if ord(char) < 32 or ord(char) == 127:
            raise ValueError(
                f"the file name {value!r} holds the control character U+{ord(char):04X}; give the picture's "
                "file name as it is in the kit's folder"
            )
    return value


ArtPath = Annotated[str, AfterValidator(_file_name)]
Identifier = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=40)]
Color = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]


class Model(BaseModel):
    # Built on first use, not as each class is defined: the schemas are read from the cache (see
    # _complete_models) or, without one, made once for Kit and for a part only if something asks.
    model_config = ConfigDict(extra="forbid", frozen=True, strict=False, defer_build=True)


# --- kit-level ---------------------------------------------------------------------------------


class PlayerRange(Model):
    """How many can play: the fewest and the most players."""

    min: Annotated[Int, Field(ge=1, le=99, description="Fewest players.")]
    max: Annotated[Int, Field(ge=1, le=99, description="Most players.")]


class KitInfo(Model):
    """The game itself: its title, players, languages and author."""

    title: Text = Field(description="The game's title in every language.")
    subtitle: Text | None = Field(None, description="One line under the title.")
    players: PlayerRange = Field(description="How many can play.")
    languages: list[Annotated[str, Field(pattern=r"^[a-z]{2}$")]] = Field(
        description="Every language the kit's texts exist in, e.g. [pl, cs, en]."
    )
    default_lang: str = Field(description="The language used when --lang is not given.")
    author: str = Field(description="Who made the game (PDF metadata and the rules' footer).")
    version: str = Field(
        "1.0",
        max_length=20,
        description="The kit's version, at most 20 characters; when set, printed in 7 pt on every cut piece (its "
        "back if it has one).",
    )
    age: str | None = Field(None, description="Suggested age, e.g. '8+'.")
    minutes: str | None = Field(None, description="Playing time in minutes, e.g. '20-45'.")
    credits: Text | None = Field(None, description="A closing line for the rules (sources, licence).")


class Need(Model):
    """Something the game needs that the kit does not print (dice, pencils, pawns)."""

    id: Identifier = Field(description="A name for placeholders: {need_id.count}.")
    count: Count = Field(description="How many.")
    per_player: bool = Field(False, description="True when the count is for each player.")
    text: Text = Field(description="What it is, e.g. {pl: zwykła kostka D6, ...}.")


class RuleSection(Model):
    """A rules section: a heading and a body.

    Body markup: blank lines separate paragraphs, a line starting with "- " is a list item,
    **double asterisks** make bold, and {placeholders} insert numbers the components define.
    """

    heading: Text = Field(description="The section heading.")
    body: Text = Field(description="The section text (see markup above).")


class PlannedPage(Model):
    """What the rulebook promises a page holds; the validator checks the layout against it."""

    page: Annotated[Int, Field(ge=1, le=2000)] = Field(description="The page number promised.")
    role: Literal["rules", "board", "tokens", "pieces", "cards", "tiles", "sheet"] = Field(
        description="What kind of page it is."
    )
    component: Identifier | None = Field(None, description="The component on that page, if one.")
    two_sided: Literal["duplex", "fold"] | None = Field(
        None,
        description="Checked only in a build with this --two-sided mode: a duplex build gives one-sided pages "
        "blank backs, which moves the pages after them.",
    )


class Invariant(Model):
    """A fact the rulebook states, as a comparison over the kit's numbers, e.g. 'rounds.count == 18'.

    printkit's own language (printkit.invariants): numbers, names, + - * /, parentheses, chained
    comparisons, 'and', sum/min/max/count over values or patterns, name[expr]; never Python's eval.
    """

    id: Identifier = Field(description="A short name for the rule, printed with every finding about it.")
    check: str = Field(
        max_length=500,
        description="The comparison, names without braces, e.g. 'board.cells - board.specials == board.free == "
        "tokens.total == 16'.",
    )
    rule: Text | str | None = Field(
        None, description="What the rulebook says, in words; findings quote it ('the rules state ...')."
    )
    for_players: bool = Field(
        False, description="Check it for every player count from players.min to players.max, with 'players' bound."
    )


# --- print instructions shared by components ---------------------------------------------------


class PrintPlan(Model):
    """How a component's pages are printed: how often, and whether they are cut."""

    copies: Literal["once", "per_player", "optional"] = Field(
        "once", description="How many times to print the component's pages."
    )
    cut: bool = Field(False, description="True when the pages are cut apart.")
    note: Text | None = Field(None, description="An extra instruction, e.g. when an optional page is needed.")


class ComponentBase(Model):
    id: Identifier = Field(description="The component's name; placeholders use it: {id.count}, {page.id}.")
    title: Text | None = Field(None, description="A heading printed on the component's page.")
    print: PrintPlan = Field(default_factory=PrintPlan, description="How the component is printed.")
    in_kit: bool = Field(True, description="False for pages only `printkit sheets` prints.")


# --- score sheets ------------------------------------------------------------------------------


class SheetPartBase(Model):
    id: Identifier | None = Field(None, description="A name for placeholders, e.g. {garden.rows}.")
    label: Text | None = Field(None, description="A heading above the part.")
    width: Length | None = Field(None, description="The part's width; parts without one share the rest.")


class GridPart(SheetPartBase):
    """A grid of equal square cells to write in."""

    type: Literal["grid"] = Field(description="The part's type: 'grid', a grid of square cells to write in.")
    rows: Count = Field(description="Number of rows.")
    cols: Count = Field(description="Number of columns.")
    cell: Length = Field(description="The side of one square cell.")
    row_labels: list[str] | None = Field(None, description="Labels left of each row, e.g. ['1', ..., '6'].")
    col_labels: list[str] | None = Field(None, description="Labels above each column.")


class CheckboxesPart(SheetPartBase):
    """A row of boxes to cross out (batteries, lives)."""

    type: Literal["checkboxes"] = Field(description="The part's type: 'checkboxes', a row of boxes to cross out.")
    count: Count = Field(description="Number of boxes.")
    box: Length = Field(8.0, description="The side of one box.")
    icon: str | None = Field(None, description="A vector symbol drawn faintly inside each box, e.g. 'battery'.")


class TrackPart(SheetPartBase):
    """Consecutive numbers to cross out (rounds 1-18): give ``count`` (how many) or ``end`` (the last)."""

    type: Literal["track"] = Field(description="The part's type: 'track', consecutive numbers to cross out.")
    start: Int = Field(1, ge=-MAX_COUNT, le=MAX_COUNT, description="The first number.")
    count: Count | None = Field(None, description="How many numbers, e.g. 18 rounds (or give end).")
    end: Int | None = Field(
        None, ge=-MAX_COUNT, le=MAX_COUNT, description="The last number (at least the first), when count is not given."
    )
    box: Length = Field(9.0, description="The side of one number's box.")

    @model_validator(mode="after")
    def _ends_after_start(self) -> TrackPart:
        if (self.count is None) == (self.end is None):
            raise ValueError("give the track's count (how many numbers) or its end (the last number), not both")
        if self.last < self.start:
            raise ValueError(f"the track ends ({self.end}) before it starts ({self.start})")
        return self

    @property
    def last(self) -> int:
        if self.end is not None:
            return self.end
        assert self.count is not None, "the validator requires a count or an end"
        return self.start + self.count - 1

    @property
    def length(self) -> int:
        return self.last - self.start + 1


class LegendEntry(Model):
    """One line of a legend: what is rolled or seen and what it means."""

    id: Identifier | None = Field(
        None, description="The entry's name; texts read its symbol as {LEGEND.ID.symbol}, e.g. {die.leaf.symbol}."
    )
    key: str = Field(description="What is rolled or seen, e.g. '1-2'.")
    faces: list[Int] | None = Field(None, description="The die faces the entry covers, for the validator.")
    symbol: Text | str | None = Field(
        None,
        description="A letter or short mark written on the sheet, e.g. 'L', or one per language where it "
        "abbreviates a word ({pl: K, en: F} for a flower); distinct within the legend in every language.",
    )
    icon: str | None = Field(None, description="A vector symbol drawn beside the text, e.g. 'leaf'.")
    text: Text = Field(description="What it means.")


class LegendPart(SheetPartBase):
    """A key: die faces to plants, symbols to meanings."""

    type: Literal["legend"] = Field(description="The part's type: 'legend', a key of die faces or symbols.")
    entries: list[LegendEntry] = Field(description="The entries, in order.")


class ScoringRow(Model):
    """One scoring category: its name and how it scores."""

    id: Identifier = Field(description="The category's name.")
    name: Text = Field(description="The category as printed.")
    rule: Text = Field(description="How it scores, in a few words.")


class ScoringPart(SheetPartBase):
    """A scoring table: a box per category and a total."""

    type: Literal["scoring"] = Field(description="The part's type: 'scoring', a scoring table.")
    rows: list[ScoringRow] = Field(description="The scoring categories.")
    total: Text | None = Field(None, description="The total's label; none for no total row.")


class TableColumn(Model):
    """One column of a table to fill in."""

    header: Text | None = Field(None, description="The column heading.")
    players: bool = Field(False, description="True to repeat this column once per player.")
    starter: bool = Field(
        False,
        description="True for a column naming who starts each row: the first player, then the next seat each row "
        "(names from `printkit sheets`).",
    )
    width: Length | None = Field(None, description="The column's width; others share the rest.")


class TablePart(SheetPartBase):
    """A table to fill in: fixed columns, a column per player, rows given as text."""

    type: Literal["table"] = Field(description="The part's type: 'table', a table to fill in.")
    columns: list[TableColumn] = Field(description="The columns, left to right.")
    rows: list[list[Text | str | Int]] = Field(description="The fixed cells of each row (blank cells follow).")
    row_height: Length = Field(9.0, description="The height of one row.")
    total: Text | None = Field(None, description="A total row's label; none for no total row.")
    repeat: Int = Field(1, ge=1, le=4, description="Print the table this many times (e.g. a rematch).")


class FieldPart(SheetPartBase):
    """A labelled line or box to write on (a name, a record)."""

    type: Literal["field"] = Field(description="The part's type: 'field', a labelled box to write in.")
    height: Length = Field(10.0, description="The box's height.")
    name: bool = Field(False, description="True for the player's name field (filled by `printkit sheets`).")


class NotePart(SheetPartBase):
    """A short printed text on the sheet."""

    type: Literal["note"] = Field(description="The part's type: 'note', a short printed text.")
    text: Text = Field(description="The text.")


SheetPart = Annotated[
    GridPart | CheckboxesPart | TrackPart | LegendPart | ScoringPart | TablePart | FieldPart | NotePart,
    Field(discriminator="type"),
]


def _part_or_column(value: Any) -> str:
    return "column" if isinstance(value, list) else "part"


SheetCell = Annotated[
    Annotated[SheetPart, Tag("part")] | Annotated[list[SheetPart], Field(min_length=1), Tag("column")],
    Discriminator(_part_or_column),
]
SYNTHETIC_TAGS = {"part", "column"}


class SheetComponent(ComponentBase):
    """A sheet to write on: rows of parts laid out side by side, top to bottom."""

    kind: Literal["sheet"] = Field(description="The component's kind: 'sheet', a sheet to write on.")
    per_player: bool = Field(True, description="True for one sheet per player; false for one shared sheet.")
    rows: list[Annotated[list[SheetCell], Field(min_length=1)]] = Field(
        description="Bands of parts, top to bottom; parts in a band sit side by side, and a list in a band is a "
        "column of parts."
    )


# --- boards, tokens and two-sided stones -------------------------------------------------------

Coordinate = Annotated[str, Field(pattern=r"^[A-Z][1-9][0-9]?$")]
Owner = Annotated[str, Field(pattern=r"^[A-Za-z][A-Za-z0-9_]*$", max_length=20)]
Step = r"(?:N|NE|E|SE|S|SW|W|NW)"
Move = Annotated[str, Field(pattern=rf"^{Step}(?: {Step})*$")]


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
    {id.marked} (marked cells), and each special cell's value by its coordinate, e.g. {id.C3}.
    """

    kind: Literal["board"] = Field(
        description="The component's kind: 'board', a square grid of cells printed true to scale."
    )
    rows: Count = Field(description="Number of rows of cells.")
    cols: Count = Field(description="Number of columns of cells.")
    cell: Length = Field(description="The side of one square cell.")
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


class HexBoardComponent(ComponentBase):
    """A board of hexes printed true to scale: rows × columns in an offset layout, or a hexagon of a radius.

    Numbers: {id.hexes}, {id.size} (mm, flat to flat), {id.rows}, {id.cols}, {id.specials}, {id.free},
    {id.special_points}, {id.marked}, and each special hex's value by its coordinate, e.g. {id.0304}.
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
    note: Text | None = Field(None, description="A short text printed under the board.")


class TrackSpace(Model):
    """A space of a track that shows an icon or a label, e.g. a bonus."""

    at: Int = Field(ge=-MAX_COUNT, le=MAX_COUNT, description="The space's number, e.g. 10.")
    icon: str | None = Field(None, description="A vector symbol drawn in the space, e.g. 'star'.")
    value: Int | None = Field(
        None, ge=0, le=10_000, description="The space's value (a bonus): {track.space_10}; summed in {track.bonus}."
    )
    label: Text | str | None = Field(None, description="A short text printed under the number, e.g. '+3'.")


class TrackComponent(ComponentBase):
    """A numbered track of square spaces true to scale, as a strip (snaking across the page) or a loop
    around the page's edge: a score track 0-50, a round track 1-18.

    Numbers: {id.spaces}, {id.start}, {id.end}, {id.space} (mm), {id.stressed} (spaces stressed by
    'every'), {id.specials}, {id.bonus} (the specials' values summed), and each special's value as
    {id.space_10}.
    """

    kind: Literal["track"] = Field(description="The component's kind: 'track', numbered spaces to move a marker on.")
    start: Int = Field(1, ge=-MAX_COUNT, le=MAX_COUNT, description="The first space's number.")
    end: Int = Field(ge=-MAX_COUNT, le=MAX_COUNT, description="The last space's number.")
    space: Length = Field(15.0, description="The side of one square space.")
    shape: Literal["strip", "loop"] = Field(
        "strip", description="'strip': rows that snake across the page; 'loop': a ring around the page's edge."
    )
    every: Int | None = Field(
        None, ge=2, le=1000, description="Stress every n-th number (a multiple of n), e.g. 5: shaded and bold."
    )
    specials: list[TrackSpace] = Field(default_factory=list, description="Spaces with an icon or a label.")
    note: Text | None = Field(None, description="A short text printed under the track (inside a loop).")


TokenShape = Literal["circle", "triangle", "square", "diamond", "hexagon", "star"]


class TokenSet(Model):
    """Identical tokens of one player: a shape in a colour, with a letter or pattern for black-and-white prints."""

    id: Identifier | None = Field(None, description="A name for placeholders: {tokens_id.set_id.count}.")
    owner: Owner = Field(description="Whose tokens they are, e.g. 'A'; {tokens_id.A} counts every token the owner has.")
    shape: TokenShape = Field(description="The token's shape inside its square cut frame.")
    count: Count = Field(description="How many tokens of this set are printed.")
    color: Color = Field(
        "#ffffff", description="The shape's fill colour; keep it light so the outline and letter stay clear."
    )
    letter: str | None = Field(None, max_length=3, description="A letter printed in the shape, e.g. 'A'.")
    pattern: Literal["none", "ring", "dot"] = Field(
        "none", description="An extra mark: an inner outline (ring) or a centre dot."
    )


class TokensComponent(ComponentBase):
    """A sheet of tokens, each in a square cut frame; neighbouring frames share one cut line.

    Numbers: {id.total}, {id.size} (mm), one count per owner, e.g. {id.A}, and {id.SET.count} per named set.
    """

    kind: Literal["tokens"] = Field(
        description="The component's kind: 'tokens', a sheet of tokens in square cut frames."
    )
    size: Length = Field(description="The side of a token's square cut frame: the piece that is cut out.")
    fits: Identifier | None = Field(
        None, description="The board whose cells a token must fit inside (the validator checks it)."
    )
    sets: list[TokenSet] = Field(min_length=1, description="The token sets, printed in this order.")
    cut: Literal["frames", "outline"] = Field(
        "frames",
        description="How the tokens are cut: 'frames', square frames sharing their cut lines (scissors, a "
        "guillotine); 'outline', each token's own shape about 1 mm outside it (a cutting machine). "
        "printkit build --cut overrides it.",
    )


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

    @model_validator(mode="after")
    def _bleed_hides_errors(self) -> StonesComponent:
        if 0 < self.bleed < 2:
            raise ValueError(f"a bleed of {self.bleed:g} mm is too small to hide a cutting error; use 0 or 2-3 mm")
        return self


# --- cards and tiles: decks made from counts, and mats with places for them --------------------

ColorRef = Annotated[str, Field(pattern=r"^(#[0-9a-fA-F]{6}|piece|ink|white)$")]
BoxSpec = tuple[Offset, Offset, Length, Length]
PatternName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=40)]


class ElementBase(Model):
    box: BoxSpec | None = Field(
        None,
        description="Where it is drawn: [x, y, width, height] in mm from the piece's top-left corner (its cut line); "
        "none for the whole piece.",
    )
    color: ColorRef = Field(
        "ink",
        description="'ink' (black), 'white', 'piece' (the owner's colour, else the type's) or a colour such as "
        "'#2a7ab0'.",
    )


class FillElement(ElementBase):
    """A background in the piece's colour; without a box it runs out into the bleed."""

    type: Literal["fill"] = Field(description="The element's type: 'fill', a background.")
    color: ColorRef = Field("piece", description="The fill's colour (see the other elements).")
    tint: float = Field(
        1.0, ge=0.05, le=1.0, description="How strong: 1 is the colour itself, 0.25 a light wash that spares ink."
    )


class FrameElement(ElementBase):
    """A border drawn inside the cut line."""

    type: Literal["frame"] = Field(description="The element's type: 'frame', a border inside the cut line.")
    color: ColorRef = Field("piece", description="The frame's colour.")
    inset: Gap = Field(2.0, description="The distance from the cut line.")
    width: Length = Field(0.6, description="The frame's line width.")
    radius: Gap = Field(1.5, description="The corners' radius.")
    fill: ColorRef | None = Field(
        None, description="A colour filling the inside of the frame ('white', 'piece', '#dbe7f3'); none leaves it open."
    )


class PatternElement(ElementBase):
    """A black-and-white-safe pattern (stripes, dots, ...) so colours differ without colour."""

    type: Literal["pattern"] = Field(description="The element's type: 'pattern', a black-and-white-safe pattern.")
    color: ColorRef = Field("piece", description="The pattern's colour.")
    pattern: PatternName | None = Field(
        None, description="A pattern printkit draws; none for the owner's (else the type's) pattern."
    )
    spacing: Length = Field(3.0, description="The distance between the pattern's stripes or dots.")


class LineElementBase(ElementBase):
    """One line of text centred in the box, shrunk to fit it."""

    size_pt: float = Field(10.0, ge=4, le=400, description="The text's largest size in points.")
    rotate: Literal[0, 180] = Field(0, description="180 to print it upside down (for the opposite corner).")


class LetterElement(LineElementBase):
    """The type's letter, as large as ``size_pt`` and the box allow."""

    type: Literal["letter"] = Field(description="The element's type: 'letter', the type's letter.")
    size_pt: float = Field(28.0, ge=4, le=400, description="The letter's largest size in points.")


class NameElement(LineElementBase):
    """The type's name in the kit's language."""

    type: Literal["name"] = Field(description="The element's type: 'name', the type's name.")
    bold: bool = Field(True, description="Bold or regular.")


class OwnerElement(LineElementBase):
    """The owner's name (a colour's name): the same on every piece of the owner, so fit for a back."""

    type: Literal["owner"] = Field(description="The element's type: 'owner', the owner's name.")
    bold: bool = Field(True, description="Bold or regular.")


class IndexElement(LineElementBase):
    """The piece's number within its type, such as '3/12', so a deck can be checked complete."""

    type: Literal["index"] = Field(
        description="The element's type: 'index', the piece's number within its type ('3/12')."
    )
    size_pt: float = Field(7.0, ge=4, le=60, description="The size in points.")
    text: Text | None = Field(
        None,
        description="A line of your own instead of '3/12', with {index} (the piece's number), {count}, {name} and "
        "{letter} filled, e.g. {pl: 'Karta {index} z {count}', ...}.",
    )


class SymbolElement(ElementBase):
    """The type's symbol or image, centred in the box and as large as it allows."""

    type: Literal["symbol"] = Field(description="The element's type: 'symbol', the type's symbol or image.")
    icon: str | None = Field(None, description="A fixed symbol instead of the type's, e.g. 'rock'.")


class TextElement(ElementBase):
    """Free text that wraps in its box; **bold** and line breaks kept; {name}, {letter} and kit numbers filled."""

    type: Literal["text"] = Field(description="The element's type: 'text', free text.")
    text: Text | None = Field(None, description="The text; none for the type's own text.")
    size_pt: float = Field(8.0, ge=4, le=60, description="The size in points.")
    align: Literal["left", "center"] = Field("left", description="left or center.")


class TableElement(ElementBase):
    """A small table of short cells, e.g. hand sizes by player count; the first cell of a row is its key."""

    type: Literal["table"] = Field(description="The element's type: 'table', a small table of short cells.")
    id: Identifier | None = Field(
        None,
        description="A name for numbers: {deck.ID.KEY} counts the values in the row whose first cell is KEY, "
        "{deck.ID.KEY.sum} adds them.",
    )
    rows: list[list[Text | str | Int]] = Field(min_length=1, description="The rows of cells, top to bottom.")
    header: list[Text | str] | None = Field(None, description="An optional header row.")
    size_pt: float = Field(8.0, ge=4, le=60, description="The size in points.")


Element = Annotated[
    FillElement
    | FrameElement
    | PatternElement
    | LetterElement
    | NameElement
    | OwnerElement
    | IndexElement
    | SymbolElement
    | TextElement
    | TableElement,
    Field(discriminator="type"),
]


class DeckType(Model):
    """One kind of piece in a deck (a good, a symbol): how many there are and what the face shows."""

    NOT_WALKED: ClassVar[frozenset[str]] = frozenset({"values"})  # numbers, not texts (validate.findings.walk)

    id: Identifier = Field(description="The type's name; {deck.ID} counts its pieces.")
    count: Count = Field(description="How many pieces of this type (for each owner when the deck has owners).")
    name: Text | None = Field(None, description="The type's name as printed, e.g. {pl: Jagody, ...}.")
    letter: str | None = Field(
        None, min_length=1, max_length=3, description="A big letter printed on the face, e.g. 'J'."
    )
    icon: str | None = Field(None, description="A vector symbol printkit draws, e.g. 'berries'.")
    image: ArtPath | None = Field(
        None, description="An SVG, PNG or JPEG file in the kit's folder kits/NAME/, instead of the icon."
    )
    color: Color | None = Field(
        None, description="The type's colour (used where an element says 'piece' and the deck has no owners)."
    )
    pattern: PatternName | None = Field(None, description="The type's black-and-white-safe pattern, e.g. 'dots'.")
    text: Text | None = Field(
        None, description="The type's free text, printed by a text element without text of its own."
    )
    values: dict[Identifier, Annotated[float, Strict(), Field(ge=-1e9, le=1e9)]] = Field(
        default_factory=dict,
        description="Numbers of the type for the invariants, e.g. {cost: 3}: {deck.TYPE.cost} reads one, "
        "sum(deck.*.cost) adds them over the types.",
    )


HeaderName = Annotated[str, Field(min_length=1, max_length=200)]


class TableColumns(Model):
    """Which column of the table fills which field of a type: the header row's text of each."""

    id: HeaderName = Field(description="The column of the types' ids (lower-case letters, digits and _).")
    count: HeaderName | None = Field(None, description="The column of the counts; none for one piece a row.")
    name: dict[str, HeaderName] | None = Field(
        None, description="The columns of the name, one a language, e.g. {pl: nazwa, cs: název}."
    )
    text: dict[str, HeaderName] | None = Field(
        None, description="The columns of the free text, one a language, e.g. {pl: opis_pl, cs: opis_cs}."
    )
    letter: HeaderName | None = Field(None, description="The column of the letters.")
    icon: HeaderName | None = Field(None, description="The column of the icons (a symbol or shape printkit draws).")
    image: HeaderName | None = Field(None, description="The column of the pictures' file names in the kit's folder.")
    color: HeaderName | None = Field(None, description="The column of the colours ('#2a7ab0').")
    pattern: HeaderName | None = Field(None, description="The column of the patterns.")
    values: dict[Identifier, HeaderName] = Field(
        default_factory=dict,
        description="Columns of numbers for the invariants, e.g. {cost: Cost}: {deck.TYPE.cost} in each row.",
    )


class DeckTable(Model):
    """A deck's types read from a table: one type a row below the header row, of a CSV, XLSX or ODS file."""

    file: ArtPath = Field(description="The table's file in the kit's folder kits/NAME/: .csv, .xlsx or .ods.")
    sheet: Annotated[str, Field(min_length=1, max_length=100)] | None = Field(
        None, description="The sheet of an XLSX or ODS file, by its name; none for the first sheet."
    )
    delimiter: Literal["auto", ",", ";", "\t", "|"] = Field(
        "auto", description="A CSV file's delimiter; auto takes the one of , ; tab | that splits the header row."
    )
    encoding: Literal["auto", "utf-8", "utf-16", "cp1250", "iso-8859-2", "cp1252"] = Field(
        "auto",
        description="A CSV file's encoding; auto reads UTF-8 (with or without a BOM) and UTF-16 with a BOM. "
        "cp1250 is what Excel on Polish and Czech Windows saves as CSV.",
    )
    columns: TableColumns = Field(description="Which column fills which field of a type.")


class DeckOwner(Model):
    """Whose pieces they are (a player's colour); every type is made once per owner."""

    id: Identifier = Field(description="The owner's name; {deck.ID} counts the owner's pieces.")
    name: Text = Field(description="The owner as printed, e.g. {pl: żółty, ...}.")
    color: Color = Field(description="The owner's colour.")
    pattern: PatternName = Field(
        description="The owner's black-and-white-safe pattern, so the owner shows without colour."
    )


DEFAULT_BLEED = 2.0  # mm: hides a cut 0.5 mm off and a duplex back 1-2 mm off
_DECK_NUMBERS = ("count", "total", "types", "owners", "width", "height", "per_page", "pages")


class DeckComponent(ComponentBase):
    """Cards or tiles: pieces of one size, made from counts; each design is drawn once and reused.

    Numbers: {id.total} (also {id.count}), {id.TYPE} per type, {id.OWNER} and {id.OWNER.TYPE} per
    owner, {id.types}, {id.owners}, {id.width}, {id.height} (mm), {id.per_page} and {id.pages}
    (without a per_page, those two count on the paper printed on: 9 poker cards fit A4, 8 Letter).
    """

    NOT_WALKED: ClassVar[frozenset[str]] = frozenset({"table"})  # read into types before the model

    kind: Literal["cards", "tiles"] = Field(
        description="The component's kind: 'cards' (printed face up) or 'tiles' (the same, usually with a back)."
    )
    width: Length = Field(description="A piece's width at its cut line.")
    height: Length = Field(description="A piece's height at its cut line.")
    types: list[DeckType] = Field(
        default_factory=list, description="The kinds of piece, in printing order (after them, the table's rows)."
    )
    table: DeckTable | None = Field(None, description="More types read from a table file, one a row.")
    owners: list[DeckOwner] | None = Field(None, description="The players' colours; every type is printed for each.")
    face: list[Element] = Field(min_length=1, description="What a face shows, drawn in this order.")
    back: list[Element] | None = Field(
        None, description="What a back shows (the same for every piece of an owner); none for a blank back."
    )
    gutter: Gutter | None = Field(
        None,
        description="The space between neighbouring pieces on the card grid; 0 for touching pieces that share cut "
        "lines; none for twice the bleed.",
    )
    bleed: Bleed | None = Field(
        None,
        description="How far the fill runs past the cut line (0, or 2-3 mm); on the card grid it needs a gutter of "
        "at least twice the bleed. None: 2 mm when a fill or pattern runs to the piece's edge, else 0.",
    )
    crop_marks: bool = Field(True, description="Print crop marks outside the block of pieces, in line with every cut.")
    per_page: Count | None = Field(
        None, description="Exactly this many pieces on a page (the rulebook's promise); none for as many as fit."
    )
    orientation: Literal["auto", "portrait", "landscape"] = Field(
        "auto", description="The pages' orientation; auto takes the one that fits best."
    )
    imposition: Literal["auto", "grid", "pieces"] = Field(
        "auto",
        description="How the pieces go on the pages: 'grid' as many to a page as fit, with crop marks (gutter, "
        "bleed, per_page and orientation apply) and the backs, if any, mirrored on the following page "
        "for duplex; 'pieces' touching under a heading with a ruler, backs on the next page or beside "
        "the faces to fold over; 'auto' is grid for a deck without a back, pieces for one with a back.",
    )

    @property
    def print_bleed(self) -> float:
        """The bleed printed: the kit's, else DEFAULT_BLEED for a piece whose fill or pattern reaches its edge
        (a cut 0.5 mm off, or a back 1-2 mm off, would show a white sliver)."""
        if self.bleed is not None:
            return self.bleed
        full = [e for e in self.face + (self.back or []) if e.box is None and e.type in ("fill", "pattern")]
        return DEFAULT_BLEED if full else 0.0

    @property
    def print_gutter(self) -> float:
        """The space between pieces: the kit's, else twice the bleed (each piece bleeds into its half)."""
        return self.gutter if self.gutter is not None else 2 * self.print_bleed

    @property
    def on_grid(self) -> bool:
        """True when the pieces go on the card grid (see ``imposition``)."""
        return self.imposition == "grid" or (self.imposition == "auto" and not self.back)

    @model_validator(mode="after")
    def _consistent(self) -> DeckComponent:
        if not self.types:
            raise ValueError("a deck needs at least one type: list them under 'types:' or read them from a 'table:'")
        bleed = self.print_bleed
        if 0 < bleed < 2:
            raise ValueError(f"a bleed of {bleed:g} mm is too small to hide a cutting error; use 0 or 2-3 mm")
        if bleed and self.print_gutter < 2 * bleed - 1e-9:
            raise ValueError(
                f"a bleed of {bleed:g} mm needs a gutter of at least {2 * bleed:g} mm, or it would print "
                "over the neighbouring piece"
            )
        names = [t.id for t in self.types] + [o.id for o in self.owners or []]
        seen = collections.Counter(names)  # not names.count(n) for each n: a deck of 400 types was 160,000 steps
        clash = sorted(n for n, times in seen.items() if n in _DECK_NUMBERS or times > 1)
        if clash:
            raise ValueError(
                f"type and owner ids must differ from each other and from {', '.join(_DECK_NUMBERS)}: "
                f"{', '.join(clash)}"
            )
        if not self.on_grid and (self.gutter is not None or self.per_page or self.orientation != "auto"):
            why = (
                "imposition: pieces"
                if self.imposition == "pieces"
                else "a deck with a back, unless it says imposition: grid"
            )
            raise ValueError(
                f"this deck prints as pieces under a heading ({why}); gutter, per_page and orientation are for "
                "the card grid (imposition: grid)"
            )
        for element in self.back or []:
            if element.type in ("letter", "name", "index") or (isinstance(element, SymbolElement) and not element.icon):
                raise ValueError(
                    f"a back cannot show the '{element.type}' of a type: it would betray the face (give a symbol "
                    "element a fixed icon)"
                )
            if not self.owners and (
                "piece" in (element.color, getattr(element, "fill", None))
                or (isinstance(element, PatternElement) and not element.pattern)
            ):
                raise ValueError(
                    f"a back of a deck without owners cannot use the piece's colour or pattern ('{element.type}'): "
                    "it would betray the face"
                )
        return self


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
    gap: Gap = Field(3.0, description="The space between places.")
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
    sleeve: Room = Field(0.0, description="What a sleeve adds to a card's width and height, e.g. 3mm; 0 for none.")
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


Component = Annotated[
    SheetComponent
    | BoardComponent
    | HexBoardComponent
    | TrackComponent
    | TokensComponent
    | StonesComponent
    | DeckComponent
    | MatComponent
    | TuckboxComponent
    | TrayBoxComponent,
    Field(discriminator="kind"),
]


class FontFiles(Model):
    """A font family of the kit's own for one role: TrueType files in the kit's folder."""

    regular: ArtPath = Field(description="The regular weight: a .ttf (or TrueType .otf) file in kits/NAME/.")
    bold: ArtPath | None = Field(
        None, description="The bold weight, in the kit's folder; without it the regular file prints bold text too."
    )


class KitFonts(Model):
    """The kit's own fonts by role; a role left out keeps printkit's own face for it."""

    body: FontFiles | None = Field(None, description="Rules paragraphs and list items (printkit's: Noto Serif).")
    headings: FontFiles | None = Field(
        None, description="The rules' title and headings (printkit's: Atkinson Hyperlegible)."
    )
    pieces: FontFiles | None = Field(
        None, description="Boards, tokens, cards, tiles and sheets (printkit's: Atkinson Hyperlegible)."
    )


class IconDef(Model):
    """An icon the kit's texts name inline as :id: (a shape or a symbol, in a colour of its own)."""

    id: Identifier = Field(description="The icon's name; a text prints it where it says :id:, e.g. :coin:.")
    shape: TokenShape | None = Field(None, description="A shape: circle, triangle, square, diamond, hexagon, star.")
    symbol: str | None = Field(None, description="A vector symbol printkit draws instead, e.g. 'berries'.")
    color: Color | None = Field(None, description="The icon's colour; none for the colour of the text around it.")

    @model_validator(mode="after")
    def _one_drawing(self) -> IconDef:
        if (self.shape is None) == (self.symbol is None):
            raise ValueError("an icon is either a shape or a symbol: give one of them")
        return self


class Kit(Model):
    """A printkit kit file: the game, what it needs, what is printed, the rules, the page plan and the facts to prove."""  # noqa: E501

    kit: KitInfo = Field(description="The game: title, players, languages.")
    needs: list[Need] = Field(default_factory=list, description="What the game needs that is not printed.")
    components: list[Component] = Field(description="What is printed, in page order.")
    rules: list[RuleSection] = Field(description="The rules, in your own words, in every language.")
    page_plan: list[PlannedPage] | None = Field(None, description="The pages the rulebook promises.")
    page_count: Int | None = Field(None, ge=1, le=2000, description="The page count the rulebook promises.")
    rules_on_screen: bool = Field(True, description="True when the rules need not be printed.")
    invariants: list[Invariant] = Field(default_factory=list, description="Facts the validator proves.")
    fonts: KitFonts | None = Field(None, description="The kit's own fonts for body text, headings or pieces.")
    icons: list[IconDef] = Field(
        default_factory=list,
        description="Icons the texts name inline as :id: (the shapes and symbols printkit draws need no entry).",
    )

    def component(self, component_id: str) -> Any:
        for component in self.components:
            if component.id == component_id:
                return component
        raise KeyError(component_id)


# --- turning pydantic's errors into kit problems -----------------------------------------------


def parse_kit(source: KitSource) -> Kit:
    """Validate plain kit data into a ``Kit``; every problem is reported at once."""
    if not isinstance(source.data, dict):
        raise KitError(
            [
                Problem(
                    source.display,
                    source.line_of(()),
                    "",
                    _shape_message(source.data, "a mapping with 'kit:', 'components:' and 'rules:'"),
                )
            ]
        )
    try:
        return Kit.model_validate(source.data)
    except ValidationError as exc:
        problems = [_problem(source, error) for error in exc.errors()]
        raise KitError(_dedupe(problems)) from None


def _dedupe(problems: list[Problem]) -> list[Problem]:
    seen: set[str] = set()
    out = []
    for problem in problems:
        if str(problem) not in seen:
            seen.add(str(problem))
            out.append(problem)
    return out


def _problem(source: KitSource, error: ErrorDetails) -> Problem:
    model_loc = tuple(error["loc"])
    data_loc = _data_loc(source.data, model_loc)
    return Problem(*source.where(data_loc), _message(error, model_loc))


def _data_loc(data: object, loc: tuple) -> tuple:
    """Drop the discriminator tags pydantic inserts in a location ('components', 0, 'sheet', ...)."""
    out: list = []
    node = data
    for part in loc:
        if isinstance(node, dict) and part in node:
            out.append(part)
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and part < len(node):
            out.append(part)
            node = node[part]
        elif isinstance(node, dict) and part in (node.get("kind"), node.get("type")):
            continue
        elif part in SYNTHETIC_TAGS or (isinstance(node, list) and isinstance(part, str)):
            continue
        elif isinstance(node, dict):
            out.append(part)
            node = None
        else:
            node = None
    return tuple(out)


def _not_whole(value: object) -> str:
    """Where a whole number was expected: what the kit wrote, and how to write it instead."""
    if isinstance(value, bool):
        return f"expected a whole number, got {str(value).lower()} (a yes/no value); write the number itself"
    if isinstance(value, float) and value.is_integer():
        return f"expected a whole number, got {value!r}; write it as {int(value)}, without a point or an exponent"
    return f"expected a whole number, got {value!r}"


def _message(error: ErrorDetails, loc: tuple) -> str:
    kind = error["type"]
    if kind == "extra_forbidden":
        allowed = _allowed_keys(loc[:-1])
        key = str(loc[-1])
        hint = difflib.get_close_matches(key, allowed, n=1, cutoff=0.6)
        dym = f"; did you mean '{hint[0]}'?" if hint else ""
        return f"unknown key '{key}'{dym} (allowed: {', '.join(allowed)})"
    if kind == "missing":
        return f"required field is missing{_described(loc)}"
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        ctx = error.get("ctx", {})
        expected = ctx.get("expected_tags", "")
        key = ctx.get("discriminator", "'kind'").strip("'")
        if kind == "union_tag_not_found":
            return f"missing '{key}'; it must be one of {expected}"
        return f"unknown {key} {ctx.get('tag')!r}; it must be one of {expected}"
    if kind == "model_type" or kind == "dict_type":
        return _shape_message(error.get("input"), "a mapping (key: value lines)")
    if kind == "list_type":
        return _shape_message(error.get("input"), "a list ('- ' items)")
    if kind == "literal_error":
        return f"{error.get('input')!r} is not allowed; {error['msg'].replace('Input should be ', 'use ')}"
    if kind == "string_pattern_mismatch":
        return f"{error.get('input')!r} does not match the pattern {error['ctx']['pattern']}" + _pattern_hint(
            error["ctx"]["pattern"]
        )
    if kind == "value_error":
        return str(error.get("ctx", {}).get("error", error["msg"]))
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return _not_whole(error.get("input"))
    if kind in ("float_parsing", "float_type"):
        return f"expected a number, got {error.get('input')!r}"
    if kind in ("bool_parsing", "bool_type"):
        return f"expected true or false, got {error.get('input')!r}"
    if kind in ("string_type",):
        return f"expected text, got {error.get('input')!r}"
    if (
        kind == "less_than_equal"
        and error.get("ctx", {}).get("le") == MAX_COUNT
        and isinstance(error.get("input"), int)
    ):
        return f"{error.get('input'):,} is over the limit of {MAX_COUNT:,} of one component"
    if kind == "string_too_long":
        most, given = error.get("ctx", {}).get("max_length"), str(error.get("input"))
        return f"{len(given)} characters is too long; at most {most} fit here (got {given!r})"
    if kind == "too_short":
        least = error.get("ctx", {}).get("min_length", 1)
        return f"an empty list; give at least {least} item{'s' if least != 1 else ''} here (or remove the line)"
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        return f"{error.get('input')!r} is out of range: {error['msg'].replace('Input should be ', 'it must be ')}"
    return f"{error['msg']} (got {error.get('input')!r})"


def _described(loc: tuple) -> str:
    """' (<the field's description>)', so the message says what to write there."""
    model = _model_at(Kit, loc[:-1])
    field = model.model_fields.get(str(loc[-1])) if model is not None else None
    if field is None or not field.description:
        return ""
    return f" ({field.description[0].lower()}{field.description[1:].rstrip('.')})"


def _pattern_hint(pattern: str) -> str:
    hints = {
        r"^[a-z][a-z0-9_]*$": " (lower-case letters, digits and _, starting with a letter, e.g. 'tokens_a')",
        r"^#[0-9a-fA-F]{6}$": " (a colour such as '#2a7ab0')",
        r"^[a-z]{2}$": " (a two-letter language code such as 'pl')",
    }
    return hints.get(pattern, "")


def _shape_message(value: object, wanted: str) -> str:
    what = {
        dict: "a mapping",
        list: "a list",
        str: "text",
        int: "a number",
        float: "a number",
        bool: "true/false",
        type(None): "nothing",
    }
    return f"expected {wanted}, got {what.get(type(value), type(value).__name__)}"


def _allowed_keys(loc: tuple) -> list[str]:
    model = _model_at(Kit, loc)
    if model is None:
        return []
    return list(model.model_fields)


def _model_at(model: type[BaseModel], loc: tuple) -> type[BaseModel] | None:
    """Follow a pydantic error location through the schema to the model that holds its last key."""
    current: Any = model
    for part in loc:
        current = _unwrap(current, part)
        if current is None:
            return None
    current = _unwrap(current, None)
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def _unwrap(annotation: Any, part: object) -> Any:
    """One step along a location: into a field, a list item, or a discriminated union's member."""
    while True:
        origin = typing.get_origin(annotation)
        if origin is Annotated:
            annotation = typing.get_args(annotation)[0]
            continue
        if origin in (Union, types.UnionType):
            members = [a for a in typing.get_args(annotation) if a is not type(None)]
            models = [m for m in members if isinstance(m, type) and issubclass(m, BaseModel)]
            if part is not None:
                for member in models:
                    for tag_field in ("kind", "type"):
                        field = member.model_fields.get(tag_field)
                        if field is not None and part in typing.get_args(field.annotation):
                            return member
            if len(members) == 1:
                annotation = members[0]
                continue
            if part is None:
                return models[0] if len(models) == 1 else None
            if models and isinstance(part, str):
                for member in models:
                    if part in member.model_fields:
                        return member.model_fields[part].annotation
            lists = [m for m in members if typing.get_origin(m) is list]
            if lists and isinstance(part, int):
                annotation = lists[0]
                continue
            return None
        break
    if part is None:
        return annotation
    if typing.get_origin(annotation) is list and isinstance(part, int):
        return typing.get_args(annotation)[0]
    if typing.get_origin(annotation) is dict:
        return typing.get_args(annotation)[1]
    if isinstance(annotation, type) and issubclass(annotation, BaseModel) and isinstance(part, str):
        field = annotation.model_fields.get(part)
        return field.annotation if field is not None else None
    return None


# A {placeholder}: a name or arithmetic, optionally with word forms (placeholders.py reads it).
PLACEHOLDER = re.compile(r"\{([A-Za-z_(][^{}]*)\}")


def _models() -> dict[str, type[Model]]:
    """Every model class of the kit schema, in the order they are defined."""
    return {
        name: value
        for name, value in globals().items()
        if isinstance(value, type) and issubclass(value, Model) and value is not Model
    }


schema_cache.complete(_models(), Kit, [Path(__file__), Path(units.__file__ or "")])
