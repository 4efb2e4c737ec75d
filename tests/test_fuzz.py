"""Mutated shipped kits, pictures, deck tables, kit fonts, config files and user caches give a clean
error or a valid PDF, never a traceback, within 10 s and 400 MB (bounded samples).

The long run (10,000 cases, each timed and measured in a worker process) is benchmarks/fuzz.py.
"""

from __future__ import annotations

import random
import struct
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz.art import ART_KIT, mutate_art
from fuzz.caches import MARKER, child_environment, make_seed_cache
from fuzz.caches import Draft as CacheDraft
from fuzz.configs import mutate_config
from fuzz.fonts import mutate_font
from fuzz.hostile import Special
from fuzz.mutations import exercise, mutate, shipped_texts
from fuzz.runner import FINE, MEGABYTES_BUDGET, SECONDS_BUDGET, Result, case_rng, measured, prepared_cache, run_case
from fuzz.tables import mutate_table
from printkit.base.startup import usercache

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


# --- the families of issue 26: tables, fonts, config files, caches (the long run: benchmarks/fuzz.py) ---

SAMPLE_SEED = 26
FRESH_START_MB = 60  # a fresh printkit's own memory (a build of a small kit peaks at 51-53 MB)
SAMPLES = {"table": range(6), "font": range(8), "config": range(6), "cache": (0, 2, 3, 6, 7)}
# Sample cases that fail for a known defect not mended yet, with the item (none today).
KNOWN: dict[tuple[str, int], str] = {}


def sample_cases():
    for family, cases in SAMPLES.items():
        for case in cases:
            known = KNOWN.get((family, case))
            marks = [pytest.mark.xfail(strict=False, reason=known)] if known else []
            yield pytest.param(family, case, marks=marks, id=f"{family}-{case}")


@pytest.fixture(scope="module")
def seed_cache(tmp_path_factory):
    """The user cache one real build wrote (Polish: its hyphenation too)."""
    return make_seed_cache(tmp_path_factory.mktemp("cache-seed"), languages=("pl",))


@pytest.mark.parametrize("family, case", list(sample_cases()))
def test_a_sample_of_each_new_family_is_refused_cleanly_within_budget(family, case, tmp_path, request):
    """A few cases of each family, as benchmarks/fuzz.py runs them: a clean refusal (one message,
    no traceback, exit 1) or a PDF, within 10 s of CPU and 400 MB."""
    seed_cache = request.getfixturevalue("seed_cache") if family == "cache" else None
    result = run_case(family, SAMPLE_SEED, case, tmp_path, seed_cache)
    assert result.kind in FINE, f"{result.signatures()}\n{result.detail}"
    if result.kind == "error":
        assert result.detail.strip() and "Traceback" not in result.detail
    assert result.cpu_seconds < SECONDS_BUDGET
    assert result.peak_mb - result.baseline_mb < MEGABYTES_BUDGET - FRESH_START_MB, result.mutators


def test_the_mutators_are_deterministic_from_the_seed(tmp_path):
    """The same (seed, case) gives the same files, so a case reported by the long run reproduces."""
    for case in range(12):
        assert mutate_table(case_rng(7, case), 3) == mutate_table(case_rng(7, case), 3)
        assert mutate_font(case_rng(7, case), 3) == mutate_font(case_rng(7, case), 3)
        assert mutate_config(case_rng(7, case), 3) == mutate_config(case_rng(7, case), 3)


def test_the_fuzzer_reports_a_crash_by_its_exception_and_place():
    """The summary groups cases by signature: the exception and the innermost printkit frame."""
    detail = (
        'Traceback (most recent call last):\n  File "/x/src/printkit/cli.py", line 9, in main\n'
        '  File "/x/src/printkit/kit/tables.py", line 300, in read_path\nIndexError: list index out of range\n'
        "internal error: IndexError: list index out of range (please report this)\n"
    )
    result = Result("table", 1, 5, "crash", cpu_seconds=11.0, mutators=["table.csv.odd_cell"], command="build x")
    result.detail = detail
    assert result.signatures() == [
        "crash: table: IndexError at printkit/kit/tables.py:read_path (build)",
        "slow: table: table.csv.odd_cell",
    ]


def test_the_cache_cases_start_printkit_with_its_cache_on_whatever_the_fuzzer_has(tmp_path, monkeypatch):
    """A fuzzer run with the cache switched off would mutate a cache no start reads or writes."""
    monkeypatch.setenv(usercache.SWITCH, "1")
    assert usercache.SWITCH not in child_environment(tmp_path / "cache", tmp_path / "config")
    seed = make_seed_cache(tmp_path, languages=("pl",))
    assert sorted(path.name.split("-")[0] for path in seed.iterdir()) == ["hyphenation"]


def cache_file_named(draft, prefix: str) -> str:
    """The seed cache's file of ``prefix``, or, for a file printkit no longer writes (the marshal
    code store and the pickled schemas of f27a805), a name such a version gave it."""
    suffix = {"dataclass-code-": ".marshal", "core-schemas-": ".pickle"}.get(prefix, ".json")
    return next((name for name in sorted(draft.files) if name.startswith(prefix)), f"{prefix}0123456789abcdef{suffix}")


def planted_start(seed_cache, tmp_path, name_prefix, command=("--version",)):
    """A start whose cache holds a planted file (``name_prefix``: which one) that makes a marker when run."""
    draft = CacheDraft(seed_cache)
    name = cache_file_named(draft, name_prefix)
    draft.files[name] = Special("planted")
    draft.marker = Path(MARKER)
    return measured(prepared_cache(draft, list(command), ["cache.planted_code"], tmp_path, seed_cache))


@pytest.mark.parametrize(
    "prefix, command",
    [("dataclass-code-", ("--version",)), ("core-schemas-", ("validate", "game.yaml"))],
)
def test_a_planted_cache_file_runs_nothing(seed_cache, tmp_path, prefix, command):
    result = planted_start(seed_cache, tmp_path, prefix, command)
    assert result.kind != "unsafe", result.detail
    assert not (tmp_path / MARKER).exists()


def test_the_fuzzer_sees_planted_code_run(seed_cache, tmp_path, monkeypatch):
    """The marker check itself: a planted file read by code that runs it is reported as unsafe."""
    result = planted_start(seed_cache, tmp_path, "hyphenation-pl-", ("build", "game.yaml", "--lang", "pl"))
    assert result.kind in ("unsafe", "pdf", "error")
    assert (result.kind == "unsafe") == (tmp_path / MARKER).exists()


def test_a_five_byte_cache_file_costs_nothing(seed_cache, tmp_path):
    """5 bytes of marshal declaring a tuple of 200 million items (1.6 GB made before one is read)."""
    draft = CacheDraft(seed_cache)
    draft.files[cache_file_named(draft, "dataclass-code-")] = b"(" + struct.pack("<I", 200_000_000)
    result = measured(prepared_cache(draft, ["--version"], ["cache.truncate_cache"], tmp_path, seed_cache))
    assert result.kind == "pdf", result.detail
    assert result.peak_mb < MEGABYTES_BUDGET


def test_a_start_under_umask_000_makes_no_cache_file_anyone_may_write(seed_cache, tmp_path):
    draft = CacheDraft(seed_cache)
    draft.files.clear()
    draft.umask_zero = True  # a Polish build writes the cache: its hyphenation patterns
    result = measured(
        prepared_cache(draft, ["build", "game.yaml", "--lang", "pl"], ["cache.umask_zero"], tmp_path, seed_cache)
    )
    assert result.kind == "pdf", result.detail
