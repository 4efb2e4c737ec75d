"""One path policy for every file a kit names: its pictures, icons, tables and fonts.

A kit's files live in its folder, ``NAME/`` beside ``NAME.yaml``. The path the user typed for
the kit file may hold ``..`` and links, be absolute or ``./NAME.yaml``: all of it is resolved
once, to the real folder that holds the kit file. From there:

- the kit's folder itself may not be a link at all: ``game -> ..`` would make every file beside
  the kit, and above it, the kit's, and ``game -> Documents`` in a kit unpacked into the home
  folder leads nowhere better though it stays beside the kit file; KitFolder.refused says so,
  and every file of such a folder is refused too;
- a file the kit names is resolved against the folder's real path, as the system would open it,
  every link and ``..`` followed; it is refused when the name is absolute (the kit format says
  none, even one pointing inside), when it leads out as written (``../x``), or when the links
  on its way lead out (``art -> ~/Documents``). What is opened is the real path returned, with
  no link left in it: a chain of links that only passes outside and ends inside reads a
  file of the kit, and is taken;
- only a regular file is opened: never a folder, a named pipe (which would hang the read) or
  a device (endless). The check and the open are two steps: a file swapped for a link between
  them, by another program running at that moment, is not caught.

No heavy import here (no reportlab, Pillow or pydantic): the kit file's loading, the watch and
every reader of a kit's files use it.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from msgspec import Struct

NOT_REGULAR = {  # what a path that is not a regular file is, as the messages name it
    stat.S_IFDIR: "a folder",
    stat.S_IFIFO: "a named pipe",
    stat.S_IFCHR: "a device",
    stat.S_IFBLK: "a device",
    stat.S_IFSOCK: "a socket",
}


MAKE_IT_REAL = "replace the link with the folder itself"


class PathRefused(ValueError):
    """Why a file the kit names may not be read, as the one-line message the user reads."""


def inside(path: Path, top: Path) -> bool:
    """``path`` is ``top`` or under it; both already real (absolute, no link, no '..')."""
    return path == top or path.is_relative_to(top)


class KitFolder(Struct, frozen=True):
    """The kit's folder: as the user's path spells it (``shown``, for messages) and its real
    path (``real``: absolute, no link, no '..'), against which each file the kit names is
    resolved. ``refused`` holds why no file of it may be read (the folder is a link)."""

    shown: Path
    real: Path
    refused: str | None = None

    @classmethod
    def of(cls, kit_file: Path) -> KitFolder:
        """The folder of the kit file ``kit_file`` (``NAME/`` beside ``NAME.yaml``)."""
        home = Path(os.path.realpath(kit_file.parent))  # the kit file's real folder
        shown = kit_file.parent / kit_file.stem
        try:
            real = Path(os.path.realpath(home / kit_file.stem, strict=True))
        except FileNotFoundError:  # no folder (a kit without files of its own), or a link to nowhere
            real = Path(os.path.realpath(home / kit_file.stem))
        except OSError:  # a loop of links
            return cls(shown, home / kit_file.stem, f"the kit's folder {shown}/ is a loop of links; {MAKE_IT_REAL}")
        if real == home / kit_file.stem:  # a real folder (or none), no link on the way
            return cls(shown, real)
        return cls(
            shown,
            real,
            f"the kit's folder {shown}/ is a link; printkit reads a kit's pictures, tables and fonts only from "
            f"a real folder beside the kit file ({MAKE_IT_REAL})",
        )

    def __str__(self) -> str:
        return str(self.shown)

    def path(self, relative: str, what: str = "picture") -> Path:
        """The real path of the file ``relative`` names inside the folder, whether or not it
        exists; PathRefused when the name is absolute, leads out, or a link on the way leads out.
        ``what`` names the file in the messages: picture, table, font."""
        if self.refused:
            raise PathRefused(self.refused)
        if "\x00" in relative:
            raise PathRefused(f"the file name {relative!r} holds a NUL; give the {what}'s file name as it is")
        if os.path.isabs(relative):
            raise PathRefused(
                f"'{relative}' is an absolute path; name the {what} by its path inside the kit's folder {self}/"
            )
        if not inside(Path(os.path.normpath(self.real / relative)), self.real):
            raise PathRefused(f"'{relative}' lies outside the kit's folder {self}/; keep the kit's {what}s inside it")
        real = Path(os.path.realpath(self.real / relative))
        if not inside(real, self.real):
            raise PathRefused(
                f"'{relative}' is a link to a file outside the kit's folder {self}/; copy the {what} into the "
                "folder instead"
            )
        return real

    def file(self, relative: str, what: str = "picture") -> Path | None:
        """The real path of the regular file ``relative`` names inside the folder, or None when
        nothing is there; PathRefused when the name may not be read (see path), or names a
        folder, a pipe, a device or anything else but a regular file, or cannot be looked at."""
        return self.regular(self.path(relative, what), relative, what)

    def regular(self, real: Path, relative: str, what: str = "picture") -> Path | None:
        """``real`` (what ``path`` made of ``relative``) when it is a regular file, None when
        nothing is there; PathRefused as ``file`` says. For a caller that has the path already:
        resolving it again costs a look at every folder on the way."""
        try:
            mode = os.stat(real).st_mode
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise PathRefused(
                f"'{relative}' in the kit's folder {self}/ cannot be read ({exc.strerror or type(exc).__name__})"
            ) from None
        if not stat.S_ISREG(mode):
            kind = NOT_REGULAR.get(stat.S_IFMT(mode), "not a regular file")
            raise PathRefused(f"'{relative}' in the kit's folder {self}/ is {kind}, not a {what} file; give a file")
        return real
