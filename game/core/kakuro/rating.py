"""How hard a Kakuro is: the seed thesis's measures plus the solver's effort, as 1-5 stars.

The thesis rates from the board's shape and from how much a first propagation leaves open:
the numbers of white and black cells and the share of whites (bigger is harder), the
candidates per cell after the first propagation (more is harder), and the mean and longest
run. To those the solver adds what a player will actually have to do: the rounds of
propagation needed (each is one more pass of carrying digits between crossing runs), the
candidates left where propagation stalls, and guessing. The :class:`KakuroMeasures` are
summed into points::

    points = whites / 24 + 1.2 * (first-pass candidates - 1) + 0.25 * rounds
             + 0.5 * (mean run - 2) + 0.1 * (longest run - 2)
             + 3 * (candidates left at the stall - 1)

and the points are cut into the same five named levels as nonograms
(:data:`game.core.difficulty.LEVEL_LIMITS`, :data:`game.core.rating.STAR_NAMES`); any
guessing makes a puzzle Fiendish, as it does a nonogram.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from game.core.difficulty import level_of
from game.core.kakuro.model import KakuroPuzzle
from game.core.kakuro.result import KakuroResult
from game.core.kakuro.task import KakuroSolveTask
from game.core.rating import STAR_NAMES, Rating

# Weighed on generated boards (6x6 to 16x16, sums chosen for each level): small boards with
# sums read at once land at Easy, 12x12 boards at Hard, 16x16 ones at Expert; the cuts
# are the nonograms' own, so a level means about the same effort in both kinds.
WHITE_POINTS = 1 / 24
FIRST_PASS_POINTS = 1.2
ROUND_POINTS = 0.25
MEAN_RUN_POINTS = 0.5
LONGEST_RUN_POINTS = 0.1
STALL_POINTS = 3.0


@dataclass(frozen=True)
class KakuroMeasures:
    """The numbers a rating is made of (see the module text)."""

    whites: int
    blacks: int
    white_share: float
    first_pass_candidates: float
    mean_run: float
    longest_run: int
    rounds: int
    stalled_candidates: float
    guesses: int

    @property
    def points(self) -> float:
        return (
            WHITE_POINTS * self.whites
            + FIRST_PASS_POINTS * max(0.0, self.first_pass_candidates - 1)
            + ROUND_POINTS * self.rounds
            + MEAN_RUN_POINTS * max(0.0, self.mean_run - 2)
            + LONGEST_RUN_POINTS * max(0, self.longest_run - 2)
            + STALL_POINTS * max(0.0, self.stalled_candidates - 1)
        )

    def as_dict(self) -> dict[str, object]:
        return {
            "whites": self.whites,
            "blacks": self.blacks,
            "white_share": round(self.white_share, 3),
            "first_pass_candidates": round(self.first_pass_candidates, 3),
            "mean_run": round(self.mean_run, 3),
            "longest_run": self.longest_run,
            "rounds": self.rounds,
            "stalled_candidates": round(self.stalled_candidates, 3),
            "guesses": self.guesses,
            "points": round(self.points, 3),
        }


def measures(puzzle: KakuroPuzzle, result: KakuroResult) -> KakuroMeasures:
    whites = puzzle.white_count
    cells = puzzle.width * puzzle.height
    lengths = [run.length for run in puzzle.runs]
    stats = result.stats
    return KakuroMeasures(
        whites=whites,
        blacks=cells - whites,
        white_share=whites / cells,
        first_pass_candidates=stats.first_pass_candidates,
        mean_run=sum(lengths) / len(lengths) if lengths else 0.0,
        longest_run=max(lengths, default=0),
        rounds=stats.rounds,
        stalled_candidates=stats.stalled_candidates,
        guesses=stats.guesses,
    )


def _plural(count: int, noun: str) -> str:
    return (
        f"{count} {noun}"
        if count == 1
        else f"{count} {noun}es"
        if noun.endswith("s")
        else (f"{count} {noun}s")
    )


def rate_kakuro(puzzle: KakuroPuzzle, result: KakuroResult) -> Rating:
    """The difficulty of ``puzzle`` from a solve of it (``max_solutions`` 2): stars 1-5 and
    the reason in words; 0 stars, "No solution", when it has none."""
    if result.status == "none":
        return Rating(0, "No solution", "the sums admit no digits")
    if result.status == "unknown" and not result.solutions:
        return Rating(5, STAR_NAMES[5], "the solver ran out of time")
    found = measures(puzzle, result)
    stars = level_of(found.points, found.guesses)
    parts = [
        f"{found.whites} white cells",
        f"{found.first_pass_candidates:.1f} candidates a cell after the first pass",
        _plural(found.rounds, "round") + " of propagation",
        f"runs of {found.mean_run:.1f} on average, at most {found.longest_run}",
    ]
    if found.guesses:
        parts.append(_plural(found.guesses, "guess"))
    reason = f"{', '.join(parts)} ({found.points:.1f} points)"
    return Rating(stars, STAR_NAMES[stars], reason, found.points)


def rate_kakuro_puzzle(
    puzzle: KakuroPuzzle,
    *,
    time_limit: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[KakuroResult, Rating]:
    """Solve ``puzzle`` (up to two solutions) and rate it; blocks. ``time_limit`` is counted
    on ``clock`` (``check`` passes CPU time)."""
    result = KakuroSolveTask(puzzle, max_solutions=2, time_limit=time_limit, clock=clock).run()
    return result, rate_kakuro(puzzle, result)
