"""Random's "Picture": CPU seconds to make a picture puzzle, per size and colours.

    python benchmarks/picture_random.py                     # 20 seeds each, as in the report
    python benchmarks/picture_random.py --seeds 5 --sizes 15x15
    python benchmarks/picture_random.py --sizes 30x30 40x30 --colours 4 --seeds 10 \\
        --every-level --no-check                            # issue 50's figure: 50 a size

For each size (15x15, 25x25, 40x30) in black and white and in colour (up to 8 colours),
``--seeds`` seeds (1000, 1001, ...) with the level going round 1-5, or with
``--every-level`` each seed at every level 1-5: the median and the max CPU seconds of this
process (``time.process_time``, one core, the compiled kernel when built) and the slowest
seed. ``--no-table`` measures the live search (every candidate made, as with an outdated
outcomes table, see game/core/generate/picture_outcomes.py). Unless ``--no-check``: whether
every puzzle is unique by a separate full solve (not the generator's own), and how many are
rated exactly the level asked, by level. ``--list`` prints every puzzle made (seed, level,
seconds, attempts, title, stars, a fingerprint of the whole puzzle); the closing ``digest``
line fingerprints every puzzle made, to show that two trees make the same puzzles. The
library is the shipped one (assets/pictures/); nothing is played, so each seed draws from
all of it.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.generate.picture_puzzles import PictureGeneration
from game.core.puzzle import Puzzle
from game.core.rating import rate_puzzle
from game.core.solver.kernel import engine_name

SIZES = ("15x15", "25x25", "40x30")
FIRST_SEED = 1000


def fingerprint(puzzle: Puzzle) -> str:
    """The whole puzzle (clues, goal, palette, title, extra fields), hashed (10 hex digits)."""
    return hashlib.sha1(repr(puzzle).encode()).hexdigest()[:10]


def measure(
    width: int,
    height: int,
    colours: int,
    seeds: int,
    every_level: bool,
    check: bool,
    show: bool,
    table: bool = True,
) -> tuple[str, list[str]]:
    seconds: list[tuple[float, int, int]] = []
    unique = 0
    hits: Counter[int] = Counter()
    asked: Counter[int] = Counter()
    prints: list[str] = []
    kind = f"colour<={colours}" if colours else "b&w"
    for seed in range(FIRST_SEED, FIRST_SEED + seeds):
        levels = range(1, 6) if every_level else (1 + (seed - FIRST_SEED) % 5,)
        for level in levels:
            started = time.process_time()
            generation = PictureGeneration(
                width, height, level, seed=seed, colours=colours, use_table=table
            )
            made = generation.run()
            spent = time.process_time() - started
            seconds.append((spent, seed, level))
            puzzle = made.puzzle
            prints.append(fingerprint(puzzle))
            if show:
                print(
                    f"  {width}x{height} {kind} seed {seed} level {level}: {spent:5.2f} s, "
                    f"{generation.candidates} attempts, {puzzle.title!r} "
                    f"{made.rating.stars} stars {prints[-1]}",
                    flush=True,
                )
            asked[level] += 1
            if check:
                result, rating = rate_puzzle(puzzle)
                unique += result.status == "unique"
                hits[level] += rating.stars == level
    times = [spent for spent, _seed, _level in seconds]
    worst = max(seconds)
    line = (
        f"{width}x{height} {kind:10s} n {len(times):3d}  median {statistics.median(times):5.2f} s"
        f"  max {worst[0]:5.2f} s (seed {worst[1]} level {worst[2]})"
    )
    if check:
        by_level = " ".join(f"{level}:{hits[level]}/{asked[level]}" for level in sorted(asked))
        line += (
            f"  unique {unique}/{len(times)}"
            f"  at the level {sum(hits.values())}/{len(times)} ({by_level})"
        )
    return line, prints


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--sizes", nargs="*", default=list(SIZES))
    parser.add_argument(
        "--colours",
        type=int,
        nargs="*",
        default=[0, 8],
        help="each a run's most colours, the background counted (0: black and white)",
    )
    parser.add_argument(
        "--every-level", action="store_true", help="each seed at levels 1-5 (else one level)"
    )
    parser.add_argument(
        "--no-check", action="store_true", help="skip the separate uniqueness and rating solve"
    )
    parser.add_argument("--list", action="store_true", help="print every puzzle made")
    parser.add_argument(
        "--no-table",
        action="store_true",
        help="the live search: every candidate made, not read from the outcomes table",
    )
    args = parser.parse_args(argv)
    print(f"engine: {engine_name()}")
    digest = hashlib.sha1()
    for size in args.sizes:
        width, _, height = size.partition("x")
        for colours in args.colours:
            line, prints = measure(
                int(width),
                int(height or width),
                colours,
                args.seeds,
                args.every_level,
                not args.no_check,
                args.list,
                not args.no_table,
            )
            digest.update(" ".join(prints).encode())
            print(line, flush=True)
    print(f"digest {digest.hexdigest()[:12]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
