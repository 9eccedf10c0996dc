"""The race screen's drawing: where each board goes, the boards themselves, each board's card.

A race shows up to four boards at once, each changing every frame, so a board is not drawn
cell by cell: its cells become one pixel each in a tiny picture (a colour table indexed by
the cell values), scaled up in one call, with the grid lines laid over it from a picture made
once per layout. A board's card (its place, its verdict and its live counters) is drawn onto
a surface of its own and kept while what it shows is the same, refreshed a few times a
second while its figures change every frame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
import pygame

from game.core.board import Cell
from game.core.i18n import _
from game.core.locale_numbers import format_decimal, format_int
from game.core.race.contest import Runner, place_text
from game.core.solver.trace import verdict_text
from game.ui.layout import Box
from game.ui.widgets.text import draw_text, fit_text, wrap_text

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.theme import Colour, Theme

# How long a contradicted line stays outlined, in seconds.
FLASH_SECONDS = 0.25
CARD_REFRESH = 1 / 12


def seconds_text(seconds: float) -> str:
    """A solver time for a card: milliseconds below ten seconds' tenth."""
    if seconds < 1.0:
        return f"{format_decimal(seconds * 1000, 1)} ms"
    return f"{format_decimal(seconds, 2)} s"


def _blend(colour: Colour, toward: Colour, amount: float) -> tuple[int, int, int]:
    return (
        round(colour[0] + (toward[0] - colour[0]) * amount),
        round(colour[1] + (toward[1] - colour[1]) * amount),
        round(colour[2] + (toward[2] - colour[2]) * amount),
    )


def cell_colours(theme: Theme) -> npt.NDArray[np.uint8]:
    """RGB per board cell value (Cell.UNKNOWN .. Cell.TRIAL_CROSSED): crossed cells as a
    light tint of their mark's colour, so the picture reads at a few pixels a cell."""
    table = np.zeros((5, 3), dtype=np.uint8)
    table[Cell.UNKNOWN] = theme.cell_unknown[:3]
    table[Cell.FILLED] = theme.filled[:3]
    table[Cell.CROSSED] = _blend(theme.cell_unknown, theme.crossed, 0.22)
    table[Cell.TRIAL_FILLED] = theme.trial_filled[:3]
    table[Cell.TRIAL_CROSSED] = _blend(theme.cell_unknown, theme.trial_crossed, 0.35)
    return table


@dataclass
class BoardSlot:
    """Where one runner is drawn: its card's header, its board and its figures."""

    column: Box
    header: Box
    board: pygame.Rect
    cell: int
    card: Box


