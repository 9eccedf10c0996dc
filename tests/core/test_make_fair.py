"""Make it fair: whatever it returns is a puzzle with one solution (checked by brute force)."""

from __future__ import annotations

import random
from collections.abc import Generator

import numpy as np
import pytest

import game.core.create.make_fair as make_fair_module
from game.core.convert.methods import dither_grid
from game.core.create.fair_edits import (
    BATCH_SPACING,
    Edit,
    apply_edits,
    blend_cost,
    candidates,
    free_regions,
    smoothing_edits,
    spaced_edits,
)
from game.core.create.free_cells import WORK_PER_SECOND, FreeCells, free_cells
from game.core.create.make_fair import BATCH_ABOVE, MAX_PACE, MakeFair, make_fair
from game.core.difficulty import effort_of
from game.core.puzzle import Puzzle
from game.core.rating import rate, rate_puzzle
from game.core.solver import solve
from tests.core.test_convert_stepping import count_steps
from tests.core.test_free_cells import _all_solutions, _ticking_clock


def test_make_fair_never_returns_a_puzzle_with_more_than_one_solution() -> None:
    rng = random.Random(2024)
    ambiguous = found = 0
    while ambiguous < 150:
        width, height = rng.choice([(5, 5), (6, 4), (4, 6), (5, 4)])
        grid = np.array([[rng.random() < 0.5 for _ in range(width)] for _ in range(height)])
        if len(_all_solutions(Puzzle.from_grid(grid))) < 2:
            continue
        ambiguous += 1
        result = make_fair(grid, work_limit=5 * WORK_PER_SECOND)
        if result.found:
            found += 1
            assert result.edits
            assert np.array_equal(result.grid, apply_edits(grid, result.edits))
            solutions = _all_solutions(Puzzle.from_grid(result.grid))
            assert len(solutions) == 1 and np.array_equal(solutions[0], result.grid)
        else:
            assert result.edits == () and np.array_equal(result.grid, grid)
    assert found >= 140  # nearly every small ambiguous picture gets fixed


def test_a_unique_picture_needs_no_edit() -> None:
    plus = np.zeros((5, 5), dtype=bool)
    plus[2, :] = plus[:, 2] = True
    result = make_fair(plus)
    assert result.found and result.edits == () and result.text.startswith("already unique")


def test_several_switches_need_several_edits_and_all_are_made() -> None:
    # Lone cells in rows and columns of their own: 16 free cells, and no one edit pins them.
    grid = np.zeros((10, 10), dtype=bool)
    grid[1, 1] = grid[2, 2] = True
    grid[7, 6] = grid[8, 7] = True
    grid[:, 4] = True
    assert free_cells(Puzzle.from_grid(grid)).count == 16
    result = make_fair(grid)
    assert result.found and len(result.edits) >= 2
    assert free_cells(Puzzle.from_grid(result.grid)).count == 0
    assert result.free_before == 16
    assert "edits:" in result.text


def _dithered_ramp(size: int = 20) -> np.ndarray:
    """A grey ramp dithered at cell level: dots everywhere, many small switches."""
    y, x = np.mgrid[0:size, 0:size] / (size - 1)
    return dither_grid(0.25 + 0.5 * (0.6 * x + 0.4 * y), 0.5)


def test_many_free_cells_are_edited_in_batches_and_unneeded_edits_taken_back() -> None:
    grid = _dithered_ramp()
    before = free_cells(Puzzle.from_grid(grid))
    assert before.exact and before.count > BATCH_ABOVE
    # With max_edits 2 the one-at-a-time search alone cannot make it: the batches must.
    result = MakeFair(grid, before, pace=1.0, max_edits=2).run()
    assert result.found and 2 < len(result.edits) < before.count // 4
    assert np.array_equal(result.grid, apply_edits(grid, result.edits))
    after = free_cells(Puzzle.from_grid(result.grid))
    assert after.exact and after.count == 0
    for edit in result.edits:  # the pruning left only needed edits
        undone = result.grid.copy()
        undone[edit.y, edit.x] = grid[edit.y, edit.x]
        assert free_cells(Puzzle.from_grid(undone)).count > 0


