"""The command line as a user meets it: outputs, messages, exit codes, nothing lost on failure."""

from __future__ import annotations

import pdfplumber
import pytest

import printkit.render


def test_build_writes_the_default_output_and_reports_it(run, tmp_path, monkeypatch):
    result = run("build", "ogrod", "--lang", "cs", "-o", str(tmp_path / "zahrada.pdf"))
    assert result.code == 0
    assert result.out.strip() == f"{tmp_path / 'zahrada.pdf'} (2 pages)"


def test_default_output_names(run, tmp_path, monkeypatch):
    from printkit import build

    loaded = build.load("ogrod")
    assert str(build.default_output(loaded, "pl")) == "output/ogrod.pdf"
    assert str(build.default_output(loaded, "cs")) == "output/ogrod-cs.pdf"


def test_list_shows_the_shipped_kits(run):
    result = run("list")
    assert result.code == 0
    header, *rows = result.out.splitlines()
    assert header.split() == ["kit", "title", "players", "languages", "pages"]
    ogrod = next(r for r in rows if r.startswith("ogrod"))
    assert "Ogród z kostek" in ogrod and "1-4" in ogrod and "pl,cs,en" in ogrod and ogrod.rstrip().endswith("2")


def test_sheets_prints_one_named_sheet_per_player(run, tmp_path):
    target = tmp_path / "sheets.pdf"
    result = run("sheets", "ogrod", "--players", "4", "--names", "Ala,Řehoř,Żaneta", "-o", str(target))
    assert result.code == 0, result.err
    with pdfplumber.open(target) as pdf:
        assert len(pdf.pages) == 4
        texts = [page.extract_text() for page in pdf.pages]
    for text, name in zip(texts, ["Ala", "Řehoř", "Żaneta", "Gracz 4"], strict=True):
        assert name in text


@pytest.mark.parametrize(
    "args, message",
    [
        (["sheets", "ogrod", "--players", "5"], "--players 5 is outside this game's range (1–4)"),
        (["sheets", "ogrod", "--players", "2", "--names", "A,B,C"], "3 names given for 2 players; give at most 2"),
        (["build", "ogrod", "--lang", "de"], "unknown language 'de'; this kit has: pl, cs, en"),
        (["build", "szachy"], "szachy: unknown kit; the shipped kits are:"),
        (["build", "ogrod", "--paper", "a5"], "Invalid value for '--paper'"),
    ],
)
def test_bad_command_lines_are_one_clear_error(run, args, message):
    result = run(*args)
    assert result.code == 1
    assert message in result.err
    assert "Traceback" not in result.err


def test_output_that_is_a_directory_is_refused(run, tmp_path):
    result = run("build", "ogrod", "-o", str(tmp_path))
    assert result.code == 1
    assert "the output path is a directory" in result.err


def test_output_in_a_missing_folder_is_refused(run, tmp_path):
    result = run("build", "ogrod", "-o", str(tmp_path / "nope" / "x.pdf"))
    assert result.code == 1
    assert "does not exist" in result.err


def test_a_failed_build_leaves_the_old_pdf_untouched(run, tmp_path, monkeypatch):
    target = tmp_path / "ogrod.pdf"
    assert run("build", "ogrod", "-o", str(target)).code == 0
    before = target.read_bytes()

    def broken(document, progress=None):
        raise printkit.render.PrintkitError("the renderer failed on purpose")

    monkeypatch.setattr(printkit.render, "render", broken)
    result = run("build", "ogrod", "--lang", "en", "-o", str(target))
    assert result.code == 1
    assert "failed on purpose" in result.err
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["ogrod.pdf"]


def test_an_interrupted_write_leaves_no_temporary_file(tmp_path, monkeypatch):
    from printkit import output

    target = tmp_path / "kit.pdf"
    target.write_bytes(b"old")

    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(output.os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        output.write_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["kit.pdf"]


def test_python_dash_m_works():
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "printkit", "--help"], capture_output=True, text=True)
    assert result.returncode == 0
    assert "build" in result.stdout


def test_ctrl_c_during_a_build_keeps_the_old_pdf(run, tmp_path, monkeypatch):
    target = tmp_path / "ogrod.pdf"
    assert run("build", "ogrod", "-o", str(target)).code == 0
    before = target.read_bytes()

    def interrupted(document, progress=None):
        raise KeyboardInterrupt

    monkeypatch.setattr(printkit.render, "render", interrupted)
    result = run("build", "ogrod", "--lang", "cs", "-o", str(target))
    assert result.code == 130
    assert "interrupted" in result.err
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["ogrod.pdf"]
