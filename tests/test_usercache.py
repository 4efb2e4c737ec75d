"""The user's cache folder holds data that runs nothing when read, and a damaged, planted or foreign
file in it costs nothing: it reads as "not cached", with no error, no wait and no memory to speak of.

The end-to-end cases run the console entry in a fresh process, as a user does (with bytecode
and the cache on), with the fault planted under the name a Polish build of ogrod reads (its
hyphenation patterns) and under every name an older printkit read (marshalled code, pickles), and
measure the process's peak RSS; a FIFO must not hang it (a timeout fails the test instead).
"""

from __future__ import annotations

import hashlib
import json
import marshal
import os
import pickle
import stat
import subprocess
import sys
from pathlib import Path

import pyphen
import pytest

from printkit.base.startup import hyphenation_patterns, usercache

PEAK_MB = 200  # a Polish build of ogrod peaks at about 50 MB
TIMEOUT = 120  # seconds: far above a build on a loaded machine, far below a hang
BUILD = ("build", "ogrod", "--lang", "pl")
CHILD = """
import json, sys
sys.argv = ["printkit", *sys.argv[1:]]
from printkit.start import main
try:
    main()
    code = 0
except SystemExit as exit:
    code = exit.code or 0
# VmHWM, not getrusage: a child's ru_maxrss keeps the forking pytest's size across exec
peak_kb = int(next(line.split()[1] for line in open("/proc/self/status") if line.startswith("VmHWM:")))
print(json.dumps({"exit": code, "peak_mb": peak_kb / 1024}), file=sys.stderr)
"""
ANOTHER_UID = 12345


def printkit(cache_home: Path, *args: str, cache: bool = True) -> dict:
    """The console entry run in a fresh Python with ``cache_home`` as XDG_CACHE_HOME: its exit
    code, peak RSS in MB and output."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", usercache.SWITCH)}
    env["XDG_CACHE_HOME"] = str(cache_home)
    if not cache:
        env[usercache.SWITCH] = "1"
    done = subprocess.run(
        [sys.executable, "-c", CHILD, *args], capture_output=True, text=True, env=env, timeout=TIMEOUT, check=False
    )
    *said, last = done.stderr.strip().splitlines() or [""]
    result = json.loads(last)
    return result | {"stdout": done.stdout, "stderr": "\n".join(said)}


def build(cache_home: Path, pdf: Path, cache: bool = True) -> dict:
    result = printkit(cache_home, *BUILD, "-o", str(pdf), cache=cache)
    assert result["exit"] == 0, result["stderr"]
    assert result["peak_mb"] < PEAK_MB, result
    return result


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> tuple[bytes, str, bytes]:
    """The PDF of a build with the cache off, and the name and bytes of the file a build keeps."""
    folder = tmp_path_factory.mktemp("reference")
    build(folder / "off", folder / "off.pdf", cache=False)
    assert not (folder / "off").exists()
    build(folder / "on", folder / "on.pdf")
    [kept] = (folder / "on" / "printkit").glob("hyphenation-pl-*.json")
    return (folder / "off.pdf").read_bytes(), kept.name, kept.read_bytes()


def older_names() -> list[str]:
    """The names an older printkit read with marshal and pickle (usercache.file_name of f27a805)."""
    version = sys.version.encode()
    dictionary = pyphen.LANGUAGES[pyphen.language_fallback("pl_PL")].read_bytes()
    made_from = dictionary + str(pyphen.__version__).encode()
    return [
        f"dataclass-code-{hashlib.sha256(version).hexdigest()[:16]}.marshal",
        f"hyphenation-pl-{hashlib.sha256(made_from + version).hexdigest()[:16]}.pickle",
        "core-schemas-0123456789abcdef.pickle",
    ]


class Planted:
    """When unpickled, creates the marker file: what an attacker's pickle would do instead."""

    def __init__(self, marker: Path) -> None:
        self.marker = str(marker)

    def __reduce__(self) -> tuple:
        return (open, (self.marker, "w"))


