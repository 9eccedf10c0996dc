"""Brute force for the colour tests: every placement of a line, every picture of a puzzle."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

import numpy as np
from hypothesis import strategies as st

from game.core.palette import ColourClue, Palette, fallback_rgb
from game.core.puzzle import Puzzle
from game.core.solver.result import ColourSolveResult


def placements(runs: ColourClue, length: int) -> Iterator[tuple[int, ...]]:
    """Every line of ``length`` colour numbers whose runs are ``runs``, one by one."""

    def place(index: int, start: int, line: list[int]) -> Iterator[tuple[int, ...]]:
        if index == len(runs):
            yield tuple(line)
            return
        run, colour = runs[index]
        gap = 1 if index + 1 < len(runs) and runs[index + 1][1] == colour else 0
        rest = sum(n for n, _ in runs[index + 1 :]) + sum(
            1 for a, b in itertools.pairwise(runs[index + 1 :]) if a[1] == b[1]
        )
        for first in range(start, length - run - rest - gap + 1):
            filled = line[:first] + [colour] * run + [0] * (length - first - run)
            yield from place(index + 1, first + run + gap, filled)

    yield from place(0, 0, [0] * length)


def line_union(runs: ColourClue, masks: Sequence[int]) -> tuple[int, ...] | None:
    """The union of the colours of every placement that fits ``masks``, or None."""
    union = [0] * len(masks)
    found = False
    for line in placements(runs, len(masks)):
        if all((mask >> value) & 1 for mask, value in zip(masks, line, strict=True)):
            found = True
            for index, value in enumerate(line):
                union[index] |= 1 << value
    return tuple(union) if found else None


def all_solutions(puzzle: Puzzle, fixed: dict[tuple[int, int], int] | None = None) -> set[bytes]:
    """Every solution (rows of colour numbers, as bytes) agreeing with ``fixed`` cells."""
    fixed = fixed or {}
    options = [
        [
            row
            for row in placements(puzzle.row_runs(y), puzzle.width)
            if all(row[x] == value for (x, yy), value in fixed.items() if yy == y)
        ]
        for y in range(puzzle.height)
    ]
    return {
        bytes(itertools.chain.from_iterable(grid))
        for grid in itertools.product(*options)
        if puzzle.solved_by_values(grid)
    }


def assert_every_solution(result: ColourSolveResult, expected: set[bytes]) -> None:
    """``result`` found exactly the pictures of ``expected`` (rows of colour numbers as
    bytes), each once, with the verdict that count gives and masks that match."""
    found = {bytes(grid.astype(np.uint8).ravel().tolist()) for grid in result.colour_solutions}
    assert found == expected
    assert len(result.colour_solutions) == len(found)  # each solution once
    verdict = {0: "none", 1: "unique"}.get(len(expected), "multiple")
    assert (result.status, result.complete) == (verdict, True)
    for grid, mask in zip(result.colour_solutions, result.solutions, strict=True):
        assert np.array_equal(grid > 0, mask)


def initial_of(puzzle: Puzzle, fixed: dict[tuple[int, int], int]) -> np.ndarray:
    """A solve's ``initial`` grid with the cells of ``fixed`` ((x, y) -> colour) given."""
    initial = np.full((puzzle.height, puzzle.width), -1, dtype=np.int8)
    for (x, y), value in fixed.items():
        initial[y, x] = value
    return initial


def palette(colours: int) -> Palette:
    return Palette.of(
        ("white", (255, 255, 255)),
        *((f"c{number}", fallback_rgb(number)) for number in range(1, colours + 1)),
    )


@st.composite
def colour_cases(draw: st.DrawFn) -> tuple[Puzzle, dict[tuple[int, int], int]]:
    """A random colour puzzle up to 5x5 with 2-4 colours (from a random picture), and a few
    cells given in advance, right or wrong (wrong ones make puzzles without solutions)."""
    colours = draw(st.integers(2, 4))
    width = draw(st.integers(1, 5))
    height = draw(st.integers(1, 5))
    background = draw(st.sampled_from([0.2, 0.4, 0.6]))
    grid = [
        [
            0 if draw(st.floats(0, 1)) < background else draw(st.integers(1, colours))
            for _ in range(width)
        ]
        for _ in range(height)
    ]
    puzzle = Puzzle.from_colour_grid(grid, palette(colours), keep_goal=False)
    fixed = draw(
        st.dictionaries(
            st.tuples(st.integers(0, width - 1), st.integers(0, height - 1)),
            st.integers(0, colours),
            max_size=2,
        )
    )
    return puzzle, fixed
