"""One output policy (output.py): printkit replaces only regular files and folders it exported;
never a link, a device or a folder of other files; never a path under the kit's folder; and the
outputs of one command land together or the message names each that did not."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, cli_runner
from printkit.output import files as output
from printkit.output.files import MARKER, MARKER_LIMIT

MINI = str(REPO / "tests" / "kits" / "mini.yaml")
POKER = str(REPO / "tests" / "kits" / "poker.yaml")
OLD = b"%PDF-1.4\n% last week's\n%%EOF\n"


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.fixture
def here(tmp_path, monkeypatch, capsys):
    """printkit run in an empty temporary folder."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PRINTKIT_CONFIG_DIR", str(tmp_path / "no-config"))
    return cli_runner(capsys)


# --- item 6: a link is refused, never followed nor replaced -----------------------------------------------

LINK_REFUSED = (
    "{path}: the output path is a symbolic link; printkit never writes through one nor replaces it "
    "(give the path of the file itself)"
)


@pytest.mark.parametrize(
    "args",
    [
        ["build", MINI, "-o", "{link}"],
        ["build", MINI, "-o", "x.pdf", "--manifest", "{link}"],
        ["build", MINI, "-o", "x.pdf", "--cut-svg", "{link}"],
        ["sheets", MINI, "--players", "1", "-o", "{link}"],
        ["calibrate", "-o", "{link}"],
        ["schema", "-o", "{link}"],
    ],
)
def test_a_link_to_a_regular_file_is_refused_and_both_stay(here, tmp_path, args):
    (tmp_path / "real.pdf").write_bytes(OLD)
    (tmp_path / "link.pdf").symlink_to("real.pdf")
    result = here(*[arg.replace("{link}", "link.pdf") for arg in args])
    assert (result.code, result.err) == (1, LINK_REFUSED.format(path="link.pdf") + "\n")
    assert os.readlink(tmp_path / "link.pdf") == "real.pdf"
    assert (tmp_path / "real.pdf").read_bytes() == OLD
    assert names(tmp_path) == ["link.pdf", "real.pdf"]


def test_a_link_to_a_device_is_refused_and_no_temporary_is_made_where_it_leads(here, tmp_path):
    before = sorted(os.listdir("/dev"))
    (tmp_path / "null.pdf").symlink_to("/dev/null")
    result = here("build", MINI, "-o", "null.pdf")
    assert (result.code, result.err) == (1, LINK_REFUSED.format(path="null.pdf") + "\n")
    assert (tmp_path / "null.pdf").is_symlink() and sorted(os.listdir("/dev")) == before
    assert names(tmp_path) == ["null.pdf"]


def test_dev_stdout_as_a_link_to_a_redirected_stdout_stays_a_link(tmp_path):
    """The probe's case without touching the real /dev: a link that leads, as /dev/stdout does,
    through /proc/self/fd/1 to the file stdout is redirected to."""
    (tmp_path / "stdout").symlink_to("/proc/self/fd/1")
    with open(tmp_path / "captured.txt", "wb") as captured:
        result = subprocess.run(
            [sys.executable, "-m", "printkit", "build", MINI, "-o", str(tmp_path / "stdout")],
            stdout=captured,
            stderr=subprocess.PIPE,
            text=True,
            cwd=tmp_path,
        )
    assert (result.returncode, result.stderr) == (1, LINK_REFUSED.format(path=tmp_path / "stdout") + "\n")
    assert os.readlink(tmp_path / "stdout") == "/proc/self/fd/1"
    assert (tmp_path / "captured.txt").read_bytes() == b""
    assert names(tmp_path) == ["captured.txt", "stdout"]


def test_a_link_planted_after_the_checks_is_not_replaced(tmp_path, monkeypatch):
    """Between the checks and the rename a link appears at the output: the rename would replace
    it, so the last look refuses it and the temporary goes."""
    target = tmp_path / "kit.pdf"
    real_fsync = os.fsync

    def plant_a_link(descriptor: int) -> None:
        real_fsync(descriptor)
        target.symlink_to("elsewhere.pdf")

    monkeypatch.setattr(output.os, "fsync", plant_a_link)
    with pytest.raises(output.PrintkitError, match="something other than a regular file appeared there"):
        output.write_atomic(target, b"%PDF")
    assert target.is_symlink() and names(tmp_path) == ["kit.pdf"]


