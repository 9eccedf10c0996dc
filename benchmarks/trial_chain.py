"""What Expert and Fiendish feel like to a player, per level (issue 46).

    python benchmarks/trial_chain.py [--levels levels] [--out FILE.tsv] [PUZZLE ...]

For every bundled puzzle whose file declares Expert or Fiendish (or the files named), it
plays the puzzle as a careful player (:func:`game.core.trial_chain.trial_chain`): how many
times they are stuck (``stalls``), the rounds of line logic the hardest needed trial runs
before its contradiction (``longest``), and whether single trials are not enough
(``nested``); beside them the engine's counts the rating reads (``insights``, the probed
share). It prints one line a puzzle, then per declared level the median and range of each
measure, with the CPU seconds. Slow (pure Python, minutes): run it once, not in a loop.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.formats import read_puzzle
from game.core.rating import rate_puzzle
from game.core.trial_chain import trial_chain

MEASURES = ("insights", "stalls", "longest", "nested")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", nargs="*", type=Path)
    parser.add_argument("--levels", type=Path, default=Path("levels"))
    parser.add_argument("--out", type=Path, help="also write the lines as tab-separated text")
    args = parser.parse_args(argv)
    paths = args.puzzles or sorted(args.levels.glob("*/*.non"))
    started = time.process_time()
    rows: list[dict[str, object]] = []
    for path in paths:
        puzzle = read_puzzle(path)
        declared = int(dict(puzzle.extra).get("difficulty", "0"))
        if declared < 4 and not args.puzzles:
            continue
        result, rating = rate_puzzle(puzzle)
        chain = trial_chain(puzzle)
        row = {
            "puzzle": f"{path.parent.name}/{path.name}",
            "declared": declared,
            "rated": rating.stars,
            "size": puzzle.size_text,
            "colour": int(puzzle.is_colour),
            "insights": result.stats.insights,
            "probed": round(result.stats.probed_cells / (puzzle.width * puzzle.height), 3),
            "guesses": result.stats.guesses,
            "stalls": chain.stalls,
            "longest": chain.longest,
            "nested": int(chain.nested),
        }
        rows.append(row)
        print("\t".join(str(value) for value in row.values()), flush=True)
    if args.out:
        lines = ["\t".join(rows[0])] if rows else []
        lines += ["\t".join(str(value) for value in row.values()) for row in rows]
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("level  puzzles  " + "  ".join(f"{m} median (range)" for m in MEASURES))
    for level in sorted({int(str(row["declared"])) for row in rows}):
        mine = [row for row in rows if row["declared"] == level]
        cells = []
        for measure in MEASURES:
            values = [int(str(row[measure])) for row in mine]
            cells.append(f"{statistics.median(values):g} ({min(values)}-{max(values)})")
        print(f"{level:5d}  {len(mine):7d}  " + "  ".join(cells))
    print(f"{time.process_time() - started:.0f} s CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
