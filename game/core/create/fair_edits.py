"""The edits Make it fair tries: one cell set to filled or cleared, which ones, in what order.

An edit that agrees with most of its eight neighbours changes the picture least (it leaves no
speck or hole): :func:`speck_cost` measures that, :func:`candidates` orders the cells in and
beside the free region by distance and cost, :func:`smoothing_edits` and
:func:`spaced_edits` pick the batches the search tries on a picture with many free cells, and
:func:`free_regions` groups the free cells. The search itself is
:mod:`game.core.create.make_fair`'s.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from game.core.solver.steps import CellPosition, cell_name

BoolGrid = npt.NDArray[np.bool_]
# How far from a free cell an edit may be (cells, in both directions).
REACH = 2
# The edits of one batch are at least this many cells apart (in both directions), so each
# settles its own switch and two of them do not undo each other.
BATCH_SPACING = 3


@dataclass(frozen=True)
class Edit:
    """Set cell ``(x, y)`` to ``filled``."""

    x: int
    y: int
    filled: bool

    @property
    def cell(self) -> CellPosition:
        return (self.x, self.y)

    @property
    def text(self) -> str:
        return f"{'fill' if self.filled else 'clear'} {cell_name(self.x, self.y)}"


def apply_edits(grid: BoolGrid, edits: Iterable[Edit]) -> BoolGrid:
    changed = np.array(grid, dtype=bool, copy=True)
    for edit in edits:
        changed[edit.y, edit.x] = edit.filled
    return changed


def speck_cost(grid: BoolGrid, x: int, y: int, value: bool) -> int:
    """How many of the cell's eight neighbours (inside the grid) disagree with ``value``:
    0 for a cell that blends in, 8 for a lone speck or hole."""
    height, width = grid.shape
    y0, y1 = max(0, y - 1), min(height, y + 2)
    x0, x1 = max(0, x - 1), min(width, x + 2)
    block = grid[y0:y1, x0:x1]
    disagree = int(np.count_nonzero(block != value))
    return disagree - (1 if bool(grid[y, x]) != value else 0)


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
    grid: BoolGrid,
    free: Sequence[CellPosition],
    avoid: Iterable[CellPosition] = (),
    reach: int = REACH,
) -> list[Edit]:
    """Edits worth trying, in order: by distance from the free cells (the free cells
    themselves first), then by how little they stand out from their neighbours."""
    ordered = sorted(
        cells_near(grid.shape, free, avoid, reach).items(),
        key=lambda item: (
            item[1],
            speck_cost(grid, item[0][0], item[0][1], not bool(grid[item[0][1], item[0][0]])),
            item[0][1],
            item[0][0],
        ),
    )
    return [Edit(x, y, not bool(grid[y, x])) for (x, y), _distance in ordered]


def smoothing_edits(
    grid: BoolGrid, free: Sequence[CellPosition], avoid: Iterable[CellPosition] = ()
) -> list[Edit]:
    """The free cells that disagree with most of their eight neighbours, set to agree: the
    dots and pin-holes of a dithered area, the likeliest parts of its many switches, and the
    edits that change its look least."""
    skip = set(avoid)
    edits = []
    for x, y in free:
        if (x, y) in skip:
            continue
        value = not bool(grid[y, x])
        if speck_cost(grid, x, y, value) < speck_cost(grid, x, y, not value):
            edits.append(Edit(x, y, value))
    return edits


def spaced_edits(
    grid: BoolGrid, free: Sequence[CellPosition], avoid: Iterable[CellPosition] = ()
) -> list[Edit]:
    """Flips of free cells for one batch: those that blend in best first (see
    :func:`speck_cost`), each at least ``BATCH_SPACING`` cells from those taken before it."""
    skip = set(avoid)
    ordered = sorted(
        (cell for cell in free if cell not in skip),
        key=lambda c: (speck_cost(grid, c[0], c[1], not bool(grid[c[1], c[0]])), c[1], c[0]),
    )
    taken: list[CellPosition] = []
    for x, y in ordered:
        if all(max(abs(x - tx), abs(y - ty)) >= BATCH_SPACING for tx, ty in taken):
            taken.append((x, y))
    return [Edit(x, y, not bool(grid[y, x])) for x, y in taken]


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
