"""How ``solve`` and ``check`` drive the engine: a deadline in CPU time over a SolveTask.

A command's ``--timeout`` is this process's CPU time (:data:`BUDGET_CLOCK`), not wall time: on
a loaded machine ``check`` on a 512x512 puzzle answered "unknown" after 4 s of CPU, its 60 s
spent waiting for a core (issue 49); counted in CPU the verdict is the one an idle machine
gives, only later. Reading the file, solving and printing are counted alike; waiting for a
slow reader of the output is not work and is not counted.

The engine's own time limit counts only its own work: it pauses its clock whenever a step is
handed out. The command's limit covers the printing too, so the engine gets a
:class:`DeadlineClock`: CPU time until the deadline, and after it a clock that leaps a whole
limit forward on every reading. The engine's next look at its clock (every few lines of work,
and at every step) then sees its limit spent and finishes with an honest "stopped by the
timeout" result, with its statistics and the solutions found so far.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.commands.common import quote

if TYPE_CHECKING:  # the argument types below are used by --help, which loads no numpy
    from game.core.puzzle import Puzzle
    from game.core.solver.result import SolveResult
    from game.core.solver.steps import Step

# The engine keeps every solution it finds until it finishes, so the count a command may ask
# for is bounded: 1000 solutions of the largest grid (512x512) stay well under a gigabyte.
MAX_SOLUTIONS_CAP = 1000
# The clock every command's --timeout is counted on: this process's CPU time (all threads).
BUDGET_CLOCK: Callable[[], float] = time.process_time

# Longest slice between two looks at the clock: short enough that a deadline is kept
# to a few hundredths of a second, long enough that the looks cost nothing.
SLICE_SECONDS = 0.05


def seconds_argument(text: str) -> float:
    """An argparse type: a finite number of seconds above 0 (``nan``, ``inf``, -1 refused)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote(text)!r} is not a number of seconds") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(
            f"{quote(text)!r} is not a number of seconds above 0 (a finite number, like 2.5)"
        )
    return value


def solution_count_argument(text: str) -> int:
    """An argparse type: a whole number of solutions from 1 to :data:`MAX_SOLUTIONS_CAP`."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote(text)!r} is not a whole number") from None
    if not 1 <= value <= MAX_SOLUTIONS_CAP:
        raise argparse.ArgumentTypeError(
            f"{quote(text, 40)} is out of range: ask for 1 to {MAX_SOLUTIONS_CAP} solutions"
        )
    return value


class DeadlineClock:
    """Real time until ``deadline``; after it, each reading is a leap past the one before.

    Any two readings taken after the deadline differ by more than ``leap``, so the engine,
    which measures its work as differences of readings, sees its time limit (at most
    ``leap``) used up at its next look.
    """

    def __init__(self, deadline: float, leap: float, now: Callable[[], float]) -> None:
        self.deadline = deadline
        self.leap = leap
        self.now = now
        self.expired = False
        self._last = -math.inf

    def __call__(self) -> float:
        reading = self.now()
        if reading < self.deadline:
            return reading
        self.expired = True
        self._last = max(reading, self._last) + self.leap
        return self._last


def solve_with_deadline(
    puzzle: Puzzle,
    *,
    max_solutions: int,
    timeout: float | None,
    on_step: Callable[[Step], object] | None = None,
    now: Callable[[], float] | None = None,
    start: float | None = None,
    algorithm: str = "hanjie",
    watch: bool = True,
    second_search: bool = False,
) -> SolveResult:
    """Solve ``puzzle`` within ``timeout`` seconds of CPU time from ``start`` (on ``now``,
    :data:`BUDGET_CLOCK` unless given; default: from this call). ``timeout`` None is no limit.

    ``algorithm`` picks the solver (see :data:`game.core.race.ALGORITHMS`). ``on_step`` sees
    every step as it is found (solutions included), so a command prints as
    it goes and keeps nothing itself. The time it spends counts against the deadline.
    ``watch`` False asks our engine for only its solutions and verdict (its result still
    counts the effort a rating needs: :func:`game.core.difficulty.effort_of`);
    ``second_search`` lets the depth-first search take turns with it (see
    :class:`~game.core.solver.options.SolveOptions`).
    """
    from game.core.race import step_source
    from game.core.solver.task import SolveTask

    if now is None:
        now = BUDGET_CLOCK
    if start is None:
        start = now()
    clock: Callable[[], float] = now
    if timeout is not None:
        clock = DeadlineClock(start + timeout, leap=timeout + 1.0, now=now)

    def observe(step: Step) -> bool:
        if on_step is not None:
            on_step(step)
        return False

    task = SolveTask(
        puzzle,
        max_solutions=max_solutions,
        time_limit=timeout,
        clock=clock,
        source=step_source(algorithm),
        watch=watch,
        second_search=second_search,
    )
    while True:
        result = task.advance(SLICE_SECONDS, on_step=observe if on_step is not None else None)
        if result is not None:
            break
    if isinstance(clock, DeadlineClock) and clock.expired:
        # The leaps are not work: report the engine's seconds as at most the time spent.
        spent = min(result.stats.seconds, now() - start)
        result = dataclasses.replace(result, stats=dataclasses.replace(result.stats, seconds=spent))
    return result
