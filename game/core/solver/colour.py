"""The colour engine's door: the plain search (:mod:`~game.core.solver.colour_engine`) or
the learning one (:mod:`~game.core.solver.colour_learn`, the default), one step at a time or
to the end. :class:`~game.core.solver.task.SolveTask` drives colour puzzles through here."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import numpy as np
import numpy.typing as npt

from game.core.puzzle import Puzzle
from game.core.solver.colour_engine import ColourSolveResult, _ColourEngine
from game.core.solver.colour_learn import LearningColourEngine
from game.core.solver.steps import Finished, Step


def _engine(learning: bool) -> type[_ColourEngine]:
    return LearningColourEngine if learning else _ColourEngine


def colour_solve_steps(
    puzzle: Puzzle,
    max_solutions: int | None = 2,
    timeout: float | None = None,
    initial: npt.NDArray[np.integer] | None = None,
    clock: Callable[[], float] = time.perf_counter,
    probing: bool = True,
    learning: bool = True,
    work_limit: int | None = None,
) -> Iterator[Step]:
    """The colour engine, one step at a time; the last step is :class:`Finished` with a
    :class:`ColourSolveResult`. ``initial`` is a grid of -1 (unknown) or colour numbers;
    ``learning`` False searches without learning (chronological backtracking);
    ``work_limit`` ends the solve as a timeout after that many lines looked at."""
    return open_colour_solve(
        puzzle, max_solutions, timeout, initial, clock, probing, learning, work_limit
    )[0]


def open_colour_solve(
    puzzle: Puzzle,
    max_solutions: int | None = 2,
    timeout: float | None = None,
    initial: npt.NDArray[np.integer] | None = None,
    clock: Callable[[], float] = time.perf_counter,
    probing: bool = True,
    learning: bool = True,
    work_limit: int | None = None,
) -> tuple[Iterator[Step], Callable[[], int]]:
    """:func:`colour_solve_steps` and a reading of its work so far (lines looked at), as
    :func:`game.core.solver.engine.open_solve` gives for black and white."""
    engine = _engine(learning)(puzzle, max_solutions, timeout, initial, clock, probing)
    engine.work_limit = work_limit
    return _steps(engine), engine.work


def _steps(engine: _ColourEngine) -> Iterator[Step]:
    for step in engine.run():
        engine.pause_clock()
        yield step
        engine.resume_clock()


def solve_colour(
    puzzle: Puzzle,
    max_solutions: int | None = 2,
    timeout: float | None = None,
    initial: npt.NDArray[np.integer] | None = None,
    probing: bool = True,
    learning: bool = True,
) -> ColourSolveResult:
    """Solve a colour puzzle to the end (or the timeout)."""
    engine = _engine(learning)(puzzle, max_solutions, timeout, initial, time.perf_counter, probing)
    for step in engine.run():
        if isinstance(step, Finished):
            result = step.result
            assert isinstance(result, ColourSolveResult)
            return result
    raise AssertionError("the engine always ends with a Finished step")  # pragma: no cover
