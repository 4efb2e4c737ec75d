"""Every commit subject since issue 27 began is at most 72 characters: it says what changed, short
enough to scan in ``git log --oneline``; the why and the figures go in the body.

Checks the commits reachable from HEAD and not from SINCE (87d8904, the last commit before issue
27's first), merges included. A shallow clone that lacks SINCE holds only later commits: every one
it has is checked. Prints each subject over the limit and exits 1.

    python .ci/subjects.py [--since REV]
"""

from __future__ import annotations

import argparse
import subprocess
import sys

LIMIT = 72
SINCE = "87d8904"


def git(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", *args], capture_output=True, check=False)


def checked_range(since: str) -> list[str]:
    """``since..HEAD``, or all of HEAD when the clone does not hold ``since`` (a shallow one)."""
    held = git("cat-file", "-e", f"{since}^{{commit}}").returncode == 0
    return [f"{since}..HEAD"] if held else ["HEAD"]


def long_subjects(since: str) -> list[str]:
    """``hash subject`` of each commit in the range whose subject is over LIMIT characters."""
    listed = git("log", "--format=%h %s", *checked_range(since))
    if listed.returncode != 0:
        sys.exit(f"git log failed: {listed.stderr.decode(errors='replace').strip()}")
    lines = listed.stdout.decode("utf-8", errors="replace").splitlines()
    return [line for line in lines if len(line.split(" ", 1)[1]) > LIMIT]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--since", default=SINCE, help=f"the last commit not checked (default {SINCE})")
    since = parser.parse_args(argv).since
    found = long_subjects(since)
    for line in found:
        print(f"subject over {LIMIT} characters ({len(line.split(' ', 1)[1])}): {line}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
