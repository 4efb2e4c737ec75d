"""A command reads nothing outside what it may: every shipped kit, every test kit and every bad
kit validated and built in-process under Python's audit hook (tests/audit.py), which records each
file opened and each folder listed. Allowed: the kit file and the kit's folder (``NAME/`` beside
it, or where it links to inside the kit file's own folder), printkit's code and package data
(fonts, schema, presets; not the other shipped kits), printkit's user cache and config folders,
the folder of the outputs named on the command line, and Python's library.

The allowed kit folder is worked out here, independently of kitpaths.py, so that a policy which
let a read out would be caught (test_the_audit_catches_a_policy_that_lets_a_read_out)."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

from audit import printkit_roots, read_outside
from conftest import REPO
from printkit.kit import paths as kitpaths
from printkit.kit.file import shipped_kit_names, shipped_kits_dir
from test_bad_kits import BAD, CASES, MADE_AT_RUN_TIME
from test_kit_paths import documents, game

TEST_KITS = sorted((Path(__file__).parent / "kits").glob("*.yaml"))


def kit_roots(kit: Path) -> list[Path]:
    """The kit file and its folder, as real paths: NAME/ beside it in its real folder, and where
    NAME/ links to when that is inside the same folder."""
    home = Path(os.path.realpath(kit.parent))
    folder = home / kit.stem
    target = Path(os.path.realpath(folder))
    roots = [Path(os.path.realpath(kit)), folder]
    return roots + ([target] if target != home and target.is_relative_to(home) else [])


def reads_outside(run, kit: Path, named: str, out: Path, codes: tuple[int, int] | None = (0, 0)) -> list[str]:
    """What validate and build of the kit ``named`` (``kit`` its file) read outside what they
    may; their exit codes must be ``codes`` (None: bad kits, any)."""
    out.mkdir(exist_ok=True)
    build = ["build", named, "-o", str(out / "kit.pdf"), "--manifest", str(out / "kit.json")]
    build += ["--cut-svg", str(out / "kit.svg")]
    results = []
    found = read_outside(
        lambda: results.extend([run("validate", named), run(*build)]),
        printkit_roots() + kit_roots(kit) + [out.resolve()],
    )
    assert codes is None or tuple(result.code for result in results) == codes, [r.err for r in results]
    return found


@pytest.mark.parametrize("name", shipped_kit_names())
def test_a_shipped_kit_reads_only_its_own_files(run, tmp_path, name):
    assert reads_outside(run, shipped_kits_dir() / f"{name}.yaml", name, tmp_path / "out") == []


@pytest.mark.parametrize("kit", TEST_KITS, ids=[kit.stem for kit in TEST_KITS])
def test_a_test_kit_reads_only_its_own_files(run, tmp_path, kit):
    assert reads_outside(run, kit, str(kit.relative_to(Path.cwd())), tmp_path / "out") == []


@pytest.mark.parametrize("name", CASES)
def test_a_bad_kit_reads_only_its_own_files(run, tmp_path, monkeypatch, name):
    """Each of tests/bad_kits/, those made at run time included (links leading out among them)."""
    if name in MADE_AT_RUN_TIME:
        folder = tmp_path / "tree" / "tests" / "bad_kits"
        folder.mkdir(parents=True)
        if (BAD / f"{name}.yaml").exists():
            shutil.copy(BAD / f"{name}.yaml", folder)
        MADE_AT_RUN_TIME[name](folder)
        monkeypatch.chdir(tmp_path / "tree")
    named = f"tests/bad_kits/{name}.yaml"
    assert reads_outside(run, Path(named), named, tmp_path / "out", codes=None) == []


def test_the_template_and_the_benchmark_kits_read_only_their_own_files(run, tmp_path, monkeypatch):
    """The kit `printkit new` writes, and benchmarks/kits/: deck1000 and artdeck (20 cards, its
    pictures and table written by benchmarks/artdeck.py)."""
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        import artdeck
    finally:
        sys.path.remove(str(REPO / "benchmarks"))
    artdeck.generate(tmp_path / "art", 20)
    monkeypatch.chdir(tmp_path)
    assert run("new", "hunt").code == 0
    kits = [tmp_path / "hunt.yaml", REPO / "benchmarks" / "kits" / "deck1000.yaml", tmp_path / "art" / "artdeck.yaml"]
    for kit in kits:
        assert reads_outside(run, kit, str(kit), tmp_path / "out") == []


def attack(root: Path) -> Path:
    """Item 1 of issue 26: Downloads/game.yaml with game -> .., naming Documents/ files."""
    documents(root / "home")
    kit = game(root / "home" / "Downloads" / "game.yaml")
    (kit.parent / "game").symlink_to("..")
    return kit


def test_a_kit_with_every_kind_of_file_reads_only_its_own_files(run, tmp_path):
    """Pictures, an icon, a table and a font, and the same kit beside it whose folder links out."""
    kit = game(tmp_path / "kits" / "game.yaml")
    documents(tmp_path / "kits" / "game")
    assert reads_outside(run, kit, str(kit), tmp_path / "out") == []
    attacked = attack(tmp_path / "b")
    assert reads_outside(run, attacked, str(attacked), tmp_path / "out", codes=(1, 1)) == []


def test_the_audit_catches_a_policy_that_lets_a_read_out(run, tmp_path, monkeypatch):
    """Proof that the audit bites: with the folder's check of kitpaths.py taken away (the folder
    link followed as before issue 26), the attack's build reads the private files, and the
    audit names each."""

    def followed(kit_file: Path) -> kitpaths.KitFolder:
        shown = kit_file.parent / kit_file.stem
        return kitpaths.KitFolder(shown, Path(os.path.realpath(shown)))

    monkeypatch.setattr(kitpaths.KitFolder, "of", staticmethod(followed))
    kit = attack(tmp_path)
    found = reads_outside(run, kit, str(kit), tmp_path / "out")
    documents_folder = (tmp_path / "home" / "Documents").resolve()
    assert found == [str(documents_folder / name) for name in ("budget.csv", "coin.png", "font.ttf", "photo.png")]
