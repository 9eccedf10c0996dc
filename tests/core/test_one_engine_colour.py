"""The one engine over colour (issue 44): a colour cell as planes of yes/no variables.

Black and white is the engine's one-plane case (its own tests and the differential tests hold
it unchanged); here the same engine, with its probing, lookahead, learning and restarts, solves
colour puzzles: every solution brute force finds, no other, and steps a replay can follow.
"""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.puzzle import Puzzle
from game.core.solver import solve
from game.core.solver.engine import _Engine
from game.core.solver.options import SolveOptions
from game.core.solver.plane_line import PlaneLineSolver, plane_count, smallest_line
from game.core.solver.result import ColourSolveResult
from game.core.solver.steps import Finished, RootSettled, SolutionFound, Step, apply_step
from game.core.solver.task import SolveTask

from .colour_brute import (
    all_solutions,
    assert_every_solution,
    colour_cases,
    initial_of,
    palette,
    placements,
)


def run(puzzle: Puzzle, options: SolveOptions, probing: bool = True) -> list[Step]:
    engine = _Engine(puzzle, options)
    engine.probing = probing
    return list(engine.run())


def result_of(steps: list[Step]) -> ColourSolveResult:
    last = steps[-1]
    assert isinstance(last, Finished)
    assert isinstance(last.result, ColourSolveResult)
    return last.result


@settings(max_examples=150, deadline=None)
@given(colour_cases(), st.booleans())
def test_every_solution_and_no_other(
    case: tuple[Puzzle, dict[tuple[int, int], int]], probing: bool
) -> None:
    puzzle, fixed = case
    expected = all_solutions(puzzle, fixed)
    initial = initial_of(puzzle, fixed)
    steps = run(puzzle, SolveOptions(max_solutions=None, initial=initial), probing)
    result = result_of(steps)
    assert_every_solution(result, expected)


def noise(seed: int, size: int, colours: int) -> Puzzle:
    rng = np.random.default_rng(seed)
    share = [0.4] + [0.6 / colours] * colours
    grid = rng.choice(colours + 1, size=(size, size), p=share)
    return Puzzle.from_colour_grid(grid.tolist(), palette(colours), keep_goal=False)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.integers(6, 11), st.integers(2, 4))
def test_a_watched_solve_tells_the_board_a_replay_shows(seed: int, size: int, colours: int) -> None:
    """Applied in order, the steps of a watched solve put each solution on the replay's grid
    (colour numbers, 0 the background) when it is announced; guesses, probes and backtracks
    in between never leave a cell with a value outside the palette."""
    puzzle = noise(seed, size, colours)
    steps = run(puzzle, SolveOptions(max_solutions=2, watch=True))
    grid = np.full((size, size), -1, dtype=np.int8)
    solutions = 0
    for step in steps:
        apply_step(grid, step)
        assert grid.min() >= -1 and grid.max() <= colours
        if isinstance(step, SolutionFound):
            solutions += 1
            shown = np.frombuffer(step.data, dtype=np.uint8).reshape(size, size)
            assert np.array_equal(grid, shown)
    result = result_of(steps)
    assert solutions == len(result.colour_solutions) >= 1  # the picture itself solves it
    assert result.stats.lines_solved > 0


def test_an_unwatched_solve_settles_what_every_solution_shares() -> None:
    settled = 0
    for seed in range(6):
        puzzle = noise(seed, 12, 3)
        steps = run(puzzle, SolveOptions(max_solutions=None, watch=False))
        result = result_of(steps)
        roots = [step for step in steps if isinstance(step, RootSettled)]
        assert roots, "an unwatched solve says what the root proved"
        known = roots[0].known()
        for grid in result.colour_solutions:
            assert np.array_equal(known[known >= 0], grid[known >= 0])
        settled += int((known >= 0).sum())
    assert settled > 0


def test_black_and_white_is_the_one_plane_case() -> None:
    assert plane_count(1) == 1 and plane_count(0) == 1
    assert plane_count(2) == 3 and plane_count(5) == 6


def test_a_colour_line_on_planes_answers_as_the_line_solver_packs() -> None:
    runs = ((2, 1), (1, 2))  # two of colour 1, then one of colour 2, in 4 cells
    solver = PlaneLineSolver(3)
    line = bytes(4 * 3)
    packed = solver.solve_uncached(runs, line, solver.cache_for(runs))
    assert packed is not None
    count = packed[0]
    yes, no = set(packed[1 : count + 1]), set(packed[count + 1 :])
    # The placements "112.", "11.2" and ".112": cell 1 is colour 1 in each, cell 0 is
    # never colour 2; the planes say so and no more.
    lines = list(placements(runs, 4))
    for cell in range(4):
        values = {line[cell] for line in lines}
        for colour in range(3):
            at = cell * 3 + colour
            if values == {colour}:
                assert at in yes
            if colour not in values:
                assert at in no
    assert smallest_line(runs) == 3 and smallest_line(((1, 1), (1, 1))) == 3
    # A cell with two yes is no cell: a contradiction.
    broken = bytearray(12)
    broken[0] = broken[1] = 1
    assert solver.solve_uncached(runs, bytes(broken), solver.cache_for(runs)) is None


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
    everything = solve(checker, max_solutions=None)
    capped = solve(checker, max_solutions=1)
    assert everything.status == "unique" and not capped.complete
    assert capped.capped and capped.status == "unknown"
    stripes = Puzzle.from_colour_grid([[1, 0], [0, 1]], palette(2))
    stripes_result = solve(stripes, max_solutions=None)
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


def test_the_solvers_doors_solve_a_colour_puzzle_in_colour() -> None:
    # solve() and solve_steps() of game.core.solver once ran the black-and-white engine on a
    # colour puzzle's clues and answered "none" for a fair puzzle.
    from game.core.solver import solve_steps

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


def test_a_colour_struck_off_a_cell_is_told_not_painted() -> None:
    """A colour puzzle's probe or rule on one of a cell's planes ("not colour 2") reads as
    such in the replay's words and leaves the replay's grid as it was; a line that only
    struck colours off says so."""
    from game.core.solver.steps import LineDeduced, ProbeResult, ProbeStarted, not_value

    grid = np.full((2, 2), -1, dtype=np.int8)
    probe = ProbeStarted(1, 0, not_value(2), 0)
    assert "not colour 2" in probe.describe()
    assert not apply_step(grid, probe) and (grid == -1).all()
    broke = ProbeResult(1, 0, 2, "contradiction", (), 0)
    assert broke.describe().endswith("so it must be not colour 2")
    kept = ProbeResult(1, 0, not_value(3), "contradiction", (), 0)
    assert kept.describe().endswith("so it must be colour 3")
    assert "colours ruled out" in LineDeduced("row", 0, (), "forced", 0).describe()
    # In a solve: the engine's words for a noisy three-colour picture use both forms.
    words = " ".join(step.describe() for step in run(noise(5, 12, 3), SolveOptions(2, watch=True)))
    assert "not " in words and "colours ruled out" in words and "colour -" not in words
