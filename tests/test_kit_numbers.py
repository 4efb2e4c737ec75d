"""Tracing a derived number to the kit file nudges whole numbers one by one; re-validating only the
component that holds the nudged number must give exactly what validating the whole kit gives."""

from __future__ import annotations

import pytest

from printkit import pipeline as build
from printkit.facts.provenance import replaced, whole_numbers
from printkit.kit.file import shipped_kit_names
from printkit.layout.document import kit_numbers
from printkit.validate import proofs


@pytest.mark.parametrize("name", shipped_kit_names())
def test_a_nudged_component_gives_the_numbers_of_the_whole_kit_revalidated(name):
    loaded = build.load(name)
    data = loaded.source.data
    numbers = kit_numbers(loaded.kit)
    local = proofs.KitNumbers(loaded.kit, numbers)
    assert local.separate
    nudged = 0
    for loc, value in whole_numbers(data):
        for changed in (value + 1, value - 1, 0, 10_001):
            variant = replaced(data, loc, changed)
            assert local(variant, loc) == proofs._numbers_of(variant, type(loaded.kit)), (loc, changed)
            nudged += loc[0] == "components"
    assert nudged > 10


def test_an_id_that_names_another_components_number_falls_back_to_the_whole_kit(tmp_path):
    loaded = build.load("targ")
    numbers = kit_numbers(loaded.kit)
    local = proofs.KitNumbers(loaded.kit, numbers)
    index = next(i for i, c in enumerate(loaded.kit.components) if c.id == "cards")
    loc = ("components", index, "types", 0, "count")
    renamed = replaced(replaced(loaded.source.data, ("components", index, "id"), "market"), loc, 13)
    assert local(renamed, loc) == proofs._numbers_of(renamed, type(loaded.kit))
