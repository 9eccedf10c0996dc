"""Issue 47: the preview's marked cells (where two solutions differ) are one hatched tile
blitted to each cell, drawn as before: pixel for pixel what hatching each cell line by line
gave, on filled, empty and coloured cells, in every theme."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pygame
import pytest

from game.ui.app import App
from game.ui.widgets.picture_grid import PictureGrid
from game.ui.window import quit_display


@pytest.fixture
def app() -> Iterator[App]:
    app = App(headless=True)
    yield app
    quit_display()


def drawn_cell_by_cell(grid: PictureGrid, app: App) -> pygame.Surface:
    """The grid rendered with no marks, then each marked cell hatched where it lies."""
    marked, grid.marked = grid.marked, frozenset()
    image = grid._render(app, grid.board_rect.size)
    grid.marked = marked
    cell = grid.cell_size
    for x, y in marked:
        grid._draw_marked(image, app, pygame.Rect(x * cell, y * cell, cell, cell))
    return image


@pytest.mark.parametrize("coloured", [False, True])
@pytest.mark.parametrize("side", [9, 23])
def test_marked_cells_are_drawn_as_hatching_each_cell(app: App, coloured: bool, side: int) -> None:
    rng = np.random.default_rng(side)
    picture = rng.random((12, 15)) < 0.5
    colours = rng.integers(0, 256, (12, 15, 3), dtype=np.uint8) if coloured else None
    grid = PictureGrid()
    grid.rect = pygame.Rect(0, 0, 15 * side, 12 * side)
    marked = {(int(x), int(y)) for x, y in rng.integers(0, 12, (40, 2))}
    grid.set_grid(picture, marked | {(30, 30)}, colours)  # one cell off the grid: skipped
    image = grid._render(app, grid.board_rect.size)
    expected = drawn_cell_by_cell(grid, app)
    got, want = pygame.surfarray.array3d(image), pygame.surfarray.array3d(expected)
    assert np.array_equal(got, want)
    # The hatching shows: a marked cell differs from the same grid unmarked.
    plain = PictureGrid()
    plain.rect = grid.rect
    plain.set_grid(picture, (), colours)
    unmarked = pygame.surfarray.array3d(plain._render(app, plain.board_rect.size))
    x, y = sorted(marked)[0]
    box = (slice(x * side, (x + 1) * side), slice(y * side, (y + 1) * side))
    assert not np.array_equal(got[box], unmarked[box])
