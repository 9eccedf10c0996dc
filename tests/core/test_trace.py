"""The replay's bookkeeping without a window: advancing within a budget through the solve task,
cell layers, counters, the player's marks checked a slice at a time, and the verdict in words."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np

from game.core.board import Board, Cell
from game.core.formats import read_puzzle
from game.core.puzzle import Puzzle
from game.core.solver import apply_step, blank_grid, solve, solve_steps
from game.core.solver.result import SolveResult, SolveStats
from game.core.solver.steps import (
    Backtrack,
    Contradiction,
    Finished,
    Guess,
    LineDeduced,
    LinesChecked,
    ProbeResult,
    ProbeStarted,
    Step,
)
from game.core.solver.trace import (
    MarksCheck,
    SolveTrace,
    board_marks,
    is_line_step,
    verdict_text,
)
from tests.core.test_solver_steps import _replay_against_engine
from tests.shared_data import SEARCH_8X8, FakeClock

# Random 14x14 noise (kept from a run of random grids for being search-heavy: probes that
# fail, guesses three deep, backtracks; two solutions or more). Random grids with a single
# solution never needed search in thousands of tries: probing settled them all.
SEARCH_NOISE = Path(__file__).resolve().parent.parent / "data" / "search_noise_14x14.non"


def test_advance_stops_when_the_budget_is_spent_or_the_quota_is_reached() -> None:
    clock = FakeClock()

    def one_millisecond_a_step(_step: Step) -> bool:
        clock.jump(0.001)  # applying each step takes 1 ms of the frame
        return False

    state = SolveTrace(SEARCH_8X8, clock=clock)
    # A 4.5 ms budget: the fifth step goes past it, and the slice ends there.
    state.advance(0.0045, stop=one_millisecond_a_step)
    assert state.counters.steps == 5
    assert state.advance(10.0, max_steps=2) == 2
    assert state.counters.steps == 7
    assert state.advance(10.0, max_steps=0) == 0
    assert state.counters.steps == 7
    # No time passed inside the engine: the 5 ms of applying steps are not solver time.
    assert state.counters.solver_seconds == 0.0


def test_solver_time_is_the_engines_share_only() -> None:
    clock = FakeClock(tick=0.001)

    def slow_frame(_step: Step) -> bool:
        clock.jump(1.0)  # a second of drawing after each step: not the engine's
        return False

    state = SolveTrace(SEARCH_8X8, time_limit=None, clock=clock)
    for _ in range(5):
        state.advance(0.0, max_steps=1, stop=slow_frame)
    seconds = state.counters.solver_seconds
    assert seconds == state.task.engine_seconds
    assert 0.0 < seconds < 1.0


def test_advance_stops_right_after_the_step_asked_for() -> None:
    state = SolveTrace(SEARCH_8X8)
    state.advance(1.0, max_steps=10)
    state.advance(10.0, stop=is_line_step)
    assert isinstance(state.last_step, LineDeduced) and state.last_step.cells
    state.advance(10.0, stop=lambda step: isinstance(step, ProbeStarted))
    assert isinstance(state.last_step, ProbeStarted)
    assert state.probe_cell == (state.last_step.x, state.last_step.y)


def test_heartbeats_are_applied_but_not_counted_against_the_quota() -> None:
    # Every line "1" in 50 cells: the first round of line solving teaches nothing, so the
    # engine sends heartbeats (LinesChecked) before it starts probing.
    size = 50
    clues = ((1,),) * size
    puzzle = Puzzle(width=size, height=size, row_clues=clues, column_clues=clues)
    state = SolveTrace(puzzle)
    counted = 0
    while not any(isinstance(step, LinesChecked) for step in state.recent):
        counted += state.advance(10.0, max_steps=1)
    # The slice went on past the heartbeats to the next step that shows something.
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
    state = SolveTrace(SEARCH_8X8, max_solutions=None)
    line_steps = 0
    while not state.finished:
        state.advance(1.0, max_steps=1)
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
    state = SolveTrace(SEARCH_8X8, max_solutions=None)
    seen_trial = seen_probe = False
    while not state.finished:
        state.advance(1.0, max_steps=1)
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
    state = SolveTrace(SEARCH_8X8, max_solutions=None)
    while not state.finished:
        state.advance(1.0)
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
    check = MarksCheck(SEARCH_8X8, marks)
    assert check.run() == "fit"
    assert check.result is not None and check.result.solutions
    assert np.array_equal(check.result.solutions[0][:3], solution[:3])
    wrong = marks.copy()
    wrong[0, :] = 1  # row 1 would hold eight cells, its clue is 7
    assert MarksCheck(SEARCH_8X8, wrong).run() == "contradict"
    state = SolveTrace(SEARCH_8X8, initial=marks)
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
    counting = SolveResult("multiple", [solution] * 7, stats, timed_out=True, max_solutions=None)
    assert verdict_text(counting, 60) == "At least 7 solutions (stopped at the time limit of 60 s)"
    assert verdict_text(SolveResult("none", [], stats, complete=True), 60) == "No solution"
    timed_out = SolveResult("unknown", [], stats, timed_out=True)
    assert verdict_text(timed_out, 60) == "Gave up after the time limit of 60 s"
    one = SolveResult("unknown", [solution], stats, timed_out=True)
    assert "1 solution found" in verdict_text(one, 2.5)


def test_replay_of_the_in_repo_search_heavy_puzzle_matches_the_engine() -> None:
    """The same check as the shared corpus's dom_05 test, on a puzzle kept in the repo: after
    every step the replayed grid is the engine's own board."""
    puzzle = read_puzzle(SEARCH_NOISE)
    steps = _replay_against_engine(puzzle, max_solutions=2)
    kinds = {type(step) for step in steps}
    assert {Guess, Backtrack, ProbeStarted, ProbeResult, Contradiction} <= kinds
    assert any(step.depth > 1 for step in steps if isinstance(step, Guess))
    final = steps[-1]
    assert isinstance(final, Finished)
    assert final.result.status == "multiple"


