"""A solving task sliced by time: the one way a screen or a service drives the engine.

A frame loop cannot wait for a solve: a hard puzzle takes seconds. A :class:`SolveTask` wraps
the engine's step generator (:func:`~game.core.solver.engine.solve_steps`) and pulls steps
only while :meth:`SolveTask.advance` is called, for about the seconds it is given, so a scene
calls ``advance(budget)`` once a frame and the window never freezes. A script or a command
that may block calls :meth:`SolveTask.run` instead.

Time is read from one clock (``time.perf_counter`` unless a test injects another):

- ``time_limit`` counts only the engine's own work (time between slices, and time the
  ``on_step`` observer spends, never counts), so a paused replay or a busy frame does not use
  it up. When it runs out the result is ``unknown`` with ``timed_out`` set.
- the ``seconds`` of one :meth:`advance` count everything inside that call, the observer
  included: that is the frame's budget.

Uses in the game: the play screen's "is the goal the only answer?", the converter's fairness
report and fix search, level select's ratings of new puzzles, the replay (which observes every
step) and its "are these marks still solvable?" check.

``algorithm`` picks who solves: ``"hanjie"`` (our engine, the default) or one of the seeds'
algorithms raced beside it (``"rows"``, ``"lines"``, ``"rules"``; see :mod:`game.core.race`).
All yield the same steps and end with the same :class:`SolveResult`; :attr:`SolveTask.counters`
holds the same live figures for each.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from game.core.puzzle import Puzzle
from game.core.slicing import SlicedTask
from game.core.solver.engine import solve_steps
from game.core.solver.result import SolveResult
from game.core.solver.steps import (
    Backtrack,
    Finished,
    Guess,
    LineDeduced,
    LinesChecked,
    SolutionFound,
    Step,
)

if TYPE_CHECKING:
    from game.core.race.base import RaceCounters

# Our engine's key among the algorithms (game.core.race.ALGORITHMS); the race package is
# imported when a task starts, as it imports the solver package itself.
DEFAULT_ALGORITHM = "hanjie"

# An observer sees every step of a slice; returning True ends the slice right after it.
StepObserver = Callable[[Step], bool | None]


class SolveTask(SlicedTask[Step, SolveResult]):
    """One solve of ``puzzle``, advanced a slice at a time.

    ``max_solutions`` None counts every solution; ``time_limit`` None never gives up;
    ``initial`` is a (height, width) grid of -1 / 0 / 1 cells the engine takes as known.
    ``algorithm`` is one of :data:`game.core.race.ALGORITHMS`.
    """

    def __init__(
        self,
        puzzle: Puzzle,
        *,
        max_solutions: int | None = 2,
        time_limit: float | None = None,
        initial: npt.NDArray[np.integer] | None = None,
        clock: Callable[[], float] = time.perf_counter,
        algorithm: str = DEFAULT_ALGORITHM,
    ) -> None:
        from game.core.race import check_algorithm, seed_solver
        from game.core.race.base import RaceCounters

        self.algorithm = check_algorithm(algorithm)
        super().__init__(time_limit=time_limit, clock=clock)
        self.puzzle = puzzle
        self.max_solutions = max_solutions
        # The seeds' algorithms keep their own exact figures; our engine's are read off its
        # steps here (its lines that taught nothing come in batches, and exactly at the end).
        self._own_counters: RaceCounters | None = None
        if algorithm == DEFAULT_ALGORITHM:
            self._steps = solve_steps(
                puzzle,
                max_solutions=max_solutions,
                timeout=time_limit,
                initial=initial,
                clock=clock,
            )
            self._counters = RaceCounters()
        else:
            solver = seed_solver(
                puzzle,
                algorithm,
                max_solutions=max_solutions,
                timeout=time_limit,
                initial=initial,
                clock=clock,
            )
            self._steps = solver.steps()
            self._counters = solver.counters
            self._own_counters = solver.counters

    @property
    def counters(self) -> RaceCounters:
        """Live figures (a copy): steps, lines looked at, guesses, backtracks, solutions."""
        counters = self._counters.copy()
        counters.steps = self.steps_taken
        return counters

    def _count(self, step: Step) -> None:
        counters = self._counters
        if isinstance(step, LineDeduced):
            if not step.probe:
                counters.lines += 1
            counters.depth = step.depth
        elif isinstance(step, LinesChecked):
            counters.lines += step.count
        elif isinstance(step, Guess):
            if not step.alternative:
                counters.guesses += 1
            counters.depth = step.depth
            counters.max_depth = max(counters.max_depth, step.depth)
        elif isinstance(step, Backtrack):
            counters.backtracks += 1
            counters.depth = step.depth
        elif isinstance(step, SolutionFound):
            counters.solutions += 1
        elif isinstance(step, Finished):
            stats = step.result.stats
            # Every line looked at, answered from the cache or not: the "looked at" of the
            # seeds' counters and of the replay's summary (lines_solved alone was smaller).
            counters.lines = stats.lines_solved + stats.cache_hits
            counters.guesses = stats.guesses
            counters.backtracks = stats.backtracks
            counters.max_depth = stats.max_depth

    def _heartbeat(self, step: Step) -> bool:
        # The engine's quiet heartbeat, LinesChecked, is not a step taken.
        return isinstance(step, LinesChecked)

    def _final(self, step: Step) -> SolveResult | None:
        return step.result if isinstance(step, Finished) else None

    def _pulled(self, step: Step) -> None:
        if self._own_counters is None:
            self._count(step)
