"""Benchmarks: printkit against plain reportlab, and its growth from 1,000 to 10,000 cards.

    python benchmarks/bench.py [--runs 5] [--json benchmarks/results.json] [--startup | --jpeg]

Every job is a whole process (as a user runs it), and the jobs are interleaved: each round runs
every job once, each round in another order, so a neighbour's load spreads over all of them; the
median of the rounds counts. Jobs: `python -c "import reportlab.pdfgen.canvas"` (the yardstick
for a kit build), `printkit build KIT` for every shipped kit, the benchmark deck of 1,000 cards
through printkit and through benchmarks/baseline.py (the same PDF drawn by hand with reportlab),
and the 10,000-card deck through both, and the art deck (benchmarks/kits/artdeck.yaml: one
750 x 1050 px picture a card, written by benchmarks/artdeck.py before the first round) of 200
and of 1,000 cards through printkit and through baseline.py --art, and its JPEG-only variant
(artdeck.py --jpeg-only) of 20 and of 200 cards through both: the per-card JPEG figure.

Each job starts with nothing of another's left to write to the disk (``os.sync`` between jobs,
unmeasured). Python runs as installed: with its bytecode cache on (in a private folder, so the tree stays clean)
and warmed by one unmeasured round, as is printkit's user cache folder (a private one too).
Reported per job: the median wall time, its range, the CPU time, the peak memory (the largest
RSS of any run, from the kernel's accounting of the child) and the PDF's size. Targets, checked at
the end (exit 1 when one is missed):

- the 1,000-card deck within 1.3 x the baseline's time;
- the 10,000-card deck within 11 x the 1,000-card deck's time and 300 MB peak RSS;
- every shipped kit within 5 x the time of importing reportlab's canvas (issue 27: a start with no trick
  that reaches into a library): `printkit build KIT`'s median wall time over that of
  `python -c "import reportlab.pdfgen.canvas"`, a figure per kit. ``--startup`` runs only these jobs
  (the import and the kits: a minute, where the whole run takes many) and checks only this target;
- at most 300 PDF bytes per extra card of the deck (whose cards share one back);
- the 200-card art deck within 1.5 x the baseline's time, and its PDF at most its JPEG files'
  bytes + 1 % + the bytes of its PNG pictures as stored (losslessly, Flate) in the PDF;
- the art deck's peak RSS within 1.2 x the baseline's, with 200 and with 1,000 pictures;
- each card of a deck of 750 x 1050 JPEGs within 1.3 x what it costs the baseline: the time of
  the 200-card deck less that of its 20-card twin (start-up, the rules page), over 180 cards.
  ``--jpeg`` runs only these four jobs and checks only this target.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DECKS = REPO / "benchmarks" / "kits"
SMALL, LARGE = 1_000, 10_000
ART = (200, 1_000)
JPEG = (20, 200)  # the JPEG-only art deck: its 20-card twin subtracts start-up from the 200 cards' time
YARDSTICK = "import reportlab.pdfgen.canvas"
TARGETS = {
    "deck_vs_baseline": 1.3,
    "growth_10x_cards": 11.0,
    "peak_rss_mb_10000": 300.0,
    "kit_vs_import": 5.0,
    "bytes_per_extra_card": 300.0,
    "art_vs_baseline": 1.5,
    "art_pdf_vs_pictures": 1.0,
    "jpeg_per_card_vs_baseline": 1.3,
    "art_rss_vs_baseline": 1.2,
}


@dataclass
class Job:
    name: str
    argv: list[str]
    pdf: Path | None = None
    walls: list[float] = field(default_factory=list)
    cpus: list[float] = field(default_factory=list)
    rss: list[int] = field(default_factory=list)  # bytes

    @property
    def seconds(self) -> float:
        return statistics.median(self.walls)

    @property
    def peak_mb(self) -> float:
        return max(self.rss) / 2**20

    @property
    def pdf_bytes(self) -> int | None:
        return self.pdf.stat().st_size if self.pdf and self.pdf.exists() else None

    def row(self) -> dict:
        return {
            "seconds": round(self.seconds, 3),
            "min": round(min(self.walls), 3),
            "max": round(max(self.walls), 3),
            "cpu_seconds": round(statistics.median(self.cpus), 3),
            "peak_rss_mb": round(self.peak_mb, 1),
            "pdf_bytes": self.pdf_bytes,
            "runs": [round(w, 3) for w in self.walls],
        }


def printkit_command() -> list[str]:
    script = Path(sys.executable).with_name("printkit")
    return [str(script)] if script.exists() else [sys.executable, "-m", "printkit"]


def art_jobs(out: Path, printkit: list[str]) -> list[Job]:
    """The art deck of each size in ART, its pictures written first (benchmarks/artdeck.py)."""
    sys.path.insert(0, str(REPO / "benchmarks"))
    from artdeck import generate

    found = []
    for cards in ART:
        folder = out / f"art{cards}"
        generate(folder, cards)
        pdf, plain = out / f"artdeck{cards}.pdf", out / f"artbaseline{cards}.pdf"
        found.append(
            Job(f"artdeck {cards:,} printkit", printkit + ["build", str(folder / "artdeck.yaml"), "-o", str(pdf)], pdf)
        )
        found.append(
            Job(
                f"artdeck {cards:,} baseline",
                [sys.executable, str(REPO / "benchmarks" / "baseline.py"), "--art", str(folder), "--cards", str(cards)]
                + ["-o", str(plain)],
                plain,
            )
        )
    return found


def jpeg_jobs(out: Path, printkit: list[str]) -> list[Job]:
    """The JPEG-only art deck of each size in JPEG through printkit and through baseline.py --art."""
    sys.path.insert(0, str(REPO / "benchmarks"))
    from artdeck import generate

    found = []
    for cards in JPEG:
        folder = out / f"jpeg{cards}"
        generate(folder, cards, pngs=False)
        pdf, plain = out / f"jpegdeck{cards}.pdf", out / f"jpegbaseline{cards}.pdf"
        found.append(
            Job(f"jpegdeck {cards:,} printkit", printkit + ["build", str(folder / "artdeck.yaml"), "-o", str(pdf)], pdf)
        )
        found.append(
            Job(
                f"jpegdeck {cards:,} baseline",
                [sys.executable, str(REPO / "benchmarks" / "baseline.py"), "--art", str(folder), "--cards", str(cards)]
                + ["-o", str(plain)],
                plain,
            )
        )
    return found


def jpeg_figures(found: list[Job]) -> dict:
    """What each card of the JPEG deck costs, printkit's and the baseline's: the 200-card deck's
    median time less its 20-card twin's, over the 180 cards between (wall and CPU time)."""
    by = {job.name: job for job in found}
    small, large = JPEG

    def per_card(who: str, cpu: bool = False) -> float:
        def seconds(job: Job) -> float:
            return statistics.median(job.cpus) if cpu else job.seconds

        twin, deck = by[f"jpegdeck {small:,} {who}"], by[f"jpegdeck {large:,} {who}"]
        return 1000 * (seconds(deck) - seconds(twin)) / (large - small)

    return {
        "jpeg_ms_per_card": per_card("printkit"),
        "jpeg_baseline_ms_per_card": per_card("baseline"),
        "jpeg_per_card_vs_baseline": per_card("printkit") / per_card("baseline"),
        "jpeg_cpu_per_card_vs_baseline": per_card("printkit", cpu=True) / per_card("baseline", cpu=True),
    }


