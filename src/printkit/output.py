"""Writing files so that a failure never leaves a half-written file over a good one, and never
writes over a file the command reads (the kit, its art, printkit's own files) or over a device."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from printkit.errors import PrintkitError

# What the running command reads besides printkit's own files, as (what it is, path, whether every
# file under the path counts): every write checks against it. One session per command (``reading``).
_READS: list[tuple[str, Path, bool]] = []


@contextlib.contextmanager
def reading() -> Iterator[None]:
    """One command's session: what ``protect`` adds is forgotten when the command ends."""
    saved = list(_READS)
    _READS.clear()
    try:
        yield
    finally:
        _READS[:] = saved


def own_files() -> list[tuple[str, Path, bool]]:
    """printkit's own folders: its code, its fonts, its shipped kits."""
    from printkit import fonts, kitfile

    return [
        ("one of printkit's own files", Path(__file__).parent, True),
        ("one of printkit's own files", fonts.fonts_dir(), True),
        ("one of printkit's shipped kits", kitfile.shipped_kits_dir(), True),
    ]


def protect(what: str, path: Path, tree: bool = False) -> None:
    """``path`` (with ``tree``: every file under it) is read by this command: never write over it."""
    if (what, path, tree) not in _READS:  # --watch loads the kit again for every build
        _READS.append((what, path, tree))


def same_file(a: Path, b: Path) -> bool:
    """The same file however spelt: ``./`` and ``..``, a link to it, a hard link (inode)."""
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist (yet): compare where the spellings lead
        return os.path.normcase(os.path.realpath(a)) == os.path.normcase(os.path.realpath(b))


def inside(path: Path, folder: Path) -> bool:
    """``path`` is a file under ``folder``, however either is spelt."""
    real, top = Path(os.path.realpath(path)), Path(os.path.realpath(folder))
    return real != top and real.is_relative_to(top)


def check_not_read(path: Path) -> None:
    """Refuse an output that is a file the command reads."""
    for what, read, tree in own_files() + _READS:
        if same_file(path, read) or (tree and path.exists() and inside(path, read)):
            raise PrintkitError(
                f"{path}: this is {what}, which printkit reads; it never writes over it (give another output path)"
            )


def check_distinct(outputs: list[tuple[str, Path | None]]) -> None:
    """Refuse two outputs of one command that name the same file (the second would replace the first)."""
    given = [(flag, path) for flag, path in outputs if path is not None]
    for number, (flag, path) in enumerate(given):
        for earlier_flag, earlier in given[:number]:
            if same_file(path, earlier):
                raise PrintkitError(
                    f"{path}: {flag} names the same file as {earlier_flag}; give each output its own path"
                )


