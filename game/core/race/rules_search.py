"""Logical rules with chronological backtracking: seed 004's Rulebased and CB solvers.

The rules (:mod:`~game.core.race.rules`) go over every row, then every column, each line
through all eleven rules in order, and again while a round colours a cell or narrows a range
(seed 004, figure 14). When a round changes nothing and cells are still unknown, chronological
backtracking takes the first row not yet solved, lists its placements that keep its known
cells (seed 004's ``permutatepart`` and ``checkpuzzle``), puts the first on the board and
runs the rules again: a contradiction sends it to the row's next placement, a row with none
left sends it back to the row before; a full board that keeps every clue is a solution, and
it goes on to count the others.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from game.core.i18n import N_
from game.core.race.base import QUIET_BEAT, STILL_WORKING, RaceSolver, line_masks, placements
from game.core.race.rules import LineConflict, LineRanges, apply_rules
from game.core.solver.steps import (
    Axis,
    Backtrack,
    CellChange,
    CellPosition,
    Contradiction,
    LineDeduced,
    LinesChecked,
    Step,
)

EXPLANATION = N_(
    "By rules, like a person. Each run of a clue gets a range of cells it must lie in, from "
    "its leftmost and rightmost places. Eleven rules (Yu et al., 2011, as a 2013 Utrecht "
    "report re-implements them) colour cells from the ranges and narrow the ranges from the "
    "cells: where a run's ends overlap the cells are filled, cells no run can reach are "
    "empty, and so on. Rows then columns, round and round. When the rules stall, it tries "
    "the placements of the first unsolved row one by one, runs the rules again, and steps "
    "back on a contradiction (chronological backtracking)."
)

Ranges = tuple[list[int], list[int]]


@dataclass
class _Level:
    """One row put on by the backtracking: its placements still to try and what the board
    and the ranges were before it."""

    row: int
    options: Iterator[int]
    grid: npt.NDArray[np.int8]
    ranges: list[Ranges]
    placed: bool = False


class RulesSearch(RaceSolver):
    """Seed 004's rules to a standstill, then chronological backtracking on rows."""

    name = "rules"

    def run(self) -> Generator[Step, None, str]:
        width, height = self.width, self.height
        puzzle = self.puzzle
        counters = self.counters
        self.grid = np.full((height, width), -1, dtype=np.int8)
        if self.initial is not None:
            self.grid[:] = self.initial
        self.lines: list[tuple[Axis, int, LineRanges]] = [
            ("row", y, LineRanges(puzzle.row_clues[y], width)) for y in range(height)
        ]
        self.lines += [
            ("column", x, LineRanges(puzzle.column_clues[x], height)) for x in range(width)
        ]
        levels: list[_Level] = []
        ok = yield from self.rounds(0)
        while True:
            if ok and not (self.grid < 0).any():
                rows = [sum(1 << int(x) for x in np.flatnonzero(row)) for row in self.grid]
                if self.grid_solves(rows):
                    solution = self.found(rows, len(levels))
                    if solution is not None:
                        yield solution
                        if self.capped:
                            return "capped"
                ok = False
            if ok:
                row = int(np.flatnonzero((self.grid < 0).any(axis=1))[0])
                filled, empty = line_masks(self.grid[row].tolist())
                options = placements(puzzle.row_clues[row], width, filled, empty)
                levels.append(_Level(row, options, self.grid.copy(), self.snapshot()))
            # Put the next placement of the deepest row on (after taking its last one off).
            mask: int | None = None
            while levels:
                level = levels[-1]
                if level.placed:
                    level.placed = False
                    counters.backtracks += 1
                    undone = self.restore(level)
                    yield Backtrack(len(levels) - 1, undone)
                mask = next(level.options, None)
                self.tick()
                if mask == STILL_WORKING:
                    yield LinesChecked(0, len(levels) - 1)
                    continue
                if mask is None:
                    levels.pop()
                    counters.depth = len(levels)
                    continue
                break
            if not levels or mask is None:
                return "complete"
            level.placed = True
            counters.guesses += 1
            counters.lines += 1
            counters.depth = len(levels)
            counters.max_depth = max(counters.max_depth, len(levels))
            y = level.row
            cells: list[CellChange] = []
            for x in range(width):
                value = (mask >> x) & 1
                if self.grid[y, x] < 0:
                    self.grid[y, x] = value
                    cells.append((x, y, value))
            yield LineDeduced("row", y, tuple(cells), "as a placement to try", len(levels))
            ok = yield from self.rounds(len(levels))

    def snapshot(self) -> list[Ranges]:
        return [ranges.copy_ranges() for _axis, _index, ranges in self.lines]

    def restore(self, level: _Level) -> tuple[CellPosition, ...]:
        changed = np.argwhere(self.grid != level.grid)
        self.grid[:] = level.grid
        for (_axis, _index, ranges), saved in zip(self.lines, level.ranges, strict=True):
            ranges.set_ranges(saved)
        return tuple((int(x), int(y)) for y, x in changed)

    def rounds(self, depth: int) -> Generator[Step, None, bool]:
        """Rows then columns through the rules until a round changes nothing; False on a
        contradiction."""
        grid = self.grid
        counters = self.counters
        quiet = 0
        while True:
            changed = False
            for axis, index, ranges in self.lines:
                self.tick()
                line = (grid[index] if axis == "row" else grid[:, index]).tolist()
                before = line[:]
                counters.lines += 1
                try:
                    fired, narrowed = apply_rules(ranges, line)
                except LineConflict:
                    yield Contradiction(axis, index, depth)
                    return False
                changed = changed or narrowed
                if not fired:
                    quiet += 1
                    if quiet >= QUIET_BEAT:
                        yield LinesChecked(quiet, depth)
                        quiet = 0
                    continue
                changed = True
                cells: list[CellChange] = []
                for position, (old, new) in enumerate(zip(before, line, strict=True)):
                    if old != new:
                        x, y = (position, index) if axis == "row" else (index, position)
                        grid[y, x] = new
                        cells.append((x, y, new))
                names = " and ".join(fired)
                reason = f"by rule{'s' if len(fired) > 1 else ''} {names}"
                yield LineDeduced(axis, index, tuple(cells), reason, depth)
            if not changed:
                return True
