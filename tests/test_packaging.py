"""What a wheel carries and what it declares: the run-time files inside the package, every
dependency with a lower bound that .ci/run installs and tests (.ci/minimum.txt)."""

from __future__ import annotations

import fnmatch
import re
import sys
from pathlib import Path

import pytest

import printkit
from printkit import fonts
from printkit.commands import new as starter
from printkit.kit import file as kitfile

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    tomllib = pytest.importorskip("tomli")

REPO = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT, TOOLS = PYPROJECT["project"], PYPROJECT["tool"]


def normal(name: str) -> str:
    return name.strip().lower().replace("_", "-")


def lower_bounds(requirements: list[str]) -> dict[str, str]:
    """``{"reportlab": "4.4.3"}`` from ``["reportlab>=4.4.3,<6"]``; a requirement without one maps to ''."""
    found = (
        re.fullmatch(r"([A-Za-z0-9_.-]+)(?:>=([0-9][0-9a-z.]*))?(?:,.*)?", r.replace(" ", "")) for r in requirements
    )
    return {normal(match.group(1)): match.group(2) or "" for match in found if match}


def test_the_run_time_files_are_read_from_inside_the_package():
    data = kitfile.data_dir()
    assert data == Path(printkit.__file__).parent / "data"  # in the package, whatever module reads it
    assert kitfile.shipped_kit_names() == ["kpn", "latarnie", "ogrod", "plateau", "targ"]
    assert {p.name for p in fonts.fonts_dir().iterdir()} >= {
        "AtkinsonHyperlegible-Regular.ttf",
        "AtkinsonHyperlegible-Bold.ttf",
        "OFL.txt",
    }
    assert starter.schema_file() == data / "schema" / "kit.schema.json" and starter.schema_file().is_file()


def test_the_package_data_globs_name_every_run_time_file():
    """Each file under printkit/data/ that printkit reads matches a package-data pattern, so a wheel carries it."""
    patterns = TOOLS["setuptools"]["package-data"]["printkit"]
    data = kitfile.data_dir()
    wanted = [p for p in (data / "kits").rglob("*") if p.is_file()] + [
        *(data / "fonts").glob("*.ttf"),
        data / "fonts" / "OFL.txt",
        data / "schema" / "kit.schema.json",
        *(data / "serve").iterdir(),  # printkit serve's page, script and style: offline, no CDN
    ]
    assert {path.name for path in (data / "serve").iterdir()} >= {"index.html", "app.js", "app.css"}
    for path in wanted:
        relative = f"data/{path.relative_to(data).as_posix()}"
        assert any(
            fnmatch.fnmatch(relative, pattern.replace("**/", "")) or fnmatch.fnmatch(relative, pattern)
            for pattern in patterns
        ), relative


def test_every_dependency_has_a_lower_bound_that_ci_tests():
    declared = lower_bounds(PROJECT["dependencies"] + PROJECT["optional-dependencies"]["test"])
    lines = (REPO / ".ci" / "minimum.txt").read_text(encoding="utf-8").splitlines()
    pinned = {
        normal(name): version.strip()
        for name, version in (line.split("==") for line in lines if line and not line.startswith("#"))
    }
    linters = {"ruff", "mypy", "types-pyyaml"}  # CI runs the newest; no code of printkit's depends on them
    assert {name: bound for name, bound in declared.items() if name not in linters} == pinned
    assert all(bound for name, bound in declared.items() if name not in linters)


def test_reportlab_formats_numbers_with_its_c_accelerator():
    """rl_accel is declared for speed (a 10,000-card deck: 9.2 s of CPU without it, 6.4 s with);
    reportlab falls back to Python quietly when it is missing, so this says when it is."""
    from reportlab.lib import rl_accel

    assert rl_accel.fp_str.__module__ == "_rl_accel"
    assert rl_accel.fp_str(1.5, 0.25, 2) == "1.5 .25 2"
