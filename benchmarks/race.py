"""Race the four solving algorithms on a folder of puzzles: seed 004's Table 2, our way.

    python3 benchmarks/race.py DIR [DIR_OR_FILE ...] [--timeout S] [--cap N] [--markdown]

For each puzzle: its size, seed 004's first test (row and column clues fill as many cells),
the number of solutions (counted up to ``--cap``), the CPU time of each algorithm (or
"> S s" when it ran out of time), whether the rules needed backtracking (seed 004's "CB nodig?"),
and whether every algorithm that finished agrees on the verdict and the count. Each
algorithm runs through the one sliced driver, SolveTask, as the game's race does.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.formats import FormatError, read_puzzle
from game.core.puzzle import Puzzle, PuzzleError
from game.core.race import ALGORITHMS, clue_totals, step_source
from game.core.solver.result import SolveResult
from game.core.solver.task import SolveTask

# Seed 004's order: the brute force first, our engine last.
ORDER = ("rows", "lines", "rules", "hanjie")
assert set(ORDER) == set(ALGORITHMS)


@dataclass
class Run:
    result: SolveResult
    seconds: float


def puzzle_files(paths: list[Path]) -> Iterator[tuple[str, Puzzle | str]]:
    """(name, puzzle) for every puzzle file under ``paths``; (name, reason) when unreadable."""
    for path in paths:
        if path.is_dir():
            # A folder's notes and verdict tables are not puzzles.
            files = sorted(
                p for p in path.iterdir() if p.is_file() and p.suffix not in (".tsv", ".md")
            )
        else:
            files = [path]
        for file in files:
            try:
                yield file.stem, read_puzzle(file)
            except (FormatError, PuzzleError, OSError) as error:
                yield file.stem, str(error)


def race(puzzle: Puzzle, algorithm: str, timeout: float, cap: int) -> Run:
    # CPU time of this process, time limit included: the machine is often shared, and the
    # race is about work done, not about who else ran meanwhile.
    clock = time.process_time
    task = SolveTask(
        puzzle, max_solutions=cap, time_limit=timeout, source=step_source(algorithm), clock=clock
    )
    start = clock()
    result = task.run()
    return Run(result, clock() - start)


def time_text(run: Run, timeout: float) -> str:
    if run.result.timed_out:
        return f"> {timeout:g} s"
    seconds = run.seconds
    if seconds < 1.0:
        return f"{seconds * 1000:.0f} ms" if seconds >= 0.001 else f"{seconds * 1000:.1f} ms"
    return f"{seconds:.1f} s"


def count_text(runs: dict[str, Run], cap: int) -> str:
    finished = [run.result for run in runs.values() if not run.result.timed_out]
    if not finished:
        # Nobody finished: at least what the best of them found.
        most = max(len(run.result.solutions) for run in runs.values())
        return f">= {most}" if most else "?"
    result = finished[0]
    count = len(result.solutions)
    return f">= {count}" if result.capped else str(count)


def agree(runs: dict[str, Run]) -> bool:
    """Whether every algorithm that finished says the same: verdict and solutions counted."""
    finished = {
        (run.result.status, len(run.result.solutions), run.result.capped)
        for run in runs.values()
        if not run.result.timed_out
    }
    return len(finished) <= 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", type=Path, help="folders of puzzles, or puzzle files")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per algorithm")
    parser.add_argument("--cap", type=int, default=1000, help="count solutions up to this many")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args(argv)
    for path in args.paths:
        if not path.exists():
            print(f"race: {path}: no such file or folder", file=sys.stderr)
            return 2
    if not args.timeout > 0 or args.cap < 1:
        print("race: --timeout must be > 0 and --cap >= 1", file=sys.stderr)
        return 2

    headers = ["puzzle", "size", "totals", "solutions", *ORDER, "backtracking", "agree"]
    if args.markdown:
        print("| " + " | ".join(headers) + " |")
        print("|" + "|".join("---" for _ in headers) + "|")
    else:
        print(
            f"{'puzzle':<24} {'size':>6} {'totals':>6} {'solutions':>9} "
            + " ".join(f"{name:>9}" for name in ORDER)
            + f" {'backtrack':>9} {'agree':>5}"
        )
    disagreements = 0
    wins = dict.fromkeys(ORDER, 0)
    for name, puzzle in puzzle_files(args.paths):
        if isinstance(puzzle, str):
            print(f"{name}: unreadable: {puzzle}", file=sys.stderr)
            continue
        totals = clue_totals(puzzle)
        runs = {algorithm: race(puzzle, algorithm, args.timeout, args.cap) for algorithm in ORDER}
        rules = runs["rules"].result
        backtracking = "?" if rules.timed_out else "yes" if rules.stats.guesses else "no"
        same = agree(runs)
        disagreements += not same
        finished = [a for a in ORDER if not runs[a].result.timed_out]
        if finished:
            wins[min(finished, key=lambda a: runs[a].seconds)] += 1
        cells = [
            name,
            puzzle.size_text,
            "ok" if totals.agree else "differ",
            count_text(runs, args.cap),
            *(time_text(runs[a], args.timeout) for a in ORDER),
            backtracking,
            "yes" if same else "NO",
        ]
        if args.markdown:
            print("| " + " | ".join(cells) + " |", flush=True)
        else:
            print(
                f"{cells[0]:<24} {cells[1]:>6} {cells[2]:>6} {cells[3]:>9} "
                + " ".join(f"{cell:>9}" for cell in cells[4:8])
                + f" {cells[8]:>9} {cells[9]:>5}",
                flush=True,
            )
    print()
    print("fastest: " + ", ".join(f"{a} {wins[a]}" for a in ORDER))
    print(f"disagreements: {disagreements}")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
