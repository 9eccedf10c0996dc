"""Replaying the engine's steps with apply_step reproduces every board the engine saw."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from game.core.cells import EMPTY, FILLED
from game.core.formats import read_puzzle
from game.core.puzzle import Puzzle
from game.core.solver import apply_step, blank_grid, solve, solve_steps
from game.core.solver.engine import _Engine
from game.core.solver.options import SolveOptions
from game.core.solver.steps import (
    Backtrack,
    Contradiction,
    Finished,
    Guess,
    LineDeduced,
    LinesChecked,
    ProbeResult,
    ProbeStarted,
    SolutionFound,
)


def _engine_grid(engine: _Engine) -> npt.NDArray[np.int8]:
    codes = np.array([list(row) for row in engine.rows], dtype=np.int8)
    grid = np.full(codes.shape, -1, dtype=np.int8)
    grid[codes == FILLED] = 1
    grid[codes == EMPTY] = 0
    return grid


def _replay_against_engine(puzzle: Puzzle, max_solutions: int | None) -> list[object]:
    """Run the engine step by step; after each step the replayed grid must equal its board."""
    engine = _Engine(puzzle, SolveOptions(max_solutions))
    grid = blank_grid(puzzle.width, puzzle.height)
    steps: list[object] = []
    for step in engine.run():
        if isinstance(step, LineDeduced):
            # Steps only ever fill in unknown cells.
            for x, y, _value in step.cells:
                assert grid[y, x] == -1
        if isinstance(step, Guess | ProbeStarted):
            assert grid[step.y, step.x] == -1
        apply_step(grid, step)
        assert np.array_equal(grid, _engine_grid(engine)), step
        if isinstance(step, SolutionFound):
            assert np.array_equal(grid == 1, step.array())
        steps.append(step)
    return steps


def test_replay_of_a_search_heavy_puzzle() -> None:
    # Our own 14x14 noise: failed probes, guesses three deep, backtracks.
    puzzle = read_puzzle(Path(__file__).resolve().parent.parent / "data" / "search_noise_14x14.non")
    steps = _replay_against_engine(puzzle, max_solutions=None)
    kinds = {type(step) for step in steps}
    assert {Guess, Backtrack, ProbeStarted, ProbeResult, Contradiction} <= kinds
    # Probing at the root, lookahead probes below it: both replay to the engine's boards.
    probe_depths = {step.depth for step in steps if isinstance(step, ProbeStarted)}
    assert 0 in probe_depths and max(probe_depths) >= 1
    assert any(step.depth > 1 for step in steps if isinstance(step, Guess))
    final = steps[-1]
    assert isinstance(final, Finished)
    assert final.result.status == "multiple" and final.result.complete


def test_replay_reproduces_solve_results() -> None:
    # Two diagonals' worth of ambiguity in a bigger picture: several solutions, found by search.
    puzzle = Puzzle(
        width=6,
        height=6,
        row_clues=((1, 1),) * 6,
        column_clues=((1, 1),) * 6,
    )
    expected = solve(puzzle, max_solutions=5)
    grid = blank_grid(puzzle.width, puzzle.height)
    found = []
    result = None
    for step in solve_steps(puzzle, max_solutions=5):
        apply_step(grid, step)
        if isinstance(step, SolutionFound):
            found.append(grid == 1)
        if isinstance(step, Finished):
            result = step.result
    assert result is not None
    assert result.status == expected.status == "multiple"
    assert len(found) == len(expected.solutions) == 5
    for replayed, solved in zip(found, expected.solutions, strict=True):
        assert np.array_equal(replayed, solved)


def test_replay_from_an_initial_grid() -> None:
    puzzle = Puzzle(width=2, height=2, row_clues=((1,), (1,)), column_clues=((1,), (1,)))
    initial = np.array([[-1, 1], [-1, -1]], dtype=np.int8)
    grid = initial.copy()
    for step in solve_steps(puzzle, initial=initial):
        apply_step(grid, step)
    assert grid.tolist() == [[0, 1], [1, 0]]


@pytest.mark.parametrize(
    ("step", "text"),
    [
        (LineDeduced("row", 11, ((0, 11, 1), (1, 11, 1), (2, 11, 1)), "overlap", 0), "row 12"),
        (Guess(3, 6, 1, 2), "guess row 7, column 4 filled at depth 2"),
        (Guess(3, 6, 0, 1, alternative=True), "the other way: row 7, column 4 empty at depth 1"),
        (Contradiction("column", 8, 2), "column 9 cannot fit its clue at depth 2"),
        (Backtrack(1, ((3, 6), (4, 6))), "back to depth 1: 2 cells undone"),
        (ProbeStarted(0, 0, 0, 0), "try row 1, column 1 empty"),
        (
            ProbeResult(22, 2, 1, "consistent", tuple((x, 2) for x in range(25)), 0),
            "tried row 3, column 23 filled: no contradiction, 24 cells would follow",
        ),
        (
            ProbeResult(22, 2, 1, "contradiction", ((22, 2),), 0),
            "tried row 3, column 23 filled: a clue breaks, so it must be empty",
        ),
        (ProbeResult(0, 1, 0, "solved", ((0, 1),), 0), "row 2, column 1 empty: that completes"),
        (LinesChecked(48, 0), "checked 48 lines"),
    ],
)
def test_describe_reads_well(step: object, text: str) -> None:
    assert text in step.describe()  # type: ignore[attr-defined]


def test_line_deduced_sentence() -> None:
    step = LineDeduced("row", 11, ((0, 11, 1), (1, 11, 1), (2, 11, 1)), "overlap", 0)
    assert step.describe() == "row 12: 3 cells filled by overlap"


def test_apply_step_reports_changes() -> None:
    grid = blank_grid(3, 2)
    assert apply_step(grid, LineDeduced("column", 2, ((2, 0, 1), (2, 1, 0)), "forced", 0))
    assert grid[:, 2].tolist() == [1, 0]
    assert apply_step(grid, Backtrack(0, ((2, 0),)))
    assert grid[0, 2] == -1
    assert not apply_step(grid, LinesChecked(48, 0))
