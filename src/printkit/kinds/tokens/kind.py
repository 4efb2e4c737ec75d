"""The tokens kind's own checks, then its ``KIND``: what the registry reads about it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.kinds.fits import fits_check
from printkit.kinds.tokens import layout
from printkit.kinds.tokens.model import TokensComponent, TokenSet
from printkit.kit.kinds import Kind, PieceKind

if TYPE_CHECKING:
    from printkit.kit.model import Kit
    from printkit.validate.findings import Findings

RESERVED_TOKEN_NAMES = ("total", "size", "sets", "spares")


def check_tokens_tell_apart(kit: Kit, index: int, tokens: TokensComponent, found: Findings) -> None:
    """Different owners' tokens differ by shape, letter or pattern, so black-and-white prints keep them apart."""
    loc = ("components", index, "sets")
    for number, token_set in enumerate(tokens.sets):
        if token_set.owner in RESERVED_TOKEN_NAMES:
            found.add(
                loc + (number, "owner"),
                f"'{token_set.owner}' cannot name an owner: {{{tokens.id}.{token_set.owner}}} already means "
                "something else",
            )
        for earlier in tokens.sets[:number]:
            if earlier.owner != token_set.owner and _looks(earlier) == _looks(token_set):
                found.add(
                    loc + (number,),
                    f"owners {earlier.owner} and {token_set.owner} have tokens that differ only by colour; give "
                    "them a different shape, letter or pattern so a black-and-white print keeps them apart",
                )


def _looks(token_set: TokenSet) -> tuple[str, str, str | None]:
    return token_set.shape, token_set.letter or "", token_set.pattern


KIND = Kind(
    "tokens",
    TokensComponent,
    layout.layout,
    layout.numbers,
    order=50,
    page_role="tokens",
    pieces=(PieceKind("token", scale_critical=True, cut=True, shop=True),),
    checks=(fits_check(layout.cut_outlines), check_tokens_tell_apart),
    figure_piece=layout.figure_piece,
    first_piece=layout.first_piece,
    strip_pieces=layout.strip_pieces,
)
