"""Which cells can go either way: the exact set of cells that differ between solutions.

A cell is *free* when two solutions of the clues give it different values; every other cell
is the same in all solutions. Against one reference solution ``R`` (the author's picture, or
the first solution found) a cell is free exactly when some solution differs from ``R`` there:
if two solutions disagree on a cell, one of them disagrees with ``R``. So:

1. the first solve (for two solutions) gives the cells its second solution changes, and the
   cells line logic and probing settled before any guess, which are the same in every
   solution and need no more work;
2. when many cells are in doubt, a solve for every solution, capped (``ENUMERATION_CAP``
   solutions, a share of the time): most ambiguous pictures have a handful of solutions,
   and when this search is exhausted the union of their differences from ``R`` is the
   exact answer at once; when it is not, each solution it found still clears its cells;
3. every other cell still in doubt gets a solve of its own with the cell forced to the other
   value (``SolveTask(initial=...)``). A solution found there clears that cell *and* every
   cell it changes at once; "no solution" proves the cell fixed, and it joins the known cells
   the next solves start from. A cell whose solve ran out of its own time is tried again,
   with four times the time, once every other cell has had its turn.

All solving goes through :class:`~game.core.solver.task.SolveTask`, sliced and unwatched
(no steps built but the verdict's, so the compiled engine runs at its own speed):
:meth:`FreeCellSearch.advance` works for about the seconds it is given. Its limits count
either engine seconds (``time_limit``, the converter's live report: it must answer soon on any
machine) or engine **work** (``work_limit``, Make it fair: lines looked at, solved or answered
from a cache, a count the compiled engine and pure Python report alike, so the same picture
gets the same answer on either engine, on a fast machine and on a loaded one; see
:class:`CountedSolve`). When the budget runs out the result says "at least N".

A colour puzzle (issue 33) works the same way on colour numbers: a cell is free when two
solutions give it different colours (the background included), the reference is the goal's
colours (or the first solution's), and a cell in doubt is tried against each other colour in
turn; it is fixed when none of them has a solution.

Nothing here imports pygame.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from game.core.i18n import _, ngettext
from game.core.puzzle import Puzzle
from game.core.solver.engine_state import WORK_BEAT
from game.core.solver.result import SolveResult, SolveStats, finished_result
from game.core.solver.steps import (
    CellPosition,
    Guess,
    LineDeduced,
    RootSettled,
    SolutionFound,
    Step,
)
from game.core.solver.task import SolveTask

BoolGrid = npt.NDArray[np.bool_]
KnownGrid = npt.NDArray[np.int8]
# A solution as one number a cell: 0/1 in black and white, colour numbers in colour.
ValueGrid = npt.NDArray[np.int8]
Clock = Callable[[], float]

# Engine work (lines looked at) a second of solving took on the pure-Python engine when the
# work limits below were first tuned in seconds: 25,000 steps a second on 30x30 photo
# conversions (scikit-image's photos, unloaded 2-core machine), at 1.1-2.4 lines a step
# (median 1.4, Make it fair on eight photos at 30x30 and 40x30). Only to state the limits in
# the seconds they were tuned in; the compiled engine does the same work in a fraction of it.
WORK_PER_SECOND = 40_000
# A counted solve (CountedSolve) is pulled this much work at a time at most (an unwatched
# solve's heartbeat comes every WORK_BEAT lines), so a slice ends near its budget.
SLICE_WORK = WORK_BEAT
# Engine seconds one doubtful cell may take before it is left undecided: a cell whose forced
# solve is that hard must not eat the budget of all the others.
CELL_TIME_LIMIT = 1.0
# The doubt solves are stepped this much at a time inside one advance(), so a slice ends close
# to its budget however long each solve is.
_STEP_SLICE = 0.002
# The enumeration (step 2) stops at this many solutions, and after this share of the time
# limit (or ENUMERATION_TIME engine seconds without one): past that, solving cell by cell
# is the better use of the time. Measured on the photo conversions of issue 12 at 30x30:
# chelsea under the outline method has 8 solutions, all found in 1.4 s, while the cell by
# cell search had one cell it could not settle in its 1 s.
ENUMERATION_CAP = 64
ENUMERATION_SHARE = 0.4
ENUMERATION_TIME = 3.0
# The same limits in engine work, for a search whose budget counts work (work_limit).
CELL_WORK_LIMIT = int(CELL_TIME_LIMIT * WORK_PER_SECOND)
ENUMERATION_WORK = int(ENUMERATION_TIME * WORK_PER_SECOND)
# With few cells in doubt the cell by cell search is quick and the enumeration not worth it
# (on hundreds of 5x5 puzzles it made the search about twice as slow).
ENUMERATION_MIN_DOUBT = 40


@dataclass(frozen=True)
class FreeCells:
    """The outcome: ``cells`` (x, y) that differ between solutions, row by row.

    ``exact`` False means the budget ran out with ``undecided`` cells not looked at: there are
    at least ``len(cells)`` free cells. ``solutions`` counts the distinct solutions seen.
    """

    cells: tuple[CellPosition, ...]
    exact: bool
    undecided: int = 0
    solutions: int = 0
    seconds: float = 0.0

    @property
    def count(self) -> int:
        return len(self.cells)

    @property
    def text(self) -> str:
        """ "exactly 12 cells can go either way", "at least 4 cells …", "no cell …"."""
        count = self.count
        if self.exact:
            if not count:
                return _("no cell can go either way")
            exactly = ngettext(
                "exactly {count} cell can go either way",
                "exactly {count} cells can go either way",
                count,
            )
            return exactly.format(count=count)
        at_least = ngettext(
            "at least {count} cell can go either way",
            "at least {count} cells can go either way",
            count,
        )
        return at_least.format(count=count)


class SettledCells:
    """An ``on_step`` observer: the cells the engine settled before its first guess.

    Line logic and probing at the root prove cells for every solution; once the engine
    guesses, later deductions hold only under the guess and are ignored. A watched solve
    tells them step by step; an unwatched one in one :class:`RootSettled` step.
    """

    def __init__(self, puzzle: Puzzle) -> None:
        self.known: KnownGrid = np.full((puzzle.height, puzzle.width), -1, dtype=np.int8)
        self.guessed = False

    def __call__(self, step: Step) -> bool:
        if isinstance(step, RootSettled):
            self.known = step.known()
        elif isinstance(step, Guess):
            self.guessed = True
        elif (
            not self.guessed
            and isinstance(step, LineDeduced)
            and not step.probe
            and step.depth == 0
        ):
            for x, y, value in step.cells:
                self.known[y, x] = value
        return False


class CountedSolve:
    """A :class:`SolveTask` whose limit is engine work, not time: ``work_limit`` lines looked
    at (solved, or answered from a cache; the engine stops itself there, at the same line on
    the compiled engine and on pure Python), or ``time_limit`` engine seconds when
    ``work_limit`` is None. A solve cut off by either ends as ``unknown`` with ``timed_out``
    set, keeping the solutions it had found: callers need not know which limit applied.

    The solve is unwatched (only the verdict's steps, so the compiled engine runs at its own
    speed) unless ``watch`` asks for every step, for an ``observer`` that reads them (the
    effort meter); a :class:`SettledCells` observer works either way. ``work`` counts the
    work done and ``engine_seconds`` the time it took (real, for reports and safety caps).
    """

    def __init__(
        self,
        puzzle: Puzzle,
        *,
        max_solutions: int | None,
        work_limit: int | None = None,
        time_limit: float | None = None,
        initial: KnownGrid | None = None,
        observer: Callable[[Step], object] | None = None,
        watch: bool = False,
        clock: Clock = time.perf_counter,
    ) -> None:
        self.task = SolveTask(
            puzzle,
            max_solutions=max_solutions,
            time_limit=time_limit if work_limit is None else None,
            initial=initial,
            clock=clock,
            watch=watch,
            work_limit=work_limit,
        )
        self.work_limit = work_limit
        self.observer = observer
        self.result: SolveResult | None = None
        self._found: list[BoolGrid] = []
        # The same solutions as one number a cell (colour numbers for a colour puzzle).
        self.values: list[ValueGrid] = []
        self._stop_at = 0

    @property
    def work(self) -> int:
        return self.task.work

    @property
    def engine_seconds(self) -> float:
        return self.task.engine_seconds

    def _on_step(self, step: Step) -> bool:
        if self.observer is not None:
            self.observer(step)
        if isinstance(step, SolutionFound):
            self._found.append(step.array())
            codes = np.frombuffer(step.data, dtype=np.uint8).reshape(step.height, step.width)
            self.values.append(codes.astype(np.int8))
        return self.task.work >= self._stop_at

    def advance(self, seconds: float, work: int = SLICE_WORK) -> SolveResult | None:
        """Work for about ``seconds`` or about ``work`` lines, whichever ends first; the
        result once the solve is over, else None."""
        if self.result is None:
            self._stop_at = self.task.work + work
            found = self.task.advance(seconds, on_step=self._on_step)
            if found is not None:
                self.result = found
        return self.result

    def cancel(self) -> None:
        """Stop for good; the result is ``unknown`` (timed out) with the solutions found."""
        self.task.cancel()
        if self.result is None:
            self.result = finished_result(
                self._found,
                SolveStats(),
                complete=False,
                capped=False,
                timed_out=True,
                max_solutions=self.task.max_solutions,
            )


def reference_of(puzzle: Puzzle, solutions: Sequence[BoolGrid]) -> BoolGrid | None:
    """The solution the free cells are measured against: the puzzle's goal when it solves
    the clues, else the first solution found."""
    goal = puzzle.goal_array()
    if goal is not None and puzzle.is_solution(goal):
        return goal
    return np.asarray(solutions[0], dtype=bool) if solutions else None


def solution_values(
    puzzle: Puzzle, result: SolveResult, found: Sequence[ValueGrid] = ()
) -> list[ValueGrid]:
    """``result``'s solutions as one number a cell (colour numbers; black and white 0/1): a
    colour result's own, else ``found`` (the values a :class:`CountedSolve` saw, one number a
    cell whatever the kind, when a solve was cut off), else the boolean solutions."""
    colours = getattr(result, "colour_solutions", None)
    if colours:
        return [np.asarray(grid, dtype=np.int8) for grid in colours]
    if found:
        return list(found)
    return [np.asarray(grid, dtype=bool).astype(np.int8) for grid in result.solutions]


def reference_values(puzzle: Puzzle, solutions: Sequence[ValueGrid]) -> ValueGrid | None:
    """:func:`reference_of` as one number a cell (a colour puzzle's colours, else 0/1). A
    puzzle's goal always solves its clues (the constructor checks it, or read the clues off
    it), so it is not checked again: Make it fair asks this of every candidate."""
    goal = puzzle.goal_values()
    if goal is not None:
        return goal
    return np.asarray(solutions[0], dtype=np.int8) if solutions else None


class FreeCellSearch:
    """Finds the free cells of ``puzzle``, a slice at a time (see the module text).

    ``first`` is a finished solve of the puzzle for two solutions, and ``settled`` the grid
    a :class:`SettledCells` observer made of it, when the caller already ran one (the
    uniqueness check has); without them the search starts with that solve itself.
    """

    def __init__(
        self,
        puzzle: Puzzle,
        *,
        first: SolveResult | None = None,
        settled: KnownGrid | None = None,
        time_limit: float | None = 5.0,
        cell_time_limit: float = CELL_TIME_LIMIT,
        work_limit: int | None = None,
        cell_work_limit: int = CELL_WORK_LIMIT,
        enumeration_cap: int = ENUMERATION_CAP,
        enumeration_min_doubt: int = ENUMERATION_MIN_DOUBT,
        enumeration_share: float = ENUMERATION_SHARE,
        clock: Clock = time.perf_counter,
    ) -> None:
        self.puzzle = puzzle
        # With a work limit every limit counts engine work (the same answer on any machine)
        # and the time limits are not used.
        self.counts_work = work_limit is not None
        self.time_limit = None if self.counts_work else time_limit
        self.cell_time_limit = cell_time_limit
        self.work_limit = work_limit
        self.cell_work_limit = cell_work_limit
        self.enumeration_cap = enumeration_cap
        self.enumeration_min_doubt = enumeration_min_doubt
        self.enumeration_share = enumeration_share
        self.clock = clock
        self._enumeration: CountedSolve | None = None
        self._retry: list[CellPosition] = []
        self.result: FreeCells | None = None
        self.engine_seconds = 0.0
        self.work = 0
        self.reference: ValueGrid | None = None
        # The values a cell can take: 0/1, or 0 and every colour.
        self.values_count = puzzle.colour_count + 1
        # The cell being tried against each value but its reference one (colour: several).
        self._cell: CellPosition | None = None
        self._alternatives: list[int] = []
        self._cell_ran_out = False
        self._free: BoolGrid = np.zeros((puzzle.height, puzzle.width), dtype=bool)
        self._known: KnownGrid = np.full((puzzle.height, puzzle.width), -1, dtype=np.int8)
        self._seen: set[bytes] = set()
        self._doubt: list[CellPosition] = []
        self._next = 0
        self._current: tuple[CellPosition, CountedSolve] | None = None
        self._first_task: CountedSolve | None = None
        self._first_task_values: list[ValueGrid] = []
        self._observer: SettledCells | None = None
        # The two-solution solve the search started from (given, or its own once made): a
        # "unique" one is the proof a caller may rate from.
        self.first: SolveResult | None = None
        # The work of that solve when the search made it itself (None: given, or not yet).
        self.first_work: int | None = None
        if first is not None:
            self._start(first, settled)
        else:
            self._observer = SettledCells(puzzle)
            self._first_task = self._task(2, self.time_limit, work_limit, observer=self._observer)

    def _task(
        self,
        max_solutions: int,
        seconds: float | None,
        work: int | None,
        initial: KnownGrid | None = None,
        observer: Callable[[Step], object] | None = None,
    ) -> CountedSolve:
        """A solve limited by ``work`` lines when this search counts work, else by ``seconds``."""
        return CountedSolve(
            self.puzzle,
            max_solutions=max_solutions,
            work_limit=work if self.counts_work else None,
            time_limit=None if self.counts_work else seconds,
            initial=initial,
            observer=observer,
            clock=self.clock,
        )

    @property
    def done(self) -> bool:
        return self.result is not None

    @property
    def found(self) -> int:
        """The free cells found so far (a lower bound until the search ends)."""
        return int(self._free.sum())

    # -- the work ---------------------------------------------------------------------------

    def _start(
        self, first: SolveResult, settled: KnownGrid | None, found: Sequence[ValueGrid] = ()
    ) -> None:
        """Take the first solve's solutions and settled cells; list the cells in doubt."""
        self.first = first
        solutions = solution_values(self.puzzle, first, found)
        reference = reference_values(self.puzzle, solutions)
        self.reference = reference
        if reference is None or first.status == "none":
            self.result = FreeCells((), exact=first.status == "none")
            return
        for solution in solutions:
            self._add_solution(solution)
        if first.status == "unique":
            self.result = FreeCells((), exact=True, solutions=1)
            return
        if settled is not None:
            agrees = (settled < 0) | (settled == reference)
            if agrees.all():  # a settled grid from another puzzle would be wrong: ignore it
                self._known = settled.astype(np.int8, copy=True)
        doubt = (self._known < 0) & ~self._free
        ys, xs = np.nonzero(doubt)
        self._doubt = [(int(x), int(y)) for y, x in zip(ys, xs, strict=True)]
        if len(self._doubt) >= max(1, self.enumeration_min_doubt) and self.enumeration_cap > 2:
            limit = ENUMERATION_TIME
            if self.time_limit is not None:
                limit = min(limit, self.time_limit * self.enumeration_share)
            work = ENUMERATION_WORK
            if self.work_limit is not None:
                work = min(work, int(self.work_limit * self.enumeration_share))
            self._enumeration = self._task(
                self.enumeration_cap, limit, work, initial=self._known.copy()
            )

    def _enumerated(self, result: SolveResult, found: Sequence[ValueGrid]) -> None:
        """Every solution the enumeration found clears its cells; an exhausted search means
        they are all the solutions there are, so every other cell is fixed."""
        solutions = solution_values(self.puzzle, result, found)
        for solution in solutions:
            self._add_solution(solution)
        if result.complete and solutions:
            assert self.reference is not None
            fixed = ~self._free
            self._known[fixed] = self.reference[fixed]

    def _add_solution(self, solution: ValueGrid) -> None:
        grid = np.asarray(solution, dtype=np.int8)
        key = grid.tobytes()
        if key in self._seen:
            return
        self._seen.add(key)
        assert self.reference is not None
        self._free |= grid != self.reference

    def _out_of_time(self) -> bool:
        if self.counts_work:
            return self.work_limit is not None and self.work >= self.work_limit
        return self.time_limit is not None and self.engine_seconds >= self.time_limit

    def _settle_cell(self) -> None:
        """After a solve of the cell being tried: free (a solution cleared it), fixed (no
        other value has a solution) or, when one of its solves ran out of its own limit,
        tried again later."""
        if self._cell is None:
            return
        x, y = self._cell
        if self._free[y, x]:
            self._cell = None
        elif not self._alternatives:
            if not self._cell_ran_out:
                assert self.reference is not None
                self._known[y, x] = self.reference[y, x]
            elif not self._out_of_time():
                self._retry.append((x, y))  # its own limit ran out, not the budget
            self._cell = None

    def _next_task(self) -> tuple[CellPosition, CountedSolve] | None:
        """The solve of the next cell still in doubt, forced to a value other than its
        reference one (its other value in black and white, each other colour in turn)."""
        assert self.reference is not None
        while True:
            if self._cell is not None:
                x, y = self._cell
                value = self._alternatives.pop(0)
                initial = self._known.copy()
                initial[y, x] = value
                limit = self.cell_time_limit
                if self.time_limit is not None:
                    limit = min(limit, max(0.0, self.time_limit - self.engine_seconds))
                work = self.cell_work_limit
                if self.work_limit is not None:
                    work = min(work, max(0, self.work_limit - self.work))
                return (x, y), self._task(1, limit, work, initial=initial)
            if self._next >= len(self._doubt):
                if not self._retry:
                    return None
                # Cells that ran out of their own time, again with more of it.
                self._doubt, self._retry, self._next = self._retry, [], 0
                self.cell_time_limit = max(4 * self.cell_time_limit, CELL_TIME_LIMIT)
                self.cell_work_limit = max(4 * self.cell_work_limit, CELL_WORK_LIMIT)
            x, y = self._doubt[self._next]
            self._next += 1
            if self._free[y, x] or self._known[y, x] >= 0:
                continue  # cleared by a solution found meanwhile
            reference = int(self.reference[y, x])
            self._cell = (x, y)
            self._alternatives = [v for v in range(self.values_count) if v != reference]
            self._cell_ran_out = False

    def _finish(self) -> FreeCells:
        ys, xs = np.nonzero(self._free)
        cells = tuple((int(x), int(y)) for y, x in zip(ys, xs, strict=True))
        doubt = (*self._doubt, *self._retry)
        undecided = sum(1 for x, y in doubt if not self._free[y, x] and self._known[y, x] < 0)
        self.result = FreeCells(
            cells,
            exact=undecided == 0,
            undecided=undecided,
            solutions=len(self._seen),
            seconds=self.engine_seconds,
        )
        return self.result

    def _pull(self, task: CountedSolve, seconds: float, work: int) -> SolveResult | None:
        """One slice of ``task``, its work and time added to this search's."""
        before, seconds_before = task.work, task.engine_seconds
        found = task.advance(seconds, work)
        self.work += task.work - before
        self.engine_seconds += task.engine_seconds - seconds_before
        return found

    def advance(self, seconds: float) -> bool:
        """Work for about ``seconds``; True once :attr:`result` is ready."""
        if self.result is not None:
            return True
        clock = self.clock
        deadline = clock() + seconds
        while self.result is None:
            left = max(0.0, deadline - clock())
            if self._first_task is not None:
                first = self._pull(self._first_task, left, 1 << 30)
                if first is not None:
                    self._first_task_values = self._first_task.values
                    self.first_work = self._first_task.work
                    self._first_task = None
                    settled = self._observer.known if self._observer is not None else None
                    self._start(first, settled, self._first_task_values)
            elif self._enumeration is not None:
                enumeration = self._enumeration
                found = self._pull(enumeration, min(_STEP_SLICE, left), SLICE_WORK)
                if found is not None:
                    self._enumeration = None
                    self._enumerated(found, enumeration.values)
            elif self._current is None:
                if self._out_of_time():
                    self._finish()
                    break
                self._current = self._next_task()
                if self._current is None:
                    self._finish()
                    break
            else:
                (_x, _y), task = self._current
                found = self._pull(task, min(_STEP_SLICE, left), SLICE_WORK)
                if found is not None:
                    self._current = None
                    solutions = solution_values(self.puzzle, found, task.values)
                    if solutions:
                        self._add_solution(solutions[0])
                    elif found.status != "none":
                        self._cell_ran_out = True
                    # "none": no solution gives this cell that value; fixed once every
                    # other value has said so too.
                    self._settle_cell()
            if clock() >= deadline:
                break
        return self.result is not None

    def run(self) -> FreeCells:
        """Work to the end (or the time limit); blocks."""
        while not self.advance(3600.0):
            pass
        assert self.result is not None
        return self.result

    def cancel(self) -> None:
        """Stop for good; the result says what was found so far ("at least")."""
        if self._first_task is not None:
            self._first_task.cancel()
            self._first_task = None
            if self.result is None:
                self.result = FreeCells((), exact=False)
                return
        if self._enumeration is not None:
            self._enumeration.cancel()
            self._enumeration = None
        if self._current is not None:
            self._current[1].cancel()
            self._current = None
        self._cell = None
        if self.result is None:
            self._next = len(self._doubt)
            self._finish()


def free_cells(
    puzzle: Puzzle, time_limit: float | None = 5.0, work_limit: int | None = None
) -> FreeCells:
    """The free cells of ``puzzle`` within ``time_limit`` engine seconds (or, given, within
    ``work_limit`` lines of engine work, the same on every machine and engine); blocks."""
    return FreeCellSearch(puzzle, time_limit=time_limit, work_limit=work_limit).run()
