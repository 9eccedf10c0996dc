"""The fairness report, driven through SolveTask with injected clocks."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np

from game.core.create.fairness import UniquenessCheck, check_uniqueness, report_lines
from game.core.puzzle import Puzzle
from game.core.rating import rate
from game.core.solver.task import SolveTask


def _ticking_clock(seconds_per_read: float = 1.0) -> Callable[[], float]:
    """A clock that moves on every time it is read: any time limit runs out at once."""
    ticks = itertools.count()
    return lambda: next(ticks) * seconds_per_read


def _noise(size: int = 20, seed: int = 7) -> np.ndarray:
    # Random noise needs search: the engine reads its clock long before it finishes.
    return np.random.default_rng(seed).random((size, size)) < 0.5


def test_a_fair_report_carries_the_rating_of_its_solve() -> None:
    plus = np.zeros((5, 5), dtype=bool)
    plus[2, :] = plus[:, 2] = True
    puzzle = Puzzle.from_grid(plus)
    report = check_uniqueness(puzzle, timeout=2.0)
    expected = rate(SolveTask(puzzle, max_solutions=2).run())
    assert report.status == "unique"
    assert (report.stars, report.rating_name) == (expected.stars, expected.name) == (1, "Easy")


def test_the_check_time_limit_counts_on_the_clock_it_is_given() -> None:
    check = UniquenessCheck(Puzzle.from_grid(_noise()), time_limit=0.5, clock=_ticking_clock())
    report = check.run()
    assert report.status == "unknown" and "ran out of time" in report.summary
    assert report.seconds >= 0.5  # engine seconds, read on the same clock
    # With real time the same puzzle is decided: the limit, not the puzzle, stopped it.
    assert check_uniqueness(Puzzle.from_grid(_noise()), timeout=10.0).status == "multiple"


def test_report_lines_follow_the_check() -> None:
    grid = np.zeros((5, 5), dtype=bool)
    grid[1, 1] = grid[2, 2] = True
    grid[4, :] = True
    checking = report_lines(None, grid, dots=2)
    assert checking == [("info", "Checking whether the clues have one solution..")]
    report = check_uniqueness(Puzzle.from_grid(grid), timeout=2.0)
    lines = report_lines(report, grid)
    assert lines[0][0] == "bad" and "4 cells" in lines[0][1]
    assert any("Make it fair" in text for _, text in lines)
    empty = np.zeros((5, 5), dtype=bool)
    fair = report_lines(check_uniqueness(Puzzle.from_grid(empty)), empty)
    assert (
        fair[0][0] == "good"
        and (
            "warning",
            "Note: every cell is empty: the picture came out all white (thin lines vanish in "
            "big cells: try more cells, cropping the borders, another method or Invert).",
        )
        in fair
    )


def test_the_report_rates_a_unique_puzzle_as_check_does() -> None:
    # The converter's stars, `check`'s and level select's come from one reading of the solve.
    from pathlib import Path

    from game.core.formats import read_puzzle
    from game.core.rating import rate_puzzle

    levels = Path(__file__).resolve().parent.parent.parent / "levels" / "03-fifteen"
    stars = []
    for path in sorted(levels.glob("*.non")):
        puzzle = read_puzzle(path)
        report = UniquenessCheck(puzzle).run()
        assert report.status == "unique"
        assert report.stars == rate_puzzle(puzzle)[1].stars
        stars.append(report.stars)
    assert len(set(stars)) >= 3  # the pack spreads, so agreement is not all ones
