"""Writing files so that a failure never leaves a half-written file over a good one."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from printkit.errors import PrintkitError


def check_target(path: Path) -> None:
    """Refuse an output path that cannot work before any work is done."""
    if path.is_dir():
        raise PrintkitError(f"{path}: the output path is a directory; give a file name such as {path / 'kit.pdf'}")
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
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
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


def cannot_write(path: Path, exc: OSError) -> PrintkitError:
    """A write the checks could not foresee (a full disk, a folder that refuses even root)."""
    kept = "; the file there is unchanged" if path.exists() else ""
    return PrintkitError(f"{path}: cannot write it ({exc.strerror or exc}){kept}")
