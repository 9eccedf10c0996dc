"""The win reveal: the solved picture settles cell by cell, the crosses fade, then the title.

A wave runs from the top-left corner to the bottom-right one: as it reaches a filled cell
the cell's mark grows over the gaps of the grid (a little past, then back) and flashes in
the accent colour, so the marks become one clean picture. Crosses fade at once, the grid
lines fade to a faint trace, and the title and the result appear as the wave ends.

:class:`RevealClock` is the timeline, advanced by the app's ``dt`` (no sleeps): how far each
part has got, when the title's chime is due, ``skip`` to the end (a click or a key). The play
and lesson screens keep one per win; :class:`RevealPainter` draws the board's part of it for
the grid view, from the layout, the theme, the board and the timeline's progress.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt
import pygame

from game.core.board import Board, Cell
from game.core.palette import Palette
from game.ui.layout import BoardLayout
from game.ui.theme import Colour, Theme
from game.ui.widgets.colour_marks import own_ground
from game.ui.widgets.marks import draw_mark

WAVE = 0.8  # seconds for the wave to cross the grid, corner to corner
SETTLE = 0.45  # seconds one cell takes to settle once the wave reaches it
CROSS_FADE = 0.45  # the crosses are gone by then
TITLE_AT = 0.85  # the title starts to fade in (the chime)
TITLE_FADE = 0.4
REVEAL_SECONDS = WAVE + SETTLE  # the board's part: every cell has settled
BUTTONS_AT = max(REVEAL_SECONDS, TITLE_AT + TITLE_FADE)  # the buttons appear: all done
LINES_LEFT = 0.15  # the share of the grid lines' strength left at the end
POP = 0.22  # a settling cell swells by this share of its box, then sinks back
FLASH = 0.6  # how far towards the accent colour a cell flashes as it settles


def _clamp(value: float) -> float:
    return max(0.0, min(1.0, value))


def _smooth(t: float) -> float:
    t = _clamp(t)
    return t * t * (3 - 2 * t)


def wave_delays(width: int, height: int) -> npt.NDArray[np.float64]:
    """When the wave reaches each cell (``[y, x]``, seconds): along the diagonals from the
    top-left corner, the last one at ``WAVE``."""
    ys, xs = np.mgrid[0:height, 0:width]
    span = max(1, width + height - 2)
    delays: npt.NDArray[np.float64] = WAVE * (xs + ys) / span
    return delays


def settle_progress(age: float, delays: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """0 -> 1 for each cell as it settles (0 before the wave reaches it)."""
    progress: npt.NDArray[np.float64] = np.clip((age - delays) / SETTLE, 0.0, 1.0)
    return progress


def settle_grow(progress: float) -> float:
    """A settling cell's size as a share of its box: 1 before and after, up to
    ``1 + POP`` in the middle of its settling (it swells a little and sinks back)."""
    return 1.0 + POP * math.sin(math.pi * _clamp(progress))


def settle_flash(progress: float) -> float:
    """How strongly a settling cell shows the accent colour: a bump, 0 at both ends."""
    return FLASH * math.sin(math.pi * _clamp(progress))


class RevealClock:
    """The reveal's timeline: ``age`` seconds since the win, advanced by ``update(dt)``."""

    def __init__(self) -> None:
        self.age = 0.0

    def update(self, dt: float) -> list[str]:
        """Move on by ``dt`` seconds; the cues passed on the way ("title": its chime)."""
        before = self.age
        self.age += max(0.0, dt)
        return ["title"] if before < TITLE_AT <= self.age else []

    def skip(self) -> bool:
        """Jump to the end (a click or a key during the reveal); True when it was under way."""
        if self.done:
            return False
        self.age = BUTTONS_AT
        return True

    @property
    def animating(self) -> bool:
        """Something still moves: the app must draw every frame (``wake_in`` 0)."""
        return self.age < BUTTONS_AT

    @property
    def done(self) -> bool:
        return not self.animating

    @property
    def board_progress(self) -> float:
        """0 -> 1 over the board's part (the grid view's ``overlays.reveal``)."""
        return _clamp(self.age / REVEAL_SECONDS)

    @property
    def title_appear(self) -> float:
        """0 -> 1 as the title and the result fade in."""
        return title_appear(self.age)

    @property
    def buttons_shown(self) -> bool:
        return self.age >= BUTTONS_AT


def title_appear(age: float) -> float:
    """0 -> 1 as the title and the result fade in, ``age`` seconds after the win."""
    return _smooth((age - TITLE_AT) / TITLE_FADE)


def _blend(a: Colour, b: Colour, t: float) -> Colour:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