def check_target(path: Path) -> None:
    """Refuse an output path that cannot work before any work is done."""
    if path.is_dir():
        raise PrintkitError(f"{path}: the output path is a directory; give a file name such as {path / 'kit.pdf'}")
    if path.exists() and not stat.S_ISREG(path.stat().st_mode):
        raise PrintkitError(
            f"{path}: the output path is not a regular file (a device, a pipe or a socket); printkit never replaces "
            "one, give a file name"
        )
    check_not_read(path)
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.exists():
        raise PrintkitError(f"{path}: the folder {parent} does not exist")
    if not parent.is_dir():
        raise PrintkitError(f"{path}: {parent} is a file, not a folder")
    if not os.access(parent, os.W_OK):
        raise PrintkitError(f"{path}: the folder {parent} cannot be written")


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file beside ``path``, then rename it over ``path`` in one step."""
    check_target(path)
    remove_stale_temporaries(path)
    try:
        handle, temporary = tempfile.mkstemp(
            prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=path.parent or "."
        )
    except OSError as exc:
        raise cannot_write(path, exc) from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException as exc:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        if isinstance(exc, OSError):
            raise cannot_write(path, exc) from None
        raise


def check_folder(folder: Path, marker: str) -> None:
    """Refuse, before any work, an output folder that cannot be replaced whole: a file, a folder
    printkit reads or one inside it, a folder that holds what it reads (the kit's own folder), or
    a folder of other files (only a folder holding ``marker``, an earlier export's, is replaced)."""
    if folder.exists() and not folder.is_dir():
        raise PrintkitError(f"{folder}: -o must name a folder for the export, and this is a file")
    for what, read, tree in own_files() + _READS:
        if same_file(folder, read) or (tree and inside(folder, read)):
            raise PrintkitError(
                f"{folder}: this is {what}, which printkit reads; it never writes there (give another output folder)"
            )
        if inside(read, folder):
            raise PrintkitError(
                f"{folder}: the folder holds {what} ({read.name}), which replacing the folder would delete "
                "(give another output folder)"
            )
    if folder.is_dir() and any(folder.iterdir()) and not (folder / marker).is_file():
        raise PrintkitError(
            f"{folder}: the folder holds other files and no {marker}; printkit replaces only a folder it exported "
            "(give a new or empty folder)"
        )


def write_folder(folder: Path, files: dict[str, bytes], marker: str) -> None:
    """Write ``files`` (plain names, ``marker`` among them) into a temporary folder beside
    ``folder``, then put it in ``folder``'s place: a failure or an interruption leaves the old
    folder as it was."""
    check_folder(folder, marker)
    parent = folder.parent if str(folder.parent) else Path(".")
    try:
        parent.mkdir(parents=True, exist_ok=True)
        temporary = Path(tempfile.mkdtemp(prefix=f".{folder.name}.{os.getpid()}.", suffix=".tmp", dir=parent))
    except OSError as exc:
        raise cannot_write(folder, exc) from None
    try:
        for name, data in files.items():
            if Path(name).name != name or name.startswith("."):
                raise PrintkitError(f"{name}: not a plain file name (a bug in printkit)")
            with open(temporary / name, "wb") as stream:
                stream.write(data)
                stream.flush()
                os.fsync(stream.fileno())
        os.chmod(temporary, 0o755)
        _swap_in(temporary, folder)
    except BaseException as exc:
        shutil.rmtree(temporary, ignore_errors=True)
        if isinstance(exc, OSError):
            raise cannot_write(folder, exc) from None
        raise


def _swap_in(temporary: Path, folder: Path) -> None:
    """``temporary`` renamed to ``folder``; an old ``folder`` is moved aside first and removed after."""
    if not folder.exists():
        os.rename(temporary, folder)
        return
    old = temporary.with_name(temporary.name + ".old")
    os.rename(folder, old)
    try:
        os.rename(temporary, folder)
    except BaseException:
        os.rename(old, folder)
        raise
    shutil.rmtree(old, ignore_errors=True)


STALE_AFTER = 60.0  # seconds: a temporary file lives only while its bytes are written and synced


def remove_stale_temporaries(path: Path) -> None:
    """Remove the temporary files an earlier write of ``path`` left when it was killed (kill -9, a
    power cut): those of printkit's exact pattern, ``.NAME.PID.XXXXXXXX.tmp``, whose process is no
    longer running and which nobody has touched for STALE_AFTER seconds (a build in another
    container, its pid unknown here, may still be writing its own)."""
    pattern = re.compile(rf"\.{re.escape(path.name)}\.(\d+)\.[a-z0-9_]{{8}}\.tmp")
    folder = path.parent if str(path.parent) else Path(".")
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        match = pattern.fullmatch(name)
        if match is None or process_running(int(match.group(1))):
            continue
        leftover = folder / name
        try:
            if time.time() - leftover.lstat().st_mtime > STALE_AFTER and leftover.is_file():
                leftover.unlink()
        except OSError:  # gone already, or not ours to remove
            pass


def process_running(pid: int) -> bool:
    """A process with this id exists (perhaps another user's)."""
    if pid == os.getpid():
        return False  # this process writes one file at a time: a file with its id is a dead namesake's
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return pid > 0
    return True


def cannot_write(path: Path, exc: OSError) -> PrintkitError:
    """A write the checks could not foresee (a full disk, a folder that refuses even root)."""
    kept = "; the file there is unchanged" if path.exists() else ""
    return PrintkitError(f"{path}: cannot write it ({exc.strerror or exc}){kept}")
