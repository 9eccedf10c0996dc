"""Is a converted picture a fair puzzle?

A puzzle is fair when its clues have exactly one solution. The question is a solve, and it
goes through :class:`~game.core.solver.task.SolveTask`, the one sliced driver of the engine,
so a screen can spread it over frames and a command can run it to the end:
:class:`UniquenessCheck` is a task for at most two solutions under a time limit, then, when
there are two, a :class:`~game.core.create.free_cells.FreeCellSearch` for the exact cells that
differ between solutions; the outcome is a :class:`Report` (the verdict, the rating of a
unique puzzle, the free cells, exactly or "at least"). :func:`report_lines` words it.
Making an unfair picture fair is :mod:`game.core.create.make_fair`.

Nothing here imports pygame.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

# SolveTask imports the race package when its first task starts (the two import each
# other): 10 ms that fell in one frame of the converter's first check. Imported here instead.
import game.core.race  # noqa: F401
from game.core.create.free_cells import (
    WORK_PER_SECOND,
    CountedSolve,
    FreeCells,
    FreeCellSearch,
    SettledCells,
)
from game.core.difficulty import Effort, effort_of
from game.core.i18n import _
from game.core.locale_numbers import format_decimal
from game.core.puzzle import Puzzle
from game.core.rating import rate
from game.core.slicing import check_time_limit
from game.core.solver.result import SolveResult
from game.core.solver.steps import Step
from game.core.solver.task import SolveTask
from game.core.solving import Status

BoolGrid = npt.NDArray[np.bool_]
Clock = Callable[[], float]


def grid_warnings(grid: BoolGrid) -> tuple[str, ...]:
    """Things worth telling the author about a grid that is still a valid puzzle."""
    # What to try goes with it: a word or a drawing in thin lines gave an empty grid and
    # "One solution: a fair puzzle" with nothing more to go on (QA).
    if not grid.any():
        return (
            _(
                "every cell is empty: the picture came out all white (thin lines vanish in big "
                "cells: try more cells, cropping the borders, another method or Invert)"
            ),
        )
    if grid.all():
        return (
            _(
                "every cell is filled: the picture came out all black (try Invert or another "
                "method)"
            ),
        )
    return ()


@dataclass(frozen=True)
class Report:
    """What the solver says about a converted puzzle.

    ``ambiguous_cells`` lists the free cells ``(x, y)``, those that differ between solutions
    (only when ``status == "multiple"``): all of them when ``free_exact``, else the ones found
    before the budget ran out. ``stars`` is 0 when there is no rating (only a unique puzzle
    is rated).
    """

    status: Status
    stars: int = 0
    rating_name: str = ""
    ambiguous_cells: tuple[tuple[int, int], ...] = ()
    seconds: float = 0.0
    note: str = ""
    warnings: tuple[str, ...] = ()
    free_exact: bool = True

    @property
    def free_text(self) -> str:
        """ "exactly 12 cells can go either way" or "at least 12 …" (see FreeCells.text)."""
        return FreeCells(self.ambiguous_cells, self.free_exact).text

    @property
    def summary(self) -> str:
        """One line for players."""
        if self.status == "unique":
            text = _("one solution: a fair puzzle")
            if self.stars:
                text += f", {'*' * self.stars} {_(self.rating_name)}".rstrip()
        elif self.status == "multiple":
            text = _("more than one solution: {free}").format(free=self.free_text)
        elif self.status == "none":
            text = _("no solution (the clues contradict each other)")
        else:
            text = _("not decided in time")
        if self.note:
            text += f" ({self.note})"
        return text


def report_from_result(
    result: SolveResult,
    seconds: float,
    goal: BoolGrid | None = None,
    effort: Effort | None = None,
    free: FreeCells | None = None,
    puzzle: Puzzle | None = None,
) -> Report:
    """The Report for ``result``, rated by :func:`game.core.rating.rate` when unique.

    ``free`` is the free-cell search's outcome for a ``multiple`` result. Without it the
    ambiguous cells are only where one other solution differs from ``goal`` (or from the
    first solution): a lower bound, and the report says "at least"."""
    status = result.status
    ambiguous: tuple[tuple[int, int], ...] = ()
    solutions = [np.asarray(grid, dtype=bool) for grid in result.solutions]
    free_exact = True
    if status == "multiple" and free is not None:
        ambiguous, free_exact = free.cells, free.exact
    elif status == "multiple" and len(solutions) >= 2:
        free_exact = False
        first, second = solutions[0], solutions[1]
        if goal is not None and goal.shape == first.shape:
            first = goal
            second = next((grid for grid in solutions if not np.array_equal(grid, goal)), second)
        ys, xs = np.nonzero(first != second)
        ambiguous = tuple((int(x), int(y)) for y, x in zip(ys, xs, strict=True))
    stars, name = 0, ""
    if status == "unique":
        # Only a fair puzzle gets stars: a rating of "the work to a first solution" would
        # tell the author nothing about a puzzle they still have to fix.
        rating = rate(result, effort)
        stars, name = rating.stars, rating.name
    note = _("the solver ran out of time") if status == "unknown" else ""
    return Report(status, stars, name, ambiguous, seconds, note, free_exact=free_exact)


# Engine seconds the free-cell search may spend after a check found two solutions.
FREE_TIME_LIMIT = 5.0


@dataclass(frozen=True)
class CheckProgress:
    """How far a running :class:`UniquenessCheck` is: ``phase`` "second" (looking for a
    second solution) or "free" (two found: finding the cells that can go either way, ``found``
    of them so far), and ``share``, the part of its whole work budget (both phases) used,
    0..1. With work limits the share is counted in engine work (lines looked at), so it only
    grows and the check ends by the time it reaches 1."""

    phase: str
    share: float
    found: int = 0


class UniquenessCheck:
    """Does ``puzzle`` have one solution, and if not, which cells can go either way?

    First a task for two solutions, unwatched (the engine counts the effort that rates a
    unique puzzle as check and level select do; :class:`SettledCells` takes the cells the
    root proved from its one RootSettled step); when it finds two, a
    :class:`FreeCellSearch` from there for at most ``free_time_limit`` engine seconds. A
    frame loop calls :meth:`advance` with its budget; a command calls :meth:`run`. The time
    limits count only the engine's time (see :class:`SolveTask`); with ``work_limit`` (and
    ``free_work_limit``) the limits count engine work (lines looked at) instead, so the
    verdict is the same on every machine however loaded
    (:class:`~game.core.create.free_cells.CountedSolve`).
    """

    def __init__(
        self,
        puzzle: Puzzle,
        time_limit: float = 3.0,
        *,
        free_time_limit: float | None = FREE_TIME_LIMIT,
        work_limit: int | None = None,
        free_work_limit: int | None = None,
        clock: Clock = time.perf_counter,
    ) -> None:
        self.puzzle = puzzle
        self.clock = clock
        self.free_time_limit = free_time_limit
        self.free_work_limit = free_work_limit
        self.counted: CountedSolve | None = None
        # One engine: a work limit's counted solve, else a solve limited by time (each
        # builds its engine when made, so only the one used is made). The time limit is
        # checked either way, as before.
        check_time_limit(time_limit)
        if work_limit is not None:
            self.counted = CountedSolve(
                puzzle, max_solutions=2, work_limit=work_limit, observer=self._observe,
                clock=clock,
            )  # fmt: skip
            self.task = self.counted.task
        else:
            self.task = SolveTask(
                puzzle, max_solutions=2, time_limit=time_limit, clock=clock, watch=False
            )
        self.settled = SettledCells(puzzle)
        self.first: SolveResult | None = None
        self.free_search: FreeCellSearch | None = None
        self.report: Report | None = None

    @property
    def done(self) -> bool:
        return self.report is not None

    @property
    def engine_seconds(self) -> float:
        free = self.free_search.engine_seconds if self.free_search is not None else 0.0
        return self.task.engine_seconds + free

    @property
    def work(self) -> tuple[float, float | None]:
        """The work done so far and the most the check may do, in lines looked at when it counts
        work (``work_limit``), else in engine seconds; the most is None without limits."""
        search = self.free_search
        if self.counted is not None:
            done = float(self.counted.work + (search.work if search is not None else 0))
            limits: tuple[float | None, float | None] = (
                self.counted.work_limit,
                self.free_work_limit,
            )
        else:
            done = self.engine_seconds
            limits = (self.task.time_limit, self.free_time_limit)
        first, free = limits
        if first is None or (free is None and search is not None):
            return done, None
        return done, float(first + (free or 0.0))

    @property
    def progress(self) -> CheckProgress:
        """Its phase and the share of its work budget used (see :class:`CheckProgress`)."""
        done, most = self.work
        share = 1.0 if self.report is not None else 0.0
        if self.report is None and most:
            share = min(1.0, done / most)
        search = self.free_search
        if search is None or self.report is not None:
            return CheckProgress("second", share)
        return CheckProgress("free", share, search.found)

    def _observe(self, step: Step) -> bool:
        self.settled(step)
        return False

    def _first_done(self, result: SolveResult) -> None:
        self.first = result
        if result.status == "multiple":
            self.free_search = FreeCellSearch(
                self.puzzle,
                first=result,
                settled=self.settled.known,
                time_limit=self.free_time_limit,
                work_limit=self.free_work_limit,
                clock=self.clock,
            )
        else:
            self._finish(None)

    def _finish(self, free: FreeCells | None, effort: Effort | None = None) -> Report:
        result = self.first
        assert result is not None
        if effort is None:
            effort = effort_of(self.puzzle, result.stats)
        self.report = report_from_result(
            result, self.engine_seconds, self.puzzle.goal_array(), effort, free, self.puzzle
        )
        return self.report

    def advance(self, budget: float) -> bool:
        """Work for about ``budget`` seconds; True once the report is ready."""
        if self.report is not None:
            return True
        deadline = self.clock() + budget
        if self.first is None:
            counted = self.counted
            if counted is None:
                result = self.task.advance(budget, on_step=self._observe)
            else:
                result = counted.advance(budget)
                while result is None and self.clock() < deadline:
                    result = counted.advance(max(0.0, deadline - self.clock()))
            if result is None:
                return False
            self._first_done(result)
        search = self.free_search
        working = self.report is None and search is not None
        if working and search is not None and search.advance(max(0.0, deadline - self.clock())):
            assert search.result is not None
            self._finish(search.result)
        return self.report is not None

    def run(self) -> Report:
        """Work to the end (or the time limits); blocks."""
        while not self.advance(3600.0):
            pass
        assert self.report is not None
        return self.report

    def cancel(self) -> None:
        if self.counted is not None:
            self.counted.cancel()
        self.task.cancel()
        if self.free_search is not None:
            self.free_search.cancel()


def check_uniqueness(
    puzzle: Puzzle,
    timeout: float = 0.5,
    free_time_limit: float | None = FREE_TIME_LIMIT,
    *,
    clock: Clock = time.perf_counter,
) -> Report:
    """Is ``puzzle`` unique (a two-solution solve) and, if not, its free cells; blocks.

    The limits are work, not time: ``timeout`` and ``free_time_limit`` are seconds of
    engine work at :data:`~game.core.create.free_cells.WORK_PER_SECOND`, counted in lines,
    so a command gives the same verdict on a fast machine and on a loaded one (``clock``
    only times the report)."""
    free_work = None if free_time_limit is None else int(free_time_limit * WORK_PER_SECOND)
    return UniquenessCheck(
        puzzle,
        timeout,
        free_time_limit=free_time_limit,
        work_limit=int(timeout * WORK_PER_SECOND),
        free_work_limit=free_work,
        clock=clock,
    ).run()


# --------------------------------------------------------------------------- the words


def progress_text(progress: CheckProgress | None, dots: int = 3) -> str:
    """What a running check is doing and how far it is, in words: "Checking whether the
    clues have one solution… 40 % of its work" or, once two solutions are found, "Two
    solutions found: finding the cells that can go either way (12 so far)… 70 % of its
    work"."""
    if progress is not None and progress.phase == "free":
        text = _(
            "Two solutions found: finding the cells that can go either way ({count} so far)"
        ).format(count=progress.found)
    else:
        text = _("Checking whether the clues have one solution")
    text += "." * dots
    if progress is not None:
        text += " " + _("{percent} % of its work").format(percent=int(progress.share * 100))
    return text


