"""Pixel <-> cell maths for the play screen, with no pygame in it so it is tested bare.

The board is a grid of square cells with the row clues in a strip on its left and the column
clues in a strip above it. Every number of a clue sits in its own slot, so a strip is as wide
(or tall) as its longest clue. Cell ``x`` of the grid covers the pixels
``left + x * cell`` to ``left + (x + 1) * cell - 1``; the grid line before it is the first of
those pixels, and every fifth line (and the border) is thicker, reaching one pixel further
back into the previous cell. Drawing code asks this module where things are; input code asks
it which cell a pointer is over. Both read the same numbers, so what you see is what you hit.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from game.core.solver.steps import CellPosition

THICK_EVERY = 5
# Largest and smallest cell side in pixels: huge cells on a 5x5 look like a toy, and below
# six pixels nobody can aim at a cell any more.
MAX_CELL = 72
MIN_CELL = 6
# A clue number's slot, as a fraction of the cell side. Row clues sit side by side, so their
# slot widens with the number of digits; column clues are stacked, so only the height counts.
ROW_SLOT_BY_DIGITS = {1: 0.72, 2: 1.08, 3: 1.5}
COLUMN_SLOT = 0.74
# Space between a clue strip and the grid, as a fraction of the cell side.
CLUE_GAP = 0.3
# Clue numbers are what a player reads most: their digits are drawn at least CLUE_INK_PX
# high (a 30x30 at 1280x800 had 19-20 px cells and digits 9-10 px high), capped so that a
# digit keeps two pixels of the cell free above and below, and the clue strips widen to hold
# them rather than the cells shrinking. Below FLOOR_FROM_CELL the clues simply scale with the
# cell. DIGIT_HEIGHT is a digit's inked height as a share of the font size (DejaVu Sans Bold,
# measured: 14 px at 19, 15 px at 20), CLUE_FLOOR_PX the font size for CLUE_INK_PX.
CLUE_INK_PX = 14
DIGIT_HEIGHT = 0.74
CLUE_FLOOR_PX = 19
FLOOR_FROM_CELL = 10
# Stacked column numbers keep this many pixels between one's digits and the next one's.
STACK_GAP = 3
# A bold clue digit's advance is at most this share of its font size (DejaVu Sans Bold); a
# slot adds room for the gap between two numbers.
DIGIT_ADVANCE = 0.72
SLOT_PADDING = 4
# Colour-blind symbols stand beside each clue number (left of a row's, above a column's), in
# a square of this share of the cell (at least MARK_PX): the slot grows by it, so a symbol
# never covers a digit (issue 48: a letter over "10" read "1θ" on a 40x30).
MARK_SHARE = 0.5
MARK_PX = 7


class Box(NamedTuple):
    """A pixel rectangle; pygame takes it wherever it takes a Rect."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def centre(self) -> tuple[int, int]:
        return (self.x + self.w // 2, self.y + self.h // 2)

    def contains(self, px: int, py: int) -> bool:
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h

    def inset(self, amount: int) -> Box:
        return Box(
            self.x + amount,
            self.y + amount,
            max(0, self.w - 2 * amount),
            max(0, self.h - 2 * amount),
        )


def row_slot_factor(digits: int) -> float:
    """Width of one row-clue slot for numbers of ``digits`` digits, in cell sides."""
    return ROW_SLOT_BY_DIGITS.get(digits, 0.42 * digits + 0.25)


def mark_room(cell: int, marks: bool) -> int:
    """The side of the square beside each clue number for its colour-blind symbol (0: none)."""
    return max(MARK_PX, round(cell * MARK_SHARE)) if marks else 0


def clue_slots(cell: int, row_digits: int, marks: bool = False) -> tuple[int, int]:
    """(row slot width, column slot height) in pixels for cells of ``cell`` pixels: shares of
    the cell, widened to hold numbers ``clue_floor(cell)`` high, and with ``marks`` a
    symbol's square beside each number."""
    row_slot = max(1, round(cell * row_slot_factor(row_digits)))
    column_slot = max(1, round(cell * COLUMN_SLOT))
    floor = clue_floor(cell)
    if floor:
        row_slot = max(row_slot, math.ceil(row_digits * DIGIT_ADVANCE * floor) + SLOT_PADDING)
        column_slot = max(column_slot, digit_height(floor) + STACK_GAP)
    mark = mark_room(cell, marks)
    return row_slot + mark, column_slot + mark


def digit_height(font_px: int) -> int:
    """The inked height of a clue digit drawn at ``font_px`` (see ``DIGIT_HEIGHT``)."""
    return round(font_px * DIGIT_HEIGHT)


def clue_floor(cell: int) -> int:
    """The smallest clue font, in pixels, for cells of ``cell`` pixels (0: no floor): digits
    ``CLUE_INK_PX`` high where the cell has room for them and two pixels each side."""
    if cell < FLOOR_FROM_CELL:
        return 0
    return min(CLUE_FLOOR_PX, int((cell - 4) / DIGIT_HEIGHT))


def clue_runs(clues: Sequence[Sequence[int]]) -> int:
    """The most numbers any clue shows (an empty clue still shows its "0")."""
    return max((max(1, len(clue)) for clue in clues), default=1)


def clue_digits(clues: Sequence[Sequence[int]]) -> int:
    """The most digits any number of these clues has."""
    return max((len(str(run)) for clue in clues for run in clue), default=1)


@dataclass(frozen=True)
class BoardLayout:
    """Where the grid and its clue strips are, for one puzzle size in one area.

    When the board is larger than its area (a big puzzle, or zoomed in) it scrolls under its
    clue strips, which stay pinned to the area's left and top edges: ``row_clue_x`` and
    ``column_clue_y`` say where the strips are, ``scroll`` how far the board has moved and
    ``scroll_limit`` how far it can. ``view`` is the area; ``cells_view`` the part of it where
    cells show.
    """

    columns: int
    rows: int
    cell: int
    left: int
    top: int
    row_slot: int
    column_slot: int
    row_runs: int
    column_runs: int
    gap: int
    view: Box | None = None
    row_clue_x: int | None = None
    column_clue_y: int | None = None
    scroll: tuple[int, int] = (0, 0)
    scroll_limit: tuple[int, int] = (0, 0)
    # The side of each clue number's colour-blind symbol square (0: no symbols): the row
    # slot's left part, the column slot's top part; the number has the rest.
    mark: int = 0

    @property
    def geometry(self) -> tuple[int, ...]:
        """Everything but the position: two layouts with the same geometry draw the same."""
        return (
            self.columns,
            self.rows,
            self.cell,
            self.row_slot,
            self.column_slot,
            self.row_runs,
            self.column_runs,
            self.gap,
            self.mark,
        )

    @property
    def scrollable(self) -> bool:
        return self.scroll_limit != (0, 0)

    @property
    def strip_x(self) -> int:
        """Left edge of the row clue strip (pinned when the board scrolls across)."""
        return self.left - self.row_clue_width if self.row_clue_x is None else self.row_clue_x

    @property
    def strip_y(self) -> int:
        """Top edge of the column clue strip (pinned when the board scrolls down)."""
        if self.column_clue_y is None:
            return self.top - self.column_clue_height
        return self.column_clue_y

    @property
    def cells_view(self) -> Box:
        """Where cells may show: right of the row clue numbers and below the column ones."""
        x = self.strip_x + self.row_runs * self.row_slot
        y = self.strip_y + self.column_runs * self.column_slot
        view = self.view
        right = view.right if view is not None else self.right + 1
        bottom = view.bottom if view is not None else self.bottom + 1
        return Box(x, y, max(0, right - x), max(0, bottom - y))

    @property
    def visible_box(self) -> Box:
        """The part of ``outer_box`` inside the view."""
        outer = self.outer_box
        if self.view is None:
            return outer
        return intersect(outer, self.view)

    # --- the grid -----------------------------------------------------------------------

    @property
    def grid_width(self) -> int:
        return self.columns * self.cell

    @property
    def grid_height(self) -> int:
        return self.rows * self.cell

    @property
    def grid_box(self) -> Box:
        """The cells plus the border line around them (one pixel outside on each side)."""
        return Box(self.left - 1, self.top - 1, self.grid_width + 2, self.grid_height + 2)

    @property
    def row_clue_width(self) -> int:
        return self.row_runs * self.row_slot + self.gap

    @property
    def column_clue_height(self) -> int:
        return self.column_runs * self.column_slot + self.gap

    @property
    def outer_box(self) -> Box:
        """Everything: the grid, its border and both clue strips."""
        x = self.left - self.row_clue_width
        y = self.top - self.column_clue_height
        return Box(x, y, self.right + 1 - x, self.bottom + 1 - y)

    @property
    def right(self) -> int:
        return self.left + self.grid_width

    @property
    def bottom(self) -> int:
        return self.top + self.grid_height

    def cell_box(self, x: int, y: int) -> Box:
        """The whole square of cell (x, y), its leading grid line included."""
        return Box(self.left + x * self.cell, self.top + y * self.cell, self.cell, self.cell)

    def cell_inner(self, x: int, y: int) -> Box:
        """The part of cell (x, y) that no grid line covers: where its mark is painted."""
        width = self.cell - (2 if is_thick(x + 1, self.columns) else 1)
        height = self.cell - (2 if is_thick(y + 1, self.rows) else 1)
        return Box(self.left + x * self.cell + 1, self.top + y * self.cell + 1, width, height)

    def vertical_lines(self) -> Iterator[tuple[int, bool]]:
        """(pixel x, thick) of every vertical grid line, left to right."""
        for k in range(self.columns + 1):
            yield self.left + k * self.cell, is_thick(k, self.columns)

    def horizontal_lines(self) -> Iterator[tuple[int, bool]]:
        """(pixel y, thick) of every horizontal grid line, top to bottom."""
        for k in range(self.rows + 1):
            yield self.top + k * self.cell, is_thick(k, self.rows)

    # --- clues ----------------------------------------------------------------------------

    def row_clue_box(self, y: int) -> Box:
        """The strip left of row y that holds its clue."""
        return Box(self.strip_x, self.top + y * self.cell, self.row_clue_width, self.cell)

    def column_clue_box(self, x: int) -> Box:
        """The strip above column x that holds its clue."""
        return Box(self.left + x * self.cell, self.strip_y, self.cell, self.column_clue_height)

    def row_number_box(self, y: int, index: int, count: int) -> Box:
        """Slot of number ``index`` of the ``count`` numbers of row y's clue, right-aligned."""
        x = self.strip_x + self.row_clue_width - self.gap - (count - index) * self.row_slot
        return Box(x, self.top + y * self.cell, self.row_slot, self.cell)

    def column_number_box(self, x: int, index: int, count: int) -> Box:
        """Slot of number ``index`` of the ``count`` numbers of column x's clue, bottom-aligned."""
        y = self.strip_y + self.column_clue_height - self.gap - (count - index) * self.column_slot
        return Box(self.left + x * self.cell, y, self.cell, self.column_slot)

    def row_strip_view(self) -> Box:
        """Where row clues show: the pinned strip, beside the rows in view."""
        cells = self.cells_view
        return Box(self.strip_x, cells.y, self.row_runs * self.row_slot, cells.h)

    def column_strip_view(self) -> Box:
        """Where column clues show: the pinned strip, above the columns in view."""
        cells = self.cells_view
        return Box(cells.x, self.strip_y, cells.w, self.column_runs * self.column_slot)

    @property
    def clue_font_px(self) -> int:
        """A clue font size that fits the slots: the caller may shrink it to its font's metrics.
        Never below ``CLUE_FLOOR_PX`` on cells big enough for it (``clue_slots`` made room)."""
        size = max(7, min(int(self.cell * 0.64), int((self.column_slot - self.mark) * 0.95)))
        return max(size, clue_floor(self.cell))

    # --- hit testing -------------------------------------------------------------------------

    def cell_at(self, pos: tuple[int, int]) -> CellPosition | None:
        """The cell under pixel ``pos``, or None outside the grid (or under a clue strip)."""
        px, py = pos
        if not self.cells_view.contains(px, py):
            return None
        dx, dy = px - self.left, py - self.top
        if 0 <= dx < self.grid_width and 0 <= dy < self.grid_height:
            return dx // self.cell, dy // self.cell
        return None

    def cell_at_clamped(self, pos: tuple[int, int]) -> CellPosition:
        """The cell under ``pos``, or the nearest edge cell when the pointer left the grid."""
        px, py = pos
        x = min(max((px - self.left) // self.cell, 0), self.columns - 1)
        y = min(max((py - self.top) // self.cell, 0), self.rows - 1)
        return x, y

    def row_clue_at(self, pos: tuple[int, int]) -> int | None:
        """The row whose clue strip is under ``pos``, or None."""
        px, py = pos
        strip_x = self.strip_x
        if (
            strip_x <= px < strip_x + self.row_clue_width
            and self.top <= py < self.bottom
            and self.cells_view.y <= py
        ):
            return (py - self.top) // self.cell
        return None

    def column_clue_at(self, pos: tuple[int, int]) -> int | None:
        """The column whose clue strip is under ``pos``, or None."""
        px, py = pos
        strip_y = self.strip_y
        if (
            strip_y <= py < strip_y + self.column_clue_height
            and self.left <= px < self.right
            and self.cells_view.x <= px
        ):
            return (px - self.left) // self.cell
        return None

    def scrolled_to_show(self, x: int, y: int) -> tuple[int, int]:
        """The scroll that brings cell (x, y) into view with a cell of margin (or the
        current scroll when it already shows)."""
        view = self.cells_view
        sx, sy = self.scroll
        box = self.cell_box(x, y)
        margin = self.cell
        if box.x - margin < view.x + self.gap:
            sx -= view.x + self.gap - (box.x - margin)
        elif box.right + margin > view.right:
            sx += box.right + margin - view.right
        if box.y - margin < view.y + self.gap:
            sy -= view.y + self.gap - (box.y - margin)
        elif box.bottom + margin > view.bottom:
            sy += box.bottom + margin - view.bottom
        return (
            max(0, min(self.scroll_limit[0], sx)),
            max(0, min(self.scroll_limit[1], sy)),
        )


def is_thick(boundary: int, count: int) -> bool:
    """Whether grid line number ``boundary`` (0..count) is drawn thick: borders, every fifth."""
    return boundary in (0, count) or boundary % THICK_EVERY == 0


def intersect(a: Box, b: Box) -> Box:
    """The overlap of two boxes (empty, at a's corner, when they do not meet)."""
    x, y = max(a.x, b.x), max(a.y, b.y)
    right, bottom = min(a.right, b.right), min(a.bottom, b.bottom)
    if right <= x or bottom <= y:
        return Box(a.x, a.y, 0, 0)
    return Box(x, y, right - x, bottom - y)


def fit_cell(
    area: Box,
    columns: int,
    rows: int,
    row_clues: Sequence[Sequence[int]],
    column_clues: Sequence[Sequence[int]],
    *,
    max_cell: int = MAX_CELL,
    min_cell: int = MIN_CELL,
    marks: bool = False,
) -> int:
    """The largest cell side at which the grid and its clues fit in ``area`` (``marks``:
    with colour-blind symbols beside the clue numbers)."""
    mark = MARK_SHARE if marks else 0.0
    across = (
        columns + clue_runs(row_clues) * (row_slot_factor(clue_digits(row_clues)) + mark) + CLUE_GAP
    )
    down = rows + clue_runs(column_clues) * (COLUMN_SLOT + mark) + CLUE_GAP
    # Three pixels for the border lines. That is exact for slots that are shares of the cell;
    # slots widened for readable clues (``clue_slots``) may need a smaller cell still.
    cell = max(min_cell, min(max_cell, int(min((area.w - 3) / across, (area.h - 3) / down))))
    while cell > min_cell:
        width, height = board_extent(cell, columns, rows, row_clues, column_clues, marks)
        if width + 1 <= area.w and height + 1 <= area.h:
            break
        cell -= 1
    return cell


def board_extent(
    cell: int,
    columns: int,
    rows: int,
    row_clues: Sequence[Sequence[int]],
    column_clues: Sequence[Sequence[int]],
    marks: bool = False,
) -> tuple[int, int]:
    """The pixels the grid, its border and both clue strips take with cells of ``cell``."""
    row_slot, column_slot = clue_slots(cell, clue_digits(row_clues), marks)
    gap = max(2, round(cell * CLUE_GAP))
    width = clue_runs(row_clues) * row_slot + gap + columns * cell + 1
    height = clue_runs(column_clues) * column_slot + gap + rows * cell + 1
    return width, height


def compute_board_layout(
    area: Box,
    columns: int,
    rows: int,
    row_clues: Sequence[Sequence[int]],
    column_clues: Sequence[Sequence[int]],
    *,
    max_cell: int = MAX_CELL,
    min_cell: int = MIN_CELL,
    cell: int | None = None,
    scroll: tuple[int, int] = (0, 0),
    marks: bool = False,
) -> BoardLayout:
    """The grid and its clue strips in ``area``: by default with the largest cells that fit,
    centred. With ``cell`` given (zoom) the board may be larger than the area; then it
    scrolls by ``scroll`` pixels (clamped) under clue strips pinned to the area's edges."""
    row_runs = clue_runs(row_clues)
    column_runs = clue_runs(column_clues)
    if cell is None:
        cell = fit_cell(
            area,
            columns,
            rows,
            row_clues,
            column_clues,
            max_cell=max_cell,
            min_cell=min_cell,
            marks=marks,
        )
    cell = max(MIN_CELL, cell)
    row_slot, column_slot = clue_slots(cell, clue_digits(row_clues), marks)
    gap = max(2, round(cell * CLUE_GAP))
    strip_w = row_runs * row_slot + gap
    strip_h = column_runs * column_slot + gap
    total_w = strip_w + columns * cell + 1
    total_h = strip_h + rows * cell + 1
    # Each axis either fits (centred) or scrolls under its pinned clue strip.
    limit_x = max(0, total_w + 1 - area.w)
    limit_y = max(0, total_h + 1 - area.h)
    scroll_x = max(0, min(limit_x, scroll[0]))
    scroll_y = max(0, min(limit_y, scroll[1]))
    strip_x = area.x + (area.w - total_w) // 2 if not limit_x else area.x
    strip_y = area.y + (area.h - total_h) // 2 if not limit_y else area.y
    return BoardLayout(
        columns=columns,
        rows=rows,
        cell=cell,
        left=strip_x + strip_w - scroll_x,
        top=strip_y + strip_h - scroll_y,
        row_slot=row_slot,
        column_slot=column_slot,
        row_runs=row_runs,
        column_runs=column_runs,
        gap=gap,
        view=area,
        row_clue_x=strip_x,
        column_clue_y=strip_y,
        scroll=(scroll_x, scroll_y),
        scroll_limit=(limit_x, limit_y),
        mark=mark_room(cell, marks),
    )


# --- the whole screen ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayRegions:
    """How the play screen splits the window: a top bar, the board, the tool rail beside it
    (panel, zoom and pan buttons), a side panel and a help line. With the panel collapsed the
    panel and the help line have no size and the board takes their room."""

    top_bar: Box
    board_area: Box
    side_panel: Box
    help_line: Box
    scale: float
    tool_rail: Box

    @property
    def padding(self) -> int:
        return max(6, round(12 * self.scale))

    @property
    def panel_shown(self) -> bool:
        return self.side_panel.w > 0 and self.side_panel.h > 0

    @property
    def panel_below(self) -> bool:
        """The panel lies under the board (a portrait window), wider than it is tall."""
        return self.side_panel.w > self.side_panel.h > 0


def compute_play_regions(
    width: int, height: int, panel: bool = True, share: float = 1.0
) -> PlayRegions:
    """Regions for a window of ``width`` x ``height``; sizes grow with the window (up to a 4K
    screen's), times ``share``, the interface size chosen. ``panel`` False: the side panel
    and the help line give way to the board."""
    portrait = height > width
    across, down = (800, 1280) if portrait else (1280, 800)
    scale = max(0.75, min(3.0, min(width / across, height / down) * share))
    pad = max(6, round(12 * scale))
    top_h = round(54 * scale)
    help_h = round(30 * scale) if panel else 0
    rail_w = round(40 * scale)
    top_bar = Box(0, 0, width, top_h)
    help_line = Box(0, height - help_h, width if panel else 0, help_h)
    middle_h = max(0, height - top_h - help_h)
    if portrait:
        # Upright: the panel goes under the board, the full width, and the rail beside it.
        panel_h = min(round(height * 0.34), round(440 * scale)) if panel else 0
        side_panel = Box(0, height - help_h - panel_h, width if panel else 0, panel_h)
        board_h = max(1, side_panel.y - top_h - 2 * pad)
        rail = Box(width - pad - rail_w, top_h + pad, rail_w, board_h)
        board_area = Box(pad, top_h + pad, max(1, rail.x - 2 * pad), board_h)
        return PlayRegions(top_bar, board_area, side_panel, help_line, scale, rail)
    panel_w = max(190, min(round(width * 0.24), round(300 * scale))) if panel else 0
    side_panel = Box(width - panel_w, top_h, panel_w, middle_h)
    rail = Box(side_panel.x - pad - rail_w, top_h + pad, rail_w, max(1, middle_h - 2 * pad))
    board_area = Box(
        pad,
        top_h + pad,
        max(1, rail.x - 2 * pad),
        max(1, middle_h - 2 * pad),
    )
    return PlayRegions(top_bar, board_area, side_panel, help_line, scale, rail)


def fit_picture(container: Box, columns: int, rows: int) -> tuple[Box, int]:
    """The largest whole-pixels-per-cell picture of ``columns`` x ``rows`` cells centred in
    ``container`` (for the mini-map), and its pixels per cell (at least 1)."""
    per_cell = max(1, min(container.w // max(1, columns), container.h // max(1, rows)))
    w, h = columns * per_cell, rows * per_cell
    return Box(
        container.x + (container.w - w) // 2, container.y + (container.h - h) // 2, w, h
    ), per_cell
