"""Mutations of the user's cache folder ($XDG_CACHE_HOME/printkit) for fuzzing: the files a real
printkit start wrote (hyphenation patterns; before issue 26, core schemas and dataclass code too),
then truncated, flipped, cut to 5 bytes, swapped for one another, made huge (sparse), replaced by a
FIFO, a link to /dev/zero or a folder, or planted with a pickle or marshalled code that runs
something when read; and a start under umask 000 into an empty cache.

Caches are read when printkit starts, so each case is a fresh ``python -m printkit`` process.
Planted code creates a marker file: a start that made it ran code from the cache.
"""

from __future__ import annotations

import marshal
import os
import random
import struct
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from fuzz.hostile import Content, Special, flipped, place, special, truncated
from printkit.base.startup import usercache

CACHE_KIT = """kit:
  title: {pl: "Pamięć", cs: "Paměť", en: "Memory"}
  players: {min: 1, max: 2}
  languages: [pl, cs, en]
  default_lang: pl
  author: "printkit fuzzer"
components:
  - id: sheet
    kind: sheet
    title: {pl: "Karta", cs: "List", en: "Sheet"}
    rows:
      - - type: track
          id: rounds
          end: 5
rules:
  - heading: {pl: "Zasady", cs: "Pravidla", en: "Rules"}
    body:
      pl: "Najniebezpieczniejszymi przeciwnościami nieprzewidywalnego współzawodnictwa
        są konstantynopolitańczykowianeczki. Graj {rounds.count} rund."
      cs: "Nejnebezpečnějšími nepředvídatelnostmi nejneobhospodařovávatelnějšími
        jsou nejkrásnější. Hraj {rounds.count} kol."
      en: "Incomprehensibilities of internationalization characteristically
        overwhelm uncharacteristically. Play {rounds.count} rounds."
invariants:
  - {id: rounds, check: "rounds.count == 5", rule: {pl: "5 rund", cs: "5 kol", en: "5 rounds"}}
"""
MARKER = "ran-code-from-cache"
COMMANDS = [
    ["--version"],
    ["--version"],
    ["validate", "game.yaml"],
    ["build", "game.yaml", "--lang", "pl", "-o", "out/game.pdf"],
    ["build", "game.yaml", "--lang", "cs", "-o", "out/game.pdf"],
    ["build", "game.yaml", "--lang", "en", "-o", "out/game.pdf"],
]


def child_environment(cache: Path, config: Path) -> dict[str, str]:
    """The environment of a printkit start that reads and writes ``cache`` (bytecode writing on, the
    cache on even when the fuzzer's own environment turned it off)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", usercache.SWITCH)}
    env.update(XDG_CACHE_HOME=str(cache), XDG_CONFIG_HOME=str(config), PRINTKIT_DEBUG="1")
    env.pop("PRINTKIT_CONFIG_DIR", None)
    return env


def make_seed_cache(folder: Path, languages: tuple[str, ...] = ("pl", "cs", "en")) -> Path:
    """The cache a real printkit writes: one build of CACHE_KIT in each language. Returns its folder."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(CACHE_KIT, encoding="utf-8")
    env = child_environment(folder / "cache", folder / "config")
    for lang in languages:
        subprocess.run(
            [sys.executable, "-m", "printkit", "build", "game.yaml", "--lang", lang, "-o", f"seed-{lang}.pdf"],
            cwd=folder,
            env=env,
            check=True,
            capture_output=True,
            timeout=120,
        )
    return folder / "cache" / "printkit"


class Draft:
    """The cache folder's files (name -> content) being mutated."""

    def __init__(self, seed: Path) -> None:
        self.files: dict[str, Content] = {path.name: path.read_bytes() for path in sorted(seed.iterdir())}
        self.folder_special: Special | None = None  # the printkit cache folder itself
        self.umask_zero = False
        self.marker: Path | None = None

    def pick(self, rng: random.Random) -> str:
        return rng.choice(sorted(self.files))


def truncate_cache(draft: Draft, rng: random.Random) -> None:
    name = draft.pick(rng)
    data = draft.files[name]
    if isinstance(data, bytes):
        draft.files[name] = data[: rng.choice([0, 1, 5, 11, 64])] if rng.random() < 0.5 else truncated(data, rng)


def flip_cache(draft: Draft, rng: random.Random) -> None:
    name = draft.pick(rng)
    data = draft.files[name]
    if isinstance(data, bytes):
        draft.files[name] = flipped(data, rng)


def swapped_cache(draft: Draft, rng: random.Random) -> None:
    """A file under another cache file's name (a hyphenation pickle as the core schemas, ...)."""
    first, second = draft.pick(rng), draft.pick(rng)
    draft.files[first], draft.files[second] = draft.files[second], draft.files[first]


