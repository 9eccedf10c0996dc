"""How deep must a player's trials go? The nesting of probes a puzzle needs.

A measure beside the rating (issue 46: Fiendish promised "trials inside trials"), made from
the solver's public line logic (:mod:`game.core.solver.line_logic`: each cell a domain of
the values it may still take, black and white or colour alike) alone:

- depth 0: line logic settles every cell;
- depth 1: line logic plus single-cell trials settles it: a cell is tried at each value it
  may take, each followed by line logic; a value whose trial ends in a contradiction is
  struck off, and every cell is narrowed to what the surviving trials leave it; repeated
  until nothing moves;
- depth 2: the same, but each trial is followed by depth-1 reasoning, not line logic alone
  (a trial inside a trial);
- :data:`DEEPER` (3): depth 2 does not settle it either.

:func:`trial_depth` stops at ``most`` (2 by default). Nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from game.core.puzzle import Puzzle
from game.core.solver.line_logic import full_domain, line_logic

DEEPER = 3
Grid = npt.NDArray[np.int64]  # a domain (bit mask of values) a cell
Reasoner = Callable[[Grid], "Grid | None"]
# A line's domains after line logic and the cells that changed, or None on a contradiction;
# what answers it from (is a row, its index, its domains).
LineAnswer = tuple[tuple[int, ...], set[int]] | None
Answering = Callable[[bool, int, tuple[int, ...]], LineAnswer]
# A line solver on domains: (runs of (length, colour), the line's domains) -> domains or None.
LineSolve = Callable[[Sequence[tuple[int, int]], Sequence[int]], "tuple[int, ...] | None"]


def _settled(domain: int) -> bool:
    return domain & (domain - 1) == 0


class Lines:
    """The puzzle's runs, and line logic to a fixpoint over a grid of domains."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.logic = line_logic(puzzle)
        self.rows = [puzzle.row_runs(y) for y in range(puzzle.height)]
        self.columns = [puzzle.column_runs(x) for x in range(puzzle.width)]
        self.height, self.width = puzzle.height, puzzle.width
        self.full = full_domain(puzzle.colour_count)

    def blank(self) -> Grid:
        return np.full((self.height, self.width), self.full, dtype=np.int64)

    def answer(
        self, is_row: bool, index: int, line: tuple[int, ...], solve: LineSolve | None = None
    ) -> LineAnswer:
        """Line logic on one line (``solve``: a twin of the line logic's, the compiled one
        for instance): its domains after it and the cells that changed, or None on a
        contradiction."""
        runs = self.rows[index] if is_row else self.columns[index]
        solved = (solve or self.logic.solve)(runs, line)
        if solved is None:
            return None
        return tuple(solved), {
            i for i, (old, new) in enumerate(zip(line, solved, strict=True)) if old != new
        }

    def propagate(self, grid: Grid, answer: Answering | None = None) -> Grid | None:
        """Line logic until nothing moves: the grid, or None on a contradiction. ``answer``
        answers a line as :meth:`answer` does (trial_chain's keeps its answers); the end
        does not depend on the order lines are taken in."""
        answer = answer or self.answer
        grid = grid.copy()
        rows, columns = set(range(self.height)), set(range(self.width))
        while rows or columns:
            is_row = bool(rows)
            index = rows.pop() if is_row else columns.pop()
            found = answer(
                is_row, index, tuple((grid[index] if is_row else grid[:, index]).tolist())
            )
            if found is None:
                return None
            solved, changed = found
            if changed:
                if is_row:
                    grid[index] = solved
                    columns |= changed
                else:
                    grid[:, index] = solved
                    rows |= changed
        return grid

    def probe(self, grid: Grid, inner: Reasoner) -> Grid | None:
        """Single-cell trials, each followed by ``inner``, until nothing moves (see the
        module text); None when every value of a cell fails."""
        start = self.propagate(grid)
        if start is None:
            return None
        current: Grid = start
        moved = True
        while moved and not self.solved(current):
            moved = False
            for y in range(self.height):
                for x in range(self.width):
                    domain = int(current[y, x])
                    if _settled(domain):
                        continue
                    survivors = []
                    for bit in range(domain.bit_length()):
                        if domain >> bit & 1:
                            trial = current.copy()
                            trial[y, x] = 1 << bit
                            outcome = inner(trial)
                            if outcome is not None:
                                survivors.append(outcome)
                    if not survivors:
                        return None
                    union = survivors[0]
                    for other in survivors[1:]:
                        union = union | other
                    narrowed = current & union
                    if np.array_equal(narrowed, current):
                        continue
                    settled = self.propagate(narrowed)
                    if settled is None:
                        return None
                    current = settled
                    moved = True
        return current

    def solved(self, grid: Grid) -> bool:
        return all(_settled(int(domain)) for domain in grid.flat)


def trial_depth(puzzle: Puzzle, most: int = 2) -> int:
    """The depth of trials ``puzzle`` needs (0 line logic, 1 single trials, 2 trials
    inside trials; :data:`DEEPER` when ``most`` is not enough). See the module text."""
    lines = Lines(puzzle)

    def settled(grid: Grid | None) -> bool:
        return grid is not None and lines.solved(grid)

    reasoner: Reasoner = lines.propagate
    if settled(reasoner(lines.blank())):
        return 0
    for depth in range(1, most + 1):
        inner = reasoner

        def deeper(grid: Grid, inner: Reasoner = inner) -> Grid | None:
            return lines.probe(grid, inner)

        reasoner = deeper
        if settled(reasoner(lines.blank())):
            return depth
    return DEEPER
