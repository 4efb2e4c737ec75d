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
    if not os.access(parent, os.W_OK):
        raise PrintkitError(f"{path}: the folder {parent} cannot be written")


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file beside ``path``, then rename it over ``path`` in one step."""
    check_target(path)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise
