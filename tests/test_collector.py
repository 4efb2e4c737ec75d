"""A command runs without the cyclic garbage collector (a build frees nearly nothing it makes), and
leaves the collector as it found it, so code that calls printkit in-process is not affected."""

from __future__ import annotations

import gc

import printkit.render.pdf
from printkit.cli import main


def test_a_build_runs_with_the_collector_paused_and_restores_it(tmp_path, monkeypatch):
    seen = []
    real = printkit.render.pdf.render

    def render(document, progress=None, correction=(1.0, 1.0)):
        seen.append(gc.isenabled())
        return real(document, progress, correction)

    monkeypatch.setattr(printkit.render.pdf, "render", render)
    assert gc.isenabled()
    main(["build", "ogrod", "-o", str(tmp_path / "ogrod.pdf")])
    assert seen == [False]
    assert gc.isenabled()


def test_a_collector_turned_off_by_the_caller_stays_off(tmp_path):
    gc.disable()
    try:
        main(["build", "ogrod", "-o", str(tmp_path / "ogrod.pdf")])
        assert not gc.isenabled()
    finally:
        gc.enable()
