"""The long fuzz run: N cases of mutated kits, pictures, tables, fonts, config files and caches,
each through the command that reads it, each timed and measured.

    python benchmarks/fuzz.py [--cases 10000] [--seed 1] [--families table,font] [--json FILE]
    python benchmarks/fuzz.py --seed 1 --case 1234 [--keep DIR]     # one case again, its files kept

Case N of seed S is of family FAMILIES[N % 6] (kit, art, table, font, config, cache) and is made
from a generator seeded by (S, N) alone, so each case reproduces by itself. The cases run in a
worker process (restarted after a hang, a death, or every RESTART_EVERY cases) with an address
space limit, so a bomb cannot take the machine; a case that used KILL_SECONDS of CPU, or is still
waiting after HANG_SECONDS by the clock, is stopped. Each case's peak memory is its process's
high-water mark (reset before the case); its time is judged as CPU time, which other work on the
machine does not stretch (the wall time is kept too). A new problem signature is printed on stderr
as it is found, with the case that shows it. The summary groups every problem by signature (an
exception and where it was raised, or a family and its mutators for a case over budget) with its
first case to reproduce.
Exit code 1 when any case crashed, was unsafe, or took over 10 s or 400 MB.
"""

from __future__ import annotations

import argparse
import contextlib
import faulthandler
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fuzz.caches import make_seed_cache  # noqa: E402
from fuzz.runner import (  # noqa: E402
    FAMILIES,
    HANG_SECONDS,
    KILL_SECONDS,
    MEGABYTES_BUDGET,
    SECONDS_BUDGET,
    Prepared,
    Result,
    cpu_seconds_of,
    family_of,
    limit_address_space,
    run_case,
    status_mb,
)

HARD_MEGABYTES = 1500  # a worker's RSS past this is stopped at once
PREPARE_SECONDS = 60  # making a case's files (a 30,000-row spreadsheet) before it is announced
RESTART_EVERY = 100  # cases a worker runs before a fresh one (what caches keep stays bounded)
RESTART_MEGABYTES = 300  # a worker whose RSS stays above this after a case is replaced


class Worker:
    """A process running cases one by one: a case in on stdin, its Result out on a pipe of its own
    (printkit prints to stdout and stderr, which go nowhere)."""

    def __init__(self, root: Path, seed_cache: Path | None) -> None:
        read_end, write_end = os.pipe()
        self.log = open(root / "worker.err", "ab")  # noqa: SIM115 - closed in stop(); a Rust panic says why here
        command = [sys.executable, __file__, "--worker", str(write_end), "--work", str(root)]
        if seed_cache is not None:
            command += ["--seed-cache", str(seed_cache)]
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=self.log,
            pass_fds=(write_end,),
            preexec_fn=limit_address_space,
        )
        os.close(write_end)
        # unbuffered: a buffered reader's readline takes the announce and the result together, and
        # select() on the pipe then waits for a line already read: the worker idle, the case "hung"
        self.results = os.fdopen(read_end, "rb", buffering=0)
        self.ran = 0

    def run(self, family: str, seed: int, case: int) -> Result:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"family": family, "seed": seed, "case": case}).encode() + b"\n")
        self.process.stdin.flush()
        self.ran += 1
        started = time.perf_counter()
        deadline = started + PREPARE_SECONDS  # until the case is announced: its files are being made
        mutators: list[str] = []
        command = ""
        peak = 0.0
        cpu_before: float | None = None  # the worker's CPU seconds when the case was announced
        while True:
            ready, _, _ = select.select([self.results], [], [], 0.1)
            if ready:
                line = self.results.readline()
                if not line:
                    code = self.process.wait()
                    detail = f"the worker died (exit {code}{', a signal' if code < 0 else ''})"
                    return Result(
                        family,
                        seed,
                        case,
                        "crash",
                        time.perf_counter() - started,
                        peak,
                        mutators=mutators,
                        command=command,
                        detail=detail,
                    )
                answer = json.loads(line)
                if "announce" not in answer:
                    return Result(**answer)
                mutators, command = answer["announce"]["mutators"], answer["announce"]["command"]
                started, cpu_before = time.perf_counter(), cpu_seconds_of(self.process.pid)
                deadline = started + HANG_SECONDS + (5 if family == "cache" else 0)  # the worker stops a child
            peak = max(peak, status_mb("VmRSS", self.process.pid))
            cpu_used = 0.0 if cpu_before is None else cpu_seconds_of(self.process.pid) - cpu_before
            if peak > HARD_MEGABYTES or time.perf_counter() > deadline or cpu_used > KILL_SECONDS:
                where = self.stack() if peak <= HARD_MEGABYTES else ""
                self.stop()
                kind = "hang" if peak <= HARD_MEGABYTES else "memory"
                detail = f"stopped: no answer ({cpu_used:.1f} s of CPU)\n{where}"
                if kind == "memory":
                    detail = f"stopped at {peak:.0f} MB"
                seconds = time.perf_counter() - started
                return Result(
                    family, seed, case, kind, seconds, peak, mutators=mutators, command=command, detail=detail
                )

    def stack(self) -> str:
        """Where the worker is: its threads' stacks, which it writes to its log on SIGUSR1 (faulthandler)."""
        before = os.path.getsize(self.log.name)  # the worker writes to this file through its own stderr
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.process.pid, signal.SIGUSR1)
        time.sleep(0.5)
        with open(self.log.name, "rb") as log:
            log.seek(before)
            return log.read(8000).decode(errors="replace")

    def heavy(self) -> bool:
        return self.ran >= RESTART_EVERY or status_mb("VmRSS", self.process.pid) > RESTART_MEGABYTES

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if self.process.stdin:
            self.process.stdin.close()
        self.results.close()
        self.log.close()


