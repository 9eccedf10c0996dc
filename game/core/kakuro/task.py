"""A Kakuro solve sliced by time: the one way a screen or a service drives the Kakuro solver.

The same interface as the nonogram :class:`~game.core.solver.task.SolveTask` (read its module
text for the time rules), over :func:`~game.core.kakuro.solver.solve_steps`:
``advance(seconds, max_steps=None, on_step=None)`` once a frame, ``run()`` to block,
``cancel()``, ``done``, ``result``, ``steps_taken`` (heartbeats not counted) and
``engine_seconds``. The time limit counts only the solver's own work on ``clock``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from game.core.kakuro.model import KakuroPuzzle
from game.core.kakuro.result import KakuroResult
from game.core.kakuro.solver import solve_steps
from game.core.kakuro.steps import KakuroStep
from game.core.slicing import SlicedTask, check_time_limit

# An observer sees every step of a slice; returning True ends the slice right after it.
KakuroObserver = Callable[[KakuroStep], bool | None]


class KakuroSolveTask(SlicedTask[KakuroStep, KakuroResult]):
    """One solve of ``puzzle``, advanced a slice at a time.

    ``max_solutions`` None counts every solution; ``time_limit`` None never gives up;
    ``initial`` is one candidate mask per white cell (white order) the solver starts from.
    """

    def __init__(
        self,
        puzzle: KakuroPuzzle,
        *,
        max_solutions: int | None = 2,
        time_limit: float | None = None,
        initial: Sequence[int] | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        check_time_limit(time_limit)
        steps = solve_steps(
            puzzle, max_solutions=max_solutions, timeout=time_limit, initial=initial, clock=clock
        )
        super().__init__(steps, time_limit=time_limit, clock=clock)
        self.puzzle = puzzle
        self.max_solutions = max_solutions


def solve(
    puzzle: KakuroPuzzle, *, max_solutions: int | None = 2, time_limit: float | None = None
) -> KakuroResult:
    """Solve ``puzzle`` to the end; blocks (for commands, tools and tests, never a screen)."""
    return KakuroSolveTask(puzzle, max_solutions=max_solutions, time_limit=time_limit).run()
