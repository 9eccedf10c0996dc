"""The seeds' solving algorithms, raced beside our engine (issue 15).

Three documents the game grew from solve nonograms each their own way; here each is a step
generator yielding the same :mod:`~game.core.solver.steps` values as our engine, so the
replay shows any of them and :class:`~game.core.solver.task.SolveTask` drives any of them
(:func:`step_source` makes the task's ``source`` for an algorithm's name):

- ``rows`` (:mod:`.rows`): every placement of each row, rows one by one, columns checked on
  the way down (seed 004's depth-first search, seed 002's backtracking);
- ``lines`` (:mod:`.enumeration`): every placement of each line, keeping what they agree on,
  round and round, then a guess (seed 001, seed 002);
- ``rules`` (:mod:`.rules`, :mod:`.rules_search`): Yu et al.'s rules over run ranges, then
  chronological backtracking on the first unsolved row (seed 004);
- ``hanjie``: our engine, as it is.

:func:`clue_totals` is seed 004's cheap first test, reported before any of them starts.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from game.core.i18n import N_
from game.core.puzzle import Puzzle
from game.core.race import enumeration, rows, rules_search
from game.core.race.base import RaceSolver
from game.core.solver.options import SolveOptions
from game.core.solver.task import (
    ENGINE_NAME,
    SourceFactory,
    StepSource,
    engine_source,
)

ALGORITHMS = ("hanjie", "rows", "lines", "rules")
DEFAULT_ALGORITHM = ENGINE_NAME

HANJIE_EXPLANATION = N_(
    "Our engine. Each line is solved exactly at once (a bit-parallel line solver finds every "
    "cell all placements agree on without listing them), and only the lines that changed "
    "are looked at again. When the lines stall it tries single cells both ways and keeps what "
    "follows, and only then guesses, choosing the cell where contradictions have clustered, "
    "going back on a contradiction and restarting an unlucky search."
)


@dataclass(frozen=True)
class AlgorithmInfo:
    """What a player reads about an algorithm: its key, its name, where it comes from, and
    a short explanation in plain words."""

    key: str
    title: str
    source: str
    explanation: str


INFO: dict[str, AlgorithmInfo] = {
    "hanjie": AlgorithmInfo("hanjie", "Hanjie", N_("our engine"), HANJIE_EXPLANATION),
    # Sources in words a player can place (the seeds are 004 and 002, 001 and 002, and 004).
    "rows": AlgorithmInfo("rows", N_("Row by row"), N_("brute force"), rows.EXPLANATION),
    "lines": AlgorithmInfo(
        "lines", N_("Line listing"), N_("every placement"), enumeration.EXPLANATION
    ),
    "rules": AlgorithmInfo("rules", N_("Rules"), N_("after Yu et al."), rules_search.EXPLANATION),
}

_SOLVERS: dict[str, type[RaceSolver]] = {
    "rows": rows.RowSearch,
    "lines": enumeration.LineEnumeration,
    "rules": rules_search.RulesSearch,
}


def check_algorithm(name: str) -> str:
    """``name`` if it is an algorithm's key; otherwise ValueError naming the keys."""
    if name not in ALGORITHMS:
        raise ValueError(f"no algorithm {name!r}: choose one of {', '.join(ALGORITHMS)}")
    return name


def seed_solver(
    puzzle: Puzzle,
    algorithm: str,
    *,
    max_solutions: int | None = 2,
    timeout: float | None = None,
    initial: npt.NDArray[np.integer] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> RaceSolver:
    """One of the seeds' algorithms (not ``hanjie``) on ``puzzle``; its :meth:`steps` are the
    steps, its :attr:`counters` the live figures."""
    check_algorithm(algorithm)
    if algorithm not in _SOLVERS:
        raise ValueError("the hanjie engine is driven by solve_steps, not seed_solver")
    _refuse(puzzle, algorithm)
    return _SOLVERS[algorithm](puzzle, max_solutions, timeout, initial, clock)


def supports(algorithm: str, puzzle: Puzzle) -> bool:
    """Whether ``algorithm`` solves ``puzzle``: the seeds' algorithms know black and white
    only; our engine (``hanjie``) solves every puzzle. The one place that says so."""
    return algorithm == DEFAULT_ALGORITHM or not puzzle.is_colour


def algorithms_for(puzzle: Puzzle) -> tuple[str, ...]:
    """The algorithms that solve ``puzzle``, in :data:`ALGORITHMS`' order (a race needs two)."""
    return tuple(name for name in ALGORITHMS if supports(name, puzzle))


def refusal(puzzle: Puzzle) -> str:
    """The one sentence that says why ``puzzle`` has no race (only our engine solves it)."""
    others = [INFO[name].title for name in ALGORITHMS if not supports(name, puzzle)]
    return (
        f"Colour puzzles: only our engine ({INFO[DEFAULT_ALGORITHM].title}) solves them; "
        f"{', '.join(others[:-1])} and {others[-1]} know black and white only, so there is "
        "no race."
    )


def _refuse(puzzle: Puzzle, algorithm: str) -> None:
    if not supports(algorithm, puzzle):
        raise ValueError(f"the {algorithm} algorithm cannot solve colour puzzles")


def step_source(algorithm: str) -> SourceFactory:
    """What makes ``algorithm``'s steps for a :class:`~game.core.solver.task.SolveTask` (or
    a trace): our engine's source for ``hanjie``, else the seed algorithm with the live
    figures it keeps; ValueError naming the keys for anything else."""
    check_algorithm(algorithm)
    if algorithm == DEFAULT_ALGORITHM:
        return engine_source

    def source(puzzle: Puzzle, options: SolveOptions) -> StepSource:
        _refuse(puzzle, algorithm)
        solver = _SOLVERS[algorithm](
            puzzle, options.max_solutions, options.timeout, options.initial, options.clock
        )
        return StepSource(solver.steps(), solver.counters, algorithm)

    return source


@dataclass(frozen=True)
class ClueTotals:
    """Seed 004's first test: a picture fills as many cells by its rows as by its columns."""

    rows: int
    columns: int

    @property
    def agree(self) -> bool:
        return self.rows == self.columns

    def text(self) -> str:
        if self.agree:
            return f"row and column clues both fill {self.rows} cells"
        return (
            f"row clues fill {self.rows} cells but column clues {self.columns}: "
            "no picture can satisfy both"
        )


def clue_totals(puzzle: Puzzle) -> ClueTotals:
    return ClueTotals(
        sum(sum(clue) for clue in puzzle.row_clues),
        sum(sum(clue) for clue in puzzle.column_clues),
    )


__all__ = [
    "ALGORITHMS",
    "DEFAULT_ALGORITHM",
    "INFO",
    "AlgorithmInfo",
    "ClueTotals",
    "RaceSolver",
    "algorithms_for",
    "check_algorithm",
    "clue_totals",
    "refusal",
    "seed_solver",
    "step_source",
    "supports",
]
