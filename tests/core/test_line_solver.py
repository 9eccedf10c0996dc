"""The line solver agrees with brute-force enumeration of every placement."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.cells import EMPTY, FILLED, UNKNOWN
from game.core.lines import clue_length, runs_of
from game.core.solver.line import LineSolver, analyse_line, bit_positions, forced_cells, solve_line


def _placements(clue: tuple[int, ...], line: bytes) -> list[tuple[int, ...]]:
    """Every fully known line that satisfies ``clue`` and agrees with the known cells."""
    found = []
    for cells in itertools.product((FILLED, EMPTY), repeat=len(line)):
        if any(known and known != cell for known, cell in zip(line, cells, strict=True)):
            continue
        if runs_of(cell == FILLED for cell in cells) == clue:
            found.append(cells)
    return found


def _brute_force(clue: tuple[int, ...], line: bytes) -> bytes | None:
    placements = _placements(clue, line)
    if not placements:
        return None
    first = placements[0]
    return bytes(
        first[i] if all(p[i] == first[i] for p in placements) else UNKNOWN for i in range(len(line))
    )


@st.composite
def clue_and_line(draw: st.DrawFn) -> tuple[tuple[int, ...], bytes]:
    length = draw(st.integers(min_value=1, max_value=10))
    if draw(st.booleans()):
        # A clue that fits: the runs of some picture of this length.
        picture = draw(st.lists(st.booleans(), min_size=length, max_size=length))
        clue = runs_of(picture)
    else:
        # Any short clue, possibly too long for the line: contradictions included.
        clue = tuple(draw(st.lists(st.integers(1, 4), max_size=4)))
    line = bytes(
        draw(
            st.lists(
                st.sampled_from([UNKNOWN, UNKNOWN, UNKNOWN, FILLED, EMPTY]),
                min_size=length,
                max_size=length,
            )
        )
    )
    return clue, line


@settings(max_examples=2000, deadline=None)
@given(clue_and_line())
def test_line_solver_equals_enumeration(case: tuple[tuple[int, ...], bytes]) -> None:
    clue, line = case
    expected = _brute_force(clue, line)
    assert solve_line(clue, line) == expected
    # The engine's fused version finds the same cells.
    forced = forced_cells(clue, line)
    if expected is None:
        assert forced is None
    else:
        assert forced is not None
        filled, empty = forced
        unknown = [i for i, cell in enumerate(line) if cell == UNKNOWN]
        assert list(filled) == [i for i in unknown if expected[i] == FILLED]
        assert list(empty) == [i for i in unknown if expected[i] == EMPTY]


@settings(max_examples=400, deadline=None)
@given(clue_and_line())
def test_run_starts_are_exactly_the_enumerated_ones(case: tuple[tuple[int, ...], bytes]) -> None:
    clue, line = case
    analysis = analyse_line(clue, line)
    placements = _placements(clue, line)
    if analysis is None:
        assert not placements
        return
    for run, length in enumerate(clue):
        starts: set[int] = set()
        for cells in placements:
            position = 0
            seen = -1
            while position < len(cells):
                if cells[position] == FILLED and (position == 0 or cells[position - 1] == EMPTY):
                    seen += 1
                    if seen == run:
                        starts.add(position)
                        break
                position += 1
        assert set(analysis.run_starts(run)) == starts, (clue, line, run, length)


def test_forced_cells_reports_only_new_cells() -> None:
    # Clue 3 on 5 cells: the middle cell is always filled; a known filled cell is not "new".
    assert forced_cells((3,), bytes(5)) == ((2,), ())
    assert forced_cells((3,), bytes([0, 0, FILLED, 0, 0])) == ((), ())
    assert forced_cells((1,), bytes([0, 0, FILLED, 0, 0])) == ((), (0, 1, 3, 4))


def test_contradictions() -> None:
    assert solve_line((2,), bytes([FILLED, EMPTY, FILLED])) is None
    assert solve_line((), bytes([0, FILLED])) is None
    assert solve_line((1, 1), bytes([FILLED, FILLED, 0])) is None
    assert forced_cells((4,), bytes(3)) is None


def test_long_lines_work() -> None:
    clue = (1,) * 100
    line = bytes(199)
    solved = solve_line(clue, line)
    assert solved == bytes([FILLED, EMPTY] * 99 + [FILLED])
    assert clue_length(clue) == 199


def test_cache_counts_hits() -> None:
    solver = LineSolver()
    cache = solver.cache_for((2,))
    first = solver.solve((2,), bytes(3), cache)
    second = solver.solve((2,), bytes(3), cache)
    assert first == second == ((1,), ())
    assert (solver.solved, solver.hits) == (1, 1)


def test_cache_stays_bounded_and_exact() -> None:
    # A clue's cache is emptied at its limit, and the largest one when all hold the total
    # limit: sizes stay bounded (so no step pays for a huge resize) and answers stay exact.
    solver = LineSolver(limit=12, clue_limit=5)
    clues = [(1,), (2,), (1, 1)]
    caches = [solver.cache_for(clue) for clue in clues]
    lines = [bytes(cells) for cells in itertools.product((UNKNOWN, FILLED, EMPTY), repeat=4)]
    for line in lines:
        for clue, cache in zip(clues, caches, strict=True):
            assert solver.solve(clue, line, cache) == forced_cells(clue, line)
            assert len(cache) <= 5
            assert sum(map(len, caches)) <= 12
    assert solver.solved > 12


def test_bit_positions() -> None:
    assert bit_positions(0b101001) == [0, 3, 5]
    assert bit_positions(0) == []
