"""Small Kakuro boards for the tests, and a brute-force solution counter that shares no code
with the solver (it tries digits cell by cell and checks runs only by their definition)."""

from __future__ import annotations

import itertools

import numpy as np

from game.core.kakuro.model import KakuroError, KakuroPuzzle, from_digits

# 4x4 with a 3x3 corner of whites missing one: runs 2-3 long.
TINY_WHITE = ((0, 0, 0, 0), (0, 1, 1, 0), (0, 1, 1, 1), (0, 0, 1, 1))
TINY_DIGITS = ((0, 0, 0, 0), (0, 1, 3, 0), (0, 2, 1, 4), (0, 0, 2, 1))


def tiny() -> KakuroPuzzle:
    return from_digits(TINY_WHITE, TINY_DIGITS, title="Tiny")


def brute_force_count(puzzle: KakuroPuzzle, cap: int = 10_000) -> int:
    """Every way to put digits 1-9 in the white cells that satisfies every run."""
    cells = puzzle.white_cells
    index = puzzle.white_index
    runs = [(run.total, [index[cell] for cell in run.cells]) for run in puzzle.runs]
    by_last: dict[int, list[tuple[int, list[int]]]] = {}
    for total, members in runs:
        by_last.setdefault(max(members), []).append((total, members))
    values = [0] * len(cells)
    count = 0

    def place(position: int) -> None:
        nonlocal count
        if count >= cap:
            return
        if position == len(cells):
            count += 1
            return
        for digit in range(1, 10):
            values[position] = digit
            # Checked when a run's last cell is set: distinct digits, the right sum.
            if all(
                len({values[i] for i in members}) == len(members)
                and sum(values[i] for i in members) == total
                for total, members in by_last.get(position, [])
            ):
                place(position + 1)
        values[position] = 0

    place(0)
    return count


def random_layout(rng: np.random.Generator, width: int, height: int) -> list[list[int]] | None:
    """A random layout whose runs are 2-9 long (None when the draw has a run of 1)."""
    white = [[0] * width for _ in range(height)]
    for y in range(1, height):
        for x in range(1, width):
            white[y][x] = int(rng.random() < 0.75)
    for row in itertools.chain(white, map(list, zip(*white, strict=True))):
        length = 0
        for value in [*row, 0]:
            if value:
                length += 1
            else:
                if length == 1:
                    return None
                length = 0
    if not any(map(any, white)):
        return None
    return white


def random_puzzle(rng: np.random.Generator, width: int, height: int) -> KakuroPuzzle:
    """A random small puzzle made from random digits (distinct in each run)."""
    while True:
        white = random_layout(rng, width, height)
        if white is None:
            continue
        for _attempt in range(20):
            digits = [[int(rng.integers(1, 10)) if v else 0 for v in row] for row in white]
            try:
                puzzle = from_digits(white, digits)
            except KakuroError:
                continue
            return puzzle