def _switches(count: int, size: int) -> np.ndarray:
    """``count`` checkerboard switches (two cells touching by a corner) on a diagonal."""
    grid = np.zeros((size, size), dtype=bool)
    for k in range(count):
        grid[3 * k, 3 * k] = grid[3 * k + 1, 3 * k + 1] = True
    return grid


def _flip(x: int, y: int, value: int) -> Edit:
    """A black-and-white search's edit (MakeFair._edit without a palette)."""
    return Edit(x, y, bool(value))


def test_a_batch_takes_free_cells_apart_that_blend_in_best() -> None:
    grid = _switches(4, size=12)
    free = [(x, y) for y in range(12) for x in range(12) if x // 3 == y // 3 and x % 3 < 2
            and y % 3 < 2]  # fmt: skip
    picks = spaced_edits(grid, free, 1, _flip, avoid=[(0, 0)])
    cells = [edit.cell for edit in picks]
    assert (0, 0) not in cells and len(picks) == 4  # one per switch, the avoided cell skipped
    for index, (x, y) in enumerate(cells):
        for ox, oy in cells[:index]:
            assert max(abs(x - ox), abs(y - oy)) >= BATCH_SPACING
    costs = [blend_cost(grid, e.x, e.y, e.filled) for e in picks]
    assert costs == sorted(costs)
    assert all(edit.filled != bool(grid[edit.y, edit.x]) for edit in picks)


def test_the_search_is_sliced_and_cancel_leaves_the_picture_alone() -> None:
    grid = np.zeros((10, 10), dtype=bool)
    grid[1, 1] = grid[2, 2] = True
    grid[7, 6] = grid[8, 7] = True
    # A ticking clock makes every solve look slow: the pace is fixed rather than measured.
    search = MakeFair(grid, pace=1.0, safety_seconds=None, clock=_ticking_clock())
    slices = 0
    while not search.advance(0.003):
        slices += 1
    assert slices > 3 and search.result is not None and search.result.found
    stopped = MakeFair(grid, pace=1.0, safety_seconds=None, clock=_ticking_clock())
    stopped.advance(0.003)
    stopped.cancel()
    assert stopped.result is not None and not stopped.result.found
    assert np.array_equal(stopped.result.grid, grid)


def test_out_of_work_gives_no_edits() -> None:
    grid = np.zeros((10, 10), dtype=bool)
    grid[1, 1] = grid[2, 2] = True
    result = MakeFair(grid, work_limit=0).run()
    assert not result.found and result.edits == () and not result.gave_up
    assert "budget" in result.text


def test_the_same_picture_gets_the_same_edits_however_fast_the_machine() -> None:
    # Budgets count engine work: a clock a thousand times slower (a loaded machine) and
    # other slice sizes (frames) change nothing the search decides.
    grid = dither_grid(np.linspace(0.2, 0.8, 144).reshape(12, 12), 0.5)
    runs = []
    for tick, slice_seconds in ((0.000001, 3600.0), (0.001, 0.003), (0.01, 0.025)):
        search = MakeFair(grid, work_limit=100_000, safety_seconds=None,
                          clock=_ticking_clock(tick))  # fmt: skip
        while not search.advance(slice_seconds):
            pass
        assert search.result is not None
        runs.append(search.result)
    first = runs[0]
    assert first.found and first.free_before > 0 and first.edits
    for other in runs[1:]:
        assert (other.edits, other.tried, other.work) == (first.edits, first.tried, first.work)
        assert np.array_equal(other.grid, first.grid)


