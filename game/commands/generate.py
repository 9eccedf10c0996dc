"""``hanjie generate``: make fresh puzzles with one solution at a chosen level.

    hanjie generate --size 20x15 --level 3 --seed 7 -o cat.non
    hanjie generate --size 10 --level 2 --count 5 -o folder/
    hanjie generate --daily 2026-12-07 --days 364 -o dailies/

Each puzzle is printed with its rating and the seconds it took. Without ``--seed`` a seed is
drawn and printed, so any puzzle can be made again. ``--daily DATE`` writes the daily puzzles
from DATE on (``--days``, default 1), as the menu makes them: one file a day named by its
date (``2026-12-07.non``), titled with its picture.
"""

from __future__ import annotations

import argparse
import os
import re
import secrets
import sys
import time
from datetime import date, timedelta
from pathlib import Path

from game.commands.common import CommandError, os_reason, quote, refuse_taken_names
from game.commands.kinds import generating_kinds

HELP = "make new puzzles with exactly one solution at a chosen difficulty level (1-5)"

MAX_COUNT = 1000
MAX_DAYS = 3660  # ten years
_SIZE = re.compile(r"\s*(\d{1,4})\s*(?:[xX×]\s*(\d{1,4}))?\s*")


def size_argument(text: str) -> tuple[int, int]:
    """``WxH`` (or one number for a square); the sides' range depends on --kind, so
    :func:`run` checks it (a 2x2 Kakuro must hear the Kakuro range, not the nonogram one)."""
    match = _SIZE.fullmatch(text)
    if not match:
        raise argparse.ArgumentTypeError(f"{quote(text, 40)} is not a size like 20x15 or 10")
    width = int(match.group(1))
    return width, int(match.group(2) or width)


def date_argument(text: str) -> date:
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        why = f"{quote(text, 40)} is not a date like 2026-12-07"
        raise argparse.ArgumentTypeError(why) from None


def _bounded_int(low: int, high: int, what: str) -> argparse._ActionType:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{quote(text, 40)} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what} must be {low} to {high}, not {value}")
        return value

    return parse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--size",
        type=size_argument,
        default=None,
        metavar="WxH",
        help="5 to 40 a side (Kakuro: 6 to 16); required but with --daily",
    )
    parser.add_argument(
        "--daily",
        type=date_argument,
        default=None,
        metavar="DATE",
        help="write the daily puzzles from DATE (YYYY-MM-DD) on into the folder OUT, one a "
        "day named by its date (the weekday sets the size and level)",
    )
    parser.add_argument(
        "--days",
        type=_bounded_int(1, MAX_DAYS, "the days"),
        default=None,
        metavar="N",
        help="with --daily: how many days (default 1)",
    )
    parser.add_argument(
        "--kind",
        choices=generating_kinds(),
        default=generating_kinds()[0],  # the table's first: the nonogram
        help="nonogram (default), or kakuro (square, 6x6 to 16x16, .kak files)",
    )
    parser.add_argument(
        "--level",
        type=_bounded_int(1, 5, "the level"),
        default=None,
        metavar="L",
        help="1 Easy, 2 Medium, 3 Hard, 4 Expert, 5 Fiendish (required for nonograms; "
        "Kakuro default 3)",
    )
    parser.add_argument(
        "--colours",
        "--colors",  # as convert takes it (issue 49: generate refused the spelling)
        type=_bounded_int(2, 8, "the colours"),
        default=2,
        metavar="N",
        help="colours, the background counted: 2 black and white (default), 3-8 a colour "
        "puzzle (a colour .non)",
    )
    parser.add_argument(
        "--seed",
        type=_bounded_int(0, 2**63 - 1, "the seed"),
        default=None,
        metavar="N",
        help="the same seed makes the same puzzle (default: a fresh one, printed)",
    )
    parser.add_argument(
        "--count",
        type=_bounded_int(1, MAX_COUNT, "the count"),
        default=None,
        metavar="K",
        help="make K puzzles (seeds N, N+1, ...) into the folder OUT",
    )
    parser.add_argument(
        "-o",
        "--output",
        default=None,
        metavar="OUT",
        help="the puzzle file to write (.non, ...), or a folder with --count; without it the "
        "puzzle is printed as .non text (and its summary goes to stderr)",
    )


def _targets(args: argparse.Namespace, seed: int) -> list[tuple[int, Path | None]]:
    """Each puzzle's seed and file; None: printed (no -o)."""
    if args.output is None:
        if args.count is not None:
            raise CommandError("--count writes a file a puzzle: give -o FOLDER")
        return [(seed, None)]
    out = Path(args.output)
    if args.count is None:
        if out.is_dir():
            raise CommandError(f"{quote(out)}: is a folder; give a file name, or use --count")
        return [(seed, out)]
    if out.exists() and not out.is_dir():
        raise CommandError(f"{quote(out)}: not a folder (--count writes one file per puzzle)")
    width, height = args.size
    colours = "" if args.colours == 2 else f"-{args.colours}colours"
    targets = [
        (seed + n, out / f"random-{width}x{height}{colours}-level{args.level}-{seed + n}.non")
        for n in range(args.count)
    ]
    refuse_taken_names([path for _seed, path in targets])
    return list(targets)


