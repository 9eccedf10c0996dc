"""Driving a solver's step generator a slice of time at a time, for both puzzle kinds.

The nonogram :class:`~game.core.solver.task.SolveTask` and the Kakuro
:class:`~game.core.kakuro.task.KakuroSolveTask` pull steps the same way (read the solver
task's module text for the time rules); only their step and result types differ, so the
pulling, the clocks, ``run`` and ``cancel`` live here once. A subclass says which steps are
quiet heartbeats (not counted in ``steps_taken``) and which step carries the final result.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

StepT = TypeVar("StepT")
ResultT = TypeVar("ResultT")


class SlicedTask(ABC, Generic[StepT, ResultT]):
    """One solve, advanced a slice at a time; the subclass sets ``_steps`` to its generator."""

    def __init__(self, *, time_limit: float | None, clock: Callable[[], float]) -> None:
        if time_limit is not None and not time_limit >= 0:  # also refuses NaN
            raise ValueError(f"a time limit must be a number of seconds >= 0, not {time_limit}")
        self.time_limit = time_limit
        self.clock = clock
        self.result: ResultT | None = None
        self.cancelled = False
        # Steps pulled so far (quiet heartbeats not counted).
        self.steps_taken = 0
        # Seconds spent inside the solver (pulling steps), on ``clock``.
        self.engine_seconds = 0.0
        self._steps: Iterator[StepT] | None = None

    @abstractmethod
    def _heartbeat(self, step: StepT) -> bool:
        """True for a quiet step that does not count as one taken."""

    @abstractmethod
    def _final(self, step: StepT) -> ResultT | None:
        """The result if ``step`` is the solver's last one, else None."""

    def _pulled(self, step: StepT) -> None:
        """Sees each step before the observer (for a subclass's live figures)."""

    @property
    def done(self) -> bool:
        """True once the solver finished (see :attr:`result`) or the task was cancelled."""
        return self._steps is None

    def advance(
        self,
        seconds: float,
        *,
        max_steps: int | None = None,
        on_step: Callable[[StepT], bool | None] | None = None,
    ) -> ResultT | None:
        """Work for about ``seconds`` (at least one step), then return the result if done.

        ``max_steps`` ends the slice after that many counted steps (heartbeats are not
        counted). ``on_step`` sees each step as it is pulled, the final step included; it
        may end the slice by returning True.
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
            if not self._heartbeat(step):
                taken += 1
                self.steps_taken += 1
            self._pulled(step)
            stop = on_step(step) if on_step is not None else False
            result = self._final(step)
            if result is not None:
                self.result = result
                self._steps = None
                return result
            if stop or (max_steps is not None and taken >= max_steps):
                return None
            now = clock() if on_step is not None else after
            if now >= deadline:
                return None

    def run(self, on_step: Callable[[StepT], bool | None] | None = None) -> ResultT:
        """Work to the end (or the time limit) and return the result; blocks. ``on_step``
        sees every step, as in :meth:`advance`."""
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
