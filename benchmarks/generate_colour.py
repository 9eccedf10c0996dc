"""Generate colour puzzles at every size, level and colour count; print the figures.

    python benchmarks/generate_colour.py                          # 10 seeds each
    python benchmarks/generate_colour.py --seeds 3 --sizes 10x10 --colours 3

For each colours x size x level: median and max CPU seconds of the generation, the share
rated exactly the level asked, and whether every puzzle is unique, by a separate solve for
two solutions (the colour engine through SolveTask, not the generator's own solve) rated by
rate_colour, as ``check`` rates it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.generate.colour import ColourGeneration
from game.core.rating import rate_colour
from game.core.solver.task import SolveTask


def parse_size(text: str) -> tuple[int, int]:
    width, _, height = text.partition("x")
    return int(width), int(height or width)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--sizes", nargs="+", default=["10x10", "15x15", "20x20", "30x30"])
    parser.add_argument("--colours", nargs="+", type=int, default=[3, 4, 6])
    parser.add_argument("--levels", nargs="+", type=int, default=[1, 2, 3, 4, 5])
    args = parser.parse_args()
    print("colours  size    level  median s  max s   at level  unique")
    for colours in args.colours:
        for size in args.sizes:
            width, height = parse_size(size)
            for level in args.levels:
                seconds: list[float] = []
                at_level = unique = 0
                for seed in range(1, args.seeds + 1):
                    start = time.process_time()
                    made = ColourGeneration(width, height, level, seed, colours).run()
                    seconds.append(time.process_time() - start)
                    result = SolveTask(made.puzzle, max_solutions=2).run()
                    unique += result.status == "unique"
                    at_level += rate_colour(made.puzzle, result).stars == level
                print(
                    f"{colours:7d}  {size:6s}  {level:5d}  {statistics.median(seconds):8.2f}  "
                    f"{max(seconds):5.2f}  {at_level:3d}/{args.seeds:<4d}  "
                    f"{unique}/{args.seeds}",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
