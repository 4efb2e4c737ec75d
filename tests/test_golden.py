"""Every shipped kit prints byte for byte as committed: PDF, manifest and cut file of every case.

A refactor must keep these hashes. A change meant to change the output regenerates them on purpose
with ``python tests/golden.py`` (see that module's docstring) and says why in its commit.
"""

from __future__ import annotations

import pytest

from golden import committed_hashes, golden_hashes

# The hashes hold for the newest versions of the libraries (a PDF's bytes carry reportlab's own
# choices); .ci/run's run on the lowest versions leaves these out with -m "not golden".
pytestmark = pytest.mark.golden


@pytest.fixture(scope="module")
def current() -> dict[str, dict[str, str]]:
    return golden_hashes()


def test_every_case_is_committed_and_none_is_gone(current):
    assert sorted(current) == sorted(committed_hashes())


@pytest.mark.parametrize("key", sorted(committed_hashes()))
def test_the_case_prints_as_committed(current, key):
    assert current[key] == committed_hashes()[key], f"{key} changed; if meant, run python tests/golden.py"
