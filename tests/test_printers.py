"""Printer profiles: `printkit printer add|list|remove` keep what calibration measured in the user's
config folder, and `build --printer NAME [--stock S]` applies it: the back offset exactly as
--back-offset does, the scale correction to every page about its centre."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
import time

import pdfplumber
import pytest

from conftest import mm
from printkit.base import configjson
from printkit.base.errors import KitError
from printkit.commands import printer as printers

SCALE = 0.996  # a printer that prints 99.6 % of the size
EXACT = 0.005  # mm


@pytest.fixture
def config(tmp_path, monkeypatch):
    folder = tmp_path / "config"
    monkeypatch.setenv("PRINTKIT_CONFIG_DIR", str(folder))
    return folder / printers.FILE_NAME


def test_profiles_are_added_listed_changed_and_removed(run, config):
    assert run("printer", "list").out.startswith("no printer profiles yet")
    added = run("printer", "add", "office", "--back-offset", "1.5,-0.5", "--scale-y", "0.996")
    assert added.code == 0 and added.out.startswith("office: back offset +1.5,-0.5 mm, prints at 100 % x 99.6 %")
    assert run("printer", "add", "office", "--stock", "card", "--back-offset", "2,-0.25").code == 0
    assert run("printer", "add", "office", "--scale-x", "1.002").code == 0  # a change keeps the rest
    assert run("printer", "list").out.splitlines() == [
        "office: back offset +1.5,-0.5 mm, prints at 100.2 % x 99.6 %",
        "office --stock card: back offset +2,-0.25 mm, prints at 100 % x 99.6 %",
    ]
    saved = json.loads(config.read_text(encoding="utf-8"))
    assert saved == {
        "printers": {
            "office": {
                "back_offset": [1.5, -0.5],
                "scale": [1.002, 0.996],
                "stocks": {"card": {"back_offset": [2.0, -0.25], "scale": [1.0, 0.996]}},
            }
        }
    }
    assert run("printer", "remove", "office", "--stock", "card").out == "removed office --stock card\n"
    assert run("printer", "remove", "office").code == 0
    assert json.loads(config.read_text(encoding="utf-8")) == {"printers": {}}


@pytest.mark.parametrize(
    "args, message",
    [
        (("printer", "add", "office"), "printer add office: give --back-offset X,Y, --scale-x S or --scale-y S"),
        (("printer", "add", "../x", "--back-offset", "1,1"), "printer name '../x': use 1 to 40 letters"),
        (("printer", "add", "office", "--scale-x", "0.9"), "--scale-x 0.9: a printer's scale error is a fraction"),
        (("printer", "add", "office", "--back-offset", "30,0"), "--back-offset: '30,0' moves the backs more than"),
        (("printer", "remove", "nobody"), "printer remove nobody: no such printer profile (saved: none yet)"),
        (("build", "plateau", "--printer", "nobody"), "--printer nobody: no such printer profile"),
        (("build", "plateau", "--stock", "card"), "--stock names a paper stock of a printer profile"),
    ],
)
def test_wrong_printer_commands_are_one_line_errors(run, config, args, message):
    result = run(*args)
    assert result.code == 1 and result.err.startswith(message) and result.err.count("\n") == 1, result.err


def test_an_unknown_stock_names_the_known_ones(run, config, tmp_path):
    run("printer", "add", "office", "--stock", "card", "--back-offset", "1,0")
    result = run("build", "plateau", "--printer", "office", "--stock", "paper", "-o", str(tmp_path / "p.pdf"))
    assert result.code == 1
    assert result.err.startswith("--stock paper: printer 'office' has no such stock (its stocks: card)")
    assert not (tmp_path / "p.pdf").exists()


def test_a_profile_and_back_offset_together_are_refused(run, config, tmp_path):
    run("printer", "add", "office", "--back-offset", "1,0")
    result = run("build", "plateau", "--printer", "office", "--back-offset", "1,1", "-o", str(tmp_path / "p.pdf"))
    assert result.code == 1 and "both set the back offset; give one" in result.err


@pytest.mark.parametrize(
    "text, line, message",
    [
        (
            '{"printers": {\n  "office": {\n    "back_offset": [1, 2, 3]}}}\n',
            3,
            "printers.office.back_offset: expected",
        ),
        ('{"printers": {\n  "office": {"scale": [0.5, 1]}}}\n', 2, "printers.office.scale: each factor must lie"),
        ('{"printers": {\n  "office": {"colour": 1}}}\n', 2, "printers.office.colour: unknown key"),
        ('{"printers": {\n  "office": \n', 3, "not valid JSON, column 1"),
    ],
)
def test_a_damaged_profile_file_names_its_line_and_field(run, config, text, line, message):
    config.parent.mkdir(parents=True)
    config.write_text(text, encoding="utf-8")
    result = run("printer", "list")
    assert result.code == 1
    assert result.err.startswith(f"{config}:{line}:") and message in result.err, result.err


def test_a_profiles_back_offset_prints_what_back_offset_prints(run, config, tmp_path):
    run("printer", "add", "office", "--back-offset", "1.5,-0.5")
    by_profile, by_option = tmp_path / "profile.pdf", tmp_path / "option.pdf"
    assert run("build", "plateau", "--printer", "office", "-o", str(by_profile)).code == 0
    assert run("build", "plateau", "--back-offset", "1.5,-0.5", "-o", str(by_option)).code == 0
    assert by_profile.read_bytes() == by_option.read_bytes()


def test_a_stocks_values_are_the_ones_applied(run, config, tmp_path):
    run("printer", "add", "office", "--back-offset", "1.5,-0.5")
    run("printer", "add", "office", "--stock", "card", "--back-offset", "-1,2")
    by_stock, by_option = tmp_path / "stock" / "kpn.pdf", tmp_path / "option" / "kpn.pdf"  # one name, two folders
    by_stock.parent.mkdir()
    by_option.parent.mkdir()
    assert run("build", "kpn", "--printer", "office", "--stock", "card", "-o", str(by_stock)).code == 0
    assert run("build", "kpn", "--back-offset", "-1,2", "-o", str(by_option)).code == 0
    assert by_stock.read_bytes() == by_option.read_bytes()


def drawn_lines(pdf_path) -> list[list[tuple[float, float, float, float]]]:
    """Per page, every straight line's ends in mm from the top-left corner, sorted."""
    with pdfplumber.open(pdf_path) as document:
        return [
            sorted((mm(o["x0"]), mm(o["top"]), mm(o["x1"]), mm(o["bottom"])) for o in page.lines)
            for page in document.pages
        ]


