"""Build the picture library's outcomes table (``assets/pictures/outcomes.json``).

    python tools/build_picture_outcomes.py                  # every board, write the file
    python tools/build_picture_outcomes.py --check          # write nothing; fail on a difference
    python tools/build_picture_outcomes.py --boards 30x30/4 40x30/d1   # only these, kept in

For each of Random's boards (its sizes, in black and white at each detail and in its colour
choices) it makes every picture Random draws on that board's shape through the game's own
picture path (:func:`game.core.generate.picture_puzzles.attempt`, as
:class:`~game.core.generate.picture_puzzles.PictureGeneration` calls it): on a square board
each single picture, on a wide one the library's scenes (two pictures side by side are paired
by the seed and made live). It writes the stars each is rated at, or that it is refused, and
each picture file's hash (see :mod:`game.core.generate.picture_outcomes`). Every limit in an
attempt counts engine work, so the same library and rating give the same file on any
machine. Run it again when the rating, Make it fair, the readability check or the library
change: ``tests/core/test_picture_outcomes.py`` makes a sample of the table live and fails
when it is out of date (an out-of-date table only makes Random slower, never wrong).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from game.core.generate.picture_library import (  # noqa: E402
    DETAILS,
    MAX_PICTURE_COLOURS,
    PictureEntry,
    library,
    library_dir,
    load_picture,
)
from game.core.generate.picture_outcomes import (  # noqa: E402
    NOT_TRIED,
    OUTCOMES_FILE,
    board_key,
    file_hash,
    parse_outcomes,
)
from game.core.generate.picture_puzzles import SCENES, WIDE, attempt, run_attempt  # noqa: E402
from tools.build_levels import check_or_write  # noqa: E402

# Random's sizes and colour choices (game/ui/scenes/levels/random_panel.py: SIZES and
# COLOUR_CHOICES; tests/core/test_picture_outcomes.py holds them equal).
SIZES: tuple[tuple[int, int], ...] = (
    (5, 5), (10, 10), (15, 15), (20, 15), (20, 20), (25, 25), (30, 20), (30, 30), (40, 30),
)  # fmt: skip
COLOURS: tuple[int, ...] = (3, 4, 6)


def boards() -> list[tuple[int, int, int | None, int]]:
    """Every board: (width, height, detail or None, colours or 0)."""
    found: list[tuple[int, int, int | None, int]] = []
    for width, height in SIZES:
        found.extend((width, height, detail, 0) for detail in DETAILS)
        found.extend((width, height, None, colours) for colours in COLOURS)
    return found


def drawn_on(entry: PictureEntry, width: int, height: int) -> bool:
    """Whether Random draws ``entry`` alone on the board's shape (scenes on a wide one)."""
    return (entry.theme == SCENES) == (width >= WIDE * height)


def row(
    entries: tuple[PictureEntry, ...], width: int, height: int, detail: int | None, colours: int
) -> str:
    """The board's marks, one a picture (see the module text)."""
    marks = []
    for entry in entries:
        if not drawn_on(entry, width, height):
            marks.append(NOT_TRIED)
            continue
        made = run_attempt(
            attempt(
                load_picture(library_dir() / entry.file),
                width,
                height,
                detail,
                title=entry.title,
                max_colours=colours or MAX_PICTURE_COLOURS,
            )
        )
        marks.append(str(made.rating.stars) if made.rating is not None else "0")
    return "".join(marks)


def as_json(entries: tuple[PictureEntry, ...], rows: dict[str, str]) -> str:
    pictures = [[e.name, file_hash(library_dir() / e.file)] for e in entries]
    lines = ",\n".join(f"  {json.dumps(key)}: {json.dumps(rows[key])}" for key in rows)
    return '{\n "pictures": ' + json.dumps(pictures) + ',\n "boards": {\n' + lines + "\n }\n}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; fail on a difference")
    parser.add_argument("--boards", nargs="*", help="only these boards (e.g. 30x30/4 40x30/d1)")
    args = parser.parse_args(argv)
    entries = library()
    path = library_dir() / OUTCOMES_FILE
    old: dict[str, str] = {}
    if args.boards and path.is_file():
        table = parse_outcomes(library_dir(), json.loads(path.read_text(encoding="utf-8")))
        if [n for n, _ in sorted(table.index.items(), key=lambda kv: kv[1])] == [
            e.name for e in entries
        ]:
            old = table.boards
    rows: dict[str, str] = {}
    for width, height, detail, colours in boards():
        key = board_key(width, height, detail, colours)
        if args.boards and key not in args.boards:
            if key in old:
                rows[key] = old[key]
            continue
        started = time.process_time()
        rows[key] = row(entries, width, height, detail, colours)
        counts = {mark: rows[key].count(mark) for mark in "012345"}
        print(f"{key:10s} {time.process_time() - started:6.1f} s  {counts}", flush=True)
    text = as_json(entries, rows)
    return check_or_write(path, text, args.check, "the outcomes table")


if __name__ == "__main__":
    raise SystemExit(main())
