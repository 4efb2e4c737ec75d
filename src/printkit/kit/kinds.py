"""What a component kind is to the rest of printkit, and the registry of them all.

A kind (``printkit/kinds/NAME/``) gives its ``Kind``: its model, its layout, its numbers, its own
checks and its pieces. The registry (``Registry``) is a frozen value that
``printkit.kinds.load_kinds`` finds and the pipeline loads once; the kit model made from it
(``printkit.kit.model.kit_model``) carries it (``Kit.kinds``), so the document layout, the
validator, the cut file and the exports read every fact about a kind or its pieces from the value
they are handed, never from a list of kind names of their own.

It lives in ``kit/``, below everything that reads it (layout, validate, output, the commands),
which may not import the kinds' package; the layout and validation types it names (a kind's
layout returns pages) are read by the type checker only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from msgspec import Struct
from pydantic import BaseModel

from printkit.kit.shared import ComponentBase, band_parts

if TYPE_CHECKING:
    from printkit.kit.model import Component, Kit
    from printkit.layout.context import Context, Paper
    from printkit.layout.placeable import Placeable
    from printkit.layout.primitives import Page
    from printkit.validate.findings import Findings

C = TypeVar("C", bound=ComponentBase)


class PieceKind(Struct, frozen=True):
    """What a piece a kind makes is to the consumers of the placement manifest (its ``kind``)."""

    name: str  # the manifest's kind: board, cell, token, ...
    scale_critical: bool  # must keep its printed size: its page carries a ruler or a scale note
    cut: bool = False  # cut out on its face side: an outline in the cut file
    exported: bool = False  # a deck piece of the Tabletop Simulator export
    shop: bool = False  # a piece `printkit export` writes one side to a file, for a print shop


@dataclass(frozen=True)
class Kind(Generic[C]):
    """One component kind (the kit's ``kind:``), everything about it in one place.

    ``order`` places the kind among the others: the order of the schema's ``kind:`` choices and
    of the kinds' checks (printkit's own kinds are numbered 10, 20, ...). ``page_role`` is the
    ``role`` of its pages, the one a kit's ``page_plan`` names them by (a box's pages print in a
    PDF of their own and have none a plan may name).
    ``checks`` are the kind's own checks of one component before layout: each gets the kit, the
    component's index in ``components``, the component and the findings to report into.
    ``cell``, for a kind whose cells other components' pieces may promise to fit (``fits: ID``),
    says how big a cell of a component is, and ``cell_outline`` its outline's corners in mm around its
    centre when a cell is not a square of that side (a hex, a rectangle). ``personalised`` marks the
    kind ``printkit sheets`` prints, once per player. ``derived``, for a kind sized from another component (a tuck box
    from the deck it holds), gives the numbers it makes from the other components' numbers; it
    runs after every component's own ``numbers`` and skips what it cannot find (a check says why).
    ``room``, for a kind whose pages depend on the paper (a board split
    into sheets), says in a line what a component takes on the context's paper, or None when there is
    nothing to say; ``validate`` prints it. ``figure_piece``, for a kind whose pieces the rules'
    figures place, gives the pieces a reference names (its parts after the component's id:
    ``tokens.guards_a`` -> ``["guards_a"]``) as a ``layout.placeable.Placeable``, or what is wrong
    with the reference; ``first_piece`` is the reference of the piece the kit strip shows (None:
    the component has none).
    """

    name: str
    model: type[C]
    layout: Callable[[C, Context], list[Page]]
    numbers: Callable[[C, Paper], dict[str, Any]]
    pieces: tuple[PieceKind, ...]
    order: int
    page_role: str
    checks: tuple[Callable[[Kit, int, C, Findings], None], ...] = ()
    cell: Callable[[C], float] | None = None
    cell_outline: Callable[[C], tuple[tuple[float, float], ...]] | None = None
    personalised: bool = False
    derived: Callable[[C, dict[str, Any]], dict[str, Any]] | None = None
    box: bool = False  # a box for the kit's pieces: `printkit build KIT --boxes` prints it as a PDF of its own
    room: Callable[[C, Context], str | None] | None = None
    figure_piece: Callable[[C, list[str]], Placeable | str] | None = None
    first_piece: Callable[[C], list[str] | None] | None = None
    # one piece of each type the kit strip shows (a token set, an owner's colour), each with how
    # many the kit prints of it: [(reference parts, count)]; None shows the first piece and the total
    strip_pieces: Callable[[C], list[tuple[list[str], int]]] | None = None
    # for a kind whose pieces may have backs (a deck): the component as printed without them
    # (``build --backs none``), or None when it has none to leave out
    faces_only: Callable[[C], C | None] | None = None
    # for a kind whose pieces fill placeholders from their type's values (a deck's {cost}): the
    # value names a component's types give, which its texts may name
    value_names: Callable[[C], set[str]] | None = None
    # the words its pages print that no other kind does, by key then language (``Localizer.msg``)
    messages: Mapping[str, Mapping[str, str]] = dataclasses.field(default_factory=dict, compare=False)


class HasKind(Protocol):
    """A component model of any kind: each names its kind in ``kind`` (a Literal of its own)."""

    @property
    def kind(self) -> str: ...


class Registry(Struct, frozen=True, eq=False):  # compared and hashed as itself: the kit model is made once per registry
    """Every kind a kit may use, in ``Kind.order``, and what is read from them.

    ``checks`` are the kinds' checks, each once (two kinds may share one) in the kinds' order;
    ``pieces`` every piece name a kind places, with what it is to the manifest's readers."""

    kinds: tuple[Kind[Any], ...]
    by_name: Mapping[str, Kind[Any]]
    checks: tuple[Callable[..., None], ...]
    pieces: Mapping[str, PieceKind]
    messages: Mapping[str, Mapping[str, str]]  # every kind's own words, by key

    @classmethod
    def of(cls, kinds: Sequence[Kind[Any]]) -> Registry:
        """The registry of ``kinds``, ordered by their ``order`` (then name); a kind's name and a
        piece's name is one kind's only (a kind of one's own named as one of printkit's is refused),
        but for a piece that kinds share and declare alike (a split board's sheets and glue strips,
        whether the board is square or hex), so that either kind alone knows them."""
        ordered = tuple(sorted(kinds, key=lambda kind: (kind.order, kind.name)))
        for what, names in (
            ("kind", [kind.name for kind in ordered]),
            ("piece", [piece.name for piece in dict.fromkeys(piece for kind in ordered for piece in kind.pieces)]),
            ("message", [key for kind in ordered for key in kind.messages]),
        ):
            twice = sorted({name for name in names if names.count(name) > 1})
            if twice:
                raise ValueError(f"more than one kind names the {what} {', '.join(twice)}")
        return cls(
            kinds=ordered,
            by_name=MappingProxyType({kind.name: kind for kind in ordered}),
            checks=tuple(dict.fromkeys(check for kind in ordered for check in kind.checks)),
            pieces=MappingProxyType({piece.name: piece for kind in ordered for piece in kind.pieces}),
            messages=MappingProxyType({key: words for kind in ordered for key, words in kind.messages.items()}),
        )

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(kind.name for kind in self.kinds)

    @property
    def page_roles(self) -> tuple[str, ...]:
        """The roles a kit's ``page_plan`` may name: the rules' pages, then the pages of the kinds
        printed once, then those ``printkit sheets`` prints per player (a box has none: its pages
        are a PDF of their own)."""
        once = [kind.page_role for kind in self.kinds if not kind.box and not kind.personalised]
        per_player = [kind.page_role for kind in self.kinds if kind.personalised]
        return tuple(dict.fromkeys(["rules", *once, *per_player]))

    def kind_of(self, component: HasKind) -> Kind[Any]:
        """The registered kind of a validated component (its ``kind:`` names it)."""
        return self.by_name[component.kind]

    def scale_critical(self, piece_kind: str) -> bool:
        """A piece that must keep its printed size (its page says "print at 100 %")."""
        piece = self.pieces.get(piece_kind)
        return piece is not None and piece.scale_critical

    def cut(self, piece_kind: str) -> bool:
        """A piece cut out on its face side: its outline goes into the cut file."""
        piece = self.pieces.get(piece_kind)
        return piece is not None and piece.cut

    def exported(self, piece_kind: str) -> bool:
        """A deck piece the Tabletop Simulator export cuts out of the rendered pages."""
        piece = self.pieces.get(piece_kind)
        return piece is not None and piece.exported

    def shop(self, piece_kind: str) -> bool:
        """A piece `printkit export` writes for a print shop, one side to a file or page."""
        piece = self.pieces.get(piece_kind)
        return piece is not None and piece.shop

    def component_numbers(self, component: Component, paper: Paper) -> dict[str, Any]:
        """The numbers a component defines on ``paper``: its kind's, then the length of each of
        its lists and of its sheet parts' lists, and their items' texts (``list_lengths``)."""
        own = self.kind_of(component).numbers(component, paper)
        return own | {name: n for name, n in list_lengths(component).items() if name not in own}

    def derived_numbers(self, component: Component, numbers: dict[str, Any]) -> dict[str, Any]:
        """The numbers ``component`` makes from the other components' ``numbers`` (``Kind.derived``:
        a tuck box's depth from its deck's count), if its kind makes any."""
        derived = self.kind_of(component).derived
        return derived(component, numbers) if derived is not None else {}