def test_a_scale_correction_draws_every_page_larger_about_its_centre(run, config, tmp_path):
    """Lines (the board's grid, the 50 mm ruler) land where 1 / 0.996 about the page's centre puts
    them, and the paper stays A4: printed at 99.6 %, each comes out at its true size and place."""
    run("printer", "add", "office", "--scale-x", str(SCALE), "--scale-y", str(SCALE))
    plain, corrected = tmp_path / "plain.pdf", tmp_path / "corrected.pdf"
    assert run("build", "latarnie", "-o", str(plain)).code == 0
    assert run("build", "latarnie", "--printer", "office", "-o", str(corrected)).code == 0
    with pdfplumber.open(corrected) as document:
        assert {(round(mm(p.width), 2), round(mm(p.height), 2)) for p in document.pages} == {(210.0, 297.0)}
    factor = 1 / SCALE
    for page_lines, corrected_lines in zip(drawn_lines(plain), drawn_lines(corrected), strict=True):
        assert len(page_lines) == len(corrected_lines) > 0
        for (x0, y0, x1, y1), found in zip(page_lines, corrected_lines, strict=True):
            expected = (
                105 + (x0 - 105) * factor,
                148.5 + (y0 - 148.5) * factor,
                105 + (x1 - 105) * factor,
                148.5 + (y1 - 148.5) * factor,
            )
            assert all(abs(a - b) <= EXACT for a, b in zip(found, expected, strict=True)), (found, expected)
    ruler = [line for line in drawn_lines(corrected)[1] if abs((line[2] - line[0]) - 50 * factor) <= EXACT]
    assert ruler, "the board page's 50 mm ruler is drawn 50 / 0.996 mm long"


# --- the config files as hostile input (configjson.py) ---------------------------------------------


def office(**fields) -> dict:
    return {"printers": {"office": {"back_offset": [0.5, -0.25], "scale": [1, 1], **fields}}}


@pytest.mark.parametrize(
    "text, message",
    [
        ("[" * 100_000 + "]" * 100_000, "nested 100,000 levels deep; a config file nests at most 16"),
        ('{"printers": {"o": {"back_offset": [' + "9" * 5000 + ", 0]}}}", "a number of 5,000 characters"),
        ('{"printers": {"o": {"back_offset": [1e999, 0]}}}', "1e999 is beyond any setting's range"),
        ('{"printers": {"o": {"back_offset": [NaN, 0]}}}', "NaN is not a number a setting holds"),
        ('{"printers": {"o": {"back_offset": [-Infinity, 0]}}}', "-Infinity is not a number a setting holds"),
    ],
)
def test_a_hostile_profile_file_is_refused_before_json_parses_it(run, config, text, message):
    config.parent.mkdir(parents=True)
    config.write_text(text, encoding="utf-8")
    result = run("printer", "list")
    assert result.code == 1 and result.err.count("\n") == 1, result.err
    assert result.err.startswith(f"{config}: ") and message in result.err, result.err