# --- item 18: nothing under the kit's folder, made yet or not ---------------------------------------------


@pytest.fixture
def kit_here(here, tmp_path):
    (tmp_path / "mine.yaml").write_bytes(Path(MINI).read_bytes())
    (tmp_path / "mine").mkdir()
    return here


@pytest.mark.parametrize(
    ("args", "shown"),
    [
        (["build", "mine.yaml", "-o", "mine/kit.pdf"], "mine/kit.pdf"),
        (["build", "mine.yaml", "-o", "kit.pdf", "--manifest", "mine/later.png"], "mine/later.png"),
        (["build", "mine.yaml", "-o", "kit.pdf", "--cut-svg", "./mine/../mine/cut.svg"], "mine/../mine/cut.svg"),
        (["sheets", "mine.yaml", "--players", "1", "-o", "mine/sheets.pdf"], "mine/sheets.pdf"),
    ],
)
def test_an_output_under_the_kits_folder_is_refused_every_time(kit_here, tmp_path, args, shown):
    """Refused before anything is made there, so the second run says the same as the first."""
    message = (
        f"{shown}: this is a file in the kit's art folder mine/, which printkit reads; it never writes over it "
        "(give another output path)\n"
    )
    for _ in range(2):
        result = kit_here(*args)
        assert (result.code, result.err) == (1, message)
        assert names(tmp_path) == ["mine", "mine.yaml"] and names(tmp_path / "mine") == []


def test_a_preview_folder_under_the_kits_folder_is_refused_before_it_is_made(kit_here, tmp_path):
    result = kit_here("preview", "mine.yaml", "-o", "mine/previews")
    assert result.code == 1 and "mine/previews/mine-1.png: this is a file in the kit's art folder" in result.err
    assert names(tmp_path / "mine") == []


# --- item 16: several outputs land together ---------------------------------------------------------------


def full_disk_at(call: int, monkeypatch) -> list[int]:
    """os.fsync fails as a full disk would at its ``call``-th call (the ``call``-th output synced)."""
    calls: list[int] = []
    real_fsync = os.fsync

    def fsync(descriptor: int) -> None:
        calls.append(descriptor)
        if len(calls) == call:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_fsync(descriptor)

    monkeypatch.setattr(output.os, "fsync", fsync)
    return calls


def test_a_full_disk_at_the_second_output_replaces_none_and_names_each(here, tmp_path, monkeypatch):
    olds = {"kit.pdf": OLD, "kit.json": b'{"old": true}\n', "kit.svg": b"<svg/>\n"}
    for name, data in olds.items():
        (tmp_path / name).write_bytes(data)
    full_disk_at(2, monkeypatch)
    result = here("build", MINI, "-o", "kit.pdf", "--manifest", "kit.json", "--cut-svg", "kit.svg")
    assert (result.code, result.err) == (
        1,
        "kit.json: cannot write it (No space left on device); not written, each left as it was: "
        "kit.pdf, kit.json, kit.svg\n",
    )
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == olds


def test_a_failed_rename_names_what_was_written_and_what_was_not(tmp_path, monkeypatch):
    real_replace = os.replace

    def replace(source, target):
        if str(target).endswith(".json"):
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        real_replace(source, target)

    monkeypatch.setattr(output.os, "replace", replace)
    outputs = [(tmp_path / "kit.pdf", b"%PDF"), (tmp_path / "kit.json", b"{}"), (tmp_path / "kit.svg", b"<svg/>")]
    with pytest.raises(output.PrintkitError) as refused:
        output.write_all(outputs)
    assert str(refused.value) == (
        f"{tmp_path}/kit.json: cannot write it (Input/output error); written: {tmp_path}/kit.pdf; "
        f"not written, each left as it was: {tmp_path}/kit.json, {tmp_path}/kit.svg"
    )
    assert names(tmp_path) == ["kit.pdf"]


