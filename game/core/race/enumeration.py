"""Line enumeration: seed 001's line solving, with seed 002's guess when it stalls.

One pass looks at every row, then every column. For a line it goes through every placement
of the clue that keeps the cells already known, and keeps what all of them agree on: a cell
filled in every placement is filled, a cell empty in every one is empty. No placement at all
means the clues contradict the board. Passes repeat until one changes nothing.

Then, as seed 002 does, it guesses: in the first row not yet solved, the unknown cell that
the most placements fill is set filled, and the passes run again. A contradiction sends it
back: the cell must be empty, and that is what it carries on with. A complete board is a
solution; the search then takes the other way of its last guess to count any others.
"""

from __future__ import annotations

from collections.abc import Generator

from game.core.i18n import N_
from game.core.race.base import QUIET_BEAT, STILL_WORKING, RaceSolver, placements
from game.core.solver.steps import (
    Axis,
    Backtrack,
    CellChange,
    CellPosition,
    Contradiction,
    Guess,
    LineDeduced,
    LinesChecked,
    Step,
)

EXPLANATION = N_(
    "Line by line, by listing. For each row, then each column, it lists every way the clue "
    "fits the cells known so far and keeps what all of them agree on: a cell filled in "
    "every way is filled, empty in every way is empty. It goes round all the lines until a "
    "round finds nothing new. Then it guesses the cell that most ways fill in the first "
    "unsolved row, goes round again, and goes back on a contradiction "
    "(line solving by enumeration, from a Spanish solver's notes; the guess as a 2018 Osijek "
    "nonogram app makes it)."
)


class LineEnumeration(RaceSolver):
    """Every placement of every line, passes until nothing changes, then a guess."""

    name = "lines"

    def setup(self) -> None:
        width, height = self.width, self.height
        self.row_filled = [0] * height
        self.row_empty = [0] * height
        self.column_filled = [0] * width
        self.column_empty = [0] * width
        self.unknown = width * height
        # Cells in the order they were set; a guess remembers where the trail stood.
        self.trail: list[CellPosition] = []
        self.choices: list[tuple[int, int, int]] = []  # x, y, trail length before the guess
        if self.initial is not None:
            for y in range(height):
                for x in range(width):
                    value = int(self.initial[y, x])
                    if value >= 0:
                        self.set_cell(x, y, value)
            self.trail.clear()

    def set_cell(self, x: int, y: int, value: int) -> None:
        if value:
            self.row_filled[y] |= 1 << x
            self.column_filled[x] |= 1 << y
        else:
            self.row_empty[y] |= 1 << x
            self.column_empty[x] |= 1 << y
        self.unknown -= 1
        self.trail.append((x, y))

    def undo_to(self, mark: int) -> tuple[CellPosition, ...]:
        undone = tuple(self.trail[mark:])
        del self.trail[mark:]
        for x, y in undone:
            bit_x = ~(1 << x)
            bit_y = ~(1 << y)
            self.row_filled[y] &= bit_x
            self.row_empty[y] &= bit_x
            self.column_filled[x] &= bit_y
            self.column_empty[x] &= bit_y
        self.unknown += len(undone)
        return undone

    def run(self) -> Generator[Step, None, str]:
        self.setup()
        counters = self.counters
        while True:
            ok = yield from self.passes()
            if ok and not self.unknown:
                rows = self.row_filled
                if self.grid_solves(rows):
                    solution = self.found(list(rows), len(self.choices))
                    if solution is not None:
                        yield solution
                        if self.capped:
                            return "capped"
                ok = False
            if ok:
                x, y = yield from self.pick_guess()
                self.choices.append((x, y, len(self.trail)))
                counters.guesses += 1
                counters.depth = len(self.choices)
                counters.max_depth = max(counters.max_depth, counters.depth)
                self.set_cell(x, y, 1)
                yield Guess(x, y, 1, len(self.choices))
                continue
            # A contradiction or a solution: the last guessed cell is empty instead.
            if not self.choices:
                return "complete"
            x, y, mark = self.choices.pop()
            counters.backtracks += 1
            counters.depth = len(self.choices)
            yield Backtrack(len(self.choices), self.undo_to(mark))
            self.set_cell(x, y, 0)
            yield Guess(x, y, 0, len(self.choices), alternative=True)

    def line(self, axis: Axis, index: int) -> tuple[int, int, int]:
        if axis == "row":
            return self.row_filled[index], self.row_empty[index], self.width
        return self.column_filled[index], self.column_empty[index], self.height

    def passes(self) -> Generator[Step, None, bool]:
        """Rows then columns, again and again until a pass sets nothing; False on a
        contradiction."""
        puzzle = self.puzzle
        counters = self.counters
        depth = len(self.choices)
        quiet = 0
        lines: list[tuple[Axis, int]] = [("row", y) for y in range(self.height)]
        lines += [("column", x) for x in range(self.width)]
        while True:
            changed = False
            for axis, index in lines:
                filled, empty, length = self.line(axis, index)
                clue = puzzle.row_clues[index] if axis == "row" else puzzle.column_clues[index]
                everywhere = (1 << length) - 1  # filled in every placement so far
                somewhere = 0  # filled in at least one
                count = 0
                for mask in placements(clue, length, filled, empty):
                    self.tick()
                    if mask == STILL_WORKING:
                        yield LinesChecked(0, depth)
                        continue
                    count += 1
                    everywhere &= mask
                    somewhere |= mask
                counters.lines += 1
                if not count:
                    yield Contradiction(axis, index, depth)
                    return False
                new_filled = everywhere & ~filled
                new_empty = ~somewhere & ((1 << length) - 1) & ~empty
                if not new_filled and not new_empty:
                    quiet += 1
                    if quiet >= QUIET_BEAT:
                        yield LinesChecked(quiet, depth)
                        quiet = 0
                    continue
                changed = True
                cells: list[CellChange] = []
                for position in range(length):
                    bit = 1 << position
                    if new_filled & bit or new_empty & bit:
                        value = 1 if new_filled & bit else 0
                        x, y = (position, index) if axis == "row" else (index, position)
                        self.set_cell(x, y, value)
                        cells.append((x, y, value))
                reason = "as every placement agrees"
                yield LineDeduced(axis, index, tuple(cells), reason, depth)
            if not changed:
                return True

    def pick_guess(self) -> Generator[Step, None, tuple[int, int]]:
        """Seed 002's guess: in the first row not solved, the unknown cell the most of its
        placements fill (the first such cell on a tie)."""
        width = self.width
        y = next(
            row
            for row in range(self.height)
            if (self.row_filled[row] | self.row_empty[row]) != (1 << width) - 1
        )
        filled, empty = self.row_filled[y], self.row_empty[y]
        tally = [0] * width
        for mask in placements(self.puzzle.row_clues[y], width, filled, empty):
            self.tick()
            if mask == STILL_WORKING:
                yield LinesChecked(0, len(self.choices))
                continue
            for x in range(width):
                if (mask >> x) & 1:
                    tally[x] += 1
        self.counters.lines += 1
        known = filled | empty
        unknown = [x for x in range(width) if not (known >> x) & 1]
        best = max(unknown, key=lambda x: (tally[x], -x))
        return best, y
