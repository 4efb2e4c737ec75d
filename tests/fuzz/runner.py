"""One fuzz case, from its family, seed and number to its outcome, time and peak memory.

A case is deterministic from (seed, case): its random generator is seeded by both, so any case
reproduces alone (``python benchmarks/fuzz.py --seed S --case N --keep DIR``). The families:

- kit, art: a shipped kit's YAML, or a kit's pictures (in-process, through the pipeline);
- table, font: a deck's CSV/XLSX/ODS table, a kit's TrueType font (in-process: ``validate`` then
  ``build``, as a user runs them);
- config: printers.json, presets.json in a temporary $XDG_CONFIG_HOME (in-process: the command
  that reads them);
- cache: the user cache in a temporary $XDG_CACHE_HOME (a fresh ``python -m printkit`` each case,
  as caches are read at start).

Each case's peak memory is the process's high-water mark (VmHWM, reset before the case through
/proc/self/clear_refs; a child's ru_maxrss); each case's time is its wall time. Shared by
benchmarks/fuzz.py (its worker runs cases one by one) and tests/test_fuzz.py.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import re
import resource
import subprocess
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from fuzz.art import ART_KIT, mutate_art_named
from fuzz.caches import Draft as CacheDraft
from fuzz.caches import child_environment, mutate_cache, place_cache, world_writable
from fuzz.configs import CONFIG_KIT, mutate_config
from fuzz.fonts import FONT_FILE, FONT_KIT, mutate_font
from fuzz.hostile import Content, Special, leads_out, place
from fuzz.mutations import exercise, mutate_named, shipped_texts
from fuzz.tables import mutate_table, table_kit
from printkit.cli import main

FAMILIES = ("kit", "art", "table", "font", "config", "cache")
SECONDS_BUDGET = 10.0  # CPU seconds a command: a case that validates, then builds, has each judged
MEGABYTES_BUDGET = 400.0
ADDRESS_SPACE = 3 * 1024**3  # a worker's or a child's limit: a bomb fails inside it, the machine is shared
KILL_SECONDS = 25.0  # a case that has used this much CPU is stopped (a loop): two commands' budget and more
# A case waiting this long by the clock is stopped too (a hang that uses no CPU: a FIFO read). The
# CPU rule is what judges printkit: on a machine shared with other work the clock runs slower than
# the CPU a case uses, and a 6 s case must not be called a hang because others ran beside it.
HANG_SECONDS = 60.0
FINE = ("pdf", "error")


@dataclass
class Result:
    """What one case did. ``kind``: pdf (or the command worked), error (a clean refusal), crash
    (exit 2, a traceback, a signal), unsafe (read outside the kit, ran cached code, made files
    anyone may write), disagree (validate said ok, build refused), hang (stopped after KILL_SECONDS
    of CPU or HANG_SECONDS by the clock)."""

    family: str
    seed: int
    case: int
    kind: str
    seconds: float = 0.0
    peak_mb: float = 0.0
    cpu_seconds: float = 0.0  # the whole case's
    slowest_command_cpu: float = 0.0  # of a case that runs several commands (validate, then build)
    baseline_mb: float = 0.0  # the process's RSS before the case (0 for a case in a fresh process)
    mutators: list[str] = field(default_factory=list)
    command: str = ""
    detail: str = ""

    def problems(self) -> list[str]:
        """Why this case counts against printkit: its kind, its time, its memory."""
        found = [] if self.kind in FINE else [self.kind]
        if (self.slowest_command_cpu or self.cpu_seconds) > SECONDS_BUDGET and self.kind != "hang":
            found.append("slow")
        if self.peak_mb > MEGABYTES_BUDGET and self.kind != "memory":
            found.append("memory")
        return found

    def signatures(self) -> list[str]:
        """One line per problem, the same for every case the same defect gives."""
        return [signature(self, problem) for problem in self.problems()]

    def as_dict(self) -> dict:
        return asdict(self)


def case_rng(seed: int, case: int) -> random.Random:
    return random.Random(f"{seed}:{case}")


def family_of(case: int, families: tuple[str, ...] = FAMILIES) -> str:
    return families[case % len(families)]


# --- measuring ------------------------------------------------------------------------------------


def limit_address_space() -> None:
    """In a child about to start: at most ADDRESS_SPACE bytes of memory (a 93 GiB request fails)."""
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def reset_peak() -> None:
    """Make VmHWM start again from the current RSS (Linux 4.0 on; elsewhere nothing)."""
    with contextlib.suppress(OSError):
        Path("/proc/self/clear_refs").write_text("5")


def cpu_seconds_of(pid: int) -> float:
    """The CPU seconds (user and system) a running process has used, from /proc (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


def status_mb(field_name: str, pid: int | str = "self") -> float:
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    found = re.search(rf"^{field_name}:\s+(\d+) kB", text, re.M)
    return int(found.group(1)) / 1024 if found else 0.0


# --- running printkit ------------------------------------------------------------------------------


def cli_in_process(argv: list[str], cwd: Path, env: dict[str, str] | None = None) -> tuple[int, str]:
    """printkit's entry point called as the command line would, in ``cwd`` with ``env`` added;
    its exit code and what it printed (with a traceback on an internal error)."""
    saved_env, saved_cwd = dict(os.environ), os.getcwd()
    os.environ.update(env or {})
    os.environ.pop("PRINTKIT_CONFIG_DIR", None)
    os.chdir(cwd)
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            main(["--debug", *argv])
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except Exception:  # noqa: BLE001 - past printkit's own handler: a crash
        out.write(traceback.format_exc())
        code = 2
    finally:
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_env)
    return code, out.getvalue()


