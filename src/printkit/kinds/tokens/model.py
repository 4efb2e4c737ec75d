"""The model of tokens: sets of identical tokens of one owner.

It lives in the kind's folder (``kinds/tokens/``), not in kit/shared.py: shared.py holds only what every
kind shares, and ``printkit.kit.model.kit_model`` makes the ``Component`` union from the registry's kinds.
"""

from typing import Annotated, Literal

from pydantic import Field

from printkit.kit.shared import (
    Color,
    ComponentBase,
    Count,
    Identifier,
    Length,
    Model,
    TokenShape,
)

Owner = Annotated[str, Field(pattern=r"^[A-Za-z][A-Za-z0-9_]*$", max_length=20)]


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
    icon: str | None = Field(
        None,
        description="An icon printed in the shape (a symbol, a shape or one of the kit's icons, e.g. a unit "
        "symbol); with a letter, the letter goes small under it.",
    )
    pattern: Literal["none", "ring", "dot"] = Field(
        "none", description="An extra mark: an inner outline (ring) or a centre dot."
    )
    spares: Annotated[int, Field(ge=0, le=20, strict=True)] = Field(
        0,
        description="Spare tokens printed after the set, each marked with a small plus in its frame's top-left "
        "corner, in case one is lost; counted apart: {tokens_id.A} and {tokens_id.total} stay the rules' numbers, "
        "{tokens_id.spares}, {tokens_id.A.spares} and {tokens_id.set_id.spares} count the spares.",
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
