"""The depth of trials a puzzle needs (issue 46: what Fiendish promises)."""

from __future__ import annotations

from game.core.puzzle import Puzzle
from game.core.solver import solve
from game.core.trial_depth import DEEPER, trial_depth

# Found by a seeded search of random 8x8 grids: unique, and line logic stalls on it.
NEEDS_A_TRIAL = [
    [1, 0, 1, 1, 0, 0, 0, 0],
    [0, 0, 1, 1, 0, 1, 1, 0],
    [0, 0, 0, 0, 1, 1, 0, 0],
    [1, 0, 0, 0, 1, 0, 0, 0],
    [0, 1, 0, 0, 1, 0, 0, 0],
    [1, 0, 1, 0, 0, 0, 0, 0],
    [0, 0, 1, 1, 0, 1, 0, 0],
    [1, 1, 0, 1, 1, 0, 1, 1],
]


def test_line_logic_alone_is_depth_0() -> None:
    plus = [[0, 1, 0], [1, 1, 1], [0, 1, 0]]
    assert trial_depth(Puzzle.from_grid(plus)) == 0


def test_a_puzzle_line_logic_cannot_finish_needs_one_level_of_trials() -> None:
    puzzle = Puzzle.from_grid(NEEDS_A_TRIAL)
    assert solve(puzzle, max_solutions=2).status == "unique"
    assert not solve(puzzle).stats.solved_by_lines
    assert trial_depth(puzzle) == 1
    assert trial_depth(puzzle, most=0) == DEEPER


def test_two_solutions_are_never_settled() -> None:
    diagonal = Puzzle.from_grid([[1, 0], [0, 1]])  # its clues fit the other diagonal too
    assert trial_depth(diagonal) == DEEPER


def test_colour_is_measured_the_same_way() -> None:
    from game.core.palette import Palette

    palette = Palette.of(("white", (255, 255, 255)), ("red", (200, 0, 0)), ("blue", (0, 0, 200)))
    # Two colours side by side: each line's runs place every cell.
    stripes = Puzzle.from_colour_grid([[1, 2, 0], [1, 2, 0], [0, 0, 0]], palette)
    assert trial_depth(stripes) == 0
    # The diagonal again, in one colour on white: two solutions in colour too.
    diagonal = Puzzle.from_colour_grid([[1, 0], [0, 1]], palette)
    assert trial_depth(diagonal) == DEEPER
