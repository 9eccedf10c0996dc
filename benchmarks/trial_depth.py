"""How many Expert and Fiendish puzzles need a trial inside a trial? (issue 46)

    python benchmarks/trial_depth.py [--levels levels] [--all]

Measures :func:`game.core.trial_depth.trial_depth` (0 line logic, 1 single-cell trials, 2
trials inside trials, 3 deeper) for every bundled puzzle whose file declares Expert or
Fiendish (``--all``: every level), black and white and colour apart, and prints a table of
(kind, level, depth) -> count with the seconds it took. Fiendish promises "trials inside
trials": a depth-2 count of 0 says no bundled puzzle keeps that promise.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.formats import read_puzzle
from game.core.trial_depth import trial_depth


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", type=Path, default=Path("levels"))
    parser.add_argument("--all", action="store_true", help="every level, not only 4 and 5")
    args = parser.parse_args(argv)
    table: Counter[tuple[str, int, int]] = Counter()
    started = time.process_time()
    for path in sorted(args.levels.glob("*/*.non")):
        puzzle = read_puzzle(path)
        stars = int(dict(puzzle.extra).get("difficulty", "0"))
        if stars < 4 and not args.all:
            continue
        depth = trial_depth(puzzle)
        table["colour" if puzzle.is_colour else "b&w", stars, depth] += 1
    print("kind    level  depth  puzzles")
    for (kind, stars, depth), count in sorted(table.items()):
        print(f"{kind:7s} {stars:5d} {depth:6d} {count:8d}")
    print(f"{time.process_time() - started:.1f} s CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
