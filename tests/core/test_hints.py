"""Hints come from line logic on the player's marks, never from the solution."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.board import Board, Cell
from game.core.puzzle import Puzzle
from game.core.solver.hints import find_hint, placed_runs

U, F, X, TF, TX = Cell.UNKNOWN, Cell.FILLED, Cell.CROSSED, Cell.TRIAL_FILLED, Cell.TRIAL_CROSSED


def _bar_puzzle() -> Puzzle:
    # One row of 9 cells holding a run of 7.
    return Puzzle.from_grid([[1, 1, 1, 1, 1, 1, 1, 0, 0]])


def test_overlap_hint_names_the_run_and_its_cells() -> None:
    puzzle = _bar_puzzle()
    hint = find_hint(puzzle, Board.blank(9, 1))
    assert hint is not None
    assert (hint.axis, hint.index) == ("row", 0)
    assert (hint.x, hint.y, hint.state) == (2, 0, Cell.FILLED)
    assert hint.text == "row 1: the 7 must cover columns 3 to 7"
    assert {(x, state) for x, _y, state in hint.cells} == {(x, F) for x in range(2, 7)}


def test_contradicting_marks_give_no_hint() -> None:
    puzzle = _bar_puzzle()
    board = Board.blank(9, 1)
    board.set(0, 0, F)
    board.set(8, 0, F)  # a run of 7 cannot span both ends of 9 cells
    assert find_hint(puzzle, board) is None


def test_nothing_forced_gives_no_hint() -> None:
    puzzle = Puzzle(width=2, height=2, row_clues=((1,), (1,)), column_clues=((1,), (1,)))
    assert find_hint(puzzle, Board.blank(2, 2)) is None
    solved = Board(2, 2, np.array([[F, X], [X, F]]))
    assert find_hint(puzzle, solved) is None


def test_crossed_hint_when_a_line_is_done() -> None:
    puzzle = Puzzle.from_grid([[1, 0, 0], [1, 0, 0], [0, 0, 0]])
    board = Board.blank(3, 3)
    # The marks fill column 1's run; the other cells of rows 1 and 2 must be empty.
    for y in (0, 1):
        board.set(0, y, F)
    for x in (1, 2):
        for y in range(3):
            board.set(x, y, X)
    hint = find_hint(puzzle, board)
    assert hint is not None
    assert (hint.x, hint.y, hint.state) == (0, 2, Cell.CROSSED)
    assert "is empty" in hint.text or "can reach" in hint.text


def test_trial_marks_count_as_marks() -> None:
    puzzle = _bar_puzzle()
    board = Board.blank(9, 1)
    for x in range(2, 7):
        board.set(x, 0, TF)
    board.set(0, 0, TF)
    hint = find_hint(puzzle, board)
    assert hint is not None
    # With cells 1..7 fixed by the marks at 1 and 3..7, cell 2 (index 1) must be filled.
    assert (hint.x, hint.state) == (1, Cell.FILLED)


@st.composite
def _puzzle_and_partial_board(draw: st.DrawFn) -> tuple[Puzzle, Board]:
    width = draw(st.integers(2, 7))
    height = draw(st.integers(2, 7))
    picture = np.array(
        draw(st.lists(st.booleans(), min_size=width * height, max_size=width * height))
    ).reshape(height, width)
    puzzle = Puzzle.from_grid(picture.tolist())
    shown = np.array(
        draw(st.lists(st.booleans(), min_size=width * height, max_size=width * height))
    ).reshape(height, width)
    cells = np.where(picture, F, X).astype(np.int8)
    cells[~shown] = U
    return puzzle, Board(width, height, cells)


@settings(max_examples=150, deadline=None)
@given(_puzzle_and_partial_board())
def test_hints_from_correct_marks_agree_with_the_picture(case: tuple[Puzzle, Board]) -> None:
    puzzle, board = case
    hint = find_hint(puzzle, board)
    if hint is None:
        return
    goal = puzzle.goal_array()
    assert goal is not None
    assert board.get(hint.x, hint.y) == Cell.UNKNOWN
    for x, y, state in hint.cells:
        assert (state == Cell.FILLED) == bool(goal[y, x])
    assert hint.text.startswith(f"{hint.axis} {hint.index + 1}: ")


def test_placed_runs_needs_a_proven_and_filled_place() -> None:
    clue = (3, 1)
    # Nothing marked: nothing proven.
    assert placed_runs(clue, [U] * 6) == set()
    # The 3 drawn at the start: its place is proven (the 1 cannot come first).
    assert placed_runs(clue, [F, F, F, U, U, U]) == {0}
    # Both drawn and separated.
    assert placed_runs(clue, [F, F, F, X, F, X]) == {0, 1}
    # The 1 drawn but the 3 could still sit before it in two places: only the 1 is placed.
    assert placed_runs(clue, [U, U, U, U, U, TF]) == {1}
    # Contradicting marks prove nothing.
    assert placed_runs(clue, [F, F, F, F, U, U]) == set()
    # A lone filled cell that could belong to either run is not a placed run.
    assert placed_runs((1, 1), [U, U, F, U, U]) == set()
    assert placed_runs((1, 1), [U, F, U, U, U]) == {0}
    assert placed_runs((), [X, TX]) == set()