def report_lines(
    report: Report | None,
    grid: BoolGrid,
    *,
    dots: int = 3,
    progress: CheckProgress | None = None,
) -> list[tuple[str, str]]:
    """What a fairness panel says about ``grid``, as (kind, text) pairs, kind one of
    ``good``, ``bad``, ``info`` and ``warning``. ``report`` None means a check is under way
    (``dots`` animates it; ``progress`` says how far it is)."""
    lines: list[tuple[str, str]] = []
    if report is None:
        lines.append(("info", progress_text(progress, dots)))
    elif report.status == "unique":
        text = "✓ " + _("One solution: a fair puzzle.")
        if report.stars:
            stars = f"{'★' * report.stars}{'☆' * (5 - report.stars)}"
            text += "  " + _("Difficulty {stars}").format(stars=stars)
            if report.rating_name:
                text += f" ({_(report.rating_name)})"
        lines.append(("good", text))
    elif report.status == "multiple":
        more = _("More than one solution: {free}.").format(free=report.free_text)
        lines.append(("bad", "✗ " + more))
        lines.append(("info", _("They are hatched on the grid: touch them up, or Make it fair.")))
    elif report.status == "none":
        lines.append(("bad", "✗ " + _("No solution: the clues contradict each other.")))
    else:
        undecided = _("Not decided in time: the puzzle may need deep guessing.")
        lines.append(("warning", "? " + undecided))
    if report is not None and report.status != "unknown":
        spent = report.seconds
        took = (
            f"{format_decimal(spent, 1)} s" if spent >= 1 else f"{max(1, round(spent * 1000))} ms"
        )
        lines.append(("info", _("Checked by the solver in {time}.").format(time=took)))
    for warning in grid_warnings(grid):
        lines.append(("warning", _("Note: {warning}.").format(warning=warning)))
    return lines
