"""One policy for every file and folder printkit writes.

- printkit replaces only a regular file, or a folder it exported itself (its marker file says so);
  never a symbolic link, a device, a FIFO, a socket or any other folder, and never a file the
  command reads (the kit file, anything under the kit's folder, printkit's own files). A link is
  refused even when it names a regular file: writing through it would write wherever it leads (in
  a shared folder, a link planted as ``out.pdf`` aims a root build at ``/etc/passwd``), and renaming
  over it would destroy it (``-o /dev/stdout`` used to turn the link into a file in ``/dev``).
- Every output is written to a temporary file beside it, in the folder the user named for it, and
  renamed into place only when written and synced; the outputs of one command are all written
  before the first is renamed (``write_all``), so a failure such as a full disk leaves every one as
  it was, and the message names each.
- A temporary is named ``.NAME.PID.XXXXXXXX.tmp`` (an export's folder too, and ``.tmp.old`` for the
  export it replaces): the next write of NAME removes one that ``kill -9`` left, once its process
  has ended and nobody has touched it for a minute."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import shutil
import stat
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from printkit.base.errors import PrintkitError

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
    from printkit import fonts
    from printkit.kit import file as kitfile

    return [
        ("one of printkit's own files", Path(__file__).parents[1], True),  # the package
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
    """Refuse an output that is a file the command reads, or any path under a folder it reads
    (the kit's folder), whether or not a file is there yet: a picture not made yet is the kit's
    too, and an output accepted once would be refused the next time."""
    for what, read, tree in own_files() + _READS:
        if same_file(path, read) or (tree and inside(path, read)):
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
    """Refuse, before any work, an output path that cannot work or that printkit must not replace
    (the policy above). The path itself is looked at with lstat: a link is never followed."""
    found = entry(path)
    if found is not None and stat.S_ISDIR(found.st_mode):
        raise PrintkitError(f"{path}: the output path is a directory; give a file name such as {path / 'kit.pdf'}")
    check_not_read(path)
    if found is not None and stat.S_ISLNK(found.st_mode):
        raise PrintkitError(
            f"{path}: the output path is a symbolic link; printkit never writes through one nor replaces it "
            "(give the path of the file itself)"
        )
    if found is not None and not stat.S_ISREG(found.st_mode):
        raise PrintkitError(
            f"{path}: the output path is not a regular file (a device, a pipe or a socket); printkit never replaces "
            "one, give a file name"
        )
    parent = folder_of(path)
    if not parent.exists():
        raise PrintkitError(f"{path}: the folder {parent} does not exist")
    if not parent.is_dir():
        raise PrintkitError(f"{path}: {parent} is a file, not a folder")
    if not os.access(parent, os.W_OK):
        raise PrintkitError(f"{path}: the folder {parent} cannot be written")


def entry(path: Path) -> os.stat_result | None:
    """What is at ``path`` itself (a link as a link), or None when nothing is."""
    try:
        return os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None


def folder_of(path: Path) -> Path:
    return path.parent if str(path.parent) else Path(".")


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file beside ``path``, then rename it over ``path`` in one step."""
    write_all([(path, data)])


def write_all(outputs: Sequence[tuple[Path, bytes]]) -> None:
    """Write every output of one command so that they land together: each to a temporary file
    beside it first, and only when all are written and synced are they renamed into place. A
    failure before the renames (a full disk at the second output) replaces none of them, and the
    message names every output that was not written."""
    for path, _ in outputs:
        check_target(path)
    paths = [path for path, _ in outputs]
    staged: list[tuple[Path, Path]] = []
    try:
        for path, data in outputs:
            try:
                staged.append((path, staged_file(path, data)))
            except OSError as exc:
                raise not_written(path, exc, paths, []) from None
        rename_all(staged, paths)
    finally:
        for _, temporary in staged:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temporary)


def staged_file(path: Path, data: bytes) -> Path:
    """``data`` in a new temporary file beside ``path``, synced; removed again if that fails."""
    remove_stale_temporaries(path)
    handle, name = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=folder_of(path))
    temporary = Path(name)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, 0o644)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
    return temporary


def rename_all(staged: list[tuple[Path, Path]], paths: list[Path]) -> None:
    """Each temporary renamed over its output, after a last look that nothing but a regular file
    has appeared there since the checks (rename would replace a link, not follow it)."""
    done: list[Path] = []
    for path, temporary in staged:
        found = entry(path)
        try:
            if found is not None and not stat.S_ISREG(found.st_mode):
                raise OSError(errno.EEXIST, "something other than a regular file appeared there")
            os.replace(temporary, path)
        except OSError as exc:
            raise not_written(path, exc, paths, done) from None
        done.append(path)


def not_written(failed: Path, exc: OSError, paths: list[Path], done: list[Path]) -> PrintkitError:
    """The error for an output that could not be written, naming every output of the command that
    was not (``done``: those already renamed into place)."""
    if len(paths) == 1:
        return cannot_write(failed, exc)
    missing = [path for path in paths if path not in done]
    written = f"written: {', '.join(map(str, done))}; " if done else ""
    return PrintkitError(
        f"{failed}: cannot write it ({exc.strerror or exc}); {written}not written, each left as it was: "
        f"{', '.join(map(str, missing))}"
    )


