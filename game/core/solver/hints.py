"""Hints for a player: one line's deduction from the marks already on the board, named.

A hint never looks at the solution: it uses only what the exact line solver proves from the
player's marks (trial marks count as marks), so it teaches a step the player could have seen.
``hint_techniques`` names the technique (overlap, an edge, a completed line, ...) and gives
the cells that technique proves; ``find_hint`` picks the most instructive one on the board.
``placed_runs`` serves clue greying the same way: a run is greyed only when the marks prove
where it lies and the player has filled it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.board import Board, Cell
from game.core.cells import EMPTY, FILLED, UNKNOWN
from game.core.lines import Clue
from game.core.puzzle import Puzzle
from game.core.solver.hint_techniques import (
    Deduction,
    Technique,
    blank_bounds,
    deductions,
    marked_bounds,
)
from game.core.solver.line import analyse_line, bit_positions
from game.core.solver.steps import Axis

# Board cell state -> the line solver's cell code.
_CODE_OF_STATE = {
    Cell.UNKNOWN: UNKNOWN,
    Cell.FILLED: FILLED,
    Cell.CROSSED: EMPTY,
    Cell.TRIAL_FILLED: FILLED,
    Cell.TRIAL_CROSSED: EMPTY,
}
_CODES = bytes(_CODE_OF_STATE[Cell(state)] for state in range(len(Cell)))


@dataclass(frozen=True)
class Hint:
    """One line's deduction: the cells it gives, the technique that proves them, and why.

    ``cells`` lists every cell the hint gives, as (x, y, state), filled ones first; ``x``,
    ``y`` and ``state`` are the first of them (where the cursor goes). ``text`` explains it
    ("row 3: the 8 covers the middle 4 cells (columns 3 to 6) wherever it sits").

    ``line`` is the line's cells as the hint saw them (the line solver's codes) and
    ``leftmost`` / ``rightmost`` the start of each run in the leftmost and the rightmost
    arrangement the reasoning considers (over the empty line for an overlap, among the
    placements that fit the marks otherwise): the data a "show me" animation slides.
    """

    axis: Axis
    index: int
    clue: Clue
    technique: Technique
    text: str
    cells: tuple[tuple[int, int, Cell], ...]
    line: bytes
    leftmost: tuple[int, ...]
    rightmost: tuple[int, ...]

    @property
    def x(self) -> int:
        return self.cells[0][0]

    @property
    def y(self) -> int:
        return self.cells[0][1]

    @property
    def state(self) -> Cell:
        return self.cells[0][2]

    @property
    def filled_count(self) -> int:
        return sum(1 for cell in self.cells if cell[2] == Cell.FILLED)

    @property
    def crossed_count(self) -> int:
        return len(self.cells) - self.filled_count


def line_codes(states: Sequence[int]) -> bytes:
    """Board cell states (0-4) as the line solver's bytes."""
    return bytes(_CODES[int(state)] for state in states)


def _lines(puzzle: Puzzle, board: Board) -> list[tuple[Axis, int, Clue, bytes]]:
    cells = board.cells
    lines: list[tuple[Axis, int, Clue, bytes]] = [
        ("row", y, puzzle.row_clues[y], line_codes(cells[y, :].tolist()))
        for y in range(puzzle.height)
    ]
    lines += [
        ("column", x, puzzle.column_clues[x], line_codes(cells[:, x].tolist()))
        for x in range(puzzle.width)
    ]
    return lines


def find_hint(puzzle: Puzzle, board: Board) -> Hint | None:
    """The most instructive deduction one line makes from the marks on ``board``, or None.

    Never reads the puzzle's goal: only the clues and the marks, through the exact line
    solver. Candidates are ranked fills before crosses (a hint that only crosses cells is
    given only when no line can fill one), then simple techniques before complex ones
    (``hint_techniques.FILL_RANK`` / ``CROSS_RANK``), then the most cells, then rows before
    columns, top to bottom. None when a line's marks already contradict its clue (the player
    should fix that first) or when no line forces anything.
    """
    if (board.width, board.height) != (puzzle.width, puzzle.height):
        raise ValueError("the board and the puzzle are not the same size")
    best: tuple[tuple[int, int, int, int], Axis, int, Clue, bytes, Deduction] | None = None
    for order, (axis, index, clue, line) in enumerate(_lines(puzzle, board)):
        found = deductions(axis, clue, line)
        if found is None:
            return None
        for deduction in found:
            count = (deduction.filled | deduction.empty).bit_count()
            key = (*deduction.rank, -count, order)
            if best is None or key < best[0]:
                best = (key, axis, index, clue, line, deduction)
    if best is None:
        return None
    _key, axis, index, clue, line, deduction = best
    return _hint(axis, index, clue, line, deduction)


def line_hint(axis: Axis, index: int, clue: Clue, line: bytes) -> Hint | None:
    """The best deduction on one line alone (for tests and lessons), or None."""
    found = deductions(axis, clue, line)
    if not found:
        return None
    deduction = min(found, key=lambda d: (*d.rank, -(d.filled | d.empty).bit_count()))
    return _hint(axis, index, clue, line, deduction)


def _hint(axis: Axis, index: int, clue: Clue, line: bytes, deduction: Deduction) -> Hint:
    def place(position: int) -> tuple[int, int]:
        return (position, index) if axis == "row" else (index, position)

    cells = [(*place(p), Cell.FILLED) for p in bit_positions(deduction.filled)]
    cells += [(*place(p), Cell.CROSSED) for p in bit_positions(deduction.empty)]
    if deduction.blank or not clue:
        bounds = blank_bounds(clue, len(line))
    else:
        analysis = analyse_line(clue, line)
        assert analysis is not None  # deductions() found the line consistent
        bounds = marked_bounds(analysis)
    return Hint(
        axis=axis,
        index=index,
        clue=clue,
        technique=deduction.technique,
        text=f"{axis} {index + 1}: {deduction.reason}",
        cells=tuple(cells),
        line=line,
        leftmost=tuple(first for first, _last in bounds),
        rightmost=tuple(last for _first, last in bounds),
    )


def placed_runs(clue: Sequence[int], line_states: Sequence[int]) -> set[int]:
    """Indices of the runs of ``clue`` whose place the marks prove and the player has filled.

    A run counts when, given the marks (trial marks included), it has exactly one possible
    start and every cell of it is marked filled. Marks that contradict the clue prove
    nothing: the answer is then empty.
    """
    clue = tuple(clue)
    line = line_codes(line_states)
    analysis = analyse_line(clue, line)
    if analysis is None:
        return set()
    placed = set()
    for run, length in enumerate(clue):
        starts = analysis.run_starts(run)
        if len(starts) != 1:
            continue
        start = starts[0]
        if all(code == FILLED for code in line[start : start + length]):
            placed.add(run)
    return placed
