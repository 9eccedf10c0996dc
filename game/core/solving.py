"""What every solver shares, whatever the puzzle kind: the verdict and the steps' common shapes.

A solver (the nonogram engine in :mod:`game.core.solver`, the Kakuro solver in
:mod:`game.core.kakuro.solver`, and any kind after them) is one step generator that ends with a
``Finished`` step holding its result. The result is a :class:`Verdict` over the kind's
solution and statistics types (``SolveResult`` is ``Verdict[bool grid, SolveStats]``,
``KakuroResult`` is ``Verdict[digit rows, KakuroStats]``, both statistics a
:class:`SearchStats`), its status read by
:func:`status_of`; the steps every kind has in the same shape (a heartbeat, going back on a guess,
the end, a solution found) derive from the bases here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, Self, TypeVar

from game.core.i18n import N_, _, ngettext

Status = Literal["unique", "multiple", "none", "unknown"]

SolutionT = TypeVar("SolutionT")
StatsT = TypeVar("StatsT")
CellT = TypeVar("CellT")
VerdictT = TypeVar("VerdictT", bound="Verdict[Any, Any]")


def status_of(count: int, complete: bool, timed_out: bool) -> Status:
    """The verdict for ``count`` solutions found: two settle it even after a timeout; one is
    unique only when the search ran out; none after a timeout proves nothing."""
    if count >= 2:
        return "multiple"
    if timed_out:
        return "unknown"
    if count == 1:
        return "unique" if complete else "unknown"
    return "none"


@dataclass(frozen=True, eq=False)
class Verdict(Generic[SolutionT, StatsT]):
    """The verdict of one solve.

    ``status``: ``unique`` (exactly one solution, search exhausted), ``multiple`` (two or more
    found), ``none`` (proved unsolvable) or ``unknown`` (stopped by the timeout first).
    ``complete`` is True when the search space was exhausted, so ``solutions`` are all there
    are; ``capped`` is True when the solver stopped because it reached ``max_solutions``.
    ``stats`` are the kind's own figures of what the solver had to do.
    """

    status: Status
    solutions: list[SolutionT]
    stats: StatsT
    complete: bool = False
    capped: bool = False
    timed_out: bool = False
    max_solutions: int | None = 2

    @property
    def solution_count(self) -> int:
        return len(self.solutions)

    @classmethod
    def finished(
        cls,
        solutions: Sequence[SolutionT],
        stats: StatsT,
        *,
        complete: bool,
        capped: bool = False,
        timed_out: bool = False,
        max_solutions: int | None,
        settled: bool = False,
    ) -> Self:
        """The result a search hands back when it stops, its status from :func:`status_of`;
        ``settled``: a single solution is known to be the only one although the search did
        not run out (it was found without a guess)."""
        return cls(
            status_of(len(solutions), complete or settled, timed_out),
            list(solutions),
            stats,
            complete=complete,
            capped=capped,
            timed_out=timed_out,
            max_solutions=max_solutions,
        )


@dataclass(frozen=True, slots=True)
class SearchStats:
    """The figures every solver keeps about its search (a kind's statistics add their own):
    the guesses made and taken back, the deepest open guess, the seconds of its own work,
    and whether the first solution came without a guess."""

    guesses: int = 0
    backtracks: int = 0
    max_depth: int = 0
    seconds: float = 0.0
    solved_without_search: bool = False


def plural(count: int, noun: str) -> str:
    """ "1 cell", "3 cells"."""
    return f"{count} {noun if count == 1 else noun + 's'}"


@dataclass(frozen=True, slots=True)
class QuietStep:
    """A heartbeat: ``count`` pieces of work (lines, runs) at ``depth`` gave nothing new. A
    solver yields one now and then so that no step computes for long; a task does not count
    it as a step taken (see :class:`~game.core.slicing.SlicedTask`)."""

    count: int
    depth: int


@dataclass(frozen=True, slots=True)
class BacktrackStep(Generic[CellT]):
    """Search went back to ``depth``: ``cells`` return to what they were before the guess
    (the kind says what a cell entry holds)."""

    depth: int
    cells: tuple[CellT, ...]

    def describe(self) -> str:
        back = ngettext(
            "back to depth {depth}: {count} cell undone",
            "back to depth {depth}: {count} cells undone",
            len(self.cells),
        )
        return back.format(depth=self.depth, count=len(self.cells))


def byte_rows(data: bytes, width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """``data`` (one byte a cell, row by row) as rows of numbers."""
    return tuple(tuple(data[start : start + width]) for start in range(0, width * height, width))


@dataclass(frozen=True, slots=True)
class FoundStep:
    """Every cell is decided and every clue holds: solution ``number`` (counting from 1) at
    search ``depth``. ``data`` is the ``width`` x ``height`` board, one byte a cell, row by
    row (the kind says what a byte means): compact, so the step stays cheap on big boards."""

    data: bytes
    width: int
    height: int
    number: int
    depth: int

    def describe(self) -> str:
        return _("solution {number} found at depth {depth}").format(
            number=self.number, depth=self.depth
        )

    @property
    def rows(self) -> tuple[tuple[int, ...], ...]:
        """The board as rows of byte values."""
        return byte_rows(self.data, self.width, self.height)


@dataclass(frozen=True, slots=True)
class FinishedStep(Generic[VerdictT]):
    """The solver stopped; ``result`` says why and what it found."""

    result: VerdictT

    def describe(self) -> str:
        result = self.result
        count = len(result.solutions)
        found = ngettext(
            "finished: {status} ({count} solution found)",
            "finished: {status} ({count} solutions found)",
            count,
        )
        return found.format(status=_(STATUS_WORDS.get(result.status, result.status)), count=count)


# A verdict's status in the player's words (the steps' "finished: unique").
STATUS_WORDS = {
    "unique": N_("unique"),
    "multiple": N_("multiple"),
    "none": N_("none"),
    "unknown": N_("unknown"),
}