def worker(result_fd: int, work: Path, seed_cache: Path | None) -> int:
    """Run the cases read from stdin, one JSON line each; answer each with its Result's JSON line."""
    out = os.fdopen(result_fd, "w")
    faulthandler.register(signal.SIGUSR1, file=sys.stderr, all_threads=True)  # Worker.stack asks
    for line in sys.stdin:
        asked = json.loads(line)
        folder = Path(tempfile.mkdtemp(dir=work))

        def announce(prepared: Prepared) -> None:
            told = {"mutators": prepared.mutators, "command": prepared.command}
            out.write(json.dumps({"announce": told}) + "\n")
            out.flush()

        try:
            result = run_case(asked["family"], asked["seed"], asked["case"], folder, seed_cache, announce)
        except Exception:  # noqa: BLE001 - a mutator's own bug: reported as such, never blamed on printkit
            detail = traceback.format_exc()
            result = Result(asked["family"], asked["seed"], asked["case"], "fuzzer-bug", detail=detail)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        result.detail = shortened(result.detail)
        out.write(json.dumps(result.as_dict()) + "\n")
        out.flush()
    return 0


def shortened(detail: str, most: int = 4000) -> str:
    """A long output's first line (what the signature reads) and its end (the traceback's last frames)."""
    if len(detail) <= most:
        return detail
    return detail[:300] + "\n[...]\n" + detail[-(most - 300) :]


def redo(seed: int, case: int, families: tuple[str, ...], keep: Path | None, seed_cache: Path | None) -> int:
    """Run one case here, print what it did, and keep its files in ``keep`` when given."""
    family = family_of(case, families)
    folder = keep or Path(tempfile.mkdtemp())
    folder.mkdir(parents=True, exist_ok=True)
    result = run_case(family, seed, case, folder, seed_cache)
    print(json.dumps(result.as_dict(), indent=2, ensure_ascii=False))
    print("problems:", result.signatures() or "none")
    if keep is None:
        shutil.rmtree(folder, ignore_errors=True)
    else:
        print(f"its files: {folder}")
    return 1 if result.problems() else 0


