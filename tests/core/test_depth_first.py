"""The depth-first search (depth_first.py) and its compiled twin (_kernel_dfs.h), and the
engine that lets it take turns (engine._Engine.run_both)."""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from game.core.formats import read_puzzle
from game.core.puzzle import Puzzle
from game.core.solver import kernel, solve, solve_steps
from game.core.solver.depth_first import MAX_LINE, DepthFirst, open_depth_first
from game.core.solver.options import SolveOptions
from game.core.solver.steps import Finished, SolutionFound
from game.core.solver.task import open_solve

SEARCH_NOISE = Path(__file__).resolve().parent.parent / "data" / "search_noise_14x14.non"


def _clues(puzzle: Puzzle) -> list[tuple[int, ...]]:
    return [*puzzle.row_clues, *puzzle.column_clues]


def _puzzles() -> list[Puzzle]:
    """Random grids of 5 to 15 cells a side at several densities (many need probing, some
    guessing, some have several solutions), and the search-heavy 14x14 noise."""
    rng = np.random.default_rng(2026)
    puzzles = [
        Puzzle.from_grid(rng.random((height, width)) < density, keep_goal=False)
        for width, height, density in itertools.product((5, 9, 12, 15), (6, 13), (0.35, 0.5))
    ]
    puzzles.append(read_puzzle(SEARCH_NOISE))
    return puzzles


def _state(search: object) -> tuple[object, ...]:
    return tuple(
        getattr(search, name)
        for name in ("nodes", "probes", "work", "solutions", "complete", "finished")
    )


def _satisfies(puzzle: Puzzle, cells: bytes) -> bool:
    grid = np.frombuffer(cells, dtype=np.uint8).reshape(puzzle.height, puzzle.width)
    return puzzle.solved_by_values(grid)


@pytest.mark.parametrize("max_solutions", [1, 2, 5])
def test_the_compiled_twin_searches_the_same_tree(
    compiled: ModuleType, max_solutions: int | None
) -> None:
    """The same nodes, probes, work and solutions, in the same order, on both."""
    for puzzle in _puzzles():
        twin = compiled.DepthFirst(puzzle.width, puzzle.height, _clues(puzzle), max_solutions)
        reference = DepthFirst(puzzle.width, puzzle.height, _clues(puzzle), max_solutions)
        twin.run(None)
        reference.run(None)
        assert _state(twin) == _state(reference), puzzle.row_clues
        assert twin.finished


def test_slices_end_at_the_same_work_on_both_and_change_nothing(compiled: ModuleType) -> None:
    """Run in slices, both stop at the same step of the same work, and end as one run does."""
    puzzle = read_puzzle(SEARCH_NOISE)
    whole = DepthFirst(puzzle.width, puzzle.height, _clues(puzzle), None)
    whole.run(None)
    for size in (1, 97, 1000):
        twin = compiled.DepthFirst(puzzle.width, puzzle.height, _clues(puzzle), None)
        reference = DepthFirst(puzzle.width, puzzle.height, _clues(puzzle), None)
        budget = 0
        while not reference.finished:
            budget += size
            twin.run(budget)
            reference.run(budget)
            assert _state(twin) == _state(reference), (size, budget)
            assert reference.finished or reference.work >= budget
        assert _state(reference) == _state(whole)


def test_its_verdicts_and_solutions_are_the_engines() -> None:
    """Every puzzle: the same count of solutions as the engine (up to three), each one
    satisfying the clues, and fewer probes than lines looked at (the records stand for the
    rest)."""
    for puzzle in _puzzles():
        expected = solve(puzzle, max_solutions=3)
        search = open_depth_first(puzzle.width, puzzle.height, _clues(puzzle), 3)
        search.run(None)
        assert search.complete == expected.complete
        assert len(search.solutions) == len(expected.solutions)
        assert len(set(search.solutions)) == len(search.solutions)
        assert all(_satisfies(puzzle, cells) for cells in search.solutions)
    noise = DepthFirst(14, 14, _clues(read_puzzle(SEARCH_NOISE)), None)
    noise.run(None)
    assert noise.nodes > 0 and noise.probes < noise.work


def test_it_counts_every_solution_and_stops_where_asked() -> None:
    # One filled cell a row and a column: the 24 permutations of four.
    clues = [(1,)] * 8
    every = DepthFirst(4, 4, clues, None)
    every.run(None)
    assert every.complete and len(every.solutions) == 24
    capped = DepthFirst(4, 4, clues, 2)
    capped.run(None)
    assert capped.finished and not capped.complete and len(capped.solutions) == 2
    none = DepthFirst(2, 2, [(2,), (), (2,), ()], None)  # rows need four cells, columns two
    none.run(None)
    assert none.complete and none.solutions == []


