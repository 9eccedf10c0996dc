"""What a solve found: the verdict, the solutions, and what the engine had to do."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from game.core.solving import SearchStats, Verdict, status_of


@dataclass(frozen=True, slots=True)
class SolveStats(SearchStats):
    """Counters the engine keeps (besides the search's, see
    :class:`~game.core.solving.SearchStats`); the rating reads them.

    ``line_rounds`` is the deepest generation of line solving before the first stall (round 1
    is every line once, round 2 the lines the first round changed, and so on). ``insights``
    and ``probed_cells`` are what :class:`~game.core.difficulty.EffortMeter` would count from
    the steps (probes that proved cells right after a fresh probe, the cells shown after
    probing began, both at the root before any guess), kept watched or not.
    """

    lines_solved: int = 0
    cache_hits: int = 0
    line_rounds: int = 0
    probes: int = 0
    probe_fixes: int = 0
    restarts: int = 0
    solved_by_lines: bool = False
    insights: int = 0
    probed_cells: int = 0

    def as_dict(self) -> dict[str, object]:
        return {
            "lines_solved": self.lines_solved,
            "cache_hits": self.cache_hits,
            "line_rounds": self.line_rounds,
            "probes": self.probes,
            "probe_fixes": self.probe_fixes,
            "guesses": self.guesses,
            "backtracks": self.backtracks,
            "restarts": self.restarts,
            "max_depth": self.max_depth,
            "seconds": round(self.seconds, 6),
            "solved_by_lines": self.solved_by_lines,
            "solved_without_search": self.solved_without_search,
            "insights": self.insights,
            "probed_cells": self.probed_cells,
        }


@dataclass(frozen=True, eq=False)
class SolveResult(Verdict[npt.NDArray[np.bool_], SolveStats]):
    """The verdict of one nonogram solve (see :class:`~game.core.solving.Verdict`): the
    solutions are boolean pictures, the statistics the engine's counters."""

    solutions: list[npt.NDArray[np.bool_]] = field(default_factory=list)
    stats: SolveStats = field(default_factory=SolveStats)


@dataclass(frozen=True, eq=False)
class ColourSolveResult(SolveResult):
    """A colour solve's verdict: ``solutions`` are the filled masks (as for black and
    white), ``colour_solutions`` the same solutions as colour numbers (0 the background)."""

    colour_solutions: list[npt.NDArray[np.int8]] = field(default_factory=list)


def finished_result(
    solutions: list[npt.NDArray[np.bool_]],
    stats: SolveStats,
    *,
    complete: bool,
    capped: bool,
    timed_out: bool,
    max_solutions: int | None,
    colour_solutions: list[npt.NDArray[np.int8]] | None = None,
) -> SolveResult:
    """The result a search hands back when it stops, its verdict from
    :func:`~game.core.solving.status_of`; with ``colour_solutions`` (a colour puzzle's
    solutions as colour numbers) a :class:`ColourSolveResult`."""
    if colour_solutions is not None:
        return ColourSolveResult(
            status=status_of(len(solutions), complete, timed_out),
            solutions=solutions,
            stats=stats,
            complete=complete,
            capped=capped,
            timed_out=timed_out,
            max_solutions=max_solutions,
            colour_solutions=colour_solutions,
        )
    return SolveResult.finished(
        solutions,
        stats,
        complete=complete,
        capped=capped,
        timed_out=timed_out,
        max_solutions=max_solutions,
    )
