"""Every skip a test run may have, each with the environment it belongs to.

Any other skip fails the run (this module's hooks, which conftest.py imports), so a test CI
counts on never stops running quietly: a tool gone missing, a lost privilege, a parameter list
gone empty or a rule that no longer pins a value all show as a failure naming the reason.

A test that now skips with good cause goes into ``EXPECTED`` with its environment; an expected
skip in an environment where it does not apply fails the run too (in CI qpdf and pdffonts are
installed, so their skips are refused there).

Left out on purpose: test_cli.py's Ctrl-C test skips when the 10,000-card build ends before the
signal lands; that means the deck is too small for the machine, to be grown, not accepted.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from collections.abc import Generator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
IN_CI = bool(os.environ.get("PRINTKIT_REQUIRE_QPDF"))  # .ci/run sets it after installing qpdf and pdffonts


@dataclass(frozen=True)
class Expected:
    """A skip a run may have: of ``test`` (a node id), for ``reason``, in the environment ``where``
    says; ``applies`` is whether this run is in it. In ``test`` and ``reason`` a ``*`` stands for
    any text (and nothing else is special: node ids hold brackets)."""

    test: str
    reason: str
    where: str
    applies: bool

    def covers(self, test: str, reason: str) -> bool:
        return self.applies and matches(test, self.test) and matches(reason, self.reason)


def matches(text: str, pattern: str) -> bool:
    return re.fullmatch(".*".join(map(re.escape, pattern.split("*"))), text, re.DOTALL) is not None


def value_sites(*sites: str) -> tuple[Expected, ...]:
    """test_value_mutations' sites whose every change still keeps the rulebook's rules."""
    return tuple(
        Expected(
            f"tests/test_value_mutations.py::test_a_changed_value_is_caught_at_its_line[{site}]",
            "no change of * breaks a rule: the rulebook does not pin it",
            "everywhere: the shipped rulebook states no number this value makes",
            True,
        )
        for site in sites
    )


def missing_tool(tool: str, package: str, *files: str) -> tuple[Expected, ...]:
    """The tests of ``files`` that run a Debian tool skip without it, but in CI (.ci/run installs it)."""
    return tuple(
        Expected(
            f"tests/{file}::*",
            f"{tool} is not installed (apt-get install {package}); .ci/run installs it",
            f"outside CI, without {package}",
            shutil.which(tool) is None and not IN_CI,
        )
        for file in files
    )


EXPECTED: tuple[Expected, ...] = (
    *value_sites(
        "latarnie:components.1.size:length",
        "plateau:components.0.cell:length",
        "plateau:components.1.size:length",
        "targ:components.0.panels.0:list",
        "targ:components.0.panels.1:list",
        "targ:components.0.panels.2:list",
        "targ:components.2.allowance:length",
    ),
    *missing_tool("qpdf", "qpdf", "test_print_fidelity.py", "test_calibrate.py"),
    *missing_tool("pdffonts", "poppler-utils", "test_art_pixels.py", "test_kit_fonts.py"),
    Expected(
        "tests/test_serve_browser.py::*",
        "chromium is not installed (apt-get install chromium chromium-driver); .ci/run installs it",
        "outside CI, without chromium and its chromedriver",
        not all(shutil.which(tool) for tool in ("chromium", "chromedriver")) and not IN_CI,
    ),
    *(
        Expected(test, "cannot mount a tmpfs here (needs root)", "as a user other than root", not ROOT)
        for test in (
            "tests/test_outputs.py::test_on_a_really_full_disk_no_output_of_a_build_is_left",
            "tests/test_new.py::test_on_a_really_full_disk_new_leaves_no_empty_kit_nor_half_a_table",
        )
    ),
    *(
        Expected(
            f"tests/test_usercache.py::test_a_faulty_file_is_not_cached_and_costs_nothing[{fault}]",
            "chown needs root",
            "as a user other than root",
            not ROOT,
        )
        for fault in ("another_owner", "folder_of_another_owner")
    ),
    Expected(
        "tests/test_outputs.py::test_an_earlier_export_is_exchanged_with_the_new_one_in_one_step",
        "renameat2 is Linux's",
        "off Linux",
        not sys.platform.startswith("linux"),
    ),
    Expected(
        "tests/test_cli.py::test_ctrl_c_sent_to_a_running_build_keeps_the_old_pdf_and_leaves_no_temporary_file",
        "reads the build's CPU time from /proc",
        "without /proc (off Linux)",
        not Path("/proc/self/stat").exists(),
    ),
    Expected(
        "tests/test_text_characters.py::test_the_hidden_class_is_every_control_and_format_character",
        "the class is Python 3.11's Unicode 14",
        "on a Python other than 3.11",
        sys.version_info[:2] != (3, 11),
    ),
    Expected(
        "tests/test_packaging.py",
        "could not import 'tomli'*",
        "on Python 3.10 without tomli (3.11 has tomllib)",
        sys.version_info < (3, 11),
    ),
)


def skip_reason(report: pytest.TestReport | pytest.CollectReport) -> str:
    """The reason a skip report gives, without pytest's "Skipped: "."""
    longrepr = report.longrepr
    message = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
    return message.removeprefix("Skipped: ")


def is_expected(test: str, reason: str) -> bool:
    return any(expected.covers(test, reason) for expected in EXPECTED)


def refuse_unexpected_skip(report: pytest.TestReport | pytest.CollectReport) -> None:
    """Turn a skip that is not expected in this environment into a failure naming its reason."""
    if not report.skipped or hasattr(report, "wasxfail"):  # an expected failure reports as skipped
        return
    reason = skip_reason(report)
    if is_expected(report.nodeid, reason):
        return
    report.outcome = "failed"
    report.longrepr = (
        f"{report.nodeid} skipped for a reason not expected here: {reason}\n"
        "Make it run, or add it to tests/expected_skips.py with the environment it belongs to."
    )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A test that skips for a reason not expected here fails."""
    report = yield
    refuse_unexpected_skip(report)
    return report


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(
    collector: pytest.Collector,
) -> Generator[None, pytest.CollectReport, pytest.CollectReport]:
    """So does a module that skips as a whole (pytest.importorskip at its top)."""
    report = yield
    refuse_unexpected_skip(report)
    return report