# ``python -m printkit ARGV`` that writes its memory's high-water mark (VmHWM, of its own image)
# when it exits: a child's ru_maxrss also holds what it inherited at fork from the test process
# (Linux keeps the old image's mark across exec), 375 MB after the suite's earlier tests.
PEAK_FILE = "child.peak"
CHILD = (
    "import atexit, runpy, sys\n"
    "def peak():\n"
    "    hwm = [l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM:')]\n"
    f"    open({PEAK_FILE!r}, 'w').write(hwm[0] if hwm else '')\n"
    "atexit.register(peak)\n"
    "sys.argv = ['printkit', *sys.argv[1:]]\n"
    "runpy.run_module('printkit', run_name='__main__', alter_sys=True)\n"
)


def cli_child(argv: list[str], cwd: Path, env: dict[str, str], umask: int = -1) -> tuple[int, str, Any, float]:
    """``python -m printkit ARGV`` in a process of its own: exit code (-1: stopped after
    KILL_SECONDS of CPU or HANG_SECONDS by the clock), output, its resource usage (CPU time) and
    its own peak memory in MB (its ru_maxrss when it wrote none: stopped, or killed)."""
    with open(cwd / "child.out", "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-c", CHILD, *argv],
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            umask=umask,
            preexec_fn=limit_address_space,
        )
        deadline = time.monotonic() + HANG_SECONDS
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                code = os.waitstatus_to_exitcode(status)
                break
            if time.monotonic() > deadline or cpu_seconds_of(process.pid) > KILL_SECONDS:
                process.kill()
                _pid, status, usage = os.wait4(process.pid, 0)
                code = -1
                break
            time.sleep(0.01)
        process.returncode = code
    written = (cwd / PEAK_FILE).read_text() if (cwd / PEAK_FILE).exists() else ""
    peak = int(written) / 1024 if written.isdigit() else usage.ru_maxrss / 1024
    return code, (cwd / "child.out").read_text(errors="replace"), usage, peak


def judged(code: int, output: str) -> str:
    if code == -1:
        return "hang"
    if code not in (0, 1) or "Traceback" in output:
        return "crash"
    return "pdf" if code == 0 else "error"


# --- the families ---------------------------------------------------------------------------------

SHIPPED = shipped_texts()


@dataclass
class Prepared:
    """A case's files written, its mutators, and how to run the command that reads them."""

    family: str
    mutators: list[str]
    command: str
    run: Callable[[], Result]


