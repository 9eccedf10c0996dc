"""Board: cell states, masks, counts and the compact text form."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.board import Board, Cell


def test_blank_board_is_all_unknown() -> None:
    board = Board.blank(4, 3)
    assert board.cells.shape == (3, 4)
    assert board.cells.dtype == np.int8
    assert board.unknown_count == 12
    assert board.filled_count == 0
    assert not board.has_trial()


def test_get_set_use_x_then_y() -> None:
    board = Board(5, 2)
    board.set(4, 1, Cell.FILLED)
    assert board.get(4, 1) is Cell.FILLED
    assert board.cells[1, 4] == Cell.FILLED
    assert board.row(1)[4] == Cell.FILLED
    assert board.column(4)[1] == Cell.FILLED


def test_masks_count_trial_marks() -> None:
    board = Board(5, 1, [[0, 1, 2, 3, 4]])
    assert board.filled_mask().tolist() == [[False, True, False, True, False]]
    assert board.crossed_mask().tolist() == [[False, False, True, False, True]]
    assert board.known_mask().tolist() == [[False, True, True, True, True]]
    assert board.filled_count == 2
    assert board.unknown_count == 1
    assert board.has_trial()


def test_copy_is_independent() -> None:
    board = Board(3, 3)
    copy = board.copy()
    copy.set(0, 0, Cell.CROSSED)
    assert board.get(0, 0) is Cell.UNKNOWN
    assert copy != board


def test_constructor_copies_and_validates_cells() -> None:
    source = np.zeros((2, 2), dtype=np.int64)
    board = Board(2, 2, source)
    source[0, 0] = 1
    assert board.get(0, 0) is Cell.UNKNOWN
    with pytest.raises(ValueError, match="shape"):
        Board(3, 2, source)
    with pytest.raises(ValueError, match="0 to 4"):
        Board(2, 2, [[0, 5], [0, 0]])
    with pytest.raises(ValueError, match="0 to 4"):
        Board(2, 2, [[0, -1], [0, 0]])
    with pytest.raises(ValueError, match="width"):
        Board(-1, 2)
    with pytest.raises(ValueError, match="height"):
        Board(2, 513)


def test_text_form_names_the_problem() -> None:
    board = Board.from_text(3, 2, "#x./o-.")
    assert board.get(0, 0) is Cell.FILLED
    assert board.get(1, 0) is Cell.CROSSED
    assert board.get(0, 1) is Cell.TRIAL_FILLED
    assert board.get(1, 1) is Cell.TRIAL_CROSSED
    with pytest.raises(ValueError, match="rows"):
        Board.from_text(3, 2, "...")
    with pytest.raises(ValueError, match="row 2 has 2 cells"):
        Board.from_text(3, 2, ".../..")
    with pytest.raises(ValueError, match="not a cell mark"):
        Board.from_text(3, 2, ".../.?.")


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 12).flatmap(
        lambda w: st.integers(1, 12).flatmap(
            lambda h: st.lists(
                st.lists(st.integers(0, 4), min_size=w, max_size=w), min_size=h, max_size=h
            )
        )
    )
)
def test_text_round_trip(rows: list[list[int]]) -> None:
    board = Board(len(rows[0]), len(rows), rows)
    assert Board.from_text(board.width, board.height, board.to_text()) == board
