"""Fair in colour (issue 33): the report's free cells are exactly the cells whose colour
differs among all the solutions, counted here by enumerating every solution."""

from __future__ import annotations

import random

import numpy as np

from game.core.create.fair_edits import apply_edits
from game.core.create.fairness import check_uniqueness
from game.core.create.free_cells import WORK_PER_SECOND
from game.core.create.make_fair import MakeFair
from game.core.palette import Palette
from game.core.puzzle import Puzzle
from tests.core.colour_brute import all_solutions
from tests.core.test_free_cells import _ticking_clock

PALETTE = Palette.of(
    ("white", (255, 255, 255)),
    ("red", (200, 30, 30)),
    ("blue", (30, 60, 200)),
    ("green", (30, 160, 60)),
)


def _brute_free(puzzle: Puzzle) -> tuple[int, set[tuple[int, int]]]:
    """How many solutions, and the cells whose colour is not the same in all of them."""
    grids = [np.frombuffer(data, dtype=np.uint8).reshape(puzzle.height, puzzle.width)
             for data in all_solutions(puzzle)]  # fmt: skip
    differ = np.zeros((puzzle.height, puzzle.width), dtype=bool)
    for grid in grids[1:]:
        differ |= grid != grids[0]
    ys, xs = np.nonzero(differ)
    return len(grids), {(int(x), int(y)) for y, x in zip(ys, xs, strict=True)}


def _random_colour_puzzles(count: int, seed: int) -> list[Puzzle]:
    """Small random colour pictures (2-3 colours, 4x4 to 5x5) that have several solutions."""
    rng = random.Random(seed)
    found: list[Puzzle] = []
    while len(found) < count:
        width, height = rng.randint(4, 5), rng.randint(4, 5)
        colours = rng.randint(2, 3)
        grid = [[rng.choice([0, 0, *range(1, colours + 1)]) for _ in range(width)]
                for _ in range(height)]  # fmt: skip
        if not any(1 in row for row in grid) or not any(2 in row for row in grid):
            continue
        puzzle = Puzzle.from_colour_grid(grid, PALETTE)
        if not puzzle.is_colour:
            continue
        solutions, _free = _brute_free(puzzle)
        if solutions >= 2:
            found.append(puzzle)
    return found


def test_the_colour_report_counts_exactly_the_cells_that_differ_among_all_solutions() -> None:
    puzzles = _random_colour_puzzles(40, seed=33)
    for puzzle in puzzles:
        _solutions, expected = _brute_free(puzzle)
        report = check_uniqueness(puzzle, timeout=2.0, free_time_limit=4.0)
        assert report.status == "multiple"
        assert report.free_exact
        assert set(report.ambiguous_cells) == expected, puzzle
        assert len(report.ambiguous_cells) == len(expected)


def _ambiguous_colour_picture(seed: int, size: int = 10, colours: int = 3) -> np.ndarray:
    """A blocky random colour picture whose clues have several solutions."""
    rng = np.random.default_rng(seed)
    while True:
        coarse = rng.integers(0, colours + 1, size=(size // 2, size // 2))
        grid = np.kron(coarse, np.ones((2, 2), dtype=int))
        noise = rng.random(grid.shape) < 0.25
        grid[noise] = rng.integers(0, colours + 1, size=int(noise.sum()))
        puzzle = Puzzle.from_colour_grid(grid, PALETTE)
        if check_uniqueness(puzzle, timeout=2.0, free_time_limit=4.0).status == "multiple":
            return grid.astype(np.int8)


def test_make_it_fair_in_colour_finds_colour_edits_that_make_the_puzzle_unique() -> None:
    made = 0
    for seed in range(4):
        grid = _ambiguous_colour_picture(seed)
        result = MakeFair(grid, palette=PALETTE, work_limit=20 * WORK_PER_SECOND).run()
        if not result.found:
            continue
        made += 1
        assert result.edits and all(edit.colour >= 0 for edit in result.edits)
        fixed = apply_edits(grid, result.edits)
        assert np.array_equal(fixed, result.grid)
        assert int(np.count_nonzero(fixed != grid)) == len(result.edits)
        # Proved by enumeration-free means: the solver finds one solution, the edited picture.
        puzzle = Puzzle.from_colour_grid(fixed, PALETTE)
        report = check_uniqueness(puzzle, timeout=4.0)
        assert report.status == "unique"
    assert made >= 3


def test_colour_make_it_fair_counts_work_not_seconds() -> None:
    grid = _ambiguous_colour_picture(1)
    limit = 10 * WORK_PER_SECOND
    normal = MakeFair(grid, palette=PALETTE, work_limit=limit).run()
    slow = MakeFair(grid, palette=PALETTE, work_limit=limit, clock=_ticking_clock(0.05)).run()
    assert slow.found == normal.found
    assert slow.edits == normal.edits and np.array_equal(slow.grid, normal.grid)


def test_a_fair_colour_puzzle_is_rated_as_check_rates_it() -> None:
    from game.core.rating import rate_puzzle

    grid = _ambiguous_colour_picture(0)
    result = MakeFair(grid, palette=PALETTE).run()
    assert result.found
    puzzle = Puzzle.from_colour_grid(result.grid, PALETTE)
    report = check_uniqueness(puzzle, timeout=4.0)
    expected = rate_puzzle(puzzle)[1]
    assert report.status == "unique"
    assert (report.stars, report.rating_name) == (expected.stars, expected.name)


def test_the_colour_uniqueness_check_counts_work_not_seconds() -> None:
    grid = _ambiguous_colour_picture(2, size=12)
    puzzle = Puzzle.from_colour_grid(grid, PALETTE)
    normal = check_uniqueness(puzzle, timeout=1.0, free_time_limit=2.0)
    slow = check_uniqueness(puzzle, timeout=1.0, free_time_limit=2.0, clock=_ticking_clock(5.0))
    assert normal.status == slow.status == "multiple"
    assert slow.ambiguous_cells == normal.ambiguous_cells and slow.free_exact


def test_a_unique_colour_puzzles_rating_is_worked_a_slice_at_a_time() -> None:
    # The player's solve that rated a colour puzzle once ran in one go when the check ended
    # (up to 0.13 s): the converter's longest frame. The rating is now the check's own solve
    # with the effort meter watching, sliced with it.
    from pathlib import Path

    from game.core.create.fairness import UniquenessCheck
    from game.core.formats import read_puzzle
    from game.core.rating import rate_puzzle

    # The biggest puzzle of a shipped colour pack (its file names follow the packs' build).
    pack = Path(__file__).resolve().parents[2] / "levels" / "28-things-in-colour"
    puzzles = [read_puzzle(path) for path in sorted(pack.glob("*.non"))]
    puzzle = max(puzzles, key=lambda p: (p.width * p.height, p.title))
    assert puzzle.is_colour and puzzle.width * puzzle.height >= 600
    ticks = iter(range(10**9))
    check = UniquenessCheck(puzzle, work_limit=150_000, clock=lambda: next(ticks) * 1e-4)
    calls = 0
    while not check.advance(2e-4):
        calls += 1
        assert calls < 100_000
    assert calls > 1  # over several slices
    report = check.report
    assert report is not None and report.status == "unique"
    assert report.stars == rate_puzzle(puzzle)[1].stars
