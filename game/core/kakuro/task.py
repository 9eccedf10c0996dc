"""A Kakuro solve sliced by time: the one way a screen or a service drives the Kakuro solver.

The same interface as the nonogram :class:`~game.core.solver.task.SolveTask` (read its module
text for the time rules), over :func:`~game.core.kakuro.solver.solve_steps`:
``advance(seconds, max_steps=None, on_step=None)`` once a frame, ``run()`` to block,
``cancel()``, ``done``, ``result``, ``steps_taken`` (heartbeats not counted) and
``engine_seconds``. The time limit counts only the solver's own work on ``clock``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence

from game.core.kakuro.model import KakuroPuzzle
from game.core.kakuro.solver import KakuroResult, solve_steps
from game.core.kakuro.steps import Finished, KakuroStep, RunsChecked

# An observer sees every step of a slice; returning True ends the slice right after it.
KakuroObserver = Callable[[KakuroStep], bool | None]


class KakuroSolveTask:
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
        if time_limit is not None and not time_limit >= 0:  # also refuses NaN
            raise ValueError(f"a time limit must be a number of seconds >= 0, not {time_limit}")
        self.puzzle = puzzle
        self.max_solutions = max_solutions
        self.time_limit = time_limit
        self.clock = clock
        self.result: KakuroResult | None = None
        self.cancelled = False
        self.steps_taken = 0
        self.engine_seconds = 0.0
        self._steps: Iterator[KakuroStep] | None = solve_steps(
            puzzle,
            max_solutions=max_solutions,
            timeout=time_limit,
            initial=initial,
            clock=clock,
        )

    @property
    def done(self) -> bool:
        """True once the solver finished (see :attr:`result`) or the task was cancelled."""
        return self._steps is None

    def advance(
        self,
        seconds: float,
        *,
        max_steps: int | None = None,
        on_step: KakuroObserver | None = None,
    ) -> KakuroResult | None:
        """Work for about ``seconds`` (at least one step), then return the result if done.

        ``max_steps`` ends the slice after that many counted steps; ``on_step`` sees each
        step as it is pulled, ``Finished`` included, and may end the slice by returning True.
        """
        steps = self._steps
        if steps is None:
            return self.result
        clock = self.clock
        now = clock()
        deadline = now + seconds
        taken = 0
        while True:
            step = next(steps)
            after = clock()
            self.engine_seconds += after - now
            if not isinstance(step, RunsChecked):
                taken += 1
                self.steps_taken += 1
            stop = on_step(step) if on_step is not None else False
            if isinstance(step, Finished):
                self.result = step.result
                self._steps = None
                return self.result
            if stop or (max_steps is not None and taken >= max_steps):
                return None
            now = clock() if on_step is not None else after
            if now >= deadline:
                return None

    def run(self, on_step: KakuroObserver | None = None) -> KakuroResult:
        """Work to the end (or the time limit) and return the result; blocks."""
        while True:
            result = self.advance(3600.0, on_step=on_step)
            if result is not None:
                return result
            if self._steps is None:  # cancelled from an observer
                raise RuntimeError("the task was cancelled before it finished")

    def cancel(self) -> None:
        """Stop for good: the solver is closed and :attr:`result` stays as it is."""
        if self._steps is not None:
            self.cancelled = True
            close = getattr(self._steps, "close", None)
            if close is not None:
                close()
            self._steps = None


def solve(
    puzzle: KakuroPuzzle, *, max_solutions: int | None = 2, time_limit: float | None = None
) -> KakuroResult:
    """Solve ``puzzle`` to the end; blocks (for commands, tools and tests, never a screen)."""
    return KakuroSolveTask(puzzle, max_solutions=max_solutions, time_limit=time_limit).run()