def test_the_compiled_twin_refuses_what_it_cannot_take(compiled: ModuleType) -> None:
    for width, height, clues in (
        (0, 3, [()] * 3),
        (MAX_LINE + 1, 1, [()] * (MAX_LINE + 2)),
        (3, 3, [()] * 5),  # a clue short
        (3, 3, [(2, 2), *[()] * 5]),  # runs that do not fit their line
        (3, 3, [(0,), *[()] * 5]),
        (3, 3, [("2",), *[()] * 5]),
    ):
        with pytest.raises((ValueError, TypeError)):
            compiled.DepthFirst(width, height, clues, 2)
    with pytest.raises(ValueError):
        compiled.DepthFirst(3, 3, [()] * 6, 0)


def test_the_second_search_gives_the_engines_verdict_with_the_same_counts_on_both() -> None:
    """With ``second_search`` the verdict is the engine's, every solution reported fits, the
    work read ends at the lines counted, and the compiled engine and pure Python (each with
    its own twin of the second search) count the same."""
    was_compiled = kernel.engine_name() == kernel.COMPILED
    found: dict[bool, list[object]] = {}
    try:
        for compiled_engine in (True, False):
            kernel.use(compiled_engine)
            found[compiled_engine] = []
            for puzzle in _puzzles():
                alone = solve(puzzle, max_solutions=2)
                opened, work = open_solve(
                    puzzle, SolveOptions(max_solutions=2, watch=False, second_search=True)
                )
                steps = list(opened)
                last = steps[-1]
                assert isinstance(last, Finished)
                both = last.result
                # The work read as it goes counts the second search's lines too.
                assert work() == both.stats.lines_solved + both.stats.cache_hits
                assert both.status == alone.status and both.complete == alone.complete
                reported = [step for step in steps if isinstance(step, SolutionFound)]
                assert len(reported) == len(both.solutions) == len(alone.solutions)
                assert all(_satisfies(puzzle, step.cells) for step in reported)
                found[compiled_engine].append(both.stats.as_dict() | {"seconds": 0})
    finally:
        kernel.use(was_compiled)
    assert found[True] == found[False]


def test_the_second_search_takes_turns_only_when_asked_and_only_on_what_it_takes() -> None:
    """Watched, with a work limit or with pinned cells, the engine goes alone (the same
    counts as not asking); asked on a search-heavy puzzle, the second search's probes are
    among the counts and the verdict is the same."""
    puzzle = read_puzzle(SEARCH_NOISE)
    alone = solve(puzzle, max_solutions=2)
    initial = np.full((14, 14), -1, dtype=np.int8)
    for ask in ({"work_limit": 10**9}, {"initial": initial}):
        with_ask = solve(puzzle, max_solutions=2, second_search=True, **ask)  # type: ignore[arg-type]
        without = solve(puzzle, max_solutions=2, **ask)  # type: ignore[arg-type]
        assert replace(with_ask.stats, seconds=0) == replace(without.stats, seconds=0)
    last = list(solve_steps(puzzle, max_solutions=2, second_search=True))[-1]
    assert isinstance(last, Finished) and last.result.stats.probes == alone.stats.probes
    both = solve(puzzle, max_solutions=2, second_search=True)
    assert both.status == alone.status and both.stats.probes != alone.stats.probes


def test_a_timeout_during_its_turn_ends_the_solve_as_timed_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The second search's turns count against the engine's time. Its first turn is made
    endless here, so the engine never resumes: only the turn's own looks at the (injected)
    clock, a second a reading, can end the solve, and it ends timed out."""
    from game.core.solver import engine

    monkeypatch.setattr(engine, "SECOND_TURN", 10**12)
    monkeypatch.setattr(engine, "SECOND_BEAT", 64)
    puzzle = Puzzle(width=10, height=10, row_clues=((1,),) * 10, column_clues=((1,),) * 10)
    readings = itertools.count()
    result = solve(
        puzzle,
        max_solutions=None,
        timeout=200.0,
        clock=lambda: float(next(readings)),
        second_search=True,
    )
    assert result.timed_out and not result.complete
    # The solutions it found by then are the solve's (the engine's first guess came first).
    assert result.stats.guesses > 0 and len(result.solutions) > 0
