"""``hanjie solve FILE``: the verdict, rating, statistics and solution(s) of one puzzle."""

from __future__ import annotations

import argparse
import json
import sys
import time

import numpy as np
import numpy.typing as npt

from game.core.puzzle import Puzzle
from game.core.rating import rate
from game.core.solver.result import SolveResult

HELP = "solve a puzzle file: verdict (unique/multiple/none), rating, statistics, solutions"

# "--all" counts solutions up to this many, so a puzzle with millions still ends.
ALL_CAP = 1000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a puzzle file or a Pattern game id")
    count = parser.add_mutually_exclusive_group()
    count.add_argument(
        "--all",
        action="store_true",
        help=f"find every solution (stops at {ALL_CAP} and says so)",
    )
    count.add_argument(
        "--max",
        type=int,
        metavar="N",
        default=None,
        help="stop after N solutions (default 2: enough to tell unique from multiple)",
    )
    parser.add_argument(
        "--timeout", type=float, metavar="S", default=None, help="give up after S seconds"
    )
    parser.add_argument("--steps", action="store_true", help="print the solver's steps, one a line")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")


def solution_text(solution: npt.NDArray[np.bool_]) -> str:
    """A solution grid as text art: ``#`` filled, ``.`` empty."""
    return "\n".join("".join("#" if cell else "." for cell in row) for row in solution.tolist())


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
    if result.complete:
        return f"multiple (exactly {count} {noun})"
    return f"multiple ({count} {noun} found)"


def result_json(
    path: str, puzzle: Puzzle, result: SolveResult, seconds: float
) -> dict[str, object]:
    rating = rate(result)
    return {
        "file": path,
        "size": puzzle.size_text,
        "status": result.status,
        "solutions": len(result.solutions),
        "complete": result.complete,
        "capped": result.capped,
        "timed_out": result.timed_out,
        "rating": rating.as_dict(),
        "stats": result.stats.as_dict(),
        "seconds": round(seconds, 6),
    }


def run(args: argparse.Namespace) -> int:
    from game.core.formats import FormatError, read_puzzle
    from game.core.solver import solve_steps
    from game.core.solver.steps import Finished

    if args.max is not None and args.max < 1:
        print(f"hanjie: --max must be at least 1, not {args.max}", file=sys.stderr)
        return 2
    if args.timeout is not None and args.timeout <= 0:
        print(f"hanjie: --timeout must be positive, not {args.timeout:g}", file=sys.stderr)
        return 2
    try:
        puzzle = read_puzzle(args.file)
    except (FormatError, OSError) as error:
        print(f"hanjie: {error}", file=sys.stderr)
        return 2
    max_solutions = ALL_CAP if args.all else (args.max if args.max is not None else 2)
    start = time.perf_counter()
    result: SolveResult | None = None
    for step in solve_steps(puzzle, max_solutions=max_solutions, timeout=args.timeout):
        if args.steps and not args.json:
            print(step.describe())
        if isinstance(step, Finished):
            result = step.result
    assert result is not None
    seconds = time.perf_counter() - start
    if args.json:
        print(json.dumps(result_json(args.file, puzzle, result, seconds)))
        return 0
    rating = rate(result)
    stats = result.stats
    title = f" — {puzzle.title}" if puzzle.title else ""
    print(f"{args.file}: {puzzle.size_text}{title}")
    print(f"verdict:  {verdict_text(result)}")
    print(f"rating:   {rating.star_text} {rating.name} ({rating.reason})")
    print(
        f"stats:    {stats.lines_solved} lines solved, {stats.cache_hits} cache hits, "
        f"{stats.line_rounds} rounds, {stats.probes} probes ({stats.probe_fixes} cells fixed), "
        f"{stats.guesses} guesses, {stats.backtracks} backtracks, depth {stats.max_depth}"
    )
    print(f"time:     {seconds:.3f} s")
    for number, solution in enumerate(result.solutions, start=1):
        print(f"solution {number}:")
        print(solution_text(solution))
    return 0
