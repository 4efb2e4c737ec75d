"""The parts of a sheet's or a mat's bands: grids, checkboxes, tracks, legends, scoring rows,
tables, fields and notes, and the bands' cells (a part, or a column of parts).

Two kinds' models use them (``kinds/sheet``, ``kinds/mat``) and ``layout/sheet.py`` draws them, so
they live in ``kit/``, below both: layout may not import a kind's folder.
"""

from typing import Annotated, Any, Literal

from pydantic import Discriminator, Field, Tag, model_validator

from printkit.kit.shared import (
    MAX_COUNT,
    Count,
    Identifier,
    Int,
    Length,
    Model,
    Text,
)


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
    cell_most: Length | None = Field(
        None,
        description="The largest the cells may grow to on a sheet alone on its page: the page's spare height "
        "goes to the cells (as far as the columns beside the grid keep 40 mm) before it widens the gaps "
        "between the bands.",
    )
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
    def _ends_after_start(self) -> "TrackPart":
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
    row_height: Length = Field(11.0, description="The least height of a category's row and its box.")
    row_most: Length | None = Field(
        None,
        description="The tallest the rows may grow to on a sheet alone on its page, with the spare height its "
        "grids' cell_most leaves, before it widens the gaps between the bands.",
    )
    total: Text | None = Field(None, description="The total's label; none for no total row.")
    note: Text | None = Field(
        None,
        description="A short note on the rows, printed under them beside the total, e.g. what 'touching' means.",
    )


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
    seat: Int | None = Field(
        None,
        ge=1,
        le=12,
        description="The seat (from 1) this fixed column belongs to, as plateau's 'Black took' is the first "
        "player's: `printkit sheets --names` writes that player's name under its header.",
    )


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
