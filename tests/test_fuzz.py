"""Mutated shipped kits and mutated pictures give a clean error or a valid PDF, never a traceback
(bounded examples).

The long run (10,000 cases, with timings) is benchmarks/fuzz.py.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz.art import ART_KIT, mutate_art
from fuzz.mutations import exercise, mutate, shipped_texts

KITS = shipped_texts()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(kit=st.sampled_from(sorted(KITS)), seed=st.integers(0, 2**32 - 1), rounds=st.integers(1, 3))
def test_mutated_kits_never_crash(kit, seed, rounds):
    text = mutate(KITS[kit], random.Random(seed), rounds)
    outcome = exercise(text)
    assert outcome.kind in ("pdf", "error"), outcome.detail
    if outcome.kind == "error":
        assert "Traceback" not in outcome.detail
        assert outcome.detail.strip()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), rounds=st.integers(1, 3))
def test_mutated_pictures_never_crash(seed, rounds):
    """Corrupt, truncated, hostile, huge or deeply nested pictures: a clean error or a PDF."""
    outcome = exercise(ART_KIT, art=mutate_art(random.Random(seed), rounds))
    assert outcome.kind in ("pdf", "error"), outcome.detail
    if outcome.kind == "error":
        assert "Traceback" not in outcome.detail
        assert outcome.detail.strip()


def test_the_untouched_pictures_build():
    assert exercise(ART_KIT, art=mutate_art(random.Random(0), 0)).kind == "pdf"