@pytest.fixture
def tiny_disk(tmp_path):
    """A 64 KB tmpfs (root only), unmounted after the test."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(disk)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip("cannot mount a tmpfs here (needs root)")
    yield disk
    subprocess.run(["umount", str(disk)], check=True)


def test_on_a_really_full_disk_no_output_of_a_build_is_left(here, tmp_path, tiny_disk):
    """The PDF's temporary fills the disk exactly; the manifest then finds no room: no output, no
    temporary is left, and the message names all three."""
    assert here("build", MINI, "-o", "sized.pdf").code == 0
    pages = -(-(tmp_path / "sized.pdf").stat().st_size // 4096)
    (tiny_disk / "ballast").write_bytes(b"x" * (64 * 1024 - pages * 4096))
    result = here("build", MINI, "-o", "disk/kit.pdf", "--manifest", "disk/kit.json", "--cut-svg", "disk/kit.svg")
    assert (result.code, result.err) == (
        1,
        "disk/kit.json: cannot write it (No space left on device); not written, each left as it was: "
        "disk/kit.pdf, disk/kit.json, disk/kit.svg\n",
    )
    assert names(tiny_disk) == ["ballast"]


def test_a_preview_on_a_full_disk_writes_no_page(here, tmp_path, monkeypatch):
    full_disk_at(2, monkeypatch)
    result = here("preview", str(REPO / "kits" / "ogrod.yaml"), "-o", "previews", "--dpi", "10")
    assert result.code == 1 and result.err.startswith("previews/ogrod-2.png: cannot write it (No space left")
    assert names(tmp_path / "previews") == []


# --- item 3: an earlier export is known by printkit's marker alone ----------------------------------------


def data_folder(folder: Path) -> dict[str, bytes]:
    folder.mkdir()
    files = {"index.csv": b"name,grade\nada,5\n", "thesis.pdf": b"%PDF-1.4 four years of work"}
    for name, data in files.items():
        (folder / name).write_bytes(data)
    return files


@pytest.mark.parametrize("command", [["export", POKER, "--for", "pdf"], ["export-tts", POKER]])
def test_a_folder_of_other_files_is_never_replaced(here, tmp_path, command):
    files = data_folder(tmp_path / "data")
    result = here(*command, "-o", "data")
    assert (result.code, result.err) == (
        1,
        f"data: the folder holds other files and no printkit export marker ({MARKER}); printkit replaces only "
        "a folder it exported (give a new or empty folder)\n",
    )
    assert {p.name: p.read_bytes() for p in (tmp_path / "data").iterdir()} == files
    assert names(tmp_path) == ["data"]


def valid_marker(files: list[str]) -> str:
    return json.dumps({"format": "printkit-export", "version": 1, "command": "export", "files": files})


@pytest.mark.parametrize(
    "plant",
    [
        pytest.param(lambda folder: (folder / MARKER).write_text("{not json"), id="not JSON"),
        pytest.param(lambda folder: (folder / MARKER).write_text('{"format": "printkit-export"}'), id="no version"),
        pytest.param(
            lambda folder: (folder / MARKER).write_text(valid_marker(["index.csv", "thesis.pdf"]).replace("1,", "9,")),
            id="unknown version",
        ),
        pytest.param(
            lambda folder: (folder / MARKER).write_text(valid_marker(["index.csv", "thesis.pdf"]) + " " * MARKER_LIMIT),
            id="huge",
        ),
        pytest.param(lambda folder: (folder / MARKER).write_text("[" * 100_000), id="deep"),
        pytest.param(lambda folder: os.mkfifo(folder / MARKER), id="a FIFO"),
        pytest.param(lambda folder: (folder / MARKER).symlink_to("../real-marker.json"), id="a link"),
    ],
)
def test_a_marker_that_is_not_printkits_is_not_an_export(here, tmp_path, plant):
    (tmp_path / "real-marker.json").write_text(valid_marker(["index.csv", "thesis.pdf"]))
    files = data_folder(tmp_path / "data")
    plant(tmp_path / "data")
    result = here("export", POKER, "--for", "pdf", "-o", "data")
    assert result.code == 1 and "no printkit export marker" in result.err, result.err
    assert {name: (tmp_path / "data" / name).read_bytes() for name in files} == files


def test_a_file_the_earlier_export_did_not_write_keeps_the_folder(here, tmp_path):
    assert here("export", POKER, "--for", "pdf", "-o", "out").code == 0
    (tmp_path / "out" / "thesis.pdf").write_bytes(b"%PDF notes kept beside the export")
    result = here("export", POKER, "--for", "pdf", "-o", "out")
    assert (result.code, result.err) == (
        1,
        "out: the folder holds 'thesis.pdf', which the earlier export there did not write; printkit replaces only "
        "a folder it exported (give a new or empty folder)\n",
    )
    assert (tmp_path / "out" / "thesis.pdf").exists()


@pytest.mark.parametrize("command", [["export", POKER, "--for", "pdf"], ["export-tts", POKER]])
def test_an_earlier_export_is_replaced_whole_and_marked(here, tmp_path, command):
    assert here(*command, "-o", "out").code == 0
    marker = json.loads((tmp_path / "out" / MARKER).read_text(encoding="utf-8"))
    assert marker["format"] == "printkit-export" and marker["version"] == 1 and marker["command"] == command[0]
    assert sorted(marker["files"]) == [name for name in names(tmp_path / "out") if name != MARKER]
    before = names(tmp_path / "out")
    assert here("export", POKER, "--for", "png", "--dpi", "10", "-o", "out").code == 0  # either replaces either
    after = names(tmp_path / "out")
    assert after != before and MARKER in after and "index.csv" in after
    assert names(tmp_path) == ["out"]


def test_an_export_folder_that_is_a_link_is_refused(here, tmp_path):
    files = data_folder(tmp_path / "data")
    (tmp_path / "out").symlink_to("data")
    result = here("export", POKER, "--for", "pdf", "-o", "out")
    assert (result.code, result.err) == (
        1,
        "out: the output folder is a symbolic link; printkit never replaces one (give the folder's own path)\n",
    )
    assert {p.name: p.read_bytes() for p in (tmp_path / "data").iterdir()} == files


def test_export_tts_writes_into_a_folder_of_the_kits_own_by_default(here, tmp_path):
    """Each export replaces its folder whole: a folder shared by every kit (output/tts) would let
    one kit's export delete another's."""
    (tmp_path / "output" / "tts").mkdir(parents=True)
    (tmp_path / "output" / "tts" / "other-kit.png").write_bytes(b"another kit's sheet")
    made = here("export-tts", POKER)
    assert made.code == 0, made.err
    assert made.out.startswith("output/poker-tts/tts.json: ")
    assert names(tmp_path / "output") == ["poker-tts", "tts"] and names(tmp_path / "output" / "tts") == [
        "other-kit.png"
    ]


def test_an_earlier_export_is_exchanged_with_the_new_one_in_one_step(tmp_path, monkeypatch):
    """On Linux the old folder is never missing, not even between two renames: os.rename is not
    called to move it aside, and nothing is left beside the new folder."""
    if not sys.platform.startswith("linux"):
        pytest.skip("renameat2 is Linux's")
    output.write_folder(tmp_path / "out", {"old.txt": b"old"}, "export")
    renamed: list[tuple] = []
    real_rename = os.rename
    monkeypatch.setattr(output.os, "rename", lambda *args: renamed.append(args) or real_rename(*args))
    output.write_folder(tmp_path / "out", {"new.txt": b"new"}, "export")
    assert renamed == []
    assert names(tmp_path) == ["out"] and names(tmp_path / "out") == [MARKER, "new.txt"]


def test_a_build_on_another_paper_is_named_for_it_as_its_companions_are(tmp_path, monkeypatch, capsys):
    """Round 6 (targ): a Letter build wrote output/targ.pdf, the A4 build's name, beside
    its companions; it replaced the A4 PDF but not its companions. Every file a build or
    `printkit sheets` names by default carries the paper when it is not A4."""
    monkeypatch.chdir(tmp_path)
    run = cli_runner(capsys)
    assert run("build", "targ", "--paper", "letter").code == 0
    assert run("build", "targ").code == 0
    assert run("sheets", "ogrod", "--players", "2", "--paper", "letter").code == 0
    assert sorted(path.name for path in (tmp_path / "output").glob("*.pdf")) == [
        "ogrod-letter-sheets.pdf",
        "targ-boxes.pdf",
        "targ-letter-boxes.pdf",
        "targ-letter-sheets.pdf",
        "targ-letter.pdf",
        "targ-sheets.pdf",
        "targ.pdf",
    ]