NO_KINDS = Registry.of(())  # the registry of the plain ``Kit`` type, which parses no kit file


def list_lengths(component: ComponentBase) -> dict[str, Any]:
    """``ID.FIELD.length`` for every list field of the component (``board.specials.length``,
    ``board.marked.length``, ``cards.types.length``) and of each sheet or mat part with an id
    (``lighthouses.rows.length``): a rulebook's "12 marked cells" needs no number of its own."""
    lengths: dict[str, Any] = {}
    for prefix, owner in list_owners(component):
        for field in type(owner).model_fields:
            value = getattr(owner, field)
            if isinstance(value, list):
                lengths[f"{prefix}.{field}.length"] = len(value)
                lengths.update(listed_items(f"{prefix}.{field}", value))
    return lengths


def list_owners(component: ComponentBase) -> Iterator[tuple[str, BaseModel]]:
    """The component, then each part with an id of its bands (a sheet's or a mat's ``rows``)."""
    yield component.id, component
    for field in ("rows", "panels"):
        bands = getattr(component, field, None)
        if isinstance(bands, list) and all(isinstance(band, list) for band in bands):
            yield from ((part.id, part) for part in band_parts(bands) if getattr(part, "id", None))


NOT_FACTS = ("id", "color", "ink", "image")  # an item's name and looks, not what a rulebook states