def create_new(files: Sequence[tuple[Path, bytes]], folders: Sequence[tuple[Path, Callable[[Path], None]]]) -> None:
    """Create files and folders where nothing is yet (``printkit new``), all or none: each folder is
    filled (``fill(temporary)``) and each file written beside its place first; only then are they
    put in place, never over anything that appeared meanwhile. A failure (a full disk) leaves
    nothing behind."""
    paths = [path for path, _ in files] + [path for path, _ in folders]
    for path in paths:
        if entry(path) is not None:
            raise PrintkitError(f"{path}: already exists; printkit never overwrites it (choose another name)")
        check_not_read(path)
    staged: list[tuple[Path, Path]] = []
    placed: list[Path] = []
    try:
        try:
            for path, fill in folders:
                staged.append((path, staged_folder(path)))
                fill(staged[-1][1])
            for path, data in files:
                staged.append((path, staged_file(path, data)))
        except OSError as exc:
            raise not_written(path, exc, paths, []) from None
        for path, temporary in staged:
            try:
                place_new(temporary, path)
            except OSError as exc:
                raise not_written(path, exc, paths, []) from None
            placed.append(path)
    except BaseException:
        for path in placed:  # all or none: what this call made is taken back
            remove(path)
        raise
    finally:
        for _, temporary in staged:
            remove(temporary)


def place_new(temporary: Path, path: Path) -> None:
    """``temporary`` renamed to ``path``, which must not exist: a file by a hard link (which refuses
    an existing name), a folder by rename (which refuses a non-empty folder)."""
    if temporary.is_dir():
        if entry(path) is not None:
            raise FileExistsError(errno.EEXIST, "it appeared meanwhile")
        os.rename(temporary, path)
        return
    try:
        os.link(temporary, path)  # the temporary is a regular file printkit made: nothing to follow
    except FileExistsError:
        raise
    except OSError:  # a file system without hard links (FAT): look, then rename
        if entry(path) is not None:
            raise FileExistsError(errno.EEXIST, "it appeared meanwhile") from None
        os.rename(temporary, path)


def staged_folder(path: Path) -> Path:
    """A new temporary folder beside ``path``, named as write_atomic names its files."""
    remove_stale_temporaries(path)
    parent = folder_of(path)
    return Path(tempfile.mkdtemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=parent))


def remove(path: Path) -> None:
    """Remove a file or folder printkit made itself (a link is removed, never followed)."""
    found = entry(path)
    if found is None:
        return
    if stat.S_ISDIR(found.st_mode):
        shutil.rmtree(path, ignore_errors=True)
    else:
        with contextlib.suppress(OSError):
            os.unlink(path)


# --- export folders ---------------------------------------------------------------------------------------

MARKER = ".printkit-export.json"  # what says that a folder is an earlier export: only printkit writes it
MARKER_FORMAT, MARKER_VERSION = "printkit-export", 1
MARKER_LIMIT = 2 * 1024 * 1024  # bytes: a marker lists every file; 20,000 of them take about 600 KB


def check_folder(folder: Path) -> None:
    """Refuse, before any work, an output folder that cannot be replaced whole: a link, a file,
    a folder printkit reads or one inside it, a folder that holds what it reads (the kit's own
    folder), or a folder of other files (only an earlier export, as its marker proves, is replaced)."""
    found = entry(folder)
    if found is not None and not stat.S_ISDIR(found.st_mode) and not stat.S_ISLNK(found.st_mode):
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
    if found is not None and stat.S_ISLNK(found.st_mode):
        raise PrintkitError(
            f"{folder}: the output folder is a symbolic link; printkit never replaces one (give the folder's own path)"
        )
    problem = None if found is None else not_an_export(folder)
    if problem is not None:
        raise PrintkitError(
            f"{folder}: {problem}; printkit replaces only a folder it exported (give a new or empty folder)"
        )


def not_an_export(folder: Path) -> str | None:
    """Why ``folder`` may not be replaced by an export, or None: it is empty, or an earlier export
    (its marker valid and nothing in it that the marker does not list). The folder is read only
    up to its first entry the marker does not list."""
    with os.scandir(folder) as entries:
        if next(entries, None) is None:
            return None
    listed = marker_files(folder / MARKER)
    if listed is None:
        return f"the folder holds other files and no printkit export marker ({MARKER})"
    with os.scandir(folder) as entries:
        for item in entries:
            if item.name != MARKER and (item.name not in listed or not item.is_file(follow_symlinks=False)):
                return f"the folder holds {item.name!r}, which the earlier export there did not write"
    return None


def marker_files(path: Path) -> set[str] | None:
    """The files an export's marker lists, or None when ``path`` is no marker: not a regular file
    (a link, a FIFO), larger than MARKER_LIMIT, not JSON, or not printkit's format and version."""
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    with os.fdopen(handle, "rb") as stream:
        found = os.fstat(handle)
        if not stat.S_ISREG(found.st_mode) or found.st_size > MARKER_LIMIT:
            return None
        raw = stream.read(MARKER_LIMIT + 1)
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):  # not UTF-8, not JSON, too deep, a number too long
        return None
    if not isinstance(data, dict) or data.get("format") != MARKER_FORMAT or data.get("version") != MARKER_VERSION:
        return None
    files = data.get("files")
    if not isinstance(files, list) or not all(isinstance(name, str) and plain_name(name) for name in files):
        return None
    return set(files)


