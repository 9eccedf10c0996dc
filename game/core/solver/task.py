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

``source`` says who solves: a :class:`SourceFactory` makes the :class:`StepSource` (the step
generator, and the live figures it keeps itself, if it does). Our engine
(:func:`engine_source`) is the default; the race (:mod:`game.core.race`) makes sources of the
seeds' algorithms with ``race.step_source(name)``, so the solver never imports the race. All
yield the same steps and end with the same :class:`SolveResult`; :attr:`SolveTask.counters`
holds the same live figures for each.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from game.core.puzzle import Puzzle
from game.core.slicing import SlicedTask, check_time_limit
from game.core.solver.engine import open_solve as open_engine_solve
from game.core.solver.options import SolveOptions
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

# Who solves when no one else is named: our engine (the race's key for it).
ENGINE_NAME = "hanjie"

# An observer sees every step of a slice; returning True ends the slice right after it.
StepObserver = Callable[[Step], bool | None]


@dataclass
class SolveCounters:
    """Live figures of one run, the same for every algorithm.

    ``lines`` counts the lines looked at (a row placement tried against the columns, a line
    enumerated, a line put through the rules, a line our engine solved or found in its
    cache); ``guesses`` the choices made (a row placement put on the board, a cell guessed);
    ``backtracks`` the choices taken back.
    """

    steps: int = 0
    lines: int = 0
    guesses: int = 0
    backtracks: int = 0
    solutions: int = 0
    depth: int = 0
    max_depth: int = 0

    def copy(self) -> SolveCounters:
        return replace(self)


@dataclass(frozen=True)
class StepSource:
    """Where a task's steps come from: ``steps`` ends with ``Finished``; ``counters``, when
    the algorithm keeps its own exact figures, is that live object (None: the task reads the
    figures off the steps, as it does for our engine); ``name`` says who solves."""

    steps: Iterator[Step]
    counters: SolveCounters | None = None
    name: str = ENGINE_NAME
    # The solve's work so far in lines looked at (our engines), else None.
    work: Callable[[], int] | None = None


# Makes the step source of one solve of a puzzle.
SourceFactory = Callable[[Puzzle, SolveOptions], StepSource]


def open_solve(puzzle: Puzzle, options: SolveOptions) -> tuple[Iterator[Step], Callable[[], int]]:
    """The one door to our engine: the steps of ``puzzle`` solved as ``options`` ask, and a
    reading of the solve's work so far (the lines looked at, the unit of ``work_limit``, the
    same count on the compiled engine and on pure Python), black and white or colour alike
    (:mod:`~game.core.solver.plane_line`)."""
    return open_engine_solve(puzzle, options)


def engine_source(puzzle: Puzzle, options: SolveOptions) -> StepSource:
    """Our engine's steps and work (:func:`open_solve`), as a task's source."""
    steps, work = open_solve(puzzle, options)
    return StepSource(steps, work=work)


class SolveTask(SlicedTask[Step, SolveResult]):
    """One solve of ``puzzle``, advanced a slice at a time.

    ``max_solutions`` None counts every solution; ``time_limit`` None never gives up;
    ``initial`` is a (height, width) grid of -1 / 0 / 1 cells the solver takes as known;
    ``source`` makes the steps (our engine unless told otherwise). ``watch`` False and
    ``work_limit`` are a verdict caller's (see :class:`SolveOptions`); :attr:`work` reads
    the work done.
    """

    def __init__(
        self,
        puzzle: Puzzle,
        *,
        max_solutions: int | None = 2,
        time_limit: float | None = None,
        initial: npt.NDArray[np.integer] | None = None,
        clock: Callable[[], float] = time.perf_counter,
        source: SourceFactory = engine_source,
        watch: bool = True,
        work_limit: int | None = None,
        second_search: bool = False,
    ) -> None:
        check_time_limit(time_limit)
        options = SolveOptions(
            max_solutions, time_limit, initial, clock, watch, work_limit, second_search
        )
        made = source(puzzle, options)
        super().__init__(made.steps, time_limit=time_limit, clock=clock)
        self._work = made.work
        self.puzzle = puzzle
        self.max_solutions = max_solutions
        self.source_name = made.name
        # An algorithm that keeps its own exact figures shares them; our engine's are read
        # off its steps here (its lines that taught nothing come in batches, and exactly at
        # the end).
        self._own_counters = made.counters
        self._counters = made.counters if made.counters is not None else SolveCounters()

    @property
    def work(self) -> int:
        """The work done so far in lines looked at (solved or from a cache): the unit of a
        ``work_limit``, the same on the compiled engine and on pure Python. An algorithm
        that does not report it (the race's) counts the lines its steps name."""
        if self._work is not None:
            return self._work()
        return self._counters.lines

    @property
    def counters(self) -> SolveCounters:
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

    def _pulled(self, step: Step) -> None:
        if self._own_counters is None:
            self._count(step)
