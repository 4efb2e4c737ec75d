""".ci/subjects.py, which .ci/run runs: a commit subject after the given commit over 72 characters
fails, one before it does not count, and a clone without that commit has every subject checked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / ".ci" / "subjects.py"
ESSAY = "An essay of a subject that goes on to say why, and the figures, beyond what a log line shows"
SHORT = "Goldens as text beside their hashes"


def git(repo: Path, *args: str) -> str:
    identity = ["-c", "user.name=printkit tests", "-c", "user.email=tests@printkit.invalid"]
    done = subprocess.run(["git", *identity, *args], cwd=repo, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def commit(repo: Path, subject: str) -> str:
    git(repo, "commit", "-q", "--allow-empty", "-m", subject, "-m", "The body says why.")
    return git(repo, "rev-parse", "--short", "HEAD")


def check(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=repo, capture_output=True, text=True)


@pytest.fixture
def repo(tmp_path) -> Path:
    git(tmp_path, "init", "-q")
    return tmp_path


def test_a_long_subject_before_the_first_checked_commit_does_not_count(repo):
    commit(repo, ESSAY)
    since = commit(repo, "Short, but not checked either")
    commit(repo, SHORT)
    commit(repo, "ż" * 72)  # characters are counted, not bytes
    done = check(repo, "--since", since)
    assert (done.returncode, done.stdout) == (0, "")


def test_a_long_subject_after_it_fails_and_is_named(repo):
    since = commit(repo, SHORT)
    long = commit(repo, ESSAY)
    commit(repo, "ż" * 73)
    done = check(repo, "--since", since)
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        f"subject over 72 characters (73): {git(repo, 'rev-parse', '--short', 'HEAD')} {'ż' * 73}",
        f"subject over 72 characters ({len(ESSAY)}): {long} {ESSAY}",
    ]


def test_a_clone_without_the_first_checked_commit_has_every_subject_checked(repo):
    long = commit(repo, ESSAY)
    commit(repo, SHORT)
    done = check(repo, "--since", "0123456789abcdef0123456789abcdef01234567")
    assert (done.returncode, done.stdout) == (1, f"subject over 72 characters ({len(ESSAY)}): {long} {ESSAY}\n")
