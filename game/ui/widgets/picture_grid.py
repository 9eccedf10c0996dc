"""A black-and-white picture grid you can paint on: the converter's preview and canvas.

The grid is a ``(height, width)`` boolean array. A left-button drag paints every cell it
crosses with the opposite of the first cell's value (so one stroke either draws or erases);
the right button always erases. Cells in ``marked`` (where two solutions differ) are drawn
hatched with a heavy border, so they show without relying on colour.

In colour (``colours``: each cell's RGB) the cells are drawn in their colours, a left drag
always paints (the screen paints it with the chosen colour) and the right button paints the
background; ``max_cell`` caps the cell side (the converter shows the size play will use).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
import pygame

from game.core.solver.steps import CellPosition
from game.ui.input import Input, Kind
from game.ui.widgets.base import Widget

if TYPE_CHECKING:
    from game.ui.app import App

PaintCallback = Callable[[list[CellPosition], bool], None]


def cells_between(start: CellPosition, end: CellPosition) -> list[CellPosition]:
    """The cells on a straight line from ``start`` to ``end`` (both included), so a fast
    drag that skips over cells between two mouse events still paints a continuous stroke."""
    (x0, y0), (x1, y1) = start, end
    steps = max(abs(x1 - x0), abs(y1 - y0))
    if steps == 0:
        return [start]
    return [
        (round(x0 + (x1 - x0) * i / steps), round(y0 + (y1 - y0) * i / steps))
        for i in range(steps + 1)
    ]


class PictureGrid(Widget):
    """Shows ``grid`` centred in ``rect``; reports painted cells through ``on_paint``."""

    focusable = False

    def __init__(
        self,
        on_paint: PaintCallback | None = None,
        on_stroke_start: Callable[[], None] | None = None,
        on_stroke_end: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.grid: npt.NDArray[np.bool_] = np.zeros((5, 5), dtype=bool)
        self.marked: frozenset[CellPosition] = frozenset()
        self.on_paint = on_paint
        self.on_stroke_start = on_stroke_start
        self.on_stroke_end = on_stroke_end
        self.editable = True
        # In colour: each cell's RGB, ``(height, width, 3)`` uint8; None in black and white.
        self.colours: npt.NDArray[np.uint8] | None = None
        self.max_cell: int | None = None
        # In colour: the RGB a left stroke paints and the one a right stroke paints.
        self.stroke_rgb: tuple[tuple[int, int, int], tuple[int, int, int]] = ((0, 0, 0),) * 2
        self._stroke_value: bool | None = None
        self._last_cell: CellPosition | None = None
        self._cache: pygame.Surface | None = None
        self._cache_key: tuple[object, ...] = ()

    def set_grid(
        self,
        grid: npt.NDArray[np.bool_],
        marked: Iterable[CellPosition] = (),
        colours: npt.NDArray[np.uint8] | None = None,
    ) -> None:
        self.grid = np.array(grid, dtype=bool, copy=True)
        self.marked = frozenset(marked)
        self.colours = None if colours is None else np.array(colours, dtype=np.uint8, copy=True)

    # -- geometry ---------------------------------------------------------------------------

    @property
    def cell_size(self) -> int:
        height, width = (int(side) for side in self.grid.shape)
        fits = min(self.rect.width // max(1, width), self.rect.height // max(1, height))
        return max(1, min(fits, self.max_cell or fits))

    @property
    def board_rect(self) -> pygame.Rect:
        """Where the cells are drawn: centred in ``rect``."""
        height, width = self.grid.shape
        size = self.cell_size
        board = pygame.Rect(0, 0, width * size, height * size)
        board.center = self.rect.center
        return board

    def cell_at(self, position: tuple[int, int]) -> CellPosition | None:
        board = self.board_rect
        if not board.collidepoint(position):
            return None
        size = self.cell_size
        x = (position[0] - board.left) // size
        y = (position[1] - board.top) // size
        height, width = self.grid.shape
        if 0 <= x < width and 0 <= y < height:
            return (int(x), int(y))
        return None

    def cell_rect(self, cell: CellPosition) -> pygame.Rect:
        board = self.board_rect
        size = self.cell_size
        return pygame.Rect(board.left + cell[0] * size, board.top + cell[1] * size, size, size)

    # -- events -----------------------------------------------------------------------------

    def handle(self, event: Input) -> bool:
        super().handle(event)
        if not (self.enabled and self.editable):
            return False
        if event.kind is Kind.POINTER_DOWN and event.button in (1, 3):
            cell = self.cell_at(event.pos)
            if cell is None:
                return False
            x, y = cell
            self._stroke_value = False if event.button == 3 else not bool(self.grid[y, x])
            if self.colours is not None:
                self._stroke_value = event.button != 3  # colour: left paints, right clears
            self._last_cell = cell
            if self.on_stroke_start is not None:
                self.on_stroke_start()
            self._paint([cell])
            return True
        if event.kind is Kind.POINTER_MOVE and self._stroke_value is not None:
            cell = self._clamped_cell(event.pos)
            if cell != self._last_cell and self._last_cell is not None:
                self._paint(cells_between(self._last_cell, cell)[1:])
                self._last_cell = cell
            return True
        if event.kind is Kind.POINTER_UP and self._stroke_value is not None:
            self._stroke_value = None
            self._last_cell = None
            if self.on_stroke_end is not None:
                self.on_stroke_end()
            return True
        return False

    def _clamped_cell(self, position: tuple[int, int]) -> CellPosition:
        """The cell under ``position``, or the nearest edge cell when the drag leaves."""
        board = self.board_rect
        size = self.cell_size
        height, width = self.grid.shape
        x = min(width - 1, max(0, (position[0] - board.left) // size))
        y = min(height - 1, max(0, (position[1] - board.top) // size))
        return (int(x), int(y))

    def _paint(self, cells: list[CellPosition]) -> None:
        value = bool(self._stroke_value)
        changed = [(x, y) for x, y in cells if bool(self.grid[y, x]) != value]
        if self.colours is not None:
            changed = list(cells)  # another colour is a change too: the screen decides
            for x, y in changed:
                self.colours[y, x] = self.stroke_rgb[0 if value else 1]
        for x, y in changed:
            self.grid[y, x] = value
        if changed:
            self._cache = None
            if self.on_paint is not None:
                self.on_paint(changed, value)

    @property
    def painting(self) -> bool:
        return self._stroke_value is not None

    # -- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, app: App) -> None:
        if self.rect.width <= 0 or self.rect.height <= 0:
            return
        board = self.board_rect
        colours = b"" if self.colours is None else self.colours.tobytes()
        key = (board.size, self.grid.tobytes(), self.grid.shape, self.marked, app.theme.name,
               colours)  # fmt: skip
        if self._cache is None or key != self._cache_key:
            self._cache = self._render(app, board.size)
            self._cache_key = key
        surface.blit(self._cache, board)

    def _render(self, app: App, size: tuple[int, int]) -> pygame.Surface:
        theme = app.theme
        image = pygame.Surface(size)
        image.fill(theme.cell_unknown)
        cell = self.cell_size
        height, width = self.grid.shape
        if self.colours is not None and self.colours.shape[:2] == (height, width):
            small = pygame.surfarray.make_surface(self.colours.transpose(1, 0, 2))
            image.blit(pygame.transform.scale(small, (width * cell, height * cell)), (0, 0))
        else:
            ys, xs = np.nonzero(self.grid)
            for x, y in zip(xs.tolist(), ys.tolist(), strict=True):
                image.fill(theme.filled, (x * cell, y * cell, cell, cell))
        weight = max(1, theme.line_weight)
        for index in range(width + 1):
            thick = index % 5 == 0 or index == width
            colour = theme.grid_line_thick if thick else theme.grid_line
            x = min(index * cell, size[0] - 1)
            pygame.draw.line(image, colour, (x, 0), (x, size[1] - 1), weight + thick)
        for index in range(height + 1):
            thick = index % 5 == 0 or index == height
            colour = theme.grid_line_thick if thick else theme.grid_line
            y = min(index * cell, size[1] - 1)
            pygame.draw.line(image, colour, (0, y), (size[0] - 1, y), weight + thick)
        marked = [(x, y) for x, y in self.marked if 0 <= x < width and 0 <= y < height]
        if marked:
            # One hatched cell drawn, then blitted to every marked cell: a report marking a
            # few hundred free cells drew them line by line in 11 ms, the converter's
            # longest frame.
            red, green, blue = pygame.Color(theme.trial_filled)[:3]
            key = (255 - red, 255 - green, 255 - blue)  # never the hatching's colour
            tile = pygame.Surface((cell, cell))
            tile.fill(key)
            tile.set_colorkey(key)
            self._draw_marked(tile, app, pygame.Rect(0, 0, cell, cell))
            image.blits([(tile, (x * cell, y * cell)) for x, y in marked], doreturn=False)
        return image

    def _draw_marked(self, image: pygame.Surface, app: App, box: pygame.Rect) -> None:
        """Hatching plus a heavy border: readable on filled and empty cells, in any theme."""
        theme = app.theme
        colour = theme.trial_filled
        inner = box.inflate(-2, -2)
        clip = image.get_clip()
        image.set_clip(inner)
        step = max(4, box.width // 3)
        width = max(1, box.width // 10)
        for offset in range(-box.height, box.width, step):
            pygame.draw.line(
                image,
                colour,
                (inner.left + offset, inner.bottom),
                (inner.left + offset + inner.height, inner.top),
                width,
            )
        image.set_clip(clip)
        pygame.draw.rect(image, colour, inner, max(2, box.width // 8))
