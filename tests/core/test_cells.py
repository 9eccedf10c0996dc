"""The table that maps the board, the known grid and the line solver's codes."""

from __future__ import annotations

import subprocess
import sys

import numpy as np

from game.core.board import Cell
from game.core.cells import (
    EMPTY,
    FILLED,
    KNOWN_TO_LINE,
    UNKNOWN,
    board_from_known,
    known_from_board,
)


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


def test_the_table_does_not_import_the_solver() -> None:
    # The cell table sits below the solver: loading it must not load any solver module.
    code = (
        "import sys, game.core.cells; "
        "print(sorted(m for m in sys.modules if m.startswith('game.core.solver')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "[]"
