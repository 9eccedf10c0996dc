"""Where the play screen's board sits: the cell size (fitted to the area, or zoomed in) and
the scroll over a board too big for its area. Pixels only; the scene asks it for a layout."""

from __future__ import annotations

from game.core.puzzle import Puzzle
from game.ui.layout import (
    MAX_CELL,
    BoardLayout,
    Box,
    PlayRegions,
    compute_board_layout,
    fit_cell,
)

ZOOM_STEP = 1.25  # each zoom step grows or shrinks a cell by this factor (at least a pixel)
# A drag that reaches the edge of the cells in view scrolls the board: from this many pixels
# inside the edge (or a cell, if larger), faster the deeper, at most EDGE_SPEED beyond it.
EDGE_ZONE = 28
EDGE_SPEED = 700.0  # pixels a second


def edge_velocity(pos: tuple[int, int], view: Box, zone: int) -> tuple[float, float]:
    """How fast (pixels a second, each axis) a drag held at ``pos`` scrolls a board whose cells
    show in ``view``: nothing in the middle, up to ``EDGE_SPEED`` at and beyond an edge."""

    def axis(at: int, low: int, high: int) -> float:
        if at < low + zone:
            return -EDGE_SPEED * min(1.0, (low + zone - at) / zone)
        if at >= high - zone:
            return EDGE_SPEED * min(1.0, (at - (high - zone) + 1) / zone)
        return 0.0

    if view.w <= 2 * zone or view.h <= 2 * zone:
        zone = max(1, min(view.w, view.h) // 4)
    return axis(pos[0], view.x, view.right), axis(pos[1], view.y, view.bottom)


class BoardViewport:
    """The board's layout in the play screen's board area, with zoom and scroll."""

    def __init__(self, puzzle: Puzzle, regions: PlayRegions) -> None:
        self.puzzle = puzzle
        self.regions = regions
        self.zoom_cell: int | None = None  # None: the whole board fits the view
        self.marks = False  # room for colour-blind symbols beside the clue numbers
        self.scroll = (0, 0)
        self._carry = (0.0, 0.0)  # edge scrolling's fractions of a pixel, kept for next time
        self.layout = self._compute()

    def edge_scroll(self, pos: tuple[int, int], dt: float) -> bool:
        """A drag is held at ``pos`` for ``dt`` seconds: scroll when it is at an edge of the
        cells in view; True when the view moved."""
        vx, vy = self._edge_velocity(pos)
        if not (vx or vy):
            self._carry = (0.0, 0.0)
            return False
        fx, fy = self._carry[0] + vx * dt, self._carry[1] + vy * dt
        dx, dy = int(fx), int(fy)
        self._carry = (fx - dx, fy - dy)
        return bool(dx or dy) and self.scroll_by(dx, dy)

    def at_edge(self, pos: tuple[int, int]) -> bool:
        """Whether a drag held at ``pos`` scrolls the view (so it needs frames)."""
        return self._edge_velocity(pos) != (0.0, 0.0)

    def _edge_velocity(self, pos: tuple[int, int]) -> tuple[float, float]:
        """``edge_velocity`` for this view, without the directions it cannot scroll in."""
        if not self.layout.scrollable:
            return 0.0, 0.0
        zone = max(EDGE_ZONE, self.layout.cell)
        vx, vy = edge_velocity(pos, self.layout.cells_view, zone)
        if not self.can_scroll(_sign(vx), 0):
            vx = 0.0
        if not self.can_scroll(0, _sign(vy)):
            vy = 0.0
        return vx, vy

    def set_regions(self, regions: PlayRegions) -> None:
        self.regions = regions
        self.layout = self._compute()

    def set_marks(self, marks: bool) -> bool:
        """Make room beside the clue numbers for colour-blind symbols (or not); True when
        the layout changed."""
        if marks == self.marks:
            return False
        self.marks = marks
        self.layout = self._compute()
        return True

    @property
    def max_cell(self) -> int:
        # Big windows get big cells: a 5x5 on a full-HD screen should not look lost.
        return round(MAX_CELL * max(1.0, self.regions.scale))

    def fit_cell(self) -> int:
        """The cell size at which the whole board fits the area."""
        puzzle = self.puzzle
        return fit_cell(
            self.regions.board_area,
            puzzle.width,
            puzzle.height,
            puzzle.row_clues,
            puzzle.column_clues,
            max_cell=self.max_cell,
            marks=self.marks,
        )

    def _compute(
        self, cell: int | None = None, scroll: tuple[int, int] | None = None
    ) -> BoardLayout:
        if cell is None and self.zoom_cell is not None and self.zoom_cell > self.fit_cell():
            cell = self.zoom_cell
        puzzle = self.puzzle
        layout = compute_board_layout(
            self.regions.board_area,
            puzzle.width,
            puzzle.height,
            puzzle.row_clues,
            puzzle.column_clues,
            max_cell=self.max_cell,
            cell=cell,
            scroll=self.scroll if scroll is None else scroll,
            marks=self.marks,
        )
        self.scroll = layout.scroll
        return layout

    @property
    def biggest_cell(self) -> int:
        return max(self.fit_cell(), self.max_cell * 2)

    def can_zoom(self, steps: int) -> bool:
        """Whether zooming in (steps > 0) or out would change anything."""
        cell = self.layout.cell
        return cell < self.biggest_cell if steps > 0 else cell > self.fit_cell()

    def can_scroll(self, dx: int, dy: int) -> bool:
        """Whether the view can move in direction (dx, dy) (signs only)."""
        sx, sy = self.layout.scroll
        lx, ly = self.layout.scroll_limit
        return (dx < 0 < sx) or (dx > 0 and sx < lx) or (dy < 0 < sy) or (dy > 0 and sy < ly)

    def zoom(self, steps: int, anchor: tuple[int, int]) -> bool:
        """Zoom in (steps > 0) or out, keeping the point at ``anchor`` where it is; True when
        the cell size changed. Zooming out never goes below the size at which it all fits."""
        fit = self.fit_cell()
        current = self.layout.cell
        cell = current
        for _ in range(abs(steps)):
            cell = (
                max(cell + 1, round(cell * ZOOM_STEP))
                if steps > 0
                else min(cell - 1, round(cell / ZOOM_STEP))
            )
        cell = max(fit, min(self.biggest_cell, cell))
        if cell == current:
            return False
        old = self.layout
        # Where the anchor is, in cells; after the zoom the same spot stays under it.
        fx = (anchor[0] - old.left) / old.cell
        fy = (anchor[1] - old.top) / old.cell
        self.zoom_cell = None if cell <= fit else cell
        unscrolled = self._compute(cell=cell, scroll=(0, 0))
        want_left = anchor[0] - fx * cell
        want_top = anchor[1] - fy * cell
        self.scroll = (round(unscrolled.left - want_left), round(unscrolled.top - want_top))
        self.layout = self._compute()
        return True

    def fit(self) -> None:
        """Back to the size at which the whole board fits."""
        self.zoom_cell = None
        self.layout = self._compute()

    def scroll_by(self, dx: int, dy: int) -> bool:
        """Move the view over a board too big for it; True when it moved."""
        before = self.scroll
        self.scroll = (before[0] + dx, before[1] + dy)
        self.layout = self._compute()
        return self.scroll != before

    def show_cell(self, x: int, y: int) -> bool:
        """Scroll, when needed, so that cell (x, y) is in view; True when it scrolled."""
        if not self.layout.scrollable:
            return False
        wanted = self.layout.scrolled_to_show(x, y)
        if wanted == self.scroll:
            return False
        self.scroll = wanted
        self.layout = self._compute()
        return True


def _sign(value: float) -> int:
    return (value > 0) - (value < 0)
