"""The solver: an exact line solver, propagation, probing and search behind one generator.

``solve_steps(puzzle)`` yields the engine's steps (see :mod:`game.core.solver.steps`);
``solve(puzzle)`` drains it and returns the :class:`SolveResult`; :class:`SolveTask` slices it
by time, the way every screen and service drives the engine.
"""

from game.core.solver.engine import solve, solve_steps
from game.core.solver.result import SolveResult, SolveStats
from game.core.solver.steps import Step, apply_step, blank_grid
from game.core.solver.task import SolveTask

__all__ = [
    "SolveResult",
    "SolveStats",
    "SolveTask",
    "Step",
    "apply_step",
    "blank_grid",
    "solve",
    "solve_steps",
]