def listed_items(prefix: str, items: list[Any]) -> dict[str, Any]:
    """``LIST.N.FIELD`` (N from 1) for each text field of the Nth item of a list of parts, and
    ``LIST.N.FIELD.length`` for each of its lists: a legend's entries as ``die.entries.*.symbol``,
    a stone face's moves as ``stones.faces.*.moves.length``, compared in order with a list; a text
    given per language is ``LIST.N.FIELD.LANG`` (``die.entries.*.symbol.en``). Numbers
    are left out: an item's numbers are its kind's to name (``stones.ace.value``)."""
    values: dict[str, Any] = {}
    for number, item in enumerate(items, start=1):
        if not isinstance(item, BaseModel):
            continue
        for field in type(item).model_fields:
            value = getattr(item, field)
            if isinstance(value, str) and field not in NOT_FACTS:
                values[f"{prefix}.{number}.{field}"] = value
            elif is_text(value) and field not in NOT_FACTS:  # one per language: ``die.entries.*.symbol.en``
                values.update({f"{prefix}.{number}.{field}.{lang}": text for lang, text in value.items()})
            elif isinstance(value, list):
                values[f"{prefix}.{number}.{field}.length"] = len(value)
    return values


def is_text(value: object) -> bool:
    """A text given per language (``{pl: K, en: F}``), as ``model.Text`` holds it."""
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())
