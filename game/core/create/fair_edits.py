"""The edits Make it fair tries: one cell given another value, which ones, in what order.

A picture is a grid of colour numbers (0 the background) or, in black and white, of filled
cells; an edit sets one cell to a value (a colour, or the background: "clear"). An edit that
agrees with most of its eight neighbours changes the picture least (it leaves no speck or
hole): :func:`blend_cost` measures that and :func:`choices` lists a cell's values worth
trying, the background and its neighbours' colours, best first; :func:`candidates` orders the
cells in and beside the free region by distance and cost, :func:`smoothing_edits` and
:func:`spaced_edits` pick the batches the search tries on a picture with many free cells, and
:func:`free_regions` groups the free cells. The search itself is
:mod:`game.core.create.make_fair`'s, the same for black and white and colour.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from game.core.convert.colour_names import said_name
from game.core.i18n import _
from game.core.solver.steps import CellPosition, cell_name

Grid = npt.NDArray[Any]
# How far from a free cell an edit may be (cells, in both directions).
REACH = 2
# The edits of one batch are at least this many cells apart (in both directions), so each
# settles its own switch and two of them do not undo each other.
BATCH_SPACING = 3


# Values tried per cell (the ones that blend in best): a cell among six colours would
# otherwise take six candidates' solves. Black and white's one other value is always tried.
COLOURS_PER_CELL = 2


@dataclass(frozen=True)
class Edit:
    """Set cell ``(x, y)`` to ``filled`` or not; in colour, to colour number ``colour`` (0
    the background, ``filled`` False) called ``name`` in the report (-1: black and white,
    whose one colour is ``filled``)."""

    x: int
    y: int
    filled: bool
    colour: int = -1
    name: str = ""

    @property
    def cell(self) -> CellPosition:
        return (self.x, self.y)

    @property
    def value(self) -> int:
        """The value the edit gives the cell: its colour number (1 for a black-and-white
        fill, 0 for a clear)."""
        return self.colour if self.colour >= 0 else int(self.filled)

    @property
    def text(self) -> str:
        where = cell_name(self.x, self.y)
        if not self.filled:
            return _("clear {cell}").format(cell=where)
        if self.colour < 0:
            return _("fill {cell}").format(cell=where)
        name = (
            said_name(self.name) if self.name else _("colour {number}").format(number=self.colour)
        )
        return _("{colour} at {cell}").format(colour=name, cell=where)


# Makes the edit that sets (x, y) to a value (the search's, which knows the names).
EditOf = Callable[[int, int, int], Edit]


def apply_edits(grid: Grid, edits: Iterable[Edit]) -> Grid:
    """The grid with the edits made (its own kind of values: filled cells or colours)."""
    changed = np.array(grid, copy=True)
    for edit in edits:
        changed[edit.y, edit.x] = edit.value
    return changed


def blend_cost(grid: Grid, x: int, y: int, value: int) -> int:
    """How many of the cell's eight neighbours (inside the grid) are not ``value``: 0 for a
    cell that blends in, 8 for a lone speck or hole."""
    height, width = grid.shape
    block = grid[max(0, y - 1) : min(height, y + 2), max(0, x - 1) : min(width, x + 2)]
    return int(np.count_nonzero(block != value)) - (1 if int(grid[y, x]) != value else 0)


def choices(grid: Grid, x: int, y: int, colours: int) -> list[tuple[int, int]]:
    """(cost, value) of the cell's other values worth trying, best first: the background
    and its neighbours' colours (every value when there are no more than it tries anyway,
    as in black and white), at most ``COLOURS_PER_CELL``."""
    height, width = grid.shape
    if colours + 1 <= COLOURS_PER_CELL:
        near = set(range(colours + 1))
    else:
        near = {0} | {
            int(grid[j, i])
            for j in range(max(0, y - 1), min(height, y + 2))
            for i in range(max(0, x - 1), min(width, x + 2))
        }
    near.discard(int(grid[y, x]))
    return sorted((blend_cost(grid, x, y, value), value) for value in near)[:COLOURS_PER_CELL]


def cells_near(
    shape: tuple[int, ...],
    free: Iterable[CellPosition],
    avoid: Iterable[CellPosition] = (),
    reach: int = REACH,
) -> dict[CellPosition, int]:
    """Every cell within ``reach`` (a square ring at a time) of a free cell, on a grid of
    ``shape`` (height, width), but those in ``avoid``: its distance to the nearest."""
    height, width = shape[0], shape[1]
    skip = set(avoid)
    best: dict[CellPosition, int] = {}
    for fx, fy in free:
        for dy in range(-reach, reach + 1):
            for dx in range(-reach, reach + 1):
                x, y = fx + dx, fy + dy
                if 0 <= x < width and 0 <= y < height and (x, y) not in skip:
                    distance = max(abs(dx), abs(dy))
                    if distance < best.get((x, y), reach + 1):
                        best[(x, y)] = distance
    return best


def candidates(
    grid: Grid,
    free: Sequence[CellPosition],
    colours: int,
    edit_of: EditOf,
    avoid: Iterable[CellPosition] = (),
    reach: int = REACH,
) -> list[Edit]:
    """Edits worth trying, in order: by distance from the free cells (the free cells
    themselves first), then by how little they stand out from their neighbours."""
    ranked = [
        (distance, cost, y, x, value)
        for (x, y), distance in cells_near(grid.shape, free, avoid, reach).items()
        for cost, value in choices(grid, x, y, colours)
    ]
    return [edit_of(x, y, value) for _d, _c, y, x, value in sorted(ranked)]


def smoothing_edits(
    grid: Grid,
    free: Sequence[CellPosition],
    colours: int,
    edit_of: EditOf,
    avoid: Iterable[CellPosition] = (),
) -> list[Edit]:
    """The free cells that disagree with most of their eight neighbours, set to agree: the
    dots and pin-holes of a dithered area, the likeliest parts of its many switches, and the
    edits that change its look least."""
    skip = set(avoid)
    edits = []
    for x, y in free:
        if (x, y) in skip:
            continue
        best = choices(grid, x, y, colours)
        if best and best[0][0] < blend_cost(grid, x, y, int(grid[y, x])):
            edits.append(edit_of(x, y, best[0][1]))
    return edits


def spaced_edits(
    grid: Grid,
    free: Sequence[CellPosition],
    colours: int,
    edit_of: EditOf,
    avoid: Iterable[CellPosition] = (),
) -> list[Edit]:
    """Edits of free cells for one batch: those that blend in best first (see
    :func:`blend_cost`), each at least ``BATCH_SPACING`` cells from those taken before it."""
    skip = set(avoid)
    options = []
    for x, y in free:
        best = choices(grid, x, y, colours) if (x, y) not in skip else []
        if best:
            options.append((best[0][0], y, x, best[0][1]))
    taken: list[tuple[int, int, int]] = []
    for _cost, y, x, value in sorted(options):
        if all(max(abs(x - tx), abs(y - ty)) >= BATCH_SPACING for tx, ty, _v in taken):
            taken.append((x, y, value))
    return [edit_of(x, y, value) for x, y, value in taken]


def free_regions(cells: Sequence[CellPosition], reach: int = REACH) -> list[list[CellPosition]]:
    """The free cells in groups: cells within ``reach`` of each other (in both directions)
    share a group. Groups come largest first, then in reading order."""
    remaining = set(cells)
    groups: list[list[CellPosition]] = []
    for cell in sorted(cells, key=lambda c: (c[1], c[0])):
        if cell not in remaining:
            continue
        remaining.discard(cell)
        group = [cell]
        stack = [cell]
        while stack:
            x, y = stack.pop()
            near = [c for c in remaining if abs(c[0] - x) <= reach and abs(c[1] - y) <= reach]
            for other in near:
                remaining.discard(other)
                group.append(other)
                stack.append(other)
        groups.append(sorted(group, key=lambda c: (c[1], c[0])))
    groups.sort(key=lambda group: -len(group))
    return groups