class Tally:
    """Counts by family and kind, the slowest and largest cases, and every problem by signature."""

    def __init__(self) -> None:
        self.counts: dict[str, dict[str, int]] = {}
        self.groups: dict[str, list[Result]] = {}
        self.ran = 0
        self.slowest: Result | None = None
        self.largest: Result | None = None

    def add(self, result: Result) -> None:
        family = self.counts.setdefault(result.family, {})
        family[result.kind] = family.get(result.kind, 0) + 1
        if self.slowest is None or result.seconds > self.slowest.seconds:
            self.slowest = result
        if self.largest is None or result.peak_mb > self.largest.peak_mb:
            self.largest = result
        for found in result.signatures():
            self.groups.setdefault(found, []).append(result)

    def report(self) -> list[str]:
        lines = []
        for family in sorted(self.counts):
            shown = "  ".join(f"{kind}: {n}" for kind, n in sorted(self.counts[family].items()))
            lines.append(f"{family:7} {shown}")
        if self.slowest and self.largest:
            lines.append(f"slowest: {self.slowest.seconds:.2f} s ({_where(self.slowest)})")
            lines.append(f"largest: {self.largest.peak_mb:.0f} MB ({_where(self.largest)})")
        lines.append(f"{len(self.groups)} problem signatures (budget {SECONDS_BUDGET:g} s, {MEGABYTES_BUDGET:g} MB):")
        for found, results in sorted(self.groups.items(), key=lambda item: (-len(item[1]), item[0])):
            first = results[0]
            lines.append(f"  [{len(results)}x] {found}")
            lines.append(f"      first: {_where(first)}: {', '.join(first.mutators)}; {first.command}")
            lines.append(f"      {first.detail.strip().splitlines()[-1][:160] if first.detail.strip() else ''}")
        return lines

    def as_dict(self) -> dict:
        return {
            "counts": self.counts,
            "signatures": {
                found: {"count": len(results), "cases": [r.as_dict() for r in results[:5]]}
                for found, results in self.groups.items()
            },
        }


def _where(result: Result) -> str:
    return (
        f"--seed {result.seed} --case {result.case} ({result.family}, {result.seconds:.1f} s, {result.peak_mb:.0f} MB)"
    )


def campaign(args: argparse.Namespace, families: tuple[str, ...], root: Path, seed_cache: Path | None) -> Tally:
    """Run the cases; stop early, with what ran so far, after ``args.minutes`` or at Ctrl-C."""
    tally = Tally()
    current: Worker | None = None
    stop_at = time.perf_counter() + args.minutes * 60 if args.minutes else None
    try:
        for case in range(args.first, args.first + args.cases):
            if stop_at is not None and time.perf_counter() > stop_at:
                print(f"stopped after {args.minutes:g} minutes, before case {case}", file=sys.stderr)
                break
            if current is None or not current.alive() or current.heavy():
                if current is not None:
                    current.stop()
                current = Worker(root, seed_cache)
            result = current.run(family_of(case, families), args.seed, case)
            if not current.alive() or result.kind in ("hang", "memory"):
                current.stop()
                current = None
            known = len(tally.groups)
            tally.add(result)
            tally.ran += 1
            if len(tally.groups) > known:
                print(f"new signature at {_where(result)}: {result.signatures()}", file=sys.stderr, flush=True)
            if tally.ran % 25 == 0:
                print(f"{tally.ran} cases, {len(tally.groups)} signatures", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print(f"interrupted after {tally.ran} cases", file=sys.stderr)
    finally:
        if current is not None:
            current.stop()
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--first", type=int, default=0, help="the first case's number")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--families", default=",".join(FAMILIES), help="a comma-separated subset of " + ",".join(FAMILIES)
    )
    parser.add_argument("--json", type=Path)
    parser.add_argument("--minutes", type=float, help="start no case after this many minutes; report what ran")
    parser.add_argument("--case", type=int, help="run this one case only, here")
    parser.add_argument("--keep", type=Path, help="with --case: keep its files in this folder")
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--work", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--seed-cache", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker is not None:
        return worker(args.worker, args.work, args.seed_cache)
    families = tuple(name for name in args.families.split(",") if name)
    unknown = sorted(set(families) - set(FAMILIES))
    if unknown:
        parser.error(f"no family {', '.join(unknown)}; choose from {', '.join(FAMILIES)}")
    with tempfile.TemporaryDirectory(prefix="printkit-fuzz-") as tmp:
        root = Path(tmp)
        needed = {family_of(args.case, families)} if args.case is not None else set(families)
        seed_cache = make_seed_cache(root / "seed") if "cache" in needed else None
        if args.case is not None:
            return redo(args.seed, args.case, families, args.keep, seed_cache)
        started = time.perf_counter()
        tally = campaign(args, families, root, seed_cache)
        elapsed = time.perf_counter() - started
    print(f"cases: {tally.ran} of {args.cases} (seed {args.seed}, from case {args.first})  total: {elapsed:.0f} s")
    print("\n".join(tally.report()))
    if args.json:
        report = {"cases": tally.ran, "seed": args.seed, "families": families, "seconds": round(elapsed, 1)}
        args.json.write_text(json.dumps({**report, **tally.as_dict()}, indent=2, ensure_ascii=False), encoding="utf-8")
    return 1 if tally.groups else 0


if __name__ == "__main__":
    sys.exit(main())
