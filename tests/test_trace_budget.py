"""Blame's trace gives up at once when it cannot end within its budget (facts/provenance.py)."""

from __future__ import annotations

import time

import pytest

from printkit.facts.provenance import HOPELESS_AFTER, Provenance, TraceOverBudget


def kit_data(rows: int) -> dict:
    """Plain kit data of one deck whose ``rows`` types each have a count (the values a trace nudges)."""
    types = [{"id": f"t{n}", "count": 1} for n in range(rows)]
    return {"components": [{"id": "deck", "kind": "cards", "types": types}]}


def counted_numbers(cost_seconds: float, calls: list[int]):
    """numbers_of for the data above that spends ``cost_seconds`` of CPU a call (a deck validated again)."""

    def numbers_of(data: dict, loc: tuple) -> dict:
        calls.append(1)
        until = time.process_time() + cost_seconds
        while time.process_time() < until:
            pass
        return {"deck.total": sum(t["count"] for t in data["components"][0]["types"])}

    return numbers_of


def test_a_trace_that_cannot_end_in_time_is_given_up_after_a_few_values():
    calls: list[int] = []
    tracer = Provenance(kit_data(2_000), counted_numbers(0.01, calls))  # 2,000 x 2 nudges x 10 ms: 40 s
    started = time.process_time()
    with pytest.raises(TraceOverBudget):
        tracer.sources({"deck.total"})
    assert len(calls) <= 1 + 2 * (HOPELESS_AFTER + 1)  # the base, then a few values both ways
    assert time.process_time() - started < 1.0


def test_a_trace_that_fits_its_budget_runs_to_its_end():
    calls: list[int] = []
    tracer = Provenance(kit_data(50), counted_numbers(0.0, calls))
    found = tracer.sources({"deck.total"})
    assert len(found) == 50  # every count feeds the total
