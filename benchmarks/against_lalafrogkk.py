"""Our engine against LalaFrogKK, the 2011-2015 tournament champion, on its own puzzles.

    python3 benchmarks/against_lalafrogkk.py                       # 1000 TAAI 2011, to the verdict
    python3 benchmarks/against_lalafrogkk.py --limit 100 --timeout 10
    python3 benchmarks/against_lalafrogkk.py --lala-out /tmp/lala.tsv   # reuse its earlier run

LalaFrogKK (Wu et al., IEEE TCIAIG 2013) lives in ``../shared/anchors/lalafrogkk`` with a
``build.sh`` that builds it here as a batch solver: every question in one process, each with
its own CPU limit. This script builds it into a scratch folder (g++), runs it on the TAAI
question file, then runs our engine on the same questions in this process, puzzle by puzzle,
and prints both side by side and the figures the champion issue asks for:

- the totals, and ours against half of its;
- the medians;
- the puzzles where ours takes more than twice its time + 5 ms (the worst first);
- timeouts on either side, and any verdict that differs.

Both run to the verdict: two solutions looked for (``TWO``; our ``max_solutions=2``), CPU
seconds of one thread, our engine unwatched with the depth-first search taking turns (as
``check`` and ``solve`` ask; ``--engine-alone`` without it). Its
clock() is read per question by its driver; ours is this thread's CPU time around the whole
solve, the engine's set-up included. Seconds belong to this machine and its load: run both
in the same run (as here), and quote the load (``uptime``) beside them.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solve_corpus import _percentile, _puzzles  # type: ignore[import-not-found]

from game.core.solver import solve_steps
from game.core.solver.kernel import engine_name
from game.core.solver.steps import Finished

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
# LalaFrogKK's states: 0 one solution, 4 several, 2 none, -1 out of time.
LALA_VERDICTS = {"0": "unique", "4": "multiple", "2": "none", "-1": "unknown"}
# The bound: ours may take at most twice its time and this much more.
SLACK = 0.005


class Lala(NamedTuple):
    verdict: str
    seconds: float
    nodes: int


def build_lala(anchor: Path, folder: Path, questions: int) -> Path:
    """LalaFrogKK built for ``questions`` questions in ``folder``; its path."""
    binary = folder / f"lala-{questions}"
    if not binary.exists():
        subprocess.run(
            ["bash", str(anchor / "build.sh"), str(binary), str(questions)],
            check=True,
            capture_output=True,
        )
    return binary


def run_lala(binary: Path, questions: Path, limit: float, count: int) -> dict[int, Lala]:
    """Its verdict, CPU seconds and nodes per question (1 the first)."""
    with tempfile.TemporaryDirectory() as scratch:
        text = questions.read_text(encoding="utf-8")
        (Path(scratch) / "input.txt").write_text(text, encoding="utf-8")
        done = subprocess.run(
            [str(binary), "TWO", f"{limit:g}"],
            cwd=scratch,
            check=True,
            capture_output=True,
            text=True,
        )
    return read_lala(done.stdout, count)


def read_lala(text: str, count: int) -> dict[int, Lala]:
    runs: dict[int, Lala] = {}
    for line in text.splitlines():
        fields = line.split()
        if len(fields) != 4 or not fields[0].isdigit():
            continue
        index = int(fields[0])
        if index <= count:
            runs[index] = Lala(
                LALA_VERDICTS.get(fields[1], fields[1]), float(fields[3]), int(fields[2])
            )
    return runs


def ours(puzzle: object, timeout: float, second_search: bool = True) -> tuple[str, float]:
    """Our verdict and this thread's CPU seconds, set-up included: asked as ``check`` asks
    (unwatched, the depth-first search taking turns; ``--engine-alone`` without it)."""
    gc.freeze()
    start = time.thread_time()
    verdict = "unknown"
    for step in solve_steps(
        puzzle,  # type: ignore[arg-type]
        max_solutions=2,
        timeout=timeout,
        clock=time.thread_time,
        watch=False,
        second_search=second_search,
    ):
        if isinstance(step, Finished):
            verdict = step.result.status
    return verdict, time.thread_time() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--anchor", type=Path, default=SHARED / "anchors" / "lalafrogkk")
    parser.add_argument(
        "--questions", type=Path, default=SHARED / "puzzles" / "taai2011" / "questions.txt"
    )
    parser.add_argument("--limit", type=int, default=None, help="only the first N questions")
    parser.add_argument("--timeout", type=float, default=10.0, help="our CPU seconds a puzzle")
    parser.add_argument("--lala-limit", type=float, default=60.0, help="its CPU seconds a puzzle")
    parser.add_argument("--lala-out", type=Path, default=None, help="its output, kept or reused")
    parser.add_argument("--build", type=Path, default=Path(tempfile.gettempdir()) / "hanjie-lala")
    parser.add_argument("--quiet", action="store_true", help="the summary only")
    parser.add_argument(
        "--engine-alone",
        action="store_true",
        help="our engine without the depth-first search taking turns (check's default has it)",
    )
    args = parser.parse_args(argv)

    if not args.questions.is_file():
        print(f"no questions at {args.questions}", file=sys.stderr)
        return 2
    puzzles = list(_puzzles(args.questions, args.limit))
    count = len(puzzles)
    if args.lala_out is not None and args.lala_out.is_file():
        lala = read_lala(args.lala_out.read_text(encoding="utf-8"), count)
    else:
        args.build.mkdir(parents=True, exist_ok=True)
        total = len(list(_puzzles(args.questions, None)))
        binary = build_lala(args.anchor, args.build, total)
        print(f"LalaFrogKK built: {binary}; running {count} questions", flush=True)
        lala = run_lala(binary, args.questions, args.lala_limit, count)
        if args.lala_out is not None:
            args.lala_out.write_text(
                "".join(
                    f"{i}\t{next(k for k, v in LALA_VERDICTS.items() if v == run.verdict)}\t"
                    f"{run.nodes}\t{run.seconds:.4f}\n"
                    for i, run in sorted(lala.items())
                ),
                encoding="utf-8",
            )

    print(f"engine: {engine_name()}, unwatched, to the verdict; load {os.getloadavg()[0]:.2f}")
    if not args.quiet:
        print(f"{'#':>5} {'ours':>8} {'lala':>8} {'ratio':>6}  verdicts")
    mine: list[float] = []
    theirs: list[float] = []
    slower: list[tuple[float, int, float, float]] = []
    our_timeouts: list[int] = []
    lala_timeouts: list[int] = []
    differ: list[str] = []
    for index, (_name, puzzle) in enumerate(puzzles, start=1):
        run = lala.get(index)
        if isinstance(puzzle, str) or run is None:
            print(f"{index:>5} skipped: {puzzle if isinstance(puzzle, str) else 'no lala line'}")
            continue
        verdict, seconds = ours(puzzle, args.timeout, not args.engine_alone)
        mine.append(seconds)
        theirs.append(run.seconds)
        if verdict == "unknown":
            our_timeouts.append(index)
        if run.verdict == "unknown":
            lala_timeouts.append(index)
        elif verdict != "unknown" and verdict != run.verdict:
            differ.append(f"#{index} ours {verdict}, its {run.verdict}")
        if seconds > 2 * run.seconds + SLACK:
            slower.append((seconds - (2 * run.seconds + SLACK), index, seconds, run.seconds))
        if not args.quiet:
            ratio = seconds / run.seconds if run.seconds > 0 else float("inf")
            print(
                f"{index:>5} {seconds:8.4f} {run.seconds:8.4f} {ratio:6.2f}  "
                f"{verdict}/{run.verdict}",
                flush=True,
            )
    if not mine:
        print("no puzzles compared")
        return 1
    print()
    print(f"puzzles compared: {len(mine)}")
    print(
        f"total CPU s: ours {sum(mine):.1f}, LalaFrogKK {sum(theirs):.1f} "
        f"(ours / its {sum(mine) / max(sum(theirs), 1e-9):.2f}; target at most 0.50)"
    )
    print(
        f"median CPU ms: ours {statistics.median(mine) * 1000:.1f}, "
        f"LalaFrogKK {statistics.median(theirs) * 1000:.1f}; "
        f"p90 ours {_percentile(mine, 0.9) * 1000:.1f}, its {_percentile(theirs, 0.9) * 1000:.1f}; "
        f"max ours {max(mine):.2f} s, its {max(theirs):.2f} s"
    )
    print(f"ours slower than 2x its time + 5 ms: {len(slower)}")
    for over, index, seconds, its in sorted(slower, reverse=True)[:15]:
        print(
            f"  #{index}: ours {seconds * 1000:.1f} ms, its {its * 1000:.1f} ms "
            f"(over by {over * 1000:.1f})"
        )
    print(f"our timeouts ({args.timeout:g} s): {len(our_timeouts)} {our_timeouts}")
    print(f"its timeouts ({args.lala_limit:g} s): {len(lala_timeouts)} {lala_timeouts}")
    print(f"verdicts differing: {len(differ)} {' '.join(differ)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
