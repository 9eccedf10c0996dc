"""What a Kakuro solve found: the verdict, the solutions, and what the solver had to do.

Its own module, below both the solver and its steps (``Finished`` holds a result), so
neither has to import the other for the type. The verdict is the one every solver gives
(:class:`~game.core.solving.Verdict`); only the solution (rows of digits) and the figures
are Kakuro's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.kakuro.model import DigitRows
from game.core.solving import SearchStats, Verdict


@dataclass(frozen=True, slots=True)
class KakuroStats(SearchStats):
    """What the solver had to do (besides the search's figures, see
    :class:`~game.core.solving.SearchStats`); the rating reads it.

    ``rounds``: rounds of propagation before the first guess (or the end).
    ``first_pass_candidates``: mean candidates per white cell after every run was looked
    at once (the thesis's "after the first propagation"); ``stalled_candidates``: the same
    when propagation stalled (1.0 when it solved the board).
    """

    runs_solved: int = 0
    rounds: int = 0
    first_pass_candidates: float = 9.0
    stalled_candidates: float = 9.0

    def as_dict(self) -> dict[str, object]:
        return {
            "runs_solved": self.runs_solved,
            "rounds": self.rounds,
            "first_pass_candidates": round(self.first_pass_candidates, 3),
            "stalled_candidates": round(self.stalled_candidates, 3),
            "guesses": self.guesses,
            "backtracks": self.backtracks,
            "max_depth": self.max_depth,
            "seconds": round(self.seconds, 6),
            "solved_without_search": self.solved_without_search,
        }


@dataclass(frozen=True, eq=False)
class KakuroResult(Verdict[DigitRows, KakuroStats]):
    """The verdict (see :class:`~game.core.solving.Verdict`) with the solutions found as
    rows of digits, 0 on black cells."""

    solutions: list[DigitRows] = field(default_factory=list)
    stats: KakuroStats = field(default_factory=KakuroStats)
