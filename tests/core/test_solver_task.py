"""The sliced solving task: slices by its clock, a time limit that counts only its own work,
the same verdicts as the engine, and the full engine checked against brute force."""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.core.solver as solver_package
from game.core.puzzle import Puzzle
from game.core.solver import SolveTask, solve
from game.core.solver.options import SolveOptions
from game.core.solver.result import SolveResult
from game.core.solver.steps import Finished, Guess, LinesChecked, SolutionFound, Step
from game.core.solver.task import SolveCounters, StepSource
from tests.shared_data import FakeClock


def stripes(size: int) -> Puzzle:
    """A size x size triangle: unique, and every line needs solving."""
    return Puzzle.from_grid([[x <= y for x in range(size)] for y in range(size)])


def test_time_between_slices_does_not_count_against_the_limit() -> None:
    clock = FakeClock()
    task = SolveTask(stripes(24), time_limit=1.0, clock=clock)
    assert task.advance(1.0, max_steps=1) is None
    clock.jump(100.0)  # the player paused for 100 s: none of it is the engine's
    result = task.run()
    assert result.status == "unique"
    assert not result.timed_out
    assert task.engine_seconds == 0.0


def test_time_limit_counts_the_engines_own_work() -> None:
    # Each clock reading takes 10 ms: the 0.05 s limit is spent within a few dozen lines.
    clock = FakeClock(tick=0.01)
    open_grid = Puzzle(
        width=20, height=20, row_clues=((1,),) * 20, column_clues=((1,),) * 20
    )  # 20! solutions: never finishes counting
    task = SolveTask(open_grid, max_solutions=None, time_limit=0.05, clock=clock)
    result = task.run()
    assert result.timed_out
    assert not result.complete
    assert clock.now < 5.0  # stopped within a few readings of the limit


def test_advance_slices_by_its_budget_and_returns_the_result_once_done() -> None:
    clock = FakeClock(tick=0.001)
    task = SolveTask(stripes(15), clock=clock)
    slices = 0
    result = None
    while result is None:
        before = clock.now
        result = task.advance(0.005)
        slices += 1
        # at most one step past the budget: a reading before and after each step
        assert clock.now - before <= 0.005 + 0.003 or result is not None
    assert slices > 3
    assert task.done
    assert result.status == "unique"
    assert task.advance(0.005) is result  # a finished task keeps its answer


def test_observer_sees_every_step_and_can_end_a_slice() -> None:
    seen: list[Step] = []

    def stop_at_first_change(step: Step) -> bool:
        seen.append(step)
        return not isinstance(step, LinesChecked)

    task = SolveTask(stripes(8))
    assert task.advance(10.0, on_step=stop_at_first_change) is None
    assert len(seen) >= 1
    counted = task.steps_taken
    assert counted == 1
    task.advance(100.0, on_step=seen.append)
    assert isinstance(seen[-1], Finished)
    assert task.result is seen[-1].result


def test_max_steps_counts_real_steps() -> None:
    task = SolveTask(stripes(10))
    task.advance(100.0, max_steps=3)
    assert task.steps_taken == 3


def test_cancel_stops_the_task() -> None:
    task = SolveTask(stripes(10))
    task.advance(0.0, max_steps=1)
    task.cancel()
    assert task.done and task.cancelled and task.result is None
    assert task.advance(1.0) is None
    with pytest.raises(RuntimeError):
        task.run()


def test_initial_board_and_max_solutions() -> None:
    puzzle = Puzzle(width=2, height=2, row_clues=((1,), (1,)), column_clues=((1,), (1,)))
    assert SolveTask(puzzle).run().status == "multiple"
    initial = np.array([[1, -1], [-1, -1]], dtype=np.int8)
    result = SolveTask(puzzle, initial=initial).run()
    assert result.status == "unique"
    assert result.solutions[0].tolist() == [[True, False], [False, True]]
    capped = SolveTask(puzzle, max_solutions=1).run()
    assert capped.capped and len(capped.solutions) == 1


