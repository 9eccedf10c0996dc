"""The colour engine: verdicts and solution sets against brute force, counting, the task."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.palette import Palette, fallback_rgb
from game.core.puzzle import Puzzle
from game.core.solver.colour import solve_colour
from game.core.solver.options import SolveOptions
from game.core.solver.result import ColourSolveResult
from game.core.solver.steps import Finished
from game.core.solver.task import SolveTask

from .colour_brute import all_solutions, assert_every_solution, initial_of


def palette(colours: int) -> Palette:
    return Palette.of(
        ("white", (255, 255, 255)),
        *((f"c{number}", fallback_rgb(number)) for number in range(1, colours + 1)),
    )


@st.composite
def colour_cases(draw: st.DrawFn) -> tuple[Puzzle, dict[tuple[int, int], int]]:
    """A random colour puzzle up to 5x5 with 2-4 colours (from a random picture), and a few
    cells given in advance, right or wrong (wrong ones make puzzles without solutions)."""
    colours = draw(st.integers(2, 4))
    width = draw(st.integers(1, 5))
    height = draw(st.integers(1, 5))
    background = draw(st.sampled_from([0.2, 0.4, 0.6]))
    grid = [
        [
            0 if draw(st.floats(0, 1)) < background else draw(st.integers(1, colours))
            for _ in range(width)
        ]
        for _ in range(height)
    ]
    puzzle = Puzzle.from_colour_grid(grid, palette(colours), keep_goal=False)
    fixed = draw(
        st.dictionaries(
            st.tuples(st.integers(0, width - 1), st.integers(0, height - 1)),
            st.integers(0, colours),
            max_size=2,
        )
    )
    return puzzle, fixed


@settings(max_examples=150, deadline=None)
@given(colour_cases(), st.booleans(), st.booleans())
def test_verdict_and_solutions_equal_brute_force(
    case: tuple[Puzzle, dict[tuple[int, int], int]], probing: bool, learning: bool
) -> None:
    puzzle, fixed = case
    expected = all_solutions(puzzle, fixed)
    initial = initial_of(puzzle, fixed)
    options = SolveOptions(max_solutions=None, initial=initial)
    result = solve_colour(puzzle, options, probing=probing, learning=learning)
    assert_every_solution(result, expected)


def test_counting_stops_at_max_solutions() -> None:
    # Two reds and two greens on a 2x2 diagonal: two pictures (rg/gr and gr/rg).
    puzzle = Puzzle(
        width=2,
        height=2,
        row_clues=((1, 1), (1, 1)),
        column_clues=((1, 1), (1, 1)),
        palette=palette(2),
        row_colours=((1, 2), (2, 1)),
        column_colours=((1, 2), (2, 1)),
    )
    assert len(all_solutions(puzzle)) == 1
    checker = Puzzle.from_colour_grid([[1, 2, 1], [2, 1, 2]], palette(2))
    everything = solve_colour(checker, SolveOptions(max_solutions=None))
    capped = solve_colour(checker, SolveOptions(max_solutions=1))
    assert everything.status == "unique" and not capped.complete
    assert capped.capped and capped.status == "unknown"
    stripes = Puzzle.from_colour_grid([[1, 0], [0, 1]], palette(2))
    stripes_result = solve_colour(stripes, SolveOptions(max_solutions=None))
    assert stripes_result.status == "multiple"
    assert len(stripes_result.colour_solutions) == 2


def test_solve_task_drives_colour_puzzles_with_an_injected_clock() -> None:
    grid = [[(x * 3 + y * 5) % 4 for x in range(12)] for y in range(10)]
    puzzle = Puzzle.from_colour_grid(grid, palette(3))
    ticks = itertools.count()
    task = SolveTask(puzzle, max_solutions=2, clock=lambda: next(ticks) * 0.0001)
    result = None
    slices = 0
    while result is None:
        result = task.advance(0.001)
        slices += 1
    assert isinstance(result, ColourSolveResult)
    assert any(np.array_equal(g, np.array(grid)) for g in result.colour_solutions)
    # A time limit on the same fake clock ends the solve as unknown.
    slow = SolveTask(puzzle, max_solutions=None, time_limit=0.0, clock=lambda: next(ticks))
    stopped = slow.run()
    assert stopped.timed_out and stopped.status == "unknown"


def test_the_seeds_algorithms_say_they_cannot_do_colour() -> None:
    import pytest

    from game.core.race import step_source

    puzzle = Puzzle.from_colour_grid([[1, 2]], palette(2))
    for algorithm in ("rows", "lines", "rules"):
        with pytest.raises(ValueError, match=f"the {algorithm} algorithm cannot solve colour"):
            SolveTask(puzzle, source=step_source(algorithm))
    assert SolveTask(puzzle, source=step_source("hanjie")).run().status == "unique"


def test_the_solvers_doors_send_a_colour_puzzle_to_the_colour_engine() -> None:
    # solve() and solve_steps() of game.core.solver once ran the black-and-white engine on a
    # colour puzzle's clues and answered "none" for a fair puzzle.
    from game.core.solver import solve, solve_steps

    grid = [[1, 2, 0], [0, 2, 1], [3, 3, 1]]
    puzzle = Puzzle.from_colour_grid(grid, palette(3), keep_goal=False)
    result = solve(puzzle)
    assert isinstance(result, ColourSolveResult)
    assert result.status == "unique"
    assert result.colour_solutions[0].tolist() == grid
    last = list(solve_steps(puzzle))[-1]
    assert isinstance(last, Finished)
    assert last.result.status == "unique"
    stripes = Puzzle.from_colour_grid([[1, 0], [0, 1]], palette(2), keep_goal=False)
    assert solve(stripes).status == "multiple"
