"""Colour solving: size, colours, seconds and verdict for colour puzzles.

    python3 benchmarks/solve_colour.py                       # our samples + random ones
    python3 benchmarks/solve_colour.py ../shared/puzzles/colour --timeout 60
    python3 benchmarks/solve_colour.py ../shared/puzzles/colour --cpsat   # and CP-SAT's verdicts
    HANJIE_PURE=1 python3 benchmarks/solve_colour.py ../shared/puzzles/colour --cpu-clock

The public puzzles (webpbn #47 "Map" and #220 "Onions" in ``../shared/puzzles/colour``,
for benchmarking under their terms) are read from that folder when given, never copied
here; their expected verdicts come from its ``verdicts.tsv`` (1 = unique). Then our own
colour samples (tests/data/formats/colour) and random colour puzzles from seeded pictures,
10x10 to 40x40 with 2 to 6 colours (a picture of random blobs: rows of runs, so the clues
are not all ones), and pictures of independent random cells (harder). Each line: name,
size, colours, seconds, verdict (expected). ``--cpu-clock`` times each solve in CPU seconds
of this process (``time.process_time``) instead of wall-clock seconds, for figures on a
shared machine; the engine is the compiled one unless ``HANJIE_PURE=1``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cpsat_colour import cpsat_verdict  # beside this file

from game.core.formats import FormatError, read_puzzle
from game.core.palette import Palette, fallback_rgb
from game.core.puzzle import Puzzle
from game.core.solver import solve
from game.core.solver.kernel import engine_name

SAMPLES = Path(__file__).resolve().parent.parent / "tests" / "data" / "formats" / "colour"
SIZES = ((10, 10, 2), (15, 15, 3), (20, 20, 3), (25, 25, 4), (30, 30, 4), (40, 30, 5), (40, 40, 6))


def random_puzzle(width: int, height: int, colours: int, seed: int) -> Puzzle:
    """A seeded picture of horizontal strokes in random colours over a background."""
    rng = random.Random(seed)
    grid = [[0] * width for _ in range(height)]
    for _ in range(width * height // 6):
        x = rng.randrange(width)
        y = rng.randrange(height)
        colour = rng.randint(1, colours)
        length = rng.randint(1, max(1, width // 5))
        vertical = rng.random() < 0.5
        for step in range(length):
            cx, cy = (x, y + step) if vertical else (x + step, y)
            if cx < width and cy < height:
                grid[cy][cx] = colour
    palette = Palette.of(
        ("white", (255, 255, 255)),
        *((f"colour {n}", fallback_rgb(n)) for n in range(1, colours + 1)),
    )
    return Puzzle.from_colour_grid(grid, palette, title=f"random {width}x{height} #{seed}")


def dense_puzzle(width: int, height: int, colours: int, seed: int) -> Puzzle:
    """A seeded picture of independent random cells (40% background): harder to solve."""
    rng = random.Random(seed)
    grid = [
        [0 if rng.random() < 0.4 else rng.randint(1, colours) for _ in range(width)]
        for _ in range(height)
    ]
    palette = Palette.of(
        ("white", (255, 255, 255)),
        *((f"colour {n}", fallback_rgb(n)) for n in range(1, colours + 1)),
    )
    return Puzzle.from_colour_grid(grid, palette, title=f"dense {width}x{height} #{seed}")


def expected_verdicts(folder: Path) -> dict[str, str]:
    table = folder / "verdicts.tsv"
    if not table.is_file():
        return {}
    verdicts = {}
    for line in table.read_text(encoding="utf-8").splitlines()[1:]:
        fields = line.split("\t")
        if len(fields) >= 5:
            count = fields[4].strip()
            verdicts[fields[0]] = {"0": "none", "1": "unique"}.get(count, "multiple")
    return verdicts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", nargs="?", help="a folder of colour puzzle files")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per puzzle")
    parser.add_argument("--seeds", type=int, default=3, help="random puzzles per size")
    parser.add_argument(
        "--cpsat", action="store_true", help="check each verdict with an OR-tools CP-SAT model"
    )
    parser.add_argument(
        "--cpu-clock", action="store_true", help="CPU seconds of this process, not wall-clock"
    )
    args = parser.parse_args()
    timer = time.process_time if args.cpu_clock else time.perf_counter
    if args.cpsat:
        try:
            import ortools  # noqa: F401
        except ImportError:
            print("solve_colour: --cpsat needs OR-tools: python3 -m pip install ortools",
                  file=sys.stderr)  # fmt: skip
            return 2

    cases: list[tuple[str, Puzzle, str]] = []
    if args.folder:
        folder = Path(args.folder)
        expected = expected_verdicts(folder)
        for path in sorted(folder.glob("*.non")):
            try:
                cases.append((path.stem, read_puzzle(path), expected.get(path.stem, "")))
            except FormatError as error:
                print(f"{path.name}: {error.reason}")
    for path in sorted(SAMPLES.glob("*.non")):
        cases.append((f"sample {path.stem}", read_puzzle(path), "unique"))
    for width, height, colours in SIZES:
        for seed in range(args.seeds):
            cases.append(
                (
                    f"random {width}x{height} #{seed}",
                    random_puzzle(width, height, colours, seed),
                    "",
                )
            )
            cases.append(
                (f"dense {width}x{height} #{seed}", dense_puzzle(width, height, colours, seed), "")
            )

    clock = "CPU" if args.cpu_clock else "wall-clock"
    print(f"engine: {engine_name()}, {clock} seconds")
    print(f"{'puzzle':<24} {'size':>6} {'colours':>7} {'seconds':>8}  verdict")
    times = []
    wrong = 0
    for name, puzzle, expect in cases:
        start = timer()
        result = solve(puzzle, max_solutions=2, timeout=args.timeout)
        seconds = timer() - start
        times.append(seconds)
        goal_found = puzzle.goal_colours is None or any(
            grid.tolist() == [list(row) for row in puzzle.goal_colours]
            for grid in result.colour_solutions
        )
        note = f" (expected {expect})" if expect and expect != result.status else ""
        if note or (result.status != "none" and not goal_found and result.complete):
            wrong += 1
            note += " MISMATCH"
        if args.cpsat:
            theirs, cp_seconds = cpsat_verdict(puzzle, args.timeout)
            agrees = theirs == result.status or "unknown" in (theirs, result.status)
            note += f"  cp-sat {theirs} {cp_seconds:.3f} s" + ("" if agrees else " DIFFERS")
            wrong += not agrees
        print(
            f"{name:<24} {puzzle.size_text:>6} {puzzle.colour_count:>7} {seconds:>8.3f}  "
            f"{result.status}{note}"
        )
    print(
        f"{len(cases)} puzzles: total {sum(times):.2f} s, median {statistics.median(times):.3f} s, "
        f"max {max(times):.3f} s, {wrong} mismatches"
    )
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