def payloads(marker: Path) -> dict[str, bytes]:
    code = compile(f"open({str(marker)!r}, 'w')", "<planted>", "exec")
    return {
        ".pickle": pickle.dumps(Planted(marker)),
        ".marshal": marshal.dumps({"any source": code, "code": code}),
        ".json": pickle.dumps(Planted(marker)),  # a pickle under the name read as JSON
    }


def own_folder(cache_home: Path) -> Path:
    folder = cache_home / "printkit"
    folder.mkdir(parents=True, mode=0o700)
    return folder


def test_planted_code_runs_nothing_and_the_pdf_stays_the_same(tmp_path, reference):
    pdf, name, _ = reference
    folder = own_folder(tmp_path / "home")
    marker = tmp_path / "ran"
    for planted in [*older_names(), name]:
        (folder / planted).write_bytes(payloads(marker)[Path(planted).suffix])
        os.chmod(folder / planted, 0o600)
    version = printkit(tmp_path / "home", "--version")
    assert (version["exit"], version["stdout"].split()[0]) == (0, "printkit,")
    build(tmp_path / "home", tmp_path / "out.pdf")
    assert not marker.exists()
    assert (tmp_path / "out.pdf").read_bytes() == pdf
    assert json.loads((folder / name).read_bytes())  # the planted file replaced by the patterns


def test_a_kept_file_is_read_and_gives_the_same_pdf(tmp_path, reference):
    pdf, name, kept = reference
    folder = own_folder(tmp_path / "home")
    (folder / name).write_bytes(kept)
    os.chmod(folder / name, 0o600)
    os.utime(folder / name, (0, 0))
    build(tmp_path / "home", tmp_path / "out.pdf")
    assert (tmp_path / "out.pdf").read_bytes() == pdf
    assert (folder / name).stat().st_mtime > 0  # read (marked used), not replaced: same bytes
    assert (folder / name).read_bytes() == kept


def five_bytes(path: Path, kept: bytes) -> None:
    path.write_bytes(kept[:5])


def fifo(path: Path, kept: bytes) -> None:
    os.mkfifo(path, 0o600)


def link_to_dev_zero(path: Path, kept: bytes) -> None:
    path.symlink_to("/dev/zero")


def link_to_a_good_file(path: Path, kept: bytes) -> None:
    real = path.with_name("elsewhere.json")
    real.write_bytes(kept)
    os.chmod(real, 0o600)
    path.symlink_to(real)


def a_folder(path: Path, kept: bytes) -> None:
    path.mkdir(mode=0o700)


def sparse_gigabyte(path: Path, kept: bytes) -> None:
    with path.open("wb") as out:
        out.truncate(2**30)


def another_owner(path: Path, kept: bytes) -> None:
    path.write_bytes(kept)
    os.chmod(path, 0o600)
    os.chown(path, ANOTHER_UID, ANOTHER_UID)


def group_writable(path: Path, kept: bytes) -> None:
    path.write_bytes(kept)
    os.chmod(path, 0o620)


def folder_writable_by_others(path: Path, kept: bytes) -> None:
    path.write_bytes(kept)
    os.chmod(path, 0o600)
    os.chmod(path.parent, 0o777)


def folder_of_another_owner(path: Path, kept: bytes) -> None:
    path.write_bytes(kept)
    os.chmod(path, 0o600)
    os.chown(path.parent, ANOTHER_UID, ANOTHER_UID)


def deep_nesting(path: Path, kept: bytes) -> None:
    path.write_bytes(b"[" * 500_000 + b"]" * 500_000)


def long_number(path: Path, kept: bytes) -> None:
    path.write_bytes(b'{"a": [0, [' + b"9" * 5000 + b"]]}")


