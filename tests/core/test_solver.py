"""The engine's verdicts: unique, multiple, none, unknown; solutions satisfy the clues."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pytest

from game.core.formats import read_puzzle
from game.core.puzzle import Puzzle
from game.core.solver import SolveResult, engine_probe, solve, solve_steps
from game.core.solver.steps import Finished, Guess, ProbeStarted

SAMPLES = Path(__file__).resolve().parent.parent / "data" / "formats"
SEARCH_NOISE = Path(__file__).resolve().parent.parent / "data" / "search_noise_14x14.non"


def _assert_solutions_valid(puzzle: Puzzle, result: SolveResult) -> None:
    for solution in result.solutions:
        assert solution.shape == (puzzle.height, puzzle.width)
        assert solution.dtype == np.bool_
        assert puzzle.is_solution(solution)
    distinct = {solution.tobytes() for solution in result.solutions}
    assert len(distinct) == len(result.solutions)


def test_unique_picture_is_found() -> None:
    picture = [
        [0, 1, 1, 1, 0],
        [1, 1, 0, 1, 1],
        [1, 0, 0, 0, 1],
        [1, 1, 0, 1, 1],
        [0, 1, 1, 1, 0],
    ]
    puzzle = Puzzle.from_grid(picture)
    result = solve(puzzle)
    assert result.status == "unique"
    assert result.complete
    assert len(result.solutions) == 1
    assert np.array_equal(result.solutions[0], np.array(picture, dtype=bool))
    assert result.stats.solved_by_lines
    assert result.stats.guesses == 0


def test_two_solutions_of_a_diagonal() -> None:
    # Rows 1 / 1 and columns 1 / 1: the two diagonals.
    puzzle = Puzzle(width=2, height=2, row_clues=((1,), (1,)), column_clues=((1,), (1,)))
    result = solve(puzzle, max_solutions=None)
    assert result.status == "multiple"
    assert result.complete and not result.capped
    assert len(result.solutions) == 2
    _assert_solutions_valid(puzzle, result)


def test_contradictory_clues_say_none_quickly() -> None:
    # The sums agree, but row 1 wants the full width where column 1 wants its top cell empty.
    puzzle = Puzzle(
        width=3,
        height=3,
        row_clues=((3,), (1,), (1,)),
        column_clues=((1,), (1, 1), (1, 1)),
    )
    start = time.perf_counter()
    result = solve(puzzle)
    assert time.perf_counter() - start < 1.0
    assert result.status == "none"
    assert result.solutions == []
    assert result.complete


def test_many_solutions_stop_at_the_cap() -> None:
    # Every row and column holds one filled cell: 9! = 362880 permutation matrices.
    size = 9
    puzzle = Puzzle(
        width=size,
        height=size,
        row_clues=((1,),) * size,
        column_clues=((1,),) * size,
    )
    result = solve(puzzle, max_solutions=60)
    assert result.status == "multiple"
    assert result.capped and not result.complete
    assert len(result.solutions) == 60
    _assert_solutions_valid(puzzle, result)


def test_timeout_is_honoured_while_probing(monkeypatch: pytest.MonkeyPatch) -> None:
    # A blank 120x120 grid of single cells stalls line logic at once: probing does all the
    # work, and a short timeout must stop it there. Probing's patience is lifted so a fast
    # machine cannot end probing (1,000 fruitless probes) and guess before the timeout.
    monkeypatch.setattr(engine_probe, "PROBE_PATIENCE", 10**9)
    size = 120
    puzzle = Puzzle(
        width=size,
        height=size,
        row_clues=((1,),) * size,
        column_clues=((1,),) * size,
    )
    start = time.perf_counter()
    result = solve(puzzle, timeout=0.3)
    elapsed = time.perf_counter() - start
    assert result.status == "unknown"
    assert result.timed_out
    assert result.stats.probes > 0
    assert result.stats.guesses == 0
    assert elapsed < 1.5


def test_solve_steps_ends_with_finished() -> None:
    # That a paused consumer does not use up the timeout is tested with an injected clock in
    # test_solver_task.py.
    puzzle = Puzzle.from_grid([[1, 0], [1, 1]])
    steps = list(solve_steps(puzzle))
    assert isinstance(steps[-1], Finished)
    assert steps[-1].result.status == "unique"


def test_initial_grid_is_taken_as_known() -> None:
    puzzle = Puzzle(width=2, height=2, row_clues=((1,), (1,)), column_clues=((1,), (1,)))
    initial = np.array([[1, -1], [-1, -1]], dtype=np.int8)
    steps = list(solve_steps(puzzle, initial=initial))
    result = steps[-1]
    assert isinstance(result, Finished)
    assert result.result.status == "unique"
    assert result.result.solutions[0].tolist() == [[True, False], [False, True]]


def test_no_solution_file_gives_none() -> None:
    # Its clues have no picture (tests/data/formats/README.md says how it was checked).
    puzzle = read_puzzle(SAMPLES / "verdicts" / "none_4x4.non")
    result = solve(puzzle)
    assert result.status == "none"


def test_several_solutions_are_all_counted() -> None:
    # One cell in each row and column of a 5x5: 5! = 120 solutions, every one found.
    puzzle = read_puzzle(SAMPLES / "verdicts" / "multiple_5x5.txt")
    result = solve(puzzle, max_solutions=1000)
    assert result.status == "multiple"
    assert result.complete
    assert len(result.solutions) == 120
    _assert_solutions_valid(puzzle, result)


def test_search_heavy_noise_has_a_complete_verdict() -> None:
    # Our own 14x14 noise that needs failed probes, guesses three deep and backtracks (the
    # corpus verdicts are compared by benchmarks/solve_corpus.py).
    puzzle = read_puzzle(SEARCH_NOISE)
    result = solve(puzzle, max_solutions=None, timeout=20)
    assert result.status == "multiple" and result.complete
    assert result.stats.guesses > 0 and result.stats.backtracks > 0
    _assert_solutions_valid(puzzle, result)


def test_timeout_is_honoured_in_a_long_search() -> None:
    # Counting the 10! solutions of an open 10x10 is many short probes and guesses: the clock
    # must still be read often enough to stop on time.
    puzzle = Puzzle(width=10, height=10, row_clues=((1,),) * 10, column_clues=((1,),) * 10)
    start = time.perf_counter()
    result = solve(puzzle, max_solutions=None, timeout=0.5)
    assert time.perf_counter() - start < 2.0
    assert result.timed_out


def test_lines_longer_than_255_cells() -> None:
    rng = np.random.default_rng(7)
    picture = rng.random((3, 300)) < 0.6
    puzzle = Puzzle.from_grid(picture.tolist())
    result = solve(puzzle, max_solutions=2, timeout=30)
    assert result.status in ("unique", "multiple")
    _assert_solutions_valid(puzzle, result)


def test_empty_puzzles() -> None:
    for width, height in ((0, 0), (0, 3), (4, 0)):
        puzzle = Puzzle(
            width=width,
            height=height,
            row_clues=((),) * height,
            column_clues=((),) * width,
        )
        result = solve(puzzle)
        assert result.status == "unique"
        assert result.solutions[0].shape == (height, width)


def test_root_probing_gives_up_on_a_big_open_grid(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every clue 1 on 40x40: probing a cell proves nothing (filled empties its row and column,
    # empty forces nothing), so a full round would cost 3,200 probes before the first guess.
    monkeypatch.setattr(engine_probe, "PROBE_PATIENCE", 100)
    size = 40
    ones = tuple((1,) for _ in range(size))
    puzzle = Puzzle(size, size, ones, ones)
    probes = 0
    before_first_guess: int | None = None
    final = None
    for step in solve_steps(puzzle):
        if isinstance(step, ProbeStarted):
            probes += 1
        elif isinstance(step, Guess) and before_first_guess is None:
            before_first_guess = probes
        elif isinstance(step, Finished):
            final = step.result
    # 100 fruitless cells, two probes each; then the round branches.
    assert before_first_guess == 2 * 100
    assert final is not None and final.status == "multiple"
    assert all(puzzle.is_solution(grid) for grid in final.solutions)
