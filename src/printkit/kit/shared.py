"""What every kit and every kind share: frozen models, unknown keys forbidden, a description on every
field. Each kind's component is in its kind's folder (``kinds/NAME/model.py``); ``kit/model.py``
puts them together.

Lengths are millimetres (a plain number) or a string with a unit ("63mm", "2.5in", "12pt").
A ``Text`` is a mapping from language code to text, e.g. ``{pl: Ogród, cs: Zahrada, en: Garden}``.
"""

import re
import typing
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    Strict,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from printkit.base.errors import Loc
from printkit.base.units import LENGTH_PATTERN, parse_length

MAX_COUNT = 10_000
SYNTHETIC_TAGS = {"part", "column"}  # tags a kind's own discriminator puts in an error's location (a sheet's band)

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
    control = _CONTROL.search(value)  # not a loop over the characters: a table's 1,000 names are checked often
    if control:
        raise ValueError(
            f"the file name {value!r} holds the control character U+{ord(control.group()):04X}; give the picture's "
            "file name as it is in the kit's folder"
        )
    return value


_CONTROL = re.compile("[\x00-\x1f\x7f]")


ArtPath = Annotated[str, AfterValidator(_file_name)]
Identifier = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=40)]
Color = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]
PatternName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=40)]  # layout.patterns names them


class Model(BaseModel):
    # Built on first use, not as each class is defined: the schemas are read from the cache (see
    # kit.py, which completes them) or, without one, made once for Kit and for a part only if something asks.
    model_config = ConfigDict(extra="forbid", frozen=True, strict=False, defer_build=True)


# --- kit-level ---------------------------------------------------------------------------------


class PlayerRange(Model):
    """How many can play: the fewest and the most players."""

    min: Annotated[Int, Field(ge=1, le=99, description="Fewest players.")]
    max: Annotated[Int, Field(ge=1, le=99, description="Most players.")]
    open: bool = Field(
        False,
        description="True when the components set no limit and max only suggests one (a roll-and-write): "
        "`printkit sheets` then makes sheets for any number of players up to 99.",
    )


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
        description="The kit's version, at most 20 characters (the rules' credits may name it; pieces carry it only "
        "with version_mark).",
    )
    version_mark: bool = Field(
        False,
        description="True to print the version in 7 pt on the back of every cut piece that has one, inside its "
        "3 mm safe zone, so that pieces of two printed generations do not mix; never on a face. False (the "
        "default): pieces carry only the game.",
    )
    age: str | None = Field(None, description="Suggested age, e.g. '8+'.")
    minutes: str | None = Field(None, description="Playing time in minutes, e.g. '20-45'.")
    credits: Text | None = Field(None, description="A closing line for the rules (sources, licence).")
    print_at: Literal["start", "end"] = Field(
        "start",
        description="Where the rules set 'How to print the kit': 'start' (the default) right after 'What you "
        "need', as the KiG rulebooks do (a family prints before it reads the rules); 'end' after the last "
        "section.",
    )
    contents: bool = Field(
        True,
        description="True to open the rules with 'what is in the kit': one of each printed component, small, with "
        "its count; false to leave it out.",
    )
    seats: Text | None = Field(
        None,
        description="What the rules call the seats round the table, in order, separated by spaces, in each "
        "language (e.g. {pl: 'A B C D', en: 'P1 P2 P3 P4'} where a good's letter is B or C); the shared score "
        "sheet heads its players' columns with them. Without it: A, B, C, ...",
    )

    @field_validator("seats")
    @classmethod
    def _no_seat_twice(cls, seats: dict[str, str] | None) -> dict[str, str] | None:
        for lang, names in (seats or {}).items():
            found = names.split()
            if len(set(found)) < len(found):
                raise ValueError(f"seats in {lang} names a seat twice ({names!r}); give each seat its own name")
        return seats


class TwoSidedDefaults(Model):
    """How the kit's two-sided pieces print unless ``build --two-sided`` or ``--flip`` says otherwise."""

    mode: Literal["duplex", "fold"] = Field(
        "duplex", description="'duplex': backs on the next page; 'fold': backs beside the faces, folded over."
    )
    flip: Literal["long", "short"] = Field(
        "long",
        description="The edge the printer turns the sheet over: 'short' for pieces whose backs must line up "
        "across the sheet's short edge.",
    )


