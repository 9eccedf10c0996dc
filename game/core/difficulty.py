"""How much human effort a puzzle takes, read from the steps the solving engine takes.

A player's work on a nonogram comes in kinds the engine's steps show one by one:

- **simple overlap**: cells any line forces on its own, before anything is known (a run
  longer than the line's slack). They are free; the larger their share of the grid, the
  easier the start (:func:`overlap_share`, from the clues alone);
- **rounds of line logic**: the engine's generations of line solving before it first stalls
  (round 2 works on what round 1 gave, and so on); each round is one more pass of carrying
  facts from rows to columns and back;
- **probing**: when line logic stalls, cells are settled only by trying a value and following
  it to a contradiction. Each probe that proves something is an *insight* a player has to
  find, and every cell set after the first probe needed that look-ahead;
- **search**: guessing and backtracking, which no player enjoys.

:class:`EffortMeter` is an ``on_step`` observer for a
:class:`~game.core.solver.task.SolveTask`; :meth:`EffortMeter.effort` sums what it saw into an
:class:`Effort`. The engine keeps the same counts itself, watched or not
(``SolveStats.insights`` and ``probed_cells``), so :func:`effort_of` gives the same
:class:`Effort` from an unwatched solve, which builds no steps (the meter stays for a caller
that must stop a solve early, ``stop_above``). The :attr:`Effort.points` are::

    points = rounds + 3 * (1 - overlap share) + 4 * insights + 10 * probed share
             + 10 * guesses

The points order puzzles by the work they take; the *level* (:attr:`Effort.level`,
:func:`level_for`) is what a player must do, the same for every source of puzzles (bundled,
Random, daily, converted):

- 1 Easy, 2 Medium, 3 Hard: line logic alone solves it (no probing insight, no guess),
  graded by the line points ``rounds + 3 * (1 - overlap share)``: longer chains of line
  deductions and fewer free overlaps make it harder (cut at :data:`LINE_LIMITS`);
- 4 Expert: line logic stalls, so a probe (a cell tried, one of its values failing by line
  logic) is needed; a player playing it through is stuck one to three times, and each
  time some trial fails within :data:`~game.core.trial_chain.HOLD_ROUNDS` rounds of line
  logic (a chain one can hold in one's head);
- 5 Fiendish: it needs probing and a player is stuck four times or more, or meets a moment
  where no trial fails that soon (a long trial, or trials inside trials), or the engine
  must search.

Expert and Fiendish are told apart by what a player meets (issue 46), measured by
:func:`game.core.trial_chain.feels_fiendish` (its text gives the evidence) and carried as
:attr:`Effort.fiendish_trials`; the engine's probing insights (:data:`EXPERT_INSIGHTS`, the
old cut) still bound the generator's climb and the points.

:func:`level_of` is the old points-only cut, which the Kakuro rating still uses for its own
measures (:mod:`game.core.kakuro.rating`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from game.core.puzzle import Puzzle
from game.core.solver.line import LineSolver, unpack_outcome
from game.core.solver.plane_line import PlaneLineSolver, plane_count
from game.core.solver.result import SolveStats
from game.core.solver.steps import Guess, LineDeduced, ProbeResult, ProbeStarted, Step

ROUND_POINTS = 1.0
START_POINTS = 3.0  # for a grid where overlap gives nothing
INSIGHT_POINTS = 4.0
PROBED_POINTS = 10.0  # for a grid settled wholly after the first probe
GUESS_POINTS = 10.0

# The most points each level allows: 1 Easy, 2 Medium, 3 Hard, 4 Expert; above the last
# (or with any guessing) the puzzle is 5, Fiendish.
LEVEL_LIMITS: tuple[float, ...] = (4.5, 8.0, 14.0, 24.0)
LEVELS = 5
EASY, MEDIUM, HARD, EXPERT, FIENDISH = 1, 2, 3, 4, 5
# The line points a line-solved puzzle may have at Easy and at Medium; above is Hard.
LINE_LIMITS: tuple[float, float] = (4.5, 8.0)
# The most probing insights the generator's Expert climb allows (the old cut between Expert
# and Fiendish; the level is now the player's, :func:`level_for`).
EXPERT_INSIGHTS = 3


def line_points(rounds: int, overlap: float) -> float:
    """How hard line logic alone is: its rounds, and how little simple overlap gives."""
    return ROUND_POINTS * rounds + START_POINTS * (1.0 - overlap)


def level_for(
    rounds: int, overlap: float, insights: int, guesses: int, fiendish_trials: bool = False
) -> int:
    """The level (1-5) of what a player must do (see the module text): ``fiendish_trials``,
    whether a player's probing is Fiendish (:func:`~game.core.trial_chain.feels_fiendish`),
    counts only for a puzzle that needs probing (``insights``)."""
    if guesses:
        return FIENDISH
    if insights:
        return FIENDISH if fiendish_trials else EXPERT
    points = line_points(rounds, overlap)
    if points <= LINE_LIMITS[0]:
        return EASY
    if points <= LINE_LIMITS[1]:
        return MEDIUM
    return HARD


def level_of(points: float, guesses: int = 0) -> int:
    """The level (1-5) of ``points`` on the points-only scale (Kakuro's); any guessing
    makes it 5. Nonograms are levelled by technique, :func:`level_for`."""
    if guesses:
        return LEVELS
    for level, limit in enumerate(LEVEL_LIMITS, start=1):
        if points <= limit:
            return level
    return LEVELS


def overlap_share(puzzle: Puzzle) -> float:
    """The share of cells simple overlap settles, every row and column taken alone from a
    blank grid: a blank line's exact answer is its overlap (the cells its runs cover
    wherever they sit; all of a line its runs fill exactly or an empty clue), in black and
    white and in colour alike (a change of colour needs no gap). Worked out by the engine's
    own line solvers (compiled where built): a colour cell is settled by its yes."""
    width, height = puzzle.width, puzzle.height
    if not width or not height:
        return 1.0
    planes = plane_count(puzzle.colour_count)
    solver = LineSolver() if planes == 1 else PlaneLineSolver(planes)
    clues: list[Any] = (
        [*puzzle.row_clues, *puzzle.column_clues] if planes == 1 else puzzle.line_runs()
    )
    known = np.zeros((height, width), dtype=bool)
    for line_id, clue in enumerate(clues):
        length = (width if line_id < height else height) * planes
        outcome = unpack_outcome(solver.packed(clue, bytes(length)), length)
        if outcome is None:
            continue
        settled = [*outcome[0], *outcome[1]] if planes == 1 else outcome[0]
        cells = [variable // planes for variable in settled]
        if line_id < height:
            known[line_id, cells] = True
        else:
            known[cells, line_id - height] = True
    return float(known.sum()) / (width * height)


@dataclass(frozen=True)
class Effort:
    """What solving a puzzle asked of a player (see the module text)."""

    rounds: int
    overlap: float
    insights: int
    probed: float
    guesses: int
    # Whether a player's probing is Fiendish (stuck four times or more, or a trial too long
    # to hold): :func:`game.core.trial_chain.feels_fiendish`, worked out when probing is needed.
    fiendish_trials: bool = False

    @property
    def points(self) -> float:
        return (
            ROUND_POINTS * self.rounds
            + START_POINTS * (1.0 - self.overlap)
            + INSIGHT_POINTS * self.insights
            + PROBED_POINTS * self.probed
            + GUESS_POINTS * self.guesses
        )

    @property
    def line_points(self) -> float:
        """The line-logic part of the points (what grades Easy, Medium and Hard)."""
        return line_points(self.rounds, self.overlap)

    @property
    def level(self) -> int:
        return level_for(
            self.rounds, self.overlap, self.insights, self.guesses, self.fiendish_trials
        )

    def as_dict(self) -> dict[str, object]:
        return {
            "rounds": self.rounds,
            "overlap": round(self.overlap, 4),
            "insights": self.insights,
            "probed": round(self.probed, 4),
            "guesses": self.guesses,
            "fiendish_trials": self.fiendish_trials,
            "points": round(self.points, 3),
            "level": self.level,
        }


def probing_feel(puzzle: Puzzle, insights: int, guesses: int) -> bool:
    """Whether a player's probing is Fiendish, worked out only for a puzzle that needs
    probing and no search (a search is Fiendish whatever the trials)."""
    if not insights or guesses:
        return False
    from game.core.trial_chain import feels_fiendish

    return feels_fiendish(puzzle)


def effort_of(puzzle: Puzzle, stats: SolveStats) -> Effort:
    """The effort from the counts the engine kept (an unwatched solve's): the same
    :class:`Effort` an :class:`EffortMeter` reading that solve's steps gives."""
    return Effort(
        rounds=stats.line_rounds,
        overlap=overlap_share(puzzle),
        insights=stats.insights,
        probed=stats.probed_cells / max(1, puzzle.width * puzzle.height),
        guesses=stats.guesses,
        fiendish_trials=probing_feel(puzzle, stats.insights, stats.guesses),
    )


class EffortMeter:
    """An ``on_step`` observer that counts probing insights, probed cells and guesses.

    ``stop_above``: end the slice (return True) as soon as the points already certain pass
    it, so a generator can drop a candidate that is too hard without finishing its solve.
    """

    def __init__(self, puzzle: Puzzle, stop_above: float | None = None) -> None:
        self.puzzle = puzzle
        self.cells = max(1, puzzle.width * puzzle.height)
        self.overlap = overlap_share(puzzle)
        self.stop_above = stop_above
        self.probing = False
        self.searching = False
        self.after_probe = False
        self.insights = 0
        self.probed_cells = 0
        self.guesses = 0

    def __call__(self, step: Step) -> bool:
        if isinstance(step, LineDeduced):
            if not step.probe and step.depth == 0 and not self.searching:
                if step.reason == "probe" and self.after_probe:
                    self.insights += 1
                if self.probing:
                    self.probed_cells += len(step.cells)
            self.after_probe = False
        elif isinstance(step, ProbeStarted):
            self.probing = True
            self.after_probe = False
        elif isinstance(step, ProbeResult):
            self.after_probe = True
        elif isinstance(step, Guess):
            self.searching = True
            self.guesses += 1
            self.after_probe = False
        return self.stop_above is not None and self.lower_bound() > self.stop_above

    def lower_bound(self) -> float:
        """The points already certain, whatever the rest of the solve finds."""
        return (
            START_POINTS * (1.0 - self.overlap)
            + INSIGHT_POINTS * self.insights
            + PROBED_POINTS * self.probed_cells / self.cells
            + GUESS_POINTS * self.guesses
        )

    def effort(self, rounds: int) -> Effort:
        """The effort, given the engine's count of line rounds (``SolveStats.line_rounds``)."""
        return Effort(
            rounds=rounds,
            overlap=self.overlap,
            insights=self.insights,
            probed=self.probed_cells / self.cells,
            guesses=self.guesses,
            fiendish_trials=probing_feel(self.puzzle, self.insights, self.guesses),
        )
