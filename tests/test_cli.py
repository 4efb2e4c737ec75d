"""The command line as a user meets it: outputs, messages, exit codes, nothing lost on failure."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

import printkit.render.pdf


def test_build_writes_the_default_output_and_reports_it(run, tmp_path, monkeypatch):
    result = run("build", "ogrod", "--lang", "cs", "-o", str(tmp_path / "zahrada.pdf"))
    assert result.code == 0
    assert result.out.strip() == f"{tmp_path / 'zahrada.pdf'} (2 pages)"


def test_default_output_names(run, tmp_path, monkeypatch):
    from printkit import pipeline as build

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
    for text, name in zip(texts, ["Ala", "Řehoř", "Żaneta"], strict=False):
        assert name in text
    assert not any(f"Gracz {n}" in text for n in range(1, 5) for text in texts), "a blank line for a name not given"


@pytest.mark.parametrize(
    "args, message",
    [
        (["sheets", "latarnie", "--players", "3"], "--players 3: this game is for 2 players"),
        (["sheets", "ogrod", "--players", "100"], "--players 100 is outside this game's range (1–99)"),
        (["sheets", "ogrod", "--players", "0"], "--players 0 is outside this game's range (1–99)"),
        (["sheets", "ogrod", "--players", "2", "--names", "A,B,C"], "3 names given for 2 players; give at most 2"),
        (["build", "ogrod", "--lang", "de"], "unknown language 'de'; this kit has: pl, cs, en"),
        (["sheets", "latarnie", "--players", "2", "--lang", "sk"], "unknown language 'sk'; this kit has: pl, cs, en"),
        (["build", "szachy"], "szachy: unknown kit; the shipped kits are: kpn, latarnie, ogrod, plateau, targ"),
        (["build", "ogrod", "--back-offset", "1"], "--back-offset: give two lengths X,Y in mm, e.g. 0.5,-1 (got '1')"),
        (
            ["build", "ogrod", "--back-offset", "x,y"],
            "--back-offset: give two lengths X,Y in mm, e.g. 0.5,-1 (got 'x,y')",
        ),
        (
            ["build", "ogrod", "--back-offset", "50,0"],
            "--back-offset: '50,0' moves the backs more than 20 mm; a printer's misregistration is a few mm at most",
        ),
    ],
)
def test_bad_command_lines_are_one_clear_error(run, args, message):
    result = run(*args)
    assert (result.code, result.err, result.out) == (1, message + "\n", "")


def test_output_that_is_a_directory_is_refused(run, tmp_path):
    result = run("build", "ogrod", "-o", str(tmp_path))
    assert (result.code, result.err) == (
        1,
        f"{tmp_path}: the output path is a directory; give a file name such as {tmp_path / 'kit.pdf'}\n",
    )


def test_output_in_a_missing_folder_is_refused(run, tmp_path):
    target = tmp_path / "nope" / "x.pdf"
    result = run("build", "ogrod", "-o", str(target))
    assert (result.code, result.err) == (1, f"{target}: the folder {tmp_path / 'nope'} does not exist\n")


def test_output_in_a_folder_that_is_a_file_is_refused(run, tmp_path):
    (tmp_path / "notes.txt").write_text("a file, not a folder", encoding="utf-8")
    target = tmp_path / "notes.txt" / "x.pdf"
    result = run("build", "ogrod", "-o", str(target))
    assert (result.code, result.err) == (1, f"{target}: {tmp_path / 'notes.txt'} is a file, not a folder\n")


def test_output_in_a_folder_that_cannot_be_written_is_refused(run, tmp_path, monkeypatch):
    """The tests run as root, whom chmod does not stop, so os.access is told the folder is read-only."""
    import os

    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: False if Path(path) == tmp_path else real_access(path, mode))
    target = tmp_path / "x.pdf"
    result = run("build", "ogrod", "-o", str(target))
    assert (result.code, result.err) == (1, f"{target}: the folder {tmp_path} cannot be written\n")
    assert list(tmp_path.iterdir()) == []


def test_a_write_the_checks_could_not_foresee_is_an_error_that_keeps_the_old_file(run, tmp_path, monkeypatch):
    """The folder passes the checks, then refuses the file (as a read-only mount or a full disk would):
    tempfile.mkstemp is made to fail with the error the system would give."""
    import tempfile

    target = tmp_path / "ogrod.pdf"
    target.write_bytes(b"old")

    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    result = run("build", "ogrod", "-o", str(target))
    assert (result.code, result.err) == (
        1,
        f"{target}: cannot write it (Permission denied); the file there is unchanged\n",
    )
    assert target.read_bytes() == b"old"


def test_a_failed_build_leaves_the_old_pdf_untouched(run, tmp_path, monkeypatch):
    target = tmp_path / "ogrod.pdf"
    assert run("build", "ogrod", "-o", str(target)).code == 0
    before = target.read_bytes()

    def broken(document, progress=None, correction=(1.0, 1.0)):
        raise printkit.render.pdf.PrintkitError("the renderer failed on purpose")

    monkeypatch.setattr(printkit.render.pdf, "render", broken)
    result = run("build", "ogrod", "--lang", "en", "-o", str(target))
    assert result.code == 1
    assert "failed on purpose" in result.err
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["ogrod.pdf"]


def test_an_interrupted_write_leaves_no_temporary_file(tmp_path, monkeypatch):
    from printkit.output import files as output

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

    def interrupted(document, progress=None, correction=(1.0, 1.0)):
        raise KeyboardInterrupt

    monkeypatch.setattr(printkit.render.pdf, "render", interrupted)
    result = run("build", "ogrod", "--lang", "cs", "-o", str(target))
    assert result.code == 130
    assert result.err.strip() == "interrupted; no file was left half-written"
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["ogrod.pdf"]


BIG_DECK_TEMPLATE = """kit:
  title: {en: "Big deck", pl: "Duża talia", cs: "Velký balíček"}
  players: {min: 1, max: 2}
  languages: [en, pl, cs]
  default_lang: en
  author: "printkit tests"