def huge_count(draft: Draft, rng: random.Random) -> None:
    """5 bytes of marshal declaring a tuple of 200 million items, made before one is read (item 5)."""
    marshalled = [name for name in sorted(draft.files) if name.endswith(".marshal")]
    name = marshalled[0] if marshalled else draft.pick(rng)
    draft.files[name] = b"(" + struct.pack("<I", rng.choice([50_000_000, 200_000_000, 0x7FFFFFFF]))


def huge_cache(draft: Draft, rng: random.Random) -> None:
    """A sparse file of gigabytes (no disk used) under a cache file's name."""
    draft.files[draft.pick(rng)] = Special("sparse")


def special_cache(draft: Draft, rng: random.Random) -> None:
    name = draft.pick(rng)
    data = draft.files[name]
    draft.files[name] = special(rng, data if isinstance(data, bytes) else b"")


def special_folder(draft: Draft, rng: random.Random) -> None:
    """The printkit folder in the cache is a FIFO, a link to /dev/zero, a dangling link, a file."""
    draft.folder_special = Special(rng.choice(["fifo", "dev-zero", "dangling", "loop", "file"]))


def planted_code(draft: Draft, rng: random.Random) -> None:
    """A cache file that runs code when read: a pickle calling open(), or marshalled code doing so."""
    name = draft.pick(rng)
    draft.marker = Path(MARKER)  # made relative to the case's folder when placed
    draft.files[name] = Special("planted")


def umask_zero(draft: Draft, rng: random.Random) -> None:
    """An empty cache and a start under umask 000: the files it makes must not be world-writable."""
    draft.files.clear()
    draft.umask_zero = True


CACHE_MUTATIONS: list[Callable[[Draft, random.Random], None]] = [
    truncate_cache,
    flip_cache,
    swapped_cache,
    huge_count,
    huge_cache,
    special_cache,
    special_folder,
    planted_code,
    umask_zero,
]


def mutate_cache(seed: Path, rng: random.Random, rounds: int = 1) -> tuple[Draft, list[str], list[str]]:
    """The seed cache mutated ``rounds`` times, the command to start, the mutators."""
    draft = Draft(seed)
    chosen = [rng.choice(CACHE_MUTATIONS) for _ in range(rounds)]
    for mutation in chosen:
        if draft.files or mutation in (special_folder, umask_zero):
            mutation(draft, rng)
    return draft, rng.choice(COMMANDS), [f"cache.{mutation.__name__}" for mutation in chosen]


def planted_bytes(name: str, original: Content, marker: Path) -> bytes:
    """What a planted file holds: for the marshalled dataclass code, every source's code plus a
    statement making ``marker``; for a pickle, a call of open(marker, 'w')."""
    if name.endswith(".marshal") and isinstance(original, bytes):
        try:
            codes = marshal.loads(original)
        except (EOFError, ValueError, TypeError):
            codes = None
        if isinstance(codes, dict):
            line = f"\n__import__('builtins').open({str(marker)!r}, 'w').close()\n"
            return marshal.dumps({s: compile(s + line, "<string>", "exec", dont_inherit=True) for s in codes})
    return b"cbuiltins\nopen\n(" + f"V{marker}\nVw\n".encode() + b"tR."


def place_cache(draft: Draft, seed: Path, cache_root: Path, case_folder: Path) -> Path | None:
    """Make $XDG_CACHE_HOME/printkit of the draft under ``cache_root``; the marker a planted file makes."""
    folder = cache_root / "printkit"
    cache_root.mkdir(parents=True, exist_ok=True)
    if draft.folder_special is not None:
        kind = draft.folder_special.kind
        if kind == "file":
            folder.write_bytes(b"not a folder")
        else:
            place(folder, draft.folder_special, case_folder / "outside")
        return None
    folder.mkdir(exist_ok=True)
    marker = (case_folder / MARKER) if draft.marker else None
    for name, content in draft.files.items():
        path = folder / name
        if isinstance(content, Special) and content.kind == "sparse":
            with open(path, "wb") as handle:
                handle.truncate(3 * 1024**3)
        elif isinstance(content, Special) and content.kind == "planted":
            original = (seed / name).read_bytes() if (seed / name).is_file() else b""  # a file of an older printkit
            path.write_bytes(planted_bytes(name, original, marker or Path(MARKER)))
        else:
            place(path, content, case_folder / "outside")
    return marker


def world_writable(folder: Path) -> list[str]:
    """The files and folders under ``folder`` that anyone may write (links not followed)."""
    found = []
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = Path(root) / name
            if not path.is_symlink() and path.lstat().st_mode & 0o002:
                found.append(str(path.relative_to(folder)))
    if folder.is_dir() and folder.lstat().st_mode & 0o002:
        found.append(".")
    return found
