"""Hints for a player: one cell that line logic forces from the marks already on the board.

A hint never looks at the solution: it uses only what the exact line solver proves from the
player's marks (trial marks count as marks), so it teaches a step the player could have seen.
``placed_runs`` serves clue greying the same way: a run is greyed only when the marks prove
where it lies and the player has filled it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.board import Board, Cell
from game.core.lines import Clue, clue_text
from game.core.puzzle import Puzzle
from game.core.solver.line import EMPTY, FILLED, UNKNOWN, LineAnalysis, analyse_line
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

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


@dataclass(frozen=True)
class Hint:
    """Cell ``(x, y)`` (0-based) must be ``state`` (FILLED or CROSSED), because of one line.

    ``cells`` lists every cell that line forces (the hinted one among them), as (x, y, state),
    for a view that wants to highlight more than one; ``text`` explains it in a sentence.
    """

    x: int
    y: int
    state: Cell
    axis: Axis
    index: int
    text: str
    cells: tuple[tuple[int, int, Cell], ...]


def line_codes(states: Sequence[int]) -> bytes:
    """Board cell states (0-4) as the line solver's bytes."""
    return bytes(_CODES[int(state)] for state in states)


def _cell_word(axis: Axis) -> str:
    """A row's cells are counted in columns, a column's in rows."""
    return "column" if axis == "row" else "row"


def _span_text(axis: Axis, first: int, last: int) -> str:
    word = _cell_word(axis)
    if first == last:
        return f"{word} {first + 1}"
    return f"{word}s {first + 1} to {last + 1}"


def _run_name(clue: Clue, run: int) -> str:
    length = clue[run]
    if clue.count(length) == 1:
        return f"the {length}"
    ordinal = _ORDINALS[run] if run < len(_ORDINALS) else f"number {run + 1}"
    return f"the {ordinal} run ({length})"


def _filled_reason(axis: Axis, index: int, clue: Clue, analysis: LineAnalysis, cell: int) -> str:
    where = f"{axis} {index + 1}"
    runs = analysis.covering_runs(cell)
    if len(runs) == 1:
        run = runs[0]
        starts = analysis.run_starts(run)
        first, last = starts[-1], starts[0] + clue[run] - 1
        return f"{where}: {_run_name(clue, run)} must cover {_span_text(axis, first, last)}"
    return f"{where}: every way to place {clue_text(clue)} fills {_cell_word(axis)} {cell + 1}"


def _empty_reason(axis: Axis, index: int, clue: Clue, line: bytes, cell: int) -> str:
    where = f"{axis} {index + 1}"
    target = f"{_cell_word(axis)} {cell + 1}"
    if not clue:
        return f"{where}: the clue is 0, so {target} is empty"
    if line.count(FILLED) == sum(clue):
        return f"{where}: {clue_text(clue)} is all filled in, so {target} is empty"
    return f"{where}: no run of {clue_text(clue)} can reach {target}"


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
    """One cell that line logic forces from the marks on ``board``, or None.

    None when a line's marks already contradict its clue (the player should fix that first)
    or when no line forces anything. Of the lines that force cells, the one forcing the most
    is chosen (the clearest lesson); in it, a filled cell before a crossed one.
    """
    if (board.width, board.height) != (puzzle.width, puzzle.height):
        raise ValueError("the board and the puzzle are not the same size")
    best: tuple[int, Axis, int, Clue, bytes, LineAnalysis] | None = None
    for axis, index, clue, line in _lines(puzzle, board):
        analysis = analyse_line(clue, line)
        if analysis is None:
            return None
        unknown = sum(1 << i for i, code in enumerate(line) if code == UNKNOWN)
        forced = ((analysis.forced_filled | analysis.forced_empty) & unknown).bit_count()
        if forced and (best is None or forced > best[0]):
            best = (forced, axis, index, clue, line, analysis)
    if best is None:
        return None
    _count, axis, index, clue, line, analysis = best
    forced_cells: list[tuple[int, int, Cell]] = []
    for position, code in enumerate(line):
        if code != UNKNOWN:
            continue
        if (analysis.forced_filled >> position) & 1:
            state = Cell.FILLED
        elif (analysis.forced_empty >> position) & 1:
            state = Cell.CROSSED
        else:
            continue
        x, y = (position, index) if axis == "row" else (index, position)
        forced_cells.append((x, y, state))
    filled_first = sorted(forced_cells, key=lambda cell: cell[2] != Cell.FILLED)
    x, y, state = filled_first[0]
    position = x if axis == "row" else y
    if state == Cell.FILLED:
        text = _filled_reason(axis, index, clue, analysis, position)
    else:
        text = _empty_reason(axis, index, clue, line, position)
    return Hint(x, y, state, axis, index, text, tuple(forced_cells))


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
