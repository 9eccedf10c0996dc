"""``hanjie check DIR``: prove every puzzle of a folder fair (one solution) and rate it.

The puzzles are solved in parallel on every core. The exit status is 1 when any puzzle file
cannot be read or does not have exactly one solution, so a pack can be checked in CI.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

from game.commands.common import (
    check_input_folder,
    fail,
    may_hold_many,
    printable,
    quote,
)
from game.commands.solving import seconds_argument

if TYPE_CHECKING:
    from game.core.puzzle import Puzzle

HELP = (
    "check every puzzle in a folder (or one file): exactly one solution? how hard? "
    "(exit 1 if not all fair)"
)

DEFAULT_TIMEOUT = 60.0
# Seconds an interrupted check waits for its terminated workers to end (each, at most).
WORKER_END_SECONDS = 2.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "folder",
        metavar="DIR",
        help="a folder of puzzle files (searched deeply), or one file; each puzzle of a file "
        "that holds many (a TAAI question file, a list of Pattern game ids) is a row",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object per puzzle")
    parser.add_argument(
        "--timeout",
        type=seconds_argument,
        metavar="S",
        default=DEFAULT_TIMEOUT,
        help=f"give up on a puzzle after S seconds of CPU time (default {DEFAULT_TIMEOUT:g}): "
        "a loaded machine gives the same verdicts, only later",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        metavar="N",
        default=None,
        help="worker processes (default, and at most: the number of cores)",
    )


def puzzle_files(folder: Path) -> list[Path]:
    """The files under ``folder`` a puzzle reader claims by extension, in a stable order
    (folders that cannot be opened are left out: :func:`find_puzzle_files` names them)."""
    return find_puzzle_files(folder)[0]


def find_puzzle_files(folder: Path) -> tuple[list[Path], list[tuple[Path, str]]]:
    """The puzzle files under ``folder`` (sorted), and the folders under it that could not
    be opened, each with the reason. Hidden files and folders are left out, links to folders
    are not followed (no loops), and the walk keeps its own list of folders to visit, so a
    folder nested a thousand deep is no deeper for Python (``rglob`` and ``os.walk`` recurse:
    a RecursionError)."""
    from game.commands.common import os_reason
    from game.commands.kinds import is_puzzle_file

    files: list[Path] = []
    unreadable: list[tuple[Path, str]] = []
    waiting = [folder]
    while waiting:
        current = waiting.pop()
        try:
            with os.scandir(current) as listing:
                entries = list(listing)
        except OSError as error:
            unreadable.append((current, os_reason(error)))
            continue
        for entry in entries:
            if entry.name.startswith("."):
                continue
            try:
                if entry.is_dir(follow_symlinks=False):
                    waiting.append(Path(entry.path))
                elif entry.is_file() and is_puzzle_file(Path(entry.path)):
                    files.append(Path(entry.path))
            except OSError:
                continue  # vanished meanwhile
    return sorted(files), sorted(unreadable)


@functools.lru_cache(maxsize=2)
def _puzzles_of(path: str, changed: int) -> list[Puzzle]:
    """Every puzzle of a file that holds many, read once per worker (``changed``, the
    file's modification time, makes an edited file read again)."""
    from game.core.formats import read_puzzles

    return read_puzzles(path)


def puzzle_numbers(path: Path) -> list[int]:
    """Which puzzles of ``path`` to check, numbered from 1 in a file that holds many (a TAAI
    question file, a list of Pattern game ids); ``[0]`` for a file of one, or one that cannot
    be read (its check says why); ``[-1]`` for a file of many with a broken one after its
    first, whose check says which."""
    from game.core.formats import FormatError, read_puzzle

    if not may_hold_many(str(path)):
        return [0]
    try:
        count = len(_puzzles_of(str(path), path.stat().st_mtime_ns))
    except (FormatError, OSError):
        try:
            read_puzzle(path)
        except (FormatError, OSError):
            return [0]
        return [-1]
    return [0] if count == 1 else list(range(1, count + 1))


def _unreadable_alone(path: str) -> str | None:
    """Why the one file ``check`` was given cannot be read (the line ``solve`` would print
    for it), or None. A file of many puzzles with a broken one after its first is readable:
    its rows say which one is broken."""
    from game.commands.common import CommandError
    from game.commands.kinds import commands_for

    try:
        commands_for(path).readable(path)
    except CommandError as error:
        return error.message
    return None


def check_file(path: str, timeout: float | None, number: int = 0) -> dict[str, object]:
    """Read, solve and rate one file (its ``number``-th puzzle, from 1, when it holds many)
    the way its kind checks (``game.commands.kinds``); runs in a worker process, returns
    plain data."""
    from game.commands.kinds import commands_for

    return commands_for(path).check_file(path, timeout, number)


def check_nonogram_file(path: str, timeout: float | None, number: int = 0) -> dict[str, object]:
    from game.commands.common import CommandError, open_puzzle
    from game.commands.solving import solve_with_deadline
    from game.core.difficulty import effort_of
    from game.core.formats import FormatError
    from game.core.rating import rate

    start = time.perf_counter()
    where: dict[str, object] = {"file": path}
    try:
        if number:
            if number > 0:
                where["puzzle"] = number
            puzzle = _puzzles_of(path, os.stat(path).st_mtime_ns)[number - 1]
        else:
            puzzle = open_puzzle(path)
    except CommandError as error:
        return {**where, "error": error.message}
    except FormatError as error:
        line = "" if error.line is None else f"line {error.line}: "
        return {**where, "error": f"{line}{error.reason}"}
    except (OSError, IndexError) as error:  # changed since it was counted
        return {**where, "error": str(error)}
    if puzzle.width == 0 or puzzle.height == 0:
        # Not a puzzle anyone can play (level select shows it as "Cannot open"); it was
        # counted "unique, Easy" among the fair ones (QA).
        return {**where, "error": f"the puzzle is {puzzle.size_text}: it has no cells to play"}
    result = solve_with_deadline(
        puzzle, max_solutions=2, timeout=timeout, watch=False, second_search=True
    )
    rating = rate(result, effort_of(puzzle, result.stats))
    return {
        **where,
        "size": puzzle.size_text,
        "status": result.status,
        "rating": rating.as_dict(),
        "stats": result.stats.as_dict(),
        "seconds": round(time.perf_counter() - start, 4),
    }


def _row_name(row: dict[str, object], folder: Path) -> str:
    name = printable(os.path.relpath(str(row["file"]), folder))
    return f"{name} #{row['puzzle']}" if "puzzle" in row else name


def _table_row(row: dict[str, object], folder: Path, name_width: int) -> str:
    name = _row_name(row, folder)
    if "error" in row:
        return f"{name:<{name_width}}  unreadable: {row['error']}"
    rating = row["rating"]
    assert isinstance(rating, dict)
    stars = int(rating["stars"])
    rating_text = f"{'★' * stars}{'☆' * (5 - stars)} {rating['name']}"
    return (
        f"{name:<{name_width}}  {row['size']!s:>7}  {row['status']!s:<8}  "
        f"{rating_text:<16}  {float(row['seconds']):>8.3f}"  # type: ignore[arg-type]
    )


def print_distribution(levels: dict[str, list[int]]) -> None:
    """How many puzzles each pack has at each level, and over how many of the five levels
    they spread (a pack should: "1 of 5" is a pack all of one level)."""
    from game.core.rating import STAR_NAMES

    if not levels:
        return
    width = max(len(printable(pack)) for pack in [*levels, "pack"])
    names = [STAR_NAMES[stars] for stars in range(1, 6)]
    print()
    print(f"{'pack':<{width}}  " + "  ".join(f"{name:>8}" for name in names) + "  spread")
    for pack, counts in sorted(levels.items()):
        spread = sum(1 for count in counts[1:] if count)
        cells = "  ".join(f"{count:>8}" for count in counts[1:])
        print(f"{printable(pack):<{width}}  {cells}  {spread} of {len(names)}")


def _end_workers(pool: ProcessPoolExecutor) -> None:
    """Stop at once, on Ctrl+C or an error: leaving the executor normally waits for every
    puzzle already handed to a worker, up to ``--timeout`` each, so a check interrupted by
    a signal to this process alone (an IDE's stop button, ``kill -INT``) went on for
    minutes. The executor has no public way to end its workers before Python 3.14."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        process.terminate()
    # Wait for them to be gone (killed if SIGTERM was not enough) before the executor is
    # told to shut down, so its manager thread, which the interpreter joins at exit, finds
    # every worker dead instead of waiting on one still ending.
    deadline = time.monotonic() + WORKER_END_SECONDS
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
        if process.is_alive():
            process.kill()
            process.join(WORKER_END_SECONDS)
    # That thread then sees its workers gone and fails every waiting puzzle; let it finish
    # before anything cancels them (the map's iterator does when it is dropped): on Python
    # 3.11 it raised InvalidStateError on a cancelled one, a traceback from its thread
    # after the one line (QA: ``check DIR --json | head``).
    manager = getattr(pool, "_executor_manager_thread", None)
    if isinstance(manager, threading.Thread):
        manager.join(timeout=WORKER_END_SECONDS)
    pool.shutdown(wait=False, cancel_futures=True)


def run(args: argparse.Namespace) -> int:
    if args.jobs is not None and args.jobs < 1:
        return fail(f"--jobs must be at least 1, not {args.jobs}")
    # ``check my.non`` is the natural first try: one file is a pack of one (read whatever
    # its extension: the reader names what is wrong with it).
    if os.path.isfile(args.folder):  # False for anything else: check_input_folder says what
        folder = Path(args.folder).parent
        files = [Path(args.folder)]
        unreadable: list[tuple[Path, str]] = []
        problem = _unreadable_alone(args.folder)
        if problem is not None:
            # Bad input, as for show or solve: one line, not a table with one failed row.
            return fail(problem)
    else:
        check_input_folder(args.folder)
        folder = Path(args.folder)
        files, unreadable = find_puzzle_files(folder)
        if unreadable and unreadable[0][0] == folder:
            # Not "no puzzle files here": there may be many, we could not look.
            return fail(f"{quote(folder)}: the folder cannot be opened ({unreadable[0][1]})")
    if not files and not unreadable:
        return fail(f"{quote(folder)}: no puzzle files here")
    # A file that holds many puzzles (a tournament's question file) is checked puzzle by
    # puzzle, each a row of its own ("questions.txt #17").
    units: list[tuple[str, int]] = []
    for path in files:
        units.extend((str(path), number) for number in puzzle_numbers(path))
    # More workers than cores only adds processes (--jobs 100000 started one per file).
    cores = os.cpu_count() or 1
    jobs = min(args.jobs or cores, cores)
    timeout: float = args.timeout
    # Sub-folders that could not be opened are rows that fail: their puzzles were not
    # checked (they were skipped and the check reported success, exit 0).
    closed: list[dict[str, object]] = [
        {"file": str(path), "error": f"the folder cannot be opened ({reason})"}
        for path, reason in unreadable
    ]
    name_width = max(
        [
            len(
                _row_name(
                    {"file": path, "puzzle": number} if number > 0 else {"file": path}, folder
                )
            )
            for path, number in units
        ]
        + [len(_row_name(row, folder)) for row in closed]
    )
    name_width = max(name_width, len("file"))
    if not args.json:
        print(
            f"{'file':<{name_width}}  {'size':>7}  {'verdict':<8}  {'rating':<16}  {'seconds':>8}"
        )
    failures = len(closed)
    for row in closed:
        print(json.dumps(row) if args.json else _table_row(row, folder, name_width), flush=True)
    # Stars by pack (the first folder under DIR; DIR's own name for files directly in it).
    levels: dict[str, list[int]] = {}
    own_pack = folder.resolve().name or str(folder)
    pool = ProcessPoolExecutor(max_workers=max(1, min(jobs, len(units))))
    try:
        rows = pool.map(
            check_file,
            [path for path, _number in units],
            [timeout] * len(units),
            [number for _path, number in units],
        )
        for row in rows:
            if "error" in row or row.get("status") != "unique":
                failures += 1
            if args.json:
                print(json.dumps(row), flush=True)
            else:
                print(_table_row(row, folder, name_width), flush=True)
            rating = row.get("rating")
            if isinstance(rating, dict):
                parts = Path(os.path.relpath(str(row["file"]), folder)).parts
                pack = parts[0] if len(parts) > 1 else own_pack
                levels.setdefault(pack, [0] * 6)[int(rating["stars"])] += 1
    except BaseException:
        _end_workers(pool)
        raise
    pool.shutdown()
    if not args.json:
        print_distribution(levels)
        fair = len(units) - failures + len(closed)
        print(f"{fair} of {len(units)} puzzles have exactly one solution")
        if closed:
            print(f"{len(closed)} folder(s) could not be opened; their puzzles were not checked")
    return 1 if failures else 0
