"""The clue editor's board: the typed clues around an empty grid, drawn as a book prints them.

Row clues stand left of their row, column clues stack above their column. The line being
typed is highlighted across its clue and its cells; a line whose clue cannot be one (or does
not fit) is drawn in the error colour with a mark, so a typo shows as it is typed. Once the
clues are solved the cells that can go either way are hatched, and the grid shows the picture
when the scene passes it (once the player asks: no spoilers).
The sizes follow the cell size, which follows the room and the longest clues.

In colour each number stands on a chip of its ink (as the play screen draws colour clues),
and the picture, once shown, is drawn in its inks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
import pygame

from game.core.create.clue_editor import CLUE_INKS, INK_LETTERS, Axis, ClueSheet
from game.core.palette import RGB
from game.core.solver.steps import CellPosition
from game.ui.widgets.text import Anchor, draw_text

if TYPE_CHECKING:
    from game.ui.app import App

BoolGrid = npt.NDArray[np.bool_]

# Room for a clue number, in cells: a row clue's number is about this wide, a column clue's
# this tall.
NUMBER_WIDTH = 0.95
NUMBER_HEIGHT = 0.8
MAX_CELL = 34


class ClueBoardView:
    """Where the board goes in its area, and how it is drawn."""

    def __init__(self) -> None:
        self.area = pygame.Rect(0, 0, 0, 0)
        self.grid_rect = pygame.Rect(0, 0, 0, 0)
        self.cell = 1
        self.left = 0  # room for row clues
        self.top = 0  # room for column clues

    def arrange(self, area: pygame.Rect, sheet: ClueSheet) -> None:
        """Fit the grid and its clue margins into ``area``, as big as they go."""
        self.area = pygame.Rect(area)
        longest_row = max([len(sheet.state("row", y).clue) for y in range(sheet.height)] + [1])
        longest_column = max([len(sheet.state("column", x).clue) for x in range(sheet.width)] + [1])
        # Room for at least half the line's longest possible clue, so typing rarely re-flows.
        row_room = max(longest_row, (sheet.width + 1) // 4, 2) * NUMBER_WIDTH + 0.5
        column_room = max(longest_column, (sheet.height + 1) // 4, 2) * NUMBER_HEIGHT + 0.4
        cell = min(
            area.width / (sheet.width + row_room), area.height / (sheet.height + column_room)
        )
        self.cell = max(6, min(MAX_CELL, int(cell)))
        self.left = round(row_room * self.cell)
        self.top = round(column_room * self.cell)
        board_width = self.left + sheet.width * self.cell
        board_height = self.top + sheet.height * self.cell
        x0 = area.left + (area.width - board_width) // 2
        y0 = area.top + (area.height - board_height) // 2
        self.grid_rect = pygame.Rect(
            x0 + self.left, y0 + self.top, sheet.width * self.cell, sheet.height * self.cell
        )

    def line_at(self, position: tuple[int, int], sheet: ClueSheet) -> tuple[Axis, int] | None:
        """The row or column whose clue (or cell) is under ``position``."""
        x, y = position
        grid = self.grid_rect
        if grid.top <= y < grid.bottom and grid.left - self.left <= x < grid.left:
            return "row", min(sheet.height - 1, (y - grid.top) // self.cell)
        if grid.left <= x < grid.right and grid.top - self.top <= y < grid.top:
            return "column", min(sheet.width - 1, (x - grid.left) // self.cell)
        if grid.collidepoint(position):
            return "row", min(sheet.height - 1, (y - grid.top) // self.cell)
        return None

    # -- drawing ----------------------------------------------------------------------------

    def draw(
        self,
        surface: pygame.Surface,
        app: App,
        sheet: ClueSheet,
        current: tuple[Axis, int],
        picture: npt.NDArray[Any] | None,
        free: frozenset[CellPosition],
        inks: tuple[RGB, ...] = (),
    ) -> None:
        """``picture`` is filled cells, or in colour colour numbers whose RGBs are ``inks``
        (colour 1 first)."""
        theme = app.theme
        grid = self.grid_rect
        cell = self.cell
        pygame.draw.rect(surface, theme.cell_unknown, grid)
        if picture is not None and picture.shape == (sheet.height, sheet.width):
            ys, xs = np.nonzero(picture)
            for x, y in zip(xs.tolist(), ys.tolist(), strict=True):
                value = int(picture[y, x])
                fill = inks[value - 1] if inks and value <= len(inks) else theme.filled
                surface.fill(fill, (grid.left + x * cell, grid.top + y * cell, cell, cell))
        # The cells that can go either way are the check's finding, not the picture: hatched
        # whether or not the picture is shown.
        for x, y in free:
            self._hatch(surface, app, pygame.Rect(grid.left + x * cell, grid.top + y * cell,
                                                  cell, cell))  # fmt: skip
        self._draw_current(surface, app, current)
        self._draw_lines(surface, app, sheet)
        for y in range(sheet.height):
            self._draw_row_clue(surface, app, sheet, y, current == ("row", y))
        for x in range(sheet.width):
            self._draw_column_clue(surface, app, sheet, x, current == ("column", x))

    def _draw_current(self, surface: pygame.Surface, app: App, current: tuple[Axis, int]) -> None:
        """A band across the line being typed: its clue and its cells."""
        axis, index = current
        grid = self.grid_rect
        band = pygame.Surface(
            (grid.width + self.left, self.cell) if axis == "row"
            else (self.cell, grid.height + self.top),
            pygame.SRCALPHA,
        )  # fmt: skip
        band.fill((*app.theme.highlight, 110))
        if axis == "row":
            surface.blit(band, (grid.left - self.left, grid.top + index * self.cell))
        else:
            surface.blit(band, (grid.left + index * self.cell, grid.top - self.top))

    def _draw_lines(self, surface: pygame.Surface, app: App, sheet: ClueSheet) -> None:
        theme = app.theme
        grid = self.grid_rect
        weight = max(1, theme.line_weight)
        for x in range(sheet.width + 1):
            thick = x % 5 == 0 or x == sheet.width
            px = min(grid.left + x * self.cell, grid.right - 1)
            colour = theme.grid_line_thick if thick else theme.grid_line
            pygame.draw.line(surface, colour, (px, grid.top), (px, grid.bottom - 1), weight + thick)
        for y in range(sheet.height + 1):
            thick = y % 5 == 0 or y == sheet.height
            py = min(grid.top + y * self.cell, grid.bottom - 1)
            colour = theme.grid_line_thick if thick else theme.grid_line
            pygame.draw.line(surface, colour, (grid.left, py), (grid.right - 1, py), weight + thick)

    def _font_size(self) -> int:
        return max(9, min(20, round(self.cell * 0.6)))

    def _clue_colour(
        self, app: App, sheet: ClueSheet, axis: Axis, index: int
    ) -> tuple[int, int, int]:
        state = sheet.state(axis, index)
        if not state.ok:
            return app.theme.clue_error
        return app.theme.clue_text if sheet.text(axis, index).strip() else app.theme.clue_done

    def _ink_rgbs(self, sheet: ClueSheet, axis: Axis, index: int) -> list[RGB | None]:
        """In colour, each number's ink (None: drawn as plain text)."""
        state = sheet.state(axis, index)
        if not sheet.colour or state.problem or not state.clue:
            return [None] * max(1, len(state.clue))
        return [CLUE_INKS[INK_LETTERS.index(ink)][2] for ink in state.inks]

    def _number(
        self,
        surface: pygame.Surface,
        app: App,
        text: str,
        size: int,
        colour: tuple[int, int, int],
        ink: RGB | None,
        at: tuple[int, int],
        anchor: Anchor,
        bold: bool,
    ) -> pygame.Rect:
        """One clue number; on a chip of its ink in colour (light text on a dark ink)."""
        if ink is None:
            return draw_text(surface, app, text, size, colour, at, anchor, bold=bold)
        light = sum(ink) > 450
        rect = app.fonts.render(text, size, (0, 0, 0), True).get_rect(**{anchor: at})
        chip = rect.inflate(round(self.cell * 0.3), 2)
        chip.width = max(chip.width, round(self.cell * 0.8))
        chip.center = rect.center
        pygame.draw.rect(surface, ink, chip, border_radius=max(2, self.cell // 8))
        if bold:
            pygame.draw.rect(surface, app.theme.text, chip, 2, border_radius=max(2, self.cell // 8))
        draw_text(surface, app, text, size, (0, 0, 0) if light else (255, 255, 255),
                  rect.center, "center", bold=True)  # fmt: skip
        return chip

    def _row_numbers(self, sheet: ClueSheet, axis: Axis, index: int) -> list[str]:
        """The numbers to show: the clue; a wrong line shows its raw text; a blank one a dot."""
        state = sheet.state(axis, index)
        text = sheet.text(axis, index).strip()
        if not text:
            return ["·"]
        if state.problem and not state.clue:
            return [text[:12] + "?"]
        return [str(run) for run in state.clue] or ["0"]

    def _draw_row_clue(
        self, surface: pygame.Surface, app: App, sheet: ClueSheet, y: int, current: bool
    ) -> None:
        size = self._font_size()
        colour = self._clue_colour(app, sheet, "row", y)
        numbers = self._row_numbers(sheet, "row", y)
        inks = self._ink_rgbs(sheet, "row", y)
        grid = self.grid_rect
        centre_y = grid.top + y * self.cell + self.cell // 2
        right = grid.left - round(self.cell * 0.3)
        step = round(self.cell * NUMBER_WIDTH)
        for number, ink in reversed(list(zip(numbers, inks, strict=False))):
            rect = self._number(surface, app, number, size, colour, ink, (right, centre_y),
                                "midright", current)  # fmt: skip
            right = min(right - step, rect.left - round(self.cell * 0.25))

    def _draw_column_clue(
        self, surface: pygame.Surface, app: App, sheet: ClueSheet, x: int, current: bool
    ) -> None:
        size = self._font_size()
        colour = self._clue_colour(app, sheet, "column", x)
        numbers = self._row_numbers(sheet, "column", x)
        grid = self.grid_rect
        centre_x = grid.left + x * self.cell + self.cell // 2
        bottom = grid.top - round(self.cell * 0.15)
        step = round(self.cell * NUMBER_HEIGHT)
        if len(numbers) == 1 and numbers[0].endswith("?"):
            numbers = ["?"]  # raw text would not fit a column's width
        inks = self._ink_rgbs(sheet, "column", x)
        for number, ink in reversed(list(zip(numbers, inks, strict=False))):
            self._number(surface, app, number, size, colour, ink, (centre_x, bottom), "midbottom",
                         current)  # fmt: skip
            bottom -= step

    def _hatch(self, surface: pygame.Surface, app: App, box: pygame.Rect) -> None:
        """Hatching plus a border: a cell that can go either way, readable in any theme."""
        colour = app.theme.trial_filled
        inner = box.inflate(-2, -2)
        clip = surface.get_clip()
        surface.set_clip(inner)
        step = max(4, box.width // 3)
        for offset in range(-box.height, box.width, step):
            pygame.draw.line(surface, colour, (inner.left + offset, inner.bottom),
                             (inner.left + offset + inner.height, inner.top),
                             max(1, box.width // 10))  # fmt: skip
        surface.set_clip(clip)
        pygame.draw.rect(surface, colour, inner, max(2, box.width // 8))
