"""Teaching hints for colour lines: one line's deduction from the player's marks, in words.

The colour twin of :func:`game.core.solver.hints.find_hint`: the exact colour line solver
(:mod:`game.core.solver.colour_line`) says which colours each cell of a line can still take
given the marks (trial marks count); a cell left with one colour is a deduction the player
can make from that line alone. The hint names it the way a player would say it: "the red 3
must cover these 2 cells wherever it sits" (an overlap on an empty line), "a green run must
cover these cells", "no run can reach these cells". It never reads the goal picture.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from game.core.board import Board
from game.core.convert.colour_names import colour_name
from game.core.palette import ColourClue, Palette
from game.core.play.colour_status import shown_colours
from game.core.puzzle import Puzzle
from game.core.solver.colour_line import line_mask, solve_colour_line
from game.core.solver.steps import Axis


@functools.lru_cache(maxsize=64)
def spoken_names(palette: Palette) -> tuple[str, ...]:
    """What players call each of ``palette``'s colours (1 first): its own name, or for a
    one-letter key (the .non format's ``color a #ff0000``) the nearest plain name
    (:func:`game.core.convert.colour_names.colour_name`), numbered when two would share one
    ("grey", "grey 2")."""
    names = [
        colour.name if len(colour.name) > 1 else colour_name(colour.rgb)
        for colour in palette.colours
    ]
    seen: dict[str, int] = {}
    spoken = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        spoken.append(name if seen[name] == 1 else f"{name} {seen[name]}")
    return tuple(spoken)


def spoken_name(palette: Palette, colour: int) -> str:
    """What players call colour ``colour`` (1 the first): see :func:`spoken_names`."""
    return spoken_names(palette)[colour - 1]


@dataclass(frozen=True)
class ColourHint:
    """The cells one line gives, each ``(x, y, colour)`` (0 the background), and why."""

    axis: Axis
    index: int
    cells: tuple[tuple[int, int, int], ...]
    text: str

    @property
    def x(self) -> int:
        return self.cells[0][0]

    @property
    def y(self) -> int:
        return self.cells[0][1]


def line_masks(shown: npt.NDArray[np.int8], colours: int) -> list[int]:
    """The solver's cell masks of a line of shown colours (-1 unknown, 0 crossed, 1..)."""
    full = line_mask(colours)
    return [full if value < 0 else 1 << int(value) for value in shown.tolist()]


def _lines(
    puzzle: Puzzle, board: Board
) -> list[tuple[Axis, int, ColourClue, npt.NDArray[np.int8]]]:
    shown = shown_colours(board.cells)
    rows: list[tuple[Axis, int, ColourClue, npt.NDArray[np.int8]]] = [
        ("row", y, puzzle.row_runs(y), shown[y, :]) for y in range(puzzle.height)
    ]
    return rows + [("column", x, puzzle.column_runs(x), shown[:, x]) for x in range(puzzle.width)]


def broken_colour_line(puzzle: Puzzle, board: Board) -> tuple[Axis, int] | None:
    """The first row, then column, whose marks no placement of its runs fits, if any."""
    for axis, index, runs, shown in _lines(puzzle, board):
        if solve_colour_line(runs, line_masks(shown, puzzle.colour_count)) is None:
            return axis, index
    return None


def find_colour_hint(puzzle: Puzzle, board: Board) -> ColourHint | None:
    """The most instructive line deduction on ``board``: fills before crosses, then the most
    cells, rows before columns; None when a line is broken or nothing is forced."""
    best: tuple[tuple[int, int, int], ColourHint] | None = None
    for order, (axis, index, runs, shown) in enumerate(_lines(puzzle, board)):
        if not np.any(shown < 0):
            continue
        solved = solve_colour_line(runs, line_masks(shown, puzzle.colour_count))
        if solved is None:
            return None
        given = [
            (position, mask.bit_length() - 1)
            for position, mask in enumerate(solved)
            if shown[position] < 0 and mask and mask & (mask - 1) == 0
        ]
        if not given:
            continue
        fills = [item for item in given if item[1]]
        chosen = fills or given
        if fills:
            # One colour at a time: the colour with the most cells given on this line.
            colour = max({c for _, c in fills}, key=lambda c: sum(1 for _, d in fills if d == c))
            chosen = [item for item in fills if item[1] == colour]
        key = (0 if fills else 1, -len(chosen), order)
        if best is None or key < best[0]:
            best = (key, _hint(puzzle.colours, axis, index, runs, shown, chosen))
    return None if best is None else best[1]


def _hint(
    palette: Palette,
    axis: Axis,
    index: int,
    runs: ColourClue,
    shown: npt.NDArray[np.int8],
    given: list[tuple[int, int]],
) -> ColourHint:
    place = (lambda p: (p, index)) if axis == "row" else (lambda p: (index, p))
    cells = tuple((*place(position), colour) for position, colour in given)
    count = len(given)
    these = "this cell" if count == 1 else f"these {count} cells"
    line = f"{axis} {index + 1}"
    colour = given[0][1]
    if colour == 0:
        if not any(value > 0 for value in shown.tolist()) and not runs:
            text = f"{line} is empty: {these} are background"
        else:
            text = f"{line}: no run can reach {these}, so they are background"
        return ColourHint(axis, index, cells, text)
    name = spoken_name(palette, colour)
    same = [length for length, c in runs if c == colour]
    empty_line = not np.any(shown >= 0)
    if len(same) == 1:
        run = f"the {name} {same[0]}"
        where = " wherever it sits" if empty_line else ""
        text = f"{line}: {run} must cover {these}{where}"
    else:
        text = f"{line}: one of the {name} runs ({', '.join(map(str, same))}) must cover {these}"
    return ColourHint(axis, index, cells, text)


def colour_action(hint: ColourHint, palette: Palette) -> str:
    """ "Paint the 2 outlined cells red." / "Cross the outlined cell." """
    count = len(hint.cells)
    cells = "the outlined cell" if count == 1 else f"the {count} outlined cells"
    colour = hint.cells[0][2]
    if colour == 0:
        return f"Cross {cells}."
    return f"Paint {cells} {spoken_name(palette, colour)}."
