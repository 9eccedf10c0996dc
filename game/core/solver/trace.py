"""A solve, step by step, as a replay shows it: the grid the engine saw and how each cell got there.

The replay scene draws from a :class:`SolveTrace`; this module holds no pixels (no pygame), so
the bookkeeping is tested bare. The trace drives the engine through its
:class:`~game.core.solver.task.SolveTask` and observes every step the task pulls
(:meth:`SolveTrace.advance`, within a step quota and a time budget, so a frame never waits
long for the solver). Each step is applied with :func:`~game.core.solver.steps.apply_step`,
exactly as any other replay would, and besides the grid the trace keeps for every cell the
search depth it was set at and whether a probe set it (trial colours and light probe marks
come from these), the open guesses, the line last worked on, the last contradiction and
backtrack, live counters, and the last few steps.

:class:`MarksCheck` answers "do the player's marks fit a solution?" the same sliced way.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

import numpy as np
import numpy.typing as npt

from game.core.board import IS_TRIAL, Board, Cell, fill_value
from game.core.cells import UNKNOWN_VALUE, KnownGrid, known_from_board
from game.core.i18n import _
from game.core.palette import MAX_COLOURS
from game.core.puzzle import Puzzle
from game.core.solver.result import SolveResult
from game.core.solver.steps import (
    Axis,
    Backjump,
    Backtrack,
    Contradiction,
    Finished,
    Guess,
    Learned,
    LineDeduced,
    LinesChecked,
    ProbeResult,
    ProbeStarted,
    RuleDeduced,
    RulesForgotten,
    SolutionFound,
    Step,
    apply_step,
    blank_grid,
)
from game.core.solver.task import SolveTask, SourceFactory, engine_source
from game.core.trace import StepTrace

BoolGrid = npt.NDArray[np.bool_]

RECENT_STEPS = 8
DEFAULT_MAX_SOLUTIONS = 20  # the solution browser shows at most this many
DEFAULT_TIME_LIMIT = 60.0  # seconds of solver work before a replay gives up
MARKS_CHECK_SECONDS = 0.5  # seconds of solver work before a marks check gives up


@dataclass
class Counters:
    """Live figures for the side panel (the trace keeps one and hands out copies).

    ``lines_with_cells`` counts the lines whose solving set at least one cell (inside probes
    too, not the cells probing itself proved): the engine also solves lines that teach
    nothing, which it reports only in batches, so its own total of lines is larger and is
    named separately when the replay ends. ``solver_seconds`` is time spent inside the engine;
    once it has finished it is the engine's own clock, the figure its result reports.
    """

    steps: int = 0
    lines_with_cells: int = 0
    probes: int = 0
    guesses: int = 0
    backtracks: int = 0
    contradictions: int = 0
    depth: int = 0
    max_depth: int = 0
    solutions: int = 0
    solver_seconds: float = 0.0
    # Rules learned from contradictions (not those shutting out a counted solution), and
    # how many of them the engine has since forgotten.
    learned: int = 0
    forgotten: int = 0


@dataclass(frozen=True)
class LineMark:
    """A row or column the replay points at (the line being solved, or one that failed)."""

    axis: Axis
    index: int

    def cells(self, width: int, height: int) -> list[tuple[int, int]]:
        if self.axis == "row":
            return [(x, self.index) for x in range(width)]
        return [(self.index, y) for y in range(height)]


# Colour number -> its cell value on a board, real and trial (0, the background, a cross).
_REAL_MARK = np.array([fill_value(c) for c in range(MAX_COLOURS + 1)], dtype=np.int8)
_TRIAL_MARK = np.array([fill_value(c, True) for c in range(MAX_COLOURS + 1)], dtype=np.int8)


def board_marks(board: Board) -> KnownGrid:
    """A player's sure marks as an engine grid: filled 1, crossed 0, anything else unknown.

    Trial marks are the player's own guesses, so they are left out. A colour board gives
    each real mark's colour number (0 a cross) for the colour engine.
    """
    if board.colours > 1:
        cells = board.cells.astype(np.intp)
        shown = board.colour_grid()
        return np.where(IS_TRIAL[cells] | (shown < 0), UNKNOWN_VALUE, shown).astype(np.int8)
    return known_from_board(board.cells, trial=False)


# What a marks check found: a solution keeps every mark, the marks break the clues, or the
# engine ran out of time before it could tell.
MarksVerdict = Literal["fit", "contradict", "unknown"]


def marks_verdict(result: SolveResult) -> MarksVerdict:
    """The verdict a finished check's result gives."""
    if result.solutions:
        return "fit"
    if result.status == "none":
        return "contradict"
    return "unknown"