class PageCounts(Model):
    """The page count the rulebook promises on each paper (a board splits into more sheets on Letter)."""

    a4: Int | None = Field(None, ge=1, le=2000, description="Pages on A4.")
    letter: Int | None = Field(None, ge=1, le=2000, description="Pages on US Letter.")
    a3: Int | None = Field(None, ge=1, le=2000, description="Pages on A3.")
    a5: Int | None = Field(None, ge=1, le=2000, description="Pages on A5.")
    legal: Int | None = Field(None, ge=1, le=2000, description="Pages on US Legal.")
    tabloid: Int | None = Field(None, ge=1, le=2000, description="Pages on Tabloid (11 × 17 in).")


class Need(Model):
    """Something the game needs that the kit does not print (dice, pencils, pawns)."""

    id: Identifier = Field(description="A name for placeholders: {need_id.count}.")
    count: Count = Field(description="How many.")
    per_player: bool = Field(False, description="True when the count is for each player.")
    text: Text = Field(description="What it is, e.g. {pl: zwykła kostka D6, ...}.")
    optional: bool = Field(False, description="True when the game can do without it: 'What you need' says so.")
    instead: Text | None = Field(
        None,
        description="What can stand in for it, e.g. {en: a phone's timer}: 'What you need' prints it as the "
        "alternative ('a sand timer or a phone's timer'); the need is then optional.",
    )


PieceRef = Annotated[
    str,
    Field(
        pattern=r"^[a-z][a-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*){1,2}(?::back)?$",
        max_length=100,
    ),
]
Window = Annotated[str, Field(pattern=r"^[A-Z][1-9][0-9]?:[A-Z][1-9][0-9]?$")]
CellName = Annotated[str, Field(pattern=r"^[A-Z][1-9][0-9]?$")]  # a board's or a sheet grid's cell, 'C3'
Move = Annotated[str, Field(pattern=r"^[A-Z][1-9][0-9]?-[A-Z][1-9][0-9]?$")]  # an arrow from a cell to a cell, 'A2-B2'


class FigureCell(Model):
    """A cell of a figure's board or sheet grid: the pieces on it or the letter written in it."""

    at: CellName = Field(description="The cell as column letter and row number, e.g. 'C3'.")
    put: PieceRef | list[PieceRef] = Field(
        default_factory=list,
        description="The piece on the cell, or a list of them bottom first (a stack), each 'COMPONENT.SET' as "
        "its placeholders name it: tokens.guards_a, stones.black.ace, tiles.pink.rock, cards.berries; "
        "':back' shows its back.",
    )
    write: str | None = Field(
        None,
        max_length=40,
        description="What is written in a sheet's grid cell, e.g. 'K', or the placeholder of a legend's symbol, "
        "e.g. '{die.flower.symbol}', so it follows the language.",
    )
    label: Text | str | None = Field(None, description="A short label under the cell, e.g. what it scores.")
    example: Int | None = Field(
        None,
        ge=1,
        le=20,
        description="Marks the cell as example N: 'Example N' is printed under it in the rules' language.",
    )
    shade: bool = Field(
        False,
        description="Shades the cell (a sheet's grid): cells shaded together show a group a rule counts, e.g. "
        "the largest group of leaves.",
    )
    mark: Literal["tick", "cross"] | None = Field(
        None,
        description="A mark in the cell's top-right corner: 'tick', it scores; 'cross', it does not (a sheet's grid).",
    )

    @property
    def stack(self) -> list[str]:
        return [self.put] if isinstance(self.put, str) else list(self.put)


class FigureTally(Model):
    """A line of the points a figure's example scores, printed beside its grid."""

    name: Text = Field(description="What scores, e.g. 'Leaves (shaded): 4 × 2'.")
    points: Annotated[Int, Field(ge=-1000, le=1000)] = Field(description="The points it scores, e.g. 8.")


