"""Fiendish that means it (issue 46): picture puzzles that need a trial inside a trial.

    python tools/fiendish_pictures.py --find [--limit N]   # list candidates (CPU-heavy)
    python tools/fiendish_pictures.py                      # write the kept ones into packs
    python tools/fiendish_pictures.py --check              # write nothing; fail on a change

The packs' path (:func:`game.core.generate.picture_puzzles.attempt`) throws away every
puzzle the engine settles only with a search, so every bundled Expert and Fiendish puzzle
fell to single-cell trials (``benchmarks/trial_depth.py``: depth 1, all of them). This tool
keeps exactly those: a library picture in black and white at a large size and a detail with
inner lines, made unique by Make it fair (the same path and work as the packs), that

1. reads (:func:`game.core.pack_gate.pack_refusals`: the packs' readability gate),
2. has one solution and needs the engine's search (``stats.guesses``: probing at the root
   stalls), so it rates Fiendish, and
3. needs a trial inside a trial (:func:`game.core.trial_depth.trial_depth` over the public
   line logic: single-cell trials to a fixpoint leave cells open).

``--find`` tries the pictures in :data:`TRIES` order and prints each one kept with its
depth. :data:`KEPT` names the ones chosen (after a look at each one's sheet); the default
run makes them again, deterministically, and puts each in its theme's black-and-white pack,
in the place of that picture's puzzle there (or beside them), the pack ordered again as
``tools/build_picture_packs.py --regate`` orders it; ``--check`` fails when a pack differs.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from game.core.convert.distinct_colours import distinct_palette  # noqa: E402
from game.core.create.fair_edits import apply_edits  # noqa: E402
from game.core.create.make_fair import MakeFair  # noqa: E402
from game.core.formats import format_puzzle  # noqa: E402
from game.core.generate.picture_library import (  # noqa: E402
    PictureEntry,
    bw_grid,
    colour_grid,
    library,
    library_dir,
    load_picture,
    readability,
)
from game.core.generate.picture_puzzles import AUTHOR, FAIR_WORK, LICENSE, trimmed  # noqa: E402
from game.core.pack_gate import pack_refusals  # noqa: E402
from game.core.puzzle import Puzzle  # noqa: E402
from game.core.rating import rate_puzzle  # noqa: E402
from game.core.trial_depth import trial_depth  # noqa: E402
from tools.build_levels import differences, slug, write_pack  # noqa: E402
from tools.build_picture_packs import clues_fit, regate  # noqa: E402

LEVELS_DIR = REPO_ROOT / "levels"
# Sizes and details tried: the picture's own grid, not made fair (Make it fair edits a
# picture until probing at the root settles it: none of the 1,300 made fair at 20x20 to 30x30
# needed more), at every side from 20 to 35 (each its own trimmed grid).
TRIES = tuple(((side, side), detail, False) for side in range(20, 36) for detail in (1, 0, 2))
# The library's themes and their black-and-white packs.
PACKS = {
    "animals": "21-animals",
    "food": "23-food",
    "travel": "25-travel",
    "objects": "27-things",
    "play": "29-play",
    "nature": "31-nature",
}
# Their colour packs.
COLOUR_PACKS = {
    theme: f"{int(folder[:2]) + 1}-{folder[3:]}-in-colour" for theme, folder in PACKS.items()
}
# The ones shipped: (library picture, width, height, detail, made fair, colours: 0 black and
# white, else that many colours with the background, detail unused), chosen from --find's list
# (the colour one from a like search of colour grids) after a look at each: they read, and
# each needs a trial inside a trial.
KEPT: tuple[tuple[str, int, int, int, bool, int], ...] = (
    ("paper-clip", 25, 25, 1, False, 0),
    ("paper-clip", 30, 30, 0, False, 3),
)


def make_colour(entry: PictureEntry, width: int, height: int, colours: int) -> Puzzle | None:
    """The picture's own colour grid (not made fair) as a puzzle, when it reads."""
    picture = load_picture(library_dir() / entry.file)
    cells, palette = colour_grid(picture, width, height, colours)
    if palette.count + 1 < colours or not readability(picture, cells, None, palette).reads:
        return None
    cells = trimmed(cells)
    shown = distinct_palette(palette, cells)
    puzzle = Puzzle.from_colour_grid(cells, shown, title=entry.title, author=AUTHOR)
    return puzzle if clues_fit(puzzle) else None