@pytest.mark.parametrize("stock", ["a\nfake: back offset +0,+0 mm", "card\n", "\x1b[2Jcard", "card\u202e", "x" * 300])
def test_a_stock_name_that_could_forge_a_line_is_refused(run, config, stock):
    config.parent.mkdir(parents=True)
    config.write_text(json.dumps(office(stocks={stock: {"back_offset": [0, 0]}})), encoding="utf-8")
    result = run("printer", "list")
    assert result.code == 1 and result.err.count("\n") == 1, result.err
    assert result.err.startswith(f"{config}:") and "printers.office.stocks." in result.err
    assert "\x1b" not in result.err and "\u202e" not in result.err


def test_a_byte_order_mark_is_accepted(run, config):
    config.parent.mkdir(parents=True)
    config.write_bytes(b"\xef\xbb\xbf" + json.dumps(office()).encode())
    result = run("printer", "list")
    assert result.code == 0, result.err
    assert result.out == "office: back offset +0.5,-0.25 mm, prints at 100 % x 100 %\n"


@pytest.mark.parametrize("kind", ["dev-zero", "fifo", "link", "folder"])
def test_a_profile_file_that_is_not_a_regular_file_is_refused_at_once(run, config, tmp_path, kind):
    """A link to /dev/zero would be read forever, a FIFO would block `printer list` forever."""
    config.parent.mkdir(parents=True)
    if kind == "dev-zero":
        config.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(config)
    elif kind == "link":
        (tmp_path / "elsewhere.json").write_text(json.dumps(office()), encoding="utf-8")
        config.symlink_to(tmp_path / "elsewhere.json")
    else:
        config.mkdir()
    started = time.monotonic()
    result = run("printer", "list")
    assert time.monotonic() - started < 5
    assert result.code == 1 and result.err.count("\n") == 1, result.err
    assert result.err.startswith(f"{config}: ") and ("is a link" in result.err or "not a regular file" in result.err)


def test_a_nan_back_offset_never_reaches_a_build(config):
    config.parent.mkdir(parents=True)
    config.write_text('{"printers": {"o": {"back_offset": [NaN, 0]}}}', encoding="utf-8")
    with pytest.raises(KitError, match="NaN is not a number"):
        printers.load()


def test_ten_printer_adds_at_once_keep_all_ten_profiles(config):
    env = dict(os.environ, PRINTKIT_CONFIG_DIR=str(config.parent))
    command = [sys.executable, "-m", "printkit", "printer", "add"]
    adds = [
        subprocess.Popen([*command, f"printer{n}", "--back-offset", f"{n},0"], env=env, stderr=subprocess.PIPE)
        for n in range(10)
    ]
    assert [add.wait(timeout=120) for add in adds] == [0] * 10
    saved = json.loads(config.read_text(encoding="utf-8"))["printers"]
    assert sorted(saved) == sorted(f"printer{n}" for n in range(10))
    assert all(saved[f"printer{n}"]["back_offset"] == [n, 0] for n in range(10))


def test_the_depth_count_takes_linear_time_on_unclosed_strings(run, config):
    """A quote and 80,000 escaped ones never closed: a string pattern retried at each quote took
    quadratic time (16 KB of them: 8.7 s; this file's 160 KB: about 15 minutes)."""
    config.parent.mkdir(parents=True)
    config.write_text('"' + '\\"' * 80_000, encoding="utf-8")
    started = time.monotonic()
    result = run("printer", "list")
    assert time.monotonic() - started < 5
    assert result.code == 1 and result.err.startswith(f"{config}:1: not valid JSON"), result.err


def test_a_name_ending_in_a_newline_is_not_a_printer_name(run, config):
    result = run("printer", "add", "office\n", "--back-offset", "1,0")
    assert result.code == 1 and "printer name 'office\\n': use 1 to 40 letters" in result.err, result.err
    assert not config.exists()


def test_a_lock_held_elsewhere_is_waited_for_then_refused_in_one_line(run, config, monkeypatch):
    """``printer add`` waits for another printkit's lock, but not for ever: a lock that is never let go
    (a command stopped while holding it, or any program) gives one line and exit 1."""
    monkeypatch.setattr(configjson, "LOCK_WAIT_SECONDS", 0.3)
    config.parent.mkdir(parents=True)
    lock = config.with_name(config.name + ".lock")
    with open(lock, "w") as holder:
        fcntl.flock(holder, fcntl.LOCK_EX)
        started = time.monotonic()
        refused = run("printer", "add", "office", "--back-offset", "1,1")
        assert time.monotonic() - started < 5
    assert refused.code == 1
    assert refused.err.strip() == f"{lock}: another program has held this lock for 0.3 s; try again"
    assert not config.exists()
    assert run("printer", "add", "office", "--back-offset", "1,1").code == 0  # let go: it works
