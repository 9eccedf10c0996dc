"""The exact colour line solver against brute-force enumeration (the oracle test)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.palette import colour_runs_of
from game.core.solver.colour_line import line_mask, solve_colour_line
from game.core.solver.line import EMPTY, FILLED, UNKNOWN, solve_line

from .colour_brute import line_union, placements


@st.composite
def known_lines(draw: st.DrawFn) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """A random line of 2-5 colours, and a partial state consistent with it: each cell
    keeps its true colour and any others."""
    colours = draw(st.integers(2, 5))
    length = draw(st.integers(0, 12))
    background = draw(st.sampled_from([0.2, 0.4, 0.6]))
    truth = tuple(
        0 if draw(st.floats(0, 1)) < background else draw(st.integers(1, colours))
        for _ in range(length)
    )
    full = line_mask(colours)
    masks = tuple(
        full if draw(st.booleans()) else (1 << value) | (draw(st.integers(0, full)) & full)
        for value in truth
    )
    return colours, truth, masks


@settings(max_examples=400, deadline=None)
@given(known_lines())
def test_colour_line_solver_keeps_the_truth_and_equals_brute_force(
    case: tuple[int, tuple[int, ...], tuple[int, ...]],
) -> None:
    _colours, truth, masks = case
    runs = colour_runs_of(truth)
    solved = solve_colour_line(runs, masks)
    assert solved is not None
    # Never removes the true colour; never adds a colour the line had ruled out.
    for cell, value, before in zip(solved, truth, masks, strict=True):
        assert (cell >> value) & 1
        assert cell & ~before == 0
    assert solved == line_union(runs, masks)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(2, 4).flatmap(
        lambda colours: st.tuples(
            st.lists(st.tuples(st.integers(1, 4), st.integers(1, colours)), max_size=4),
            st.lists(st.integers(1, line_mask(colours)), max_size=10),
        )
    )
)
def test_colour_line_solver_finds_contradictions_as_brute_force_does(
    case: tuple[list[tuple[int, int]], list[int]],
) -> None:
    runs, masks = tuple(case[0]), tuple(case[1])
    assert solve_colour_line(runs, masks) == line_union(runs, masks)


def test_the_red_three_must_cover_the_middle_cells() -> None:
    # Red 3 then green 1 touching, in five cells: cells 2 and 3 are red whatever happens.
    runs = ((3, 1), (1, 2))
    solved = solve_colour_line(runs, (line_mask(2),) * 5)
    assert solved is not None
    assert [bin(mask) for mask in solved[1:3]] == ["0b10", "0b10"]
    # Two reds need a gap: 2 red + 2 red in four cells has no room.
    assert solve_colour_line(((2, 1), (2, 1)), (line_mask(2),) * 4) is None
    assert solve_colour_line(((2, 1), (2, 2)), (line_mask(2),) * 4) == (2, 2, 4, 4)


@pytest.mark.parametrize("seed", range(30))
def test_one_colour_agrees_with_the_black_and_white_solver(seed: int) -> None:
    import random

    rng = random.Random(seed)
    length = rng.randint(1, 14)
    truth = [rng.random() < 0.5 for _ in range(length)]
    line = bytes(rng.choice([UNKNOWN, UNKNOWN, FILLED if cell else EMPTY]) for cell in truth)
    runs = colour_runs_of(int(cell) for cell in truth)
    masks = tuple({UNKNOWN: 3, FILLED: 2, EMPTY: 1}[code] for code in line)
    solved = solve_colour_line(runs, masks)
    expected = solve_line([n for n, _ in runs], line)
    assert expected is not None and solved is not None
    as_codes = bytes({3: UNKNOWN, 2: FILLED, 1: EMPTY}[mask] for mask in solved)
    assert as_codes == expected


def test_the_placement_enumerator_counts_right() -> None:
    # Sanity of the oracle itself: 1 red + 1 green in three cells (they may touch).
    lines = set(placements(((1, 1), (1, 2)), 3))
    assert lines == {(1, 2, 0), (1, 0, 2), (0, 1, 2)}