def kit_case(rng: random.Random, rounds: int, folder: Path, seed_cache: Path | None) -> Prepared:
    kit = rng.choice(sorted(SHIPPED))
    text, names = mutate_named(SHIPPED[kit], rng, rounds)

    def run() -> Result:
        outcome = exercise(text, folder)
        return Result("kit", 0, 0, outcome.kind, mutators=names, command=f"pipeline ({kit})", detail=outcome.detail)

    return Prepared("kit", names, f"pipeline ({kit})", run)


def art_case(rng: random.Random, rounds: int, folder: Path, seed_cache: Path | None) -> Prepared:
    files, names = mutate_art_named(rng, rounds)

    def run() -> Result:
        outcome = exercise(ART_KIT, folder, art=files)
        return Result("art", 0, 0, outcome.kind, mutators=names, command="pipeline", detail=outcome.detail)

    return Prepared("art", names, "pipeline", run)


def kit_folder(folder: Path, text: str, files: dict[str, Content]) -> None:
    """game.yaml holding ``text`` and game/ holding ``files`` (a link out points into outside/; a
    folder link makes game/ itself a link to outside/folder/, which holds the files)."""
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    (folder / "out").mkdir(exist_ok=True)
    for name, content in files.items():
        if isinstance(content, Special) and content.kind == "folder-link":
            place(folder / "outside" / "folder" / name, content.outside, folder / "outside")
            (folder / "game").symlink_to(folder / "outside" / "folder", target_is_directory=True)
        else:
            place(folder / "game" / name, content, folder / "outside")


def validate_then_build(family: str, folder: Path, files: dict[str, Content], names: list[str]) -> Result:
    """``validate`` and ``build`` of game.yaml: each a clean refusal or a PDF, and the same verdict."""
    started = time.process_time()
    code, output = cli_in_process(["validate", "game.yaml"], folder)
    validated = time.process_time()
    slowest = validated - started
    kind = judged(code, output)
    command = "validate game.yaml"
    if kind in FINE:
        built, built_output = cli_in_process(["build", "game.yaml", "-o", "out/game.pdf"], folder)
        slowest = max(slowest, time.process_time() - validated)
        command, output, kind = "build game.yaml", built_output, judged(built, built_output)
        if kind == "pdf" and not (folder / "out" / "game.pdf").read_bytes().startswith(b"%PDF-"):
            kind, output = "crash", "exit 0 without a PDF"
        elif kind == "error" and code == 0:
            kind = "disagree"
        if leads_out(files) and (code == 0 or built == 0):
            kind, output = "unsafe", "a file linked out of the kit's folder was read (validate or build exit 0)"
    return Result(family, 0, 0, kind, mutators=names, command=command, detail=output, slowest_command_cpu=slowest)


def table_case(rng: random.Random, rounds: int, folder: Path, seed_cache: Path | None) -> Prepared:
    name, content, names = mutate_table(rng, rounds)
    kit_folder(folder, table_kit(name), {name: content})
    return Prepared(
        "table", names, "validate, build", lambda: validate_then_build("table", folder, {name: content}, names)
    )


def font_case(rng: random.Random, rounds: int, folder: Path, seed_cache: Path | None) -> Prepared:
    content, names = mutate_font(rng, rounds)
    kit_folder(folder, FONT_KIT, {FONT_FILE: content})
    return Prepared(
        "font", names, "validate, build", lambda: validate_then_build("font", folder, {FONT_FILE: content}, names)
    )


def config_case(rng: random.Random, rounds: int, folder: Path, seed_cache: Path | None) -> Prepared:
    files, command, names = mutate_config(rng, rounds)
    kit_folder(folder, CONFIG_KIT, {})
    for name, content in files.items():
        place(folder / "config" / "printkit" / name, content, folder / "outside")

    def run() -> Result:
        code, output = cli_in_process(command, folder, {"XDG_CONFIG_HOME": str(folder / "config")})
        return Result("config", 0, 0, judged(code, output), mutators=names, command=" ".join(command), detail=output)

    return Prepared("config", names, " ".join(command), run)


def cache_case(rng: random.Random, rounds: int, folder: Path, seed_cache: Path | None) -> Prepared:
    assert seed_cache is not None, "the cache family starts from a cache a real start wrote"
    draft, command, names = mutate_cache(seed_cache, rng, rounds)
    return prepared_cache(draft, command, names, folder, seed_cache)


