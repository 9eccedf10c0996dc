"""Make it fair in colour (issue 33): the same search as :class:`MakeFair` on a colour picture.

The picture is a grid of colour numbers (0 the background) in a palette; an edit gives one
cell another colour (:class:`ColourEdit`, the background included: "clear"). Which colour: the
ones its eight neighbours have, and the background, the colour that blends in best first
(:func:`colour_cost`, the colour version of ``speck_cost``). Everything else (the order of
the candidates by distance, the batches, the counting of free cells, the pruning, the work
limits counted in engine work) is :class:`~game.core.create.make_fair.MakeFair`'s, whose
picture hooks this class overrides. The free cells are those whose colour differs among the
solutions (:mod:`game.core.create.free_cells`).

Nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from game.core.create.fair_edits import BATCH_SPACING, Edit, cells_near
from game.core.create.free_cells import FreeCells
from game.core.create.make_fair import WORK_LIMIT, FairResult, MakeFair
from game.core.palette import Palette
from game.core.puzzle import Puzzle
from game.core.solver.steps import CellPosition, cell_name

ColourGrid = npt.NDArray[np.int8]
# Colours tried per cell (the ones that blend in best): a cell among six colours would
# otherwise take six candidates' solves.
COLOURS_PER_CELL = 2


@dataclass(frozen=True)
class ColourEdit(Edit):
    """Set cell ``(x, y)`` to colour number ``colour`` (0: the background, ``filled`` False);
    ``name`` is the colour's name for the report."""

    colour: int = 0
    name: str = ""

    @property
    def text(self) -> str:
        where = cell_name(self.x, self.y)
        if not self.colour:
            return f"clear {where}"
        return f"{self.name or f'colour {self.colour}'} at {where}"


def colour_cost(grid: ColourGrid, x: int, y: int, value: int) -> int:
    """How many of the cell's eight neighbours (inside the grid) are not colour ``value``."""
    height, width = grid.shape
    block = grid[max(0, y - 1) : min(height, y + 2), max(0, x - 1) : min(width, x + 2)]
    return int(np.count_nonzero(block != value)) - (1 if int(grid[y, x]) != value else 0)


def apply_colour_edits(grid: ColourGrid, edits: Iterable[Edit]) -> ColourGrid:
    changed = np.array(grid, dtype=np.int8, copy=True)
    for edit in edits:
        changed[edit.y, edit.x] = getattr(edit, "colour", int(edit.filled))
    return changed


class ColourMakeFair(MakeFair):
    """:class:`MakeFair` over ``grid``, colour numbers in ``palette`` (see the module text)."""

    def __init__(
        self, grid: npt.NDArray[Any], palette: Palette, free: FreeCells | None = None, **kw: Any
    ) -> None:
        self.palette = palette
        super().__init__(grid, free, **kw)

    def _grid_of(self, grid: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return np.array(grid, dtype=np.int8, copy=True)

    def _puzzle(self, grid: npt.NDArray[Any]) -> Puzzle:
        return Puzzle.from_colour_grid(grid, self.palette)

    def _apply(self, grid: npt.NDArray[Any], edits: Iterable[Edit]) -> npt.NDArray[Any]:
        return apply_colour_edits(grid, edits)

    def _edit(self, x: int, y: int, colour: int) -> ColourEdit:
        name = self.palette.colour(colour).name if colour else ""
        return ColourEdit(x, y, colour != 0, colour, name)

    def _choices(self, grid: ColourGrid, x: int, y: int) -> list[tuple[int, int]]:
        """(cost, colour) for the cell's other colours worth trying, best first."""
        height, width = grid.shape
        near = {0} | {
            int(grid[j, i])
            for j in range(max(0, y - 1), min(height, y + 2))
            for i in range(max(0, x - 1), min(width, x + 2))
        }
        near.discard(int(grid[y, x]))
        return sorted((colour_cost(grid, x, y, c), c) for c in near)[:COLOURS_PER_CELL]

    def _candidates(
        self, grid: npt.NDArray[Any], region: Sequence[CellPosition], avoid: list[CellPosition]
    ) -> list[Edit]:
        ranked = [
            (distance, cost, y, x, colour)
            for (x, y), distance in cells_near(grid.shape, region, avoid).items()
            for cost, colour in self._choices(grid, x, y)
        ]
        return [self._edit(x, y, colour) for _d, _c, y, x, colour in sorted(ranked)]

    def _smoothing(
        self, grid: npt.NDArray[Any], free: Sequence[CellPosition], avoid: set[CellPosition]
    ) -> list[Edit]:
        edits: list[Edit] = []
        for x, y in free:
            if (x, y) in avoid:
                continue
            choices = self._choices(grid, x, y)
            here = colour_cost(grid, x, y, int(grid[y, x]))
            if choices and choices[0][0] < here:
                edits.append(self._edit(x, y, choices[0][1]))
        return edits

    def _spaced(
        self, grid: npt.NDArray[Any], free: Sequence[CellPosition], avoid: set[CellPosition]
    ) -> list[Edit]:
        options = []
        for x, y in free:
            choices = self._choices(grid, x, y) if (x, y) not in avoid else []
            if choices:
                options.append((choices[0][0], y, x, choices[0][1]))
        taken: list[ColourEdit] = []
        for _cost, y, x, colour in sorted(options):
            if all(max(abs(x - t.x), abs(y - t.y)) >= BATCH_SPACING for t in taken):
                taken.append(self._edit(x, y, colour))
        return list(taken)

    def _cost(self, edit: Edit) -> int:
        return colour_cost(self.start, edit.x, edit.y, getattr(edit, "colour", 0))


def make_fair_colour(
    grid: npt.NDArray[Any], palette: Palette, work_limit: int | None = WORK_LIMIT
) -> FairResult:
    """The colour edits that make ``grid`` a unique colour puzzle; blocks."""
    return ColourMakeFair(grid, palette, work_limit=work_limit).run()
