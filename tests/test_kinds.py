"""The kind registry and the kit's model agree: every `kind:` the schema accepts is registered once,
with the model class that parses it."""

from __future__ import annotations

import typing

from printkit import kinds, model


def union_members() -> dict[str, type]:
    """kind name -> the model class of model.Component that accepts it."""
    union = typing.get_args(model.Component)[0]
    members: dict[str, type] = {}
    for member in typing.get_args(union):
        for name in typing.get_args(member.model_fields["kind"].annotation):
            members[name] = member
    return members


def test_every_kind_the_schema_accepts_is_registered_with_its_model():
    registered = {kind.name: kind.model for kind in kinds.KINDS}
    assert registered == union_members()


def test_a_kind_and_a_piece_name_is_registered_once():
    names = [kind.name for kind in kinds.KINDS]
    pieces = [piece.name for kind in kinds.KINDS for piece in kind.pieces]
    assert len(set(names)) == len(names) and len(set(pieces)) == len(pieces)