def prepared_cache(draft: CacheDraft, command: list[str], names: list[str], folder: Path, seed_cache: Path) -> Prepared:
    """The cache of ``draft`` made under ``folder``, and a fresh start of ``command`` that reads it."""
    kit_folder(folder, (seed_cache.parent.parent / "game.yaml").read_text(encoding="utf-8"), {})
    marker = place_cache(draft, seed_cache, folder / "cache", folder)

    def run() -> Result:
        env = child_environment(folder / "cache", folder / "config")
        code, output, usage, peak = cli_child(command, folder, env, umask=0 if draft.umask_zero else -1)
        kind = judged(code, output)
        if marker is not None and marker.exists():
            kind, output = "unsafe", "a planted cache file ran code when read\n" + output
        writable = world_writable(folder / "cache") if draft.umask_zero else []
        if writable:
            kind, output = "unsafe", f"under umask 000 the cache holds files anyone may write:\n{writable}"
        result = Result("cache", 0, 0, kind, mutators=names, command=" ".join(command), detail=output)
        result.cpu_seconds = usage.ru_utime + usage.ru_stime
        result.peak_mb = peak
        return result

    return Prepared("cache", names, " ".join(command), run)


CASES = {
    "kit": kit_case,
    "art": art_case,
    "table": table_case,
    "font": font_case,
    "config": config_case,
    "cache": cache_case,
}


def run_case(
    family: str,
    seed: int,
    case: int,
    folder: Path,
    seed_cache: Path | None = None,
    announce: Callable[[Prepared], None] | None = None,
) -> Result:
    """Run case ``case`` of ``seed`` in ``family``, its files under ``folder``: only the command
    is timed and measured, not the making of its files. ``announce`` hears of the case before it
    runs (the worker tells the parent, which may have to stop it)."""
    rng = case_rng(seed, case)
    prepared = CASES[family](rng, rng.randint(1, 3), folder, seed_cache)
    if announce is not None:
        announce(prepared)
    result = measured(prepared)
    result.seed, result.case = seed, case
    return result


def measured(prepared: Prepared) -> Result:
    """Run a prepared case: its wall and CPU seconds, its peak memory (a child's: its own) and the
    process's memory before it (``baseline_mb``: what the case's own work added is the difference)."""
    reset_peak()
    baseline = status_mb("VmRSS")
    started, cpu = time.perf_counter(), time.process_time()
    result = prepared.run()
    result.seconds = time.perf_counter() - started
    if prepared.family != "cache":  # a child's own figures are kept
        result.cpu_seconds = time.process_time() - cpu
        result.peak_mb = status_mb("VmHWM")
        result.baseline_mb = baseline
    return result


# --- signatures -----------------------------------------------------------------------------------

_FRAME = re.compile(r'File "[^"]*?(printkit/[^"]+)", line \d+, in (\S+)')
_EXCEPTION = re.compile(
    r"^(?:internal error: )?([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning)|\w+Error)\b", re.M
)


def signature(result: Result, problem: str) -> str:
    """'crash: table: IndexError at printkit/kit/tables.py:read_path', 'memory: font: font.cmap_bomb', ..."""
    if problem in ("slow", "memory", "hang"):
        return f"{problem}: {result.family}: {'+'.join(sorted(set(result.mutators)))}"
    if problem == "crash":
        frames = _FRAME.findall(result.detail)
        exceptions = _EXCEPTION.findall(result.detail)
        where = f" at {frames[-1][0]}:{frames[-1][1]}" if frames else ""
        what = exceptions[-1] if exceptions else first_line(result.detail) or "no output"
        return f"crash: {result.family}: {what}{where} ({result.command.split(' ')[0]})"
    return f"{problem}: {result.family}: {normalised(first_line(result.detail))}"


def first_line(text: str) -> str:
    return next((line.strip() for line in text.splitlines() if line.strip()), "")


def normalised(line: str) -> str:
    """A message without its paths and numbers, so one defect gives one signature."""
    line = re.sub(r"/[^\s:'\"]*", "PATH", line)
    line = re.sub(r"\d[\d,.]*", "N", line)
    return line[:100]
