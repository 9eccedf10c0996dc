"""Driving a solver's step generator a slice of time at a time, for both puzzle kinds.

The nonogram :class:`~game.core.solver.task.SolveTask` and the Kakuro
:class:`~game.core.kakuro.task.KakuroSolveTask` pull steps the same way (read the solver
task's module text for the time rules); only their step and result types differ, so the
pulling, the clocks, ``run`` and ``cancel`` live here once. Every solver's steps share their
shapes (:mod:`game.core.solving`): a :class:`~game.core.solving.QuietStep` is a heartbeat,
not counted in ``steps_taken``, and a :class:`~game.core.solving.FinishedStep` carries the
result; a task is given the step generator and only adds what is its own.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any, Generic, TypeVar

from game.core.solving import FinishedStep, QuietStep, Verdict

StepT = TypeVar("StepT")
MadeT = TypeVar("MadeT")
ResultT = TypeVar("ResultT", bound=Verdict[Any, Any])


def check_time_limit(time_limit: float | None) -> None:
    """ValueError unless ``time_limit`` is None or a number of seconds >= 0."""
    if time_limit is not None and not time_limit >= 0:  # also refuses NaN
        raise ValueError(f"a time limit must be a number of seconds >= 0, not {time_limit}")


class SlicedTask(Generic[StepT, ResultT]):
    """One solve, advanced a slice at a time, pulling ``steps`` (a solver's generator, whose
    own time limit is ``time_limit`` on ``clock``)."""

    def __init__(
        self,
        steps: Iterator[StepT],
        *,
        time_limit: float | None,
        clock: Callable[[], float],
    ) -> None:
        check_time_limit(time_limit)
        self.time_limit = time_limit
        self.clock = clock
        self.result: ResultT | None = None
        self.cancelled = False
        # Steps pulled so far (quiet heartbeats not counted).
        self.steps_taken = 0
        # Seconds spent inside the solver (pulling steps), on ``clock``.
        self.engine_seconds = 0.0
        self._steps: Iterator[StepT] | None = steps

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
            if not isinstance(step, QuietStep):
                taken += 1
                self.steps_taken += 1
            self._pulled(step)
            stop = on_step(step) if on_step is not None else False
            if isinstance(step, FinishedStep):
                result: ResultT = step.result
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


class SlicedSearch(Generic[MadeT]):
    """A search written as a generator (``_work``, a piece of work a ``next``) that leaves
    its answer in :attr:`result`, worked a slice of time at a time: the generators of both
    puzzle kinds and Random's pictures."""

    result: MadeT | None
    _work: Iterator[None] | None

    @property
    def done(self) -> bool:
        return self.result is not None

    def advance(self, seconds: float) -> MadeT | None:
        """Work for about ``seconds`` (one piece at least), then the answer if it is ready."""
        work = self._work
        if work is None:
            return self.result
        deadline = time.perf_counter() + seconds
        while True:
            try:
                next(work)
            except StopIteration:
                self._work = None
                return self.result
            if time.perf_counter() >= deadline:
                return None

    def cancel(self) -> None:
        """Stop: no more work is done and :attr:`result` stays as it is."""
        self._work = None
