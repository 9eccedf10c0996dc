"""All four algorithms agree with brute force, and their steps rebuild their solutions.

Random puzzles up to 6x6: pictures of several densities (unique, ambiguous and blank ones),
and clue sets spliced from two pictures (often no solution at all). Brute force is a plain
search over row placements written here, independent of the algorithms.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import numpy as np
import pytest

from game.core.lines import Clue, runs_of
from game.core.puzzle import Puzzle, PuzzleError
from game.core.race import ALGORITHMS, clue_totals, step_source
from game.core.solver.steps import SolutionFound, Step, apply_step, blank_grid
from game.core.solver.task import SolveTask

CAP = 4
# Brute force lists this many, so the solutions a capped algorithm found are all among them.
BRUTE_CAP = 5000
SEEDS = 480


def row_options(clue: Clue, width: int) -> list[tuple[int, ...]]:
    return [cells for cells in itertools.product((0, 1), repeat=width) if runs_of(cells) == clue]


def prefix_fits(prefix: list[int], clue: Clue, left: int) -> bool:
    runs = list(runs_of(prefix))
    if not runs:
        return sum(clue) + len(clue) - 1 <= left if clue else True
    if len(runs) > len(clue) or runs[:-1] != list(clue[: len(runs) - 1]):
        return False
    open_run = prefix[-1] == 1
    last = runs[-1]
    if open_run:
        if last > clue[len(runs) - 1]:
            return False
        rest = clue[len(runs) :]
        need = clue[len(runs) - 1] - last + (sum(rest) + len(rest) if rest else 0)
    else:
        if last != clue[len(runs) - 1]:
            return False
        rest = clue[len(runs) :]
        need = sum(rest) + len(rest) - 1 if rest else 0
    return need <= left


def brute_force(puzzle: Puzzle, cap: int) -> set[bytes]:
    width, height = puzzle.width, puzzle.height
    options = [row_options(clue, width) for clue in puzzle.row_clues]
    found: set[bytes] = set()
    chosen: list[tuple[int, ...]] = []

    def search(y: int) -> None:
        if len(found) >= cap:
            return
        if y == height:
            found.add(bytes(cell for row in chosen for cell in row))
            return
        for option in options[y]:
            chosen.append(option)
            left = height - y - 1
            if all(
                prefix_fits([row[x] for row in chosen], puzzle.column_clues[x], left)
                for x in range(width)
            ):
                search(y + 1)
            chosen.pop()

    search(0)
    return found


def random_puzzle(seed: int) -> Puzzle:
    rng = random.Random(seed)
    width, height = rng.randint(1, 6), rng.randint(1, 6)
    density = rng.choice((0.0, 0.3, 0.5, 0.7, 1.0))

    def picture() -> list[list[bool]]:
        return [[rng.random() < density for _ in range(width)] for _ in range(height)]

    first = Puzzle.from_grid(picture())
    if seed % 4 == 3:  # splice: rows of one picture, columns of another
        second = Puzzle.from_grid(picture())
        try:
            return Puzzle(width, height, first.row_clues, second.column_clues)
        except PuzzleError:
            pass
    return first


def replayer(puzzle: Puzzle, rebuilt: list[bytes]) -> Callable[[Step], None]:
    """An observer applying every step to a blank grid; at each solution the grid must be
    complete and show exactly that solution (kept in ``rebuilt``)."""
    grid = blank_grid(puzzle.width, puzzle.height)

    def observe(step: Step) -> None:
        apply_step(grid, step)
        if isinstance(step, SolutionFound):
            assert (grid >= 0).all()
            rebuilt.append(grid.astype(np.uint8).tobytes())
            assert rebuilt[-1] == step.cells

    return observe


@pytest.mark.parametrize("block", range(8))
def test_every_algorithm_agrees_with_brute_force(block: int) -> None:
    for seed in range(block, SEEDS, 8):
        puzzle = random_puzzle(seed)
        truth = brute_force(puzzle, BRUTE_CAP)
        expected = "none" if not truth else "unique" if len(truth) == 1 else "multiple"
        for algorithm in ALGORITHMS:
            task = SolveTask(puzzle, max_solutions=CAP, source=step_source(algorithm))
            rebuilt: list[bytes] = []
            result = task.run(on_step=replayer(puzzle, rebuilt))
            where = (seed, algorithm, puzzle.row_clues, puzzle.column_clues)
            assert result.status == expected, where
            found = {solution.astype(np.uint8).tobytes() for solution in result.solutions}
            assert len(found) == len(result.solutions) == min(len(truth), CAP), where
            assert found <= truth, where
            assert set(rebuilt) == found, where
            assert result.complete == (len(truth) < CAP), where


def test_clue_totals_is_seed_004s_first_test() -> None:
    puzzle = Puzzle.from_grid([[True, False], [True, True]])
    totals = clue_totals(puzzle)
    assert (totals.rows, totals.columns, totals.agree) == (3, 3, True)
    assert "both fill 3 cells" in totals.text()
