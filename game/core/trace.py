"""A solve as a replay reads it, whatever the puzzle kind: its task pulled a slice at a time,
every step applied to what the replay shows.

A kind's trace (:class:`~game.core.solver.trace.SolveTrace` for nonograms,
:class:`~game.core.kakuro.trace.KakuroTrace` for Kakuro) derives from :class:`StepTrace` and
says in :meth:`StepTrace.apply` how one step changes its board and its figures; the pulling
(a step quota, a time budget, a step that ends the slice), the verdict and the serials a
screen watches to start a flash live here once. No pygame: the bookkeeping is tested bare.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from game.core.slicing import SlicedTask
from game.core.solving import FinishedStep, QuietStep, Verdict

StepT = TypeVar("StepT")
ResultT = TypeVar("ResultT", bound=Verdict[Any, Any])

# Where an advance may stop: True right after the step it accepts (over a kind's steps).
StopRule = Callable[[StepT], bool]


def is_visible_step(step: object) -> bool:
    """Where a "one step" advance stops: any step but a solver's quiet heartbeat."""
    return not isinstance(step, QuietStep)


def is_last_step(step: object) -> bool:
    """The solver's final step (it holds the result)."""
    return isinstance(step, FinishedStep)


class StepTrace(ABC, Generic[StepT, ResultT]):
    """One run of ``task``, applied step by step; ``recent`` keeps the last ``recent_steps``
    steps. A subclass applies each step (:meth:`apply`), keeps the ``solutions`` found
    and bumps ``contradiction_serial`` / ``backtrack_serial`` so a screen knows to flash."""

    solutions: Sequence[object]

    def __init__(self, task: SlicedTask[StepT, ResultT], recent_steps: int) -> None:
        self.task = task
        self.recent: deque[StepT] = deque(maxlen=recent_steps)
        self.result: ResultT | None = None
        self.last_step: StepT | None = None
        # Bumped on every contradiction / backtrack, so the scene can start a flash.
        self.contradiction_serial = 0
        self.backtrack_serial = 0

    @property
    def finished(self) -> bool:
        return self.result is not None

    @abstractmethod
    def apply(self, step: StepT) -> None:
        """Apply one step to the board and to everything a screen shows about it (the
        final step sets :attr:`result`)."""

    def advance(
        self,
        budget: float,
        max_steps: int | None = None,
        stop: StopRule[StepT] | None = None,
    ) -> int:
        """Apply up to ``max_steps`` steps (None: no quota), stopping once ``budget`` seconds
        were spent (at least one step is taken when any is allowed) or right after a step
        ``stop`` accepts. Returns how many steps were applied; the solver's quiet heartbeats
        are applied but not counted, so a slow replay never spends a beat showing nothing."""
        if self.result is not None or (max_steps is not None and max_steps <= 0):
            return 0
        taken = 0

        def observe(step: StepT) -> bool:
            nonlocal taken
            self.apply(step)
            if not isinstance(step, QuietStep):
                taken += 1
            return stop is not None and stop(step)

        self.task.advance(budget, max_steps=max_steps, on_step=observe)
        return taken
