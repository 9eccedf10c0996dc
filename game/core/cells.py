"""The three ways a cell is written down, and the one table that maps them.

Each layer keeps the encoding that makes it fast, and converts only at its edges:

==================  =========================  =======  ======  =====  =====  =====
layer               where                      unknown  filled  empty  trial  trial
                                                                       fill   cross
==================  =========================  =======  ======  =====  =====  =====
board (player)      ``board.Cell``, int8       0        1       2      3      4
known grid (steps)  ``*_VALUE``, int8          -1       1       0      (1)    (0)
line solver         ``UNKNOWN``..., bytes      0        1       2      --     --
==================  =========================  =======  ======  =====  =====  =====

- The **board** is what a player marks, trial marks included (they count as their value
  wherever the board is judged, see :mod:`game.core.board`).
- The **known grid** is what the engine's steps and a replay speak: -1 / 0 / 1 reads as
  "unknown / empty / filled" and is also the ``initial`` grid a solve may start from.
- The **line solver** packs a line as bytes of 0 / 1 / 2 so a line is a hashable cache key
  and ``bytes.translate`` converts whole lines at C speed.

The functions below are the only conversions between the board and the known grid.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from game.core.board import Cell

# The known grid's values (the engine's steps, a replay, a solve's ``initial``).
UNKNOWN_VALUE = -1
EMPTY_VALUE = 0
FILLED_VALUE = 1

# The line solver's codes, one byte a cell (``game.core.solver.line``).
UNKNOWN = 0
FILLED = 1
EMPTY = 2

KnownGrid = npt.NDArray[np.int8]

# Board cell -> known-grid value (trial marks count as their value).
BOARD_TO_KNOWN: dict[Cell, int] = {
    Cell.UNKNOWN: UNKNOWN_VALUE,
    Cell.FILLED: FILLED_VALUE,
    Cell.CROSSED: EMPTY_VALUE,
    Cell.TRIAL_FILLED: FILLED_VALUE,
    Cell.TRIAL_CROSSED: EMPTY_VALUE,
}
# Known-grid value -> line-solver code.
KNOWN_TO_LINE: dict[int, int] = {
    UNKNOWN_VALUE: UNKNOWN,
    FILLED_VALUE: FILLED,
    EMPTY_VALUE: EMPTY,
}

_BOARD_LOOKUP = np.array([BOARD_TO_KNOWN[cell] for cell in Cell], dtype=np.int8)


def known_from_board(cells: npt.NDArray[np.integer], *, trial: bool = True) -> KnownGrid:
    """A board's cells as a known grid; ``trial=False`` leaves trial marks unknown."""
    known = _BOARD_LOOKUP[np.asarray(cells, dtype=np.intp)]
    if not trial:
        array = np.asarray(cells)
        known[(array == Cell.TRIAL_FILLED) | (array == Cell.TRIAL_CROSSED)] = UNKNOWN_VALUE
    return known


def board_from_known(
    known: npt.NDArray[np.integer], *, trial: bool = False
) -> npt.NDArray[np.int8]:
    """A known grid as board cells (as trial marks with ``trial=True``)."""
    array = np.asarray(known)
    cells = np.full(array.shape, Cell.UNKNOWN, dtype=np.int8)
    cells[array == FILLED_VALUE] = Cell.TRIAL_FILLED if trial else Cell.FILLED
    cells[array == EMPTY_VALUE] = Cell.TRIAL_CROSSED if trial else Cell.CROSSED
    return cells
