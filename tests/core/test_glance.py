"""The readability gate (issue 46): judged on the solved grid at the puzzle's own size."""

from __future__ import annotations

import numpy as np

from game.core.generate.glance import MAX_SMALL_CELLS, glance, glance_score, piece_sizes
from game.core.puzzle import Puzzle


def ring(side: int) -> list[list[int]]:
    """A square frame with a cross inside: lines and holes, the way a drawing reads."""
    grid = np.zeros((side, side), dtype=int)
    grid[0], grid[-1], grid[:, 0], grid[:, -1] = 1, 1, 1, 1
    grid[side // 2], grid[:, side // 2] = 1, 1
    return grid.tolist()


def test_a_drawing_with_lines_and_holes_reads() -> None:
    seen = glance(Puzzle.from_grid(ring(16)))
    assert seen.reads, seen.refusals
    assert seen.cells == 256 and 0.15 <= seen.ink <= 0.6 and seen.specks == 0


def test_a_board_of_a_hundred_cells_is_too_small_for_a_library_picture() -> None:
    seen = glance(Puzzle.from_grid(ring(10)))
    assert seen.cells == MAX_SMALL_CELLS
    assert [why for why in seen.refusals if "cells" not in why] == []
    assert any("cells" in why for why in seen.refusals)


def test_a_black_slab_and_a_spray_of_specks_are_refused() -> None:
    slab = np.ones((16, 16), dtype=int)
    slab[0, 0] = 0
    assert any("ink" in why for why in glance(Puzzle.from_grid(slab.tolist())).refusals)
    specks = np.zeros((16, 16), dtype=int)
    specks[::3, ::3] = 1  # lone cells
    specks[8:12, 4:12] = 1
    seen = glance(Puzzle.from_grid(specks.tolist()))
    assert seen.specks > 0.25 and any("specks" in why for why in seen.refusals)


def test_a_small_picture_lost_on_a_big_board_is_refused() -> None:
    grid = np.zeros((30, 40), dtype=int)
    grid[10:20, 2:12] = np.asarray(ring(10))
    seen = glance(Puzzle.from_grid(grid.tolist()))
    assert seen.spread < 0.5 and any("spread" in why for why in seen.refusals)


def test_pieces_are_counted_by_colour_and_the_clearer_puzzle_scores_higher() -> None:
    cells = np.array([[1, 1, 0, 2], [0, 0, 0, 2], [3, 0, 1, 1]])
    assert sorted(piece_sizes(cells)) == [1, 2, 2, 2]
    small, large = Puzzle.from_grid(ring(12)), Puzzle.from_grid(ring(20))
    solid = np.ones((20, 20), dtype=int)
    solid[0], solid[:, 0] = 0, 0
    lump = Puzzle.from_grid(solid.tolist())
    assert glance_score(large) > glance_score(small)
    assert glance_score(large) > glance_score(lump)
