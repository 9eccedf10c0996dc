"""Strokes: which one move a press, a drag, a held key or Shift+arrows makes, without a window."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.board import Board, Cell
from game.core.play.moves import Paint
from game.core.play.session import Session
from game.core.play.strokes import (
    Mark,
    Pen,
    Pointer,
    Stroke,
    drag_cells,
    mark_for_button,
    painted_cells,
    snap_drag,
    step_cursor,
    stroke_for,
    stroke_move,
)
from game.core.puzzle import Puzzle

F, X, TF, TX, U = Cell.FILLED, Cell.CROSSED, Cell.TRIAL_FILLED, Cell.TRIAL_CROSSED, Cell.UNKNOWN

# 8x3, no goal needed: the strokes never look at the answer.
OPEN = Puzzle(8, 3, ((), (), ()), ((),) * 8)


def board_with(row: str) -> Board:
    """An 8x3 board whose middle row is ``row`` ('#' filled, 'x' crossed, '.' unknown)."""
    board = Board.blank(8, 3)
    states = {"#": F, "x": X, ".": U}
    for x, char in enumerate(row):
        board.cells[1, x] = states[char]
    return board


def row_text(board: Board, y: int = 1) -> str:
    names = {F: "#", X: "x", U: ".", TF: "f", TX: "t"}
    return "".join(names[board.get(x, y)] for x in range(board.width))


def play(session: Session, move: Paint | None) -> None:
    assert move is not None
    session.apply(move)


def test_buttons_mean_fill_cross_and_clear() -> None:
    assert mark_for_button(Pointer.LEFT, shift=False) == Mark.FILL
    assert mark_for_button(Pointer.RIGHT, shift=False) == Mark.CROSS
    assert mark_for_button(Pointer.MIDDLE, shift=False) == Mark.CLEAR
    assert mark_for_button(Pointer.LEFT, shift=True) == Mark.CLEAR
    assert mark_for_button(Pointer.RIGHT, shift=True) == Mark.CROSS  # Shift only turns left


def test_a_stroke_is_decided_by_the_cell_it_starts_on() -> None:
    assert stroke_for(Mark.FILL, False, U) == Stroke(F, only_unknown=True)
    assert stroke_for(Mark.FILL, False, X) == Stroke(F)  # overwrites the cross
    assert stroke_for(Mark.FILL, False, F) == Stroke(U, clear_mark=F)  # same mark: clear it
    assert stroke_for(Mark.CROSS, True, U) == Stroke(TX, only_unknown=True)
    assert stroke_for(Mark.CROSS, True, TX) == Stroke(U, clear_mark=TX)
    assert stroke_for(Mark.CLEAR, False, F) == Stroke(U)


def test_snap_drag_follows_the_main_axis() -> None:
    assert snap_drag((2, 3), (7, 4)) == (2, 3, 7, 3)
    assert snap_drag((2, 3), (3, 0)) == (2, 0, 2, 3)
    assert snap_drag((5, 5), (1, 5)) == (1, 5, 5, 5)
    assert snap_drag((4, 4), (4, 4)) == (4, 4, 4, 4)
    # Ties go across.
    assert snap_drag((0, 0), (3, 3)) == (0, 0, 3, 0)


@settings(max_examples=150, deadline=None)
@given(
    st.tuples(st.integers(0, 29), st.integers(0, 29)),
    st.tuples(st.integers(0, 29), st.integers(0, 29)),
)
def test_drag_cells_are_contiguous_and_skip_nothing(
    start: tuple[int, int], end: tuple[int, int]
) -> None:
    cells = drag_cells(start, end)
    assert cells[0] == start
    assert len(set(cells)) == len(cells)
    for (ax, ay), (bx, by) in itertools.pairwise(cells):
        assert abs(ax - bx) + abs(ay - by) == 1
    dx, dy = abs(end[0] - start[0]), abs(end[1] - start[1])
    assert len(cells) == max(dx, dy) + 1


def test_a_fill_drag_from_an_unknown_cell_spares_the_marks_it_crosses() -> None:
    session = Session(OPEN, board_with("..#x...."))
    pen = Pen()
    pen.press(session.board, (0, 1), Pointer.LEFT, shift=False, trial=False)
    assert pen.drag_to((6, 1))
    assert not pen.drag_to((6, 1)), "the same cell again moves nothing"
    preview = pen.preview(session.board)
    assert preview is not None
    # The preview names exactly the cells the release will change: not the filled or crossed.
    assert painted_cells(session.board, preview) == [(0, 1), (1, 1), (4, 1), (5, 1), (6, 1)]
    play(session, pen.release(session.board))
    assert row_text(session.board) == "###x###."
    assert pen.drag is None and pen.last == Stroke(F, only_unknown=True)
    assert len(session.history) == 1, "one drag is one undo step"


def test_a_drag_from_a_marked_cell_overwrites_along_its_line() -> None:
    session = Session(OPEN, board_with("x#.x...."))
    pen = Pen()
    pen.press(session.board, (0, 1), Pointer.LEFT, shift=False, trial=False)
    pen.drag_to((4, 1))
    play(session, pen.release(session.board))
    assert row_text(session.board) == "#####..."


def test_a_drag_locks_to_the_axis_it_moved_most_on() -> None:
    session = Session(OPEN)
    pen = Pen()
    pen.press(session.board, (1, 0), Pointer.RIGHT, shift=False, trial=False)
    pen.drag_to((5, 2))  # four across, two down: across wins, on the start row
    play(session, pen.release(session.board))
    assert row_text(session.board, 0) == ".xxxxx.."
    assert row_text(session.board, 2) == "........"
    pen.press(session.board, (7, 0), Pointer.LEFT, shift=False, trial=False)
    pen.drag_to((6, 2))  # one across, two down: down wins, on the start column
    play(session, pen.release(session.board))
    assert [session.board.get(7, y) for y in range(3)] == [F, F, F]
    assert session.board.get(6, 2) == U


def test_a_drag_from_the_same_mark_clears_as_far_as_the_mark_runs() -> None:
    session = Session(OPEN, board_with(".####x##"))
    pen = Pen()
    pen.press(session.board, (2, 1), Pointer.LEFT, shift=False, trial=False)
    pen.drag_to((7, 1))
    play(session, pen.release(session.board))
    # Cleared from the start to the cross; the fills beyond it and behind the start stay.
    assert row_text(session.board) == ".#...x##"


def test_a_click_toggles_and_middle_clears_anything() -> None:
    session = Session(OPEN)
    pen = Pen()
    for expected in ("x.......", "........"):
        pen.press(session.board, (0, 1), Pointer.RIGHT, shift=False, trial=False)
        play(session, pen.release(session.board))
        assert row_text(session.board) == expected
    session.apply(Paint(0, 1, 3, 1, F))
    pen.press(session.board, (3, 1), Pointer.MIDDLE, shift=False, trial=False)
    pen.drag_to((0, 1))
    play(session, pen.release(session.board))
    assert row_text(session.board) == "........"
    assert pen.release(session.board) is None, "no drag, no move"


def test_trial_strokes_never_cover_real_marks() -> None:
    session = Session(OPEN, board_with("#x......"))
    pen = Pen()
    pen.press(session.board, (2, 1), Pointer.LEFT, shift=False, trial=True)
    pen.drag_to((0, 1))
    play(session, pen.release(session.board))
    assert row_text(session.board) == "#xf....."


def test_keyboard_paint_with_a_held_key_and_with_shift() -> None:
    session = Session(OPEN)
    pen = Pen()
    space, x_key = 32, 120
    cursor = (0, 1)
    play(session, pen.key_down(session.board, space, Mark.FILL, False, cursor))
    assert pen.busy
    for _ in range(2):  # Space held: the arrows keep filling
        after = step_cursor(cursor, 1, 0, 8, 3)
        play(session, pen.cursor_moved(session.board, cursor, after, shift=False))
        cursor = after
    assert row_text(session.board) == "###....."
    # The newest held key wins: X held on top of Space crosses.
    play(session, pen.key_down(session.board, x_key, Mark.CROSS, False, (3, 1)))
    play(session, pen.cursor_moved(session.board, (3, 1), (4, 1), shift=True))
    assert row_text(session.board) == "###xx..."
    pen.key_up(x_key)
    pen.key_up(space)
    assert not pen.busy
    assert pen.cursor_moved(session.board, (4, 1), (5, 1), shift=False) is None
    # Shift repeats the last stroke (X's cross) with no key held.
    play(session, pen.cursor_moved(session.board, (4, 1), (5, 1), shift=True))
    assert row_text(session.board) == "###xxx.."
    # A cursor stopped at the edge paints nothing more.
    assert pen.cursor_moved(session.board, (7, 1), (7, 1), shift=True) is None


def test_a_key_on_a_cell_with_its_mark_clears_it_and_new_mode_forgets_the_stroke() -> None:
    session = Session(OPEN, board_with("#......."))
    pen = Pen()
    play(session, pen.key_down(session.board, 1, Mark.FILL, False, (0, 1)))
    assert row_text(session.board) == "........"
    pen.new_mode()
    assert not pen.busy and pen.last is None
    assert pen.cursor_moved(session.board, (0, 1), (1, 1), shift=True) is None


def test_letting_go_ends_the_drag_and_the_held_keys() -> None:
    board = Board.blank(8, 3)
    pen = Pen()
    pen.press(board, (0, 0), Pointer.LEFT, shift=False, trial=False)
    pen.key_down(board, 7, Mark.CROSS, False, (0, 0))
    pen.let_go()
    assert not pen.busy and pen.preview(board) is None


def test_the_cursor_stays_on_the_board() -> None:
    assert step_cursor((0, 0), -1, 0, 8, 3) == (0, 0)
    assert step_cursor((7, 2), 1, 1, 8, 3) == (7, 2)
    assert step_cursor((3, 1), 0, 1, 8, 3) == (3, 2)


def test_a_stroke_from_start_to_end_is_one_paint() -> None:
    board = board_with("........")
    assert stroke_move(board, Stroke(X), (5, 1), (2, 1)) == Paint(2, 1, 5, 1, X)
