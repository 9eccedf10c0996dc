"""Line explanations for learning: ``clue_fits`` equals enumeration, and ``smallest_reason``
keeps a set of known cells that still cannot hold the clue, none of which can be dropped."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.cells import FILLED
from game.core.solver.line import clue_fits, smallest_reason
from tests.core.test_line_solver import _placements, clue_and_line


def _masks(line: bytes) -> tuple[int, int]:
    filled = sum(1 << i for i, cell in enumerate(line) if cell == FILLED)
    empty = sum(1 << i for i, cell in enumerate(line) if cell and cell != FILLED)
    return filled, empty


@given(clue_and_line())
def test_clue_fits_equals_enumeration(case: tuple[tuple[int, ...], bytes]) -> None:
    clue, line = case
    filled, empty = _masks(line)
    assert clue_fits(clue, filled, empty, len(line)) == bool(_placements(clue, line))


@settings(max_examples=300)
@given(clue_and_line(), st.randoms(use_true_random=False))
def test_reason_is_a_minimal_contradiction(
    case: tuple[tuple[int, ...], bytes], rng: random.Random
) -> None:
    clue, line = case
    filled, empty = _masks(line)
    length = len(line)
    if clue_fits(clue, filled, empty, length):
        return
    known = [i for i, cell in enumerate(line) if cell]
    order = rng.sample(known, len(known))
    # One cell may be pinned (the cell a line forced, set the other way): never dropped.
    pinned = order.pop() if order and rng.random() < 0.5 else None
    kept = smallest_reason(clue, length, filled, empty, order)
    assert kept & ~(filled | empty) == 0
    if pinned is not None:
        assert (kept >> pinned) & 1
    kept_filled, kept_empty = filled & kept, empty & kept
    assert not clue_fits(clue, kept_filled, kept_empty, length)
    for offset in order:
        bit = 1 << offset
        if kept & bit:
            assert clue_fits(clue, kept_filled & ~bit, kept_empty & ~bit, length)


def test_a_reason_names_only_the_cells_that_matter() -> None:
    # Clue 3 on 8 cells: the filled cells at 0 and 6 cannot both belong to one run of 3;
    # the empty cell at 3 plays no part.
    line = bytes([FILLED, 0, 0, 2, 0, 0, FILLED, 0])
    filled, empty = _masks(line)
    kept = smallest_reason((3,), 8, filled, empty, [3, 6, 0])
    assert kept == (1 << 0) | (1 << 6)
