"""Exports and previews on a pixel budget (preview.check_pixels): a run that would rasterise more than
40 megapixels an image or 1,500 megapixels in all is refused in one line naming the preset or flag,
before anything is drawn, in bounded time and memory."""

from __future__ import annotations

import json
import os
import re
import resource
import subprocess
import sys
import time

import pytest

from conftest import REPO
from printkit.render import raster as preview

POKER = str(REPO / "tests" / "kits" / "poker.yaml")
DECK1000 = str(REPO / "benchmarks" / "kits" / "deck1000.yaml")
DECK10000 = str(REPO / "benchmarks" / "kits" / "deck10000.yaml")
MEMORY = 1024**3  # bytes of address space the refusing process may take (a 16 GB bitmap cannot)


def printkit(tmp_path, *args: str) -> tuple[subprocess.CompletedProcess, float]:
    """printkit run as a user runs it, in at most MEMORY bytes of address space; its result and seconds."""

    def bounded() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))

    env = dict(os.environ, PRINTKIT_CONFIG_DIR=str(tmp_path / "config"))
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "printkit", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        preexec_fn=bounded,
        timeout=120,
    )
    return result, time.monotonic() - started


def one_line(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 1, result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    return result.stderr


def test_a_preset_at_the_preset_limits_is_refused_before_drawing(tmp_path):
    """1006 mm (with bleed) at 1200 dpi is a 47,528-pixel-square image (6.8 GB of bitmap): refused at once."""
    (tmp_path / "config").mkdir()
    huge = {"width": 1000, "height": 1000, "bleed": 3, "dpi": 1200}
    (tmp_path / "config" / "presets.json").write_text(json.dumps({"presets": {"huge": huge}}), encoding="utf-8")
    out = tmp_path / "x"
    result, seconds = printkit(tmp_path, "export", POKER, "--for", "png", "--preset", "huge", "--scale", "-o", str(out))
    message = one_line(result)
    assert message.startswith("--preset huge: an image would be 47,528 × 47,528 px (2,259 megapixels)"), message
    assert "at most 40 megapixels an image" in message and seconds < 30 and not out.exists()


def test_a_thousand_cards_at_600_dpi_are_refused_before_drawing(tmp_path):
    result, seconds = printkit(tmp_path, "export", DECK1000, "--for", "png", "--dpi", "600", "-o", str(tmp_path / "x"))
    message = one_line(result)
    assert message.startswith("--dpi 600: 1,00") and "at most 1,500 megapixels a run" in message, message
    assert "--component ID" in message and seconds < 30 and not (tmp_path / "x").exists()


def test_a_preview_past_the_budget_is_refused_and_writes_nothing(tmp_path):
    result, seconds = printkit(tmp_path, "preview", DECK1000, "--dpi", "600", "-o", str(tmp_path / "p"))
    message = one_line(result)
    assert message.startswith("--dpi 600: ") and "give a lower --dpi" in message, message
    assert seconds < 30 and not (tmp_path / "p").exists()


def test_a_tabletop_export_past_the_budget_is_refused(tmp_path):
    result, seconds = printkit(tmp_path, "export-tts", DECK10000, "-o", str(tmp_path / "t"))
    message = one_line(result)
    assert message.startswith("export-tts: ") and "at most 1,500 megapixels a run" in message, message
    assert seconds < 30 and not list((tmp_path / "t").glob("*.png"))


@pytest.mark.parametrize(
    "sizes, refused",
    [
        ([(6324, 6324)], None),  # 39.99 megapixels
        ([(6325, 6325)], "an image would be 6,325 × 6,325 px (40 megapixels)"),
        ([(5000, 5000)] * 60, None),
        ([(5000, 5000)] * 60 + [(1, 1)], "61 images of 1,500 megapixels in all"),
    ],
)
def test_the_budgets_are_the_ones_the_readme_states(sizes, refused):
    if refused is None:
        preview.check_pixels(sizes, "--dpi 300", "lower it")
    else:
        with pytest.raises(preview.PrintkitError, match=re.escape(refused)):
            preview.check_pixels(sizes, "--dpi 300", "lower it")