class FigureSpot(Model):
    """A place in a row or grid of pieces: one piece, or a stack of them, and its label; or an
    empty place holding an arrow from the place before it to the place after it."""

    put: PieceRef | list[PieceRef] = Field(
        default_factory=list, description="The piece, or a list of them bottom first; none leaves the place empty."
    )
    arrow: Literal["turn", "next"] | None = Field(
        None,
        description="An empty place drawn as an arrow from the place before it to the place after it in its row: "
        "'turn', curved, says the two are one piece turned over (its face, then its ':back'); 'next', straight, "
        "says what the one before becomes.",
    )
    label: Text | str | None = Field(None, description="A short label under the place, e.g. what it scores.")
    example: Int | None = Field(
        None,
        ge=1,
        le=20,
        description="Marks the place as example N: 'Example N' is printed under it in the rules' language.",
    )
    linked: bool = Field(
        False,
        description="One of a group the figure picks out (a winning three): a line joins its centre to that of "
        "every linked place beside it, by an edge or a corner.",
    )

    @property
    def stack(self) -> list[str]:
        return [self.put] if isinstance(self.put, str) else list(self.put)


def spot_of(place: FigureSpot | str | list[str] | None) -> FigureSpot:
    """A place of a row of pieces as written: a reference, a list of them (a stack), null (an
    empty place) or a mapping with a label."""
    if isinstance(place, FigureSpot):
        return place
    return FigureSpot(put=[] if place is None else place)


class FigureArea(Model):
    """A block of a figure's board cells ringed, with the words its legend says it marks."""

    at: Window = Field(description="The block, 'A1:C3' (top-left:bottom-right).")
    label: Text | None = Field(
        None, description="What the ring marks, in the legend under the figure, e.g. 'cells counted for C3'."
    )


class FigureOrder(Model):
    """The order of play drawn as rows of seats, a row a pass, each seat's arrow to the next."""

    seats: Annotated[Int, Field(ge=2, le=8)] = Field(description="How many seats (players) the rows show.")
    passes: Annotated[Int, Field(ge=1, le=8)] = Field(description="How many passes: a row each.")
    snake: bool = Field(
        True, description="True: every second pass is reversed (a snake draft), so the last seat picks twice."
    )
    label: Text | None = Field(None, description="The word before each row's number, e.g. {en: 'Pass'}.")


class Figure(Model):
    """A figure of the rules, drawn by the same code that draws the kit's pieces, scaled to its column.

    Either a position on a board (``board``, optional ``window``, ``cells``), a piece of a sheet
    filled in (``sheet`` and ``part``, ``cells`` with ``write``, ``ticked``), or a row or grid of
    pieces (``pieces`` and ``columns``). A board or a sheet part without cells, or a single piece,
    shows that component small.
    """

    board: Identifier | None = Field(None, description="The board the position is on.")
    sheet: Identifier | None = Field(None, description="The sheet a part of which is shown filled in.")
    part: Identifier | None = Field(None, description="The sheet part shown (its id): a grid or checkboxes.")
    window: Window | None = Field(
        None, description="Only these cells of the board or grid, e.g. 'A1:C3' (top-left:bottom-right)."
    )
    cells: list[FigureCell] = Field(default_factory=list, description="The cells that hold pieces or writing.")
    moves: list[Move] = Field(
        default_factory=list, description="Moves drawn as arrows on a board, each 'FROM-TO', e.g. 'A2-B2'."
    )
    areas: list[Window | FigureArea] = Field(
        default_factory=list,
        max_length=4,
        description="Blocks of a board's cells ringed, each 'A1:C3' or {at: 'A1:C3', label: ...}, e.g. the cells "
        "a rule counts around one cell; each its own colour and line (solid, dotted, ...), in this order, so two "
        "areas that share a cell show it; a label puts the ring's line and the words in a legend under the figure.",
    )
    ticked: Int | None = Field(None, ge=0, le=MAX_COUNT, description="How many boxes of a checkboxes part are ticked.")
    ticked_rows: list[Annotated[Int, Field(ge=1, le=26)]] = Field(
        default_factory=list,
        max_length=26,
        description="Rows of a sheet's grid ticked at their right end (1 the window's first row of the grid), "
        "e.g. a full row that scores.",
    )
    tally: list[FigureTally] = Field(
        default_factory=list,
        max_length=8,
        description="The points the example scores, a line each, printed beside the grid with their sum under "
        "them (the sum's words in ``tally_total``).",
    )
    tally_total: Text | None = Field(None, description="The words before the tally's sum, e.g. 'Total'.")
    pieces: list[FigureSpot | PieceRef | list[PieceRef] | None] = Field(
        default_factory=list,
        description="A row or grid of pieces: each place a reference, a list (a stack), null (empty) or "
        "{put: ..., label: ...}.",
    )
    columns: Int | None = Field(None, ge=1, le=20, description="Places a row holds in a grid of pieces.")
    touching: bool = Field(
        False,
        description="A grid of pieces set edge to edge: rows and columns one piece apart, so pieces side by side "
        "touch by an edge and on a diagonal by a corner; a stack is drawn within its own place.",
    )
    mat: Identifier | None = Field(
        None,
        description="A mat whose set-up is shown for each number of players: a miniature of its places, "
        "those used with that many players holding a card.",
    )
    labels: list[Text] = Field(
        default_factory=list,
        max_length=8,
        description="Under each miniature of a mat's set-up, fewest players first, e.g. "
        "{en: '2 players: {market.used.2|card|cards}'}.",
    )
    order: FigureOrder | None = Field(None, description="The order of play: seats in rows, a row a pass.")
    caption: Text = Field(description="The caption under the figure ({placeholders} allowed).")
    height: Length | None = Field(None, description="The tallest the drawing may be in the column (40 mm).")

    @model_validator(mode="after")
    def _one_subject(self) -> "Figure":
        subjects = [name for name in ("board", "sheet", "pieces", "mat", "order") if getattr(self, name)]
        if len(subjects) != 1:
            raise ValueError("a figure shows one of: a board, a sheet's part, pieces, a mat's set-up or an order")
        if self.sheet and not self.part:
            raise ValueError("a sheet figure names the part it shows (part: ID)")
        return self

    @property
    def places(self) -> list[FigureSpot]:
        return [spot_of(place) for place in self.pieces]

    @property
    def area_windows(self) -> list[str]:
        """Each area's block of cells, 'A1:C3'."""
        return [area if isinstance(area, str) else area.at for area in self.areas]

    @property
    def area_labels(self) -> list[Text | None]:
        """Each area's legend words (None: the ring has no line in the legend)."""
        return [None if isinstance(area, str) else area.label for area in self.areas]


