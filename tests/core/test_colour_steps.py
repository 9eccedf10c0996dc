"""Colour solve steps speak colours: applied in order, they rebuild every board the colour
solve reaches (each solution when it is found), so the replay can draw each deduction in
its colour, and guesses and backtracks as it does for black and white."""

from __future__ import annotations

import random

import numpy as np

from game.core.board import fill_value
from game.core.palette import Palette
from game.core.puzzle import Puzzle
from game.core.solver import solve_steps
from game.core.solver.result import ColourSolveResult
from game.core.solver.steps import (
    Backtrack,
    Finished,
    Guess,
    LineDeduced,
    SolutionFound,
    apply_step,
)
from game.core.solver.trace import SolveTrace

PALETTE = Palette.of(
    ("white", (255, 255, 255)), ("red", (200, 0, 0)), ("green", (0, 150, 0)), ("blue", (0, 0, 200))
)


def random_puzzle(rng: random.Random, size: int, colours: int) -> Puzzle:
    grid = [[rng.choice(range(colours + 1)) for _ in range(size)] for _ in range(size)]
    return Puzzle.from_colour_grid(grid, PALETTE)


def test_the_steps_rebuild_each_solution() -> None:
    rng = random.Random(31)
    kinds: set[type] = set()
    for _ in range(40):
        puzzle = random_puzzle(rng, rng.randint(3, 6), rng.randint(2, 3))
        grid = np.full((puzzle.height, puzzle.width), -1, dtype=np.int8)
        found = []
        for step in solve_steps(puzzle, max_solutions=5, watch=True):
            kinds.add(type(step))
            apply_step(grid, step)
            if isinstance(step, SolutionFound):
                assert (grid >= 0).all()
                assert puzzle.solved_by_values(grid)
                found.append(grid.copy())
            if isinstance(step, Finished):
                result = step.result
                assert isinstance(result, ColourSolveResult)
                assert len(found) == len(result.colour_solutions)
                for mine, theirs in zip(found, result.colour_solutions, strict=True):
                    assert np.array_equal(mine, theirs)
    assert {LineDeduced, Guess, Backtrack, SolutionFound} <= kinds


def test_the_trace_shows_a_colour_solve_in_colour_marks() -> None:
    picture = [[1, 1, 0, 2], [0, 3, 3, 2], [1, 0, 2, 2]]
    puzzle = Puzzle.from_colour_grid(picture, PALETTE)
    trace = SolveTrace(puzzle, time_limit=None)
    while not trace.finished:
        trace.advance(1.0)
    assert trace.colour_solutions and np.array_equal(trace.colour_solutions[0], picture)
    cells = trace.display_cells()
    expected = [[fill_value(c) for c in row] for row in picture]
    assert cells.tolist() == expected
