"""A skip not on tests/expected_skips.py's list fails the run; one on it, in its environment, skips."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from expected_skips import EXPECTED, Expected, is_expected

TESTS = Path(__file__).resolve().parent
PINNED_SITE = (
    "tests/test_value_mutations.py::test_a_changed_value_is_caught_at_its_line[targ:components.2.allowance:length]"
)
NOT_PINNED = "no change of ('components', 2, 'allowance') breaks a rule: the rulebook does not pin it"

INNER_TESTS = {
    "test_value_mutations.py": f'''
import pytest

@pytest.mark.parametrize("site", ["targ:components.2.allowance:length"])
def test_a_changed_value_is_caught_at_its_line(site):
    pytest.skip("{NOT_PINNED}")
''',
    "test_other.py": """
import pytest

def test_skips_for_a_reason_on_no_list():
    pytest.skip("the network is down")

@pytest.mark.xfail(reason="a known defect")
def test_fails_as_known():
    assert False

def test_passes():
    pass

@pytest.mark.skipif(True, reason="not on this machine")
def test_skipped_by_its_mark():
    pass
""",
    "test_whole_module.py": """
import pytest

pytest.importorskip("a_module_printkit_never_has")

def test_never_collected():
    pass
""",
}


def test_a_listed_skip_is_expected_only_for_its_own_reason():
    assert is_expected(PINNED_SITE, NOT_PINNED)
    assert not is_expected(PINNED_SITE, "the network is down")
    assert not is_expected(PINNED_SITE.replace("allowance", "bleed"), NOT_PINNED)


def test_an_expected_skip_outside_its_environment_is_not_expected():
    elsewhere = Expected("tests/test_x.py::test_y[a]", "no * here", "on another machine", applies=False)
    assert not elsewhere.covers("tests/test_x.py::test_y[a]", "no tool here")
    assert Expected("tests/test_x.py::test_y[a]", "no * here", "here", applies=True).covers(
        "tests/test_x.py::test_y[a]", "no tool here"
    )


@pytest.mark.parametrize("expected", EXPECTED, ids=lambda expected: expected.test)
def test_every_listed_skip_names_a_test_that_exists(expected):
    file, _, name = expected.test.partition("::")
    source = (TESTS.parent / file).read_text(encoding="utf-8")
    function = re.sub(r"\[.*", "", name)
    assert function in ("", "*") or f"def {function}(" in source
    assert expected.where


def test_a_run_fails_on_a_skip_it_does_not_expect_and_keeps_the_ones_it_does(tmp_path):
    """A real pytest run with this plugin, over tests that skip (by a call and by a mark), xfail, pass
    and skip as a whole module."""
    (tmp_path / "tests").mkdir()
    for name, source in INNER_TESTS.items():
        (tmp_path / "tests" / name).write_text(source, encoding="utf-8")
    command = [sys.executable, "-m", "pytest", "-p", "expected_skips", "-p", "no:cacheprovider", "--rootdir", "."]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")])}
    ran = subprocess.run(
        [*command, "-q", "-rs", "--continue-on-collection-errors", "tests"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    summary = ran.stdout.strip().splitlines()[-1]
    assert ran.returncode == 1, ran.stdout
    # a skip by a mark happens in the test's set-up, so it fails as an error, as a skipped module does
    assert re.match(r"1 failed, 1 passed, 1 skipped, 1 xfailed, 2 errors in ", summary), ran.stdout
    assert (
        "test_skips_for_a_reason_on_no_list skipped for a reason not expected here: the network is down" in ran.stdout
    )
    assert "test_skipped_by_its_mark skipped for a reason not expected here: not on this machine\n" in ran.stdout
    assert "tests/test_whole_module.py skipped for a reason not expected here: could not import" in ran.stdout
    assert f"SKIPPED [1] tests/test_value_mutations.py:6: {NOT_PINNED}" in ran.stdout
