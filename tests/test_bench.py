"""benchmarks/bench.py's start-up figure (issue 27): each shipped kit's `printkit build KIT` over
`python -c "import reportlab.pdfgen.canvas"`, median wall times, target 5. The figures are worked
out from timings given here; nothing is run or timed (the machine is shared)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from conftest import REPO


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench", REPO / "benchmarks" / "bench.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench"] = module  # its dataclasses look their module up there
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        del sys.modules["bench"]


def timed(bench, name: str, *walls: float):
    job = bench.Job(name, ["true"])
    job.walls.extend(walls)
    job.cpus.extend(walls)
    job.rss.extend(2**20 for _ in walls)
    return job


def test_the_startup_jobs_are_the_canvas_import_and_every_shipped_kit(bench, tmp_path):
    found = bench.startup_jobs(tmp_path, ["printkit"])
    kits = sorted(path.stem for path in (REPO / "kits").glob("*.yaml"))
    assert len(kits) == 5
    assert [job.name for job in found] == ["import reportlab.pdfgen.canvas"] + [f"build {kit}" for kit in kits]
    assert found[0].argv[1:] == ["-c", "import reportlab.pdfgen.canvas"]
    assert found[1].argv[:3] == ["printkit", "build", kits[0]]


def test_each_kit_is_its_median_over_the_imports_median(bench):
    found = [
        timed(bench, bench.YARDSTICK, 0.30, 0.20, 0.25),
        timed(bench, "build kpn", 1.0, 1.5, 1.2),
        timed(bench, "build ogrod", 0.9, 0.8, 5.0),
    ]
    for job, cpus in zip(found, ([0.1, 0.12, 0.2], [0.6, 0.5, 0.7], [0.5, 0.5, 0.5]), strict=True):
        job.cpus[:] = cpus
    figures = bench.startup_figures(found)
    assert figures["kit_vs_import"] == pytest.approx({"kpn": 1.2 / 0.25, "ogrod": 0.9 / 0.25})
    assert figures["kit_cpu_vs_import"] == pytest.approx({"kpn": 0.6 / 0.12, "ogrod": 0.5 / 0.12})
    assert bench.TARGETS["kit_vs_import"] == 5.0
    assert bench.verdicts(figures) == {"kit_vs_import": True}
    line = bench.startup_summary(figures, bench.verdicts(figures))
    assert "kpn 4.80 x, ogrod 3.60 x; at most 4.80 x (kpn) (target ≤ 5): met" in line
    assert line.endswith("in CPU time (not judged): kpn 5.00 x, ogrod 4.17 x")


def test_one_kit_over_five_times_the_import_misses_the_target(bench):
    found = [timed(bench, bench.YARDSTICK, 0.2), timed(bench, "build kpn", 0.9), timed(bench, "build targ", 1.02)]
    figures = bench.startup_figures(found)
    assert bench.verdicts(figures) == {"kit_vs_import": False}
    assert "(targ) (target ≤ 5): MISSED;" in bench.startup_summary(figures, bench.verdicts(figures))
    table = bench.table(found, figures)
    assert "| build targ | 1.020 |" in table and "5.10 x import" in table


def test_a_missing_figure_is_not_judged(bench):
    assert bench.verdicts({"kit_vs_import": {"kpn": 4.0}, "deck_vs_baseline": 1.4}) == {
        "kit_vs_import": True,
        "deck_vs_baseline": False,
    }


def test_a_job_of_the_benchmark_keeps_what_it_measured(bench):
    job = timed(bench, "build kpn", 1.0, 3.0, 2.0)
    assert job.row()["seconds"] == 2.0 and job.row()["runs"] == [1.0, 3.0, 2.0]
    assert Path(bench.__file__).name == "bench.py"
