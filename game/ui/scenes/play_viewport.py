"""Where the play screen's board sits: the cell size (fitted to the area, or zoomed in) and
the scroll over a board too big for its area. Pixels only; the scene asks it for a layout."""

from __future__ import annotations

from game.core.puzzle import Puzzle
from game.ui.layout import MAX_CELL, BoardLayout, PlayRegions, compute_board_layout, fit_cell

ZOOM_STEP = 1.25  # each zoom step grows or shrinks a cell by this factor (at least a pixel)


class BoardViewport:
    """The board's layout in the play screen's board area, with zoom and scroll."""

    def __init__(self, puzzle: Puzzle, regions: PlayRegions) -> None:
        self.puzzle = puzzle
        self.regions = regions
        self.zoom_cell: int | None = None  # None: the whole board fits the view
        self.scroll = (0, 0)
        self.layout = self._compute()

    def set_regions(self, regions: PlayRegions) -> None:
        self.regions = regions
        self.layout = self._compute()

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
        )
        self.scroll = layout.scroll
        return layout

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
        cell = max(fit, min(max(fit, self.max_cell * 2), cell))
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