components:
  - id: deck
    kind: cards
    title: {en: "Cards", pl: "Karty", cs: "Karty"}
    width: 63mm
    height: 88mm
    imposition: grid
    types:
      - {id: card, count: 10000, name: {en: "Card", pl: "Karta", cs: "Karta"}}
    face:
      - {type: frame, color: ink, inset: 3mm, width: 0.5mm, radius: 3mm}
      - {type: name, box: [6, 8, 51, 10], size_pt: 16}
      - type: index
        box: [6, 40, 51, 6]
        size_pt: 9
        text: {en: "Card {index} of {count}", pl: "Karta {index} z {count}", cs: "Karta {index} z {count}"}
{lines}    back:
      - {type: frame, color: ink, inset: 1.5mm, width: 0.3mm, radius: 0}
rules:
  - heading: {en: "Rules", pl: "Zasady", cs: "Pravidla"}
    body: {en: "{deck.total} cards.", pl: "{deck.total} kart.", cs: "{deck.total} karet."}
invariants:
  - {id: cards, check: "deck.total == 10000", rule: {en: "10000 cards", pl: "10000 kart", cs: "10000 karet"}}
"""
LINE = """      - type: index
        box: [6, {y}, 51, 5]
        size_pt: 8
        text: {{en: "Line {n} of card {{index}}", pl: "Wiersz {n} karty {{index}}", cs: "Řádek {n} karty {{index}}"}}
"""
BIG_DECK = BIG_DECK_TEMPLATE.replace("{lines}", "".join(LINE.format(n=n, y=42 + 6 * n) for n in range(1, 6)))


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used (utime + stime from /proc/PID/stat)."""
    import os

    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the build's CPU time from /proc")
def test_ctrl_c_sent_to_a_running_build_keeps_the_old_pdf_and_leaves_no_temporary_file(tmp_path):
    """A real SIGINT to a real `printkit build` of 10,000 cards with seven lines of their own
    (about 2 s of CPU), sent once the build has worked 1 s of CPU time (imports and loading take
    0.3 s): a point in the layout or the drawing however busy the machine is."""
    import signal
    import subprocess
    import sys
    import time

    kit = tmp_path / "big.yaml"
    kit.write_text(BIG_DECK, encoding="utf-8")
    target = tmp_path / "big.pdf"
    target.write_bytes(b"%PDF-1.4\n% the kit printed last week\n%%EOF\n")
    before = target.read_bytes()
    command = [sys.executable, "-m", "printkit", "build", str(kit), "-o", str(target)]

    def as_at_a_terminal() -> None:  # a shell starts background jobs with SIGINT ignored; Ctrl-C is not
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    process = subprocess.Popen(
        command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=as_at_a_terminal
    )
    try:
        deadline = time.monotonic() + 60
        while process.poll() is None and cpu_seconds(process.pid) < 1.0 and time.monotonic() < deadline:
            time.sleep(0.01)
        if process.poll() is not None:
            pytest.skip("the build finished before the signal could be sent")
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    if process.returncode == 0:
        pytest.skip("the build finished before the signal landed")
    assert process.returncode == 130, err
    assert "Traceback" not in err
    assert err.strip().splitlines() == ["interrupted; no file was left half-written"]
    assert out == ""
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.pdf", "big.yaml"]
