"""The replay's bookkeeping without a window: pulling steps within a budget, cell layers,
counters, the player's marks and the verdict in words."""

from __future__ import annotations

import itertools

import numpy as np

from game.core.board import Board, Cell
from game.core.puzzle import Puzzle
from game.core.solver import solve
from game.core.solver.result import SolveResult, SolveStats
from game.core.solver.steps import LineDeduced, LinesChecked, ProbeStarted
from game.ui.scenes.replay_state import (
    ReplayState,
    board_marks,
    check_marks,
    is_line_step,
    verdict_text,
)

SEARCH_8X8 = Puzzle.from_grid(
    [
        [cell == "#" for cell in row]
        for row in (
            ".#######",
            "..###...",
            "#.#.#...",
            ".####.#.",
            "#.#....#",
            ".#..#...",
            "######.#",
            ".###...#",
        )
    ],
    title="Noise",
)


class FakeClock:
    """A clock that moves one millisecond each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.001
        return self.now


def test_pull_stops_when_the_budget_is_spent_or_the_quota_is_reached() -> None:
    state = ReplayState(SEARCH_8X8, clock=FakeClock())
    # The clock is read at the start, then after the engine gave a step and after the step
    # was applied, 1 ms apart: a 4 ms budget allows 2 steps.
    assert state.pull(1_000, 0.004) == 2
    assert state.counters.steps == 2
    assert state.pull(2, 10.0) == 2
    assert state.counters.steps == 4
    assert state.pull(0, 10.0) == 0
    # Solver time is the engine's share only: 1 ms for each step it gave, not the 1 ms
    # each step took to apply.
    assert abs(state.counters.solver_seconds - 0.004) < 1e-9


def test_pull_stops_right_after_the_step_asked_for() -> None:
    state = ReplayState(SEARCH_8X8)
    state.pull(10, 1.0)
    state.pull(1_000_000, 10.0, stop=is_line_step)
    assert isinstance(state.last_step, LineDeduced) and state.last_step.cells
    state.pull(1_000_000, 10.0, stop=lambda step: isinstance(step, ProbeStarted))
    assert isinstance(state.last_step, ProbeStarted)
    assert state.probe_cell == (state.last_step.x, state.last_step.y)


def test_heartbeats_are_applied_but_not_counted_against_the_quota() -> None:
    # Every line "1" in 50 cells: the first round of line solving teaches nothing, so the
    # engine sends heartbeats (LinesChecked) before it starts probing.
    size = 50
    clues = ((1,),) * size
    puzzle = Puzzle(width=size, height=size, row_clues=clues, column_clues=clues)
    state = ReplayState(puzzle)
    counted = 0
    while not any(isinstance(step, LinesChecked) for step in state.recent):
        counted += state.pull(1, 10.0)
    # The pull went on past the heartbeats to the next step that shows something.
    assert not isinstance(state.last_step, LinesChecked)
    beats = sum(isinstance(step, LinesChecked) for step in state.recent)
    assert beats >= 1
    assert counted == state.counters.steps - beats  # applied, listed, not counted
    # Lines that taught nothing are not lines that gave cells.
    assert state.counters.lines_with_cells == sum(
        isinstance(step, LineDeduced) and bool(step.cells) for step in state.recent
    )


def test_the_finished_figures_agree_with_the_engines_result() -> None:
    """QA: the panel said "Lines solved 75" and "Solver time 9.9 ms" while the summary said
    "solved 161 lines ... in 7.0 ms" for the same run."""
    state = ReplayState(SEARCH_8X8, max_solutions=None)
    line_steps = 0
    while not state.finished:
        state.pull(1, 1.0)
        step = state.last_step
        line_steps += isinstance(step, LineDeduced) and bool(step.cells) and step.reason != "probe"
    assert state.result is not None
    stats = state.result.stats
    counters = state.counters
    assert counters.lines_with_cells == line_steps > 0
    # The engine solved more lines than gave cells: they are different figures.
    assert stats.lines_solved + stats.cache_hits > counters.lines_with_cells
    assert counters.solver_seconds == stats.seconds
    assert (counters.probes, counters.guesses, counters.backtracks) == (
        stats.probes,
        stats.guesses,
        stats.backtracks,
    )


def test_cells_carry_their_depth_and_probe_layer() -> None:
    state = ReplayState(SEARCH_8X8, max_solutions=None)
    seen_trial = seen_probe = False
    while not state.finished:
        state.pull(1, 1.0)
        cells = state.display_cells()
        grid = state.grid
        probes = state.probe_cells()
        known = grid >= 0
        # Every known cell is either on the board or on the probe layer, never both.
        on_board = cells != Cell.UNKNOWN
        on_layer = probes >= 0
        assert np.array_equal(on_board | on_layer, known)
        assert not (on_board & on_layer).any()
        trial = np.isin(cells, (Cell.TRIAL_FILLED, Cell.TRIAL_CROSSED))
        assert np.array_equal(trial, known & (state.depth_of > 0) & ~state.probed)
        filled = np.isin(cells, (Cell.FILLED, Cell.TRIAL_FILLED))
        assert np.array_equal(filled, (grid == 1) & ~state.probed)
        seen_trial |= bool(trial.any())
        seen_probe |= bool(on_layer.any())
        # Open guesses are cells still set, at the depth they were guessed.
        for (x, y), depth in state.guesses.items():
            assert grid[y, x] >= 0 and depth >= 0
    assert seen_trial and seen_probe


def test_counters_agree_with_the_engine_at_the_end() -> None:
    state = ReplayState(SEARCH_8X8, max_solutions=None)
    while not state.finished:
        state.pull(1_000_000, 1.0)
    result = state.result
    assert result is not None
    counters = state.counters
    assert counters.probes == result.stats.probes
    assert counters.guesses == result.stats.guesses
    assert counters.backtracks == result.stats.backtracks
    assert counters.max_depth == result.stats.max_depth
    assert counters.solutions == len(result.solutions) == 3
    reference = solve(SEARCH_8X8, max_solutions=None)
    assert all(
        np.array_equal(a, b) for a, b in zip(state.solutions, reference.solutions, strict=True)
    )


def test_player_marks_become_an_engine_grid_and_are_checked() -> None:
    solution = solve(SEARCH_8X8).solutions[0]
    board = Board.blank(8, 8)
    for x, y in itertools.product(range(8), range(3)):
        board.set(x, y, Cell.FILLED if solution[y, x] else Cell.CROSSED)
    board.set(0, 6, Cell.TRIAL_FILLED)
    board.set(1, 6, Cell.TRIAL_CROSSED)
    marks = board_marks(board)
    assert np.array_equal(marks[:3], solution[:3].astype(np.int8))
    assert (marks[3:] == -1).all()
    consistent, result = check_marks(SEARCH_8X8, marks)
    assert consistent is True and result.solutions
    assert np.array_equal(result.solutions[0][:3], solution[:3])
    wrong = marks.copy()
    wrong[0, :] = 1  # row 1 would hold eight cells, its clue is 7
    assert check_marks(SEARCH_8X8, wrong)[0] is False
    state = ReplayState(SEARCH_8X8, initial=marks)
    assert np.array_equal(state.grid, marks)
    assert (state.display_cells()[:3] != Cell.UNKNOWN).all()


def test_verdicts_in_words() -> None:
    solution = np.zeros((2, 2), dtype=bool)
    stats = SolveStats()
    assert verdict_text(SolveResult("unique", [solution], stats, complete=True), 60) == (
        "Unique solution"
    )
    assert verdict_text(SolveResult("multiple", [solution] * 3, stats, complete=True), 60) == (
        "3 solutions"
    )
    capped = SolveResult("multiple", [solution] * 20, stats, capped=True)
    assert verdict_text(capped, 60) == "At least 20 solutions (stopped counting)"
    assert verdict_text(SolveResult("none", [], stats, complete=True), 60) == "No solution"
    timed_out = SolveResult("unknown", [], stats, timed_out=True)
    assert verdict_text(timed_out, 60) == "Gave up after the time limit of 60 s"
    one = SolveResult("unknown", [solution], stats, timed_out=True)
    assert "1 solution found" in verdict_text(one, 2.5)
