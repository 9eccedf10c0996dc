"""Generate Kakuro puzzles at 8x8, 12x12 and 16x16 and print the figures.

    python benchmarks/kakuro.py                        # 20 seeds per size
    python benchmarks/kakuro.py --seeds 5 --sizes 8 12
    python benchmarks/kakuro.py --level 5              # Fiendish at every size

For each size: median and max generation seconds, CPU (this process's, what the targets are
judged by on a shared machine) and wall; every puzzle proven unique by an independent full
count of its solutions (:func:`count_solutions` below, a search that shares no code with the
game's solver: the most constrained cell next, each run checked against the digits that can
still complete it; it agrees with the tests' brute force on random small boards); the
solve time of each puzzle by the game's solver (its usual check: up to two solutions); the
levels reached. Each size is asked for its natural level (see ``natural_level`` in
game/core/kakuro/generate.py) unless ``--level`` says otherwise.
Targets: 12x12 median <= 2 s, none over 15 s; each solve <= 0.5 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.kakuro.generate import KakuroGeneration, natural_level
from game.core.kakuro.model import KakuroPuzzle
from game.core.kakuro.task import solve
from game.core.rating import STAR_NAMES


@cache
def _completes(need: int, rest: int, used: int) -> bool:
    """Whether ``rest`` distinct digits outside ``used`` (a bit per digit) add up to ``need``."""
    if rest == 0:
        return need == 0
    return any(
        not used >> digit & 1 and _completes(need - digit, rest - 1, used | 1 << digit)
        for digit in range(1, min(need, 9) + 1)
    )


def count_solutions(puzzle: KakuroPuzzle, cap: int = 2) -> int:
    """The solutions of ``puzzle``, counted up to ``cap`` by a plain depth-first search."""
    cells = puzzle.white_cells
    index = puzzle.white_index
    runs = [[index[cell] for cell in run.cells] for run in puzzle.runs]
    totals = [run.total for run in puzzle.runs]
    cell_runs: list[list[int]] = [[] for _ in cells]
    for number, members in enumerate(runs):
        for cell in members:
            cell_runs[cell].append(number)
    used = [0] * len(runs)
    partial = [0] * len(runs)
    left = [len(members) for members in runs]
    values = [0] * len(cells)
    found = 0

    def options(cell: int) -> list[int]:
        return [
            digit
            for digit in range(1, 10)
            if all(
                not used[run] >> digit & 1
                and _completes(
                    totals[run] - partial[run] - digit, left[run] - 1, used[run] | 1 << digit
                )
                for run in cell_runs[cell]
            )
        ]

    def search(open_cells: int) -> None:
        nonlocal found
        if open_cells == 0:
            found += 1
            return
        best, best_options = -1, list(range(10))
        for cell, value in enumerate(values):
            if not value:
                here = options(cell)
                if len(here) < len(best_options):
                    best, best_options = cell, here
                    if len(here) <= 1:
                        break
        for digit in best_options:
            values[best] = digit
            for run in cell_runs[best]:
                used[run] |= 1 << digit
                partial[run] += digit
                left[run] -= 1
            search(open_cells - 1)
            for run in cell_runs[best]:
                used[run] &= ~(1 << digit)
                partial[run] -= digit
                left[run] += 1
            values[best] = 0
            if found >= cap:
                return

    search(len(cells))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, help="puzzles per size (default 20)")
    parser.add_argument("--sizes", type=int, nargs="+", default=[8, 12, 16])
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--level", type=int, default=None, help="ask this level at every size")
    args = parser.parse_args()
    failed = False
    print(f"load average at start: {' '.join(f'{load:.1f}' for load in os.getloadavg())}")
    for size in args.sizes:
        level = args.level if args.level is not None else natural_level(size)
        cpu: list[float] = []
        wall: list[float] = []
        solves: list[float] = []
        stars: list[int] = []
        unique = 0
        for seed in range(args.first_seed, args.first_seed + args.seeds):
            start_cpu, start_wall = time.process_time(), time.perf_counter()
            made = KakuroGeneration(size, level, seed).run()
            cpu.append(time.process_time() - start_cpu)
            wall.append(time.perf_counter() - start_wall)
            stars.append(made.rating.stars)
            start = time.process_time()
            check = solve(made.puzzle, max_solutions=2)
            solves.append(time.process_time() - start)
            ok = check.status == "unique" and count_solutions(made.puzzle) == 1
            unique += ok
            print(
                f"  {size}x{size} seed {seed}: {cpu[-1]:.2f} s CPU ({wall[-1]:.2f} wall),"
                f" solve {solves[-1] * 1000:.0f} ms, {made.rating.name}"
                f" ({made.rating.points:.1f}), {made.puzzle.white_count} whites,"
                f" {made.layouts} layouts{'' if ok else '  NOT UNIQUE'}",
                flush=True,
            )
        spread = ", ".join(
            f"{STAR_NAMES[level_]} {stars.count(level_)}"
            for level_ in range(1, 6)
            if stars.count(level_)
        )
        print(
            f"{size}x{size} (asked {STAR_NAMES[level]}): generation CPU median "
            f"{statistics.median(cpu):.2f} s, max {max(cpu):.2f} s; wall median "
            f"{statistics.median(wall):.2f} s, max {max(wall):.2f} s; solve median "
            f"{statistics.median(solves) * 1000:.0f} ms, max {max(solves) * 1000:.0f} ms; "
            f"unique {unique}/{len(cpu)}; levels: {spread}",
            flush=True,
        )
        failed |= unique != len(cpu)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
