"""Row permutations, depth first: seed 004's DFS with seed 002's habit of checking as it goes.

Every row has its list of placements ("permutations" in seed 004), the leftmost first. The
search puts a placement of row 1 on the board, then one of row 2 under it, and so on down;
when a placement is put on, each column is checked against its clue as far as the rows
reach (the runs closed so far must be the clue's first runs, the open run no longer than
its run, and the rows left must still hold the rest). A placement that breaks a column is
passed over; a row with no placement left sends the search back up a row, to that row's
next placement. A placement on the last row that passes is a solution, and the search goes
on to count the others.

Seed 004 builds all of a puzzle's rows first and checks the columns only when the grid is
full, so it tried every combination: more than a minute on 13 of its 18 puzzles. Checking
columns row by row cuts those branches early; it is still a search with no deductions, which
the race shows.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator

from game.core.i18n import N_
from game.core.race.base import STILL_WORKING, RaceSolver, line_masks, min_length, placements
from game.core.solver.steps import Backtrack, CellChange, Contradiction, LineDeduced, Step

EXPLANATION = N_(
    "Row by row, by brute force. Every way of placing row 1's clue is tried in turn, "
    "leftmost first; under each, every way of placing row 2's, and so on down. Each time a row "
    "goes on, the columns are checked as far as the rows reach: a column whose runs already "
    "break its clue sends the row on to its next placement, and a row with none left sends "
    "the search back up to the row above. It never deduces a cell, it only tries and checks "
    "(the depth-first search of a 2013 Utrecht report, and the backtracking of a 2018 Osijek "
    "nonogram app)."
)


class RowSearch(RaceSolver):
    """Depth-first search over the placements of each row, columns checked on the way down."""

    name = "rows"

    def run(self) -> Generator[Step, None, str]:
        width = self.width
        height = self.height
        puzzle = self.puzzle
        counters = self.counters
        column_clues = puzzle.column_clues
        # The fewest cells the runs from the k-th on need, per column: "can the rest fit?"
        rest_needed = [
            [min_length(clue[k:]) for k in range(len(clue) + 1)] for clue in column_clues
        ]
        known = [(0, 0)] * height
        if self.initial is not None:
            known = [line_masks(self.initial[y].tolist()) for y in range(height)]
        if height == 0 or width == 0:
            rows: list[int] = [0] * height
            if self.grid_solves(rows):
                solution = self.found(rows, 0)
                if solution is not None:
                    yield solution
            return "complete"
        # Column state after each row: (runs closed, length of the open run) per column.
        closed = [[0] * width for _ in range(height + 1)]
        open_run = [[0] * width for _ in range(height + 1)]
        chosen = [0] * height
        options: list[Iterator[int]] = [iter(())] * height
        placed = [False] * height
        y = 0
        options[0] = placements(puzzle.row_clues[0], width, *known[0])
        while y >= 0:
            self.tick()
            if placed[y]:
                placed[y] = False
                counters.backtracks += 1
                yield Backtrack(y, tuple((x, y) for x in range(width)))
            mask = next(options[y], None)
            if mask is None:
                y -= 1
                counters.depth = max(0, y)
                continue
            if mask == STILL_WORKING:
                continue
            counters.lines += 1
            bad = self._extend(mask, y, closed, open_run, rest_needed)
            if bad >= 0:
                yield Contradiction("column", bad, y + 1)
                continue
            chosen[y] = mask
            placed[y] = True
            counters.guesses += 1
            counters.depth = y + 1
            counters.max_depth = max(counters.max_depth, y + 1)
            cells: tuple[CellChange, ...] = tuple((x, y, (mask >> x) & 1) for x in range(width))
            yield LineDeduced("row", y, cells, "as a placement to try", y + 1)
            if y == height - 1:
                solution = self.found(chosen, y + 1)
                if solution is not None:
                    yield solution
                    if self.capped:
                        return "capped"
                continue
            y += 1
            options[y] = placements(puzzle.row_clues[y], width, *known[y])
        return "complete"

    def _extend(
        self,
        mask: int,
        y: int,
        closed: list[list[int]],
        open_run: list[list[int]],
        rest_needed: list[list[int]],
    ) -> int:
        """Put row ``y``'s placement under the rows above: fills row y+1 of the column
        states and returns the first column it breaks, or -1."""
        column_clues = self.puzzle.column_clues
        rows_left = self.height - 1 - y
        closed_before = closed[y]
        open_before = open_run[y]
        closed_after = closed[y + 1]
        open_after = open_run[y + 1]
        for x in range(self.width):
            clue = column_clues[x]
            runs = closed_before[x]
            current = open_before[x]
            if (mask >> x) & 1:
                current += 1
                if runs >= len(clue) or current > clue[runs]:
                    return x
                # The open run's cells still to come, a gap, and the runs after it.
                needed = clue[runs] - current
                after = rest_needed[x][runs + 1]
                if after:
                    needed += after + 1
            else:
                if current:
                    if current != clue[runs]:
                        return x
                    runs += 1
                    current = 0
                needed = rest_needed[x][runs]
            if needed > rows_left:
                return x
            closed_after[x] = runs
            open_after[x] = current
        return -1
