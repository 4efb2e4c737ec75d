"""What an attacker (or a careless unzip) leaves where printkit expects a regular file: a FIFO, a
link to /dev/zero, a folder, a link leading out of the kit's folder, a dangling link or a link loop.

A mutated file is either its bytes or a ``Special``; ``place`` makes either on disk. Shared by the
table, font, config and cache mutators (tests/fuzz/*.py).
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass
from pathlib import Path

SPECIAL_KINDS = ("fifo", "dev-zero", "folder", "link-out", "dangling", "loop")  # and a kit's "folder-link"


@dataclass(frozen=True)
class Special:
    """A file that is no regular file. ``outside``: the bytes a link leading out points at."""

    kind: str
    outside: bytes = b""


Content = bytes | Special


def special(rng: random.Random, original: bytes) -> Special:
    """One of the special files, a link out pointing at the untouched bytes (so reading it 'works')."""
    return Special(rng.choice(SPECIAL_KINDS), original)


def place(path: Path, content: Content, outside: Path) -> None:
    """Make ``path`` hold ``content``; a link out points into ``outside``, a folder beside the kit's."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
        return
    kind = content.kind
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
        (path / "inside").write_bytes(content.outside)
    elif kind == "link-out":
        outside.mkdir(parents=True, exist_ok=True)
        target = outside / f"private-{path.name}"
        target.write_bytes(content.outside)
        path.symlink_to(target)
    elif kind == "dangling":
        path.symlink_to(outside / "no-such-file")
    elif kind == "loop":
        path.symlink_to(path.name)
    else:
        raise ValueError(f"no special file {kind!r}")


LEADING_OUT = ("link-out", "folder-link")


def folder_link(original: bytes) -> Special:
    """The kit's folder is a link to a folder outside, holding the file (runner.kit_folder makes it)."""
    return Special("folder-link", original)


def leads_out(files: dict[str, Content]) -> bool:
    """Whether a file placed so is read through a link out: printkit must then refuse, never print it."""
    return any(isinstance(content, Special) and content.kind in LEADING_OUT for content in files.values())


def truncated(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(len(data))] if data else data


def flipped(data: bytes, rng: random.Random, most: int = 8) -> bytes:
    """``data`` with 1 to ``most`` bytes set at random."""
    if not data:
        return data
    out = bytearray(data)
    for _ in range(rng.randint(1, most)):
        out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)
