"""The solver: an exact line solver, propagation, probing and search behind one generator.

``solve_steps(puzzle)`` yields the engine's steps (see :mod:`game.core.solver.steps`);
``solve(puzzle)`` drains it and returns the :class:`SolveResult`; :class:`SolveTask` slices it
by time, the way every screen and service drives the engine. A colour puzzle goes to the
colour engine (:mod:`game.core.solver.colour`) through the same two doors: its result is a
:class:`~game.core.solver.colour_engine.ColourSolveResult`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Unpack

from game.core.puzzle import Puzzle
from game.core.solver.options import SolveAsk, SolveOptions
from game.core.solver.result import SolveResult, SolveStats
from game.core.solver.steps import Step, apply_step, blank_grid
from game.core.solver.task import SolveTask, open_solve

__all__ = [
    "SolveAsk",
    "SolveOptions",
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


def solve_steps(puzzle: Puzzle, **ask: Unpack[SolveAsk]) -> Iterator[Step]:
    """The engine's steps for ``puzzle`` (the fields of
    :class:`~game.core.solver.options.SolveOptions` as keywords): the one door,
    :func:`~game.core.solver.task.open_solve`, without its work reading."""
    return open_solve(puzzle, SolveOptions(**ask))[0]


def solve(puzzle: Puzzle, **ask: Unpack[SolveAsk]) -> SolveResult:
    """Solve ``puzzle`` to the end (or the timeout) and return the verdict, no one watching
    propagation; a colour puzzle's is a
    :class:`~game.core.solver.result.ColourSolveResult` (its ``colour_solutions`` hold the
    colour grids)."""
    options = replace(SolveOptions(**ask), watch=False)
    from game.core.solver import engine

    return engine.solve(puzzle, options)
