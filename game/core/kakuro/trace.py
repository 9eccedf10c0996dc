"""A Kakuro solve, step by step, as the replay shows it: what the solver knows of each cell.

The replay draws from a :class:`KakuroTrace`, which drives a
:class:`~game.core.kakuro.task.KakuroSolveTask` (the pulling is
:class:`~game.core.trace.StepTrace`'s, as for nonograms) and applies each step to one
candidate mask per white cell with :func:`~game.core.kakuro.steps.apply_step`. Besides the
masks it keeps the depth each cell was last set at (digits found under a guess are drawn in
the trial colour), the open guesses, the run just reasoned about, the last run that could
not be completed and the cells the last backtrack restored, live counters and the last
steps. The solver's heartbeats are neither shown nor counted.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from game.core.i18n import N_, _
from game.core.kakuro import steps as ks
from game.core.kakuro.model import DigitRows, KakuroPuzzle
from game.core.kakuro.result import KakuroResult
from game.core.kakuro.task import KakuroSolveTask
from game.core.trace import StepTrace

RECENT_STEPS = 8
DEFAULT_MAX_SOLUTIONS = 2
DEFAULT_TIME_LIMIT = 30.0  # seconds of solver work before a replay gives up


@dataclass
class KakuroCounters:
    """Live figures for the side panel (the trace hands out copies)."""

    steps: int = 0
    guesses: int = 0
    backtracks: int = 0
    depth: int = 0
    max_depth: int = 0
    solutions: int = 0
    solver_seconds: float = 0.0


class KakuroTrace(StepTrace[ks.KakuroStep, KakuroResult]):
    """One run of the Kakuro solver on ``puzzle``, applied step by step."""

    task: KakuroSolveTask

    def __init__(
        self,
        puzzle: KakuroPuzzle,
        max_solutions: int | None = DEFAULT_MAX_SOLUTIONS,
        time_limit: float | None = DEFAULT_TIME_LIMIT,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        task = KakuroSolveTask(
            puzzle, max_solutions=max_solutions, time_limit=time_limit, clock=clock
        )
        super().__init__(task, RECENT_STEPS)
        self.puzzle = puzzle
        self.candidates = ks.blank_candidates(puzzle)
        self.depth_of: dict[int, int] = {}  # white index -> depth it was last set at
        self.guessed: dict[int, int] = {}  # open guesses: white index -> depth
        self.current_run: int | None = None  # the run just reasoned about
        self.failed_run: int | None = None  # the last run that could not be completed
        self.last_restored: tuple[int, ...] = ()  # the cells the last backtrack restored
        self.solutions: list[DigitRows] = []
        self._counters = KakuroCounters()

    @property
    def counters(self) -> KakuroCounters:
        return replace(self._counters)  # a snapshot: the trace goes on counting

    def apply(self, step: ks.KakuroStep) -> None:
        if isinstance(step, ks.RunsChecked):
            return  # a heartbeat: nothing to show
        counters = self._counters
        counters.solver_seconds = self.task.engine_seconds
        counters.steps += 1
        self.last_step = step
        self.recent.append(step)
        ks.apply_step(self.candidates, step)
        if isinstance(step, ks.CandidatesRemoved):
            self.current_run = step.run
            counters.depth = step.depth
            for index, _mask in step.removed:
                self.depth_of[index] = step.depth
        elif isinstance(step, ks.DigitPlaced):
            self.depth_of[step.cell] = step.depth
        elif isinstance(step, ks.Guess):
            self._guess(step)
        elif isinstance(step, ks.Backtrack):
            counters.backtracks += 1
            counters.depth = step.depth
            for index, _mask in step.cells:
                self.depth_of[index] = min(self.depth_of.get(index, 0), step.depth)
            self.guessed = {c: d for c, d in self.guessed.items() if d <= step.depth}
            self.last_restored = tuple(index for index, _mask in step.cells)
            self.backtrack_serial += 1
        elif isinstance(step, ks.Contradiction):
            self.failed_run = step.run
            self.contradiction_serial += 1
        elif isinstance(step, ks.SolutionFound):
            self.solutions.append(step.rows)
            counters.solutions = step.number
        elif isinstance(step, ks.Finished):
            self.result = step.result
            # The solver's own clock from here on, so the panel and the summary agree.
            counters.solver_seconds = step.result.stats.seconds
            self.current_run = None

    def _guess(self, step: ks.Guess) -> None:
        counters = self._counters
        counters.guesses += not step.exclude
        counters.depth = step.depth
        counters.max_depth = max(counters.max_depth, step.depth)
        self.depth_of[step.cell] = step.depth
        if step.exclude:
            self.guessed.pop(step.cell, None)
        else:
            self.guessed[step.cell] = step.depth

    def solution_digits(self, index: int) -> list[int]:
        """Solution ``index`` as one digit per white cell (white order)."""
        rows = self.solutions[index]
        return [rows[y][x] for x, y in self.puzzle.white_cells]

    def differing_cells(self) -> frozenset[int]:
        """The white cells (indices) where the solutions found do not all agree."""
        if len(self.solutions) < 2:
            return frozenset()
        first = self.solution_digits(0)
        differ: set[int] = set()
        for number in range(1, len(self.solutions)):
            other = self.solution_digits(number)
            differ.update(i for i, (a, b) in enumerate(zip(first, other, strict=True)) if a != b)
        return frozenset(differ)


def kakuro_verdict_text(result: KakuroResult) -> str:
    """The end of a Kakuro replay in words."""
    words = {
        "unique": N_("One solution: a fair puzzle"),
        "multiple": N_("More than one solution"),
        "none": N_("No solution"),
        "unknown": N_("Not decided in time"),
    }
    return _(words.get(result.status, result.status))
