"""The Kakuro generator: layouts as the seed describes them, unique puzzles, the same puzzle
for a seed however it is sliced, and the rating's levels."""

from __future__ import annotations

import numpy as np
import pytest

from game.core.kakuro.generate import (
    KakuroGenerateError,
    KakuroGeneration,
    check_request,
    natural_level,
    reachable_levels,
)
from game.core.kakuro.layout import LONG_RUN_PAIRS, LONGEST_RUN, make_layout, runs_of
from game.core.kakuro.rating import rate_kakuro_puzzle
from game.core.kakuro.task import solve
from tests.core.kakuro_boards import brute_force_count


def _connected(white: list[list[int]]) -> bool:
    cells = {(x, y) for y, row in enumerate(white) for x, value in enumerate(row) if value}
    start = next(iter(cells))
    seen = {start}
    stack = [start]
    while stack:
        x, y = stack.pop()
        for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if near in cells and near not in seen:
                seen.add(near)
                stack.append(near)
    return seen == cells


@pytest.mark.parametrize("size", [6, 9, 16])
def test_layouts_follow_the_seed_rules(size: int) -> None:
    rng = np.random.Generator(np.random.PCG64(size))
    made = 0
    for _ in range(12):
        white = make_layout(rng, size, 3)
        if white is None:
            continue
        made += 1
        assert not any(white[0]) and not any(row[0] for row in white)
        assert all(white[y][x] == white[x][y] for y in range(size) for x in range(size))
        assert all(2 <= len(run) <= 9 for run in runs_of(white))
        assert _connected(white)
    assert made >= 6


@pytest.mark.parametrize(("level", "size", "at_least"), [(1, 8, 2), (3, 16, 5), (5, 16, 5)])
def test_layouts_keep_runs_as_short_as_the_level_asks(level: int, size: int, at_least: int) -> None:
    rng = np.random.Generator(np.random.PCG64(level))
    layouts = [make_layout(rng, size, level) for _ in range(8)]
    made = [white for white in layouts if white is not None]
    for white in made:
        lengths = [len(run) for run in runs_of(white)]
        # The level's longest, but for at most LONG_RUN_PAIRS runs and their mirrors (up
        # to nine): printed Kakuro have a long run or two.
        long_runs = [length for length in lengths if length > LONGEST_RUN[level - 1]]
        assert len(long_runs) <= 2 * LONG_RUN_PAIRS[level - 1] and max(lengths) <= 9
    # Split groups joined rather than dropped: many layouts keep enough white cells (at
    # 16x16, when halves were dropped, most were refused; Easy's sparse ones more often).
    assert len(made) >= at_least


def test_fiendish_puzzles_need_a_guess_and_have_one_answer() -> None:
    made = KakuroGeneration(6, 5, 4).run()
    assert made.rating.stars == 5
    result, rating = rate_kakuro_puzzle(made.puzzle)
    assert result.status == "unique" and result.stats.guesses > 0
    assert rating == made.rating
    assert brute_force_count(made.puzzle, cap=3) == 1
    sliced = KakuroGeneration(6, 5, 4)
    while sliced.advance(0.0) is None:
        pass
    assert sliced.result is not None and sliced.result.puzzle == made.puzzle


def test_generated_puzzles_are_unique_by_brute_force() -> None:
    for seed in (1, 2):
        made = KakuroGeneration(6, 1, seed).run()
        puzzle = made.puzzle
        assert puzzle.solution is not None and puzzle.is_solution(puzzle.solution)
        assert brute_force_count(puzzle, cap=3) == 1
        assert made.rating.stars >= 1
        assert ("seed", str(seed)) in puzzle.extra


def test_a_seed_makes_the_same_puzzle_however_sliced() -> None:
    whole = KakuroGeneration(6, 2, 11).run()
    sliced = KakuroGeneration(6, 2, 11)
    slices = 0
    while sliced.advance(0.0) is None:
        slices += 1
    assert slices > 3
    assert sliced.result is not None
    assert sliced.result.puzzle == whole.puzzle
    assert sliced.result.puzzle.solution == whole.puzzle.solution
    other = KakuroGeneration(6, 2, 12).run()
    assert other.puzzle != whole.puzzle


def test_rating_agrees_with_the_generator_and_a_fresh_solve() -> None:
    made = KakuroGeneration(7, 2, 3).run()
    result, rating = rate_kakuro_puzzle(made.puzzle)
    assert result.status == "unique" and result.stats.guesses == 0
    assert rating == made.rating
    assert solve(made.puzzle, max_solutions=None).solution_count == 1


@pytest.mark.parametrize(
    ("size", "level", "words"),
    [(5, 1, "6 to 16"), (17, 1, "6 to 16"), (8, 0, "1 to 5"), (8, 6, "1 to 5")],
)
def test_requests_out_of_range_are_refused(size: int, level: int, words: str) -> None:
    with pytest.raises(KakuroGenerateError, match=words):
        check_request(size, level)


def test_every_size_reaches_fiendish_and_a_range_without_guessing() -> None:
    assert reachable_levels(6) == (1, 2, 3, 5)
    assert reachable_levels(16) == (3, 4, 5)
    for size in range(6, 17):
        levels = reachable_levels(size)
        assert levels[-1] == 5 and len(levels) >= 3
        assert natural_level(size) in levels[:-1]
    with pytest.raises(KakuroGenerateError, match=r"not Easy .* 6x6 to 10x10"):
        check_request(16, 1)


def test_the_benchmarks_independent_count_agrees_with_brute_force() -> None:
    from benchmarks.kakuro import count_solutions
    from tests.core.kakuro_boards import random_puzzle

    rng = np.random.Generator(np.random.PCG64(3))
    counts = []
    for _ in range(12):
        puzzle = random_puzzle(rng, 4, 5)
        counts.append(count_solutions(puzzle, cap=6))
        assert counts[-1] == brute_force_count(puzzle, cap=6)
    assert min(counts) < 6  # some boards with few answers, not only capped ones
    made = KakuroGeneration(8, 5, 2).run().puzzle
    assert count_solutions(made, cap=2) == 1


def test_no_layout_leaves_its_last_row_and_column_black() -> None:
    # QA: 6 of the 55 bundled boards ("Six 2", a 6x6) had an all-black last row and
    # column: a 5x5 board with a dead border.
    kept = 0
    for size, level in ((6, 1), (6, 2), (8, 3)):
        for seed in range(120):
            layout = make_layout(np.random.default_rng(seed), size, level)
            if layout is not None:
                kept += 1
                assert any(layout[size - 1]), (size, level, seed)
                assert any(row[size - 1] for row in layout), (size, level, seed)
    assert kept > 100


def test_hard_and_harder_boards_get_runs_of_eight_and_nine_and_stay_fair() -> None:
    """Issue 35, item 7: the generator stopped at runs of seven; printed Kakuro (and the
    seed's description) have runs of eight and nine. Some boards have them, and each is
    still has one solution (counted to the end) and is rated at its level."""
    lengths: set[int] = set()
    for size, level, seed in [(12, 4, 0), (16, 3, 0), (16, 3, 2), (16, 5, 2)]:
        made = KakuroGeneration(size, level, seed).run()
        lengths |= {len(run.cells) for run in made.puzzle.runs}
        assert solve(made.puzzle, max_solutions=None).solution_count == 1  # a full count
        assert made.rating.stars == level
    assert {8, 9} <= lengths
