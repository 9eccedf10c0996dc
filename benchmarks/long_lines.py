"""Search on lines longer than a machine word (63 cells and more): compiled against pure.

    python3 benchmarks/long_lines.py              # both engines, the four puzzles below
    python3 benchmarks/long_lines.py --no-pure    # the compiled engine only

Random noise pictures (seeded: the same puzzles every run) are too hard to finish, so each
solve is cut after ``--work`` lines looked at: the work unit both engines count alike, so
both stop at the same place and must agree on the verdict, the solutions found and every
statistic. Prints the CPU seconds of each engine and whether they agreed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.puzzle import Puzzle
from game.core.solver import kernel, solve_steps
from game.core.solver.steps import Finished

# (width, height, share of filled cells): lines of 64 to 100 cells, and one grid of words.
PUZZLES = ((70, 70, 0.5), (64, 40, 0.45), (100, 30, 0.5), (45, 45, 0.4))


def _solve(puzzle: Puzzle, compiled: bool, work: int) -> tuple[object, float]:
    kernel.use(compiled)
    start = time.process_time()
    for step in solve_steps(puzzle, max_solutions=2, watch=False, work_limit=work):
        if isinstance(step, Finished):
            result = step.result
            stats = result.stats.as_dict()
            stats.pop("seconds", None)
            found = sorted(solution.tobytes() for solution in result.solutions)
            return (result.status, found, stats), time.process_time() - start
    raise RuntimeError("the solve gave no verdict")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=int, default=300_000, help="lines looked at per solve")
    parser.add_argument("--no-pure", action="store_true", help="skip the pure-Python engine")
    args = parser.parse_args(argv)
    if kernel.compiled_module() is None:
        print("long_lines: the compiled kernel is not built here", file=sys.stderr)
        return 2
    rng = random.Random(7)
    print(f"{'puzzle':<8} {'backtracks':>10} {'compiled':>9} {'pure':>9}  same")
    for width, height, share in PUZZLES:
        grid = [[rng.random() < share for _ in range(width)] for _ in range(height)]
        puzzle = Puzzle.from_grid(grid, keep_goal=False)
        ours, seconds = _solve(puzzle, True, args.work)
        backtracks = ours[2]["backtracks"]  # type: ignore[index]
        size = f"{width}x{height}"
        if args.no_pure:
            print(f"{size:<8} {backtracks:>10} {seconds:>8.2f}s")
            continue
        theirs, pure_seconds = _solve(puzzle, False, args.work)
        same = "yes" if ours == theirs else "NO"
        print(f"{size:<8} {backtracks:>10} {seconds:>8.2f}s {pure_seconds:>8.2f}s  {same}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