def run(args: argparse.Namespace) -> int:
    from game.commands.kinds import generator_of

    if args.daily is not None:
        return _daily(args)
    if args.days is not None:
        raise CommandError("--days goes with --daily DATE")
    if args.size is None:
        raise CommandError("--size is required (or --daily DATE)")
    return generator_of(args.kind)(args)  # the kind's own generate (the kinds' table)


def generate_nonograms(args: argparse.Namespace) -> int:
    """``generate --size WxH --level L [--colours N] [--seed N] [--count K] [-o OUT]``."""
    from game.core.formats import format_puzzle, write_puzzle
    from game.core.formats._common import FormatError
    from game.core.generate.generator import MAX_SIZE, MIN_SIZE, ColourGeneration, Generation

    width, height = args.size
    if not (MIN_SIZE <= width <= MAX_SIZE and MIN_SIZE <= height <= MAX_SIZE):
        raise CommandError(f"--size {width}x{height}: each side must be {MIN_SIZE} to {MAX_SIZE}")
    if args.level is None:
        raise CommandError("--level is required: 1 Easy to 5 Fiendish")
    width, height = args.size
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    targets = _targets(args, seed)
    if args.count is not None:
        try:
            Path(args.output).mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise CommandError(f"{quote(args.output)}: {os_reason(error)}") from None
    for puzzle_seed, path in targets:
        start = time.perf_counter()
        if args.colours == 2:
            made = Generation(width, height, args.level, puzzle_seed).run()
        else:
            made = ColourGeneration(width, height, args.level, puzzle_seed, args.colours).run()
        seconds = time.perf_counter() - start
        rating = made.rating
        in_colour = f" in {args.colours} colours" if args.colours != 2 else ""
        summary = (
            f"{width}x{height}{in_colour} seed {puzzle_seed}  {rating.star_text} "
            f"{rating.name} ({rating.points:.1f} points)  {seconds:.2f} s"
        )
        if path is None:  # no -o: the puzzle on stdout, what it is on stderr
            print(format_puzzle(made.puzzle, "non"), end="", flush=True)
            print(summary, file=sys.stderr, flush=True)
            continue
        try:
            write_puzzle(made.puzzle, path)
        except FormatError as error:
            raise CommandError(f"{quote(path)}: cannot save: {quote(error.reason)}") from None
        except OSError as error:
            raise CommandError(f"{quote(path)}: cannot save: {os_reason(error)}") from None
        print(f"{quote(path)}: {summary}", flush=True)
    return 0


def _daily(args: argparse.Namespace) -> int:
    """``--daily DATE [--days N] [--kind NAME] -o FOLDER``: what the date sets may not be
    given; then the kind's own daily maker (the kinds' table), if it has one."""
    from game.commands.kinds import daily_kinds, daily_of

    for given, what in ((args.size, "--size"), (args.level, "--level"), (args.seed, "--seed"),
                        (args.count, "--count")):  # fmt: skip
        if given is not None:
            raise CommandError(f"{what} does not go with --daily (the date sets it)")
    if args.colours != 2:
        raise CommandError("--colours does not go with --daily (the date sets it)")
    if args.output is None:
        raise CommandError("--daily writes a file a day: give -o FOLDER")
    daily = daily_of(args.kind)
    if daily is None:
        makers = ", ".join(daily_kinds())
        raise CommandError(f"--daily: {args.kind} has no daily puzzles (those that have: {makers})")
    return daily(args)


def daily_nonograms(args: argparse.Namespace) -> int:
    """The daily nonograms from ``args.daily`` on (``args.days``, default 1) into the folder
    ``args.output``, as the menu makes them."""
    from game.core.formats import write_puzzle
    from game.core.formats._common import FormatError
    from game.core.generate.daily import plan_for
    from game.core.generate.daily_making import make_daily

    out = Path(args.output)
    if out.exists() and not out.is_dir():
        raise CommandError(f"{quote(out)}: not a folder (--daily writes one file a day)")
    try:
        first = args.daily + timedelta(days=(args.days or 1) - 1)
        days = [args.daily + timedelta(days=n) for n in range((first - args.daily).days + 1)]
    except OverflowError:
        raise CommandError("--daily: the days run past the year 9999") from None
    for day in days:
        taken = out / f"{day.isoformat()}.non"
        if os.path.lexists(taken):
            raise CommandError(f"{quote(taken)}: already there, so nothing was written")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise CommandError(f"{quote(out)}: {os_reason(error)}") from None
    for day in days:
        plan = plan_for(day)
        start = time.perf_counter()
        made = make_daily(plan)
        seconds = time.perf_counter() - start
        path = out / f"{plan.key}.non"
        try:
            write_puzzle(made.puzzle, path)
        except FormatError as error:
            raise CommandError(f"{quote(path)}: cannot save: {quote(error.reason)}") from None
        except OSError as error:
            raise CommandError(f"{quote(path)}: cannot save: {os_reason(error)}") from None
        rating = made.rating
        print(
            f"{quote(path)}: {plan.summary}  {made.puzzle.title}  {rating.star_text} "
            f"{rating.name} ({rating.points:.1f} points)  {seconds:.2f} s",
            flush=True,
        )
    return 0
