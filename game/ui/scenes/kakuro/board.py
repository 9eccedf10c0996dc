"""A Kakuro board on screen: where its cells are, and how one looks at a moment.

:class:`KakuroLayout` is the pixel <-> cell arithmetic (square cells, centred in a box), so
what is drawn and what a click hits read the same numbers. :class:`BoardLook` gathers what a
screen wants shown (digits, small digits, colours of cells and sums, the selected cell, the
runs highlighted) and :func:`draw_board` draws it: black cells split by a diagonal with the
down sum below it and the across sum above it, white cells with a big digit or up to nine
small ones in a 3x3 keypad order. The play screen and the solver replay both draw with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.core.kakuro.combos import digits_of
from game.ui.layout import Box

if TYPE_CHECKING:
    from game.core.kakuro.model import KakuroPuzzle
    from game.ui.app import App
    from game.ui.theme import Colour, Theme

MAX_CELL = 76
MIN_CELL = 14


@dataclass(frozen=True)
class KakuroLayout:
    """``columns`` x ``rows`` square cells of ``cell`` pixels from (``left``, ``top``)."""

    left: int
    top: int
    cell: int
    columns: int
    rows: int

    @classmethod
    def fit(cls, area: Box, columns: int, rows: int, min_cell: int = MIN_CELL) -> KakuroLayout:
        """The largest cells (within MAX_CELL) that fit ``area``, the board centred in it."""
        cell = max(min_cell, min(MAX_CELL, area.w // max(1, columns), area.h // max(1, rows)))
        left = area.x + (area.w - cell * columns) // 2
        top = area.y + (area.h - cell * rows) // 2
        return cls(left, top, cell, columns, rows)

    @property
    def box(self) -> Box:
        return Box(self.left, self.top, self.cell * self.columns, self.cell * self.rows)

    def cell_box(self, x: int, y: int) -> Box:
        return Box(self.left + x * self.cell, self.top + y * self.cell, self.cell, self.cell)

    def cell_at(self, position: tuple[int, int]) -> tuple[int, int] | None:
        """The cell under a pixel, None outside the board."""
        px, py = position
        if px < self.left or py < self.top:
            return None
        x, y = (px - self.left) // self.cell, (py - self.top) // self.cell
        if x >= self.columns or y >= self.rows:
            return None
        return x, y


@dataclass
class BoardLook:
    """What one frame of a board shows; every list is per white index (the puzzle's white
    order). ``digits`` 0: none; ``small`` digit masks drawn small where there is no digit;
    ``digit_colours``/``cell_fills`` override a cell's digit colour and background;
    ``run_colours`` a run's sum colour; ``outlined`` cells get a frame (a hint, a guess)."""

    digits: Sequence[int]
    small: Sequence[int]
    selected: int | None = None
    highlighted_runs: frozenset[int] = frozenset()
    digit_colours: dict[int, Colour] = field(default_factory=dict)
    cell_fills: dict[int, Colour] = field(default_factory=dict)
    run_colours: dict[int, Colour] = field(default_factory=dict)
    outlined: dict[int, Colour] = field(default_factory=dict)
    small_colour: Colour | None = None


def _brightness(colour: Colour) -> float:
    return 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]


def block_colours(theme: Theme) -> tuple[Colour, Colour, Colour]:
    """The black cells' fill, their sums' colour and their diagonal, for ``theme``. Blocks
    must read darker than the white cells in every theme: the light themes' ink does, but the
    dark theme's ink is light, so there they take the window's dark background instead."""
    if _brightness(theme.filled) < _brightness(theme.cell_unknown):
        block, ink = theme.filled, theme.cell_unknown
    else:
        block, ink = theme.background, theme.text
    diagonal = (
        (block[0] + ink[0]) // 2,
        (block[1] + ink[1]) // 2,
        (block[2] + ink[2]) // 2,
    )
    return block, ink, diagonal


# The board without anything a frame changes (blocks with their sums in the plain colour,
# empty white cells, the grid), drawn once per puzzle, size and theme: a frame blits it and
# draws only what differs, so a 16x16 board is a few dozen fills, not three hundred.
_BASES: dict[tuple[object, ...], pygame.Surface] = {}
_BASE_LIMIT = 64


def _inner(layout: KakuroLayout, x: int, y: int) -> pygame.Rect:
    """A cell's rect inside its grid lines (the line at its left and top edge stays)."""
    box = layout.cell_box(x, y)
    return pygame.Rect(box.x + 1, box.y + 1, box.w - 1, box.h - 1)


def _base(
    app: App,
    puzzle: KakuroPuzzle,
    layout: KakuroLayout,
    sums: bool,
    run_at: dict[tuple[int, int, str], int],
    sum_size: int,
) -> pygame.Surface:
    theme = app.theme
    key = (puzzle.fingerprint(), layout.cell, layout.columns, layout.rows, theme.name, sums)
    base = _BASES.get(key)
    if base is not None:
        return base
    if len(_BASES) >= _BASE_LIMIT:
        _BASES.clear()
    cell = layout.cell
    base = pygame.Surface((cell * layout.columns + 1, cell * layout.rows + 1))
    base.fill(theme.grid_line_thick)
    home = KakuroLayout(0, 0, cell, layout.columns, layout.rows)
    plain = BoardLook(digits=(), small=())
    block = block_colours(theme)[0]
    for y in range(puzzle.height):
        for x in range(puzzle.width):
            rect = _inner(home, x, y)
            if puzzle.white[y][x]:
                base.fill(theme.cell_unknown, rect)
            elif sums:
                _draw_black(base, app, puzzle, rect, x, y, run_at, plain, frozenset(), sum_size)
            else:
                base.fill(block, rect)
    _BASES[key] = base
    return base


