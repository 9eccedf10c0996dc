"""Where generated puzzles live on disk, so a game of one can be continued like any other.

A random puzzle is written to ``<progress folder>/random/`` and a daily puzzle to
``<progress folder>/daily/YYYY-MM-DD.non`` before it is played: the play screen then records
a file, "Continue" on the menu reopens the game, and a daily puzzle is generated once a day.
Only the newest :data:`KEEP_RANDOM` random files are kept, and any with a game in
progress. A solved random puzzle the player likes is copied into "My puzzles"
(:func:`keep_in_my_puzzles`), under a free file name, once.

A puzzle made in Create and played before it is saved ("Play now") is written to
``<progress folder>/played/`` (:func:`played_copy`), so its game too can be continued.

A daily win is noticed from the store's own record of the puzzle (solved, best time), so the
play screen needs to know nothing about daily puzzles: :func:`sync_daily` copies the best
time of a date's puzzle into the store's daily times.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from game.core.create.editor import write_in_folder
from game.core.formats import read_puzzle, write_puzzle
from game.core.generate.daily import DailyPlan
from game.core.i18n import N_
from game.core.puzzle import Puzzle
from game.core.store.packs import PackPlace, puzzle_files
from game.core.store.progress import ProgressStore

RANDOM_FOLDER = "random"
DAILY_FOLDER = "daily"
KEEP_RANDOM = 12
PLAYED_FOLDER = "played"


def random_folder(store: ProgressStore) -> Path:
    return store.directory / RANDOM_FOLDER


def daily_folder(store: ProgressStore) -> Path:
    return store.directory / DAILY_FOLDER


def played_copy(store: ProgressStore, puzzle: Puzzle) -> Path:
    """The file of a puzzle played before it was saved (Create's "Play now"), written once
    (named by the puzzle, so playing it again finds the same file and its game).
    OSError/ValueError when it cannot be written."""
    return write_generated_once(store.directory / PLAYED_FOLDER, puzzle, puzzle.fingerprint()[:16])


def write_generated_once(folder: Path, puzzle: Puzzle, stem: str) -> Path:
    path = folder / f"{stem}.non"
    if path.is_file():
        with contextlib.suppress(ValueError, OSError):
            if read_puzzle(path).fingerprint() == puzzle.fingerprint():
                return path
    return write_generated(folder, puzzle, stem)


def daily_path(store: ProgressStore, plan: DailyPlan) -> Path:
    return daily_folder(store) / f"{plan.key}.non"


def write_generated(folder: Path, puzzle: Puzzle, stem: str) -> Path:
    """Write ``puzzle`` as ``folder/stem.non`` (atomically); OSError/ValueError if it cannot."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{stem}.non"
    write_puzzle(puzzle, path)
    return path


def random_stem(puzzle: Puzzle, level: int, seed: int) -> str:
    """A Random puzzle's file name: its size, level and seed, and how many colours it has
    counting the background when more than black and white."""
    stem = f"{puzzle.width}x{puzzle.height}-level{level}-{seed}"
    colours = puzzle.colour_count + 1
    return stem if colours == 2 else f"{stem}-{colours}colours"


def prune_random(folder: Path, keep: int = KEEP_RANDOM, store: ProgressStore | None = None) -> None:
    """Forget all but the ``keep`` newest random puzzles, except those with a game in
    progress in ``store``: an unfinished 40x30 went with its file after twelve quick 5x5
    ones, and Continue then said its file was no longer there (QA)."""
    with contextlib.suppress(OSError):
        files = sorted(puzzle_files(folder), key=lambda path: path.stat().st_mtime, reverse=True)
        for old in files[keep:]:
            if store is not None and _game_in_progress(store, old):
                continue
            with contextlib.suppress(OSError):
                old.unlink()


def _game_in_progress(store: ProgressStore, path: Path) -> bool:
    try:
        puzzle = read_puzzle(path)
    except (ValueError, OSError):
        return False
    record = store.record(puzzle.fingerprint())
    return record.session is not None  # cleared on a win


def newest_random(folder: Path) -> tuple[Puzzle, Path] | None:
    """The random puzzle played last (the newest file that reads), if any."""
    try:
        files = sorted(puzzle_files(folder), key=lambda path: path.stat().st_mtime, reverse=True)
    except OSError:
        return None
    for path in files:
        try:
            return read_puzzle(path), path
        except (ValueError, OSError):
            continue
    return None


def kept_copy(puzzle: Puzzle, user_dir: Path) -> Path | None:
    """The file in "My puzzles" that already holds this puzzle, if any."""
    key = puzzle.fingerprint()
    try:
        files = puzzle_files(user_dir)
    except OSError:
        return None
    for path in files:
        try:
            if read_puzzle(path).fingerprint() == key:
                return path
        except (ValueError, OSError):
            continue
    return None


def keep_in_my_puzzles(puzzle: Puzzle, user_dir: Path) -> tuple[Path, bool]:
    """Copy ``puzzle`` into "My puzzles"; (its file, True when written now, False when it
    was kept before). OSError or ValueError when it cannot be written."""
    existing = kept_copy(puzzle, user_dir)
    if existing is not None:
        return existing, False
    return write_in_folder(puzzle, user_dir, named=puzzle.title or "Random"), True


def sync_daily(store: ProgressStore, plans: list[DailyPlan]) -> None:
    """Copy each planned day's win (from its puzzle's record) into the store's daily times."""
    for plan in plans:
        path = daily_path(store, plan)
        if not path.is_file():
            continue
        try:
            puzzle = read_puzzle(path)
        except (ValueError, OSError):
            continue
        record = store.record(puzzle.fingerprint())
        if record.solved and record.best_time is not None:
            store.mark_daily(plan.key, record.best_time)


PICTURE_KEY = "picture"  # the extra key naming a picture puzzle's library picture(s)
DAY_KEY = "day"  # the extra key holding a daily puzzle's date
DAILY_NAME = N_("Daily puzzle")
RANDOM_PICTURE_NAME = N_("Random picture")


def cover_place(puzzle: Puzzle) -> PackPlace | None:
    """What a generated picture puzzle is called until it is solved, as a bundled puzzle is
    called by its number: its title names the picture. "Daily puzzle 2026-12-07" for a
    daily, "Random picture #4711" (its seed) for Random's; None for any other puzzle."""
    extra = dict(puzzle.extra)
    if PICTURE_KEY not in extra:
        return None
    day = extra.get(DAY_KEY, "")
    if day:
        return PackPlace(DAILY_NAME, 0, day=day)
    seed = extra.get("seed", "")
    number = int(seed) if seed.isascii() and seed.isdecimal() else 0
    return PackPlace(RANDOM_PICTURE_NAME, number)


def played_pictures(*folders: Path) -> set[str]:
    """The library pictures of the puzzles in these folders (Random's and the daily's), so
    Random's "Picture" draws one not played yet."""
    names: set[str] = set()
    for folder in folders:
        try:
            files = puzzle_files(folder)
        except OSError:
            continue
        for path in files:
            try:
                extra = dict(read_puzzle(path).extra)
            except (ValueError, OSError):
                continue
            names.update(name for name in extra.get(PICTURE_KEY, "").split("+") if name)
    return names
