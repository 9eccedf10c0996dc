"""The one engine on colour puzzles, compiled (the propagator reading planes, the colour line
on planes in ``plane_packed``) against pure Python: on hundreds of random colour puzzles,
unique, ambiguous and without a solution, the same steps, the same statistics and the same
solutions, with and without probing, with a small line cache, with cells given and with a
clock or a work limit that runs out; any divergence fails."""

from __future__ import annotations

import dataclasses
import functools
import itertools
import random
from collections.abc import Callable
from types import ModuleType

import numpy as np
import pytest

from game.core.palette import Palette, fallback_rgb
from game.core.puzzle import Puzzle
from game.core.solver import engine_state, kernel
from game.core.solver.engine import _Engine
from game.core.solver.line import LineSolver
from game.core.solver.options import SolveOptions
from game.core.solver.result import ColourSolveResult
from game.core.solver.steps import Finished


def _palette(colours: int) -> Palette:
    return Palette.of(
        ("white", (255, 255, 255)),
        *((f"c{number}", fallback_rgb(number)) for number in range(1, colours + 1)),
    )


def _random_puzzle(rng: random.Random, largest: int = 8) -> Puzzle:
    """A random picture's puzzle (unique or ambiguous); one in four takes its columns from
    the picture with its rows shuffled (the same colour totals: often no solution)."""
    colours = rng.randint(2, 5)
    width, height = rng.randint(2, largest), rng.randint(2, largest)
    background = rng.choice((0.2, 0.4, 0.6))
    grid = [
        [0 if rng.random() < background else rng.randint(1, colours) for _ in range(width)]
        for _ in range(height)
    ]
    puzzle = Puzzle.from_colour_grid(grid, _palette(colours), keep_goal=False)
    if rng.random() < 0.25:
        shuffled = Puzzle.from_colour_grid(
            rng.sample(grid, len(grid)), _palette(colours), keep_goal=False
        )
        puzzle = dataclasses.replace(
            puzzle,
            column_clues=shuffled.column_clues,
            column_colours=shuffled.column_colours,
        )
    return puzzle


def _stream(
    puzzle: Puzzle,
    use_compiled: bool,
    probing: bool = True,
    max_solutions: int | None = 3,
    initial: np.ndarray | None = None,
    timeout: float | None = None,
    clock: Callable[[], float] | None = None,
    work_limit: int | None = None,
) -> list[object]:
    """Every step of a solve, its Finished step as the verdict, every statistic but the
    seconds, and the solutions."""
    was_compiled = kernel.engine_name() == kernel.COMPILED
    kernel.use(use_compiled)
    try:
        stream: list[object] = []
        options = SolveOptions(max_solutions, timeout, initial, work_limit=work_limit, watch=True)
        if clock is not None:
            options = dataclasses.replace(options, clock=clock)
        engine = _Engine(puzzle, options)
        engine.probing = probing
        for step in engine.run():
            if isinstance(step, Finished):
                result = step.result
                assert isinstance(result, ColourSolveResult)
                stats = dataclasses.replace(result.stats, seconds=0.0)
                solutions = [grid.tobytes() for grid in result.colour_solutions]
                stream.append((result.status, result.complete, result.timed_out, stats, solutions))
            else:
                stream.append(step)
        return stream
    finally:
        kernel.use(was_compiled)


def _agree(puzzle: Puzzle, case: object, **options: object) -> list[object]:
    ours = _stream(puzzle, True, **options)  # type: ignore[arg-type]
    theirs = _stream(puzzle, False, **options)  # type: ignore[arg-type]
    assert len(ours) == len(theirs), case
    for number, (one, other) in enumerate(zip(ours, theirs, strict=True)):
        assert one == other, (case, number)
    return ours


def test_the_engine_built_compiled_uses_the_compiled_loop(compiled: ModuleType) -> None:
    puzzle = _random_puzzle(random.Random(1))
    was_compiled = kernel.engine_name() == kernel.COMPILED
    try:
        for use_compiled in (True, False):
            kernel.use(use_compiled)
            engine = _Engine(puzzle, SolveOptions(clock=lambda: 0.0))
            assert (engine.propagator is not None) == use_compiled
    finally:
        kernel.use(was_compiled)