FAULTS = [
    five_bytes,
    fifo,
    link_to_dev_zero,
    link_to_a_good_file,
    a_folder,
    sparse_gigabyte,
    another_owner,
    group_writable,
    folder_writable_by_others,
    folder_of_another_owner,
    deep_nesting,
    long_number,
]


def plant(folder: Path, name: str, fault, kept: bytes) -> None:
    """``fault`` at the name the build reads, and 5 bytes where an older printkit kept its code."""
    for older in older_names():
        (folder / older).write_bytes(b"(\x00\x00\x00\x0b")
        os.chmod(folder / older, 0o600)
    fault(folder / name, kept)


@pytest.mark.parametrize("fault", FAULTS, ids=lambda fault: fault.__name__)
def test_a_faulty_file_is_not_cached_and_costs_nothing(tmp_path, reference, fault):
    if fault in (another_owner, folder_of_another_owner) and os.geteuid() != 0:
        pytest.skip("chown needs root")
    pdf, name, kept = reference
    folder = own_folder(tmp_path / "home")
    plant(folder, name, fault, kept)
    assert usercache.read_bytes(folder / name) is None or usercache.read(folder / name) is None
    version = printkit(tmp_path / "home", "--version")
    assert version["exit"] == 0 and version["peak_mb"] < PEAK_MB, version
    build(tmp_path / "home", tmp_path / "out.pdf")
    assert (tmp_path / "out.pdf").read_bytes() == pdf


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setattr(usercache, "folder", lambda: tmp_path / "cache")
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.delenv(usercache.SWITCH, raising=False)
    return tmp_path / "cache"


def mode(path: Path) -> int:
    return stat.S_IMODE(path.lstat().st_mode)


def test_under_umask_000_the_folder_is_0700_and_its_files_0600(cache):
    was = os.umask(0)
    try:
        hyphenation_patterns.parsed_patterns("cs", pyphen.LANGUAGES[pyphen.language_fallback("cs_CZ")])
    finally:
        os.umask(was)
    [kept] = cache.iterdir()
    assert (mode(cache), mode(kept)) == (0o700, 0o600)
    assert usercache.read(kept)


def test_a_folder_of_the_users_left_open_by_an_older_printkit_is_closed_before_a_write(cache):
    cache.mkdir()
    os.chmod(cache, 0o777)
    path = cache / usercache.file_name("test-", b"")
    path.write_text("{}")
    assert usercache.read(path) is None  # not trusted while others may write there
    usercache.write(path, {"a": [1]}, "test-")
    assert mode(cache) == 0o700 and mode(path) == 0o600
    assert usercache.read(path) == {"a": [1]}


def test_a_folder_that_is_a_link_is_neither_read_nor_written(cache, tmp_path):
    real = tmp_path / "real"
    real.mkdir(mode=0o700)
    cache.symlink_to(real)
    path = cache / usercache.file_name("test-", b"")
    usercache.write(path, {"a": 1}, "test-")
    assert list(real.iterdir()) == []
    (real / path.name).write_text('{"a": 1}')
    os.chmod(real / path.name, 0o600)
    assert usercache.read(real / path.name) == {"a": 1} and usercache.read(path) is None


def test_a_value_larger_than_the_cap_is_not_written(cache):
    path = cache / usercache.file_name("test-", b"")
    usercache.write(path, "x" * usercache.MOST_BYTES, "test-")
    assert not path.exists()
    usercache.write(path, "x" * 100, "test-")
    assert usercache.read(path) == "x" * 100


def test_a_file_that_grows_past_the_cap_while_read_is_not_read(cache, tmp_path):
    source = tmp_path / "big"
    source.write_bytes(b"1" * (usercache.MOST_BYTES + 10))
    with source.open("rb") as opened:
        assert usercache.bounded_read(opened.fileno(), usercache.MOST_BYTES) is None
    with source.open("rb") as opened:
        assert usercache.bounded_read(opened.fileno(), usercache.MOST_BYTES + 10) == source.read_bytes()
