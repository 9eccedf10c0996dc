"""The board on screen: the grid of cells and its two clue strips, drawn fast.

Redrawing 900 cells and 60 clues every frame would eat the frame budget, so the view keeps:

- a *grid surface* with every cell and grid line, and the board it last painted; each frame it
  compares the live board with that copy (one numpy comparison) and repaints only the cells
  that differ;
- one *clue surface* per row and per column, rendered again only when that line's look
  changes (greyed numbers, error colour, highlight);
- small pre-rendered tiles for the translucent things drawn on top each frame (drag preview,
  highlight bands, wrong-mark flashes).

The view never changes the game: the play scene sets what to show (cursor, preview, hint,
flashes, clue states) and calls :meth:`GridView.draw`.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt
import pygame

from game.core.board import Board, Cell
from game.core.palette import Palette
from game.core.play.symbols import symbol_of
from game.core.puzzle import Puzzle
from game.ui.fonts import Fonts
from game.ui.layout import BoardLayout, Box
from game.ui.theme import Colour, Theme
from game.ui.widgets.colour_marks import (
    done_clue_colours,
    draw_rim,
    ink_on,
    paint_colour_mark,
)
from game.ui.widgets.marks import draw_mark, error_frame, error_pattern
from game.ui.widgets.symbols import draw_symbol
from game.ui.widgets.win_reveal import RevealPainter

CellArray = npt.NDArray[np.int8]


@dataclass(frozen=True)
class ClueLook:
    """How one clue is drawn: which numbers are greyed, whether it is done or wrong."""

    placed: frozenset[int] = frozenset()
    complete: bool = False
    contradicted: bool = False


PLAIN = ClueLook()

# Column clue numbers stand side by side, one per cell: at least this share of a cell is kept
# free between two of them (two-digit numbers on a 30x30 board nearly touched).
COLUMN_NUMBER_GAP = 0.35
# A number too wide for that is drawn narrower, down to this share of its width, and only a
# number too wide even so is drawn smaller: height reads better than width, so two-digit
# column clues of a 30x30 on 19-22 px cells keep the digits' full height, condensed.
NARROWEST = 0.45


@dataclass(frozen=True)
class ClueMetrics:
    """What :meth:`GridView.clue_metrics` measured, in pixels (10**6: no such neighbours)."""

    font_px: int  # the clue font's size
    digit_px: int  # the smallest inked height of a clue number
    column_gap: int  # between neighbouring columns' numbers, at the same place in the stack
    stack_gap: int  # between two numbers stacked in one column
    row_gap: int  # between two numbers of one row
    squeeze: float = 1.0  # the least share of its width a condensed number's digits kept


@dataclass
class Preview:
    """A drag in progress: the cells it would change and the mark they would get."""

    cells: Sequence[tuple[int, int]]
    state: int


@dataclass
class Flash:
    """Cells blinking in the error colour after a check; ``strength`` fades 1 -> 0."""

    cells: Sequence[tuple[int, int]] = ()
    strength: float = 0.0


@dataclass
class Overlays:
    """Everything drawn over the grid that is not a mark on the board."""

    cursor: tuple[int, int] | None = None
    show_cursor: bool = True
    preview: Preview | None = None
    flash: Flash = field(default_factory=Flash)
    hint_row: int | None = None
    hint_column: int | None = None
    # 0..1 while the win animation plays (and 1 after it): crosses and lines fade away.
    reveal: float | None = None


def paint_mark(surface: pygame.Surface, box: Box | pygame.Rect, state: int, theme: Theme) -> None:
    """Paint one cell's mark into ``box`` (the cell's inner square), background included."""
    rect = pygame.Rect(box)
    surface.fill(theme.filled if state == Cell.FILLED else theme.cell_unknown, rect)
    if state not in (Cell.FILLED, Cell.UNKNOWN):
        draw_mark(surface, rect, state, theme)


def symbols_shown(palette: Palette | None, wanted: bool, theme: Theme) -> bool:
    """Whether colours carry their symbols: a puzzle with colours to tell apart, and the
    colour-blind option on or a theme that marks by shape."""
    return palette is not None and (wanted or theme.marks_by_shape)


class GridView:
    """Draws one puzzle's grid and clues with the layout it is given."""

    def __init__(self, puzzle: Puzzle, theme: Theme, fonts: Fonts, layout: BoardLayout) -> None:
        self.puzzle = puzzle
        self.theme = theme
        self.fonts = fonts
        self.layout = layout
        # A colour puzzle's palette (None in black and white), and whether each colour also
        # carries its symbol on cells and beside clue numbers (the colour-blind option; the
        # layout's ``mark`` makes room for them beside the numbers).
        self.palette = puzzle.colour_palette
        self.symbols_wanted = False
        self.overlays = Overlays()
        self.highlight_row: int | None = None
        self.highlight_column: int | None = None
        self._row_looks: list[ClueLook] = [PLAIN] * puzzle.height
        self._column_looks: list[ClueLook] = [PLAIN] * puzzle.width
        # The board as last painted on the grid surface (None: repaint everything).
        self._drawn: CellArray | None = None
        self._reveal = RevealPainter()
        self._rebuild()

    # --- configuration ---------------------------------------------------------------------

    def set_layout(self, layout: BoardLayout) -> None:
        if layout == self.layout:
            return
        if layout.geometry == self.layout.geometry:
            # Only moved (scrolled): every cached surface is relative to the grid, keep them.
            self.layout = layout
            box = layout.grid_box
            self._ox, self._oy = box.x, box.y
            return
        self.layout = layout
        self._rebuild()

    def set_theme(self, theme: Theme) -> None:
        if theme != self.theme:
            self.theme = theme
            self._rebuild()

    @property
    def symbols(self) -> bool:
        """Colours carry their symbols (:mod:`game.core.play.symbols`): the colour-blind
        option is on, or the theme marks by shape (high contrast). Clue numbers get theirs
        where the layout made room (``mark``)."""
        return symbols_shown(self.palette, self.symbols_wanted, self.theme)

    def set_symbols(self, on: bool) -> None:
        """The colour-blind option: each colour's symbol on cells and beside clue numbers."""
        if on != self.symbols_wanted:
            self.symbols_wanted = on
            self._rebuild()

    def paint(self, surface: pygame.Surface, box: Box | pygame.Rect, value: int) -> None:
        """Paint one cell value into ``box``: :func:`paint_mark`, in colour for colour."""
        if self.palette is None:
            paint_mark(surface, box, value, self.theme)
        else:
            paint_colour_mark(
                surface,
                pygame.Rect(box),
                value,
                self.theme,
                self.palette,
                self.symbols,
            )

    def set_row_look(self, y: int, look: ClueLook) -> None:
        self._row_looks[y] = look

    def set_column_look(self, x: int, look: ClueLook) -> None:
        self._column_looks[x] = look

    def row_look(self, y: int) -> ClueLook:
        return self._row_looks[y]

    def column_look(self, x: int) -> ClueLook:
        return self._column_looks[x]

    def _rebuild(self) -> None:
        layout = self.layout
        box = layout.grid_box
        # Offsets from screen pixels to grid-surface pixels.
        self._ox, self._oy = box.x, box.y
        self._grid = pygame.Surface((box.w, box.h)).convert()
        self._grid.fill(self.theme.cell_unknown)
        self._grid.set_colorkey(self.theme.cell_unknown)
        self._draw_lines(self._grid, self.theme.grid_line, self.theme.grid_line_thick)
        self._drawn = np.zeros((layout.rows, layout.columns), dtype=np.int8)
        # Rendered clues, by (line, look, highlighted): a highlight moving back and forth
        # between lines reuses them.
        self._row_cache: dict[tuple[int, ClueLook, bool], pygame.Surface] = {}
        self._column_cache: dict[tuple[int, ClueLook, bool], pygame.Surface] = {}
        # Both clue strips composed on one opaque surface each, so a frame costs two blits;
        # a line is composed again only when its look or highlight changed.
        self._row_layer = pygame.Surface(
            (max(1, layout.row_clue_width), max(1, layout.grid_height))
        ).convert()
        self._row_layer.fill(self.theme.background)
        self._column_layer = pygame.Surface(
            (max(1, layout.grid_width), max(1, layout.column_clue_height))
        ).convert()
        self._column_layer.fill(self.theme.background)
        self._row_layer_keys: list[tuple[ClueLook, bool] | None] = [None] * layout.rows
        self._column_layer_keys: list[tuple[ClueLook, bool] | None] = [None] * layout.columns
        self._column_room = max(1, layout.cell - max(3, round(layout.cell * COLUMN_NUMBER_GAP)))
        # A colour clue's number has its tile's width: the tile (the cell less two pixels of
        # background each side) keeps it apart from its neighbours. Two-digit numbers of a
        # 40x30 colour board on 16 px cells kept 48% of their width in the gap's room, 57%
        # in the tile's (QA: "two-digit clues are small").
        self._tile_room = max(self._column_room, layout.cell - 4)
        self._narrowed: dict[tuple[str, Colour, int], tuple[pygame.Surface, int]] = {}
        # How much of its width a condensed number's digits kept (1.0: not condensed).
        self._squeezes: dict[tuple[str, Colour, int], float] = {}
        self._inks: dict[int, tuple[int, int]] = {}
        self._font_px = self._fit_font_size()
        self._tiles: dict[tuple[str, int], pygame.Surface] = {}
        self._row_band = self._band(layout.grid_width, layout.cell)
        self._column_band = self._band(layout.cell, layout.grid_height)
        self._hint_row_band = self._band(layout.grid_width, layout.cell, self.theme.accent, 50)
        self._hint_column_band = self._band(layout.cell, layout.grid_height, self.theme.accent, 50)

    def _band(
        self, w: int, h: int, colour: Colour | None = None, alpha: int = 110
    ) -> pygame.Surface:
        band = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
        band.fill((*(colour or self.theme.highlight), alpha))
        return band

    def _fit_font_size(self) -> int:
        """The layout's clue font size, shrunk until the widest row numbers fit their slots
        and a digit fits a column number's slot (wide column numbers are condensed, or drawn
        smaller alone: ``_column_number``)."""
        layout = self.layout
        top = max((run for clue in self.puzzle.row_clues for run in clue), default=0)
        row_sample = "8" * len(str(top))
        size = layout.clue_font_px
        while size > 7:
            font = self.fonts.get(size, bold=True, exact=True)
            row_w, _ = font.size(row_sample)
            row_room = layout.row_slot - layout.mark - 2
            if row_w <= row_room and self._ink(size)[1] <= layout.column_slot - layout.mark - 1:
                break
            size -= 1
        return size

    def _ink(self, size: int) -> tuple[int, int]:
        """(top, height) of the digits' ink in a clue number rendered at ``size``: numbers are
        centred on their ink, not on the font's line box (which keeps room for descenders)."""
        ink = self._inks.get(size)
        if ink is None:
            box = self.fonts.render("0123456789", size, (0, 0, 0), True, exact=True)
            bounds = box.get_bounding_rect()
            ink = self._inks[size] = (bounds.y, max(1, bounds.h))
        return ink

    def _draw_lines(self, target: pygame.Surface, thin: Colour, thick: Colour) -> None:
        layout = self.layout
        ox, oy = self._ox, self._oy
        top, bottom = layout.top - 1 - oy, layout.bottom - oy
        left, right = layout.left - 1 - ox, layout.right - ox
        thick_lines: list[tuple[int, int, int, int]] = []
        for x, is_thick in layout.vertical_lines():
            rect = (x - ox - (1 if is_thick else 0), top, 2 if is_thick else 1, bottom - top + 1)
            if is_thick:
                thick_lines.append(rect)
            else:
                target.fill(thin, rect)
        for y, is_thick in layout.horizontal_lines():
            rect = (left, y - oy - (1 if is_thick else 0), right - left + 1, 2 if is_thick else 1)
            if is_thick:
                thick_lines.append(rect)
            else:
                target.fill(thin, rect)
        # Thick lines last, so they cross the thin ones cleanly.
        for rect in thick_lines:
            target.fill(thick, rect)

    # --- the grid ------------------------------------------------------------------------------

    def sync(self, board: Board) -> int:
        """Repaint the cells of the grid surface that differ from ``board``; returns how many."""
        cells = board.cells
        if self._drawn is None:
            self._drawn = np.full(cells.shape, -1, dtype=np.int8)
        changed = np.argwhere(cells != self._drawn)
        if not len(changed):
            return 0
        layout, grid = self.layout, self._grid
        ox, oy = self._ox, self._oy
        for y, x in changed.tolist():
            inner = layout.cell_inner(x, y)
            self.paint(grid, Box(inner.x - ox, inner.y - oy, inner.w, inner.h), int(cells[y, x]))
        self._drawn = cells.copy()
        return len(changed)

    # --- clues ------------------------------------------------------------------------------------

    def _clue_colour(self, look: ClueLook, index: int) -> Colour:
        if look.contradicted:
            return self.theme.clue_error
        if look.complete or index in look.placed:
            return self.theme.clue_done
        return self.theme.clue_text

    def _row_surface(self, y: int, highlighted: bool) -> pygame.Surface:
        look = self._row_looks[y]
        key = (y, look, highlighted)
        cached = self._row_cache.get(key)
        if cached is not None:
            return cached
        if len(self._row_cache) > 8 * self.layout.rows:
            self._row_cache.clear()
        layout = self.layout
        strip = layout.row_clue_box(y)
        surface = pygame.Surface((strip.w, strip.h), pygame.SRCALPHA)
        if highlighted:
            surface.fill((*self.theme.highlight, 255), (0, 1, strip.w - 1, strip.h - 1))
        clue = self.puzzle.row_clues[y]
        numbers = clue or (0,)
        mark = layout.mark
        for index, run in enumerate(numbers):
            slot = layout.row_number_box(y, index, len(numbers))
            ink = self._clue_colour(look, index)
            if self.palette is not None and clue:
                box = pygame.Rect(slot.x - strip.x, 1, slot.w, strip.h - 2)
                colour = self._run_colour("row", y, index)
                ink = self._colour_tile(surface, box, look, index, colour)
                if self.symbols and mark:
                    # The symbol in the slot's left part, the number centred in the rest.
                    square = pygame.Rect(box.x + 2, box.y, mark - 1, box.h).inflate(0, -4)
                    draw_symbol(surface, square, symbol_of(self.palette, colour), ink)
            text = self.fonts.render(str(run), self._font_px, ink, True, exact=True)
            rect = text.get_rect(centerx=slot.x - strip.x + mark + (slot.w - mark) // 2)
            rect.y = self._ink_y(self._font_px, slot.h)
            surface.blit(text, rect)
        self._row_cache[key] = surface
        return surface

    def _column_surface(self, x: int, highlighted: bool) -> pygame.Surface:
        look = self._column_looks[x]
        key = (x, look, highlighted)
        cached = self._column_cache.get(key)
        if cached is not None:
            return cached
        if len(self._column_cache) > 8 * self.layout.columns:
            self._column_cache.clear()
        layout = self.layout
        strip = layout.column_clue_box(x)
        surface = pygame.Surface((strip.w, strip.h), pygame.SRCALPHA)
        if highlighted:
            surface.fill((*self.theme.highlight, 255), (1, 0, strip.w - 1, strip.h - 1))
        clue = self.puzzle.column_clues[x]
        numbers = clue or (0,)
        tiled = self.palette is not None and bool(clue)
        room = self._tile_room if tiled else self._column_room
        for index, run in enumerate(numbers):
            slot = layout.column_number_box(x, index, len(numbers))
            ink = self._clue_colour(look, index)
            centre = slot.w // 2 + 1
            mark = layout.mark
            if tiled:
                assert self.palette is not None
                box = pygame.Rect(1, slot.y - strip.y, strip.w - 2, slot.h)
                colour = self._run_colour("column", x, index)
                ink = self._colour_tile(surface, box, look, index, colour)
                centre = box.inflate(-2, -2).centerx  # on its tile, which it may fill
                if self.symbols and mark:
                    # The symbol in the slot's top part, the number below it.
                    square = pygame.Rect(box.x, box.y + 2, box.w, mark - 1).inflate(-4, 0)
                    draw_symbol(surface, square, symbol_of(self.palette, colour), ink)
            text, size = self._column_number(str(run), ink, room)
            rect = text.get_rect(centerx=centre)
            rect.y = slot.y - strip.y + mark + self._ink_y(size, slot.h - mark)
            surface.blit(text, rect)
        self._column_cache[key] = surface
        return surface

    def _run_colour(self, axis: str, line: int, index: int) -> int:
        colours = self.puzzle.row_colours if axis == "row" else self.puzzle.column_colours
        return colours[line][index] if colours is not None else 1

    def _colour_tile(
        self, surface: pygame.Surface, box: pygame.Rect, look: ClueLook, index: int, colour: int
    ) -> Colour:
        """A colour clue number's tile, in its colour (paler when done, framed in the error
        colour when the line is contradicted); returns the ink its number is drawn in."""
        assert self.palette is not None
        rgb = self.palette.colour(colour).rgb
        done = look.complete or index in look.placed
        tile, done_ink = done_clue_colours(rgb, self.theme.background)
        if not done or look.contradicted:
            tile = rgb
        surface.fill(tile, box.inflate(-2, -2))
        if not done:
            draw_rim(surface, box.inflate(-2, -2), tile, self.theme.background)
        if look.contradicted:
            pygame.draw.rect(surface, self.theme.clue_error, box, 2)
        if done and not look.contradicted:
            return done_ink
        return ink_on(tile)

    def _ink_y(self, size: int, slot_h: int) -> int:
        """Where a number rendered at ``size`` goes (its top) for its digits' ink to sit
        centred in a slot ``slot_h`` high."""
        top, height = self._ink(size)
        return (slot_h - height + 1) // 2 - top

    def _column_number(self, text: str, colour: Colour, room: int) -> tuple[pygame.Surface, int]:
        """A column clue number and the font size it is drawn at: narrower when it is wider
        than ``room`` (where it would crowd its neighbours), and smaller only when even the
        narrowest drawing would."""
        key = (text, colour, room)
        narrowed = self._narrowed.get(key)
        if narrowed is not None:
            return narrowed
        size = self._font_px
        rendered = self.fonts.render(text, size, colour, True, exact=True)
        if rendered.get_width() <= room:
            return rendered, size
        # Only the ink is squeezed, not the room the font leaves at either side of it, so
        # the digits stay as wide as they can.
        ink = _ink_across(rendered)
        while size > 7 and ink.get_width() * NARROWEST > room:
            size -= 1
            ink = _ink_across(self.fonts.render(text, size, colour, True, exact=True))
        self._squeezes[key] = min(1.0, room / ink.get_width())
        if ink.get_width() > room:
            ink = pygame.transform.smoothscale(ink.convert_alpha(), (room, ink.get_height()))
        self._narrowed[key] = (ink, size)
        return ink, size

    # --- measuring ------------------------------------------------------------------------------

    def clue_metrics(self) -> ClueMetrics:
        """How readable the clues are as drawn: the smallest digit's inked height and the
        smallest gaps between the inks of neighbouring numbers (column numbers side by side in
        neighbouring columns, stacked in one column; row numbers side by side). Read from the
        very surfaces the strips blit (issue 35: 'two-digit column clues touch')."""
        layout = self.layout
        colour = self.theme.clue_text
        heights: list[int] = []
        squeeze = 1.0
        # Column numbers: x extents of each number's ink on screen, by place from the bottom.
        inks: list[list[tuple[int, int]]] = []
        stacked = 10**6
        for x, clue in enumerate(self.puzzle.column_clues):
            numbers = clue or (0,)
            places: list[tuple[int, int]] = []
            tiled = self.palette is not None and bool(clue)
            room = self._tile_room if tiled else self._column_room
            # Where _column_surface centres a number: on its tile, in colour.
            centre = 2 + (layout.cell - 4) // 2 if tiled else layout.cell // 2 + 1
            for index, run in enumerate(numbers):
                text, _size = self._column_number(str(run), colour, room)
                squeeze = min(squeeze, self._squeezes.get((str(run), colour, room), 1.0))
                bounds = text.get_bounding_rect()
                heights.append(bounds.h)
                slot = layout.column_number_box(x, index, len(numbers))
                left = slot.x + centre - text.get_width() // 2 + bounds.x
                places.append((left, left + bounds.w))
            inks.append(places[::-1])
            if len(numbers) > 1:
                _top, ink_h = self._ink(self._font_px)
                stacked = min(stacked, layout.column_slot - ink_h)
        across = 10**6
        for here, there in itertools.pairwise(inks):
            for (_, right), (left, _) in zip(here, there, strict=False):
                across = min(across, left - right)
        beside = 10**6
        for y, clue in enumerate(self.puzzle.row_clues):
            numbers = clue or (0,)
            spans = []
            for index, run in enumerate(numbers):
                text = self.fonts.render(str(run), self._font_px, colour, True, exact=True)
                bounds = text.get_bounding_rect()
                heights.append(bounds.h)
                slot = layout.row_number_box(y, index, len(numbers))
                centre = slot.x + layout.mark + (slot.w - layout.mark) // 2
                left = centre - text.get_width() // 2 + bounds.x
                spans.append((left, left + bounds.w))
            for (_, right), (left, _) in itertools.pairwise(spans):
                beside = min(beside, left - right)
        return ClueMetrics(
            font_px=self._font_px,
            digit_px=min(heights, default=0),
            column_gap=across,
            stack_gap=stacked,
            row_gap=beside,
            squeeze=squeeze,
        )

    # --- drawing ---------------------------------------------------------------------------------

    def _tile(self, kind: str, state: int) -> pygame.Surface:
        """A translucent cell-sized tile: a previewed mark, or a flash's stripes."""
        key = (kind, state)
        tile = self._tiles.get(key)
        if tile is None:
            side = max(1, self.layout.cell - 1)
            if kind == "preview":
                tile = pygame.Surface((side, side)).convert()
                self.paint(tile, Box(0, 0, side, side), state)
                tile.set_alpha(150 if state != Cell.UNKNOWN else 210)
            else:
                # Stripes, not a fill: a flash in a colour read as a puzzle's colour.
                tile = error_pattern(side, self.theme.error).convert()
            self._tiles[key] = tile
        return tile

    def _compose_clues(self, highlight_row: int | None, highlight_column: int | None) -> None:
        cell = self.layout.cell
        background = self.theme.background
        row_width = self._row_layer.get_width()
        for y, look in enumerate(self._row_looks):
            key = (look, y == highlight_row)
            if self._row_layer_keys[y] != key:
                self._row_layer.fill(background, (0, y * cell, row_width, cell))
                self._row_layer.blit(self._row_surface(y, key[1]), (0, y * cell))
                self._row_layer_keys[y] = key
        column_height = self._column_layer.get_height()
        for x, look in enumerate(self._column_looks):
            key = (look, x == highlight_column)
            if self._column_layer_keys[x] != key:
                self._column_layer.fill(background, (x * cell, 0, cell, column_height))
                self._column_layer.blit(self._column_surface(x, key[1]), (x * cell, 0))
                self._column_layer_keys[x] = key

    def draw(self, surface: pygame.Surface, board: Board) -> None:
        layout = self.layout
        overlays = self.overlays
        revealing = overlays.reveal is not None
        highlight_row = None if revealing else self.highlight_row
        highlight_column = None if revealing else self.highlight_column
        self._compose_clues(highlight_row, highlight_column)
        old_clip = surface.get_clip()
        # Clues and cells each draw inside their own part of the view: a scrolled board
        # slides under the pinned clue strips instead of over them.
        surface.set_clip(pygame.Rect(layout.row_strip_view()).clip(old_clip))
        surface.blit(self._row_layer, (layout.strip_x, layout.top))
        surface.set_clip(pygame.Rect(layout.column_strip_view()).clip(old_clip))
        surface.blit(self._column_layer, (layout.left, layout.strip_y))
        surface.set_clip(pygame.Rect(layout.cells_view).clip(old_clip))
        try:
            self.sync(board)
            if overlays.reveal is not None:
                self._draw_reveal(surface, board, overlays.reveal)
            else:
                self._draw_cells(surface, highlight_row, highlight_column)
        finally:
            surface.set_clip(old_clip)

    def _draw_cells(
        self, surface: pygame.Surface, highlight_row: int | None, highlight_column: int | None
    ) -> None:
        layout = self.layout
        overlays = self.overlays
        # Bands go under the grid surface, whose paper colour is see-through: they tint the
        # empty cells of the line and leave every mark its true colour.
        surface.fill(
            self.theme.cell_unknown,
            (layout.left, layout.top, layout.grid_width, layout.grid_height),
        )
        if overlays.hint_row is not None:
            surface.blit(self._hint_row_band, layout.cell_box(0, overlays.hint_row)[:2])
        if overlays.hint_column is not None:
            surface.blit(self._hint_column_band, layout.cell_box(overlays.hint_column, 0)[:2])
        if highlight_row is not None:
            surface.blit(self._row_band, layout.cell_box(0, highlight_row)[:2])
        if highlight_column is not None:
            surface.blit(self._column_band, layout.cell_box(highlight_column, 0)[:2])
        surface.blit(self._grid, (self._ox, self._oy))

        if overlays.preview is not None:
            tile = self._tile("preview", int(overlays.preview.state))
            for x, y in overlays.preview.cells:
                inner = layout.cell_inner(x, y)
                surface.blit(tile, (inner.x, inner.y), (0, 0, inner.w, inner.h))

        flash = overlays.flash
        if flash.cells and flash.strength > 0:
            tile = self._tile("flash", 0)
            tile.set_alpha(round(255 * min(1.0, flash.strength)))
            for x, y in flash.cells:
                inner = layout.cell_inner(x, y)
                surface.blit(tile, (inner.x, inner.y), (0, 0, inner.w, inner.h))
            width = max(2, layout.cell // 10)
            for x, y in flash.cells:
                frame = pygame.Rect(layout.cell_box(x, y).inset(-1))
                error_frame(surface, frame, self.theme.error, width)

        if overlays.show_cursor and overlays.cursor is not None:
            cx, cy = overlays.cursor
            box = layout.cell_box(cx, cy)
            width = max(2, layout.cell // 12)
            pygame.draw.rect(surface, self.theme.cursor, box.inset(-1) if width > 2 else box, width)

    # --- the win reveal --------------------------------------------------------------------------

    def _draw_reveal(self, surface: pygame.Surface, board: Board, progress: float) -> None:
        # The cells settle in a wave, crosses and lines fade (``win_reveal``).
        self._reveal.draw(surface, self.layout, self.theme, board, progress, self.palette)


def changed_lines(before: CellArray, after: CellArray) -> tuple[list[int], list[int]]:
    """The rows and the columns in which two boards differ."""
    if before.shape != after.shape:
        return list(range(after.shape[0])), list(range(after.shape[1]))
    diff = before != after
    rows = np.flatnonzero(diff.any(axis=1)).tolist()
    columns = np.flatnonzero(diff.any(axis=0)).tolist()
    return rows, columns


def _ink_across(text: pygame.Surface) -> pygame.Surface:
    """``text`` without the empty columns at its sides (its full height kept)."""
    bounds = text.get_bounding_rect()
    return text.subsurface((bounds.x, 0, max(1, bounds.w), text.get_height())).copy()