def test_the_twins_agree_on_random_puzzles(compiled: ModuleType) -> None:
    """Four hundred puzzles up to 8x8 in 2-5 colours, on four seeds, probing or not; every
    verdict met (unique, several, none)."""
    verdicts: set[object] = set()
    for seed in (32, 320, 3200, 32000):
        rng = random.Random(seed)
        for case in range(100):
            puzzle = _random_puzzle(rng)
            probing = case % 3 != 0
            stream = _agree(puzzle, (seed, case), probing=probing)
            verdicts.add(stream[-1][0])  # type: ignore[index]
    assert verdicts == {"unique", "multiple", "none"}


def test_the_twins_agree_where_search_works_hardest(compiled: ModuleType) -> None:
    """Half-empty pictures of 10-14 a side in 2-3 colours (many solutions, twenty counted)
    and their shuffled twins (contradictions), without probing: many guesses, backtracks and
    learned nogoods, heartbeats between a line's deductions."""
    rng = random.Random(3233)
    searched = 0
    for case in range(40):
        colours = rng.choice((2, 3))
        size = rng.randint(10, 14)
        grid = [
            [0 if rng.random() < 0.5 else rng.randint(1, colours) for _ in range(size)]
            for _ in range(size)
        ]
        puzzle = Puzzle.from_colour_grid(grid, _palette(colours), keep_goal=False)
        if case % 4 == 3:
            other = Puzzle.from_colour_grid(
                rng.sample(grid, size), _palette(colours), keep_goal=False
            )
            puzzle = dataclasses.replace(
                puzzle, column_clues=other.column_clues, column_colours=other.column_colours
            )
        stream = _agree(puzzle, case, probing=False, max_solutions=20)
        stats = stream[-1][3]  # type: ignore[index]
        searched += stats.backtracks >= 10
    assert searched >= 10


def test_the_twins_agree_with_cells_given(compiled: ModuleType) -> None:
    """An initial grid of given cells, right or wrong (wrong ones: no solution)."""
    rng = random.Random(3234)
    for case in range(60):
        puzzle = _random_puzzle(rng)
        initial = np.full((puzzle.height, puzzle.width), -1, dtype=np.int8)
        for _ in range(rng.randint(1, 4)):
            y, x = rng.randrange(puzzle.height), rng.randrange(puzzle.width)
            initial[y, x] = rng.randint(0, puzzle.colour_count)
        _agree(puzzle, case, initial=initial)


def test_the_twins_agree_with_a_small_line_cache(
    compiled: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The caches emptied when full (a clue's at 7 entries, the largest at 40 in all): the
    same cache hits."""
    monkeypatch.setattr(LineSolver.__init__, "__defaults__", (40, 7))
    rng = random.Random(3235)
    for case in range(60):
        puzzle = _random_puzzle(rng, largest=10)
        _agree(puzzle, case)


def test_the_twins_look_at_the_clock_at_the_same_lines(
    compiled: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A clock that moves one second a look runs out at the same heartbeat on both (read at
    every look, as these small puzzles do too little work to reach CLOCK_READ_EVERY)."""
    monkeypatch.setattr(engine_state, "CLOCK_READ_EVERY", engine_state.CLOCK_EVERY)
    rng = random.Random(3236)
    timed_out = 0
    for case in range(40):
        puzzle = _random_puzzle(rng, largest=12)
        for limit in (1.5, 4.5):
            clock = functools.partial(lambda ticks: float(next(ticks)), itertools.count())
            stream = _agree(
                puzzle,
                (case, limit),
                probing=case % 3 != 0,
                max_solutions=None,
                timeout=limit,
                clock=clock,
            )
            timed_out += stream[-1][2]  # type: ignore[index]
    assert timed_out >= 10


def test_the_twins_stop_at_the_same_work_limit(compiled: ModuleType) -> None:
    """A work limit (lines looked at, read at the heartbeats) ends both at the same step."""
    rng = random.Random(3238)
    stopped = 0
    for case in range(40):
        puzzle = _random_puzzle(rng, largest=12)
        for limit in (32, 100, 400):
            stream = _agree(
                puzzle,
                (case, limit),
                probing=case % 3 != 0,
                max_solutions=None,
                work_limit=limit,
            )
            stopped += stream[-1][2]  # type: ignore[index]
    assert stopped >= 10
