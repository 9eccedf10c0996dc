"""The engine's unit of work (issue 32): lines looked at (solved, or answered from a cache).

Make it fair, the free-cell count and the screens' checks limit their solves by work, not
time, so a picture gets the same answer on any machine. The unit is one both engines report
alike, counted where both look at the clock, so the verdict callers run unwatched (the compiled
engine at its own speed) and still get, compiled or pure, the same cut-off, the same free
cells and the same edits.

Skipped where the kernel is not built, unless HANJIE_REQUIRE_KERNEL=1.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

import numpy as np

from game.core.convert.methods import dither_grid
from game.core.create.free_cells import FreeCellSearch, SettledCells
from game.core.create.make_fair import MakeFair
from game.core.generate.generator import Generation
from game.core.generate.picture_puzzles import PictureGeneration
from game.core.puzzle import Puzzle
from game.core.solver import SolveOptions, kernel, open_solve, solve_steps
from game.core.solver.engine_state import CLOCK_EVERY
from game.core.solver.steps import Finished, RootSettled, SolutionFound


@contextmanager
def _engine(compiled: bool) -> Iterator[None]:
    was_compiled = kernel.engine_name() == kernel.COMPILED
    kernel.use(compiled)
    try:
        yield
    finally:
        kernel.use(was_compiled)


def _sparse(rng: random.Random, low: int = 12, high: int = 17) -> Puzzle:
    size = rng.randint(low, high)
    grid = [[rng.random() < 0.35 for _ in range(size)] for _ in range(size)]
    return Puzzle.from_grid(grid, keep_goal=False)


def _verdict(puzzle: Puzzle, compiled: bool, work_limit: int | None) -> tuple[object, ...]:
    """An unwatched solve's verdict, solutions, statistics (seconds left out), settled cells
    and the work it reports at the end."""
    with _engine(compiled):
        options = SolveOptions(max_solutions=2, watch=False, work_limit=work_limit)
        steps, work = open_solve(puzzle, options)
        solutions: list[bytes] = []
        settled: bytes | None = None
        for step in steps:
            if isinstance(step, SolutionFound):
                solutions.append(step.data)
            elif isinstance(step, RootSettled):
                settled = step.cells
            elif isinstance(step, Finished):
                stats = step.result.stats.as_dict()
                stats.pop("seconds", None)
                return step.result.status, step.result.timed_out, solutions, stats, settled, work()
    raise AssertionError("no Finished step")


def test_a_work_limit_ends_a_solve_at_the_same_line_on_both_engines(
    compiled: ModuleType,
) -> None:
    rng = random.Random(3232)
    cut = 0
    for case in range(30):
        puzzle = _sparse(rng)
        whole = _verdict(puzzle, True, None)
        total = whole[-1]
        stats = whole[3]
        assert isinstance(stats, dict) and isinstance(total, int)
        # The work read at the end is the statistics' lines looked at.
        assert total == stats["lines_solved"] + stats["cache_hits"], case
        for limit in sorted({1, total // 5, total // 2, total - 1, total + CLOCK_EVERY}):
            if limit <= 0:
                continue
            on_compiled = _verdict(puzzle, True, limit)
            assert on_compiled == _verdict(puzzle, False, limit), (case, limit)
            status, timed_out, _solutions, _stats, _settled, work = on_compiled
            assert isinstance(work, int)
            if timed_out:
                # Stopped at the first look at the clock past the limit: within 16 lines.
                assert status != "unique" and limit <= work < limit + CLOCK_EVERY, (case, limit)
                cut += 1
            else:
                assert on_compiled == whole, (case, limit)
    assert cut >= 30, cut


def test_the_cells_settled_before_the_first_guess_hold_in_every_solution(
    compiled: ModuleType,
) -> None:
    """An unwatched solve tells the cells its root proved in one step: every solution has
    them, and they include every cell a watched solve's steps settle before its first guess
    (probing's own fixes come on top)."""
    rng = random.Random(77)
    told = 0
    for case in range(80):
        width, height = rng.randint(4, 9), rng.randint(4, 9)
        grid = [[rng.random() < 0.5 for _ in range(width)] for _ in range(height)]
        puzzle = Puzzle.from_grid(grid, keep_goal=False)
        settled_steps = [
            step
            for step in solve_steps(puzzle, max_solutions=2, watch=False)
            if isinstance(step, RootSettled)
        ]
        assert len(settled_steps) == 1, case
        known = settled_steps[0].known()
        watched = SettledCells(puzzle)
        everything = None
        for step in solve_steps(puzzle, max_solutions=None):
            watched(step)
            if isinstance(step, Finished):
                everything = step.result
        assert everything is not None and everything.complete
        for solution in everything.solutions:
            assert np.all((known < 0) | (known == solution.astype(np.int8))), case
        assert np.all((watched.known < 0) | (watched.known == known)), case
        told += int((known >= 0).sum())
    assert told > 1000, told


def test_free_cells_and_make_it_fair_give_the_same_answer_on_both_engines(
    compiled: ModuleType,
) -> None:
    picture = dither_grid(np.linspace(0.2, 0.8, 400).reshape(20, 20), 0.5)
    answers = []
    for on_compiled in (True, False):
        with _engine(on_compiled):
            search = FreeCellSearch(Puzzle.from_grid(picture), work_limit=60_000)
            free = search.run()
            fair = MakeFair(picture, work_limit=200_000, safety_seconds=None).run()
        answers.append(
            (free.cells, free.exact, search.work, fair.found, fair.edits, fair.tried, fair.work)
        )
    assert answers[0] == answers[1]
    cells, _exact, free_work, found, edits, _tried, fair_work = answers[0]
    assert cells and free_work > 0 and fair_work > 0
    assert found and edits


def test_a_seed_makes_the_same_puzzle_on_both_engines(compiled: ModuleType) -> None:
    """Random's pictures (made fair within a work budget) and shapes, black and white and
    colour: a seed gives the same puzzle, rated the same, compiled or pure."""
    made = []
    for on_compiled in (True, False):
        with _engine(on_compiled):
            made.append(
                [
                    PictureGeneration(20, 20, 3, 11).run(),
                    PictureGeneration(15, 15, 2, 12, colours=4).run(),
                    Generation(12, 12, 4, 13).run(),
                ]
            )
    for on_compiled, on_pure in zip(made[0], made[1], strict=True):
        assert on_compiled.puzzle == on_pure.puzzle
        assert on_compiled.rating == on_pure.rating
        assert on_compiled.steps == on_pure.steps
