"""The Kakuro replay's bookkeeping (game.core.kakuro.trace), without a window."""

from __future__ import annotations

import numpy as np

from game.core.kakuro.combos import single_digit
from game.core.kakuro.steps import Backtrack, Contradiction, Guess, RunsChecked, SolutionFound
from game.core.kakuro.task import solve
from game.core.kakuro.trace import KakuroTrace, kakuro_verdict_text
from game.core.trace import is_visible_step
from tests.core.kakuro_boards import random_puzzle, tiny
from tests.shared_data import FakeClock


def test_one_step_at_a_time_to_the_solvers_answer() -> None:
    puzzle = tiny()
    trace = KakuroTrace(puzzle, time_limit=None)
    taken = 0
    while not trace.finished:
        assert trace.advance(1.0, max_steps=1) == 1
        taken += 1
        assert not isinstance(trace.last_step, RunsChecked)  # heartbeats are not shown
    counters = trace.counters
    assert counters.steps == taken and counters.solutions == 1
    assert trace.result is not None and trace.result.status == "unique"
    answer = solve(puzzle).solutions[0]
    assert trace.solution_digits(0) == [answer[y][x] for x, y in puzzle.white_cells]
    assert [single_digit(mask) for mask in trace.candidates] == trace.solution_digits(0)
    assert kakuro_verdict_text(trace.result) == "One solution: a fair puzzle"
    assert trace.differing_cells() == frozenset()


def test_guesses_backtracks_and_contradictions_are_kept_for_the_screen() -> None:
    rng = np.random.default_rng(3)
    for _ in range(40):
        trace = KakuroTrace(random_puzzle(rng, 5, 5), max_solutions=None, time_limit=None)
        seen = {"guess": False, "backtrack": False}
        while not trace.finished:
            trace.advance(1.0, stop=is_visible_step)
            step = trace.last_step
            if isinstance(step, Guess) and not step.exclude:
                seen["guess"] = True
                assert trace.guessed[step.cell] == step.depth
                assert trace.depth_of[step.cell] == step.depth
            elif isinstance(step, Backtrack):
                seen["backtrack"] = True
                assert trace.backtrack_serial == trace.counters.backtracks
                assert trace.last_restored == tuple(index for index, _ in step.cells)
                assert all(depth <= step.depth for depth in trace.guessed.values())
            elif isinstance(step, Contradiction):
                assert trace.failed_run == step.run
            elif isinstance(step, SolutionFound):
                assert trace.solutions[-1] == step.rows
        if seen["guess"] and seen["backtrack"] and len(trace.solutions) > 1:
            # The cells the solutions disagree on, and only those.
            first, second = trace.solution_digits(0), trace.solution_digits(1)
            differ = trace.differing_cells()
            assert {
                i for i, (a, b) in enumerate(zip(first, second, strict=True)) if a != b
            } <= differ
            assert differ
            return
    raise AssertionError("no random board needed a guess and had two solutions")


def test_the_time_limit_counts_on_the_traces_clock() -> None:
    trace = KakuroTrace(tiny(), time_limit=0.0, clock=FakeClock(tick=0.001))
    while not trace.finished:
        trace.advance(1.0)
    assert trace.result is not None and trace.result.status == "unknown"
    assert kakuro_verdict_text(trace.result) == "Not decided in time"
