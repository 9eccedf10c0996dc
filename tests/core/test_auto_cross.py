"""Finished lines crossed out: an option (off by default, as in Katana) and a rule of the
session, made as one undo step with the move that finished the line."""

from __future__ import annotations

import pytest

from game.core.board import Cell
from game.core.play.moves import CrossLines, Paint, decode_move, encode_move
from game.core.play.session import Session
from game.core.puzzle import Puzzle

# Row 1: "2" in five cells; column 1: "1 1".
PUZZLE = Puzzle.from_grid([[1, 1, 0, 0, 0], [0, 0, 0, 0, 0], [1, 0, 0, 0, 1]], title="Lines")


def _rows(session: Session) -> list[str]:
    return session.board.to_text().split("/")


def test_off_by_default_nothing_is_crossed() -> None:
    session = Session(PUZZLE)
    session.apply(Paint(0, 0, 1, 0, Cell.FILLED))
    assert _rows(session)[0] == "##..."


def test_a_finished_line_gets_crosses_as_one_step_with_its_move() -> None:
    session = Session(PUZZLE)
    session.auto_cross = True
    change = session.apply(Paint(0, 0, 1, 0, Cell.FILLED))  # row 1 shows its "2"
    assert change is not None and change.completed_rows == (0,)
    # Row 1 and column 2 (its "1") are finished: their other cells are crossed.
    assert _rows(session) == ["##xxx", ".x...", ".x..."]
    assert set(change.cells) >= {(2, 0), (3, 0), (4, 0), (1, 1), (1, 2)}
    session.undo()  # one step: the fills and the crosses
    assert _rows(session) == ["....."] * 3
    assert not session.can_undo
    session.redo()
    assert _rows(session)[0] == "##xxx"


def test_crosses_keep_the_marks_there_and_follow_trial_marks() -> None:
    session = Session(PUZZLE)
    session.auto_cross = True
    session.apply(Paint(4, 0, 4, 0, Cell.CROSSED))
    session.apply(Paint(0, 2, 0, 2, Cell.TRIAL_FILLED))
    session.apply(Paint(4, 2, 4, 2, Cell.TRIAL_FILLED))  # row 3 "1 1" with trial fills
    assert session.board.get(2, 2) == Cell.TRIAL_CROSSED
    assert session.board.get(4, 0) == Cell.CROSSED


def test_the_crossing_move_is_saved_and_read_back() -> None:
    move = CrossLines((0, 2), (), Cell.CROSSED)
    assert decode_move(encode_move(move)) == move
    assert decode_move("L TX - 1,3") == CrossLines((), (1, 3), Cell.TRIAL_CROSSED)
    for bad in ("L F 1 -", "L X a -", "L X 1"):
        with pytest.raises(ValueError):
            decode_move(bad)
    session = Session(PUZZLE)
    session.auto_cross = True
    session.apply(Paint(0, 0, 1, 0, Cell.FILLED))
    again = Session.from_json(PUZZLE, session.to_json())
    assert again.board == session.board
