"""Token sheets: each token a shape in a square cut frame; frames touch, so one line cuts two.

A token is told apart by its shape and its letter or pattern as well as its colour, so a
black-and-white print loses nothing.
"""

from __future__ import annotations

from printkit import fonts
from printkit.layout.context import Context, Paper
from printkit.layout.pieces import PieceArt, PieceRun, piece_pages
from printkit.layout.primitives import Circle, Group, Item, Page, Stroke, Text
from printkit.layout.symbols import shape_centre, shape_outline
from printkit.model import TokensComponent, TokenSet

INK = "#1a1a1a"
OUTLINE = Stroke(color=INK, width=0.7)
INNER = Stroke(color=INK, width=0.4)
INSET = 0.11  # of the frame's side, between the cut line and the shape
LETTER_HEIGHT = {"triangle": 0.26, "star": 0.22, "diamond": 0.3}  # a capital's height, of the shape's size


def numbers(tokens: TokensComponent, paper: Paper) -> dict[str, float | str]:
    """{tokens.total}, {tokens.size}, {tokens.sets}, one count per owner ({tokens.A}) and {tokens.SET.count};
    the texts ``tokens.SET.shape``, ``.letter``, ``.pattern`` of a named set, and ``tokens.OWNER.shape``
    and ``.letter`` when all the owner's tokens share them (``tokens.A.shape == 'circle'``)."""
    p = tokens.id
    values: dict[str, float | str] = {
        f"{p}.total": sum(s.count for s in tokens.sets),
        f"{p}.size": tokens.size,
        f"{p}.sets": len(tokens.sets),
    }
    for owner in dict.fromkeys(s.owner for s in tokens.sets):
        owned = [s for s in tokens.sets if s.owner == owner]
        values[f"{p}.{owner}"] = sum(s.count for s in owned)
        values.update(_looks(f"{p}.{owner}", owned))
    for token_set in tokens.sets:
        if token_set.id:
            values[f"{p}.{token_set.id}.count"] = token_set.count
            values.update(_looks(f"{p}.{token_set.id}", [token_set]))
            values[f"{p}.{token_set.id}.pattern"] = token_set.pattern
    return values


def _looks(prefix: str, sets: list[TokenSet]) -> dict[str, str]:
    """The shape and letter the sets share, as texts an invariant compares ('' for no letter)."""
    looks: dict[str, str] = {}
    for field in ("shape", "letter"):
        seen = {getattr(s, field) or "" for s in sets}
        if len(seen) == 1:
            looks[f"{prefix}.{field}"] = seen.pop()
    return looks


def token_art(tokens: TokensComponent, index: int, token_set: TokenSet) -> Group:
    """One token of a set, drawn once and reused: the shape, its pattern, its letter."""
    size = tokens.size
    shape_size = size * (1 - 2 * INSET)
    centre = size / 2
    items: list[Item] = [shape_outline(token_set.shape, centre, centre, shape_size, OUTLINE, token_set.color)]
    if token_set.pattern == "ring":
        items.append(shape_outline(token_set.shape, centre, centre, shape_size * 0.74, INNER, None))
    elif token_set.pattern == "dot":
        items.append(Circle(centre, centre, size * 0.05, None, INK))
    if token_set.letter:
        point = shape_size * LETTER_HEIGHT.get(token_set.shape, 0.4) / fonts.cap_height(1.0)
        letter_y = shape_centre(token_set.shape, centre, shape_size) + fonts.cap_height(point) / 2
        items.append(Text(centre, letter_y, token_set.letter, point, bold=True, align="center", color=INK))
    return Group(key=("token", tokens.id, index, size), x=0.0, y=0.0, w=size, h=size, items=tuple(items))


def layout(tokens: TokensComponent, ctx: Context) -> list[Page]:
    pieces: list[PieceArt] = []
    for index, token_set in enumerate(tokens.sets):
        art = token_art(tokens, index, token_set)
        extra: tuple[tuple[str, object], ...] = (("owner", token_set.owner), ("shape", token_set.shape))
        if token_set.id:
            extra += (("set", token_set.id),)
        if token_set.letter:
            extra += (("letter", token_set.letter),)
        for _ in range(token_set.count):
            pieces.append(PieceArt("token", tokens.id, len(pieces) + 1, art, extra=extra))
    title = ctx.tr(tokens.title) or tokens.id
    run = PieceRun(
        tokens.id, "tokens", title, tokens.size, tokens.size, tuple(pieces), tuple(s.count for s in tokens.sets)
    )
    return piece_pages(run, ctx)
