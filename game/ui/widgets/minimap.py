"""The mini-map: the picture so far at a few pixels per cell (the Sevilla Hanjie's
"mini-tablero"), so a player sees the drawing emerge while the grid shows crosses and lines.

It keeps a one-pixel-per-cell surface, refreshed from the board with one numpy write only when
the board changed, and a scaled copy for the screen.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pygame

from game.core.board import Board, Cell
from game.core.palette import RGB, Palette
from game.ui.layout import Box, fit_picture
from game.ui.theme import Theme
from game.ui.widgets.colour_marks import own_ground, value_rgb_table


class MiniMap:
    """Draws ``board`` as a small picture inside ``area`` (kept centred, whole pixels per cell)."""

    def __init__(
        self, width: int, height: int, theme: Theme, area: Box, palette: Palette | None = None
    ) -> None:
        self.palette = palette  # a colour puzzle's colours (None: black and white)
        # The won picture's own ground (the board's reveal shows it), else None: the paper.
        self.ground: RGB | None = None
        self.columns = width
        self.rows = height
        self.theme = theme
        self._small = pygame.Surface((width, height))
        self._drawn: npt.NDArray[np.int8] | None = None
        self._scaled: pygame.Surface | None = None
        self.set_area(area)

    def set_area(self, area: Box) -> None:
        self.area = area
        self.box, self.per_cell = fit_picture(area, self.columns, self.rows)
        self._scaled = None

    def set_theme(self, theme: Theme) -> None:
        if theme != self.theme:
            self.theme = theme
            self._drawn = None

    def set_won(self, won: bool) -> None:
        """Once won, a colour picture on a ground of its own (a dark wall, a photo's
        surround) shows it where it showed the paper, as the board's reveal does: the map
        of a won picture on a dark ground was a white one beside it (QA)."""
        ground = own_ground(self.palette) if won else None
        if ground != self.ground:
            self.ground = ground
            self._drawn = None

    def _palette(self) -> npt.NDArray[np.uint8]:
        theme = self.theme
        if self.palette is not None:
            return value_rgb_table(theme, self.palette, self.ground)
        colours = {
            Cell.UNKNOWN: theme.cell_unknown,
            Cell.FILLED: theme.filled,
            # Crosses are the paper: the map shows the picture, not the bookkeeping.
            Cell.CROSSED: theme.cell_unknown,
            Cell.TRIAL_FILLED: theme.trial_filled,
            Cell.TRIAL_CROSSED: theme.cell_unknown,
        }
        return np.array([colours[cell] for cell in Cell], dtype=np.uint8)

    def refresh(self, board: Board) -> bool:
        """Bring the picture up to date; True when it changed."""
        if self._drawn is not None and np.array_equal(self._drawn, board.cells):
            return False
        rgb = self._palette()[board.cells.astype(np.intp)]  # (h, w, 3)
        pygame.surfarray.blit_array(self._small, np.ascontiguousarray(rgb.transpose(1, 0, 2)))
        self._drawn = board.cells.copy()
        self._scaled = None
        return True

    def draw_blank(self, surface: pygame.Surface) -> None:
        """The map's frame with nothing in it (the board is hidden while the game is paused)."""
        surface.fill(self.theme.cell_unknown, (self.box.x, self.box.y, self.box.w, self.box.h))
        pygame.draw.rect(surface, self.theme.panel_border, self.box.inset(-1), 1)

    def draw(self, surface: pygame.Surface, board: Board) -> None:
        self.refresh(board)
        if self._scaled is None:
            self._scaled = pygame.transform.scale(self._small, (self.box.w, self.box.h))
        surface.blit(self._scaled, (self.box.x, self.box.y))
        pygame.draw.rect(surface, self.theme.panel_border, self.box.inset(-1), 1)
