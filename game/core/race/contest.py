"""A race: two to four algorithms on the same puzzle, each given the same CPU time per frame.

The race screen draws from a :class:`Race`; this module holds no pixels, so the rules of the
race are tested bare. Each runner is a :class:`~game.core.solver.trace.SolveTrace` (the
replay's own bookkeeping) on one algorithm. :meth:`Race.advance` gives every runner still
running the same slice of solver time, one after the other, on a CPU clock of this thread
(``time.thread_time``), so a runner is not charged for what other programs did meanwhile.
A runner that has finished waits at the finish; its place is the frame it finished in,
runners finishing in the same frame ordered by the time their algorithm spent.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.core.i18n import N_, _
from game.core.puzzle import Puzzle
from game.core.race import ALGORITHMS, INFO, AlgorithmInfo, check_algorithm, step_source
from game.core.solver.task import SolveCounters
from game.core.solver.trace import SolveTrace

MIN_RUNNERS = 2
MAX_RUNNERS = 4
# Solutions a race counts before it stops: enough to tell unique from several, and to show
# seed 004's 120-solution puzzle told apart by all four.
RACE_MAX_SOLUTIONS = 20
# Seconds of solver work before a runner gives up (seed 004 stopped its DFS after a minute).
RACE_TIME_LIMIT = 20.0


def check_runners(algorithms: Sequence[str]) -> tuple[str, ...]:
    """``algorithms`` as a tuple if they are 2-4 different algorithms; else ValueError."""
    chosen = tuple(check_algorithm(name) for name in algorithms)
    if not MIN_RUNNERS <= len(chosen) <= MAX_RUNNERS:
        raise ValueError(f"a race takes {MIN_RUNNERS} to {MAX_RUNNERS} algorithms")
    if len(set(chosen)) != len(chosen):
        raise ValueError("each algorithm races once")
    return chosen


@dataclass
class Runner:
    """One board of the race: its algorithm, its trace, and when it finished."""

    algorithm: str
    trace: SolveTrace
    place: int | None = None  # 1 for the winner, once finished
    finish_frame: int | None = None

    @property
    def info(self) -> AlgorithmInfo:
        return INFO[self.algorithm]

    @property
    def finished(self) -> bool:
        return self.trace.finished

    @property
    def seconds(self) -> float:
        """Seconds the algorithm itself has worked (its own clock once it finished)."""
        result = self.trace.result
        if result is not None:
            return result.stats.seconds
        return self.trace.task.engine_seconds

    @property
    def counters(self) -> SolveCounters:
        """Steps, lines looked at, guesses, backtracks, solutions: the same for every one."""
        return self.trace.task.counters


class Race:
    """``algorithms`` (2-4 keys of :data:`~game.core.race.ALGORITHMS`) racing on ``puzzle``."""

    def __init__(
        self,
        puzzle: Puzzle,
        algorithms: Sequence[str] = ALGORITHMS,
        max_solutions: int | None = RACE_MAX_SOLUTIONS,
        time_limit: float | None = RACE_TIME_LIMIT,
        clock: Callable[[], float] = time.thread_time,
    ) -> None:
        self.puzzle = puzzle
        self.algorithms = check_runners(algorithms)
        self.max_solutions = max_solutions
        self.time_limit = time_limit
        self.runners = [
            Runner(
                name,
                SolveTrace(
                    puzzle,
                    max_solutions=max_solutions,
                    time_limit=time_limit,
                    clock=clock,
                    source=step_source(name),
                ),
            )
            for name in self.algorithms
        ]
        self.frames = 0
        self.arrived = 0

    @property
    def finished(self) -> bool:
        return all(runner.finished for runner in self.runners)

    def advance(self, seconds_each: float) -> list[Runner]:
        """One frame of the race: every runner still running works for about
        ``seconds_each`` (at least one step). Returns the runners that finished in it, in
        their places."""
        self.frames += 1
        arriving: list[Runner] = []
        for runner in self.runners:
            if runner.finished:
                continue  # waits at the finish
            # The slice is of the algorithm's own work: the replay's bookkeeping of each
            # step comes on top, so an algorithm of many small steps is not held back by it.
            task = runner.trace.task
            goal = task.engine_seconds + seconds_each
            while runner.trace.result is None:
                runner.trace.advance(goal - task.engine_seconds)
                if task.engine_seconds >= goal:
                    break
            if runner.trace.result is not None:
                runner.finish_frame = self.frames
                arriving.append(runner)
        arriving.sort(key=lambda runner: runner.seconds)
        for runner in arriving:
            self.arrived += 1
            runner.place = self.arrived
        return arriving

    def order(self) -> list[Runner]:
        """The finished runners, first first."""
        done = [runner for runner in self.runners if runner.place is not None]
        return sorted(done, key=lambda runner: runner.place or 0)

    def verdicts_agree(self) -> bool:
        """Whether every runner that finished in time found the same verdict and solutions."""
        seen = set()
        for runner in self.runners:
            result = runner.trace.result
            if result is None or result.timed_out:
                continue
            pictures = frozenset(solution.tobytes() for solution in result.solutions)
            seen.add((result.status, result.capped, pictures if not result.capped else None))
        return len(seen) <= 1

    def cancel(self) -> None:
        for runner in self.runners:
            runner.trace.task.cancel()


def place_text(place: int) -> str:
    """1 -> "1st", 2 -> "2nd", 3 -> "3rd", 4 -> "4th"."""
    words = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd"), 4: N_("4th")}
    return _(words[place]) if place in words else _("{place}th").format(place=place)