class RuleSection(Model):
    """A rules section: a heading and a body, and optionally a figure after the body.

    Body markup: blank lines separate paragraphs, a line starting with "- " is a list item,
    **double asterisks** make bold, and {placeholders} insert numbers the components define.
    """

    heading: Text = Field(description="The section heading.")
    body: Text = Field(description="The section text (see markup above).")
    figure: Figure | None = Field(None, description="A figure drawn from the kit's own components.")


class PlannedPage(Model):
    """What the rulebook promises a page holds; the validator checks the layout against it."""

    page: Annotated[Int, Field(ge=1, le=2000)] = Field(description="The page number promised.")
    role: str = Field(description="What kind of page it is.")  # one of the registry's page_roles (kit_model)
    component: Identifier | None = Field(None, description="The component on that page, if one.")
    two_sided: Literal["duplex", "fold", "none"] | None = Field(
        None,
        description="Checked only in a build with this --two-sided mode: a duplex build gives one-sided pages "
        "blank backs, which moves the pages after them; 'none' in a build with --backs none (faces only).",
    )


class Invariant(Model):
    """A fact the rulebook states, as a comparison over the kit's numbers, e.g. 'rounds.count == 18'.

    printkit's own language (printkit.facts.invariants): numbers, names, + - * /, parentheses, chained
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
    cut: bool = Field(
        False,
        description="True when the pages are cut apart; pages that print pieces to cut out (cards, tokens, tiles, "
        "stones, boxes, a split board's sheets) are said to be cut without it.",
    )
    note: Text | None = Field(None, description="An extra instruction, e.g. when an optional page is needed.")
    instead: Text | None = Field(
        None,
        description="With copies: optional, what can stand in for the printed pieces, e.g. {en: '{tokens.A|pawn|"
        "pawns} in each of two colours'}: 'What you need' prints it as the alternative.",
    )
    stock: Literal["paper", "card"] = Field(
        "paper",
        description="What the pages print on: 'card' (card stock, for pieces and boards that must stand up to play) "
        "or plain 'paper'; a kit using both gets a print-dialog line for each, one print job a stock.",
    )

    @model_validator(mode="after")
    def _instead_is_for_optional_pages(self) -> "PrintPlan":
        if self.instead is not None and self.copies != "optional":
            raise ValueError("'instead' names what stands in for optional pages: set copies: optional")
        return self


class ComponentBase(Model):
    id: Identifier = Field(description="The component's name; placeholders use it: {id.count}, {page.id}.")
    title: Text | None = Field(None, description="A heading printed on the component's page.")
    print: PrintPlan = Field(default_factory=PrintPlan, description="How the component is printed.")
    in_kit: bool = Field(True, description="False for pages only `printkit sheets` prints.")


def walk(value: object, loc: Loc) -> typing.Iterator[tuple[Loc, object]]:
    """Every value in a validated kit with its field path, except the fields a model names in
    ``NOT_WALKED`` (mappings that are not texts, such as a deck's table); a field it names in
    ``ITEMS_WALKED`` is a mapping of values (a type's numbers and texts), walked item by item."""
    # a stack, not recursion: each level of ``yield from`` passes every value up through every
    # generator above it, which cost seconds on a 10,000-row deck
    stack: list[tuple[Loc, object]] = [(loc, value)]
    while stack:
        loc, value = stack.pop()
        yield loc, value
        if isinstance(value, BaseModel):
            skipped: frozenset[str] = getattr(type(value), "NOT_WALKED", frozenset())
            by_item: frozenset[str] = getattr(type(value), "ITEMS_WALKED", frozenset())
            fields = [name for name in type(value).model_fields if name not in skipped]
            for name in reversed(fields):
                field_value = getattr(value, name)
                if name in by_item and isinstance(field_value, dict):
                    items = list(field_value.items())
                    stack.extend((loc + (name, key), item) for key, item in reversed(items))
                else:
                    stack.append((loc + (name,), field_value))
        elif isinstance(value, list):
            stack.extend((loc + (index,), value[index]) for index in range(len(value) - 1, -1, -1))


def band_parts(bands: typing.Sequence[typing.Sequence[Any]]) -> typing.Iterator[Any]:
    """Every part of a sheet's or a mat's bands (``rows``, ``panels``), a column's parts one by one."""
    for band in bands:
        for cell in band:
            yield from (cell if isinstance(cell, list) else [cell])


# The shapes printkit draws: a token's, and an icon's the kit's texts name inline.
TokenShape = Literal["circle", "triangle", "square", "diamond", "hexagon", "star"]


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
    """An icon the kit's texts name inline as :id: (a shape or a symbol in a colour of its own, or a picture)."""

    id: Identifier = Field(description="The icon's name; a text prints it where it says :id:, e.g. :coin:.")
    shape: TokenShape | None = Field(None, description="A shape: circle, triangle, square, diamond, hexagon, star.")
    symbol: str | None = Field(None, description="A vector symbol printkit draws instead, e.g. 'berries'.")
    image: ArtPath | None = Field(
        None,
        description="A picture instead: an SVG, PNG or JPEG file in the kit's folder, printed at the text's size on "
        "its baseline.",
    )
    color: Color | None = Field(
        None, description="The icon's colour (a shape or symbol); none for the colour of the text around it."
    )

    @model_validator(mode="after")
    def _one_drawing(self) -> "IconDef":
        if sum(part is not None for part in (self.shape, self.symbol, self.image)) != 1:
            raise ValueError("an icon is a shape, a symbol or an image: give one of them")
        return self


# A {placeholder}: a name or arithmetic (which may start with a number, {2 * x}), optionally with word
# forms or a number format (placeholders.py reads it); never an escaped {{ or }}.
VALUE_REF = re.compile(r"^\{([a-z][a-z0-9_]*)\}$")  # a colour or icon given as {NAME}, a type's value
PLACEHOLDER = re.compile(r"(?<!\{)\{(?!\{)([A-Za-z0-9_(][^{}]*)\}")


# What a deck fills per piece (cards.layout) and the validator lets its texts name (validate.kit):
PIECE_PLACEHOLDERS = ("name", "letter", "count")  # filled in a deck's element texts and a type's text
INDEX_PLACEHOLDERS = PIECE_PLACEHOLDERS + ("index",)  # and in an index element's own line
