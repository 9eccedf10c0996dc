"""What the seeds' solving algorithms share: the placements of a clue, the live counters, the
engine clock with its time limit, and the verdict they all end with.

Each algorithm is a :class:`RaceSolver` subclass whose :meth:`RaceSolver.run` yields the same
:mod:`~game.core.solver.steps` values as our engine, so ``apply_step`` and the replay show any
of them. A line here is a pair of bitmasks (bit ``i`` is cell ``i``): one of the known filled
cells, one of the known empty cells; a placement of a clue is the mask of its filled cells.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterator

import numpy as np
import numpy.typing as npt

from game.core.lines import Clue
from game.core.puzzle import Puzzle
from game.core.solver.result import SolveResult, SolveStats, finished_result
from game.core.solver.steps import Finished, SolutionFound, Step
from game.core.solver.task import SolveCounters

# The placement enumerator hands back this marker every so many nodes of its search, so an
# algorithm can yield a heartbeat and no step runs long on a line with thousands of placements.
STILL_WORKING = -1
NODES_PER_BEAT = 256
# Lines that gave nothing before a heartbeat step: every one, so a race's slice overruns its
# time by at most one line (the rules take up to a millisecond on a 30-cell line).
QUIET_BEAT = 1
# How many solutions an algorithm keeps when asked for "all": the commands' own cap.
DEFAULT_CAP = 1000


def min_length(clue: Clue) -> int:
    return sum(clue) + len(clue) - 1 if clue else 0


def placements(clue: Clue, length: int, filled: int = 0, empty: int = 0) -> Iterator[int]:
    """Every placement of ``clue`` in a line of ``length`` cells that keeps the known cells,
    leftmost first (the first run as far left as it goes, then the second, ...).

    Seed 001 generates every combination and drops the ones that clash with the known
    cells; it also suggests dropping a whole family at once when one run already clashes,
    which is what this does: runs are laid left to right and a run that covers a known empty
    cell, or a gap that covers a known filled cell, ends that branch. Every
    :data:`NODES_PER_BEAT` nodes it yields :data:`STILL_WORKING` instead of a placement.
    """
    count = len(clue)
    if count == 0:
        if not filled:
            yield 0
        return
    latest = [0] * count
    tail = -1
    for index in range(count - 1, -1, -1):
        tail += clue[index] + 1
        latest[index] = length - tail
    blocks = [(1 << run) - 1 for run in clue]
    next_start = [0] * count  # the next start to try for each run
    gap_from = [0] * count  # the first cell after the previous run (its separator)
    before = [0] * (count + 1)  # the cells the runs before this one fill
    last = count - 1
    index = 0
    nodes = 0
    while index >= 0:
        nodes += 1
        if nodes >= NODES_PER_BEAT:
            nodes = 0
            yield STILL_WORKING
        start = next_start[index]
        if start > latest[index]:
            index -= 1
            continue
        next_start[index] = start + 1
        low = gap_from[index]
        if (filled >> low) & ((1 << (start - low)) - 1):
            # A known filled cell lies in the gap: every later start keeps it there too.
            next_start[index] = latest[index] + 1
            continue
        block = blocks[index] << start
        if block & empty:
            continue
        mask = before[index] | block
        end = start + clue[index]
        if index == last:
            if not filled >> end:
                yield mask
            continue
        if (filled >> end) & 1:  # the separator after this run is known filled
            continue
        before[index + 1] = mask
        gap_from[index + 1] = end
        next_start[index + 1] = end + 1
        index += 1


def line_masks(values: list[int]) -> tuple[int, int]:
    """A line of -1/0/1 values as (filled mask, empty mask)."""
    filled = 0
    empty = 0
    for position, value in enumerate(values):
        if value == 1:
            filled |= 1 << position
        elif value == 0:
            empty |= 1 << position
    return filled, empty


def runs_in_mask(mask: int, length: int) -> Clue:
    runs: list[int] = []
    current = 0
    for position in range(length):
        if (mask >> position) & 1:
            current += 1
        elif current:
            runs.append(current)
            current = 0
    if current:
        runs.append(current)
    return tuple(runs)


class SolverTimeout(Exception):
    """Raised inside an algorithm when its time is up; it ends with an ``unknown`` verdict."""


class RaceSolver:
    """The frame of every seed algorithm: counters, the clock, the solutions, the verdict.

    The time limit counts only the work inside the generator, as the engine's does: the
    clock is paused while a step is handed out (:meth:`steps`).
    """

    name = ""

    def __init__(
        self,
        puzzle: Puzzle,
        max_solutions: int | None = 2,
        timeout: float | None = None,
        initial: npt.NDArray[np.integer] | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.puzzle = puzzle
        self.width = puzzle.width
        self.height = puzzle.height
        self.max_solutions = DEFAULT_CAP if max_solutions is None else max_solutions
        self.timeout = timeout
        self.initial = None if initial is None else np.array(initial, dtype=np.int8)
        self.clock = clock
        self.counters = SolveCounters()
        self.solutions: list[npt.NDArray[np.bool_]] = []
        self._seen: set[bytes] = set()
        self.spent = 0.0
        self.resumed = clock()
        self._ticks = 0

    # -- time ------------------------------------------------------------------------------

    def elapsed(self) -> float:
        return self.spent + (self.clock() - self.resumed)

    def tick(self) -> None:
        """Called in inner loops: raises :class:`SolverTimeout` once the time is up (the
        clock is read every 32 calls)."""
        self._ticks += 1
        if self._ticks >= 32:
            self._ticks = 0
            if self.timeout is not None and self.elapsed() > self.timeout:
                raise SolverTimeout

    def steps(self) -> Iterator[Step]:
        """The algorithm's steps with its clock paused between them; ends with Finished."""
        self.resumed = self.clock()
        for step in self._guarded():
            self.spent += self.clock() - self.resumed
            self.counters.steps += 1
            yield step
            self.resumed = self.clock()

    def _guarded(self) -> Iterator[Step]:
        complete = capped = timed_out = False
        try:
            verdict = yield from self.run()
            complete, capped = verdict == "complete", verdict == "capped"
        except SolverTimeout:
            timed_out = True
        yield Finished(self.result(complete, capped, timed_out))

    def run(self) -> Generator[Step, None, str]:
        """The search; returns (as a generator's value) "complete" or "capped"."""
        raise NotImplementedError  # every algorithm overrides it

    # -- solutions and the verdict -----------------------------------------------------------

    def found(self, rows: list[int], depth: int) -> SolutionFound | None:
        """A complete grid of row masks that satisfies every clue: its step, or None when it
        was found before (never twice the same picture)."""
        width = self.width
        cells = bytes((mask >> x) & 1 for mask in rows for x in range(width))  # row-major 0/1 bytes
        if cells in self._seen:
            return None
        self._seen.add(cells)
        step = SolutionFound(cells, width, self.height, len(self.solutions) + 1, depth)
        self.solutions.append(step.array())
        self.counters.solutions = len(self.solutions)
        return step

    @property
    def capped(self) -> bool:
        return len(self.solutions) >= self.max_solutions

    def grid_solves(self, rows: list[int]) -> bool:
        """Whether row masks make a picture that satisfies every row and column clue."""
        puzzle = self.puzzle
        width = self.width
        for mask, clue in zip(rows, puzzle.row_clues, strict=True):
            if runs_in_mask(mask, width) != clue:
                return False
        for x, clue in enumerate(puzzle.column_clues):
            column = 0
            for y, mask in enumerate(rows):
                column |= ((mask >> x) & 1) << y
            if runs_in_mask(column, self.height) != clue:
                return False
        return True

    def result(self, complete: bool, capped: bool, timed_out: bool) -> SolveResult:
        count = len(self.solutions)
        counters = self.counters
        stats = SolveStats(
            lines_solved=counters.lines,
            guesses=counters.guesses,
            backtracks=counters.backtracks,
            max_depth=counters.max_depth,
            seconds=self.elapsed(),
            solved_without_search=counters.guesses == 0 and count > 0,
            solved_by_lines=counters.guesses == 0 and count > 0,
        )
        return finished_result(
            self.solutions,
            stats,
            complete=complete,
            capped=capped,
            timed_out=timed_out,
            max_solutions=self.max_solutions,
        )
