"""The long fuzz run: N mutated shipped kits, and (every third case) mutated pictures, through the whole pipeline.

    python benchmarks/fuzz.py [--cases 10000] [--seed 1] [--json FILE]

Reports how many cases gave a PDF, a clean error or a crash (a traceback), and the slowest case.
Exit code 1 when any case crashed or took longer than the limit.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fuzz.art import ART_KIT, mutate_art  # noqa: E402
from fuzz.mutations import exercise, mutate, shipped_texts  # noqa: E402

ART_SHARE = 3  # every third case mutates a kit's pictures instead of its text

SLOW_LIMIT = 5.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    kits = shipped_texts()
    names = sorted(kits)
    rng = random.Random(args.seed)
    counts = {"pdf": 0, "error": 0, "crash": 0}
    slowest = (0.0, "")
    crashes: list[dict] = []
    started = time.perf_counter()
    for case in range(args.cases):
        if case % ART_SHARE == ART_SHARE - 1:
            kit, text = "pictures", ART_KIT
            outcome = exercise(text, art=mutate_art(rng, rng.randint(1, 3)))
        else:
            kit = names[case % len(names)]
            text = mutate(kits[kit], rng, rng.randint(1, 3))
            outcome = exercise(text)
        counts[outcome.kind] += 1
        if outcome.seconds > slowest[0]:
            slowest = (outcome.seconds, f"case {case} ({kit})")
        if outcome.kind == "crash":
            crashes.append({"case": case, "kit": kit, "text": text, "traceback": outcome.detail})
        if (case + 1) % 500 == 0:
            print(f"{case + 1} cases, {counts}", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - started
    report = {
        "cases": args.cases,
        "seed": args.seed,
        **counts,
        "slowest_seconds": round(slowest[0], 3),
        "slowest_case": slowest[1],
        "total_seconds": round(elapsed, 1),
        "crashes": crashes[:20],
    }
    print(f"cases: {args.cases}  pdf: {counts['pdf']}  clean errors: {counts['error']}  tracebacks: {counts['crash']}")
    print(f"slowest case: {slowest[0]:.3f} s ({slowest[1]})  total: {elapsed:.0f} s")
    for crash in crashes[:3]:
        print(f"--- crash in {crash['kit']} case {crash['case']}:\n{crash['traceback']}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf-8")
    return 1 if counts["crash"] or slowest[0] > SLOW_LIMIT else 0


if __name__ == "__main__":
    sys.exit(main())