class RevealPainter:
    """Draws the board's part of the reveal. The crosses and the grid lines are drawn once
    per board (two cached layers whose strength fades); the settling cells each frame (a
    fill per filled cell: a 30x30 picture costs well under a millisecond)."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._crosses: pygame.Surface | None = None
        self._lines: pygame.Surface | None = None
        self._filled: list[tuple[int, int]] = []
        # Each filled cell's colour in a colour puzzle (empty: the theme's fill).
        self._rgb: list[tuple[int, int, int]] = []
        self._delays: npt.NDArray[np.float64] = np.zeros((0, 0))
        # A colour puzzle's background colour, when it is not white: the reveal ends on it.
        self._ground: tuple[int, int, int] | None = None

    def _prepare(
        self, layout: BoardLayout, theme: Theme, board: Board, palette: Palette | None = None
    ) -> None:
        key = (layout.geometry, layout.grid_box, theme, board.cells.tobytes(), palette)
        if key == self._key:
            return
        self._key = key
        box = layout.grid_box
        ox, oy = box.x, box.y
        colour_key = (255, 0, 255)
        crosses = pygame.Surface((max(1, box.w), max(1, box.h))).convert()
        crosses.fill(colour_key)
        crosses.set_colorkey(colour_key)
        cells = board.cells
        # A trial fill that finished the picture settles as a fill (the lesson keeps it).
        filled = board.filled_mask()
        for y, x in np.argwhere(~filled & (cells != Cell.UNKNOWN)).tolist():
            inner = layout.cell_inner(x, y)
            rect = pygame.Rect(inner.x - ox, inner.y - oy, inner.w, inner.h)
            crosses.fill(theme.cell_unknown, rect)
            draw_mark(crosses, rect, int(cells[y, x]), theme)
        lines = pygame.Surface((max(1, box.w), max(1, box.h))).convert()
        lines.fill(colour_key)
        lines.set_colorkey(colour_key)
        top, bottom = layout.top - 1 - oy, layout.bottom - oy
        left, right = layout.left - 1 - ox, layout.right - ox
        for x, thick in layout.vertical_lines():
            colour = theme.grid_line_thick if thick else theme.grid_line
            lines.fill(colour, (x - ox - (1 if thick else 0), top, 2 if thick else 1, bottom - top))
        for y, thick in layout.horizontal_lines():
            colour = theme.grid_line_thick if thick else theme.grid_line
            lines.fill(
                colour, (left, y - oy - (1 if thick else 0), right - left, 2 if thick else 1)
            )
        self._crosses, self._lines = crosses, lines
        self._filled = [(x, y) for y, x in np.argwhere(filled).tolist()]
        self._rgb = []
        self._ground = None
        if palette is not None:
            # A colour puzzle on a ground of its own (a photo's dark surround): the picture
            # appears on it, not on white paper (where it looked inverted).
            self._ground = own_ground(palette)
            shown = board.colour_grid()
            self._rgb = [palette.colour(int(shown[y, x])).rgb for x, y in self._filled]
        self._delays = wave_delays(board.width, board.height)

    def draw(
        self,
        surface: pygame.Surface,
        layout: BoardLayout,
        theme: Theme,
        board: Board,
        progress: float,
        palette: Palette | None = None,
    ) -> None:
        """The board at ``progress`` (0 -> 1, the grid view's ``overlays.reveal``) of the
        board's part of the reveal. The caller clips to the cells' view."""
        self._prepare(layout, theme, board, palette)
        age = _clamp(progress) * REVEAL_SECONDS
        box = layout.grid_box
        ground = theme.cell_unknown
        if self._ground is not None:
            ground = _blend(ground, self._ground, _smooth(age / REVEAL_SECONDS))
        surface.fill(ground, box)
        if self._lines is not None:
            self._lines.set_alpha(round(255 * (1.0 - (1.0 - LINES_LEFT) * _smooth(age / WAVE))))
            surface.blit(self._lines, (box.x, box.y))
        settle = settle_progress(age, self._delays)
        cell = layout.cell
        for number, (x, y) in enumerate(self._filled):
            fill = self._rgb[number] if self._rgb else theme.filled
            p = float(settle[y, x])
            if p <= 0.0:
                # Not reached yet: the mark as played, the grid's gaps round it.
                surface.fill(fill, layout.cell_inner(x, y))
                continue
            full = layout.cell_box(x, y)
            # The whole box and the line after it: the gaps close into one picture.
            side = (full.w + 1) * settle_grow(p)
            rect = pygame.Rect(0, 0, round(side), round(side * (full.h + 1) / (full.w + 1)))
            rect.center = (full.x + (full.w + 1) // 2, full.y + (full.h + 1) // 2)
            colour = _blend(fill, theme.accent, settle_flash(p)) if p < 1 else fill
            surface.fill(colour, rect)
        if self._crosses is not None:
            fade = 1.0 - _smooth(age / CROSS_FADE)
            if fade > 0:
                self._crosses.set_alpha(round(255 * fade))
                surface.blit(self._crosses, (box.x, box.y))
        border = pygame.Rect(box).inflate(2, 2) if cell > 4 else pygame.Rect(box)
        strength = _smooth(age / REVEAL_SECONDS)
        pygame.draw.rect(surface, _blend(theme.grid_line_thick, theme.accent, strength), border, 2)


__all__ = [
    "BUTTONS_AT",
    "REVEAL_SECONDS",
    "TITLE_AT",
    "TITLE_FADE",
    "RevealClock",
    "RevealPainter",
    "settle_progress",
    "title_appear",
    "wave_delays",
]
