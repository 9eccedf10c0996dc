"""The solver: an exact line solver, propagation, probing and search behind one generator.

``solve_steps(puzzle)`` yields the engine's steps (see :mod:`game.core.solver.steps`);
``solve(puzzle)`` drains it and returns the :class:`SolveResult`; :class:`SolveTask` slices it
by time, the way every screen and service drives the engine. A colour puzzle goes to the
colour engine (:mod:`game.core.solver.colour`) through the same two doors: its result is a
:class:`~game.core.solver.colour_engine.ColourSolveResult`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import numpy as np
import numpy.typing as npt

from game.core.puzzle import Puzzle
from game.core.solver import engine
from game.core.solver.result import SolveResult, SolveStats
from game.core.solver.steps import Step, apply_step, blank_grid
from game.core.solver.task import SolveTask, open_solve

__all__ = [
    "SolveResult",
    "SolveStats",
    "SolveTask",
    "Step",
    "apply_step",
    "blank_grid",
    "open_solve",
    "solve",
    "solve_steps",
]


def solve_steps(
    puzzle: Puzzle,
    max_solutions: int | None = 2,
    timeout: float | None = None,
    initial: npt.NDArray[np.integer] | None = None,
    clock: Callable[[], float] = time.perf_counter,
    watch: bool = True,
    work_limit: int | None = None,
) -> Iterator[Step]:
    """The engine's steps for ``puzzle`` (:func:`game.core.solver.engine.solve_steps`); a
    colour puzzle's come from the colour engine, which always gives every step (``watch`` is
    then ignored). ``initial`` holds -1 (unknown) or a cell's value (0/1, or a colour's
    number); ``work_limit`` ends the solve after that many lines looked at."""
    return open_solve(puzzle, max_solutions, timeout, initial, clock, watch, work_limit)[0]


def solve(
    puzzle: Puzzle,
    max_solutions: int | None = 2,
    timeout: float | None = None,
    initial: npt.NDArray[np.integer] | None = None,
) -> SolveResult:
    """Solve ``puzzle`` to the end (or the timeout) and return the verdict; a colour puzzle's
    is a :class:`~game.core.solver.colour_engine.ColourSolveResult` (its ``colour_solutions``
    hold the colour grids)."""
    if puzzle.is_colour:
        from game.core.solver.colour import solve_colour

        return solve_colour(puzzle, max_solutions, timeout, initial)
    return engine.solve(puzzle, max_solutions, timeout, initial)
