"""Generate colour puzzles at every size, level and colour count; print the figures.

    python benchmarks/generate_colour.py                          # 10 seeds each
    python benchmarks/generate_colour.py --seeds 20 --sizes 15x15 20x20 --colours 4
    python benchmarks/generate_colour.py --seeds 20 --sizes 15x15 20x20 --colours 4 --picture

For each colours x size x level: median and max CPU seconds of the generation, the median
and max engine work (steps, the generator's own unit: the same on every machine), how many
are rated exactly the level asked, and whether every puzzle is unique, by a separate solve
for two solutions (the colour engine through SolveTask, not the generator's own solve) rated
by rate_puzzle, as ``check`` rates it. A last table sums the levels over sizes and colours.
``--picture`` measures Random's "Picture" in colour (PictureGeneration) instead of the
shapes (ColourGeneration).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.generate.generator import ColourGeneration, Generated
from game.core.generate.picture_puzzles import PictureGeneration
from game.core.rating import rate_puzzle


def parse_size(text: str) -> tuple[int, int]:
    width, _, height = text.partition("x")
    return int(width), int(height or width)


def made(width: int, height: int, level: int, seed: int, colours: int, picture: bool) -> Generated:
    if picture:
        return PictureGeneration(width, height, level, seed, colours=colours).run()
    return ColourGeneration(width, height, level, seed, colours).run()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--sizes", nargs="+", default=["10x10", "15x15", "20x20", "30x30"])
    parser.add_argument("--colours", nargs="+", type=int, default=[3, 4, 6])
    parser.add_argument("--levels", nargs="+", type=int, default=[1, 2, 3, 4, 5])
    parser.add_argument("--picture", action="store_true", help="Random's Picture in colour")
    args = parser.parse_args()
    hits: Counter[int] = Counter()
    tries: Counter[int] = Counter()
    landed: dict[int, Counter[int]] = {level: Counter() for level in args.levels}
    print("colours  size    level  median s  max s  median steps  max steps  at level  unique")
    for colours in args.colours:
        for size in args.sizes:
            width, height = parse_size(size)
            for level in args.levels:
                seconds: list[float] = []
                steps: list[int] = []
                at_level = unique = 0
                for seed in range(1, args.seeds + 1):
                    start = time.process_time()
                    generated = made(width, height, level, seed, colours, args.picture)
                    seconds.append(time.process_time() - start)
                    steps.append(generated.steps)
                    result, rating = rate_puzzle(generated.puzzle)
                    unique += result.status == "unique"
                    stars = rating.stars
                    at_level += stars == level
                    landed[level][stars] += 1
                hits[level] += at_level
                tries[level] += args.seeds
                print(
                    f"{colours:7d}  {size:6s}  {level:5d}  {statistics.median(seconds):8.2f}  "
                    f"{max(seconds):5.2f}  {int(statistics.median(steps)):12d}  "
                    f"{max(steps):9d}  {at_level:3d}/{args.seeds:<4d}  {unique}/{args.seeds}",
                    flush=True,
                )
    print("\nlevel asked  at level  stars given (1-5)")
    for level in args.levels:
        given = " ".join(f"{landed[level][stars]:3d}" for stars in range(1, 6))
        print(f"{level:11d}  {hits[level]:4d}/{tries[level]:<4d}  {given}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
