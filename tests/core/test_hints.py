"""Hints come from line logic on the player's marks, never from the solution."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.board import Board, Cell
from game.core.cells import EMPTY, FILLED, UNKNOWN
from game.core.puzzle import Puzzle
from game.core.solver.hint_techniques import deductions
from game.core.solver.hints import Hint, find_hint, line_codes, line_hint, placed_runs
from tests.shared_data import HEART

U, F, X, TF, TX = Cell.UNKNOWN, Cell.FILLED, Cell.CROSSED, Cell.TRIAL_FILLED, Cell.TRIAL_CROSSED


def _bar_puzzle() -> Puzzle:
    # One row of 9 cells holding a run of 7.
    return Puzzle.from_grid([[1, 1, 1, 1, 1, 1, 1, 0, 0]])


def _codes(text: str) -> bytes:
    """A line written as text: '.' unknown, '#' filled, 'x' empty."""
    return bytes({".": UNKNOWN, "#": FILLED, "x": EMPTY}[c] for c in text)


def _given(hint: Hint) -> str:
    """The hint's cells along its line, as text: '#' filled, 'x' crossed, '.' not given."""
    length = len(hint.line)
    out = ["."] * length
    for x, y, state in hint.cells:
        out[x if hint.axis == "row" else y] = "#" if state == F else "x"
    return "".join(out)


def test_overlap_names_the_middle_cells_the_run_always_covers() -> None:
    hint = line_hint("row", 0, (8,), _codes("." * 12))
    assert hint is not None and hint.technique == "overlap"
    assert _given(hint) == "....####...."
    assert hint.text == ("row 1: the 8 covers the middle 4 cells (columns 5 to 8) wherever it sits")
    # The arrangement "show me" slides: the 8 at its leftmost and rightmost start.
    assert (hint.leftmost, hint.rightmost) == ((0,), (4,))


def test_overlap_of_several_runs_names_each_one() -> None:
    hint = line_hint("column", 2, (4, 3), _codes("." * 10))
    assert hint is not None and hint.technique == "overlap"
    assert _given(hint) == "..##...#.."
    assert hint.text.endswith("the 4 covers rows 3 to 4 and the 3 covers row 8 wherever they sit")


def test_a_clue_that_fills_the_line_exactly_gives_the_whole_line() -> None:
    hint = line_hint("row", 0, (3, 1), _codes("....."))
    assert hint is not None and hint.technique == "fits"
    assert _given(hint) == "###x#"
    assert "3 + 1 + 1 = 5 cells" in hint.text


def test_a_zero_clue_gives_the_whole_line() -> None:
    hint = line_hint("row", 4, (), _codes("..x.."))
    assert hint is not None and hint.technique == "zero"
    assert _given(hint) == "xx.xx"
    assert hint.text == "row 5: the clue is 0, so the whole row is empty"


def test_a_completed_line_crosses_the_rest() -> None:
    hint = line_hint("row", 1, (1, 1), _codes("#.#.."))
    assert hint is not None and hint.technique == "completed"
    assert _given(hint) == ".x.xx"
    assert hint.text == "row 2: 1 1 is all filled in, so the rest of the row is empty"


def test_a_filled_cell_near_the_edge_pulls_the_first_run_in() -> None:
    hint = line_hint("row", 0, (4,), _codes(".#........"))
    assert hint is not None and hint.technique == "edge"
    assert _given(hint) == "..##......"
    assert "must cover the filled column 2 and cannot start before column 1" in hint.text
    # From the right edge as well, past crosses.
    hint = line_hint("row", 0, (2, 3), _codes("..........#.xx"))
    assert hint is not None and hint.technique == "edge"
    assert _given(hint) == ".........#...."
    assert "cannot end after column 12" in hint.text


def test_cells_no_run_can_reach_are_crossed() -> None:
    hint = line_hint("row", 0, (3,), _codes("...##....."))
    assert hint is not None and hint.technique == "reach"
    assert _given(hint) == "xx....xxxx"
    assert hint.text == "row 1: no run of 3 can reach columns 1 to 2 and 7 to 10"


