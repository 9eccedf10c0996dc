"""Colour puzzles are rated by what a player must do, as black and white (issue 34): the
player's solve (game.core.colour_effort) is sound, and the stars follow the technique, not
the size."""

from __future__ import annotations

import numpy as np

from game.core.colour_effort import colour_effort, colour_effort_task, effort_of
from game.core.difficulty import overlap_share
from game.core.palette import Palette
from game.core.puzzle import Puzzle
from game.core.rating import Rating, rate_colour
from game.core.solver.task import SolveTask

PALETTE = Palette.of(("white", (255, 255, 255)), ("black", (0, 0, 0)), ("red", (200, 0, 0)))

# Found among random 8x8 grids in two colours: unique, and line logic stalls four times,
# each time settled only by trying a cell every way (four probing insights).
DEEP = [
    [2, 2, 0, 1, 0, 0, 0, 0],
    [2, 0, 0, 0, 2, 1, 0, 0],
    [1, 0, 0, 2, 0, 2, 2, 1],
    [0, 2, 2, 2, 0, 0, 1, 0],
    [0, 0, 1, 0, 1, 1, 0, 0],
    [2, 0, 0, 1, 1, 1, 2, 2],
    [0, 2, 0, 2, 1, 2, 1, 1],
    [2, 0, 0, 0, 2, 0, 2, 0],
]


def _rating(grid: list[list[int]] | np.ndarray) -> tuple[Puzzle, Rating]:
    puzzle = Puzzle.from_colour_grid(np.asarray(grid), PALETTE)
    return puzzle, rate_colour(puzzle, SolveTask(puzzle, max_solutions=2).run())


def test_a_colour_puzzle_needing_deep_probing_is_fiendish_however_small() -> None:
    puzzle, rating = _rating(DEEP)
    effort = colour_effort(puzzle)
    assert effort.insights >= 4 and effort.guesses == 0
    assert rating.stars == 5 and rating.name == "Fiendish"
    assert "insight" in rating.reason


def test_a_big_colour_puzzle_line_logic_settles_at_once_is_easy() -> None:
    # 40x30 bands of colour: every line is settled by itself (the old rating counted a point
    # a 150 cells: 8 points, Hard, for a puzzle a player fills in at a glance).
    grid = np.zeros((30, 40), dtype=int)
    grid[:, 5:35] = 1
    grid[10:20, 10:30] = 2
    puzzle, rating = _rating(grid)
    assert overlap_share(puzzle) == 1.0
    assert rating.stars == 1 and rating.name == "Easy"


def test_a_colour_puzzle_needing_one_probe_is_expert() -> None:
    grid = [
        [2, 0, 0, 2, 2, 1, 0],
        [0, 2, 0, 0, 2, 1, 2],
        [1, 2, 0, 0, 0, 0, 1],
        [0, 2, 0, 0, 1, 2, 0],
        [2, 0, 0, 2, 2, 1, 0],
    ]
    puzzle, rating = _rating(grid)
    assert colour_effort(puzzle).insights == 1
    assert rating.stars == 4


def test_the_players_solve_agrees_with_the_engine() -> None:
    """On random grids: what the player settles is the engine's one solution, and a grid
    with two solutions always stalls the player (its deductions are only ever forced)."""
    rng = np.random.default_rng(7)
    stalled = 0
    for _ in range(300):
        width, height = (int(v) for v in rng.integers(3, 8, size=2))
        grid = rng.integers(0, 3, size=(height, width))
        puzzle = Puzzle.from_colour_grid(grid, PALETTE)
        task, meter = colour_effort_task(puzzle)
        mine = task.run(on_step=meter)
        engine = SolveTask(puzzle, max_solutions=2).run()
        if mine.status == "unique":
            assert engine.status == "unique"
            assert np.array_equal(mine.colour_solutions[0], engine.colour_solutions[0])
        else:
            assert mine.status == "unknown"
            assert effort_of(meter, mine).level == 5  # a stall means search
            stalled += engine.status == "multiple"
    assert stalled > 10


def test_an_ambiguous_colour_puzzle_is_not_rated() -> None:
    _puzzle, rating = _rating([[1, 0], [0, 1]])  # a switch: either diagonal
    assert rating.stars == 0 and rating.ambiguous
