"""The difficulty scale: effort points from the engine's steps, cut into five levels."""

from __future__ import annotations

import pytest

from game.core.difficulty import LEVEL_LIMITS, Effort, level_of, overlap_share
from game.core.formats import read_puzzle
from game.core.puzzle import Puzzle
from game.core.rating import rate, rate_puzzle
from game.core.solver import SolveResult, SolveStats, solve
from tests.conftest import REPO_ROOT
from tests.shared_data import HEART, SEARCH_8X8


def _result(status: str = "unique", **stats: object) -> SolveResult:
    return SolveResult(status=status, stats=SolveStats(**stats))  # type: ignore[arg-type]


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_each_limit_belongs_to_its_level_and_just_above_to_the_next(level: int) -> None:
    limit = LEVEL_LIMITS[level - 1]
    assert level_of(limit) == level
    assert level_of(limit + 0.01) == level + 1


def test_any_guess_is_fiendish() -> None:
    assert level_of(0.0, guesses=1) == 5
    assert Effort(rounds=1, overlap=1.0, insights=0, probed=0.0, guesses=1).level == 5


def test_points_weigh_rounds_start_insights_and_probed_cells() -> None:
    effort = Effort(rounds=3, overlap=0.5, insights=2, probed=0.25, guesses=0)
    assert effort.points == pytest.approx(3 + 1.5 + 8 + 2.5)
    assert effort.as_dict()["level"] == 4  # 15 points: above Hard's 14


def test_overlap_share_counts_cells_lines_settle_alone() -> None:
    # 5 wide: a run of 3 settles its middle cell, a full row everything, 0 everything.
    puzzle = Puzzle(
        width=5,
        height=3,
        row_clues=((3,), (5,), ()),
        column_clues=((1,), (2,), (2,), (2,), (1,)),
    )
    # Rows give 1 + 5 + 5 cells; a column of 3 with a run of 2 settles its middle cell,
    # already known from the full row: 11 of 15.
    assert overlap_share(puzzle) == pytest.approx(11 / 15)
    assert overlap_share(Puzzle.from_grid([[1, 1], [1, 1]])) == 1.0


def test_no_solution_and_timeout() -> None:
    assert rate(_result("none")).stars == 0
    assert rate(_result("unknown")).name == "Fiendish"


def test_rate_without_the_meter_still_rates() -> None:
    easy = Puzzle.from_grid([[1, 1, 1], [0, 1, 0], [0, 1, 0]])
    assert rate(solve(easy)).stars == 1
    diagonal = Puzzle(width=2, height=2, row_clues=((1,), (1,)), column_clues=((1,), (1,)))
    result = solve(diagonal)
    assert result.status == "multiple"
    rating = rate(result)
    assert rating.stars == 0 and rating.name == "Ambiguous" and rating.ambiguous


def test_an_ambiguous_puzzle_is_never_rated() -> None:
    # Its first solution needs a guess, but no level is given to a puzzle with two answers.
    result, rating = rate_puzzle(SEARCH_8X8)
    assert result.status == "multiple"
    assert (rating.stars, rating.name, rating.star_text) == (0, "Ambiguous", "☆☆☆☆☆")
    assert "not rated" in rating.reason


# Handcrafted cases in the order a player finds them harder: a filled block, a crown in one
# round, the heart in three, then bundled art: a bare start, a long chain of line logic,
# several probing insights, probing carrying the grid.
MONOTONE = [
    "03-fifteen/09-airplane.non",
    "03-fifteen/12-snail.non",
    "03-fifteen/15-crab.non",
    "07-wide-screens/08-bicycle.non",
]


def test_levels_rise_with_the_effort_on_handcrafted_cases() -> None:
    block = Puzzle.from_grid([[1] * 6 for _ in range(6)])
    crown = read_puzzle(REPO_ROOT / "levels" / "02-ten-by-ten" / "02-crown.non")
    puzzles = [block, crown, HEART] + [read_puzzle(REPO_ROOT / "levels" / n) for n in MONOTONE]
    ratings = [rate_puzzle(puzzle)[1] for puzzle in puzzles]
    points = [rating.points for rating in ratings]
    stars = [rating.stars for rating in ratings]
    assert points == sorted(points), points
    assert stars == sorted(stars), stars
    assert stars[0] == 1 and stars[-1] == 5
    assert set(stars) == {1, 2, 3, 4, 5}


def test_the_size_cost_is_said_beside_the_stars() -> None:
    """Issue 46: a 40x30 of line logic alone is Easy, and long. The words follow the cells:
    up to 15x15 short, up to 25x25 medium, above long; the label joins them to the size."""
    from game.core.rating import size_cost, size_label

    assert size_cost(15, 15) == "short" and size_cost(1, 226) == "medium"
    assert size_cost(25, 25) == "medium" and size_cost(26, 25) == "long"
    assert size_cost(40, 30) == "long" and size_cost(5, 5) == "short"
    wide = Puzzle.from_grid([[True] * 40 for _ in range(30)])
    assert size_label(wide) == "40x30 · long"
