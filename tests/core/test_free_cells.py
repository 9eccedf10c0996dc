"""The free cells equal the union of differences over every solution, found by brute force."""

from __future__ import annotations

import itertools
import random

import numpy as np
import numpy.typing as npt

from game.core.create.free_cells import (
    ENUMERATION_MIN_DOUBT,
    FreeCells,
    FreeCellSearch,
    SettledCells,
    free_cells,
)
from game.core.lines import runs_of
from game.core.puzzle import Puzzle
from game.core.solver.task import SolveTask

BoolGrid = npt.NDArray[np.bool_]


def _all_solutions(puzzle: Puzzle) -> list[BoolGrid]:
    """Every solution: each row's patterns that fit its clue, crossed and kept when the
    columns fit theirs. Independent of the engine."""
    width = puzzle.width
    rows = [
        [pattern for pattern in itertools.product((False, True), repeat=width)
         if runs_of(pattern) == clue]
        for clue in puzzle.row_clues
    ]  # fmt: skip
    found = []
    for choice in itertools.product(*rows):
        grid = np.array(choice, dtype=bool)
        if all(runs_of(grid[:, x]) == puzzle.column_clues[x] for x in range(width)):
            found.append(grid)
    return found


def _brute_free(puzzle: Puzzle) -> set[tuple[int, int]]:
    solutions = _all_solutions(puzzle)
    differ = np.zeros((puzzle.height, puzzle.width), dtype=bool)
    for solution in solutions[1:]:
        differ |= solution != solutions[0]
    ys, xs = np.nonzero(differ)
    return {(int(x), int(y)) for y, x in zip(ys, xs, strict=True)}


def _ticking_clock(step: float = 0.001):  # type: ignore[no-untyped-def]
    now = [0.0]

    def clock() -> float:
        now[0] += step
        return now[0]

    return clock


def test_free_cells_equal_brute_force_on_hundreds_of_ambiguous_puzzles() -> None:
    rng = random.Random(12)
    ambiguous = 0
    while ambiguous < 300:
        width, height = rng.choice([(4, 4), (5, 4), (4, 5), (5, 5), (6, 4), (4, 6)])
        density = rng.choice([0.3, 0.45, 0.55, 0.7])
        grid = np.array([[rng.random() < density for _ in range(width)] for _ in range(height)])
        # Half with the goal as the reference, half without (the first solution then).
        puzzle = Puzzle.from_grid(grid)
        if rng.random() < 0.5:
            puzzle = Puzzle(width, height, puzzle.row_clues, puzzle.column_clues)
        expected = _brute_free(puzzle)
        # Every other puzzle with the enumeration (small puzzles skip it by default), so both
        # it and the cell by cell search are checked.
        least = 1 if ambiguous % 2 else ENUMERATION_MIN_DOUBT
        found = FreeCellSearch(puzzle, time_limit=None, enumeration_min_doubt=least).run()
        assert found.exact
        assert set(found.cells) == expected, (grid.astype(int).tolist(), found.cells)
        if expected:
            ambiguous += 1


def test_a_unique_puzzle_has_no_free_cells_and_says_so() -> None:
    plus = np.zeros((5, 5), dtype=bool)
    plus[2, :] = plus[:, 2] = True
    result = free_cells(Puzzle.from_grid(plus))
    assert result == FreeCells((), exact=True, solutions=1, seconds=result.seconds)
    assert result.text == "no cell can go either way"


def test_a_puzzle_with_no_solution_has_no_free_cells() -> None:
    puzzle = Puzzle(2, 2, ((2,), ()), ((), (2,)))
    result = free_cells(puzzle)
    assert result.cells == () and result.exact


def test_out_of_budget_says_at_least_with_what_it_found() -> None:
    # Lone cells on a diagonal: every row and column holds one, so any placement of eight
    # rooks on those rows and columns solves it; a tiny budget finds only some free cells.
    grid = np.zeros((12, 12), dtype=bool)
    for k in range(0, 12, 3):
        grid[k, k] = grid[k + 1, k + 1] = True
    puzzle = Puzzle.from_grid(grid)
    everything = free_cells(puzzle, time_limit=None)
    assert everything.exact and everything.count == 64
    assert everything.text == "exactly 64 cells can go either way"
    search = FreeCellSearch(puzzle, time_limit=0.004, clock=_ticking_clock(0.001))
    partial = search.run()
    assert not partial.exact and partial.undecided > 0
    assert set(partial.cells) < set(everything.cells)
    assert partial.text.startswith(f"at least {partial.count} cell")


def test_the_search_is_sliced_and_can_start_from_a_finished_first_solve() -> None:
    grid = np.zeros((12, 12), dtype=bool)
    for k in range(0, 12, 3):
        grid[k, k] = grid[k + 1, k + 1] = True
    puzzle = Puzzle.from_grid(grid)
    settled = SettledCells(puzzle)
    first = SolveTask(puzzle, max_solutions=2).run(on_step=settled)
    search = FreeCellSearch(
        puzzle, first=first, settled=settled.known, time_limit=None, clock=_ticking_clock()
    )
    slices = 0
    while not search.advance(0.003):
        slices += 1
    assert slices > 1  # it took several slices, each a few clock ticks
    assert search.result is not None and search.result.count == 64


def test_cancel_keeps_what_was_found_as_at_least() -> None:
    grid = np.zeros((12, 12), dtype=bool)
    for k in range(0, 12, 3):
        grid[k, k] = grid[k + 1, k + 1] = True
    search = FreeCellSearch(Puzzle.from_grid(grid), time_limit=None, clock=_ticking_clock())
    while search._first_task is not None:  # let the first solve finish
        search.advance(0.001)
    search.cancel()
    assert search.result is not None and not search.result.exact


def test_an_exhausted_enumeration_settles_every_cell_at_once() -> None:
    # A random 10x10 picture with 18 solutions: its first solve leaves cells in doubt (how
    # many depends on which two solutions the engine meets first).
    puzzle = Puzzle.from_grid(np.random.default_rng(41).random((10, 10)) < 0.5)
    search = FreeCellSearch(puzzle, time_limit=None, enumeration_min_doubt=1)
    cell_solves = 0
    next_task = search._next_task

    def counted():  # type: ignore[no-untyped-def]
        nonlocal cell_solves
        task = next_task()
        cell_solves += task is not None
        return task

    search._next_task = counted  # type: ignore[method-assign]
    result = search.run()
    assert len(search._doubt) >= 2 and result.solutions == 18
    assert result.exact and cell_solves == 0  # no cell needed a solve of its own
    alone = FreeCellSearch(puzzle, time_limit=None, enumeration_cap=0).run()
    assert alone.exact and alone.cells == result.cells and result.count == 29


def test_a_cell_that_runs_out_of_its_own_time_is_tried_again() -> None:
    grid = np.zeros((12, 12), dtype=bool)
    for k in range(0, 12, 3):
        grid[k, k] = grid[k + 1, k + 1] = True
    puzzle = Puzzle.from_grid(grid)
    # A cell's first solve gets no time at all; the second round gets the full second.
    search = FreeCellSearch(puzzle, time_limit=None, cell_time_limit=0.0, enumeration_cap=0)
    result = search.run()
    assert result.exact and result.count == 64 and search.cell_time_limit == 1.0
