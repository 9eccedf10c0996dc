"""The table that maps the board, the known grid and the line solver's codes."""

from __future__ import annotations

import numpy as np

from game.core.board import Cell
from game.core.cells import KNOWN_TO_LINE, board_from_known, known_from_board
from game.core.solver.line import EMPTY, FILLED, UNKNOWN


def test_board_to_known_and_back() -> None:
    cells = np.array(
        [[Cell.UNKNOWN, Cell.FILLED, Cell.CROSSED, Cell.TRIAL_FILLED, Cell.TRIAL_CROSSED]]
    )
    assert known_from_board(cells).tolist() == [[-1, 1, 0, 1, 0]]
    assert known_from_board(cells, trial=False).tolist() == [[-1, 1, 0, -1, -1]]
    assert board_from_known(known_from_board(cells)).tolist() == [[0, 1, 2, 1, 2]]
    assert board_from_known(np.array([[1, 0, -1]]), trial=True).tolist() == [[3, 4, 0]]


def test_known_values_map_to_distinct_line_codes() -> None:
    assert KNOWN_TO_LINE == {-1: UNKNOWN, 1: FILLED, 0: EMPTY}
    assert len(set(KNOWN_TO_LINE.values())) == 3
