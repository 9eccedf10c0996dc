"""Ratings follow what the engine needed: lines, probing, search."""

from __future__ import annotations

import pytest

from game.core.puzzle import Puzzle
from game.core.rating import EASY_ROUNDS, HARD_PROBES, MEDIUM_ROUNDS, rate
from game.core.solver import SolveResult, SolveStats, solve


def _result(status: str = "unique", **stats: object) -> SolveResult:
    return SolveResult(status=status, stats=SolveStats(**stats))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("stats", "stars", "name"),
    [
        ({"solved_by_lines": True, "solved_without_search": True, "line_rounds": 3}, 1, "Easy"),
        (
            {
                "solved_by_lines": True,
                "solved_without_search": True,
                "line_rounds": EASY_ROUNDS + 1,
            },
            2,
            "Medium",
        ),
        (
            {
                "solved_by_lines": True,
                "solved_without_search": True,
                "line_rounds": MEDIUM_ROUNDS + 1,
            },
            3,
            "Hard",
        ),
        ({"solved_without_search": True, "probes": HARD_PROBES}, 3, "Hard"),
        ({"solved_without_search": True, "probes": HARD_PROBES + 1}, 4, "Expert"),
        ({"guesses": 3, "max_depth": 2}, 5, "Fiendish"),
    ],
)
def test_thresholds(stats: dict[str, object], stars: int, name: str) -> None:
    rating = rate(_result(**stats))
    assert (rating.stars, rating.name) == (stars, name)
    assert rating.reason
    assert len(rating.star_text) == 5
    assert rating.star_text.count("★") == stars


def test_no_solution_and_timeout() -> None:
    assert rate(_result("none")).stars == 0
    assert rate(_result("unknown")).name == "Fiendish"


def test_real_puzzles() -> None:
    easy = Puzzle.from_grid([[1, 1, 1], [0, 1, 0], [0, 1, 0]])
    assert rate(solve(easy)).stars == 1
    diagonal = Puzzle(width=2, height=2, row_clues=((1,), (1,)), column_clues=((1,), (1,)))
    result = solve(diagonal)
    assert result.status == "multiple"
    assert rate(result).stars == 5