def make(
    entry: PictureEntry, width: int, height: int, detail: int, fair: bool, colours: int = 0
) -> tuple[Puzzle | None, str]:
    """The picture as a unique Fiendish puzzle that reads, or why not."""
    if colours:
        made_colour = make_colour(entry, width, height, colours)
        if made_colour is None:
            return None, "does not read"
        return rated(made_colour)
    picture = load_picture(library_dir() / entry.file)
    grid = bw_grid(picture, width, height, detail)
    if not readability(picture, grid, detail).reads:
        return None, "does not read"
    fixed = grid
    if fair:
        made = MakeFair(grid, work_limit=FAIR_WORK, safety_seconds=None)
        while not made.advance(1.0):
            pass
        found = made.result
        if found is None or not found.found:
            return None, "not made fair"
        fixed = apply_edits(found.grid, found.edits)
        if not readability(picture, fixed, detail).reads:
            return None, "made fair, reads poorly"
    return rated(Puzzle.from_grid(trimmed(fixed), title=entry.title, author=AUTHOR))


def rated(puzzle: Puzzle) -> tuple[Puzzle | None, str]:
    """``puzzle`` with its level when the packs' gate passes it and it is unique and
    Fiendish, or why not."""
    refused = pack_refusals(puzzle)
    if refused:
        return None, "does not read at a glance: " + ", ".join(refused)
    result, rating = rate_puzzle(puzzle)
    if result.status != "unique":
        return None, f"the puzzle is {result.status}"
    if rating.stars < 5:
        return None, f"{rating.name}: not Fiendish"
    extra = (("difficulty", str(rating.stars)),)
    return replace(puzzle, license=LICENSE, extra=extra), rating.name


def candidates(limit: int) -> Iterator[tuple[PictureEntry, int, int, int, bool, Puzzle, int]]:
    """Puzzles that need the engine's search and a trial inside a trial, up to ``limit``."""
    kept = 0
    for (width, height), detail, fair in TRIES:
        for entry in library():
            if entry.theme not in PACKS:
                continue
            puzzle, why = make(entry, width, height, detail, fair)
            if puzzle is None:
                print(
                    f"  {entry.name} {width}x{height} detail {detail} fair {fair}: {why}",
                    flush=True,
                )
                continue
            depth = trial_depth(puzzle, most=1)
            print(f"  {entry.name} {width}x{height} detail {detail} fair {fair}: {why}, depth > 1: "
                  f"{depth > 1}", flush=True)  # fmt: skip
            if depth > 1:
                yield entry, width, height, detail, fair, puzzle, depth
                kept += 1
                if kept >= limit:
                    return


def packs_with(kept: Sequence[tuple[str, Puzzle]]) -> dict[Path, dict[str, str]]:
    """Each touched pack's files with the kept (pack folder, puzzle) in: a kept puzzle takes
    the place of its picture's puzzle in the pack (or joins it), and the pack is
    ordered again as the packs are (``build_picture_packs.regate``: by level, the openers,
    then the clearest first)."""
    by_folder: dict[Path, list[Puzzle]] = {}
    for pack, puzzle in kept:
        by_folder.setdefault(LEVELS_DIR / pack, []).append(puzzle)
    packs: dict[Path, dict[str, str]] = {}
    for folder, puzzles in by_folder.items():
        with tempfile.TemporaryDirectory() as scratch:
            work = Path(scratch) / folder.name
            shutil.copytree(folder, work)
            for puzzle in puzzles:
                name = slug(puzzle.title)
                for old in work.glob(f"*-{name}.non"):
                    old.unlink()
                (work / f"99-{name}.non").write_text(format_puzzle(puzzle, "non"), encoding="utf-8")
            files, _said = regate(work, [])
        packs[folder] = files
    return packs


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--find", action="store_true", help="list candidates")
    parser.add_argument("--limit", type=int, default=6, help="--find: stop after this many")
    parser.add_argument("--check", action="store_true", help="write nothing; compare levels/")
    args = parser.parse_args(argv)
    started = time.process_time()
    if args.find:
        for entry, width, height, detail, fair, puzzle, _depth in candidates(args.limit):
            print(f"kept ({entry.name!r}, {width}, {height}, {detail}, {fair}): "
                  f"{puzzle.size_text}, needs a trial inside a trial "
                  f"({time.process_time() - started:.0f} s CPU)", flush=True)  # fmt: skip
        return 0
    by_name = {entry.name: entry for entry in library()}
    made: list[tuple[str, Puzzle]] = []
    for name, width, height, detail, fair, colours in KEPT:
        entry = by_name[name]
        puzzle, why = make(entry, width, height, detail, fair, colours)
        if puzzle is None:
            print(f"{name}: {why}", file=sys.stderr)
            return 1
        made.append(((COLOUR_PACKS if colours else PACKS)[entry.theme], puzzle))
    problems: list[str] = []
    for folder, files in packs_with(made).items():
        if args.check:
            problems += differences(folder, files)
        else:
            write_pack(folder, files)
            print(f"wrote {folder.relative_to(REPO_ROOT)} ({len(files) - 1} puzzles)")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
