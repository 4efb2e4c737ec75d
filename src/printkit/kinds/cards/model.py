"""The model of decks (the cards and tiles kinds): face and back elements, types, tables, owners and the deck.

It lives in the kind's folder (``kinds/cards/``), not in kit/shared.py: shared.py holds only what every
kind shares, and ``printkit.kit.model.kit_model`` makes the ``Component`` union from the registry's kinds.
"""

from typing import Annotated, Any, ClassVar, Literal

from pydantic import ConfigDict, Field, Strict, model_validator

from printkit.base.units import parse_length
from printkit.kit.shared import PIECE_PLACEHOLDERS as PIECE_PLACEHOLDERS
from printkit.kit.shared import (
    VALUE_REF,
    ArtPath,
    Bleed,
    Color,
    ComponentBase,
    Count,
    Gap,
    Gutter,
    Identifier,
    Int,
    Length,
    Model,
    Offset,
    PatternName,
    Text,
)
from printkit.kit.table_spec import DeckTable

# --- cards and tiles: decks made from counts, and mats with places for them --------------------

# 'ink', 'white', 'piece', a colour, or {NAME}: the colour a type's value NAME holds (a table's column);
# 'piece dark' and 'piece light': a dark shade and a light tint of the piece's colour (values.resolve_color)
ColorRef = Annotated[str, Field(pattern=r"^(#[0-9a-fA-F]{6}|piece( dark| light)?|ink|white|\{[a-z][a-z0-9_]*\})$")]
BoxSpec = tuple[Offset, Offset, Length, Length]


