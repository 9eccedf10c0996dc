"""Do colour stars mean the same effort as black-and-white ones? The colour packs rated.

    python benchmarks/colour_rating.py [--packs levels/2*-*in-colour levels/08-colour]

Rates every colour puzzle of the packs as black and white is rated (the one engine's solve,
read by the effort meter) and prints, per level, how many puzzles the file declares
(``before``: the rating it was built with) and how many the rating gives now (``after``),
with the techniques they need (``lines``, ``probe1-3``, ``probe4+``, ``search``), the
median line points and the sizes; then the same for the black-and-white picture packs
beside them, so the two scales can be compared; and the CPU seconds of the rating (median
and max a puzzle).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rating_sources import technique  # type: ignore[import-not-found]  # beside this file

from game.core.difficulty import Effort, EffortMeter
from game.core.formats import read_puzzle
from game.core.puzzle import Puzzle
from game.core.rating import STAR_NAMES
from game.core.solver.task import SolveTask

ROOT = Path(__file__).resolve().parent.parent


def effort_of_puzzle(puzzle: Puzzle) -> Effort:
    bw_meter = EffortMeter(puzzle)
    result = SolveTask(puzzle, max_solutions=2).run(on_step=bw_meter)
    return bw_meter.effort(result.stats.line_rounds)


def table(title: str, files: list[Path]) -> None:
    before: Counter[int] = Counter()
    after: Counter[int] = Counter()
    kinds: dict[int, Counter[str]] = defaultdict(Counter)
    points: dict[int, list[float]] = defaultdict(list)
    cells: dict[int, list[int]] = defaultdict(list)
    seconds: list[float] = []
    slowest = (0.0, "")
    moved: Counter[tuple[int, int]] = Counter()
    for path in files:
        puzzle = read_puzzle(path)
        start = time.process_time()
        effort = effort_of_puzzle(puzzle)
        seconds.append(time.process_time() - start)
        slowest = max(slowest, (seconds[-1], f"{path.parent.name}/{path.name}"))
        declared = int(dict(puzzle.extra).get("difficulty", "0"))
        level = effort.level
        before[declared] += 1
        after[level] += 1
        kinds[level][technique(effort)] += 1
        points[level].append(effort.line_points)
        cells[level].append(puzzle.width * puzzle.height)
        moved[(declared, level)] += 1
    print(f"\n{title}: {len(files)} puzzles")
    print(f"{'level':9s} {'before':>6s} {'after':>6s}  line pts  cells (median)  techniques")
    for stars in range(1, 6):
        kind = ", ".join(f"{k} {n}" for k, n in sorted(kinds[stars].items()))
        median_points = statistics.median(points[stars]) if points[stars] else 0.0
        median_cells = int(statistics.median(cells[stars])) if cells[stars] else 0
        print(f"{STAR_NAMES[stars]:9s} {before[stars]:6d} {after[stars]:6d}  "
              f"{median_points:8.1f}  {median_cells:14d}  {kind}")  # fmt: skip
    print("moved (before -> after): " + ", ".join(
        f"{a}->{b}: {n}" for (a, b), n in sorted(moved.items()) if a != b))  # fmt: skip
    print(f"CPU seconds a puzzle: median {statistics.median(seconds):.3f}, max {max(seconds):.3f},"
          f" total {sum(seconds):.1f} (slowest {slowest[1]})")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bw", action="store_true", help="also the black-and-white packs")
    args = parser.parse_args(argv)
    levels = ROOT / "levels"
    colour = sorted(levels.glob("2*-*in-colour/*.non")) + sorted(levels.glob("3*-*in-colour/*.non"))
    table("picture packs in colour", colour)
    table("08-colour (drawn)", sorted((levels / "08-colour").glob("*.non")))
    if args.bw:
        bw = [p for p in sorted(levels.glob("[23]*-*/*.non")) if "in-colour" not in str(p)]
        table("picture packs in black and white", bw)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
