"""The commands' Kakuro side: ``show``, ``solve``, ``check`` and ``generate`` on ``.kak`` files.

Each nonogram command hands a Kakuro file (by its extension, or ``--kind kakuro``) to the
function here, which prints in the same shape: the same verdict words, the same stars and
JSON keys where they mean the same thing. A bad file is one line and exit 2, as everywhere.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from game.commands.common import (
    CommandError,
    check_input_file,
    os_reason,
    printable,
    quote,
    refuse_taken_names,
)

if TYPE_CHECKING:
    from game.core.kakuro.model import KakuroPuzzle
    from game.core.kakuro.result import KakuroResult

VERDICTS = {
    "unique": "unique: exactly one solution",
    "multiple": "multiple: more than one solution",
    "none": "none: no solution",
    "unknown": "unknown: gave up before the end",
}


def open_kakuro(name: str) -> KakuroPuzzle:
    """The Kakuro in file ``name``, or a CommandError in one line."""
    from game.core.formats._common import FormatError
    from game.core.kakuro.fileformat import read_kakuro

    check_input_file(name, "a Kakuro file")
    try:
        return read_kakuro(name)
    except FormatError as error:
        where = quote(error.path) if error.line is None else f"{quote(error.path)}:{error.line}"
        raise CommandError(f"{where}: {quote(error.reason, 160)}") from None
    except OSError as error:
        raise CommandError(f"{quote(name)}: {os_reason(error)}") from None


def grid_text(puzzle: KakuroPuzzle, digits: tuple[tuple[int, ...], ...] | None = None) -> str:
    """The board as text: sums as ``down\\across`` on black cells, digits (or ``.``) on white."""
    rows: list[list[str]] = []
    for y in range(puzzle.height):
        row: list[str] = []
        for x in range(puzzle.width):
            if puzzle.white[y][x]:
                row.append(str(digits[y][x]) if digits is not None and digits[y][x] else ".")
            else:
                down, across = puzzle.down[y][x], puzzle.across[y][x]
                row.append(f"{down or ''}\\{across or ''}" if down or across else "#")
        rows.append(row)
    width = max(len(cell) for row in rows for cell in row) + 1
    return "\n".join("  " + "".join(cell.rjust(width) for cell in row) for row in rows) + "\n"


def describe(puzzle: KakuroPuzzle) -> str:
    """What ``show`` prints for a Kakuro."""
    lines = [f"Title:     {printable(puzzle.title) or '(untitled)'}", "Kind:      Kakuro"]
    if puzzle.author:
        lines.append(f"Author:    {printable(puzzle.author)}")
    lines += [
        f"{printable(key.capitalize()) + ':':<10} {printable(value)}" for key, value in puzzle.extra
    ]
    lines.append(
        f"Size:      {puzzle.size_text} ({puzzle.white_count} white cells, {len(puzzle.runs)} runs)"
    )
    lines.append("Board (down\\across sums on black cells):")
    text = "\n".join(lines) + "\n" + grid_text(puzzle)
    if puzzle.solution is not None:
        text += "Solution:\n" + grid_text(puzzle, puzzle.solution)
    return text


def refuse_puzzle_number(name: str, number: int | None) -> None:
    """``--puzzle N`` past 1 on a Kakuro file, which holds one puzzle: refused as for a
    nonogram file of one (QA: ``show x.kak --puzzle 2`` showed the first without a word)."""
    if number is not None and number > 1:
        raise CommandError(f"{quote(name)} holds one puzzle: there is no puzzle {number}")


def show(name: str, number: int | None = None) -> int:
    refuse_puzzle_number(name, number)
    print(describe(open_kakuro(name)), end="")
    return 0


def solve(args: argparse.Namespace) -> int:
    """``solve FILE.kak``: verdict, rating, statistics, steps, solutions; ``--json``."""
    from game.core.kakuro.rating import rate_kakuro
    from game.core.kakuro.steps import KakuroStep, RunsChecked, SolutionFound
    from game.core.kakuro.task import KakuroSolveTask

    start = time.perf_counter()
    cpu_start = time.process_time()
    refuse_puzzle_number(args.file, args.puzzle)
    puzzle = open_kakuro(args.file)
    max_solutions = 1000 if args.all else (args.max if args.max is not None else 2)
    if not args.json:
        title = f" — {printable(puzzle.title)}" if puzzle.title else ""
        print(f"{quote(args.file)}: Kakuro {puzzle.size_text}{title}", flush=True)

    def on_step(step: KakuroStep) -> bool:
        if args.json:
            return False
        if args.steps and not isinstance(step, RunsChecked):
            print(step.describe())
        if isinstance(step, SolutionFound):
            print(f"solution {step.number}:")
            print(grid_text(puzzle, step.rows), end="", flush=True)
        return False

    from game.commands.solving import BUDGET_CLOCK

    # --timeout is CPU time, as for nonograms (game/commands/solving.py).
    used = BUDGET_CLOCK() - cpu_start
    limit = None if args.timeout is None else max(0.0, args.timeout - used)
    task = KakuroSolveTask(
        puzzle, max_solutions=max_solutions, time_limit=limit, clock=BUDGET_CLOCK
    )
    result = task.run(on_step=on_step)
    rating = rate_kakuro(puzzle, result) if max_solutions >= 2 or result.complete else None
    seconds = time.perf_counter() - start
    if args.json:
        print(json.dumps(result_json(args.file, puzzle, result, rating, seconds)))
        return 0
    stats = result.stats
    print(f"verdict:  {VERDICTS[result.status]}")
    if rating is not None:
        print(f"rating:   {rating.star_text} {rating.name} ({rating.reason})")
    print(
        f"stats:    {stats.runs_solved} runs solved, {stats.rounds} rounds, "
        f"{stats.guesses} guesses, {stats.backtracks} backtracks, depth {stats.max_depth}"
    )
    print(f"time:     {seconds:.3f} s")
    return 0


def result_json(
    path: str, puzzle: KakuroPuzzle, result: KakuroResult, rating: object, seconds: float
) -> dict[str, object]:
    from game.core.rating import Rating

    return {
        "file": path,
        "kind": "kakuro",
        "size": puzzle.size_text,
        "status": result.status,
        "solutions": len(result.solutions),
        "complete": result.complete,
        "capped": result.capped,
        "timed_out": result.timed_out,
        "rating": rating.as_dict() if isinstance(rating, Rating) else None,
        "stats": result.stats.as_dict(),
        "seconds": round(seconds, 6),
    }


def check_file(path: str, timeout: float | None) -> dict[str, object]:
    """``check``'s row for one ``.kak`` file (runs in a worker process)."""
    from game.core.kakuro.rating import rate_kakuro_puzzle

    start = time.perf_counter()
    try:
        puzzle = open_kakuro(path)
    except CommandError as error:
        return {"file": path, "error": error.message}
    from game.commands.solving import BUDGET_CLOCK

    result, rating = rate_kakuro_puzzle(puzzle, time_limit=timeout, clock=BUDGET_CLOCK)
    return {
        "file": path,
        "kind": "kakuro",
        "size": puzzle.size_text,
        "status": result.status,
        "rating": rating.as_dict(),
        "stats": result.stats.as_dict(),
        "seconds": round(time.perf_counter() - start, 4),
    }