def test_the_safety_cap_gives_up_and_says_so() -> None:
    grid = dither_grid(np.linspace(0.2, 0.8, 144).reshape(12, 12), 0.5)
    result = MakeFair(grid, safety_seconds=5.0, clock=_ticking_clock(1.0)).run()
    assert not result.found and result.gave_up and result.edits == ()
    assert "gave up after" in result.text and np.array_equal(result.grid, grid)
    stopped = MakeFair(grid)
    stopped.give_up()
    assert stopped.result is not None and stopped.result.gave_up


def test_candidates_start_at_the_free_cells_and_prefer_edits_that_blend_in() -> None:
    grid = np.zeros((6, 6), dtype=bool)
    grid[0:3, 0:3] = True
    grid[1, 1] = False  # a hole: filling it blends in
    assert blend_cost(grid, 1, 1, True) == 0
    assert blend_cost(grid, 5, 5, True) == 3  # a speck in the corner
    order = candidates(grid, [(1, 1), (4, 4)], 1, _flip, reach=1)
    assert order[0] == Edit(1, 1, True)
    assert {edit.cell for edit in order[:2]} == {(1, 1), (4, 4)}
    assert all(edit.filled != bool(grid[edit.y, edit.x]) for edit in order)
    assert (0, 0) not in {
        edit.cell for edit in candidates(grid, [(1, 1)], 1, _flip, avoid=[(0, 0)])
    }


def test_free_regions_group_nearby_cells() -> None:
    groups = free_regions([(0, 0), (1, 1), (9, 9), (8, 9), (7, 9), (3, 2)])
    assert [len(group) for group in groups] == [3, 3]
    assert sorted(map(sorted, groups)) == [[(0, 0), (1, 1), (3, 2)], [(7, 9), (8, 9), (9, 9)]]


