"""Every message printkit prints is one line a problem that shows what it quotes: control
characters, bidi overrides and isolates, zero-width and other invisible characters escaped, a
quoted value cut to MAX_QUOTED characters; a value from the command line is blamed on its option."""

from __future__ import annotations

import time

import pytest

from printkit.base.errors import MAX_QUOTED, KitError, PrintkitError, Problem, one_line

MINI_HEAD = """\
kit:
  title: {en: "Small game"}
  players: {min: 1, max: 2}
  languages: [en]
  default_lang: en
  author: "printkit tests"
"""


@pytest.mark.parametrize(
    "raw, shown",
    [
        ("unknown key 'a\x07b'", "unknown key 'a\\x07b'"),
        ("unknown key 'a\nb'", "unknown key 'a\\nb'"),
        ("unknown icon 'abc\u202edef'", "unknown icon 'abc\\u202edef'"),
        ("unknown icon '\u2066x\u2069'", "unknown icon '\\u2066x\\u2069'"),
        ("a '\u200b' and '\u00ad'", "a '\\u200b' and '\\xad'"),
        ("the kit's folder kits/a/ and 'Żółw' stay", "the kit's folder kits/a/ and 'Żółw' stay"),
    ],
)
def test_hidden_characters_are_escaped(raw, shown):
    assert one_line(raw) == shown


def test_a_long_quoted_value_is_cut_and_a_short_one_kept():
    long = "x" * 6000
    shown = one_line(f"kit.{long}: unknown key '{long}' (allowed: title); the kit's 'short' value")
    assert shown == (f"kit.{long}: unknown key '{'x' * (MAX_QUOTED - 1)}…' (allowed: title); the kit's 'short' value")
    assert one_line(f'got "{long}"') == f'got "{"x" * (MAX_QUOTED - 1)}…"'
    assert one_line("it's 'don't stop' here") == "it's 'don't stop' here"


def test_every_message_passes_through_it():
    assert str(PrintkitError("bad '\x07'")) == "bad '\\x07'"
    problem = Problem("k.yaml", 3, "kit.title.en", "holds '\u202eabc'")
    assert str(problem) == "k.yaml:3: kit.title.en: holds '\\u202eabc'"
    both = KitError([problem, Problem("k.yaml", 4, "kit.author", "holds 'a\nb'")])
    assert str(both).splitlines() == [
        "k.yaml:3: kit.title.en: holds '\\u202eabc'",
        "k.yaml:4: kit.author: holds 'a\\nb'",
        "Aborted with 2 errors (schema: 2).",
    ]


def test_a_bel_in_the_kit_file_is_one_line_with_its_line(run, tmp_path, monkeypatch):
    """PyYAML refuses a raw control character in two lines counting characters, with no line."""
    (tmp_path / "bel.yaml").write_bytes(MINI_HEAD.replace("Small game", "Small\x07game").encode())
    monkeypatch.chdir(tmp_path)
    result = run("validate", "bel.yaml")
    assert (result.code, result.err.splitlines()) == (
        1,
        [
            "bel.yaml:2: the character U+0007 at column 21 is not allowed in a kit file (YAML refuses control "
            "characters); remove it"
        ],
    )


def test_a_6_kb_value_with_a_bidi_override_is_quoted_short_and_escaped(run, tmp_path, monkeypatch):
    value = "\u202e" + "k" * 6000
    kit = MINI_HEAD.replace("default_lang: en", f'default_lang: "{value}"') + "components: []\nrules: []\n"
    (tmp_path / "lang.yaml").write_text(kit, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run("validate", "lang.yaml")
    assert (result.code, result.err.splitlines()) == (
        1,
        [f"lang.yaml:5: kit.default_lang: '\\u202e{'k' * (MAX_QUOTED - 7)}…' is not one of the kit's languages (en)"],
    )


def test_a_long_name_is_blamed_on_the_option_not_the_kit(run, tmp_path):
    result = run("sheets", "ogrod", "--players", "2", "--names", "A" * 300 + ",Bo", "-o", str(tmp_path / "s.pdf"))
    assert result.code == 1
    (line,) = result.err.splitlines()
    assert line.startswith(f"--names: the text '{'A' * 59}…' does not fit its box on page 1 (sheet): "), line
    assert "ogrod.yaml" not in line


@pytest.mark.parametrize(
    "name, problem",
    [
        ("A\x07b", "'A\\x07b' holds the control character U+0007 at character 2"),
        ("Ab\u202eZ", "'Ab\\u202eZ' holds the direction control U+202E (RIGHT-TO-LEFT OVERRIDE) at character 3"),
        ("A\nb", "'A\\nb' holds a line break but prints on one line"),
    ],
)
def test_a_name_that_would_not_print_as_typed_is_refused(run, tmp_path, name, problem):
    result = run("sheets", "ogrod", "--players", "2", "--names", name, "-o", str(tmp_path / "s.pdf"))
    assert result.code == 1
    (line,) = result.err.splitlines()
    assert line.startswith(f"--names: {problem}"), line


def test_a_value_of_thousands_of_quotes_costs_no_more_than_its_length():
    """Quotes found in one pass: 60,000 unclosed quotes (a hostile key) cost well under a second."""
    hostile = "unknown key '" + " 'a" * 60_000 + "'"
    started = time.perf_counter()
    shown = one_line(hostile)
    assert time.perf_counter() - started < 1.0
    assert shown == hostile[: len("unknown key '") + MAX_QUOTED - 1] + "…'"