def jpeg_summary(numbers: dict, passed: dict[str, bool]) -> str:
    return (
        f"- each card of the JPEG deck: {numbers['jpeg_ms_per_card']:.2f} ms in printkit, "
        f"{numbers['jpeg_baseline_ms_per_card']:.2f} ms by hand: {numbers['jpeg_per_card_vs_baseline']:.2f} x "
        f"{verdict('jpeg_per_card_vs_baseline', passed)}; in CPU time (not judged): "
        f"{numbers['jpeg_cpu_per_card_vs_baseline']:.2f} x"
    )


def picture_bytes(folder: Path, pdf: Path) -> tuple[int, int]:
    """The bytes of the art deck's JPEG files, and of its PNG pictures as the PDF stores them
    (every image object that is not DCT: the pixels and the alpha masks, Flate-compressed)."""
    from pypdf import PdfReader

    jpeg = sum(path.stat().st_size for path in (folder / "artdeck" / "art").glob("*.jpg"))
    stored = 0
    reader = PdfReader(pdf)
    for index in range(1, reader.trailer["/Size"]):
        try:
            obj = reader.get_object(index)
        except Exception:  # a free entry
            continue
        if hasattr(obj, "get") and obj.get("/Subtype") == "/Image" and "/DCTDecode" not in str(obj.get("/Filter")):
            stored += len(obj._data)
    return jpeg, stored


