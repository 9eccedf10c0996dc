"""Random's "Picture": seconds to make a picture puzzle, uniqueness and level, per size and colour.

    python benchmarks/picture_random.py                     # 20 seeds each, as in the report
    python benchmarks/picture_random.py --seeds 5 --sizes 15x15

For each size (15x15, 25x25, 40x30) in black and white and in colour (up to 8 colours), 20
seeds with the level going round 1-5: median and max seconds (wall clock, one core, the
compiled kernel when built), whether every puzzle is unique by a separate full solve (not
the generator's own), and how many are rated exactly the level asked, by level. The library
is the shipped one (assets/pictures/); nothing is played, so each seed draws from all of it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.generate.picture_puzzles import PictureGeneration
from game.core.rating import rate_puzzle
from game.core.solver.kernel import engine_name

SIZES = ("15x15", "25x25", "40x30")


def measure(width: int, height: int, colours: int, seeds: int) -> str:
    seconds: list[float] = []
    unique = 0
    hits: Counter[int] = Counter()
    asked: Counter[int] = Counter()
    for seed in range(seeds):
        level = 1 + seed % 5
        started = time.perf_counter()
        made = PictureGeneration(width, height, level, seed=1000 + seed, colours=colours).run()
        seconds.append(time.perf_counter() - started)
        puzzle = made.puzzle
        result, rating = rate_puzzle(puzzle)
        stars = rating.stars
        unique += result.status == "unique"
        asked[level] += 1
        hits[level] += stars == level
    by_level = " ".join(f"{level}:{hits[level]}/{asked[level]}" for level in sorted(asked))
    kind = f"colour<={colours}" if colours else "b&w"
    return (
        f"{width}x{height} {kind:10s} median {statistics.median(seconds):5.2f} s  "
        f"max {max(seconds):5.2f} s  unique {unique}/{seeds}  "
        f"at the level {sum(hits.values())}/{seeds} ({by_level})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--sizes", nargs="*", default=list(SIZES))
    parser.add_argument("--colours", type=int, default=8, help="the colour runs' most colours")
    args = parser.parse_args(argv)
    print(f"engine: {engine_name()}")
    for size in args.sizes:
        width, _, height = size.partition("x")
        for colours in (0, args.colours):
            line = measure(int(width), int(height or width), colours, args.seeds)
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
