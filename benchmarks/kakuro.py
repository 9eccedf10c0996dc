"""Generate Kakuro puzzles at 8x8, 12x12 and 16x16 and print the figures.

    python benchmarks/kakuro.py                        # 20 seeds per size
    python benchmarks/kakuro.py --seeds 5 --sizes 8 12

For each size: median and max generation seconds; every puzzle proven unique by a separate,
complete count of its solutions (the solver with no cap, not the generator's own
propagation; the tests check that count against brute force on small boards); the solve time of
each puzzle (the game's usual check: up to two solutions) with its median and max; the
levels reached. Each size is asked for the level its boards naturally reach (8x8 Medium,
12x12 Hard, 16x16 Expert; see game/core/kakuro/rating.py), as the bundled packs are.
Targets: 12x12 median <= 2 s, none over 15 s; each solve <= 0.5 s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.kakuro.generate import KakuroGeneration
from game.core.kakuro.task import solve
from game.core.rating import STAR_NAMES

LEVEL_FOR_SIZE = {6: 1, 8: 2, 10: 3, 12: 3, 14: 4, 16: 4}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, help="puzzles per size (default 20)")
    parser.add_argument("--sizes", type=int, nargs="+", default=[8, 12, 16])
    parser.add_argument("--first-seed", type=int, default=1)
    args = parser.parse_args()
    failed = False
    for size in args.sizes:
        level = LEVEL_FOR_SIZE.get(size, 3)
        times: list[float] = []
        solves: list[float] = []
        stars: list[int] = []
        unique = 0
        for seed in range(args.first_seed, args.first_seed + args.seeds):
            start = time.perf_counter()
            made = KakuroGeneration(size, level, seed).run()
            times.append(time.perf_counter() - start)
            stars.append(made.rating.stars)
            start = time.perf_counter()
            check = solve(made.puzzle, max_solutions=2)
            solves.append(time.perf_counter() - start)
            count = solve(made.puzzle, max_solutions=None)
            ok = check.status == "unique" and count.solution_count == 1 and count.complete
            unique += ok
            print(
                f"  {size}x{size} seed {seed}: {times[-1]:.2f} s, solve {solves[-1] * 1000:.0f} ms,"
                f" {made.rating.name} ({made.rating.points:.1f}), {made.puzzle.white_count} whites,"
                f" {made.layouts} layouts{'' if ok else '  NOT UNIQUE'}",
                flush=True,
            )
        spread = ", ".join(
            f"{STAR_NAMES[level_]} {stars.count(level_)}"
            for level_ in range(1, 6)
            if stars.count(level_)
        )
        print(
            f"{size}x{size} (asked {STAR_NAMES[level]}): generation median "
            f"{statistics.median(times):.2f} s, max {max(times):.2f} s; solve median "
            f"{statistics.median(solves) * 1000:.0f} ms, max {max(solves) * 1000:.0f} ms; "
            f"unique {unique}/{len(times)}; levels: {spread}",
            flush=True,
        )
        failed |= unique != len(times)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
