"""``hanjie solve FILE``: the verdict, rating, statistics and solution(s) of one puzzle."""

from __future__ import annotations

import argparse
import json
import time

import numpy as np
import numpy.typing as npt

from game.commands.common import (
    CommandError,
    add_puzzle_argument,
    open_puzzle,
    printable,
    quote,
)
from game.commands.solving import (
    MAX_SOLUTIONS_CAP,
    seconds_argument,
    solution_count_argument,
    solve_with_deadline,
)
from game.core import race
from game.core.difficulty import effort_of
from game.core.palette import colour_grid_text
from game.core.puzzle import Puzzle
from game.core.rating import Rating, rate
from game.core.solver.result import ColourSolveResult, SolveResult
from game.core.solver.steps import LinesChecked, SolutionFound, Step

HELP = "solve a puzzle file: verdict (unique/multiple/none), rating, statistics, solutions"

# The algorithms (game.core.race.ALGORITHMS), repeated so that --help loads no numpy; a test
# keeps them equal.
ALGORITHM_CHOICES = ("hanjie", "rows", "lines", "rules")

# "--all" counts solutions up to this many, so a puzzle with millions still ends.
ALL_CAP = MAX_SOLUTIONS_CAP


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_puzzle_argument(parser)
    parser.add_argument("file", metavar="FILE", help="a puzzle file or a Pattern game id")
    count = parser.add_mutually_exclusive_group()
    count.add_argument(
        "--all",
        action="store_true",
        help=f"find every solution (stops at {ALL_CAP} and says so)",
    )
    count.add_argument(
        "--max",
        type=solution_count_argument,
        metavar="N",
        default=None,
        help="stop after N solutions, at most "
        f"{MAX_SOLUTIONS_CAP} (default 2: enough to tell unique from multiple); "
        "solutions are printed as they are found",
    )
    parser.add_argument(
        "--timeout",
        type=seconds_argument,
        metavar="S",
        default=None,
        help="give up after S seconds of CPU time for the whole command, printing included "
        "(a loaded machine gives the same verdict, only later)",
    )
    parser.add_argument("--steps", action="store_true", help="print the solver's steps, one a line")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    parser.add_argument(
        "--algorithm",
        choices=ALGORITHM_CHOICES,
        default="hanjie",
        help="who solves: hanjie (our engine, the default), or a seed's algorithm raced beside "
        "it: rows (row placements, depth first), lines (every placement of every line), "
        "rules (Yu et al.'s rules and chronological backtracking)",
    )


def solution_text(solution: npt.NDArray[np.bool_]) -> str:
    """A solution grid as text art: ``#`` filled, ``.`` empty."""
    return "\n".join("".join("#" if cell else "." for cell in row) for row in solution.tolist())


def print_colour_solutions(puzzle: Puzzle, result: ColourSolveResult) -> None:
    """A colour solve's solutions, one letter per colour (``.`` the background)."""
    letters = puzzle.colours.letters()
    key = ", ".join(
        f"{letters[number]} {printable(colour.name)}"
        for number, colour in enumerate(puzzle.colours.colours, start=1)
    )
    for number, grid in enumerate(result.colour_solutions, start=1):
        print(f"solution {number} ({key}):")
        print("\n".join(colour_grid_text(grid.tolist(), letters)), flush=True)


def verdict_text(result: SolveResult) -> str:
    count = len(result.solutions)
    noun = "solution" if count == 1 else "solutions"
    if result.status == "unique":
        return "unique (exactly 1 solution)"
    if result.status == "none":
        return "none (the clues admit no picture)"
    if result.status == "unknown":
        found = f"; {count} {noun} found so far" if count else ""
        return f"unknown (stopped by the timeout{found})"
    if result.capped:
        return f"multiple (stopped at {count} {noun}: there may be more)"
    if result.timed_out:
        return f"multiple ({count} {noun} found, stopped by the timeout: there may be more)"
    if result.complete:
        return f"multiple (exactly {count} {noun})"
    return f"multiple ({count} {noun} found)"


def engine_name() -> str:
    from game.core.solver.kernel import engine_name as name

    return name()


def result_json(
    path: str,
    puzzle: Puzzle,
    result: SolveResult,
    seconds: float,
    rating: Rating | None,
    algorithm: str = "hanjie",
) -> dict[str, object]:
    return {
        "file": path,
        "size": puzzle.size_text,
        "algorithm": algorithm,
        # Which engine core ran (issue 32): "compiled" or "python" (HANJIE_PURE=1, or no build).
        "engine": engine_name(),
        "status": result.status,
        "solutions": len(result.solutions),
        "complete": result.complete,
        "capped": result.capped,
        "timed_out": result.timed_out,
        "rating": None if rating is None else rating.as_dict(),
        "stats": result.stats.as_dict(),
        "seconds": round(seconds, 6),
    }


