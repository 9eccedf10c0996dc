"""The mini-map: the picture so far at a few pixels per cell (the Sevilla Hanjie's
"mini-tablero"), so a player sees the drawing emerge while the grid shows crosses and lines.

It keeps a one-pixel-per-cell surface, refreshed from the board with one numpy write only when
the board changed, and a scaled copy for the screen. With colour-blind symbols on, the scaled
copy carries each painted cell's symbol where a cell has ``SYMBOL_CELL`` pixels or more (a
10x10 or 20x20 board; a 40x30's four pixels a cell hold no shape).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pygame

from game.core.board import Board, Cell, is_trial_value, mark_colour
from game.core.palette import RGB, Palette
from game.core.play.symbols import symbol_of
from game.ui.layout import Box, fit_picture
from game.ui.theme import Theme
from game.ui.widgets.colour_marks import ink_on, own_ground, value_rgb_table
from game.ui.widgets.symbols import draw_symbol

# The fewest pixels a cell of the map needs for its colour-blind symbol.
SYMBOL_CELL = 7


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
        self.symbols = False  # colour-blind symbols on the painted cells
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

    def set_symbols(self, on: bool) -> None:
        if on != self.symbols:
            self.symbols = on
            self._scaled = None

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
            # A picture on a white ground shows on its white, not the theme's paper: its
            # colours are kept apart from their background (distinct_colours), and a dark
            # grey on the dark theme's paper vanished from the map (issue 48). A ground of
            # its own (a teal wall) shows only once won, as the board's reveal does.
            ground = self.ground
            if ground is None and own_ground(self.palette) is None:
                ground = self.palette.background.rgb
            return value_rgb_table(theme, self.palette, ground)
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
            self._draw_symbols(self._scaled)
        surface.blit(self._scaled, (self.box.x, self.box.y))
        pygame.draw.rect(surface, self.theme.panel_border, self.box.inset(-1), 1)

    def _draw_symbols(self, target: pygame.Surface) -> None:
        """Each painted cell's symbol on the scaled picture, when its cells are big enough."""
        palette, drawn, side = self.palette, self._drawn, self.per_cell
        if not self.symbols or palette is None or drawn is None or side < SYMBOL_CELL:
            return
        table = value_rgb_table(self.theme, palette, self.ground)
        inset = max(1, side // 5)
        for y, x in np.argwhere(drawn > 0).tolist():
            value = int(drawn[y, x])
            colour = mark_colour(value)
            if colour <= 0 or colour > palette.count or is_trial_value(value):
                continue
            rgb = table[value]
            ink = ink_on((int(rgb[0]), int(rgb[1]), int(rgb[2])))
            square = pygame.Rect(
                x * side + inset, y * side + inset, side - 2 * inset, side - 2 * inset
            )
            draw_symbol(target, square, symbol_of(palette, colour), ink)
