"""The solver: an exact line solver, propagation, probing and search behind one generator.

``solve_steps(puzzle)`` yields the engine's steps (see :mod:`game.core.solver.steps`);
``solve(puzzle)`` drains it and returns the :class:`SolveResult`.
"""

from game.core.solver.engine import solve, solve_steps
from game.core.solver.result import SolveResult, SolveStats
from game.core.solver.steps import Step, apply_step, blank_grid

__all__ = ["SolveResult", "SolveStats", "Step", "apply_step", "blank_grid", "solve", "solve_steps"]
