"""One verdict and one set of common step shapes for both solvers (game.core.solving)."""

from __future__ import annotations

import dataclasses

import pytest

from game.core.kakuro import steps as kakuro_steps
from game.core.kakuro.result import KakuroResult, KakuroStats
from game.core.kakuro.task import solve as solve_kakuro
from game.core.puzzle import Puzzle
from game.core.solver import solve
from game.core.solver import steps as nonogram_steps
from game.core.solver.result import SolveResult, SolveStats
from game.core.solving import Verdict, status_of
from tests.core.kakuro_boards import tiny


def test_both_results_are_one_verdict_field_for_field() -> None:
    names = [field.name for field in dataclasses.fields(Verdict)]
    assert [field.name for field in dataclasses.fields(SolveResult)] == names
    assert [field.name for field in dataclasses.fields(KakuroResult)] == names
    assert isinstance(SolveResult("none"), Verdict)
    assert isinstance(KakuroResult("none"), Verdict)
    assert SolveResult("none").stats == SolveStats()
    assert KakuroResult("none").stats == KakuroStats()


@pytest.mark.parametrize(
    ("count", "complete", "timed_out", "settled", "status"),
    [
        (2, False, True, False, "multiple"),
        (1, True, False, False, "unique"),
        (1, False, False, False, "unknown"),
        (1, False, False, True, "unique"),
        (1, False, True, True, "unknown"),
        (0, True, False, False, "none"),
        (0, False, True, False, "unknown"),
    ],
)
def test_the_status_rule(
    count: int, complete: bool, timed_out: bool, settled: bool, status: str
) -> None:
    result = KakuroResult.finished(
        [((1,),)] * count,
        KakuroStats(),
        complete=complete,
        timed_out=timed_out,
        max_solutions=2,
        settled=settled,
    )
    assert result.status == status
    assert result.solution_count == count
    if not settled:
        assert status_of(count, complete, timed_out) == status


def test_both_solvers_end_with_a_verdict_of_their_own_kind() -> None:
    heart = Puzzle.from_grid([[False, True, False], [True, True, True], [False, True, False]])
    nonogram = solve(heart)
    assert isinstance(nonogram, SolveResult) and nonogram.status == "unique"
    kakuro = solve_kakuro(tiny())
    assert isinstance(kakuro, KakuroResult) and kakuro.status == "unique"
    # A Kakuro solution found by reasoning alone is the only one even when the search was
    # told to stop at the first.
    first = solve_kakuro(tiny(), max_solutions=1)
    assert first.stats.guesses == 0 and first.status == "unique" and not first.complete


def test_the_common_steps_describe_themselves_alike() -> None:
    nonogram_back = nonogram_steps.Backtrack(2, ((0, 0), (1, 0), (2, 0)))
    kakuro_back = kakuro_steps.Backtrack(2, ((0, 6), (1, 2), (4, 1)))
    assert nonogram_back.describe() == kakuro_back.describe() == "back to depth 2: 3 cells undone"
    assert kakuro_steps.Backtrack(0, ((3, 1),)).describe() == "back to depth 0: 1 cell undone"
    found = nonogram_steps.SolutionFound(bytes([1, 0, 0, 1]), 2, 2, 1, 0)
    digits = kakuro_steps.SolutionFound(bytes([0, 3, 1, 2]), 2, 2, 1, 0)
    assert found.describe() == digits.describe() == "solution 1 found at depth 0"
    assert found.grid == ((True, False), (False, True))
    assert digits.rows == ((0, 3), (1, 2))
    done = nonogram_steps.Finished(SolveResult("unique", [found.array()]))
    assert done.describe() == "finished: unique (1 solution found)"
    assert kakuro_steps.Finished(KakuroResult("none")).describe() == (
        "finished: none (0 solutions found)"
    )
