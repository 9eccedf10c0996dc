"""The nonogram replay's board: the grid view plus what only a replay draws over it.

Probe cells in light marks (on a colour-keyed layer kept between frames, so a frame repaints
only the cells that changed), cells a backtrack undid framed as they vanish, each open guess
framed with its depth, and at the end the cells where the solutions differ. What the replay
says about cells is a pattern or a frame, never a fill in a colour: a puzzle's palette may hold
any colour (a contradiction's red read as a red puzzle's red, issue 48). A tried cell is
dotted (``stipple``), a contradiction striped (``error_pattern``, the grid view's flash).
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
from game.ui.widgets.marks import stipple

if TYPE_CHECKING:
    from game.core.solver.trace import SolveTrace
    from game.ui.app import App
    from game.ui.scenes.shared.replay.shell import BoardFrame
    from game.ui.widgets.grid_view import GridView

PROBE_ALPHA = 105
_COLOUR_KEY = (255, 0, 255)


class ReplayBoardPainter:
    """Draws a trace's board in ``view``; keeps the tiles and the probe layer for the
    current layout."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.layout: BoardLayout | None = None
        self._tiles: dict[str, pygame.Surface] = {}
        self._probe_layer: pygame.Surface | None = None
        self._probe_drawn: KnownGrid | None = None
        self._inner_rects: list[list[pygame.Rect]] = []

    def set_layout(self, layout: BoardLayout) -> None:
        """Forget what was painted at the old size."""
        self.layout = layout
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

    def draw(
        self,
        surface: pygame.Surface,
        view: GridView,
        trace: SolveTrace,
        board: Board,
        frame: BoardFrame,
        differences: BoolGrid | None,
    ) -> None:
        """The board with the line worked on, a flash, and the overlays of the moment."""
        layout = self.layout
        assert layout is not None
        browsing = frame.solution_index is not None
        line = trace.current_line if not trace.finished else None
        view.highlight_row = line.index if line is not None and line.axis == "row" else None
        view.highlight_column = line.index if line is not None and line.axis == "column" else None
        strength = frame.flash
        if not frame.playing and isinstance(trace.last_step, Contradiction):
            # Stepping by hand: the failed line stays marked while it is the last step.
            strength = max(strength, 0.6)
        flash = Flash(flash_cells(trace), strength) if strength > 0 else Flash()
        view.overlays.flash = flash
        view.draw(surface, board)
        if not browsing:
            self._draw_probes(surface, layout, trace)
            self._draw_undone(surface, layout, trace, frame.undone)
            self._draw_guesses(surface, layout, trace.guesses)
        elif differences is not None:
            self._draw_differences(surface, layout, differences)

    def _probe_tiles(self, layout: BoardLayout) -> tuple[pygame.Surface, pygame.Surface]:
        """A probe's filled and crossed marks, painted once at the cell size."""
        tiles = self._tiles
        if "probe-filled" not in tiles:
            side = max(1, layout.cell - 1)
            theme = self.app.theme
            # A tried fill is dotted (a fill in the theme's ink read as a puzzle's black in
            # colour); a tried cross is a light cross.
            dots = pygame.Surface((side, side)).convert()
            dots.fill(theme.cell_unknown)
            dots.blit(stipple(side, theme.text), (0, 0))
            tiles["probe-filled"] = dots
            cross = pygame.Surface((side, side)).convert()
            paint_mark(cross, Box(0, 0, side, side), Cell.CROSSED, theme)
            tiles["probe-crossed"] = cross
        return tiles["probe-filled"], tiles["probe-crossed"]

    def _draw_probes(self, surface: pygame.Surface, layout: BoardLayout, trace: SolveTrace) -> None:
        """Cells a probe set, in light marks, on a colour-keyed layer kept between frames."""
        theme = self.app.theme
        box = layout.grid_box
        if self._probe_layer is None or self._probe_drawn is None:
            layer = pygame.Surface((box.w, box.h)).convert()
            layer.fill(_COLOUR_KEY)
            layer.set_colorkey(_COLOUR_KEY)
            layer.set_alpha(PROBE_ALPHA)
            self._probe_layer = layer
            self._probe_drawn = np.full((layout.rows, layout.columns), -1, dtype=np.int8)
        wanted = trace.probe_cells()
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
        cell = trace.probe_cell
        if cell is not None:
            pygame.draw.rect(
                surface,
                theme.accent,
                layout.cell_box(*cell).inset(-1),
                max(1, layout.cell // 14),
            )

    def _draw_undone(
        self, surface: pygame.Surface, layout: BoardLayout, trace: SolveTrace, strength: float
    ) -> None:
        if strength <= 0 or not trace.last_undone:
            return
        # A frame in the trial colour (a guess's mark), thinning as it fades: a fill in it
        # read as an orange puzzle's orange.
        colour = self.app.theme.trial_filled
        width = max(1, round(max(2, layout.cell // 6) * strength))
        grid = trace.grid
        for x, y in trace.last_undone:
            if grid[y, x] < 0:  # still undone (the next guess may have set it again)
                pygame.draw.rect(surface, colour, layout.cell_inner(x, y), width)

    def _draw_guesses(
        self, surface: pygame.Surface, layout: BoardLayout, guesses: dict[tuple[int, int], int]
    ) -> None:
        """Each open guess framed, with its depth in the corner."""
        if not guesses:
            return
        app = self.app
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
        # A frame, not a tint: an accent-blue tint read as a blue puzzle's blue.
        theme = self.app.theme
        width = max(2, layout.cell // 8)
        for y, x in np.argwhere(differences).tolist():
            pygame.draw.rect(surface, theme.accent, layout.cell_box(x, y).inset(-1), width)


def flash_cells(trace: SolveTrace) -> list[tuple[int, int]]:
    """The cells the last contradiction flashes: its line, or the cell tried both ways."""
    if trace.failed_line is not None:
        return trace.failed_line.cells(trace.width, trace.height)
    if trace.failed_cell is not None:
        return [trace.failed_cell]
    return []
