"""Every broken kit under tests/bad_kits/ fails with exactly the message it expects, and exit code 1.

A case is NAME.yaml with its message in '# expect:' lines, or, for a file that cannot hold a
comment (empty, binary, made at run time), in a sidecar NAME.expect. Art a case needs lies in
tests/bad_kits/NAME/, the kit's own folder. Cases that cannot be committed are made by MADE_AT_RUN_TIME
in a copy of tests/bad_kits/ under a temporary folder, which the test then runs from, so the
message names the same path.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printkit.kit.file import MAX_KIT_BYTES

BAD = Path(__file__).parent / "bad_kits"


def too_big_file(folder: Path) -> None:
    """2,100,000 bytes of valid YAML: a kit file over the 2 MB limit (not committed)."""
    head = b"kit:\n  title: {en: Big}\n# "
    (folder / "too_big_file.yaml").write_bytes(head + b"x" * (2_100_000 - len(head) - 1) + b"\n")


def art_symlink_out(folder: Path) -> None:
    """sun.png in the kit's folder is a link to a real picture outside it."""
    outside = folder.parent / "outside.png"
    shutil.copy(BAD / "huge_image" / "huge.png", outside)
    (folder / "art_symlink_out").mkdir()
    (folder / "art_symlink_out" / "sun.png").symlink_to(outside.resolve())


def table_symlink_out(folder: Path) -> None:
    """cards.csv in the kit's folder is a link to a real table outside it."""
    outside = folder.parent / "outside.csv"
    outside.write_text("id,count,name,cost\nfox,4,Fox,1\n", encoding="utf-8")
    (folder / "table_symlink_out").mkdir()
    (folder / "table_symlink_out" / "cards.csv").symlink_to(outside.resolve())


def folder_link_out(folder: Path) -> None:
    """The kit's folder folder_link_out/ is a link to the folder above: everything beside the kit, and above."""
    (folder / "folder_link_out").symlink_to("..")


MADE_AT_RUN_TIME = {
    "too_big_file": too_big_file,
    "art_symlink_out": art_symlink_out,
    "table_symlink_out": table_symlink_out,
    "folder_link_out": folder_link_out,
}
CASES = sorted({path.stem for path in BAD.glob("*.yaml")} | {path.stem for path in BAD.glob("*.expect")})


def expected_lines(name: str) -> list[str]:
    sidecar = BAD / f"{name}.expect"
    if sidecar.exists():
        return sidecar.read_text(encoding="utf-8").splitlines()
    text = (BAD / f"{name}.yaml").read_bytes().decode("utf-8", errors="replace")
    return [line[len("# expect: ") :] for line in text.splitlines() if line.startswith("# expect: ")]


@pytest.fixture
def case_path(tmp_path, monkeypatch):
    """The case's path as the user types it, from the folder the test runs in."""

    def get(name: str) -> str:
        if name in MADE_AT_RUN_TIME:
            folder = tmp_path / "tree" / "tests" / "bad_kits"
            folder.mkdir(parents=True)
            if (BAD / f"{name}.yaml").exists():
                shutil.copy(BAD / f"{name}.yaml", folder)
            MADE_AT_RUN_TIME[name](folder)
            monkeypatch.chdir(tmp_path / "tree")
        return f"tests/bad_kits/{name}.yaml"

    return get


def test_the_corpus_has_thirty_cases_each_with_its_message():
    assert len(CASES) >= 30
    for name in CASES:
        assert expected_lines(name), f"{name} has no '# expect:' line and no {name}.expect"
        assert (BAD / f"{name}.yaml").exists() or name in MADE_AT_RUN_TIME, f"{name}.expect has no kit file"


def test_the_file_over_the_limit_is_generated_not_committed():
    assert not (BAD / "too_big_file.yaml").exists()
    assert 2_100_000 > MAX_KIT_BYTES == 2 * 1024 * 1024


@pytest.mark.parametrize("name", CASES)
def test_validate_prints_exactly_the_expected_message(run, case_path, name):
    result = run("validate", case_path(name))
    assert result.code == 1
    assert result.err.strip().splitlines() == expected_lines(name)
    assert "Traceback" not in result.err + result.out


@pytest.mark.parametrize("name", CASES)
def test_build_refuses_with_the_same_message(run, case_path, name, tmp_path):
    target = tmp_path / "out.pdf"
    result = run("build", case_path(name), "-o", str(target))
    assert result.code == 1
    assert result.err.strip().splitlines() == expected_lines(name)
    assert not target.exists()


def test_the_docs_quote_the_corpus_as_it_stands():
    """The docs' "When something is wrong" shows real messages; they follow the corpus when it changes."""
    lines = (BAD.parents[1] / "docs" / "errors.md").read_text(encoding="utf-8").splitlines()
    quoted = [
        (n, line.split("tests/bad_kits/")[1].removesuffix(".yaml"))
        for n, line in enumerate(lines)
        if line.startswith("$ printkit build tests/bad_kits/")
    ]
    assert quoted
    for n, name in quoted:
        assert lines[n + 1 : n + 1 + len(expected_lines(name))] == expected_lines(name)