def lay_out_slots(
    area: Box, count: int, width: int, height: int, scale: float, card_h: int
) -> list[BoardSlot]:
    """``count`` columns side by side in ``area``, each a header, a board and a card."""
    gap = max(8, round(16 * scale))
    column_w = max(1, (area.w - gap * (count - 1)) // count)
    header_h = round(40 * scale)
    board_h = max(1, area.h - header_h - card_h - gap)
    cell = max(1, min((column_w - 4) // max(1, width), (board_h - 4) // max(1, height)))
    board_w, board_pixels_h = cell * width + 1, cell * height + 1
    # Header, board and card sit together, the block centred in the column's height.
    block_h = header_h + board_pixels_h + gap + card_h
    top = area.y + max(0, (area.h - block_h) // 2)
    slots = []
    for index in range(count):
        x = area.x + index * (column_w + gap)
        column = Box(x, area.y, column_w, area.h)
        header = Box(x, top, column_w, header_h)
        board = pygame.Rect(x + (column_w - board_w) // 2, top + header_h, board_w, board_pixels_h)
        card = Box(x, board.bottom + gap, column_w, card_h)
        slots.append(BoardSlot(column, header, board, cell, card))
    return slots


class RaceBoardPainter:
    """Draws a runner's board into its slot: cells, grid lines, the line being worked on."""

    def __init__(self, theme: Theme, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.colours = cell_colours(theme)
        self.theme = theme
        self._lines: pygame.Surface | None = None
        self._lines_key: tuple[int, int] | None = None
        # The last picture per runner, kept while its steps stay the same.
        self._boards: dict[int, tuple[object, pygame.Surface]] = {}

    def set_theme(self, theme: Theme) -> None:
        self.theme = theme
        self.colours = cell_colours(theme)
        self._lines = None
        self._boards.clear()

    def _grid_lines(self, cell: int) -> pygame.Surface:
        """The grid lines over a board of ``cell`` pixels a cell (every fifth line thick),
        on a colour-keyed surface: blitting it is a plain copy of the line pixels."""
        key = (cell, self.width)
        if self._lines is not None and self._lines_key == key:
            return self._lines
        width_px, height_px = cell * self.width, cell * self.height
        lines = pygame.Surface((width_px + 1, height_px + 1)).convert()
        clear = (255, 0, 255)
        lines.fill(clear)
        lines.set_colorkey(clear)
        # Thin lines fade into the cells on small boards, so the picture still reads.
        thin = _blend(self.theme.cell_unknown, self.theme.grid_line, 0.6 if cell >= 6 else 0.3)
        thick = self.theme.grid_line_thick[:3]
        for x in range(self.width + 1):
            colour = thick if x % 5 == 0 or x == self.width else thin
            pygame.draw.line(lines, colour, (x * cell, 0), (x * cell, height_px))
        for y in range(self.height + 1):
            colour = thick if y % 5 == 0 or y == self.height else thin
            pygame.draw.line(lines, colour, (0, y * cell), (width_px, y * cell))
        self._lines = lines
        self._lines_key = key
        return lines

    def picture(
        self, index: int, key: object, cells: npt.NDArray[np.int8], cell: int
    ) -> pygame.Surface:
        """The board scaled to ``cell`` pixels a cell with its grid lines (kept while ``key``
        is the same)."""
        kept = self._boards.get(index)
        if kept is not None and kept[0] == key:
            return kept[1]
        rgb = self.colours[cells.astype(np.intp)]
        small = pygame.surfarray.make_surface(np.ascontiguousarray(rgb.transpose(1, 0, 2)))
        size = (cell * self.width + 1, cell * self.height + 1)
        kept_surface = kept[1] if kept is not None and kept[1].get_size() == size else None
        big = kept_surface or pygame.Surface(size).convert()
        # Scaled into the last picture's surface (no new surface a frame); the one pixel
        # past the cells on the right and bottom is the grid's last line.
        big.blit(pygame.transform.scale(small, (size[0] - 1, size[1] - 1)), (0, 0))
        big.blit(self._grid_lines(cell), (0, 0))
        self._boards[index] = (key, big)
        return big

    def board_key(self, runner: Runner, flash: bool) -> tuple[object, ...]:
        """What a board shows: when it is the same as last frame, it is not drawn again."""
        trace = runner.trace
        line = None if trace.finished else trace.failed_line if flash else trace.current_line
        return (id(trace), trace.counters.steps, trace.finished, line, flash)

    def draw(
        self,
        surface: pygame.Surface,
        index: int,
        runner: Runner,
        slot: BoardSlot,
        flash: bool,
    ) -> None:
        trace = runner.trace
        result = trace.result
        if result is not None and result.solutions:
            # At the finish: the first picture it found, all in solid marks.
            cells = np.where(result.solutions[0], Cell.FILLED, Cell.CROSSED).astype(np.int8)
            key: object = ("solution", id(result))
        else:
            cells = trace.display_cells()
            key = ("steps", trace.counters.steps, id(trace))
        board = slot.board
        theme = self.theme
        # The outline of the line being worked on reaches past the board: clear around it.
        surface.fill(theme.background, board.inflate(8, 8))
        surface.blit(self.picture(index, key, cells, slot.cell), board.topleft)
        line = trace.failed_line if flash else trace.current_line
        if line is not None and not trace.finished:
            cell = slot.cell
            if line.axis == "row":
                rect = pygame.Rect(board.x, board.y + line.index * cell, board.w + 1, cell + 1)
            else:
                rect = pygame.Rect(board.x + line.index * cell, board.y, cell + 1, board.h + 1)
            colour = theme.error if flash else theme.accent
            pygame.draw.rect(surface, colour, rect.inflate(2, 2), 2)


def runner_status(runner: Runner, time_limit: float | None, over: bool = False) -> tuple[str, str]:
    """(state, verdict) words for a card: "Running", "Waiting at the finish" (for the
    others), "Finished" once the race is ``over`` (QA: every card still said it was waiting
    after the race had ended), ..."""
    result = runner.trace.result
    if result is None:
        return _("Running…"), ""
    verdict = verdict_text(result, time_limit)
    if result.timed_out:
        return _("Gave up"), verdict
    return (_("Finished") if over else _("Waiting at the finish")), verdict


def card_key(
    runner: Runner, racing: bool, theme_name: str, over: bool = False
) -> tuple[object, ...]:
    counters = runner.counters
    return (
        counters.steps,
        counters.lines,
        counters.guesses,
        counters.backtracks,
        counters.solutions,
        round(runner.seconds, 4),
        runner.place,
        runner.finished,
        racing,
        theme_name,
        over,
    )


def render_header(
    app: App, target: pygame.Surface, runner: Runner, area: Box, explain_w: int
) -> None:
    """The board's name and its place once it finished; the "?" button sits at the right."""
    theme = app.theme
    scale = app.ui_scale
    target.fill(theme.background)
    x = 0
    if runner.place is not None:
        size = round(17 * scale)
        text = place_text(runner.place)
        rendered = app.fonts.render(text, size, theme.accent_text, True)
        badge = rendered.get_rect()
        badge.inflate_ip(round(14 * scale), round(6 * scale))
        badge.midleft = (0, area.h // 2)
        colour = theme.accent if runner.place == 1 else theme.text_muted
        pygame.draw.rect(target, colour, badge, border_radius=badge.h // 2)
        target.blit(rendered, rendered.get_rect(center=badge.center))
        x = badge.right + round(8 * scale)
    size = round(19 * scale)
    title = fit_text(app.fonts.get(size, True), _(runner.info.title), area.w - x - explain_w - 8)
    draw_text(target, app, title, size, theme.text, (x, area.h // 2), "midleft", bold=True)


#: The lines a card gives its verdict.
VERDICT_LINES = 2


def card_lines(font: pygame.font.Font, state: str, verdict: str, width: int) -> list[str]:
    """A card's words: its state on one line, its verdict wrapped on up to
    :data:`VERDICT_LINES` (cut only past that)."""
    lines = wrap_text(font, verdict, width)
    if len(lines) > VERDICT_LINES:
        rest = " ".join(lines[VERDICT_LINES - 1 :])
        lines = [*lines[: VERDICT_LINES - 1], fit_text(font, rest, width)]
    return [fit_text(font, state, width), *lines]


def render_card(
    app: App,
    target: pygame.Surface,
    runner: Runner,
    area: Box,
    time_limit: float | None,
    over: bool = False,
) -> None:
    """The board's state, its verdict and its five live figures."""
    theme = app.theme
    scale = app.ui_scale
    target.fill(theme.panel)
    pygame.draw.rect(target, theme.panel_border, (0, 0, area.w, area.h), 1)
    pad = round(10 * scale)
    size = round(14 * scale)
    line_h = app.fonts.get(size).get_linesize()
    state, verdict = runner_status(runner, time_limit, over)
    y = round(6 * scale)
    colour = theme.text if runner.finished else theme.text_muted
    result = runner.trace.result
    if result is not None and result.status == "none":
        colour = theme.error
    elif result is not None and not result.timed_out:
        colour = theme.success
    font = app.fonts.get(size, True)
    for text in card_lines(font, state, verdict, area.w - 2 * pad):
        draw_text(target, app, text, size, colour, (pad, y), bold=True)
        y += line_h
    y += round(4 * scale)
    counters = runner.counters
    rows = (
        (_("Steps"), format_int(counters.steps)),
        (_("Lines looked at"), format_int(counters.lines)),
        (_("Guesses"), format_int(counters.guesses)),
        (_("Backtracks"), format_int(counters.backtracks)),
        (_("Solver time"), seconds_text(runner.seconds)),
    )
    for label, value in rows:
        if y + line_h > area.h:
            break
        draw_text(target, app, label, size, theme.text_muted, (pad, y))
        draw_text(target, app, value, size, theme.text, (area.w - pad, y), "topright")
        y += line_h
