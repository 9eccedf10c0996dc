"""Build the colour pack (``levels/08-colour/``) from its text art, proving every puzzle fair.

The art is ``tools/colour_art/08-colour.txt``: ``key: value`` header lines (name, order,
description), then pictures under ``== Title`` lines, one character per cell: ``.`` the
background, a letter a colour of :data:`COLOURS` (its name and RGB). A picture's palette is
the colours it uses, in the order of that table. For every picture this script

1. makes the colour puzzle (title, author "Hanjie team", licence MIT, the picture as its goal);
2. solves it from the clues alone with the colour engine and refuses it unless the solution
   is unique and found without guessing;
3. rates it (``game.core.rating.rate_puzzle``) and orders the pack by that rating (the
   smaller puzzles first within a star);
4. writes ``levels/08-colour/NN-title.non`` (the .non colour extension) and ``pack.json``.

Any problem is reported with the art file and line, and nothing is written. ``--check``
writes nothing and fails when ``levels/`` differs from what the art would build.

    python tools/build_colour_pack.py            # build the pack
    python tools/build_colour_pack.py --check    # verify levels/08-colour is up to date
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from game.core.convert.distinct_colours import distinct_palette  # noqa: E402
from game.core.formats import format_puzzle  # noqa: E402
from game.core.palette import RGB, Palette  # noqa: E402
from game.core.puzzle import Puzzle  # noqa: E402
from game.core.rating import Rating, rate_puzzle  # noqa: E402
from game.core.solver.result import SolveResult  # noqa: E402
from tools.build_levels import pack_manifest, slug  # noqa: E402

ART = REPO_ROOT / "tools" / "colour_art" / "08-colour.txt"
LEVELS_DIR = REPO_ROOT / "levels"
AUTHOR = "Hanjie team"
LICENSE = "MIT"
SOLVE_TIMEOUT = 60.0
BACKGROUND = "."
HEADER_KEYS = ("name", "order", "description")
MIN_COLOURS, MAX_PACK_COLOURS = 2, 8

# The art's colours: letter -> (name, RGB). Our own choice of shades.
COLOURS: dict[str, tuple[str, RGB]] = {
    "k": ("black", (40, 40, 48)),
    "r": ("red", (214, 48, 49)),
    "o": ("orange", (240, 140, 30)),
    "y": ("yellow", (246, 200, 40)),
    "g": ("green", (46, 160, 70)),
    "d": ("darkgreen", (22, 96, 48)),
    "b": ("blue", (50, 100, 210)),
    "l": ("sky", (125, 195, 240)),
    "v": ("purple", (110, 60, 160)),
    "p": ("pink", (240, 130, 170)),
    "n": ("brown", (140, 84, 40)),
    "s": ("cream", (246, 226, 180)),
    "e": ("grey", (140, 140, 150)),
}


class ArtError(Exception):
    """A problem in the art, reported as ``file:line: reason``."""


class Picture:
    def __init__(self, title: str, rows: list[str], line: int) -> None:
        self.title, self.rows, self.line = title, tuple(rows), line

    def puzzle(self) -> Puzzle:
        where = f"{ART}:{self.line}: {self.title!r}"
        if len({len(row) for row in self.rows}) != 1:
            raise ArtError(f"{where}: the rows are not all the same length")
        used = sorted(
            {ch for row in self.rows for ch in row} - {BACKGROUND}, key=list(COLOURS).index
        )
        if not MIN_COLOURS <= len(used) <= MAX_PACK_COLOURS:
            raise ArtError(f"{where}: {len(used)} colours (the pack has 2 to 8 a picture)")
        grid = [[0 if ch == BACKGROUND else used.index(ch) + 1 for ch in row] for row in self.rows]
        # The art's shades, spread for play as every palette the game makes is: apart for
        # normal vision and as each dichromat sees them (the red and the dark green of the
        # cherries were Delta E 1.4 apart for a protanope).
        palette = distinct_palette(
            Palette.of(("white", (255, 255, 255)), *(COLOURS[ch] for ch in used)),
            np.array(grid),
        )
        puzzle = Puzzle.from_colour_grid(grid, palette, title=self.title, author=AUTHOR)
        return replace(puzzle, license=LICENSE)


def parse_art(path: Path) -> tuple[dict[str, str], list[Picture]]:
    header: dict[str, str] = {}
    pictures: list[Picture] = []
    errors: list[str] = []
    title: str | None = None
    start = 0
    rows: list[str] = []

    def close() -> None:
        if title is not None and rows:
            pictures.append(Picture(title, rows, start))

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if line.startswith(";"):
            continue
        if line.startswith("=="):
            close()
            title, start, rows = line[2:].strip(), number, []
        elif not line:
            close()
            title, rows = None, []
        elif title is not None:
            bad = set(line) - set(COLOURS) - {BACKGROUND}
            if bad:
                errors.append(f"{path}:{number}: unknown colour letters {''.join(sorted(bad))!r}")
            rows.append(line)
        elif ":" in line:
            key, value = (part.strip() for part in line.split(":", 1))
            if key not in HEADER_KEYS:
                errors.append(f"{path}:{number}: unknown header {key!r}")
            header[key] = value
        else:
            errors.append(f"{path}:{number}: a picture row outside a picture")
    close()
    if errors:
        raise ArtError("\n".join(errors))
    return header, pictures


def check_picture(picture: Picture) -> tuple[Puzzle, SolveResult, Rating]:
    where = f"{ART}:{picture.line}: {picture.title!r}"
    puzzle = picture.puzzle()
    result, rating = rate_puzzle(puzzle, time_limit=SOLVE_TIMEOUT)
    if result.status != "unique":
        raise ArtError(f"{where}: the solver says {result.status!r} (not one picture)")
    if result.stats.guesses:
        raise ArtError(f"{where} needs guessing; redraw it so probing suffices")
    extra = (("difficulty", str(rating.stars)),)
    return replace(puzzle, extra=extra), result, rating


def build(path: Path = ART) -> tuple[str, dict[str, str], list[str]]:
    """The pack's folder name, file name -> text, and the table printed."""
    header, pictures = parse_art(path)
    levels = []
    errors = []
    for picture in pictures:
        try:
            levels.append(check_picture(picture))
        except ArtError as error:
            errors.append(str(error))
    if errors:
        raise ArtError("\n".join(errors))
    # By stars, then smaller first (a colour rating has no size term: a 40x30 scene that
    # line logic settles is Easy, and led the pack before a 10x10), then points.
    levels.sort(
        key=lambda level: (
            level[2].stars,
            level[0].width * level[0].height,
            level[2].points,
            level[0].title,
        )
    )
    files = {
        "pack.json": pack_manifest(
            _Manifest(header["name"], int(header["order"]), header["description"])  # type: ignore[arg-type]
        )
    }
    table = []
    for index, (puzzle, result, rating) in enumerate(levels, start=1):
        name = f"{index:02d}-{slug(puzzle.title)}.non"
        files[name] = format_puzzle(puzzle, "non")
        table.append(
            f"  {name:28s} {puzzle.size_text:>6s} {puzzle.colour_count} colours "
            f"{rating.star_text} {rating.name:9s} {result.stats.seconds * 1000:8.1f} ms"
        )
    return path.stem, files, table


class _Manifest:
    """What ``pack_manifest`` reads of a pack."""

    def __init__(self, name: str, order: int, description: str) -> None:
        self.name, self.order, self.description = name, order, description


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; compare levels/")
    args = parser.parse_args(argv)
    try:
        folder_name, files, table = build()
    except ArtError as error:
        print(error, file=sys.stderr)
        return 1
    folder = LEVELS_DIR / folder_name
    print(f"{folder_name}  ({len(files) - 1} puzzles)")
    print("\n".join(table))
    stale = (
        sorted(p for p in folder.glob("*.non") if p.name not in files) if folder.is_dir() else []
    )
    if args.check:
        problems = [f"{p}: not built from the art" for p in stale]
        for name, text in files.items():
            target = folder / name
            if not target.is_file():
                problems.append(f"{target}: missing")
            elif target.read_text(encoding="utf-8") != text:
                problems.append(f"{target}: differs from the art")
        if problems:
            print("\n".join(problems), file=sys.stderr)
            return 1
        return 0
    folder.mkdir(parents=True, exist_ok=True)
    for path in stale:
        path.unlink()
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8", newline="\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
