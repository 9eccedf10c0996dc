"""Generate puzzles at every size and level and print the figures (and a contact sheet).

    python benchmarks/generate.py                       # 20 seeds per size and level
    python benchmarks/generate.py --seeds 5 --sizes 10x10 15x15
    python benchmarks/generate.py --sheet docs/generated.png --seeds 2

For each size and level: median and max seconds, the share of puzzles rated exactly the level
asked and whether every puzzle is unique, both by a separate full solve (not the generator's own),
and the specks (lone cells, which read as static) a puzzle has on average.
Targets: 15x15 median <= 0.3 s, 30x30 median <= 2 s, none over 10 s, >= 90% at the level.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image, ImageDraw

from game.core.generate.generator import Generated, Generation, speck_cells
from game.core.rating import STAR_NAMES, rate_puzzle

SIZES = ("10x10", "15x15", "20x20", "30x30", "40x30")
GAP = 14
# Every picture is drawn about this wide, so small puzzles are not lost beside big ones.
PICTURE_PIXELS = 180


def parse_size(text: str) -> tuple[int, int]:
    width, _, height = text.partition("x")
    return int(width), int(height or width)


def draw_sheet(rows: list[list[Generated]], path: Path) -> None:
    """One row per size, the puzzles of every level side by side, each captioned."""
    cells = [max(2, PICTURE_PIXELS // max(made.puzzle.width for made in row)) for row in rows]
    row_heights = [
        max(made.puzzle.height for made in row) * cell
        for row, cell in zip(rows, cells, strict=True)
    ]
    row_widths = [
        sum(made.puzzle.width * cell + GAP for made in row)
        for row, cell in zip(rows, cells, strict=True)
    ]
    sheet = Image.new("RGB", (max(row_widths) + GAP, sum(row_heights) + len(rows) * 26 + GAP))
    draw = ImageDraw.Draw(sheet)
    draw.rectangle((0, 0, sheet.width, sheet.height), fill=(244, 240, 230))
    top = GAP
    for row, height, cell in zip(rows, row_heights, cells, strict=True):
        left = GAP
        for made in row:
            puzzle = made.puzzle
            goal = puzzle.goal_array()
            assert goal is not None
            box = (left - 1, top - 1, left + puzzle.width * cell, top + puzzle.height * cell)
            draw.rectangle(box, fill=(255, 255, 255), outline=(180, 170, 150))
            for y, x in zip(*goal.nonzero(), strict=True):
                x0, y0 = left + int(x) * cell, top + int(y) * cell
                draw.rectangle((x0, y0, x0 + cell - 1, y0 + cell - 1), fill=(40, 40, 60))
            caption = f"{puzzle.size_text} L{made.rating.stars} {STAR_NAMES[made.rating.stars]}"
            draw.text((left, top + height + 4), caption, fill=(60, 60, 60))
            left += puzzle.width * cell + GAP
        top += height + 26
    sheet.save(path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--sizes", nargs="*", default=list(SIZES))
    parser.add_argument("--levels", nargs="*", type=int, default=[1, 2, 3, 4, 5])
    parser.add_argument("--sheet", type=Path, default=None, help="also draw a contact sheet")
    args = parser.parse_args()
    # Wall seconds are what a player waits; CPU seconds are the work alone, which a shared
    # (loaded) machine inflates less.
    print(
        f"{'size':>6} {'level':>5} {'median s':>9} {'max s':>7} {'cpu med':>8} {'cpu max':>8}"
        f" {'at level':>9} {'unique':>7} {'specks':>7}"
    )
    sheet_rows: list[list[Generated]] = []
    worst = 0.0
    for size in args.sizes:
        width, height = parse_size(size)
        sheet_row: list[Generated] = []
        for level in args.levels:
            seconds: list[float] = []
            cpu: list[float] = []
            hits = 0
            unique = 0
            specks = 0
            for seed in range(args.seeds):
                start, start_cpu = time.perf_counter(), time.process_time()
                made = Generation(width, height, level, seed).run()
                seconds.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
                # A separate full solve of the clues alone (not the generator's own, which
                # may stop early): is the picture the only one, and what level is it?
                result, rating = rate_puzzle(made.puzzle)
                unique += result.status == "unique"
                hits += rating.stars == level
                goal = made.puzzle.goal_array()
                assert goal is not None
                specks += int(speck_cells(goal).sum())
                if seed < 2:
                    sheet_row.append(made)
            worst = max(worst, max(seconds))
            print(
                f"{size:>6} {level:>5} {statistics.median(seconds):>9.3f} {max(seconds):>7.2f} "
                f"{statistics.median(cpu):>8.3f} {max(cpu):>8.2f} "
                f"{hits / args.seeds:>8.0%} {unique:>4}/{args.seeds} {specks / args.seeds:>7.1f}",
                flush=True,
            )
        sheet_rows.append(sheet_row)
    print(f"slowest puzzle: {worst:.2f} s")
    if args.sheet is not None:
        draw_sheet(sheet_rows, args.sheet)
        print(f"contact sheet: {args.sheet}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