def generate(args: argparse.Namespace) -> int:
    """``generate --kind kakuro --size NxN [--level L] [--seed N] [--count K] -o OUT``."""
    from game.core.formats._common import FormatError
    from game.core.kakuro.fileformat import write_kakuro
    from game.core.kakuro.generate import (
        KakuroGenerateError,
        KakuroGeneration,
        check_request,
        natural_level,
    )
    from game.core.rating import STAR_NAMES

    if args.colours != 2:
        raise CommandError("--colours is for nonograms (Kakuro has no colours)")
    width, height = args.size
    if width != height:
        raise CommandError(f"{width}x{height}: a Kakuro is square (6x6 to 16x16)")
    level = args.level if args.level is not None else natural_level(width)
    try:
        check_request(width, level)
    except KakuroGenerateError as error:
        raise CommandError(str(error)) from None
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    if args.output is None:
        raise CommandError(
            "a Kakuro is written to a file: give -o NAME.kak (or a folder with --count)"
        )
    out = Path(args.output)
    if args.count is None:
        if out.is_dir():
            raise CommandError(f"{quote(out)}: is a folder; give a file name, or use --count")
        # show, solve, check and the game tell a Kakuro file by its .kak: "-o k1" wrote a
        # file that "solve k1" called an unknown format. A name without one gets it.
        if not out.suffix:
            out = out.with_name(out.name + ".kak")
        elif out.suffix.lower() != ".kak":
            raise CommandError(
                f"{quote(out)}: a Kakuro file is named .kak (show, solve and the game tell "
                f"it by that): give {quote(out.with_suffix('.kak'))}"
            )
        targets = [(seed, out)]
    else:
        if out.exists() and not out.is_dir():
            raise CommandError(f"{quote(out)}: not a folder (--count writes one file per puzzle)")
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise CommandError(f"{quote(out)}: {os_reason(error)}") from None
        targets = [
            (seed + n, out / f"kakuro-{width}x{width}-level{level}-{seed + n}.kak")
            for n in range(args.count)
        ]
        refuse_taken_names([path for _seed, path in targets])
    for puzzle_seed, path in targets:
        start = time.perf_counter()
        made = KakuroGeneration(width, level, puzzle_seed).run()
        seconds = time.perf_counter() - start
        try:
            write_kakuro(made.puzzle, path)
        except FormatError as error:
            raise CommandError(f"{quote(path)}: cannot save: {quote(error.reason)}") from None
        rating = made.rating
        print(
            f"{quote(path)}: Kakuro {width}x{width} seed {puzzle_seed}  {rating.star_text} "
            f"{rating.name} ({rating.points:.1f} points)  {seconds:.2f} s",
            flush=True,
        )
        if rating.stars != level:
            print(
                f"{quote(path)}: asked {STAR_NAMES[level]}, made {rating.name}, the closest of "
                f"{made.candidates} boards tried: {STAR_NAMES[level]} is at the edge of what a "
                f"{width}x{width} Kakuro reaches",
                file=sys.stderr,
                flush=True,
            )
    return 0
