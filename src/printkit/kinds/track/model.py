"""The model of tracks: numbered spaces and the special ones.

It lives in the kind's folder (``kinds/track/``), not in kit/shared.py: shared.py holds only what every
kind shares, and ``printkit.kit.model.kit_model`` makes the ``Component`` union from the registry's kinds.
"""

from typing import Literal

from pydantic import Field

from printkit.kit.shared import (
    MAX_COUNT,
    ComponentBase,
    Identifier,
    Int,
    Length,
    Model,
    Text,
)


class TrackSpace(Model):
    """A space of a track that shows an icon or a label, e.g. a bonus."""

    at: Int = Field(ge=-MAX_COUNT, le=MAX_COUNT, description="The space's number, e.g. 10.")
    icon: str | None = Field(None, description="A vector symbol drawn in the space, e.g. 'star'.")
    value: Int | None = Field(
        None, ge=0, le=10_000, description="The space's value (a bonus): {track.space_10}; summed in {track.bonus}."
    )
    label: Text | str | None = Field(None, description="A short text printed under the number, e.g. '+3'.")


class TrackDepths(Model):
    """How deep a track around a board is on each side: a board's exact outer size is its grid and these."""

    top: Length = Field(description="The ring's depth above the grid.")
    right: Length = Field(description="The ring's depth right of the grid.")
    bottom: Length = Field(description="The ring's depth below the grid.")
    left: Length = Field(description="The ring's depth left of the grid.")


class EdgeTrack(Model):
    """A numbered track around a square board's edge: a ring of spaces ``space`` deep hugging the
    grid, clockwise from the top-left corner, its four corner spaces square.

    Numbers as a track component's, under the track's own id: {id.spaces}, {id.start}, {id.end},
    {id.space}, {id.stressed}, {id.specials}, {id.bonus} and {id.space_10}.
    """

    id: Identifier = Field(description="The track's name for placeholders: {score.spaces}.")
    start: Int = Field(1, ge=-MAX_COUNT, le=MAX_COUNT, description="The first space's number (the top-left corner).")
    end: Int = Field(ge=-MAX_COUNT, le=MAX_COUNT, description="The last space's number.")
    space: Length = Field(
        15.0,
        description="How deep the ring is: the side of a square corner space; the spaces along the sides share "
        "the board's side evenly.",
    )
    depth: TrackDepths | None = Field(
        None,
        description="The ring's depth on each side, when they differ: {top: 50mm, right: 100mm, bottom: 50mm, "
        "left: 100mm} makes an 8 × 6 board of 50 mm cells exactly 600 × 400 mm; a corner space is as wide as its "
        "side and as high as its top or bottom. Not given: 'space' on every side.",
    )
    every: Int | None = Field(
        None, ge=2, le=1000, description="Stress every n-th number (a multiple of n), e.g. 5: shaded and bold."
    )
    specials: list[TrackSpace] = Field(default_factory=list, description="Spaces with an icon or a label.")


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
