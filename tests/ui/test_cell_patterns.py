"""What the game says about cells is a pattern, not a colour (issue 48): a check's wrong
marks and the replay's contradiction are stripes edged in white, a tried cell is dotted, so
a red flash on a red-and-black puzzle no longer reads as red cells."""

from __future__ import annotations

import numpy as np
import pygame

from game.core.board import fill_value
from game.core.palette import Palette
from game.core.play.moves import Paint
from game.core.puzzle import Puzzle
from game.ui.widgets.grid_view import Flash
from game.ui.widgets.marks import EDGE
from tests.ui.play_helpers import open_play
from tests.ui.test_replay_colour import open_replay

RED = (214, 40, 40)
GRID = [[1, 1, 0, 2, 2], [1, 1, 1, 2, 2], [0, 1, 1, 1, 0], [2, 2, 0, 1, 1], [0, 2, 2, 2, 0]]
RED_AND_BLACK = Palette.of(("white", (255, 255, 255)), ("red", RED), ("black", (30, 30, 36)))


def _cell_pixels(surface: pygame.Surface, rect: pygame.Rect) -> np.ndarray:
    return pygame.surfarray.array3d(surface.subsurface(rect)).reshape(-1, 3).astype(int)


def test_a_flash_over_a_red_cell_of_a_red_puzzle_is_stripes_that_show_not_a_red_fill() -> None:
    scene = open_play(Puzzle.from_colour_grid(GRID, RED_AND_BLACK))
    scene.session.apply(Paint(1, 2, 2, 2, fill_value(1)))
    scene.after_change()
    view = scene.grid_view
    view.highlight_row = view.highlight_column = None  # no cursor band under the cells
    view.overlays.flash = Flash([(1, 2), (0, 2)], 1.0)
    surface = scene.app.screen
    view.draw(surface, scene.session.board)
    for x, own in ((1, RED), (0, scene.app.theme.cell_unknown)):
        inner = pygame.Rect(scene.layout.cell_inner(x, 2)).inflate(-4, -4)
        pixels = _cell_pixels(surface, inner)
        kept = (np.abs(pixels - np.array(own)).sum(axis=1) < 30).mean()
        edged = (np.abs(pixels - np.array(EDGE)).sum(axis=1) < 30).mean()
        # Between the stripes the cell keeps its own colour; the white edges make the
        # stripes show on red (the error colour's own neighbour) too.
        assert 0.25 < kept < 0.9, (x, kept)
        if own == RED:
            assert edged > 0.1, edged


def test_the_replay_legend_draws_patterns_and_tried_cells_are_dotted() -> None:
    app, scene = open_replay(Puzzle.from_colour_grid(GRID, RED_AND_BLACK))
    theme = app.theme
    box = pygame.Rect(0, 0, 24, 24)
    colours = {}
    for key in ("contradiction", "tried", "guessed"):
        target = pygame.Surface(box.size)
        target.fill(theme.panel)
        scene.part.draw_swatch(target, box, key)
        pixels = _cell_pixels(target, box)
        colours[key] = {tuple(p) for p in pixels.tolist()}
        share = (np.abs(pixels - np.array(theme.error)).sum(axis=1) < 30).mean()
        if key == "contradiction":
            assert 0.1 < share < 0.7  # stripes and a frame, not a red square
        else:
            assert share < 0.05
    assert len(colours["contradiction"]) >= 3
    assert len(colours["tried"]) >= 2
    # A colour guess is framed in the trial colour.
    assert tuple(theme.trial_filled) in colours["guessed"]