def marker(command: str, names: Sequence[str]) -> bytes:
    """The marker an export writes first into its folder: format, version, command, its files."""
    data = {"format": MARKER_FORMAT, "version": MARKER_VERSION, "command": command, "files": sorted(names)}
    return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def plain_name(name: str) -> bool:
    """A file name printkit writes into an export: no folder, not hidden."""
    return bool(name) and Path(name).name == name and not name.startswith(".") and "\x00" not in name


def write_folder(folder: Path, files: dict[str, bytes], command: str) -> None:
    """Write ``files`` (plain names) and the export marker into a temporary folder beside
    ``folder``, then put it in ``folder``'s place: a failure or an interruption leaves the old
    folder as it was. ``command`` (export, export-tts) is recorded in the marker."""
    check_folder(folder)
    for name in files:
        if not plain_name(name):
            raise PrintkitError(f"{name}: not a plain file name (a bug in printkit)")
    parent = folder_of(folder)
    try:
        parent.mkdir(parents=True, exist_ok=True)
        temporary = staged_folder(folder)
    except OSError as exc:
        raise cannot_write(folder, exc) from None
    try:
        write_synced(temporary / MARKER, marker(command, list(files)))  # first: a stale one is known as ours
        for name, data in files.items():
            write_synced(temporary / name, data)
        os.chmod(temporary, 0o755)
        _swap_in(temporary, folder)
    except BaseException as exc:
        shutil.rmtree(temporary, ignore_errors=True)
        if isinstance(exc, OSError):
            raise cannot_write(folder, exc) from None
        raise


def write_synced(path: Path, data: bytes) -> None:
    with open(path, "xb") as stream:
        stream.write(data)
        stream.flush()
        os.fsync(stream.fileno())


def _swap_in(temporary: Path, folder: Path) -> None:
    """``temporary`` renamed to ``folder``. An old ``folder`` is exchanged with it in one step where
    the system can (Linux), else moved aside first; either way it is removed after."""
    if entry(folder) is None:
        os.rename(temporary, folder)
        return
    if exchanged(temporary, folder):
        shutil.rmtree(temporary, ignore_errors=True)  # the old export, now under the temporary's name
        return
    old = temporary.with_name(temporary.name + ".old")
    os.rename(folder, old)
    try:
        os.rename(temporary, folder)
    except BaseException:
        os.rename(old, folder)
        raise
    shutil.rmtree(old, ignore_errors=True)


AT_FDCWD, RENAME_EXCHANGE = -100, 2  # Linux's renameat2: paths from the current folder; swap the two


def exchanged(first: Path, second: Path) -> bool:
    """``first`` and ``second`` swapped in one step (Linux's renameat2 RENAME_EXCHANGE), so that
    no moment, not even kill -9 between two renames, leaves ``second`` missing. False where the
    system or its file system cannot (then nothing was done)."""
    import ctypes  # here, not at the top: 16 ms that only an export replacing a folder needs

    renameat2 = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None)
    if renameat2 is None:
        return False
    if renameat2(AT_FDCWD, os.fsencode(first), AT_FDCWD, os.fsencode(second), RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(second))


STALE_AFTER = 60.0  # seconds: a temporary file lives only while its bytes are written and synced


def remove_stale_temporaries(path: Path) -> None:
    """Remove the temporaries an earlier write of ``path`` left when it was killed (kill -9, a
    power cut): those of printkit's exact pattern, ``.NAME.PID.XXXXXXXX.tmp`` (and ``.tmp.old``, an
    export moved aside), whose process is no longer running and which nobody has touched for
    STALE_AFTER seconds (a build in another container, its pid unknown here, may still be writing
    its own). A file is removed when it is a regular file, a folder only when it is an export's
    (its marker, written first, proves it and lists all it may hold)."""
    pattern = re.compile(rf"\.{re.escape(path.name)}\.(\d+)\.[a-z0-9_]{{8}}\.tmp(\.old)?")
    folder = folder_of(path)
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        match = pattern.fullmatch(name)
        if match is None or process_running(int(match.group(1))):
            continue
        with contextlib.suppress(OSError):  # gone already, or not ours to remove
            remove_if_stale(folder / name)


def remove_if_stale(leftover: Path) -> None:
    found = os.lstat(leftover)
    if time.time() - found.st_mtime <= STALE_AFTER:
        return
    if stat.S_ISREG(found.st_mode):
        leftover.unlink()
    elif stat.S_ISDIR(found.st_mode) and not_an_export(leftover) is None:  # empty, or an export's
        shutil.rmtree(leftover)


def process_running(pid: int) -> bool:
    """A process with this id exists (perhaps another user's)."""
    if pid == os.getpid():
        return False  # this process stages each output once: a stale file of its name and id is a dead namesake's
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
