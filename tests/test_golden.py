"""Every shipped kit prints as committed: the PDF byte for byte, its manifest and cut file as text,
the pages of a few cases as pictures.

A refactor must keep every golden. A change meant to change the output regenerates them on purpose
with ``python tests/golden.py`` (see that module's docstring) and says why in its commit.

The manifest and the cut SVG are data of the layout, the same with the lowest versions of the
libraries, so their tests run in .ci/run's lowest-versions stage too. The PDF's bytes and its
pictures hold for the newest versions only (a PDF names its producer): those tests carry the
``golden`` mark, which that stage leaves out with -m "not golden".
"""

from __future__ import annotations

import difflib
import json

import pytest
from PIL import Image

from golden import (
    CUT_SVG,
    GOLDENS,
    MANIFEST,
    PICTURED,
    REFUSED,
    Case,
    committed_hashes,
    committed_picture_files,
    committed_text_files,
    golden_cases,
    manifest_hash,
    page_pictures,
    picture_difference,
    sha256,
)

REGENERATE = "if meant, run python tests/golden.py and review git diff tests/goldens"
DIFF_LINES = 200  # a regeneration's diff is for git; a failure shows its start
TEXT_FILES = [path.relative_to(GOLDENS).as_posix() for path in committed_text_files()]
PICTURE_FILES = [path.relative_to(GOLDENS).as_posix() for path in committed_picture_files()]


@pytest.fixture(scope="module")
def current() -> dict[str, Case]:
    return golden_cases()


def case_key(relative: str) -> str:
    """``kpn/cs/a4/duplex.cut.svg`` -> ``kpn/cs/a4/duplex``."""
    return relative.split(".", 1)[0]


def text_diff(committed: str, built: str, relative: str) -> str:
    lines = list(
        difflib.unified_diff(
            committed.splitlines(keepends=True),
            built.splitlines(keepends=True),
            f"tests/goldens/{relative} (committed)",
            f"tests/goldens/{relative} (built now)",
        )
    )
    more = f"... and {len(lines) - DIFF_LINES} more lines\n" if len(lines) > DIFF_LINES else ""
    return "".join(lines[:DIFF_LINES]) + more


def test_every_case_is_committed_and_none_is_gone(current):
    assert sorted(current) == sorted(committed_hashes())
    made = {path for case in current.values() for path in case.texts()}
    assert sorted(made) == committed_text_files(), REGENERATE
    pictured = {f"{key}.page-{page}.png" for key in PICTURED for page in range(1, len(current[key].document.pages) + 1)}
    assert set(PICTURE_FILES) == pictured, REGENERATE


@pytest.mark.parametrize("key", sorted(committed_hashes()))
def test_the_committed_texts_are_what_the_hashes_pin(key):
    """The manifest and cut SVG files hold the very outputs pdf_hashes.json pins, so a reviewer of a
    regeneration reads in their diff what changed the hashes."""
    hashes = committed_hashes()[key]
    rows = json.loads((GOLDENS / f"{key}{MANIFEST}").read_text(encoding="utf-8"))
    assert manifest_hash(rows) == hashes["manifest"]
    cut = GOLDENS / f"{key}{CUT_SVG}"
    if hashes["cut_svg"].startswith(REFUSED):
        assert not cut.exists()
    else:
        assert sha256(cut.read_bytes()) == hashes["cut_svg"]


@pytest.mark.parametrize("relative", TEXT_FILES)
def test_the_text_reads_as_committed(current, relative):
    committed = (GOLDENS / relative).read_text(encoding="utf-8")
    case = current.get(case_key(relative))
    built = case.texts().get(GOLDENS / relative) if case else None
    assert built is not None, f"{relative} is no longer made; {REGENERATE}"
    difference = text_diff(committed, built, relative)
    assert not difference, f"{relative} changed; {REGENERATE}\n{difference}"


@pytest.mark.golden
@pytest.mark.parametrize("key", sorted(committed_hashes()))
def test_the_pdf_prints_as_committed(current, key):
    assert sha256(current[key].pdf()) == committed_hashes()[key]["pdf"], f"{key}'s PDF changed; {REGENERATE}"


@pytest.fixture(scope="module")
def pictures(current) -> dict[str, list[Image.Image]]:
    return {key: page_pictures(current[key].pdf()) for key in PICTURED}


@pytest.mark.golden
@pytest.mark.parametrize("relative", PICTURE_FILES)
def test_the_page_looks_as_committed(pictures, relative, tmp_path):
    key, page = case_key(relative), int(relative.rsplit("page-", 1)[1].removesuffix(".png"))
    assert page <= len(pictures[key]), f"{key} has {len(pictures[key])} pages now; {REGENERATE}"
    built = pictures[key][page - 1]
    with Image.open(GOLDENS / relative) as committed:
        difference = picture_difference(committed, built)
    if difference:
        built.save(tmp_path / "built.png")
    assert not difference, f"{relative}: {difference}; built now: {tmp_path / 'built.png'}; {REGENERATE}"
