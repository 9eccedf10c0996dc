"""The generator: deterministic for a seed, always one solution, at the level asked."""

from __future__ import annotations

import numpy as np
import pytest

from game.core.generate.generator import GenerateError, Generation, generate, speck_cells
from game.core.rating import rate_puzzle
from game.core.solver import solve


def test_the_same_seed_gives_the_same_puzzle() -> None:
    first = generate(8, 6, 2, seed=7)
    second = generate(8, 6, 2, seed=7)
    assert first == second
    assert (first.width, first.height) == (8, 6)


def test_slicing_does_not_change_the_puzzle() -> None:
    whole = Generation(10, 10, 3, seed=3).run()
    sliced = Generation(10, 10, 3, seed=3)
    slices = 0
    while sliced.advance(0.0) is None:  # one piece of work a call
        slices += 1
    assert slices > 1
    assert sliced.result is not None
    assert sliced.result.puzzle == whole.puzzle


def test_different_seeds_give_different_puzzles() -> None:
    puzzles = {generate(10, 10, 1, seed=seed).fingerprint() for seed in range(4)}
    assert len(puzzles) == 4


@pytest.mark.parametrize(
    ("width", "height", "level"),
    [(5, 5, 1), (5, 5, 2), (8, 8, 3), (10, 7, 1), (7, 10, 2), (10, 10, 4), (8, 8, 5)],
)
def test_every_generated_puzzle_is_unique_and_at_its_level(
    width: int, height: int, level: int
) -> None:
    for seed in range(2):
        made = Generation(width, height, level, seed).run()
        puzzle = made.puzzle
        assert (puzzle.width, puzzle.height) == (width, height)
        # A separate full solve, not the generator's own: exactly one solution.
        assert solve(puzzle, max_solutions=2).status == "unique"
        _result, rating = rate_puzzle(puzzle)
        assert rating.stars == made.rating.stars == level


@pytest.mark.parametrize(
    ("width", "height", "level", "words"),
    [(4, 10, 1, "width must be 5 to 40"), (10, 41, 1, "height"), (10, 10, 6, "level")],
)
def test_bad_requests_are_refused(width: int, height: int, level: int, words: str) -> None:
    with pytest.raises(GenerateError, match=words):
        Generation(width, height, level, seed=0)


def test_hard_pictures_drawn_mirrored_stay_mirrored() -> None:
    """Fine detail reads as a design when symmetric: the generator's flips keep a mirrored
    picture symmetric (at least one of a few hard puzzles is drawn mirrored)."""
    symmetric = 0
    for seed in range(4):
        goal = Generation(10, 10, 3, seed).run().puzzle.goal_array()
        assert goal is not None
        symmetric += bool((goal == goal[:, ::-1]).all())
    assert symmetric >= 2


@pytest.mark.parametrize(("width", "height", "seed"), [(40, 30, 3), (30, 30, 9)])
def test_fiendish_on_a_big_grid_settles_what_probing_left_open(
    width: int, height: int, seed: int
) -> None:
    """These seeds' first pictures need a guess only for a few cells deep probing leaves
    open; flipping cells line logic left open instead (most of the grid) took 300-370
    thousand engine steps over 200-300 candidates (15-20 s). Steps count work, so the
    figure is the same on every machine."""
    made = Generation(width, height, 5, seed).run()
    assert made.steps < 20_000
    assert solve(made.puzzle, max_solutions=2).status == "unique"
    _result, rating = rate_puzzle(made.puzzle)
    assert rating.stars == made.rating.stars == 5


def test_speck_cells_are_lone_dots_and_pin_holes() -> None:
    picture = np.zeros((4, 5), dtype=bool)
    picture[0, 0] = True  # a lone dot in the corner (outside the grid is paper)
    picture[1:4, 2:5] = True
    picture[2, 3] = False  # a pin hole in a block
    lonely = speck_cells(picture)
    assert sorted(zip(*np.nonzero(lonely), strict=True)) == [(0, 0), (2, 3)]


def test_hard_pictures_are_not_speckled() -> None:
    """The climb's hardening flips made the specks (lone cells) of hard pictures: seeds 0-5
    of 15x15 Expert had 43 between them before those flips avoided making one."""
    specks = [
        int(speck_cells(goal).sum())
        for seed in range(6)
        if (goal := Generation(15, 15, 4, seed).run().puzzle.goal_array()) is not None
    ]
    assert len(specks) == 6
    assert sum(specks) <= 15