def draw_board(
    surface: pygame.Surface,
    app: App,
    puzzle: KakuroPuzzle,
    layout: KakuroLayout,
    look: BoardLook,
    *,
    sums: bool = True,
) -> None:
    """Draw ``puzzle`` as ``look`` says, in ``layout``; without ``sums`` (a thumbnail)
    black cells are plain."""
    theme = app.theme
    cell = layout.cell
    run_at: dict[tuple[int, int, str], int] = {
        (run.x, run.y, run.axis): run.index for run in puzzle.runs
    }
    highlighted = look.highlighted_runs
    lit_cells: set[int] = set()
    for run in highlighted:
        lit_cells.update(puzzle.run_whites[run])
    sum_size = max(7, round(cell * 0.3))
    digit_size = max(9, round(cell * 0.62))
    small_size = max(6, round(cell * 0.25))
    surface.blit(_base(app, puzzle, layout, sums, run_at, sum_size), (layout.left, layout.top))
    if sums:
        # Blocks whose sums look different now (highlighted, done, in error) are redrawn.
        for run in {*highlighted, *look.run_colours}:
            x, y = puzzle.runs[run].x, puzzle.runs[run].y
            rect = _inner(layout, x, y)
            _draw_black(surface, app, puzzle, rect, x, y, run_at, look, highlighted, sum_size)
    for index, (x, y) in enumerate(puzzle.white_cells):
        fill = look.cell_fills.get(index)
        if fill is None and index in lit_cells:
            fill = theme.highlight
        rect = _inner(layout, x, y)
        if fill is not None:
            surface.fill(fill, rect)
        digit = look.digits[index] if index < len(look.digits) else 0
        if digit and cell < 12:
            continue  # too small to read: the thumbnail shows the layout only
        if digit:
            colour = look.digit_colours.get(index, theme.text)
            rendered = app.fonts.render(str(digit), digit_size, colour, True, exact=True)
            surface.blit(rendered, rendered.get_rect(center=rect.center))
        elif index < len(look.small) and look.small[index]:
            _draw_small(surface, app, rect, look.small[index], small_size, look)
    # The border, then the frames of outlined and selected cells on top.
    line = theme.grid_line_thick
    pygame.draw.rect(surface, line, pygame.Rect(layout.box), max(2, theme.line_weight + 1))
    frame = max(2, cell // 14)
    for index, colour in look.outlined.items():
        x, y = puzzle.white_cells[index]
        pygame.draw.rect(surface, colour, pygame.Rect(layout.cell_box(x, y)).inflate(-2, -2), frame)
    if look.selected is not None and 0 <= look.selected < len(puzzle.white_cells):
        x, y = puzzle.white_cells[look.selected]
        pygame.draw.rect(
            surface, theme.cursor, pygame.Rect(layout.cell_box(x, y)).inflate(2, 2), frame + 1
        )


def _draw_black(
    surface: pygame.Surface,
    app: App,
    puzzle: KakuroPuzzle,
    rect: pygame.Rect,
    x: int,
    y: int,
    run_at: dict[tuple[int, int, str], int],
    look: BoardLook,
    highlighted: frozenset[int],
    size: int,
) -> None:
    theme = app.theme
    block, paper, diagonal = block_colours(theme)
    surface.fill(block, rect)
    down, across = puzzle.down[y][x], puzzle.across[y][x]
    if not (down or across):
        return
    inset = max(1, rect.width // 16)
    pygame.draw.line(
        surface,
        diagonal,
        (rect.left + inset, rect.top + inset),
        (rect.right - inset - 1, rect.bottom - inset - 1),
    )
    for axis, total in (("across", across), ("down", down)):
        if not total:
            continue
        run = run_at[(x, y, axis)]
        colour = look.run_colours.get(run, paper)
        if axis == "across":
            centre = (rect.left + rect.width * 2 // 3 + 1, rect.top + rect.height // 3)
        else:
            centre = (rect.left + rect.width // 3, rect.top + rect.height * 2 // 3 + 1)
        rendered = app.fonts.render(str(total), size, colour, True, exact=True)
        area = rendered.get_rect(center=centre)
        if run in highlighted:
            pygame.draw.rect(surface, theme.accent, area.inflate(4, 2), border_radius=3)
            rendered = app.fonts.render(str(total), size, theme.accent_text, True, exact=True)
        surface.blit(rendered, area)


# A cell's small digits drawn once per (digits, cell side, size, colour): a replay shows up
# to 256 cells of candidates every frame, and nine blits a cell cost more than the frame.
_SMALL_CACHE: dict[tuple[int, int, int, Colour], pygame.Surface] = {}
_SMALL_CACHE_LIMIT = 4096


def _draw_small(
    surface: pygame.Surface,
    app: App,
    rect: pygame.Rect,
    mask: int,
    size: int,
    look: BoardLook,
) -> None:
    """Small digits in a 3x3 keypad order (1 top left, 9 bottom right)."""
    colour = look.small_colour or app.theme.text_muted
    key = (mask, rect.width, size, colour)
    marks = _SMALL_CACHE.get(key)
    if marks is None:
        if len(_SMALL_CACHE) >= _SMALL_CACHE_LIMIT:
            _SMALL_CACHE.clear()
        marks = pygame.Surface(rect.size, pygame.SRCALPHA)
        third = rect.width / 3
        for digit in digits_of(mask):
            row, column = divmod(digit - 1, 3)
            centre = (round(third * (column + 0.5)), round(third * (row + 0.5)))
            rendered = app.fonts.render(str(digit), size, colour, exact=True)
            marks.blit(rendered, rendered.get_rect(center=centre))
        _SMALL_CACHE[key] = marks
    surface.blit(marks, rect)