def test_the_solve_limits_follow_how_much_work_the_picture_takes_to_solve(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    grid = np.zeros((10, 10), dtype=bool)
    grid[1, 1] = grid[2, 2] = True
    grid[:, 4] = True
    quick = MakeFair(grid)
    assert quick.run().found and quick.pace == 1.0
    # A slow clock changes nothing: the pace counts work, not seconds.
    slow = MakeFair(grid, safety_seconds=None, clock=_ticking_clock(0.1))
    assert slow.run().found and slow.pace == 1.0
    # A picture whose own solve is far more work than PACE_WORK: the limits grow to their cap
    # instead of every candidate running out of work.
    monkeypatch.setattr(make_fair_module, "PACE_WORK", 1)
    hard = MakeFair(grid)
    assert hard.run().found and hard.pace == MAX_PACE


def test_smoothing_sets_free_dots_and_pinholes_to_agree_with_their_neighbours() -> None:
    grid = np.zeros((6, 6), dtype=bool)
    grid[:, 3:] = True
    grid[1, 1] = True  # a dot on the empty side
    grid[4, 4] = False  # a pin-hole on the filled side
    grid[2, 3] = False  # a notch in the edge: five of its neighbours are filled
    free = [(1, 1), (4, 4), (3, 2), (0, 0)]
    edits = smoothing_edits(grid, free, 1, _flip, avoid=[(0, 0)])
    assert edits == [Edit(1, 1, False), Edit(4, 4, True), Edit(3, 2, True)]
    # A cell as much like its neighbours either way is left alone.
    tie = np.zeros((3, 3), dtype=bool)
    tie[:, 2] = True
    tie[0, 1] = True
    assert smoothing_edits(tie, [(1, 1)], 1, _flip) == []


def test_a_count_that_ran_out_before_finding_any_cell_is_counted_again() -> None:
    grid = _switches(2, size=8)
    unknown = FreeCells((), exact=False, undecided=64)
    result = MakeFair(grid, unknown, pace=1.0).run()
    assert result.found and result.free_before > 0 and result.edits
    after = free_cells(Puzzle.from_grid(result.grid))
    assert after.exact and after.count == 0


def test_a_fix_carries_the_solve_that_proved_it_and_it_rates_as_a_fresh_solve() -> None:
    """FairResult.proof: the complete two-solution solve of the fixed grid (Random rates from
    it rather than solving the same clues again)."""
    plus = np.zeros((5, 5), dtype=bool)
    plus[2, :] = plus[:, 2] = True
    switches = np.zeros((10, 10), dtype=bool)
    switches[1, 1] = switches[2, 2] = switches[7, 6] = switches[8, 7] = True
    switches[:, 4] = True
    for grid in (plus, switches, _dithered_ramp()):
        result = make_fair(grid)
        assert result.found and result.proof is not None
        fixed = apply_edits(result.grid, result.edits)
        assert result.proof.status == "unique"
        assert np.array_equal(result.proof.solutions[0], fixed)
        puzzle = Puzzle.from_grid(fixed)
        assert rate(result.proof, effort_of(puzzle, result.proof.stats)) == rate_puzzle(puzzle)[1]
    # No fix, no proof; a count given as exact and empty needs no solve, so none either.
    unfixed = make_fair(_dithered_ramp(), work_limit=1000)
    assert not unfixed.found and unfixed.proof is None
    assert MakeFair(plus, FreeCells((), True)).run().proof is None


def test_the_pace_taken_from_the_first_count_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first count's own solve of the picture is the pace's measure when it ran to its
    end: the same pace, edits and work (spent from the budget all the same) as solving it
    again."""
    switches = np.zeros((10, 10), dtype=bool)
    switches[1, 1] = switches[2, 2] = switches[7, 6] = switches[8, 7] = True
    switches[:, 4] = True
    pictures = (switches, _dithered_ramp(), _dithered_ramp(14))
    reused = [MakeFair(grid) for grid in pictures]
    for fair in reused:
        fair.run()
    assert all(fair._first_work is not None for fair in reused)
    measure = MakeFair._measure_pace

    def solved_again(self: MakeFair, grid: np.ndarray) -> Generator[None, None, None]:
        self._first_work = None
        return (yield from measure(self, grid))

    monkeypatch.setattr(MakeFair, "_measure_pace", solved_again)
    for grid, fair in zip(pictures, reused, strict=True):
        again = MakeFair(grid)
        result, first = again.run(), fair.result
        assert first is not None and again.pace == fair.pace
        assert (result.found, result.edits, result.work, result.tried) == (
            first.found, first.edits, first.work, first.tried,
        )  # fmt: skip


def _two_pockets() -> np.ndarray:
    """A busy 16x16 picture with two switches, each alone in an empty pocket."""
    grid = np.random.default_rng(1).random((16, 16)) < 0.55
    for y, x in ((2, 2), (10, 11)):
        grid[y - 1 : y + 3, x - 1 : x + 3] = False
        grid[y, x] = grid[y + 1, x + 1] = True
    return grid


def test_an_edit_that_settles_its_region_is_told_apart_by_the_small_solves() -> None:
    grid = _two_pockets()
    free = free_cells(Puzzle.from_grid(grid), work_limit=2_000_000)
    assert free.exact and free.count == 8
    first, second = sorted(free_regions(free.cells))
    search = MakeFair(grid, free, safety_seconds=None)
    # Fill the cell beside the first switch: it can no longer trade places.
    edited = grid.copy()
    edited[2, 3] = True
    result = solve(Puzzle.from_grid(edited), max_solutions=2)
    assert result.status == "multiple"
    left = count_steps(search._fixed_nearby(edited, result, first, free))[1]
    assert left is not None and sorted(left.cells) == sorted(second) and not left.exact
    # The picture as it is: its two solutions differ in the first region or the second, and
    # that region is not settled.
    plain = solve(Puzzle.from_grid(grid), max_solutions=2)
    differ = {(int(x), int(y)) for y, x in np.argwhere(plain.solutions[0] != plain.solutions[1])}
    region = first if differ & set(first) else second
    assert count_steps(search._fixed_nearby(grid, plain, region, free))[1] is None
