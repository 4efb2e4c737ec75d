"""Mutated shipped kits give a clean error or a valid PDF, never a traceback (bounded examples).

The long run (10,000 cases, with timings) is benchmarks/fuzz.py.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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
