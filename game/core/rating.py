"""Difficulty as 1-5 stars with a name, from the human effort a solve reveals.

:mod:`game.core.difficulty` reads the engine's steps: rounds of line logic, how little simple
overlap gives, probing insights, cells only probing settles, guesses. The level is what a
player must do, the same for bundled, Random, daily and converted puzzles:

====  ===========  ==============================================================
star  name         what it takes
====  ===========  ==============================================================
1     Easy         line logic alone, line points at most 4.5 (overlap, a few rounds)
2     Medium       line logic alone, line points at most 8
3     Hard         line logic alone, longer chains of line deductions
4     Expert       probing: stuck one to three times, each time a short trial fails
5     Fiendish     probing: stuck four times or more, or no short trial fails, or a search
====  ===========  ==============================================================

A short trial fails within three rounds of line logic from the tried cell
(:mod:`game.core.trial_chain`, which plays a probing puzzle as a careful player does). The
line points are ``rounds + 3 * (1 - overlap share)``; the points a rating carries add
the probing and guessing work too, and order puzzles within a level.

Rate a puzzle with :func:`rate_puzzle` (an unwatched solve: the engine counts the effort
itself), or rate a result of our engine with ``rate(result, effort_of(puzzle,
result.stats))``; a caller watching the steps anyway may give an
:class:`~game.core.difficulty.EffortMeter` as ``on_step`` and call ``rate(result,
meter.effort(result.stats.line_rounds))``: the same rating. ``rate(result)`` alone lacks
only the overlap share (it takes none): close, but the puzzle gives the real level.

Colour puzzles have the same levels, measured the same way: the one engine solves them
(a cell as planes of yes/no variables, :mod:`game.core.solver.plane_line`) and the same
meter reads its steps, so a star costs a player the same work in colour as in black and
white.

A puzzle with more than one solution is never rated: a player cannot reason it out, so stars
would promise a puzzle that is not there. It gets 0 stars and the name "Ambiguous"
(:data:`AMBIGUOUS`), and screens show that word instead of stars. A puzzle with no solution
gets 0 stars, "No solution"; one the engine could not finish in time (``unknown``), with no
second solution found, is rated on the work it saw, or Fiendish when it found none.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from game.core.difficulty import EXPERT_INSIGHTS, Effort, effort_of
from game.core.i18n import N_, _
from game.core.puzzle import Puzzle
from game.core.solver.result import SolveResult
from game.core.solver.task import SolveTask

# Marked for the catalogue (game.core.i18n): screens translate them where they show them.
STAR_NAMES = {1: N_("Easy"), 2: N_("Medium"), 3: N_("Hard"), 4: N_("Expert"), 5: N_("Fiendish")}
# What each level asks of a player, in the words screens show beside the level's name.
LEVEL_TEXT = {
    1: N_("Line logic alone: overlap and a few rounds."),
    2: N_("Line logic alone, a few more rounds."),
    3: N_("Line logic alone: long chains, few free starts."),
    4: N_("Needs probing: stuck one to three times, each trial short."),
    5: N_("Needs probing: stuck four times or more, or a long trial."),
}
AMBIGUOUS = "Ambiguous"

# What a board's size costs a player, beside what its level asks: its cells, whatever the
# logic. A 40x30 of line logic alone is Easy, and long (issue 46): a card and the play
# header say both. Up to 15x15 short, up to 25x25 medium, above long.
SHORT_CELLS, MEDIUM_CELLS = 225, 625
SIZE_WORDS = (N_("short"), N_("medium"), N_("long"))


def size_cost(width: int, height: int) -> str:
    """The marked word for how long a board of this size is to fill: "short", "medium"
    or "long" (translate it where it is shown)."""
    cells = width * height
    if cells <= SHORT_CELLS:
        return SIZE_WORDS[0]
    return SIZE_WORDS[1] if cells <= MEDIUM_CELLS else SIZE_WORDS[2]


def size_label(puzzle: Puzzle) -> str:
    """Its size and what the size costs, in the player's language: "40x30 · long"."""
    return f"{puzzle.size_text} · {_(size_cost(puzzle.width, puzzle.height))}"


@dataclass(frozen=True)
class Rating:
    """``stars`` 1-5 (0 for a puzzle with no solution or more than one), its ``name``, and
    why."""

    stars: int
    name: str
    reason: str
    points: float = 0.0

    @property
    def ambiguous(self) -> bool:
        return self.name == AMBIGUOUS

    @property
    def star_text(self) -> str:
        """The stars drawn as text, e.g. ``"★★☆☆☆"``."""
        return "★" * self.stars + "☆" * (5 - self.stars)

    def as_dict(self) -> dict[str, object]:
        return {
            "stars": self.stars,
            "name": self.name,
            "reason": self.reason,
            "points": round(self.points, 3),
        }


def _plural(count: int, noun: str) -> str:
    return (
        f"{count} {noun}" if count == 1 else f"{count} {noun}{'es' if noun.endswith('s') else 's'}"
    )


def _estimate(result: SolveResult) -> Effort:
    stats = result.stats
    cells = max(1, sum(len(grid.flat) for grid in result.solutions[:1]))
    return Effort(
        rounds=stats.line_rounds,
        overlap=0.0,
        insights=stats.insights,
        probed=min(1.0, stats.probed_cells / cells),
        guesses=stats.guesses,
        # Without the puzzle no trial is played: the old cut in probing insights.
        fiendish_trials=stats.insights > EXPERT_INSIGHTS,
    )


def _reason(effort: Effort) -> str:
    parts = [f"{_plural(effort.rounds, 'round')} of line logic"]
    parts.append(f"overlap gives {effort.overlap:.0%}")
    if effort.insights:
        insights = _plural(effort.insights, "insight")
        parts.append(f"probing ({insights}) settles {effort.probed:.0%} of the grid")
    if effort.guesses:
        parts.append(f"{_plural(effort.guesses, 'guess')}")
    return f"{', '.join(parts)} ({effort.points:.1f} points)"


def rate(result: SolveResult, effort: Effort | None = None) -> Rating:
    """The difficulty of the puzzle ``result`` came from (see the module text)."""
    if result.status == "none":
        return Rating(0, "No solution", "the clues admit no picture")
    if result.status == "multiple":
        return Rating(0, AMBIGUOUS, "more than one picture fits the clues: not rated")
    if result.status == "unknown" and not result.solutions:
        return Rating(5, STAR_NAMES[5], "the solver ran out of time")
    if effort is None:
        effort = _estimate(result)
    stars = effort.level
    return Rating(stars, STAR_NAMES[stars], _reason(effort), effort.points)


def rate_puzzle(
    puzzle: Puzzle,
    *,
    time_limit: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[SolveResult, Rating]:
    """Solve ``puzzle`` (up to two solutions) and rate it from the effort the engine
    counted (no steps are built); blocks."""
    task = SolveTask(puzzle, max_solutions=2, time_limit=time_limit, clock=clock, watch=False)
    result = task.run()
    return result, rate(result, effort_of(puzzle, result.stats))
