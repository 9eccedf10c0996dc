"""Fair in colour (issue 33): the report's free cells are exactly the cells whose colour
differs among all the solutions, counted here by enumerating every solution."""

from __future__ import annotations

import random

import numpy as np

from game.core.create.fairness import check_uniqueness
from game.core.palette import Palette
from game.core.puzzle import Puzzle
from tests.core.colour_brute import all_solutions

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