@pytest.mark.parametrize("bad", [-1.0, float("nan")])
def test_a_bad_time_limit_is_refused(bad: float) -> None:
    with pytest.raises(ValueError):
        SolveTask(stripes(3), time_limit=bad)


# --------------------------------------------------------------------------- oracle


def brute_force_solutions(puzzle: Puzzle) -> list[np.ndarray]:
    """Every grid whose lines match the clues: each row's every arrangement, all combined,
    kept when the columns match (independent of the solver; fine up to 5x5)."""
    width = puzzle.width
    all_lines = list(itertools.product((False, True), repeat=width))
    row_options = [
        [line for line in all_lines if runs(list(line)) == clue] for clue in puzzle.row_clues
    ]
    found = []
    for rows in itertools.product(*row_options):
        grid = np.array(rows, dtype=bool).reshape(puzzle.height, width)
        if all(runs(list(grid[:, x])) == puzzle.column_clues[x] for x in range(width)):
            found.append(grid)
    return found


def runs(line: list[bool]) -> tuple[int, ...]:
    return tuple(len(list(group)) for value, group in itertools.groupby(line) if value)


@st.composite
def clue_pairs(draw: st.DrawFn) -> Puzzle:
    """Row clues from one random grid, column clues from a shuffle of its cells (same total):
    some such puzzles have no solution, some one, some several, the mix the oracle should see.
    """
    width = draw(st.integers(1, 5))
    height = draw(st.integers(1, 5))
    cells = draw(st.lists(st.booleans(), min_size=width * height, max_size=width * height))
    shuffled = draw(st.permutations(cells)) if draw(st.booleans()) else cells
    rows = np.array(cells, dtype=bool).reshape(height, width)
    columns = np.array(shuffled, dtype=bool).reshape(height, width)
    return Puzzle(
        width=width,
        height=height,
        row_clues=tuple(runs(list(row)) for row in rows),
        column_clues=tuple(runs(list(column)) for column in columns.T),
    )


@settings(max_examples=150, deadline=None)
@given(clue_pairs())
def test_engine_verdict_and_solutions_equal_brute_force(puzzle: Puzzle) -> None:
    expected = brute_force_solutions(puzzle)
    result = SolveTask(puzzle, max_solutions=None).run()
    assert result.complete
    verdict = {0: "none", 1: "unique"}.get(len(expected), "multiple")
    assert result.status == verdict
    assert sorted(g.tobytes() for g in result.solutions) == sorted(g.tobytes() for g in expected)
    assert solve(puzzle, max_solutions=None).status == verdict


def test_a_task_drives_the_step_source_it_is_given() -> None:
    # Any algorithm is a source of steps: the task slices it and keeps its live figures.
    picture = np.array([[True, False], [False, True]])
    own = SolveCounters(lines=7, guesses=2)
    asked: dict[str, object] = {}

    def source(puzzle: Puzzle, options: SolveOptions) -> StepSource:
        asked.update(max_solutions=options.max_solutions, timeout=options.timeout)
        steps: list[Step] = [
            LinesChecked(3, 0),
            Guess(0, 0, 1, 1),
            SolutionFound(bytes([1, 0, 0, 1]), 2, 2, 1, 1),
            Finished(SolveResult("unknown", [picture], max_solutions=1)),
        ]
        return StepSource(iter(steps), own)

    task = SolveTask(Puzzle.from_grid(picture), max_solutions=1, time_limit=9.0, source=source)
    assert asked == {"max_solutions": 1, "timeout": 9.0}
    assert task.advance(1.0, max_steps=1) is None  # the heartbeat is no step taken
    assert task.steps_taken == 1
    result = task.run()
    assert result.status == "unknown" and task.steps_taken == 3
    counters = task.counters
    assert (counters.lines, counters.guesses, counters.steps) == (7, 2, 3)


def test_the_solver_package_never_imports_the_race() -> None:
    # The race builds its sources itself; no solver module imports it, even in a function.
    folder = Path(solver_package.__file__).parent
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            assert not any(name.startswith("game.core.race") for name in names), path.name