class ElementBase(Model):
    box: BoxSpec | None = Field(
        None,
        description="Where it is drawn: [x, y, width, height] in mm from the piece's top-left corner (its cut line); "
        "none for the whole piece.",
    )
    color: ColorRef = Field(
        "ink",
        description="'ink' (black), 'white', 'piece' (the owner's colour, else the type's), 'piece dark' (a dark "
        "shade of it, as dark for every colour: a symbol or a name on a light ground), 'piece light' (a light tint "
        "of it, as light for every colour), a colour such as '#2a7ab0', or '{NAME}': the colour the type's value "
        "NAME holds (e.g. a table's column).",
    )
    when: Annotated[str, Field(min_length=1, max_length=500)] | None = Field(
        None,
        description="A condition over the type's values in the invariant language: the element is drawn on the "
        "types for which it holds, e.g. \"type == 'start'\" or 'cost >= 3 and power == 0'. A face's only.",
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


Fraction = Annotated[float, Field(ge=0, le=1)]


class SymbolElement(ElementBase):
    """The type's symbol or image, centred in the box; an image fitted as ``fit`` says."""

    type: Literal["symbol"] = Field(description="The element's type: 'symbol', the type's symbol or image.")
    icon: str | None = Field(
        None,
        description="A fixed symbol instead of the type's, e.g. 'rock'; or '{NAME}': the icon the type's value "
        "NAME names (e.g. a table's column).",
    )
    fit: Literal["contain", "cover", "stretch"] = Field(
        "contain",
        description="How an image fills the box: 'contain' all of it, as large as the box allows; 'cover' the "
        "whole box, its overflow cut off at the box's edges; 'stretch' the whole box, out of proportion.",
    )
    crop: tuple[Fraction, Fraction, Fraction, Fraction] | None = Field(
        None,
        description="Only this part of the image is shown: [x, y, width, height] in fractions of the image's width "
        "and height from its top-left corner, e.g. [0, 0.1, 1, 0.8] leaves out a tenth at the top and bottom.",
    )

    @model_validator(mode="after")
    def _crop_inside(self) -> "SymbolElement":
        if self.crop is not None:
            x, y, w, h = self.crop
            if w <= 0 or h <= 0:
                raise ValueError(f"a crop of {w:g} × {h:g} shows nothing; give a width and height above 0")
            if x + w > 1 + 1e-9 or y + h > 1 + 1e-9:
                raise ValueError(
                    f"the crop reaches past the image (x + width is {x + w:g}, y + height {y + h:g}); each is at most 1"
                )
        return self


class TextElement(ElementBase):
    """Free text that wraps in its box; **bold** and line breaks kept; {name}, {letter}, the type's values
    ({cost}, {type}) and kit numbers filled."""

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
    rows: list[list[Text | str | Int]] = Field(
        min_length=1,
        description="The rows of cells, top to bottom; a cell may print the type's values ({cost}, {power}).",
    )
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


OWN_NAMES = ("id", "icon", "index", "total")  # a type's own numbers and texts (deck.numbers), besides those

Number = Annotated[float, Strict(), Field(ge=-1e9, le=1e9)]
ValueText = Annotated[str, Field(max_length=500)]
TypeValue = Number | ValueText | Text  # a number, a text, or a text per language


class DeckType(Model):
    """One kind of piece in a deck (a good, a symbol): how many there are and what the face shows."""

    ITEMS_WALKED: ClassVar[frozenset[str]] = frozenset({"values"})  # a mapping of values, not a text (kit.shared.walk)

    id: Identifier = Field(description="The type's name; {deck.ID} counts its pieces.")
    count: Count = Field(description="How many pieces of this type (for each owner when the deck has owners).")
    name: Text | None = Field(None, description="The type's name as printed, e.g. {pl: Jagody, ...}.")
    letter: Annotated[str, Field(min_length=1, max_length=3)] | Text | None = Field(
        None,
        description="A big letter printed on the face, e.g. 'J'; one per language where it abbreviates the "
        "name, e.g. {pl: J, en: B} (Jagody, Berries).",
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
    values: dict[Identifier, TypeValue] = Field(
        default_factory=dict,
        description="The type's numbers and texts, e.g. {cost: 3, kind: hunter} or a text per language "
        "{motto: {pl: .., cs: .., en: ..}}: its face prints them ({cost}, {kind}), an element's when: reads "
        "them, and the invariants too ({deck.TYPE.cost}, sum(deck.*.cost), count(deck.*.kind == 'hunter')).",
    )

    @model_validator(mode="after")
    def _values_named_apart(self) -> "DeckType":
        clash = sorted(name for name in self.values if name in PIECE_PLACEHOLDERS + OWN_NAMES)
        if clash:
            raise ValueError(
                f"a value cannot be called {', '.join(clash)}: the type's own {', '.join(clash)} has that name; "
                "rename the value"
            )
        return self


class Sleeve(Model):
    """The sleeve every piece of a deck is played in: its outer size, which a box holding the deck and
    the places of a mat that name the deck (``fits:``) are measured against."""

    width: Length = Field(description="The sleeve's outer width, e.g. 66mm (at least the piece's width).")
    height: Length = Field(description="The sleeve's outer height, e.g. 91mm (at least the piece's height).")


class DeckOwner(Model):
    """Whose pieces they are (a player's colour); every type is made once per owner."""

    id: Identifier = Field(description="The owner's name; {deck.ID} counts the owner's pieces.")
    name: Text = Field(description="The owner as printed, e.g. {pl: żółty, ...}.")
    color: Color = Field(description="The owner's colour.")
    pattern: PatternName = Field(
        description="The owner's black-and-white-safe pattern, so the owner shows without colour."
    )


def _deck_schema(schema: dict[str, Any]) -> None:
    """A hexagonal deck gives its size, a rectangular one its width and height (the model fills a
    hexagon's box in from its size before it checks the fields)."""
    schema["required"] = [name for name in schema.get("required", []) if name not in ("width", "height")]
    hexagon = {"properties": {"shape": {"const": "hexagon"}}, "required": ["shape"]}
    schema["if"], schema["then"], schema["else"] = hexagon, {"required": ["size"]}, {"required": ["width", "height"]}


DEFAULT_BLEED = 2.0  # mm: hides a cut 0.5 mm off and a duplex back 1-2 mm off
DECK_NUMBERS = (
    "count", "total", "types", "owners", "width", "height", "per_page", "pages", "sleeve_width", "sleeve_height"
)  # fmt: skip


class DeckComponent(ComponentBase):
    """Cards or tiles: pieces of one size, made from counts; each design is drawn once and reused.

    Numbers: {id.total} (also {id.count}), {id.TYPE} per type, {id.OWNER} and {id.OWNER.TYPE} per
    owner, {id.types}, {id.owners}, {id.width}, {id.height} (mm), {id.per_page} and {id.pages}
    (without a per_page, those two count on the paper printed on: 9 poker cards fit A4, 8 Letter);
    with a sleeve, {id.sleeve_width} and {id.sleeve_height} (mm).
    """

    NOT_WALKED: ClassVar[frozenset[str]] = frozenset({"table"})  # read into types before the model

    model_config = ConfigDict(**Model.model_config, json_schema_extra=_deck_schema)

    kind: Literal["cards", "tiles"] = Field(
        description="The component's kind: 'cards' (printed face up) or 'tiles' (the same, usually with a back)."
    )
    width: Length = Field(description="A piece's width at its cut line (a rectangle's; a hexagon's follows its size).")
    height: Length = Field(
        description="A piece's height at its cut line (a rectangle's; a hexagon's follows its size)."
    )
    shape: Literal["rectangle", "hexagon"] = Field(
        "rectangle",
        description="The pieces' outline: 'rectangle' (width × height) or 'hexagon' (a regular hexagon of the "
        "size, flat to flat; its faces and backs are drawn inside it and it is cut along it).",
    )
    size: Length | None = Field(None, description="A hexagon's size, from one flat side to the opposite one.")
    top: Literal["pointy", "flat"] = Field(
        "pointy", description="A hexagon's top: 'pointy' (a corner up) or 'flat' (a side up)."
    )
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
        "lines (with a bleed: the bleed runs round the block only, each piece's edge meeting its neighbour's on "
        "the shared cut; also for pieces printed under a heading); none for twice the bleed.",
    )
    sleeve: Sleeve | None = Field(
        None,
        description="The sleeve the pieces are played in ({width: 66mm, height: 91mm}); a box holding the deck "
        "and a mat's places that fit it are sized to the sleeved pieces. None: unsleeved.",
    )
    bleed: Bleed | None = Field(
        None,
        description="How far the fill runs past the cut line (0, or 2-3 mm); on the card grid it needs a gutter of "
        "at least twice the bleed. None: 2 mm when a fill or pattern runs to the piece's edge, else 0.",
    )
    crop_marks: bool = Field(
        True,
        description="Print crop marks outside the block of pieces, in line with every cut. A deck that bleeds "
        "always has them (nothing is drawn on its trim, so they are what the knife follows); false leaves "
        "an unbled deck with its cut lines alone.",
    )
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

    back_pages: Literal["each", "after"] = Field(
        "each",
        description="On the card grid, where the pages of backs go: 'each' after its page of faces, for a "
        "two-sided print of the whole file; 'after' all together after the faces, which print one-sided: "
        "the backs are optional, each page printed on the back of its page of faces, or left out.",
    )

    group: Literal["none", "owner"] = Field(
        "none",
        description="With imposition as pieces: 'owner' starts each owner's pieces on a row of their own, and on "
        "a sheet of their own when they fill one, so a sheet is cut and sorted at once and its backs are "
        "one colour, unless that takes a sheet more (then packed); 'none' packs the deck owner after owner "
        "in the fewest sheets.",
    )

    @model_validator(mode="before")
    @classmethod
    def _hexagon_box(cls, data: Any) -> Any:
        """A hexagon is sized by its flat-to-flat ``size``; its width and height follow (the box
        every consumer places a piece by): size × size·2/√3 pointy-top, turned for flat-top."""
        if not isinstance(data, dict) or data.get("shape") != "hexagon":
            return data
        if "size" not in data:
            raise ValueError("shape: hexagon needs a size: the distance from one flat side to the opposite one")
        try:
            size = parse_length(data.get("size"))
        except ValueError:
            size = 1.0  # the size's own check, or the hexagon's (layout.hextiles), reports it
        across, corner_to_corner = size, size * 2 / 3**0.5
        width, height = (corner_to_corner, across) if data.get("top") == "flat" else (across, corner_to_corner)
        return {"width": width, "height": height, **data}  # a width given stays, for the check to name

    @property
    def print_bleed(self) -> float:
        """The bleed printed: the kit's, else DEFAULT_BLEED for a piece whose fill or pattern reaches its edge
        (a cut 0.5 mm off, or a back 1-2 mm off, would show a white sliver)."""
        if self.bleed is not None:
            return self.bleed
        full = [e for e in self.face + (self.back or []) if e.box is None and e.type in ("fill", "pattern")]
        return DEFAULT_BLEED if full else 0.0

    def value_names(self) -> set[str]:
        """The names its types' values go by ({cost}, {kind}), which its texts may fill."""
        return {name for kind in self.types for name in kind.values}

    def faces_only(self) -> "DeckComponent | None":
        """The deck as ``build --backs none`` prints it, or None when it has no back to leave out. A
        deck whose back alone sent it to the two-sided imposition (a rectangle at ``imposition: auto``)
        goes on the card grid: packed as many to a page as fit, without the bands a back turned over
        either edge needs; a bleed the back alone asked for goes too. The back stays in the model,
        for a figure of the rules that shows one; the layout leaves it out (``Options.faces_only``)."""
        if not self.back:
            return None
        update: dict[str, Any] = {}
        if self.imposition == "auto" and self.shape == "rectangle":
            update["imposition"] = "grid"
        if self.bleed is None:
            update["bleed"] = self.model_copy(update={"back": None}).print_bleed
        return self.model_copy(update=update)

    @property
    def print_crop_marks(self) -> bool:
        """Crop marks are printed: asked for, or the deck bleeds (its trim then carries no cut line)."""
        return self.crop_marks or self.print_bleed > 0

    @property
    def print_gutter(self) -> float:
        """The space between pieces: the kit's, else twice the bleed (each piece bleeds into its half)."""
        return self.gutter if self.gutter is not None else 2 * self.print_bleed

    @property
    def shares_cuts(self) -> bool:
        """Touching pieces that bleed: the bleed runs round the block, not between the pieces."""
        return self.print_bleed > 0 and self.print_gutter == 0

    @property
    def on_grid(self) -> bool:
        """True when the pieces go on the card grid (see ``imposition``)."""
        if self.shape == "hexagon":
            return False
        return self.imposition == "grid" or (self.imposition == "auto" and not self.back)

    @model_validator(mode="after")
    def _consistent(self) -> "DeckComponent":
        if not self.types:
            raise ValueError("a deck needs at least one type: list them under 'types:' or read them from a 'table:'")
        bleed = self.print_bleed
        if 0 < bleed < 2:
            raise ValueError(f"a bleed of {bleed:g} mm is too small to hide a cutting error; use 0 or 2-3 mm")
        if bleed and 0 < self.print_gutter < 2 * bleed - 1e-9:
            raise ValueError(
                f"a bleed of {bleed:g} mm needs a gutter of at least {2 * bleed:g} mm, or it would print "
                "over the neighbouring piece; or a gutter of 0, for pieces that share their cuts"
            )
        if bleed and self.gutter == 0 and self.shape != "rectangle":
            raise ValueError("shared cuts (gutter: 0 with a bleed) are for rectangles: a hexagon's cut is its own")
        if self.sleeve is not None and (self.sleeve.width < self.width or self.sleeve.height < self.height):
            raise ValueError(
                f"a {self.width:g} × {self.height:g} mm piece does not go into a {self.sleeve.width:g} × "
                f"{self.sleeve.height:g} mm sleeve; give the sleeve's outer size, at least the piece's"
            )
        shared_pieces = self.gutter == 0 and bool(self.print_bleed)  # pieces that bleed, sharing their cuts
        if not self.on_grid and (
            (self.gutter is not None and not shared_pieces) or self.per_page or self.orientation != "auto"
        ):
            why = (
                "imposition: pieces"
                if self.imposition == "pieces"
                else "a deck with a back, unless it says imposition: grid"
            )
            raise ValueError(
                f"this deck prints as pieces under a heading ({why}); gutter, per_page and orientation are for "
                "the card grid (imposition: grid), but for gutter: 0 with a bleed, which lets the pieces share "
                "their cuts"
            )
        if self.back_pages == "after" and not (self.back and self.on_grid):
            raise ValueError(
                "back_pages: after puts a deck's pages of backs after its faces on the card grid: it needs a back "
                "and imposition: grid"
            )
        if self.group == "owner" and (self.on_grid or not self.owners):
            raise ValueError(
                "group: owner puts each owner's pieces on rows of their own: it needs owners and the deck printed "
                "as pieces (imposition: pieces, or a back)"
            )
        for element in self.back or []:
            if element.when is not None or any(
                VALUE_REF.match(ref or "") for ref in (element.color, getattr(element, "fill", None))
            ):
                raise ValueError(
                    f"a back is the same for every type, so its '{element.type}' cannot read a type's values "
                    "(when: or a {NAME} colour); they belong on the face"
                )
            if element.type in ("letter", "name", "index") or (isinstance(element, SymbolElement) and not element.icon):
                raise ValueError(
                    f"a back cannot show the '{element.type}' of a type: it would betray the face (give a symbol "
                    "element a fixed icon)"
                )
            if not self.owners and (
                any((ref or "").startswith("piece") for ref in (element.color, getattr(element, "fill", None)))
                or (isinstance(element, PatternElement) and not element.pattern)
            ):
                raise ValueError(
                    f"a back of a deck without owners cannot use the piece's colour or pattern ('{element.type}'): "
                    "it would betray the face"
                )
        return self