def test_the_trace_reproduces_every_board_and_solves_answer() -> None:
    puzzle = read_puzzle(SEARCH_NOISE)
    trace = SolveTrace(puzzle, max_solutions=None, time_limit=None)
    reference = solve_steps(puzzle, max_solutions=None)
    grid = blank_grid(puzzle.width, puzzle.height)
    applied = 0
    slices = 0
    while not trace.finished:
        trace.advance(1.0, max_steps=7)
        slices += 1
        while applied < trace.counters.steps:
            apply_step(grid, next(reference))
            applied += 1
        assert np.array_equal(trace.grid, grid)
    assert slices > 10  # it really went a slice at a time
    expected = solve(puzzle, max_solutions=None)
    assert trace.result is not None and trace.result.status == expected.status
    assert len(trace.solutions) == len(expected.solutions) >= 2
    assert all(
        np.array_equal(a, b) for a, b in zip(trace.solutions, expected.solutions, strict=True)
    )


def test_a_marks_check_works_a_slice_at_a_time() -> None:
    puzzle = read_puzzle(SEARCH_NOISE)
    clock = FakeClock(tick=0.001)  # every reading of the clock takes 1 ms
    blank = blank_grid(puzzle.width, puzzle.height)
    check = MarksCheck(puzzle, blank, time_limit=60.0, clock=clock)
    slices = 0
    while True:
        before = clock.now
        verdict = check.advance(0.004)
        slices += 1
        # A slice ends within a step of its budget: a few readings of the clock past it (the
        # engine reads it too).
        assert clock.now - before <= 0.004 + 0.006 or verdict is not None
        if verdict is not None:
            break
    assert slices > 1
    assert verdict == "fit" and check.verdict == "fit"
    assert check.advance(0.004) == "fit"  # a finished check keeps its verdict
    # Out of time before any answer: the check says it could not tell.
    late = MarksCheck(puzzle, blank, time_limit=0.0)
    assert late.run() == "unknown"
