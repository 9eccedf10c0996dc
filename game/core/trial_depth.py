"""How deep must a player's trials go? The nesting of probes a black-and-white puzzle needs.

A measure beside the rating (issue 46: Fiendish promised "trials inside trials"), made from
the solver's public line solver (:func:`game.core.solver.line.solve_line`) alone:

- depth 0: line logic settles every cell;
- depth 1: line logic plus single-cell trials settles it: a cell is tried filled and empty,
  each followed by line logic; a trial that ends in a contradiction fixes the cell the
  other way, and cells both trials agree on are fixed too; repeated until nothing moves;
- depth 2: the same, but each trial is followed by depth-1 reasoning, not line logic alone
  (a trial inside a trial);
- :data:`DEEPER` (3): depth 2 does not settle it either.

:func:`trial_depth` stops at ``most`` (2 by default). Nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from game.core.puzzle import Puzzle
from game.core.solver.line import solve_line

UNKNOWN, FILLED, EMPTY = 0, 1, 2
DEEPER = 3
Grid = npt.NDArray[np.uint8]
Reasoner = Callable[[Grid], "Grid | None"]


class Lines:
    """The puzzle's clues, and line logic to a fixpoint over a grid of 0/1/2 cells."""

    def __init__(self, puzzle: Puzzle) -> None:
        if puzzle.is_colour:
            raise ValueError("trial depth is measured on black-and-white puzzles")
        self.rows = [tuple(clue) for clue in puzzle.row_clues]
        self.columns = [tuple(clue) for clue in puzzle.column_clues]
        self.height, self.width = puzzle.height, puzzle.width

    def propagate(self, grid: Grid) -> Grid | None:
        """Line logic until nothing moves: the grid, or None on a contradiction."""
        grid = grid.copy()
        rows, columns = set(range(self.height)), set(range(self.width))
        while rows or columns:
            if rows:
                y = rows.pop()
                solved = solve_line(self.rows[y], grid[y].tobytes())
                if solved is None:
                    return None
                new = np.frombuffer(solved, dtype=np.uint8)
                changed = np.nonzero(new != grid[y])[0]
                grid[y] = new
                columns.update(int(x) for x in changed)
            else:
                x = columns.pop()
                solved = solve_line(self.columns[x], grid[:, x].tobytes())
                if solved is None:
                    return None
                new = np.frombuffer(solved, dtype=np.uint8)
                changed = np.nonzero(new != grid[:, x])[0]
                grid[:, x] = new
                rows.update(int(y) for y in changed)
        return grid

    def probe(self, grid: Grid, inner: Reasoner) -> Grid | None:
        """Single-cell trials, each followed by ``inner``, until nothing moves (see the
        module text); None when both ways of a cell fail."""
        start = self.propagate(grid)
        if start is None:
            return None
        current: Grid = start
        moved = True
        while moved and np.any(current == UNKNOWN):
            moved = False
            for y, x in zip(*np.nonzero(current == UNKNOWN), strict=True):
                if current[y, x] != UNKNOWN:
                    continue
                branches = []
                for value in (FILLED, EMPTY):
                    trial = current.copy()
                    trial[y, x] = value
                    branches.append(inner(trial))
                filled, empty = branches
                if filled is None and empty is None:
                    return None
                survivor = filled if empty is None else empty if filled is None else None
                if survivor is not None:  # one way failed: the cell is the other
                    current = survivor
                    moved = True
                    continue
                assert filled is not None and empty is not None
                agreed = (filled == empty) & (filled != UNKNOWN) & (current == UNKNOWN)
                if np.any(agreed):
                    fixed = current.copy()
                    fixed[agreed] = filled[agreed]
                    settled = self.propagate(fixed)
                    if settled is None:
                        return None
                    current = settled
                    moved = True
        return current


def trial_depth(puzzle: Puzzle, most: int = 2) -> int:
    """The depth of trials ``puzzle`` needs (0 line logic, 1 single trials, 2 trials
    inside trials; :data:`DEEPER` when ``most`` is not enough). See the module text."""
    lines = Lines(puzzle)
    blank = np.zeros((puzzle.height, puzzle.width), dtype=np.uint8)

    def settled(grid: Grid | None) -> bool:
        return grid is not None and not np.any(grid == UNKNOWN)

    reasoner: Reasoner = lines.propagate
    if settled(reasoner(blank)):
        return 0
    for depth in range(1, most + 1):
        inner = reasoner

        def deeper(grid: Grid, inner: Reasoner = inner) -> Grid | None:
            return lines.probe(grid, inner)

        reasoner = deeper
        if settled(reasoner(blank)):
            return depth
    return DEEPER
