"""What a deck's ``table:`` says: which file (and sheet) holds its types, how a CSV file is read, and
which column fills which field of a type. ``kit/tables.py`` reads the table by it; the deck's model
(``kinds/cards_model.py``) holds it as its ``table`` field.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from printkit.kit.shared import ArtPath, Identifier, Model

MAX_HEADER_LENGTH = 200  # characters of a column's header a kit may name
HeaderName = Annotated[str, Field(min_length=1, max_length=MAX_HEADER_LENGTH)]


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
        description="Columns of numbers, e.g. {cost: Cost}: the face prints {cost}, the invariants read "
        "{deck.TYPE.cost} in each row.",
    )
    texts: dict[Identifier, HeaderName | dict[str, HeaderName]] = Field(
        default_factory=dict,
        description="Columns of texts, e.g. {kind: Type} or one a language {motto: {pl: motto_pl, cs: motto_cs}}: "
        "the face prints {kind}, when: and the invariants compare it (count(deck.*.kind == 'hunter')).",
    )

    @model_validator(mode="after")
    def _values_apart(self) -> TableColumns:
        both = sorted(set(self.values) & set(self.texts))
        if both:
            raise ValueError(f"{', '.join(both)} is both a number (values) and a text (texts); name it once")
        return self


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
