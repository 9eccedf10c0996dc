"""Learning never changes a verdict or loses a solution: the engine's counts equal a brute
force on random small puzzles, and its steps replay to its boards."""

from __future__ import annotations

import random
from collections.abc import Generator
from itertools import groupby

import numpy as np
import numpy.typing as npt
import pytest

from game.core.cells import EMPTY, FILLED
from game.core.puzzle import Puzzle
from game.core.solver import apply_step, blank_grid, solve, solve_steps
from game.core.solver.engine import _Engine
from game.core.solver.engine_state import CODE_BITS, CODE_MASK, NO_PROBE
from game.core.solver.line import forced_cells
from game.core.solver.options import SolveOptions
from game.core.solver.result import SolveResult
from game.core.solver.steps import (
    Backjump,
    Finished,
    Learned,
    LineDeduced,
    ProbeResult,
    RuleDeduced,
    RulesForgotten,
    SolutionFound,
    Step,
)
from game.core.solver.trace import SolveTrace


def _runs(cells: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    return tuple(len(list(group)) for value, group in groupby(cells) if value)


def _brute_count(rows: list[tuple[int, ...]], columns: list[tuple[int, ...]]) -> int:
    """Every grid whose rows and columns give the clues, counted row by row (rows from all
    2**width patterns, columns checked as prefixes so the count stays quick)."""
    width, height = len(columns), len(rows)
    patterns = [tuple((bits >> x) & 1 for x in range(width)) for bits in range(1 << width)]
    by_clue: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for pattern in patterns:
        by_clue.setdefault(_runs(pattern), []).append(pattern)

    def column_fits(cells: list[int], clue: tuple[int, ...], complete: bool) -> bool:
        runs = _runs(cells)
        if complete:
            return runs == clue
        if not runs:
            return True
        if len(runs) > len(clue):
            return False
        # Every finished run must match; the last one may still grow when the cell is filled.
        last_open = bool(cells[-1])
        for at, run in enumerate(runs):
            if at == len(runs) - 1 and last_open:
                if run > clue[at]:
                    return False
            elif run != clue[at]:
                return False
        return True

    grid: list[tuple[int, ...]] = []

    def count(row: int) -> int:
        if row == height:
            return 1
        total = 0
        for pattern in by_clue.get(rows[row], []):
            grid.append(pattern)
            if all(
                column_fits([line[x] for line in grid], columns[x], row == height - 1)
                for x in range(width)
            ):
                total += count(row + 1)
            grid.pop()
        return total

    return count(0)


def _random_puzzle(seed: int) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    rng = random.Random(seed)
    width = rng.randint(2, 6)
    height = rng.randint(2, 5 if width == 6 else 6)
    density = rng.choice((0.3, 0.5, 0.6, 0.7))
    grid = [[1 if rng.random() < density else 0 for _x in range(width)] for _y in range(height)]
    rows = [_runs(row) for row in grid]
    columns = [_runs([grid[y][x] for y in range(height)]) for x in range(width)]
    if rng.random() < 0.3:
        # Clues moved about (the totals stay equal): often no solution, sometimes others.
        if rng.random() < 0.5:
            first, second = rng.sample(range(width), 2)
            columns[first], columns[second] = columns[second], columns[first]
        else:
            y = rng.randrange(height)
            rows[y] = rows[y][::-1]
            if len(rows[y]) >= 2 and rows[y][0] > 1:
                rows[y] = (rows[y][0] - 1, *rows[y][1:-1], rows[y][-1] + 1)
    return rows, columns


def _noise(rng: random.Random, size: int, density: float) -> Puzzle:
    """A square of random cells filled at ``density``, as a puzzle (clues only)."""
    grid = [[1 if rng.random() < density else 0 for _x in range(size)] for _y in range(size)]
    return Puzzle(
        size,
        size,
        tuple(_runs(row) for row in grid),
        tuple(_runs([row[x] for row in grid]) for x in range(size)),
    )


def _search_only(puzzle: Puzzle, max_solutions: int | None) -> SolveResult:
    """A solve with root probing off: search, learning and backjumping do all the work."""
    engine = _Engine(puzzle, SolveOptions(max_solutions))
    engine.probing = False
    for step in engine.run():
        if isinstance(step, Finished):
            return step.result
    raise AssertionError("no Finished step")


@pytest.mark.parametrize("probing", [True, False])
@pytest.mark.parametrize("block", range(4))
def test_solution_counts_equal_brute_force(block: int, probing: bool) -> None:
    for seed in range(block * 100, block * 100 + 100):
        rows, columns = _random_puzzle(seed)
        expected = _brute_count(rows, columns)
        try:
            puzzle = Puzzle(len(columns), len(rows), tuple(rows), tuple(columns))
        except ValueError:
            continue  # a moved run no longer fits its line: refused before any solving
        result = solve(puzzle, max_solutions=None) if probing else _search_only(puzzle, None)
        assert result.complete, seed
        assert len(result.solutions) == expected, (seed, rows, columns)
        assert all(puzzle.is_solution(solution) for solution in result.solutions), seed
        distinct = {solution.tobytes() for solution in result.solutions}
        assert len(distinct) == expected, seed
        capped = solve(puzzle, max_solutions=2) if probing else _search_only(puzzle, 2)
        want = "none" if expected == 0 else "unique" if expected == 1 else "multiple"
        assert capped.status == want, (seed, rows, columns)
        assert np.all([puzzle.is_solution(solution) for solution in capped.solutions])


def _grid_of(engine: _Engine) -> npt.NDArray[np.int8]:
    codes = np.array([list(row) for row in engine.rows], dtype=np.int8)
    return np.where(codes == FILLED, 1, np.where(codes == EMPTY, 0, -1)).astype(np.int8)


def test_learning_steps_replay_to_the_engines_boards() -> None:
    # 14x14 random noise (twelve solutions) without probing: contradictions in search,
    # learned rules and a backjump over two choices.
    rng = random.Random(56)
    size = rng.choice((10, 12, 14))
    assert size == 14
    puzzle = _noise(rng, 14, 0.5)
    engine = _Engine(puzzle, SolveOptions(None))
    engine.probing = False
    grid = blank_grid(puzzle.width, puzzle.height)
    steps: list[Step] = []
    for step in engine.run():
        if isinstance(step, RuleDeduced):
            assert grid[step.y, step.x] == -1  # a rule only ever sets an unknown cell
        apply_step(grid, step)
        assert np.array_equal(grid, _grid_of(engine)), step
        steps.append(step)
    kinds = {type(step) for step in steps}
    assert {Learned, RuleDeduced, Backjump} <= kinds
    jumps = [step for step in steps if isinstance(step, Backjump)]
    assert all(step.from_depth - step.depth >= 2 for step in jumps)
    learned = [step for step in steps if isinstance(step, Learned)]
    assert all(step.cells for step in learned)
    assert any("learned:" in step.describe() for step in learned)
    final = steps[-1]
    assert isinstance(final, Finished)
    expected = solve(puzzle, max_solutions=None)
    assert final.result.status == expected.status == "multiple"
    assert len(final.result.solutions) == len(expected.solutions) == 12
    assert final.result.complete
    found = sorted(step.array().tobytes() for step in steps if isinstance(step, SolutionFound))
    assert found == sorted(solution.tobytes() for solution in expected.solutions)


def _count_by_rows(rows: list[tuple[int, ...]], columns: list[tuple[int, ...]]) -> int:
    """An independent count for grids too big for brute force: place rows one at a time,
    each in every way its clue allows, while every column can still hold its clue."""
    width, height = len(columns), len(rows)
    options = []
    for clue in rows:
        options.append(
            [
                line
                for line in (
                    tuple((bits >> x) & 1 for x in range(width)) for bits in range(1 << width)
                )
                if _runs(line) == clue
            ]
        )
    placed: list[tuple[int, ...]] = []

    def columns_fit() -> bool:
        known = len(placed)
        for x, clue in enumerate(columns):
            line = bytes(FILLED if row[x] else EMPTY for row in placed) + bytes(height - known)
            if forced_cells(clue, line) is None:
                return False
        return True

    def count(y: int) -> int:
        if y == height:
            return 1
        total = 0
        for line in options[y]:
            placed.append(line)
            if columns_fit():
                total += count(y + 1)
            placed.pop()
        return total

    return count(0)


@pytest.mark.parametrize("seed", range(12))
def test_counts_on_bigger_ambiguous_grids_equal_an_independent_count(seed: int) -> None:
    # 7x7 noise at 30 % density: up to two hundred solutions each, so deep searches with
    # many nogoods, backjumps and minimised nogoods; every solution is found exactly once.
    rng = random.Random(1000 + seed)
    size = 7
    grid = [[1 if rng.random() < 0.3 else 0 for _x in range(size)] for _y in range(size)]
    rows = [_runs(row) for row in grid]
    columns = [_runs([grid[y][x] for y in range(size)]) for x in range(size)]
    expected = _count_by_rows(rows, columns)
    puzzle = Puzzle(size, size, tuple(rows), tuple(columns))
    for result in (solve(puzzle, max_solutions=None), _search_only(puzzle, None)):
        assert result.complete
        assert len({solution.tobytes() for solution in result.solutions}) == expected
        assert len(result.solutions) == expected
        assert all(puzzle.is_solution(solution) for solution in result.solutions)


def test_the_replay_counts_the_rules_learned_and_forgotten() -> None:
    # 20x20 noise at 40 % (many solutions): the search learns rules the replay's panel counts.
    puzzle = _noise(random.Random(4), 20, 0.4)
    steps = list(solve_steps(puzzle, max_solutions=2))
    learned = sum(1 for step in steps if isinstance(step, Learned) and not step.permanent)
    forgotten = sum(step.count for step in steps if isinstance(step, RulesForgotten))
    state = SolveTrace(puzzle, max_solutions=2, time_limit=None)
    while not state.finished:
        state.advance(1.0)
    assert learned > 0
    assert state.counters.learned == learned
    assert state.counters.forgotten == forgotten


def test_lookahead_below_the_root_proves_cells_and_loses_no_solution() -> None:
    # 7x7 noise at 30 %: the lookahead's probes below the root contradict (learned from)
    # and agree (cells set for both ways), and every solution is still found exactly once.
    failed = agreed = 0
    for seed in range(12):
        rng = random.Random(1000 + seed)
        grid = [[1 if rng.random() < 0.3 else 0 for _x in range(7)] for _y in range(7)]
        rows = [_runs(row) for row in grid]
        columns = [_runs([grid[y][x] for y in range(7)]) for x in range(7)]
        puzzle = Puzzle(7, 7, tuple(rows), tuple(columns))
        board = blank_grid(7, 7)
        steps = []
        for step in solve_steps(puzzle, max_solutions=None):
            apply_step(board, step)
            steps.append(step)
        failed += sum(
            1
            for step in steps
            if isinstance(step, ProbeResult) and step.depth and step.outcome == "contradiction"
        )
        agreed += sum(
            len(step.cells)
            for step in steps
            if isinstance(step, LineDeduced) and step.depth and step.reason == "probe"
        )
        final = steps[-1]
        assert isinstance(final, Finished) and final.result.complete
        assert len(final.result.solutions) == _count_by_rows(rows, columns)
        found = [step for step in steps if isinstance(step, SolutionFound)]
        assert len({step.array().tobytes() for step in found}) == len(found)
    assert failed > 0 and agreed > 0


class _PhaseWatch(_Engine):
    """The engine, checking what failed probes and restarts do to the saved phases."""

    def __init__(self, puzzle: Puzzle) -> None:
        super().__init__(puzzle, SolveOptions(2))
        self.probe_cells_kept = 0
        self.probe_values_unlike_phase = 0
        self.restarts_checked = 0

    def learn_from(self, conflict: int) -> Generator[Step, None, int]:
        probe_cells = list(self.trail[self.probe_from :]) if self.probe_from != NO_PROBE else []
        before = {entry >> CODE_BITS: self.phase[entry >> CODE_BITS] for entry in probe_cells}
        bad = yield from super().learn_from(conflict)
        # The failed probe's cells were undone without leaving their values as phases.
        for index, phase in before.items():
            assert self.phase[index] == phase
        self.probe_cells_kept += len(before)
        self.probe_values_unlike_phase += sum(
            1 for entry in probe_cells if before[entry >> CODE_BITS] != entry & CODE_MASK
        )
        return bad

    def _restart(self) -> Generator[Step, None, None]:
        yield from super()._restart()
        # Every cell the furthest assignment set will be guessed at its value there.
        assert self.best_length > 0
        for index, code in enumerate(self.best_cells):
            if code:
                assert self.phase[index] == code
        self.restarts_checked += 1


def test_restarts_take_the_furthest_assignment_and_failed_probes_leave_no_phases() -> None:
    # 20x20 noise at 40 %: restarts twice and fails many lookahead probes below the root.
    puzzle = _noise(random.Random(25), 20, 0.4)
    engine = _PhaseWatch(puzzle)
    steps = list(engine.run())
    final = steps[-1]
    assert isinstance(final, Finished) and final.result.status == "multiple"
    assert all(puzzle.is_solution(solution) for solution in final.result.solutions)
    assert engine.restarts_checked >= 1
    # The check above has teeth: many probe values differed from the phases they kept.
    assert engine.probe_cells_kept > 0 and engine.probe_values_unlike_phase > 0
