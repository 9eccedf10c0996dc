"""The replay's board: the grid view plus what only a replay draws over it.

Probe cells in light marks (on a colour-keyed layer kept between frames, so a frame repaints
only the cells that changed), cells a backtrack undid glowing as they vanish, each open guess
framed with its depth, and at the end the cells where the solutions differ.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pygame

from game.core.board import Board, Cell
from game.core.cells import KnownGrid
from game.core.solver.steps import Contradiction
from game.core.solver.trace import BoolGrid
from game.ui.layout import BoardLayout, Box
from game.ui.widgets.grid_view import Flash, paint_mark

if TYPE_CHECKING:
    from game.ui.scenes.replay.scene import ReplayScene
    from game.ui.theme import Colour

FLASH_SECONDS = 0.6
UNDONE_SECONDS = 0.5
PROBE_ALPHA = 105
_COLOUR_KEY = (255, 0, 255)


class ReplayBoardPainter:
    """Draws ``scene``'s board; keeps the tiles and the probe layer for the current layout."""

    def __init__(self, scene: ReplayScene) -> None:
        self.scene = scene
        self._tiles: dict[str, pygame.Surface] = {}
        self._probe_layer: pygame.Surface | None = None
        self._probe_drawn: KnownGrid | None = None
        self._inner_rects: list[list[pygame.Rect]] = []

    def set_layout(self, layout: BoardLayout) -> None:
        """Forget what was painted at the old size."""
        self._tiles = {}
        self._probe_layer = None
        self._probe_drawn = None
        # Each cell's unpainted inside, relative to the grid box (for the probe layer).
        box = layout.grid_box
        self._inner_rects = [
            [
                pygame.Rect(inner.x - box.x, inner.y - box.y, inner.w, inner.h)
                for inner in (layout.cell_inner(x, y) for x in range(layout.columns))
            ]
            for y in range(layout.rows)
        ]

    def draw(self, surface: pygame.Surface, board: Board) -> None:
        """The board with the line worked on, a flash, and the overlays of the moment."""
        scene = self.scene
        view = scene.grid_view
        layout = scene.layout
        assert view is not None and layout is not None
        state = scene.state
        line = state.current_line if not scene.finished else None
        view.highlight_row = line.index if line is not None and line.axis == "row" else None
        view.highlight_column = line.index if line is not None and line.axis == "column" else None
        strength = scene.flash_time / FLASH_SECONDS
        if not scene.playing and isinstance(state.last_step, Contradiction):
            # Stepping by hand: the failed line stays marked while it is the last step.
            strength = max(strength, 0.6)
        view.overlays.flash = Flash(scene.flash_cells, strength) if strength > 0 else Flash()
        view.draw(surface, board)
        if not scene.solutions:
            self._draw_probes(surface, layout)
            self._draw_undone(surface, layout)
            self._draw_guesses(surface, layout)
        elif scene.differences is not None:
            self._draw_differences(surface, layout, scene.differences)

    def _tile(self, name: str, colour: Colour, alpha: int) -> pygame.Surface:
        tile = self._tiles.get(name)
        if tile is None:
            layout = self.scene.layout
            assert layout is not None
            side = max(1, layout.cell - 1)
            tile = pygame.Surface((side, side)).convert()
            tile.fill(colour)
            tile.set_alpha(alpha)
            self._tiles[name] = tile
        return tile

    def _probe_tiles(self, layout: BoardLayout) -> tuple[pygame.Surface, pygame.Surface]:
        """A probe's filled and crossed marks, painted once at the cell size."""
        tiles = self._tiles
        if "probe-filled" not in tiles:
            side = max(1, layout.cell - 1)
            for name, state in (("probe-filled", Cell.FILLED), ("probe-crossed", Cell.CROSSED)):
                tile = pygame.Surface((side, side)).convert()
                paint_mark(tile, Box(0, 0, side, side), state, self.scene.app.theme)
                tiles[name] = tile
        return tiles["probe-filled"], tiles["probe-crossed"]

    def _draw_probes(self, surface: pygame.Surface, layout: BoardLayout) -> None:
        """Cells a probe set, in light marks, on a colour-keyed layer kept between frames."""
        theme = self.scene.app.theme
        box = layout.grid_box
        if self._probe_layer is None or self._probe_drawn is None:
            layer = pygame.Surface((box.w, box.h)).convert()
            layer.fill(_COLOUR_KEY)
            layer.set_colorkey(_COLOUR_KEY)
            layer.set_alpha(PROBE_ALPHA)
            self._probe_layer = layer
            self._probe_drawn = np.full((layout.rows, layout.columns), -1, dtype=np.int8)
        wanted = self.scene.state.probe_cells()
        layer = self._probe_layer
        filled_tile, crossed_tile = self._probe_tiles(layout)
        rects = self._inner_rects
        for y, x in np.argwhere(wanted != self._probe_drawn).tolist():
            target = rects[y][x]
            value = wanted[y, x]
            if value < 0:
                layer.fill(_COLOUR_KEY, target)
            else:
                tile = filled_tile if value else crossed_tile
                layer.blit(tile, target, (0, 0, target.w, target.h))
        self._probe_drawn = wanted
        shown = np.argwhere(wanted >= 0)
        if len(shown):
            (top, left), (bottom, right) = shown.min(axis=0), shown.max(axis=0)
            first = layout.cell_box(int(left), int(top))
            last = layout.cell_box(int(right), int(bottom))
            area = pygame.Rect(
                first.x - box.x, first.y - box.y, last.right - first.x, last.bottom - first.y
            )
            surface.blit(layer, (box.x + area.x, box.y + area.y), area)
        cell = self.scene.state.probe_cell
        if cell is not None:
            pygame.draw.rect(
                surface,
                theme.accent,
                layout.cell_box(*cell).inset(-1),
                max(1, layout.cell // 14),
            )

    def _draw_undone(self, surface: pygame.Surface, layout: BoardLayout) -> None:
        scene = self.scene
        if scene.undone_time <= 0 or not scene.undone_cells:
            return
        if scene.too_fast_to_follow:
            return  # the cells simply vanish
        theme = scene.app.theme
        tile = self._tile("undone", theme.trial_filled, 255)
        tile.set_alpha(round(150 * scene.undone_time / UNDONE_SECONDS))
        grid = scene.state.grid
        for x, y in scene.undone_cells:
            if grid[y, x] < 0:  # still undone (the next guess may have set it again)
                inner = layout.cell_inner(x, y)
                surface.blit(tile, (inner.x, inner.y), (0, 0, inner.w, inner.h))

    def _draw_guesses(self, surface: pygame.Surface, layout: BoardLayout) -> None:
        """Each open guess framed, with its depth in the corner."""
        guesses = self.scene.state.guesses
        if not guesses:
            return
        app = self.scene.app
        theme = app.theme
        width = max(2, layout.cell // 10)
        size = max(8, round(layout.cell * 0.42))
        for (x, y), depth in guesses.items():
            box = layout.cell_box(x, y)
            pygame.draw.rect(surface, theme.text, box.inset(-1), width)
            label = app.fonts.render(str(depth), size, theme.text, True, exact=True)
            back = label.get_rect(topleft=(box.x + width, box.y + width)).inflate(2, 0)
            surface.fill(theme.panel, back)
            surface.blit(label, (back.x + 1, back.y))

    def _draw_differences(
        self, surface: pygame.Surface, layout: BoardLayout, differences: BoolGrid
    ) -> None:
        theme = self.scene.app.theme
        tile = self._tile("difference", theme.accent, 90)
        width = max(2, layout.cell // 10)
        for y, x in np.argwhere(differences).tolist():
            inner = layout.cell_inner(x, y)
            surface.blit(tile, (inner.x, inner.y), (0, 0, inner.w, inner.h))
            pygame.draw.rect(surface, theme.accent, layout.cell_box(x, y).inset(-1), width)