def run(args: argparse.Namespace) -> int:
    from game.commands.kinds import commands_for

    return commands_for(args.file).solve(args)  # the file's kind's own (game.commands.kinds)


def solve_nonogram(args: argparse.Namespace) -> int:
    from game.commands.solving import BUDGET_CLOCK

    start = BUDGET_CLOCK()  # --timeout counts CPU time from here: reading the file included
    wall_start = time.perf_counter()
    try:
        puzzle = open_puzzle(args.file, args.puzzle)
        if puzzle.width == 0 or puzzle.height == 0:
            # The game and check refuse it; solve called it "unique", and the two engines'
            # statistics of nothing differed (issue 49).
            raise CommandError(
                f"{quote(args.file)}: the puzzle is {puzzle.size_text}: it has no cells to solve"
            )
    except CommandError as error:
        if args.json:
            # A script reading --json gets a status for every file, a refused one included
            # (it got exit 2 and no JSON at all); the reason is on stderr as always.
            print(json.dumps({"file": args.file, "status": "refused", "error": error.message}))
        raise
    if not race.supports(args.algorithm, puzzle):
        raise CommandError(
            f"{args.file}: the {args.algorithm} algorithm cannot solve colour puzzles "
            "(only hanjie can)"
        )
    max_solutions = ALL_CAP if args.all else (args.max if args.max is not None else 2)
    show_steps = args.steps and not args.json
    algorithm = args.algorithm
    if not args.json:
        title = f" — {printable(puzzle.title)}" if puzzle.title else ""
        print(f"{quote(args.file)}: {puzzle.size_text}{title}", flush=True)
        if algorithm != "hanjie":
            from game.core.race import INFO, clue_totals

            # Seed 004's first test, before any search (the reader already refuses a file
            # whose totals differ, so here it always passes: it is said, not skipped).
            print(f"algorithm: {INFO[algorithm].title} ({INFO[algorithm].source})")
            print(f"first test: {clue_totals(puzzle).text()}", flush=True)

    # Quiet lines in a row are told as one line (the seeds' algorithms beat after each).
    quiet = [0, 0]  # lines, depth

    def on_step(step: Step) -> None:
        if args.json:
            return
        if show_steps and isinstance(step, LinesChecked):
            quiet[0] += step.count
            quiet[1] = step.depth
            return
        if show_steps and quiet[0]:
            text = LinesChecked(quiet[0], quiet[1]).describe()
            print("checked 1 line, nothing new" if quiet[0] == 1 else text)
            quiet[0] = 0
        # Printed as found: nothing is held back for the end, however many are asked for.
        if show_steps:
            print(step.describe())
        if isinstance(step, SolutionFound) and not args.json:
            print(f"solution {step.number}:")
            print(solution_text(step.array()), flush=True)

    result = solve_with_deadline(
        puzzle,
        max_solutions=max_solutions,
        timeout=args.timeout,
        on_step=on_step,
        start=start,
        algorithm=algorithm,
        watch=show_steps,
        second_search=True,
    )
    seconds = time.perf_counter() - wall_start
    # Our engine counts the effort it saw (black and white or colour, as `check` rates
    # them), watched or not: the seeds' algorithms are not rated.
    rating: Rating | None = None
    if algorithm == "hanjie":
        rating = rate(result, effort_of(puzzle, result.stats))
    if args.json:
        print(json.dumps(result_json(args.file, puzzle, result, seconds, rating, algorithm)))
        return 0
    stats = result.stats
    print(f"verdict:  {verdict_text(result)}")
    if isinstance(result, ColourSolveResult):
        print_colour_solutions(puzzle, result)
    if rating is None:
        print("rating:   not rated (stars come from the hanjie engine's steps)")
        print(
            f"stats:    {stats.lines_solved} lines looked at, {stats.guesses} guesses, "
            f"{stats.backtracks} backtracks, depth {stats.max_depth}"
        )
    else:
        print(f"rating:   {rating.star_text} {rating.name} ({rating.reason})")
        print(
            f"stats:    {stats.lines_solved} lines solved, {stats.cache_hits} cache hits, "
            f"{stats.line_rounds} rounds, {stats.probes} probes ({stats.probe_fixes} cells "
            f"fixed), {stats.guesses} guesses, {stats.backtracks} backtracks, "
            f"depth {stats.max_depth}"
        )
    print(f"time:     {seconds:.3f} s")
    return 0