class MarksCheck:
    """Whether the engine finds a solution that agrees with ``marks``, a slice at a time.

    A check can take the whole ``time_limit`` (seconds of solver work): far too long for one
    frame, so the scene calls :meth:`advance` once a frame until it gives the verdict.
    """

    def __init__(
        self,
        puzzle: Puzzle,
        marks: KnownGrid,
        time_limit: float = MARKS_CHECK_SECONDS,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.marks = np.array(marks, dtype=np.int8)
        self.task = SolveTask(
            puzzle, max_solutions=1, time_limit=time_limit, initial=self.marks, clock=clock
        )
        self.verdict: MarksVerdict | None = None

    @property
    def result(self) -> SolveResult | None:
        return self.task.result

    def advance(self, seconds: float) -> MarksVerdict | None:
        """Work for about ``seconds``; the verdict once the engine has one."""
        if self.verdict is None:
            result = self.task.advance(seconds)
            if result is not None:
                self.verdict = marks_verdict(result)
        return self.verdict

    def run(self) -> MarksVerdict:
        """Work to the verdict; blocks (for scripts and tests)."""
        self.verdict = marks_verdict(self.task.run())
        return self.verdict

    def cancel(self) -> None:
        self.task.cancel()


class SolveTrace(StepTrace[Step, SolveResult]):
    """One run of the engine on ``puzzle``, applied step by step.

    ``initial`` (a -1/0/1 grid) starts the engine, and the grid, from known cells.
    ``source`` says who solves (our engine by default; ``game.core.race.step_source(name)``
    for one of the seeds' algorithms).
    """

    task: SolveTask

    def __init__(
        self,
        puzzle: Puzzle,
        max_solutions: int | None = DEFAULT_MAX_SOLUTIONS,
        time_limit: float | None = DEFAULT_TIME_LIMIT,
        initial: KnownGrid | None = None,
        clock: Callable[[], float] = time.perf_counter,
        source: SourceFactory = engine_source,
    ) -> None:
        self.puzzle = puzzle
        self.width = puzzle.width
        self.height = puzzle.height
        self.max_solutions = max_solutions
        self.time_limit = time_limit
        self.initial = None if initial is None else np.array(initial, dtype=np.int8)
        super().__init__(
            SolveTask(
                puzzle,
                max_solutions=max_solutions,
                time_limit=time_limit,
                initial=self.initial,
                clock=clock,
                source=source,
            ),
            RECENT_STEPS,
        )
        self.grid: KnownGrid = (
            blank_grid(self.width, self.height) if self.initial is None else self.initial.copy()
        )
        # The search depth each known cell was set at (0: line logic outside any guess).
        self.depth_of: KnownGrid = np.zeros((self.height, self.width), dtype=np.int8)
        # Cells set inside a probe (they are undone when the probe ends).
        self.probed: BoolGrid = np.zeros((self.height, self.width), dtype=bool)
        # Guessed cells still on the grid -> the depth they were guessed at.
        self.guesses: dict[tuple[int, int], int] = {}
        self.current_line: LineMark | None = None
        self.probe_cell: tuple[int, int] | None = None  # the probe under way, if any
        self.last_probe: tuple[int, int] | None = None
        # The last contradiction: its line, or the probed cell when both values failed.
        self.failed_line: LineMark | None = None
        self.failed_cell: tuple[int, int] | None = None
        self.last_undone: tuple[tuple[int, int], ...] = ()
        self.solutions: list[BoolGrid] = []
        # The solutions as colour numbers (0 the background; black and white: 1 filled),
        # beside the masks.
        self.colour_solutions: list[KnownGrid] = []
        self._counters = Counters()

    # -- reading --------------------------------------------------------------------------

    @property
    def counters(self) -> Counters:
        return replace(self._counters)  # a snapshot: the trace goes on counting

    def display_cells(self) -> KnownGrid:
        """The grid as board cells: line logic in normal marks, guesses' cells as trial marks,
        probe cells left unknown (the scene draws them lightly on top)."""
        grid = self.grid
        trial = self.depth_of > 0
        # The grid holds colour numbers (black and white: 1 filled, 0 empty): each one's real
        # or trial mark.
        colours = np.maximum(grid, 0).astype(np.intp)
        cells = np.where(trial, _TRIAL_MARK[colours], _REAL_MARK[colours]).astype(np.int8)
        cells[grid == UNKNOWN_VALUE] = Cell.UNKNOWN
        cells[self.probed] = Cell.UNKNOWN
        return cells

    def probe_cells(self) -> KnownGrid:
        """Cells set inside the current probe: their value (0/1), -1 elsewhere."""
        return np.where(self.probed, self.grid, UNKNOWN_VALUE).astype(np.int8)

    # -- stepping -------------------------------------------------------------------------

    def apply(self, step: Step) -> None:
        """Apply one step to the grid and to everything the scene shows about it."""
        counters = self._counters
        # The task has already added this step's engine time: applying it is the trace's.
        counters.solver_seconds = self.task.engine_seconds
        counters.steps += 1
        self.last_step = step
        self.recent.append(step)
        apply_step(self.grid, step)
        if isinstance(step, LineDeduced):
            self._line_deduced(step)
        elif isinstance(step, LinesChecked):
            counters.depth = step.depth
        elif isinstance(step, ProbeStarted):
            counters.probes += 1
            self.depth_of[step.y, step.x] = step.depth
            self.probed[step.y, step.x] = True
            self.probe_cell = self.last_probe = (step.x, step.y)
        elif isinstance(step, ProbeResult):
            self._forget(step.undone)
            self.probe_cell = None
        elif isinstance(step, Guess):
            self._guess(step)
        elif isinstance(step, Learned):
            if not step.permanent:
                counters.learned += 1
        elif isinstance(step, RulesForgotten):
            counters.forgotten += step.count
        elif isinstance(step, RuleDeduced):
            counters.depth = step.depth
            self.depth_of[step.y, step.x] = step.depth
            self.probed[step.y, step.x] = step.probe
            self.current_line = None
        elif isinstance(step, Backtrack | Backjump):
            # A backjump is a backtrack over several choices at once: the same for the board.
            self._forget(step.cells)
            for cell in step.cells:
                self.guesses.pop(cell, None)
            self.last_undone = step.cells
            self.backtrack_serial += 1
            counters.backtracks += 1
            counters.depth = step.depth
            self.current_line = None
        elif isinstance(step, Contradiction):
            self._contradiction(step)
        elif isinstance(step, SolutionFound):
            self.solutions.append(step.array())
            codes = np.frombuffer(step.data, dtype=np.uint8)
            self.colour_solutions.append(codes.reshape(self.height, self.width).astype(np.int8))
            counters.solutions = len(self.solutions)
        elif isinstance(step, Finished):
            self.result = step.result
            # The engine's own clock from here on, so the panel and the summary agree.
            counters.solver_seconds = step.result.stats.seconds
            self.current_line = None
            self.probe_cell = None

    def _line_deduced(self, step: LineDeduced) -> None:
        counters = self._counters
        # Cells proven by probing come from no line solve.
        if step.reason != "probe" and step.cells:
            counters.lines_with_cells += 1
        counters.depth = step.depth
        self.current_line = LineMark(step.axis, step.index)
        depth_of = self.depth_of
        probed = self.probed
        for x, y, _value in step.cells:
            depth_of[y, x] = step.depth
            probed[y, x] = step.probe

    def _guess(self, step: Guess) -> None:
        counters = self._counters
        if not step.alternative:
            counters.guesses += 1
        counters.depth = step.depth
        counters.max_depth = max(counters.max_depth, step.depth)
        self.depth_of[step.y, step.x] = step.depth
        self.probed[step.y, step.x] = False
        self.guesses[(step.x, step.y)] = step.depth
        self.current_line = None

    def _contradiction(self, step: Contradiction) -> None:
        self._counters.contradictions += 1
        self.contradiction_serial += 1
        if step.axis is not None and step.index is not None:
            self.failed_line = LineMark(step.axis, step.index)
            self.failed_cell = None
        elif step.rule:  # a learned rule broke: no one line or cell is to blame
            self.failed_line = None
            self.failed_cell = None
        else:
            self.failed_line = None
            self.failed_cell = self.last_probe

    def _forget(self, cells: tuple[tuple[int, int], ...]) -> None:
        for x, y in cells:
            self.depth_of[y, x] = 0
            self.probed[y, x] = False


def is_line_step(step: Step) -> bool:
    """Where a "one line" advance stops: after a line gave cells, or at the end."""
    return (isinstance(step, LineDeduced) and bool(step.cells)) or isinstance(step, Finished)


def verdict_text(result: SolveResult, time_limit: float | None) -> str:
    """The end of a replay in words."""
    count = len(result.solutions)
    if result.status == "unique":
        return _("Unique solution")
    limit = _(" of {seconds} s").format(seconds=f"{time_limit:g}") if time_limit is not None else ""
    if result.status == "multiple":
        if result.capped:
            return _("At least {count} solutions (stopped counting)").format(count=count)
        if result.timed_out:
            return _("At least {count} solutions (stopped at the time limit{limit})").format(
                count=count, limit=limit
            )
        return _("{count} solutions").format(count=count)
    if result.status == "none":
        return _("No solution")
    if result.timed_out:
        if count:
            return _("Gave up after the time limit{limit}: 1 solution found, maybe more").format(
                limit=limit
            )
        return _("Gave up after the time limit{limit}").format(limit=limit)
    return _("Stopped after 1 solution") if count else _("Stopped")
