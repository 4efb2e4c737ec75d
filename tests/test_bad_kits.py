"""Every broken kit under tests/bad_kits/ fails with exactly the message its '# expect:' lines give."""

from __future__ import annotations

from pathlib import Path

import pytest

BAD = Path(__file__).parent / "bad_kits"
CASES = sorted(BAD.glob("*.yaml"))


def expected_lines(path: Path) -> list[str]:
    text = path.read_bytes().decode("utf-8", errors="replace")
    return [line[len("# expect: "):] for line in text.splitlines() if line.startswith("# expect: ")]


def test_the_corpus_is_not_empty():
    assert len(CASES) >= 8
    for case in CASES:
        assert expected_lines(case), f"{case.name} has no '# expect:' line"


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_validate_prints_exactly_the_expected_message(run, case):
    result = run("validate", str(case.relative_to(BAD.parents[1])))
    assert result.code == 1
    assert result.err.strip().splitlines() == expected_lines(case)
    assert "Traceback" not in result.err + result.out


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_build_refuses_with_the_same_message(run, case, tmp_path):
    target = tmp_path / "out.pdf"
    result = run("build", str(case.relative_to(BAD.parents[1])), "-o", str(target))
    assert result.code == 1
    assert result.err.strip().splitlines() == expected_lines(case)
    assert not target.exists()