def startup_jobs(out: Path, printkit: list[str]) -> list[Job]:
    """The yardstick (importing reportlab's canvas) and a build of every shipped kit."""
    found = [Job(YARDSTICK, [sys.executable, "-c", YARDSTICK])]
    for kit in sorted(p.stem for p in (REPO / "kits").glob("*.yaml")):
        found.append(Job(f"build {kit}", printkit + ["build", kit, "-o", str(out / f"{kit}.pdf")], out / f"{kit}.pdf"))
    return found


def jobs(out: Path) -> list[Job]:
    printkit = printkit_command()
    found = startup_jobs(out, printkit)
    for cards in (SMALL, LARGE):
        pdf, plain = out / f"deck{cards}.pdf", out / f"baseline{cards}.pdf"
        found.append(
            Job(f"deck {cards:,} printkit", printkit + ["build", str(DECKS / f"deck{cards}.yaml"), "-o", str(pdf)], pdf)
        )
        found.append(
            Job(
                f"deck {cards:,} baseline",
                [sys.executable, str(REPO / "benchmarks" / "baseline.py"), "--cards", str(cards), "-o", str(plain)],
                plain,
            )
        )
    return found + art_jobs(out, printkit) + jpeg_jobs(out, printkit)


def environment(cache: Path) -> dict[str, str]:
    """The caller's environment with Python's bytecode cache on, kept in ``cache``, and a user
    cache folder of its own beside it (base/startup/: hyphenation patterns as JSON), filled by the
    warm-up round like the bytecode, so that no other printkit running meanwhile (a test suite,
    another checkout) changes what the measured builds find there."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    env["XDG_CACHE_HOME"] = str(cache / "user-cache")
    return env


def run(job: Job, env: dict[str, str], log: Path) -> tuple[float, float, int]:
    """One whole process: its wall time, its CPU time (user + system) and its peak RSS in bytes.

    What the jobs before wrote is flushed to the disk first, unmeasured: printkit syncs the PDF it
    writes (output.py), and on ext4 that sync waits for every byte written before it, so a kit
    built just after the 180 MB art deck's baseline waited 0.1 s for that deck's writeback."""
    os.sync()
    with log.open("wb") as err:
        start = time.perf_counter()
        process = subprocess.Popen(job.argv, cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"{job.name} failed ({process.returncode}):\n{log.read_text(errors='replace')[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024


def measure(found: list[Job], runs: int, env: dict[str, str], log: Path) -> list[float]:
    """Runs every job ``runs`` times, round by round, each round rotated; the load average before each round."""
    for job in found:  # warm-up: bytecode caches, the page cache
        run(job, env, log)
    loads = []
    for round_ in range(runs):
        loads.append(os.getloadavg()[0])
        shift = round_ * len(found) // runs
        for job in found[shift:] + found[:shift]:
            wall, cpu, rss = run(job, env, log)
            job.walls.append(wall)
            job.cpus.append(cpu)
            job.rss.append(rss)
        print(f"round {round_ + 1}/{runs} done (load {loads[-1]:.2f})", file=sys.stderr, flush=True)
    loads.append(os.getloadavg()[0])
    return loads


def startup_figures(found: list[Job]) -> dict:
    """Each shipped kit's build time over the yardstick's (median wall times): issue 27's start-up
    figure, judged against its target. Beside it, unjudged, the same ratio of median CPU times,
    which a machine loaded by other work disturbs less."""
    yardstick = next(job for job in found if job.name == YARDSTICK)
    builds = [job for job in found if job.name.startswith("build ")]
    return {
        "kit_vs_import": {job.name.removeprefix("build "): job.seconds / yardstick.seconds for job in builds},
        "kit_cpu_vs_import": {
            job.name.removeprefix("build "): statistics.median(job.cpus) / statistics.median(yardstick.cpus)
            for job in builds
        },
    }


def figures(found: list[Job]) -> dict:
    by = {job.name: job for job in found}
    small, large = by[f"deck {SMALL:,} printkit"], by[f"deck {LARGE:,} printkit"]
    plain_small, plain_large = by[f"deck {SMALL:,} baseline"], by[f"deck {LARGE:,} baseline"]
    extra = LARGE - SMALL
    return (
        {
            "deck_vs_baseline": small.seconds / plain_small.seconds,
            "deck_10000_vs_baseline": large.seconds / plain_large.seconds,
            "growth_10x_cards": large.seconds / small.seconds,
            "baseline_growth_10x_cards": plain_large.seconds / plain_small.seconds,
            "ms_per_extra_card": 1000 * (large.seconds - small.seconds) / extra,
            "baseline_ms_per_extra_card": 1000 * (plain_large.seconds - plain_small.seconds) / extra,
            "peak_rss_mb_10000": large.peak_mb,
            "bytes_per_extra_card": (large.pdf_bytes - small.pdf_bytes) / extra,
            "baseline_bytes_per_extra_card": (plain_large.pdf_bytes - plain_small.pdf_bytes) / extra,
        }
        | startup_figures(found)
        | art_figures(by)
        | jpeg_figures(found)
    )


def art_figures(by: dict[str, Job]) -> dict:
    art, plain = by[f"artdeck {ART[0]:,} printkit"], by[f"artdeck {ART[0]:,} baseline"]
    assert art.pdf is not None
    jpeg, stored = picture_bytes(art.pdf.parent / f"art{ART[0]}", art.pdf)
    return {
        "art_vs_baseline": art.seconds / plain.seconds,
        "art_pdf_vs_pictures": art.pdf_bytes / (1.01 * jpeg + stored),
        "art_rss_vs_baseline": {
            f"{cards}": by[f"artdeck {cards:,} printkit"].peak_mb / by[f"artdeck {cards:,} baseline"].peak_mb
            for cards in ART
        },
    }


def verdicts(numbers: dict) -> dict[str, bool]:
    """Each target the figures measured, met or not: a figure of several values (one per kit, one
    per deck size) meets its target when every value does."""
    return {
        name: all(value <= target for value in (found.values() if isinstance(found, dict) else [found]))
        for name, target in TARGETS.items()
        if (found := numbers.get(name)) is not None
    }


def machine() -> dict:
    cpu = platform.processor()
    try:
        cpu = next(
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        )
    except (OSError, StopIteration):
        pass
    import reportlab

    try:
        import _rl_accel  # noqa: F401

        accelerated = True
    except ImportError:
        accelerated = False
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "system": platform.platform(),
        "python": platform.python_version(),
        "reportlab": reportlab.Version,
        "reportlab_accelerator": accelerated,
    }


def table(found: list[Job], numbers: dict) -> str:
    ratio = {f"build {kit}": f"{value:.2f} x import" for kit, value in numbers.get("kit_vs_import", {}).items()}
    if "jpeg_per_card_vs_baseline" in numbers:
        ratio[f"jpegdeck {JPEG[1]:,} printkit"] = f"{numbers['jpeg_per_card_vs_baseline']:.2f} x baseline a card"
    if "deck_vs_baseline" in numbers:
        ratio[f"deck {SMALL:,} printkit"] = f"{numbers['deck_vs_baseline']:.2f} x baseline"
        ratio[f"deck {LARGE:,} printkit"] = f"{numbers['growth_10x_cards']:.2f} x 1,000 cards"
        ratio[f"deck {LARGE:,} baseline"] = f"{numbers['baseline_growth_10x_cards']:.2f} x 1,000 cards"
        ratio[f"artdeck {ART[0]:,} printkit"] = f"{numbers['art_vs_baseline']:.2f} x baseline"
    lines = [
        "| job | median s | range s | CPU s | peak RSS MB | PDF bytes | ratio |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for job in found:
        size = f"{job.pdf_bytes:,}" if job.pdf_bytes else ""
        spread = f"{min(job.walls):.3f}–{max(job.walls):.3f}"
        cells = [job.name, f"{job.seconds:.3f}", spread, f"{statistics.median(job.cpus):.3f}", f"{job.peak_mb:.0f}"]
        lines.append("| " + " | ".join(cells + [size, ratio.get(job.name, "")]) + " |")
    return "\n".join(lines)


def verdict(name: str, passed: dict[str, bool]) -> str:
    return f"(target ≤ {TARGETS[name]:g}): {'met' if passed[name] else 'MISSED'}"


def startup_summary(numbers: dict, passed: dict[str, bool]) -> str:
    ratios = numbers["kit_vs_import"]
    kit, worst = max(ratios.items(), key=lambda item: item[1])
    each = ", ".join(f"{name} {ratio:.2f} x" for name, ratio in ratios.items())
    cpu = ", ".join(f"{name} {ratio:.2f} x" for name, ratio in numbers["kit_cpu_vs_import"].items())
    return (
        f"- shipped kits, each build's time over the canvas import's: {each}; at most {worst:.2f} x ({kit}) "
        + verdict("kit_vs_import", passed)
        + f"; in CPU time (not judged): {cpu}"
    )


def summary(numbers: dict, passed: dict[str, bool]) -> str:
    if "kit_vs_import" not in numbers:  # --jpeg
        return jpeg_summary(numbers, passed)
    lines = [startup_summary(numbers, passed)]
    if "deck_vs_baseline" not in numbers:  # --startup
        return lines[0]
    art_rss = numbers["art_rss_vs_baseline"]
    per_card, by_hand = numbers["ms_per_extra_card"], numbers["baseline_ms_per_extra_card"]
    return "\n".join(
        [
            f"- 1,000 cards: {numbers['deck_vs_baseline']:.2f} x the baseline {verdict('deck_vs_baseline', passed)}",
            f"- 10,000 cards: {numbers['growth_10x_cards']:.2f} x the time of 1,000 "
            f"{verdict('growth_10x_cards', passed)}; "
            f"peak RSS {numbers['peak_rss_mb_10000']:.0f} MB {verdict('peak_rss_mb_10000', passed)}",
            *lines,
            f"- PDF bytes per extra card: {numbers['bytes_per_extra_card']:.0f} "
            f"(baseline {numbers['baseline_bytes_per_extra_card']:.0f}) {verdict('bytes_per_extra_card', passed)}",
            f"- each extra card: {per_card:.3f} ms in printkit, {by_hand:.3f} ms by hand ({per_card / by_hand:.2f} x)",
            f"- art deck of {ART[0]}: {numbers['art_vs_baseline']:.2f} x the baseline "
            f"{verdict('art_vs_baseline', passed)}; "
            f"its PDF {numbers['art_pdf_vs_pictures']:.3f} x its JPEG bytes + 1 % + its PNGs as stored "
            f"{verdict('art_pdf_vs_pictures', passed)}",
            "- art deck peak RSS: "
            + ", ".join(f"{ratio:.2f} x the baseline's ({cards} cards)" for cards, ratio in art_rss.items())
            + f" {verdict('art_rss_vs_baseline', passed)}",
            jpeg_summary(numbers, passed),
        ]
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="Measured rounds (at least 5 for the record).")
    parser.add_argument(
        "--json",
        type=Path,
        help="Where to write the results (default benchmarks/results.json; with --startup or --jpeg, nowhere).",
    )
    parser.add_argument(
        "--startup", action="store_true", help="Only the canvas import and the shipped kits: the start-up figure."
    )
    parser.add_argument(
        "--jpeg", action="store_true", help="Only the JPEG deck of 20 and 200 cards, each way: the per-card figure."
    )
    args = parser.parse_args()
    alone = args.startup or args.jpeg
    out = args.json or (None if alone else REPO / "benchmarks" / "results.json")
    with tempfile.TemporaryDirectory(prefix="printkit-bench-") as scratch:
        folder = Path(scratch)
        found = (
            startup_jobs(folder, printkit_command())
            if args.startup
            else jpeg_jobs(folder, printkit_command())
            if args.jpeg
            else jobs(folder)
        )
        loads = measure(found, args.runs, environment(folder / "pycache"), folder / "stderr.txt")
        numbers = startup_figures(found) if args.startup else jpeg_figures(found) if args.jpeg else figures(found)
        passed = verdicts(numbers)
        report = {
            "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
            "machine": machine(),
            "load_average": {"before_each_round": [round(v, 2) for v in loads[:-1]], "after": round(loads[-1], 2)},
            "runs": args.runs,
            "jobs": {job.name: job.row() for job in found},
            "figures": {
                k: (round(v, 3) if isinstance(v, float) else {kk: round(vv, 3) for kk, vv in v.items()})
                for k, v in numbers.items()
            },
            "targets": {name: TARGETS[name] for name in passed},
            "met": passed,
        }
        text = table(found, numbers)
    if out is not None:
        out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    info = report["machine"]
    reportlab = f"reportlab {info['reportlab']}{'' if info['reportlab_accelerator'] else ' (no C accelerator)'}"
    print(f"{report['date']}, {info['cpu']} ({info['cores']} cores), Python {info['python']}, {reportlab}, ", end="")
    print(f"load {min(loads):.2f}–{max(loads):.2f}, median of {args.runs} runs")
    print(text)
    print(summary(numbers, passed))
    return 0 if all(passed.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