def test_a_finished_run_is_sealed_at_both_ends() -> None:
    hint = line_hint("row", 0, (2, 1), _codes("..##......"))
    assert hint is not None and hint.technique == "sealed"
    assert _given(hint) == ".x..x....."
    assert hint.text == "row 1: the 2 is complete, so the cells at its ends are empty"


def test_a_gap_between_two_cells_of_one_run_joins() -> None:
    hint = line_hint("row", 0, (4,), _codes("..#.#....."))
    assert hint is not None
    assert hint.technique in ("join", "range", "edge")
    assert _given(hint)[3] == "#"


def test_a_cell_that_would_make_a_run_too_long_is_crossed() -> None:
    found = deductions("row", (2, 2), _codes(".#.#......")) or []
    split = [d for d in found if d.technique == "split"]
    assert [(d.empty, d.filled) for d in split] == [(0b100, 0)]
    assert split[0].reason == "filling column 3 would make a run of 3, longer than any in 2 2"


def test_a_gap_too_small_for_any_run_is_crossed() -> None:
    hint = line_hint("row", 0, (2,), _codes("..x.x..x"))
    assert hint is not None and hint.technique == "gap"
    assert _given(hint) == "...x...."
    assert hint.text == "row 1: the 2 cannot fit in the gap at column 4, so it stays empty"


def test_when_no_named_technique_applies_all_arrangements_agree() -> None:
    hint = line_hint("row", 0, (3, 1), _codes("..#.#...."))
    assert hint is not None and hint.technique == "general"
    assert _given(hint) == ".....x..."
    assert hint.text == (
        "row 1: try every way 3 1 fits your marks: they all agree on column 6 empty"
    )


def test_hints_prefer_fills_to_crosses_on_a_real_board() -> None:
    # The heart: row 1 is "1 1" and its 0 columns... the first hint fills, and so does every
    # hint while any line can still fill a cell.
    board = Board.blank(HEART.width, HEART.height)
    given: list[str] = []
    while (hint := find_hint(HEART, board)) is not None:
        lines = [
            *(("row", c, board.cells[y, :]) for y, c in enumerate(HEART.row_clues)),
            *(("column", c, board.cells[:, x]) for x, c in enumerate(HEART.column_clues)),
        ]
        fill_exists = any(
            d.filled
            for axis, clue, cells in lines
            for d in deductions(axis, clue, line_codes(cells.tolist())) or []
        )
        assert (hint.filled_count > 0) == fill_exists
        given.append(hint.technique)
        for x, y, state in hint.cells:
            board.set(x, y, state)
    assert HEART.is_solution(board.filled_mask())
    assert given[0] in ("fits", "overlap")


def test_a_hint_never_reads_the_goal() -> None:
    # The same clues with and without the stored picture give the same hints, step by step.
    without = Puzzle(HEART.width, HEART.height, HEART.row_clues, HEART.column_clues)
    assert without.goal is None
    board_a = Board.blank(HEART.width, HEART.height)
    board_b = Board.blank(HEART.width, HEART.height)
    while (hint := find_hint(HEART, board_a)) is not None:
        assert find_hint(without, board_b) == hint
        for x, y, state in hint.cells:
            board_a.set(x, y, state)
            board_b.set(x, y, state)
    assert find_hint(without, board_b) is None


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


def test_trial_marks_count_as_marks() -> None:
    puzzle = _bar_puzzle()
    board = Board.blank(9, 1)
    for x in range(2, 7):
        board.set(x, 0, TF)
    board.set(0, 0, TF)
    for x in (7, 8):
        board.set(x, 0, TX)
    hint = find_hint(puzzle, board)
    assert hint is not None
    # With the marks at 1 and 3..7 and crosses at 8..9, cell 2 (index 1) must be filled.
    assert [(x, state) for x, _y, state in hint.cells] == [(1, F)]


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
        assert board.get(x, y) == Cell.UNKNOWN
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
