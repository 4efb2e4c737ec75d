"""Tokens: sets of flat counters, each a shape in a square cut frame."""

from printkit.kinds.base import Kind, PieceKind
from printkit.layout import tokens
from printkit.model import TokensComponent

KIND = Kind(
    "tokens",
    TokensComponent,
    tokens.layout,
    tokens.numbers,
    pieces=(PieceKind("token", scale_critical=True, cut=True),),
)
